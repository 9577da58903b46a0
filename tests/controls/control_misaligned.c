// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: one misaligned 32-bit load in the kernel. On MIPS,
 * where the harness makes every unaligned kernel access oops (debugfs
 * mips/unaligned_action = 1), loading this module must fail the run.
 */
#include <linux/compiler.h>
#include <linux/module.h>

static u8 control_buf[8] __aligned(8);

static int __init control_misaligned_init(void)
{
	/* A plain u32 load from an odd address: no get_unaligned(). */
	const u32 *p = (const u32 *)(control_buf + 1);

	OPTIMIZER_HIDE_VAR(p);
	pr_info("control_misaligned: loaded %08x from an odd address\n", READ_ONCE(*p));
	return 0;
}

static void __exit control_misaligned_exit(void)
{
}

module_init(control_misaligned_init);
module_exit(control_misaligned_exit);

MODULE_DESCRIPTION("Negative control: one misaligned 32-bit load");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
