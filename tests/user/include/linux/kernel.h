/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: the few <linux/kernel.h> helpers siphash.c uses, and
 * what the kernel's lib/siphash.c gets through it (rol64(), EXPORT_SYMBOL).
 */
#ifndef SHIM_LINUX_KERNEL_H
#define SHIM_LINUX_KERNEL_H

#include <linux/kconfig.h>
#include <linux/types.h>
#include <asm/byteorder.h>
#include <linux/bitops.h>
#include <linux/export.h>

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#define static_assert(expr, ...) _Static_assert(expr, #expr)

#endif
