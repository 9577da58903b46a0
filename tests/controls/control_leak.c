// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for the reliability boot: every load allocates 4 KiB
 * with kmalloc() and a page with vmalloc() and never frees them. Its
 * load/unload cycles must fail the memory-growth check (reason code leak).
 */
#include <linux/module.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/vmalloc.h>

/* The memory nothing frees, kept where the compiler cannot drop it. */
static void *control_kmalloc, *control_vmalloc;

static int __init control_leak_init(void)
{
	WRITE_ONCE(control_kmalloc, kmalloc(SZ_4K, GFP_KERNEL));
	WRITE_ONCE(control_vmalloc, vmalloc(PAGE_SIZE));
	return 0;
}

static void __exit control_leak_exit(void)
{
}

module_init(control_leak_init);
module_exit(control_leak_exit);

MODULE_DESCRIPTION("Negative control: 4 KiB of kmalloc() and a vmalloc() page leaked per load");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
