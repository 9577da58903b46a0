// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for kmemleak: every load allocates a buffer and drops
 * its only pointer. The reliability boot's scan after the load/unload
 * cycles must report it ("unreferenced object"), reason code kmemleak.
 */
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/string.h>

static int __init control_kmemleak_init(void)
{
	char *buf = kmalloc(96, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	/* Something to see in the report's hex dump. */
	memset(buf, 0x5a, 96);
	pr_info("control_kmemleak: dropping the only pointer to 96 bytes on purpose\n");
	return 0;
}

static void __exit control_kmemleak_exit(void)
{
}

module_init(control_kmemleak_init);
module_exit(control_kmemleak_exit);

MODULE_DESCRIPTION("Negative control: a kmalloc whose only pointer is dropped (kmemleak)");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
