// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control for KASAN: a read one byte past the end of a kmalloc'ed
 * buffer. Only a kernel with KASAN (the debug kernel) sees it; the run must
 * fail with the reason code kasan.
 */
#include <linux/module.h>
#include <linux/slab.h>

static int __init control_kasan_init(void)
{
	size_t n = 13;
	char *buf = kmalloc(n, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	pr_info("control_kasan: reading byte %zu of a %zu-byte buffer on purpose\n",
		n + 3, n);
	/* READ_ONCE(): a real load, which the compiler cannot drop */
	pr_info("control_kasan: read %d\n", READ_ONCE(buf[n + 3]));
	kfree(buf);
	return 0;
}

static void __exit control_kasan_exit(void)
{
}

module_init(control_kasan_init);
module_exit(control_kasan_exit);

MODULE_DESCRIPTION("Negative control: an out-of-bounds read of a kmalloc buffer (KASAN)");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
