// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for lockdep: two mutexes taken in both orders, one
 * after the other, so nothing deadlocks but lockdep sees the inversion
 * ("possible circular locking dependency detected"); the run must fail
 * with the reason code lockdep.
 */
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(control_lock_a);
static DEFINE_MUTEX(control_lock_b);

static int __init control_lockdep_init(void)
{
	pr_info("control_lockdep: taking two locks in both orders on purpose\n");
	mutex_lock(&control_lock_a);
	mutex_lock(&control_lock_b);
	mutex_unlock(&control_lock_b);
	mutex_unlock(&control_lock_a);

	mutex_lock(&control_lock_b);
	mutex_lock(&control_lock_a);
	mutex_unlock(&control_lock_a);
	mutex_unlock(&control_lock_b);
	return 0;
}

static void __exit control_lockdep_exit(void)
{
}

module_init(control_lockdep_init);
module_exit(control_lockdep_exit);

MODULE_DESCRIPTION("Negative control: two locks taken in both orders (lockdep)");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
