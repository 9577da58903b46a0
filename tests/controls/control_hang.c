// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: module init never returns (it sleeps, so the machine
 * stays responsive). The boot must fail with the reason code timeout.
 */
#include <linux/module.h>
#include <linux/sched.h>

static int __init control_hang_init(void)
{
	pr_info("control_hang: init never returns, on purpose\n");
	for (;;)
		schedule_timeout_uninterruptible(HZ);
	return 0;
}

module_init(control_hang_init);

MODULE_DESCRIPTION("Negative control: module init that never returns");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
