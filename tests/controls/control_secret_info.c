// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a module that takes its key as the project's modules
 * do (a siphash_key parameter, never shown by the parameter code) and then
 * prints it with pr_info(), as a debugging leftover would. The reliability
 * runs pass valid keys and mute the console below warnings, so only the
 * kernel log they forward in full shows it: the harness must catch it
 * there (secret-in-log).
 */
#include <linux/module.h>

#include "compat.h"
#include "modparam.h"

sipmod_param_key(key, "A 128-bit key (printed at load: a negative control)");

static int __init control_secret_info_init(void)
{
	siphash_key_t k = {};
	int given = sipmod_key_param_take(&key, "key", &k);
	__le64 bytes[2] = { cpu_to_le64(k.key[0]), cpu_to_le64(k.key[1]) };

	if (given > 0)
		pr_info("control_secret_info: key %16phN\n", bytes);
	memzero_explicit(&k, sizeof(k));
	memzero_explicit(bytes, sizeof(bytes));
	return given < 0 ? given : 0;
}

/* Unloadable, for the load/unload cycles of the reliability boot. */
static void __exit control_secret_info_exit(void)
{
}

module_init(control_secret_info_init);
module_exit(control_secret_info_exit);

MODULE_DESCRIPTION("Negative control: a module that prints its valid key with pr_info()");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
