/* SPDX-License-Identifier: GPL-2.0 */
/*
 * le.h - byte-order helper shared by the host generators of this folder:
 * the libraries return SipHash outputs as little-endian bytes.
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

#endif /* SIPHASH_VECTORS_LE_H */
