/* SPDX-License-Identifier: GPL-2.0 */
/*
 * le.h - byte-order helpers shared by the host generators of this folder:
 * the libraries return SipHash outputs as little-endian bytes, and the
 * generators of known answers model how a kernel on a CPU of either byte
 * order turns fields into the bytes it hashes:
 *
 * - siphash_1u32() .. siphash_4u32() hash each u32 argument as its four
 *   little-endian bytes, on every CPU (lib/siphash.c and siphash.c treat
 *   them as integers). A network-order field passed as a CPU integer,
 *   (__force u32)saddr, is the integer a CPU loads from the field's
 *   bytes: on a little-endian CPU its little-endian bytes are the
 *   network-order ones, on a big-endian CPU they are reversed.
 * - siphash() of a struct hashes its memory: network-order fields are
 *   their bytes on every CPU, a CPU-order u32 member is stored in the
 *   CPU's byte order.
 */
#ifndef SIPHASH_VECTORS_LE_H
#define SIPHASH_VECTORS_LE_H

#include <stdint.h>

/* The 8 little-endian bytes at @p as an integer. */
static inline uint64_t le64(const unsigned char *p)
{
	uint64_t v = 0;
	int i;

	for (i = 7; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* A CPU's byte order, in the order of enum kat_order of kat_order.h. */
enum order { ORDER_LE, ORDER_BE, ORDERS };

static const char *const order_name[ORDERS] = { "KAT_LE", "KAT_BE" };

/* The integer a CPU of byte order @o loads from the @n bytes at @p. */
static inline uint32_t cpu_load(const unsigned char *p, int n, enum order o)
{
	uint32_t v = 0;
	int i;

	for (i = 0; i < n; i++)
		v |= (uint32_t)p[i] << (8 * (o == ORDER_LE ? i : n - 1 - i));
	return v;
}

/* Store @v in the @n bytes at @p as a CPU of byte order @o does. */
static inline void cpu_store(unsigned char *p, int n, uint32_t v, enum order o)
{
	int i;

	for (i = 0; i < n; i++)
		p[i] = v >> (8 * (o == ORDER_LE ? i : n - 1 - i));
}

/* Append the bytes siphash_Nu32() hashes for the word @w: little-endian. */
static inline unsigned char *put_word(unsigned char *p, uint32_t w)
{
	cpu_store(p, 4, w, ORDER_LE);
	return p + 4;
}

#endif /* SIPHASH_VECTORS_LE_H */
