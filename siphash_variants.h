/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SipHash variants for test_siphash.ko, built from the library's algorithm
 * text in siphash.h (the permutations, their constants, sipmod_tail()), not
 * secure PRFs of their own and not exported:
 * - SipHash-1-3 and HalfSipHash-1-3 of a buffer on every arch, the variants
 *   behind hsiphash, for the comparisons (the patch series chose between
 *   them by measuring both on 32- and 64-bit x86);
 * - SipHash-2-4 from a keyed state stored once (prepared) and from the key
 *   (keyed), which test_siphash_hmac.c times beside the kernel's siphash()
 *   and its HMACs with prepared keys. The two differ in where the state
 *   comes from and in nothing else, and are out of line, as the kernel's
 *   functions they are timed with.
 */
#ifndef SIPHASH_VARIANTS_H
#define SIPHASH_VARIANTS_H

#include <linux/siphash.h>
#include <linux/types.h>

u64 siphash_1_3(const void *data, size_t len, const siphash_key_t *key);
u32 halfsiphash_1_3(const void *data, size_t len, u32 k0, u32 k1);

/**
 * struct siphash_state - SipHash's v0..v3 keyed once, as a prepared key
 * @v: the four state words after keying
 */
struct siphash_state {
	u64 v[4];
};

void siphash_prepare(struct siphash_state *st, const siphash_key_t *key);
u64 siphash_keyed(const siphash_key_t *key, const void *data, size_t len);
u64 siphash_prepared(const struct siphash_state *st, const void *data,
		     size_t len);
u64 siphash_keyed_1u64(const siphash_key_t *key, u64 first);
u64 siphash_prepared_1u64(const struct siphash_state *st, u64 first);

#endif /* SIPHASH_VARIANTS_H */
