/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Range-checked unsigned int module parameters, shared by the test and demo
 * modules: a value that is not a number or lies outside [min, max] fails
 * the load with -EINVAL and a message naming the allowed range, before
 * module init runs, so nothing is left half-initialised.
 */
#ifndef SIPHASH_MODPARAM_H
#define SIPHASH_MODPARAM_H

#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>

/**
 * param_set_uint_range() - parse a parameter into an unsigned int in a range
 * @val: the text given at load time
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
	unsigned int n;

	if (kstrtouint(val, 0, &n) || n < min || n > max) {
		pr_err("%s: '%s' is invalid; allowed: %u..%u\n",
		       kp->name, val, min, max);
		return -EINVAL;
	}
	*(unsigned int *)kp->arg = n;
	return 0;
}

/*
 * module_param_uint_range(name, min, max, desc) - declare the unsigned int
 * variable @name (defined by the caller, with its default) a 0444 module
 * parameter whose value must lie in [@min, @max]; @desc goes to modinfo.
 */
#define module_param_uint_range(name, min, max, desc)			\
static int name##_set(const char *val, const struct kernel_param *kp)	\
{									\
	return param_set_uint_range(val, kp, min, max);			\
}									\
static const struct kernel_param_ops name##_ops = {			\
	.set = name##_set,						\
	.get = param_get_uint,						\
};									\
module_param_cb(name, &name##_ops, &name, 0444);			\
MODULE_PARM_DESC(name, desc)

/**
 * param_set_ulong_checked() - parse a parameter into an unsigned long
 * @val: the text given at load time
 * @kp: the parameter; kp->arg points to the unsigned long to set
 *
 * Unlike the stock ulong parameter, a malformed or overflowing value is
 * refused with -EINVAL and a message naming the allowed range.
 *
 * Return: 0, or -EINVAL after printing the allowed range.
 */
static inline int param_set_ulong_checked(const char *val,
					  const struct kernel_param *kp)
{
	if (kstrtoul(val, 0, kp->arg)) {
		pr_err("%s: '%s' is invalid; allowed: 0..%lu\n",
		       kp->name, val, ULONG_MAX);
		return -EINVAL;
	}
	return 0;
}

static const struct kernel_param_ops param_ops_ulong_checked __maybe_unused = {
	.set = param_set_ulong_checked,
	.get = param_get_ulong,
};

/*
 * module_param_ulong_checked(name, desc) - declare the unsigned long
 * variable @name a 0444 module parameter that refuses malformed values.
 */
#define module_param_ulong_checked(name, desc)				\
module_param_cb(name, &param_ops_ulong_checked, &name, 0444);		\
MODULE_PARM_DESC(name, desc)

#endif /* SIPHASH_MODPARAM_H */
