/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBSOLETE BASELINE, for measurement only: the SHA-1 compression function
 * of one 64-byte block, which SYN cookies used before the SipHash series
 * ("[PATCH v3 net-next 4/4] syncookies: use SipHash in place of SHA1").
 * SHA-1 is broken; nothing here is fit for any other use.
 *
 * Written from FIPS 180-4, "Secure Hash Standard": the functions of 4.1.1,
 * the constants of 4.2.1, the initial hash value of 5.3.1 and the
 * computation of 6.1.2. The interface is that of the kernel's former sha1_transform(),
 * which left the kernel API in 7.0: the same digest for the same block.
 */
#ifndef SIPHASH_SHA1_BASELINE_H
#define SIPHASH_SHA1_BASELINE_H

#include <linux/bitops.h>
#include <linux/types.h>

#include "compat.h"

#define SHA1_BASELINE_BLOCK_BYTES	64
#define SHA1_BASELINE_DIGEST_WORDS	5

/* FIPS 180-4, 5.3.1: H(0). */
static const u32 sha1_baseline_iv[SHA1_BASELINE_DIGEST_WORDS] __maybe_unused = {
	0x67452301U, 0xefcdab89U, 0x98badcfeU, 0x10325476U, 0xc3d2e1f0U,
};

/*
 * FIPS 180-4, 4.1.1 and 4.2.1: f_t and K_t of the 20 steps of round @r
 * (0..3): Ch, Parity, Maj, Parity. Ch and Maj in forms with fewer
 * operations: z ^ (x & (y ^ z)) and (x & y) | (z & (x | y)).
 */
static __always_inline u32 sha1_baseline_f(unsigned int r, u32 x, u32 y, u32 z)
{
	switch (r) {
	case 0:
		return z ^ (x & (y ^ z));
	case 2:
		return (x & y) | (z & (x | y));
	default:
		return x ^ y ^ z;
	}
}

static const u32 sha1_baseline_k[4] __maybe_unused = {
	0x5a827999U, 0x6ed9eba1U, 0x8f1bbcdcU, 0xca62c1d6U,
};

/*
 * One step of 6.1.2 step 3. Instead of moving a..e down by one, the caller
 * renames them: the new a is written over e, and c is b rotated in place.
 */
static __always_inline void sha1_baseline_step(unsigned int r, u32 w, u32 a,
					       u32 *b, u32 c, u32 d, u32 *e)
{
	*e += rol32(a, 5) + sha1_baseline_f(r, *b, c, d) +
	      sha1_baseline_k[r] + w;
	*b = rol32(*b, 30);
}

/* The 20 steps of round @r, five at a time so the names come back round. */
static __always_inline void sha1_baseline_round(unsigned int r, const u32 *w,
						u32 *a, u32 *b, u32 *c,
						u32 *d, u32 *e)
{
	unsigned int t;

	for (t = 20 * r; t < 20 * r + 20; t += 5) {
		sha1_baseline_step(r, w[t], *a, b, *c, *d, e);
		sha1_baseline_step(r, w[t + 1], *e, a, *b, *c, d);
		sha1_baseline_step(r, w[t + 2], *d, e, *a, *b, c);
		sha1_baseline_step(r, w[t + 3], *c, d, *e, *a, b);
		sha1_baseline_step(r, w[t + 4], *b, c, *d, *e, a);
	}
}

/**
 * sha1_baseline_transform() - SHA-1 compression of one block (OBSOLETE)
 * @digest: the five 32-bit words of the intermediate hash value H, CPU
 *          order; updated in place
 * @block: 64 bytes of message, read as 16 big-endian 32-bit words, any
 *         alignment
 *
 * FIPS 180-4, 6.1.2, one iteration: no padding and no length, exactly as
 * the kernel's former sha1_transform(@digest, @block, workspace).
 */
static void __maybe_unused
sha1_baseline_transform(u32 digest[SHA1_BASELINE_DIGEST_WORDS],
			const u8 block[SHA1_BASELINE_BLOCK_BYTES])
{
	u32 a = digest[0], b = digest[1], c = digest[2], d = digest[3];
	u32 e = digest[4], w[80];
	unsigned int t;

	/* Step 1: the message schedule W[0..79]. */
	for (t = 0; t < 16; t++)
		w[t] = get_unaligned_be32(block + 4 * t);
	for (; t < 80; t++)
		w[t] = rol32(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);

	/* Steps 3 and 4. */
	sha1_baseline_round(0, w, &a, &b, &c, &d, &e);
	sha1_baseline_round(1, w, &a, &b, &c, &d, &e);
	sha1_baseline_round(2, w, &a, &b, &c, &d, &e);
	sha1_baseline_round(3, w, &a, &b, &c, &d, &e);
	digest[0] += a;
	digest[1] += b;
	digest[2] += c;
	digest[3] += d;
	digest[4] += e;
}

#endif /* SIPHASH_SHA1_BASELINE_H */
