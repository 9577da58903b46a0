// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: module init spins with preemption off until the
 * soft-lockup detector reports (taint L), 20 s without scheduling; the RCU
 * stall warning at 21 s resets its clock once, so it reports after about
 * 45 s. The boot must fail with the reason code soft-lockup.
 */
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/panic.h>
#include <linux/preempt.h>

#define CONTROL_LOCKUP_MAX_SECONDS 90

static int __init control_lockup_init(void)
{
	ktime_t end = ktime_add_ms(ktime_get(), CONTROL_LOCKUP_MAX_SECONDS * MSEC_PER_SEC);

	pr_info("control_lockup: preemption off until the soft-lockup detector fires, at most %d s\n",
		CONTROL_LOCKUP_MAX_SECONDS);
	preempt_disable();
	while (!test_taint(TAINT_SOFTLOCKUP) && ktime_before(ktime_get(), end))
		cpu_relax();
	preempt_enable();
	return 0;
}

static void __exit control_lockup_exit(void)
{
}

module_init(control_lockup_init);
module_exit(control_lockup_exit);

MODULE_DESCRIPTION("Negative control: a soft lockup in module init");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
