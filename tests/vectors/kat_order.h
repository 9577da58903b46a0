/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The byte order a table of known answers is for. The kernel hashes some
 * network-order fields as CPU integers (siphash_3u32() and siphash_4u32()
 * hash the little-endian bytes of each integer) and some CPU integers as
 * memory, so the bytes it hashes, and so the answers, depend on the CPU.
 * The generated headers of this folder hold a table per byte order; a
 * module takes the one of the CPU it runs on.
 */
#ifndef SIPHASH_VECTORS_KAT_ORDER_H
#define SIPHASH_VECTORS_KAT_ORDER_H

#include <linux/kconfig.h>

enum kat_order { KAT_LE, KAT_BE, KAT_ORDERS };

/*
 * The byte order of the CPU this runs on: the table to check against.
 * Every arch that can be big-endian says so with CONFIG_CPU_BIG_ENDIAN.
 */
static inline enum kat_order kat_cpu_order(void)
{
	return IS_ENABLED(CONFIG_CPU_BIG_ENDIAN) ? KAT_BE : KAT_LE;
}

#endif /* SIPHASH_VECTORS_KAT_ORDER_H */
