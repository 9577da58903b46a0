// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: module init hits a WARN(). The boot must fail with the
 * reason code warning.
 */
#include <linux/bug.h>
#include <linux/module.h>

static int __init control_warn_init(void)
{
	WARN(1, "control_warn: a warning on purpose\n");
	return 0;
}

static void __exit control_warn_exit(void)
{
}

module_init(control_warn_init);
module_exit(control_warn_exit);

MODULE_DESCRIPTION("Negative control: a kernel warning in module init");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
