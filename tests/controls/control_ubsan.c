// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for UBSAN: a 32-bit value shifted by a module parameter
 * that is 32 by default, so the compiler cannot see the shift coming. The
 * debug kernel reports "UBSAN: shift-out-of-bounds"; the run must fail with
 * the reason code ubsan.
 */
#include <linux/module.h>
#include <linux/moduleparam.h>

static unsigned int shift = 32;
module_param(shift, uint, 0444);
MODULE_PARM_DESC(shift, "bits to shift a u32 by (default 32: out of bounds)");

static int __init control_ubsan_init(void)
{
	u32 one = 1;

	pr_info("control_ubsan: shifting a u32 by %u on purpose\n", shift);
	pr_info("control_ubsan: got %u\n", one << shift);
	return 0;
}

static void __exit control_ubsan_exit(void)
{
}

module_init(control_ubsan_init);
module_exit(control_ubsan_exit);

MODULE_DESCRIPTION("Negative control: a shift by at least the width (UBSAN)");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
