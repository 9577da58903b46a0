// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for DEBUG_ATOMIC_SLEEP: mutex_lock(), which may sleep,
 * with interrupts off. The debug kernel reports "sleeping function called
 * from invalid context" (might_sleep() in mutex_lock(); msleep() itself
 * has no such check); the run must fail with the reason code atomic-sleep.
 * The mutex is free, so nothing really sleeps.
 */
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(control_mutex);

static int __init control_atomic_sleep_init(void)
{
	unsigned long flags;

	pr_info("control_atomic_sleep: mutex_lock() with interrupts off on purpose\n");
	local_irq_save(flags);
	mutex_lock(&control_mutex);
	mutex_unlock(&control_mutex);
	local_irq_restore(flags);
	return 0;
}

static void __exit control_atomic_sleep_exit(void)
{
}

module_init(control_atomic_sleep_init);
module_exit(control_atomic_sleep_exit);

MODULE_DESCRIPTION("Negative control: a sleeping call with interrupts off (DEBUG_ATOMIC_SLEEP)");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
