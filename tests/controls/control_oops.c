// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: module init calls a NULL function pointer. The boot
 * must fail with the reason code oops (or bug).
 */
#include <linux/compiler.h>
#include <linux/module.h>

/* Stays NULL: calling it is the oops. */
static void (*control_null_fn)(void);

static int __init control_oops_init(void)
{
	pr_info("control_oops: calling a NULL pointer on purpose\n");
	READ_ONCE(control_null_fn)();
	return 0;
}

module_init(control_oops_init);

MODULE_DESCRIPTION("Negative control: an oops in module init");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
