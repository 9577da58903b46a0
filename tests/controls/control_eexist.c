// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: an init that fails with -EEXIST. busybox modprobe and
 * kmod take that error for "already loaded" and exit 0, so a harness that
 * trusted modprobe would report the module loaded; the kernel knows better
 * (/sys/module/control_eexist/initstate does not read "live").
 */
#include <linux/errno.h>
#include <linux/module.h>

static int __init control_eexist_init(void)
{
	pr_info("control_eexist: init fails with -EEXIST on purpose\n");
	return -EEXIST;
}

module_init(control_eexist_init);

MODULE_DESCRIPTION("Negative control: module init returns -EEXIST");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
