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

#endif /* SIPHASH_MODPARAM_H */
