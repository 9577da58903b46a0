// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a secret parameter done wrong. Its set function returns
 * -EINVAL for a malformed value, so the kernel's parameter parser prints the
 * whole value ("'...' invalid for parameter 'key'"): the near-key reaches
 * the kernel log, which the harness must catch.
 */
#include <linux/errno.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

static int control_key_set(const char *val, const struct kernel_param *kp)
{
	if (strlen(val) != 32 || strspn(val, "0123456789abcdefABCDEF") != 32) {
		pr_err("key: allowed: 32 hex digits\n");
		return -EINVAL;
	}
	return 0;
}

static const struct kernel_param_ops control_key_ops = {
	.set = control_key_set,
};

module_param_cb(key, &control_key_ops, NULL, 0);
__MODULE_PARM_TYPE(key, "siphash_key");
MODULE_PARM_DESC(key, "A 128-bit key, 32 hex digits (its errors leak it: a negative control)");

static int __init control_leaky_key_init(void)
{
	return 0;
}

static void __exit control_leaky_key_exit(void)
{
}

module_init(control_leaky_key_init);
module_exit(control_leaky_key_exit);

MODULE_DESCRIPTION("Negative control: a key parameter whose errors reach the kernel log");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
