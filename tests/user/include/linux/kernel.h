/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: the few <linux/kernel.h> helpers siphash.c uses. */
#ifndef SHIM_LINUX_KERNEL_H
#define SHIM_LINUX_KERNEL_H

#include <linux/kconfig.h>
#include <linux/types.h>
#include <asm/byteorder.h>

#define ARRAY_SIZE(a)		(sizeof(a) / sizeof((a)[0]))
#define IS_ALIGNED(x, a)	(((x) & ((typeof(x))(a) - 1)) == 0)
#define static_assert(expr, ...) _Static_assert(expr, #expr)

#endif
