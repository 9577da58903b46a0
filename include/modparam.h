/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Module parameters of this project's modules: the kernel's own helper for
 * ranges, and two types of our own where the kernel has none. Each macro
 * writes what a tool needs to know of the parameter into modinfo, in the
 * kernel's own "name:value" form, and nowhere else:
 *
 *   sipmod_param_uint()  parmtype NAME:uint, parmrange NAME:MIN:MAX
 *   sipmod_param_key()   parmtype NAME:siphash_key, a secret: 32 hex
 *                        digits, the key's 16 bytes in order (as libsodium
 *                        takes a SipHash key); never shown, never readable
 *   sipmod_param_ksym()  parmtype SYM_addr:ksym, the address of the kernel
 *                        symbol SYM as /proc/kallsyms prints it (a test
 *                        parameter: tests/lib/live.h)
 *
 * MIN and MAX must be decimal literals (or macros that are): modinfo shows
 * them as written. Plain types (ulong, bool) use module_param() as is.
 */
#ifndef SIPHASH_MODPARAM_H
#define SIPHASH_MODPARAM_H

#include <linux/moduleparam.h>
#include <linux/siphash.h>
#include <linux/string.h>
#include <linux/stringify.h>

#include "compat.h"

/* param_set_uint_minmax(), and on a refusal a message with the range. */
static inline int sipmod_param_set_uint(const char *val,
					const struct kernel_param *kp,
					unsigned int min, unsigned int max)
{
	int err = param_set_uint_minmax(val, kp, min, max);

	if (err)
		pr_err("%s: '%s' is invalid; allowed: %u..%u\n", kp->name, val,
		       min, max);
	return err;
}

/*
 * sipmod_param_uint(name, min, max, desc) - make the unsigned int @name
 * (defined by the caller, with its default) a 0444 parameter whose value
 * must lie in [@min, @max].
 */
#define sipmod_param_uint(name, min, max, desc)				\
static int name##_set(const char *val, const struct kernel_param *kp)	\
{									\
	return sipmod_param_set_uint(val, kp, min, max);		\
}									\
static const struct kernel_param_ops name##_ops = {			\
	.set = name##_set,						\
	.get = param_get_uint,						\
};									\
module_param_cb(name, &name##_ops, &name, 0444);			\
__MODULE_PARM_TYPE(name, "uint");					\
MODULE_INFO(parmrange, #name ":" __stringify(min) ":" __stringify(max)); \
MODULE_PARM_DESC(name, desc)

/**
 * struct sipmod_key_param - a secret SipHash key given at load time
 * @bytes: the key's bytes, until sipmod_key_param_take() or the
 *         parameter's free() wipes them
 * @state: 0: none given; 1: a well-formed one; -EINVAL: a malformed one,
 *         which wins over any other value given for the same parameter
 */
struct sipmod_key_param {
	u8 bytes[sizeof(siphash_key_t)];
	int state;
};

/* sipmod_param_key(name, desc) - define @name, a secret key parameter. */
#define sipmod_param_key(name, desc)					\
static struct sipmod_key_param name;					\
static const struct kernel_param_ops name##_ops = {			\
	.set = sipmod_key_param_set,					\
	.free = sipmod_key_param_free,					\
};									\
module_param_cb(name, &name##_ops, &name, 0);				\
__MODULE_PARM_TYPE(name, "siphash_key");				\
MODULE_PARM_DESC(name, desc "; a secret, never shown")

/*
 * The set() of a key never fails, because the kernel prints the whole
 * value of a parameter whose set() fails; sipmod_key_param_take() reports
 * a malformed one instead. @val is the module's writable copy of its
 * arguments (mod->args): its digits are wiped on every path.
 */
static inline int sipmod_key_param_set(const char *val,
				       const struct kernel_param *kp)
{
	struct sipmod_key_param *p = kp->arg;
	size_t len = strcspn(val, "\n");

	if (p->state >= 0) {
		p->state = 1;
		if (len != 2 * sizeof(p->bytes) ||
		    hex2bin(p->bytes, val, sizeof(p->bytes))) {
			memzero_explicit(p->bytes, sizeof(p->bytes));
			p->state = -EINVAL;
		}
	}
	memzero_explicit((char *)val, strlen(val));
	return 0;
}

/* Called on every path after parsing, a failed load included. */
static inline void sipmod_key_param_free(void *arg)
{
	memzero_explicit(arg, sizeof(struct sipmod_key_param));
}

/**
 * sipmod_key_param_take() - the key given at load time, for module init
 * @p: the parameter
 * @name: its name, for the message about a malformed value
 * @key: where to put the key (key[0] is bytes 0..7, little-endian)
 *
 * Module init calls this first and fails with its error. The parameter's
 * copy of the key is wiped on every return.
 *
 * Return: 1 if a key was given, 0 if none was (@key untouched), -EINVAL if
 * the value was malformed, after a message that shows none of it.
 */
static inline int __must_check sipmod_key_param_take(struct sipmod_key_param *p,
						     const char *name,
						     siphash_key_t *key)
{
	int state = p->state;

	if (state > 0) {
		key->key[0] = get_unaligned_le64(p->bytes);
		key->key[1] = get_unaligned_le64(p->bytes + 8);
	}
	sipmod_key_param_free(p);
	if (state < 0)
		pr_err("%s: refused, the value is not shown; allowed: 32 hex digits, the 16 key bytes in order\n",
		       name);
	return state;
}

#endif /* SIPHASH_MODPARAM_H */
