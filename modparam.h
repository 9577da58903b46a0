/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The module parameters of this project's modules, one kind per macro.
 * Every kind refuses a bad value with a message naming what is allowed,
 * and declares its modinfo type (parmtype) in a fixed, machine-readable
 * form from which the QEMU harness derives the values it tries:
 *
 *   module_param_uint_range()     "uint <min>..<max>"
 *   module_param_ulong_checked()  "ulong"
 *   module_param_enum()           "enum <a>|<b>|..."
 *   module_param_ksym()           "ksym <symbol>"
 *   module_param_hexkey()         "hexkey <bytes>", a secret
 *
 * <min>, <max> and <bytes> are plain decimal literals: the build fails if
 * they are anything else (module_param_literal()). Integer values are
 * decimal too (param_parse_decimal()). A refused value fails
 * the load with -EINVAL before module init runs, except a secret's: see
 * module_param_hexkey().
 */
#ifndef SIPHASH_MODPARAM_H
#define SIPHASH_MODPARAM_H

#include <linux/build_bug.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/sysfs.h>

#include "compat.h"

/* Decimal digits of the unsigned int @v. */
#define __modparam_digits(v)						\
	((v) < 10U ? 1 : (v) < 100U ? 2 : (v) < 1000U ? 3 :		\
	 (v) < 10000U ? 4 : (v) < 100000U ? 5 : (v) < 1000000U ? 6 :	\
	 (v) < 10000000U ? 7 : (v) < 100000000U ? 8 :			\
	 (v) < 1000000000U ? 9 : 10)

#define __modparam_unsigned(x)	(x##U)
/* @x, macros expanded, as an unsigned literal: one number or no build. */
#define modparam_unsigned(x)	__modparam_unsigned(x)

/*
 * module_param_literal(x) - assert that @x expands to a plain decimal
 * literal: one number token (pasting a U suffix onto it must give an
 * integer constant) whose text has as many characters as its value has
 * decimal digits, so no sign, suffix, leading 0 or 0x.
 */
#define module_param_literal(x)						\
	static_assert(sizeof(__stringify(x)) - 1 ==			\
		      __modparam_digits(modparam_unsigned(x)),		\
		      "not a plain decimal literal: " __stringify(x))

/* Length of @val without one trailing newline, which sysfs writes add. */
static inline size_t modparam_len(const char *val)
{
	size_t n = strlen(val);

	return n && val[n - 1] == '\n' ? n - 1 : n;
}

/**
 * param_parse_decimal() - parse a parameter's value as a decimal number
 * @val: the text given at load time; one trailing newline is ignored
 * @max: the largest value allowed
 * @n: set to the value
 *
 * The one parser of every integer parameter: decimal digits only, so no
 * sign, no 0x prefix, no leading zero (but "0" itself) and nothing after
 * the digits. "010" is refused rather than read as 8 (base 0) or 10.
 *
 * Return: 0, or -EINVAL if @val is not such a number or exceeds @max.
 */
static inline int param_parse_decimal(const char *val, unsigned long long max,
				      unsigned long long *n)
{
	size_t len = modparam_len(val);

	if (!len || strspn(val, "0123456789") != len ||
	    (val[0] == '0' && len > 1) || kstrtoull(val, 10, n) || *n > max)
		return -EINVAL;
	return 0;
}

/**
 * param_set_uint_range() - parse a parameter into an unsigned int in a range
 * @val: the text given at load time, a decimal number (param_parse_decimal())
 * @kp: the parameter; kp->arg points to the unsigned int to set
 * @min: smallest allowed value
 * @max: largest allowed value
 *
 * Return: 0, or -EINVAL after printing the allowed range.
 */
static inline int param_set_uint_range(const char *val,
				       const struct kernel_param *kp,
				       unsigned int min, unsigned int max)
{
	unsigned long long n;

	if (param_parse_decimal(val, max, &n) || n < min) {
		pr_err("%s: '%s' is invalid; allowed: %u..%u, decimal without sign or leading zeros\n",
		       kp->name, val, min, max);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = n;
	return 0;
}

/*
 * module_param_uint_range(name, min, max, desc) - declare the unsigned int
 * variable @name (defined by the caller, with its default) a 0444 module
 * parameter whose value must lie in [@min, @max], decimal literals or
 * macros that expand to them. The range is written only here: modinfo
 * shows it after @desc, as the type "uint <min>..<max>".
 */
#define module_param_uint_range(name, min, max, desc)			\
module_param_literal(min);						\
module_param_literal(max);						\
static_assert(modparam_unsigned(min) <= modparam_unsigned(max));	\
static int name##_set(const char *val, const struct kernel_param *kp)	\
{									\
	return param_set_uint_range(val, kp, min, max);			\
}									\
static const struct kernel_param_ops name##_ops = {			\
	.set = name##_set,						\
	.get = param_get_uint,						\
};									\
module_param_cb(name, &name##_ops, &name, 0444);			\
__MODULE_PARM_TYPE(name, "uint " __stringify(min) ".." __stringify(max)); \
MODULE_PARM_DESC(name, desc)

/**
 * param_set_ulong_checked() - parse a parameter into an unsigned long
 * @val: the text given at load time
 * @kp: the parameter; kp->arg points to the unsigned long to set
 *
 * Unlike the stock ulong parameter, a malformed or overflowing value is
 * refused with -EINVAL and a message naming the allowed range; the value
 * is decimal (param_parse_decimal()).
 *
 * Return: 0, or -EINVAL after printing the allowed range.
 */
static inline int param_set_ulong_checked(const char *val,
					  const struct kernel_param *kp)
{
	unsigned long long n;

	if (param_parse_decimal(val, ULONG_MAX, &n)) {
		pr_err("%s: '%s' is invalid; allowed: 0..%lu, decimal without sign or leading zeros\n",
		       kp->name, val, ULONG_MAX);
		return -EINVAL;
	}
	*(unsigned long *)kp->arg = n;
	return 0;
}

static const struct kernel_param_ops param_ops_ulong_checked __maybe_unused = {
	.set = param_set_ulong_checked,
	.get = param_get_ulong,
};

/*
 * module_param_ulong_checked(name, desc) - declare the unsigned long
 * variable @name a 0444 module parameter that refuses malformed values;
 * its modinfo type is "ulong".
 */
#define module_param_ulong_checked(name, desc)				\
module_param_cb(name, &param_ops_ulong_checked, &name, 0444);		\
__MODULE_PARM_TYPE(name, "ulong");					\
MODULE_PARM_DESC(name, desc)

/* The position of @val among the '|'-separated @choices, or -1. */
static inline int modparam_choice(const char *choices, const char *val)
{
	size_t len = modparam_len(val), n;
	int i;

	for (i = 0; ; i++) {
		n = strcspn(choices, "|");
		if (n == len && !strncmp(choices, val, len))
			return i;
		if (!choices[n])
			return -1;
		choices += n + 1;
	}
}

/**
 * param_set_enum() - parse a parameter into the index of a named choice
 * @val: the text given at load time
 * @kp: the parameter; kp->arg points to the unsigned int to set
 * @choices: the allowed names, '|'-separated, in the order of their indices
 *
 * Return: 0, or -EINVAL after printing the allowed names.
 */
static inline int param_set_enum(const char *val, const struct kernel_param *kp,
				 const char *choices)
{
	int i = modparam_choice(choices, val);

	if (i < 0) {
		pr_err("%s: '%s' is invalid; allowed: %s\n", kp->name, val,
		       choices);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = i;
	return 0;
}

/**
 * param_get_enum() - print the name of a parameter's choice
 * @buf: the sysfs buffer
 * @kp: the parameter; kp->arg points to the index of the choice
 * @choices: the allowed names, '|'-separated
 *
 * Return: the length printed.
 */
static inline int param_get_enum(char *buf, const struct kernel_param *kp,
				 const char *choices)
{
	unsigned int i;
	size_t n;

	for (i = 0; i < *(unsigned int *)kp->arg && *choices; i++) {
		choices += strcspn(choices, "|");
		if (*choices)
			choices++;
	}
	n = strcspn(choices, "|");
	return sysfs_emit(buf, "%.*s\n", (int)n, choices);
}

/*
 * module_param_enum(name, choices, desc) - declare the unsigned int
 * variable @name a 0444 module parameter that takes one of the names in
 * @choices, a string literal "a|b|c", and holds its index (a is 0). The
 * names are written only here: modinfo shows them after @desc, as the
 * type "enum a|b|c".
 */
#define module_param_enum(name, choices, desc)				\
static int name##_set(const char *val, const struct kernel_param *kp)	\
{									\
	return param_set_enum(val, kp, choices);			\
}									\
static int name##_get(char *buf, const struct kernel_param *kp)	\
{									\
	return param_get_enum(buf, kp, choices);			\
}									\
static const struct kernel_param_ops name##_ops = {			\
	.set = name##_set,						\
	.get = name##_get,						\
};									\
module_param_cb(name, &name##_ops, &name, 0444);			\
__MODULE_PARM_TYPE(name, "enum " choices);				\
MODULE_PARM_DESC(name, desc)

/**
 * enum hexkey_state - what a hexkey parameter was given
 * @HEXKEY_UNSET: nothing, or the key was taken already
 * @HEXKEY_SET: a well-formed value, whose bytes wait to be taken
 * @HEXKEY_BAD: a malformed value; nothing of it was kept
 */
enum hexkey_state { HEXKEY_UNSET, HEXKEY_SET, HEXKEY_BAD };

/**
 * struct hexkey_param - a secret key given at load time as hex digits
 * @name: the parameter's name, for the message about a refused value
 * @bytes: the parsed key, until hexkey_param_take() copies and wipes it, or
 *         param_free_hexkey() wipes it (a load that fails before init)
 * @len: length of the key in bytes; the value has 2 * @len hex digits
 * @state: what the parameter was given
 */
struct hexkey_param {
	const char *name;
	u8 *bytes;
	size_t len;
	enum hexkey_state state;
};

/* Wipe what a hexkey parameter holds of the key, and forget its state. */
static inline void hexkey_param_wipe(struct hexkey_param *p)
{
	memzero_explicit(p->bytes, p->len);
	p->state = HEXKEY_UNSET;
}

/**
 * param_set_hexkey() - parse a secret key given as hex digits
 * @val: the text given at load time: 2 * len hex digits, the key's bytes
 *       in order; a trailing newline is ignored
 * @kp: the parameter; kp->arg points to its struct hexkey_param
 *
 * The value is a secret, so this never fails: the kernel's parameter
 * parser prints the whole value of a parameter whose set() fails. A
 * malformed value is recorded as such (and wins over any other value of
 * the same parameter), and hexkey_param_take() then fails module init
 * with a message that shows no part of it. The value is never printed,
 * and there is no get(): it cannot be read back.
 *
 * @val points into the module's copy of its arguments (mod->args, which
 * the kernel keeps while the module is loaded and frees with kfree()), a
 * writable string: its hex digits are wiped here, on every path, so that
 * only the bytes parsed into the parameter remain, until
 * hexkey_param_take() or param_free_hexkey() wipes them.
 *
 * Return: 0.
 */
static inline int param_set_hexkey(const char *val,
				   const struct kernel_param *kp)
{
	struct hexkey_param *p = kp->arg;
	size_t len = modparam_len(val);

	if (p->state != HEXKEY_BAD) {
		if (len != 2 * p->len || hex2bin(p->bytes, val, p->len)) {
			memzero_explicit(p->bytes, p->len);
			p->state = HEXKEY_BAD;
		} else {
			p->state = HEXKEY_SET;
		}
	}
	memzero_explicit((char *)val, len);
	return 0;
}

/**
 * param_free_hexkey() - wipe a hexkey parameter when its module goes
 * @arg: the parameter's struct hexkey_param
 *
 * The kernel calls a parameter's free() (destroy_params()) on every path
 * after the arguments were parsed: a load that fails in the parser (another
 * parameter's bad value) or later (before or in module init), and unload.
 * Module init may never run, and with it hexkey_param_take(): this is what
 * wipes the parsed key then.
 */
static inline void param_free_hexkey(void *arg)
{
	hexkey_param_wipe(arg);
}

static const struct kernel_param_ops param_ops_hexkey __maybe_unused = {
	.set = param_set_hexkey,
	.free = param_free_hexkey,
};

/**
 * hexkey_param_take() - the key given at load time, for module init
 * @p: the parameter
 * @key: where to copy the key
 * @size: the size of @key, which must be the parameter's key length
 *
 * Module init calls this once, before anything else, and fails with its
 * error: it is the only way to the key's bytes, and the only check of the
 * value. The parameter's copy of the key is wiped on every return.
 *
 * Return: 1 if a key was given (it is now in @key), 0 if none was (@key is
 * untouched), or -EINVAL if the value given was malformed, after printing
 * what is allowed (and nothing of the value), or if @size is wrong.
 */
static inline int __must_check hexkey_param_take(struct hexkey_param *p,
						 void *key, size_t size)
{
	enum hexkey_state state = p->state;

	if (WARN_ON(size != p->len)) {
		hexkey_param_wipe(p);
		return -EINVAL;
	}
	if (state == HEXKEY_SET)
		memcpy(key, p->bytes, p->len);
	hexkey_param_wipe(p);
	switch (state) {
	case HEXKEY_BAD:
		pr_err("%s: refused, the value is not shown; allowed: %zu hex digits (0-9, a-f, A-F), the %zu key bytes in order\n",
		       p->name, 2 * p->len, p->len);
		return -EINVAL;
	case HEXKEY_SET:
		return 1;
	default:
		return 0;
	}
}

/*
 * module_param_hexkey(var, nbytes, desc) - define @var, a struct
 * hexkey_param for a secret key of @nbytes bytes (a decimal literal), as a
 * module parameter of mode 0: no sysfs file, the key cannot be read back.
 * Its modinfo type is "hexkey <nbytes>", which tells tools that the value
 * is a secret and how long it is. Module init must call
 * hexkey_param_take(&@var, ...) first and fail with its error.
 */
#define module_param_hexkey(var, nbytes, desc)				\
module_param_literal(nbytes);						\
static u8 var##_hexkey_bytes[nbytes];					\
static struct hexkey_param var = {					\
	.name = #var,							\
	.bytes = var##_hexkey_bytes,					\
	.len = sizeof(var##_hexkey_bytes),				\
};									\
module_param_cb(var, &param_ops_hexkey, &var, 0);			\
__MODULE_PARM_TYPE(var, "hexkey " __stringify(nbytes));		\
MODULE_PARM_DESC(var, desc "; a secret, never shown")

/**
 * struct ksym_param - the address of one named kernel symbol
 * @name: the symbol; an address is accepted only if it is its start
 * @addr: the address, 0 until a valid one was given
 *
 * For the tests that compare with kernel data the kernel does not export
 * to modules: the harness reads the address from /proc/kallsyms in the
 * guest and passes it at load time.
 *
 * A function named here must be one the kernel exports (its
 * Module.symvers lists it): a module may call it through this address.
 * Never name a function the kernel does not export: the kernel never
 * takes its address, so on x86 with IBT (CONFIG_X86_KERNEL_IBT) its ENDBR
 * is sealed at boot and an indirect call ends in "Missing ENDBR" and a
 * kernel BUG, on any CPU with IBT (QEMU does not emulate it, so no boot
 * of the harness would show it).
 */
struct ksym_param {
	const char *name;
	unsigned long addr;
};

/**
 * param_set_ksym() - parse and check the address of a kernel symbol
 * @val: the text given at load time: a hexadecimal address, as the first
 *       column of /proc/kallsyms prints it
 * @kp: the parameter; kp->arg points to its struct ksym_param
 *
 * The address is accepted only if the kernel's own symbol table names it
 * as the first byte of the expected symbol (sprint_symbol() gives
 * "name+0x0/size"), so that no value can make a module read or call a
 * wrong address.
 *
 * Return: 0, or -EINVAL after printing what is allowed.
 */
static inline int param_set_ksym(const char *val, const struct kernel_param *kp)
{
	struct ksym_param *s = kp->arg;
	size_t n = strlen(s->name);
	char found[KSYM_SYMBOL_LEN];
	unsigned long addr;

	if (kstrtoul(val, 16, &addr)) {
		pr_err("%s: not a hexadecimal address; allowed: the address of %s in /proc/kallsyms\n",
		       kp->name, s->name);
		return -EINVAL;
	}
	sprint_symbol(found, addr);
	if (strncmp(found, s->name, n) || strncmp(found + n, "+0x0/", 5)) {
		pr_err("%s: the address is not the start of %s; allowed: the address of %s in /proc/kallsyms\n",
		       kp->name, s->name, s->name);
		return -EINVAL;
	}
	s->addr = addr;
	return 0;
}

static const struct kernel_param_ops param_ops_ksym __maybe_unused = {
	.set = param_set_ksym,
};

/*
 * module_param_ksym(var, sym, desc) - define @var, a struct ksym_param
 * for the kernel symbol @sym (a string), as a module parameter. It has no
 * sysfs file (kernel addresses stay out of sysfs); modinfo shows its type
 * as "ksym NAME".
 */
#define module_param_ksym(var, sym, desc)				\
static struct ksym_param var = { .name = (sym) };			\
module_param_cb(var, &param_ops_ksym, &var, 0);				\
__MODULE_PARM_TYPE(var, "ksym " sym);				\
MODULE_PARM_DESC(var, desc)

#endif /* SIPHASH_MODPARAM_H */
