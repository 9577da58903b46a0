// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a module that prints its valid key with pr_info(), as
 * a debugging leftover would. The reliability runs pass valid keys and
 * mute the console below warnings, so only the kernel log they forward in
 * full shows it: the harness must catch it there (secret-in-log).
 */
#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/string.h>

static u8 control_key[16];
static bool control_key_set;

static int control_key_param_set(const char *val, const struct kernel_param *kp)
{
	if (strlen(val) != 2 * sizeof(control_key) ||
	    hex2bin(control_key, val, sizeof(control_key)))
		return 0;
	control_key_set = true;
	return 0;
}

static const struct kernel_param_ops control_key_ops = {
	.set = control_key_param_set,
};

module_param_cb(key, &control_key_ops, NULL, 0);
__MODULE_PARM_TYPE(key, "siphash_key");
MODULE_PARM_DESC(key, "A 128-bit key, 32 hex digits (printed at load: a negative control)");

static int __init control_secret_info_init(void)
{
	if (control_key_set)
		pr_info("key %*phN\n", (int)sizeof(control_key), control_key);
	memzero_explicit(control_key, sizeof(control_key));
	return 0;
}

static void __exit control_secret_info_exit(void)
{
}

module_init(control_secret_info_init);
module_exit(control_secret_info_exit);

MODULE_DESCRIPTION("Negative control: a module that prints its valid key with pr_info()");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
