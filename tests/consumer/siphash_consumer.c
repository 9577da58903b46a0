// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal external user of siphash.ko, built outside the source tree from
 * the installed siphash.h and Module.symvers only (see Kbuild here). It
 * checks the first SipHash-2-4 reference values of the patch series
 * "Introduce The SipHash PRF" (key 00..0f, message 00..len-1), and its
 * HalfSipHash-1-3 ones (key 00..07), through the calls a consumer makes
 * with the newest <linux/siphash.h> API on every series: the aligned key
 * type, ___siphash_aligned() (siphash.ko's, not the kernel's, which
 * kernels with efficient unaligned access do not build), and the raw
 * permutations and constants. Reports KTAP, fails to load on any mismatch.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <siphash.h>

static const siphash_aligned_key_t consumer_key = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

/* siphash(00..len-1) for len 0..16, from the self-test of "Introduce The SipHash PRF". */
static const u64 consumer_vectors[17] = {
	0x726fdb47dd0e0e31ULL, 0x74f839c593dc67fdULL, 0x0d6c8009d9a94f5aULL,
	0x85676696d7fb7e2dULL, 0xcf2794e0277187b7ULL, 0x18765564cd99a68dULL,
	0xcbc9466e58fee3ceULL, 0xab0200f58b01d137ULL, 0x93f5f5799a932462ULL,
	0x9e0082df0ba9e4b0ULL, 0x7a5dbbc594ddb9f3ULL, 0xf4b32f46226bada7ULL,
	0x751e8fbc860ee5fbULL, 0x14ea5627c0843d90ULL, 0xf723ca908e7af2eeULL,
	0xa129ca6149be45e5ULL, 0x3f2acc7f57c29bdbULL,
};

/* HalfSipHash-1-3 of the message 00..len-1 for len 0 and 4, key 00..07. */
static const u32 consumer_half_vectors[2] = { 0x5814c896U, 0x7e059ea6U };

/* SipHash-2-4 of the 8 bytes of @m under @key, from the raw permutation. */
static u64 consumer_siphash_word(u64 m, const siphash_key_t *key)
{
	u64 v0 = SIPHASH_CONST_0 ^ key->key[0];
	u64 v1 = SIPHASH_CONST_1 ^ key->key[1];
	u64 v2 = SIPHASH_CONST_2 ^ key->key[0];
	u64 v3 = SIPHASH_CONST_3 ^ key->key[1];
	const u64 last = 8ULL << 56;	/* the length, and no tail byte */
	int i;

	v3 ^= m;
	for (i = 0; i < 2; i++)
		SIPHASH_PERMUTATION(v0, v1, v2, v3);
	v0 ^= m;
	v3 ^= last;
	for (i = 0; i < 2; i++)
		SIPHASH_PERMUTATION(v0, v1, v2, v3);
	v0 ^= last;
	v2 ^= 0xff;
	for (i = 0; i < 4; i++)
		SIPHASH_PERMUTATION(v0, v1, v2, v3);
	return (v0 ^ v1) ^ (v2 ^ v3);
}

/* HalfSipHash-1-3 of the @n (0 or 1) little-endian words @w, key @k0, @k1. */
static u32 consumer_halfsiphash(const u32 *w, unsigned int n, u32 k0, u32 k1)
{
	u32 v0 = HSIPHASH_CONST_0 ^ k0, v1 = HSIPHASH_CONST_1 ^ k1;
	u32 v2 = HSIPHASH_CONST_2 ^ k0, v3 = HSIPHASH_CONST_3 ^ k1;
	const u32 last = (4 * n) << 24;
	unsigned int i;

	for (i = 0; i < n; i++) {
		v3 ^= w[i];
		HSIPHASH_PERMUTATION(v0, v1, v2, v3);
		v0 ^= w[i];
	}
	v3 ^= last;
	HSIPHASH_PERMUTATION(v0, v1, v2, v3);
	v0 ^= last;
	v2 ^= 0xff;
	for (i = 0; i < 3; i++)
		HSIPHASH_PERMUTATION(v0, v1, v2, v3);
	return v1 ^ v3;
}

static int __init siphash_consumer_init(void)
{
	u8 in[16] __aligned(SIPHASH_ALIGNMENT);
	const u32 word = 0x03020100U;	/* the bytes 00 01 02 03 */
	unsigned int len, bad = 0, failed = 0;

	for (len = 0; len < sizeof(in); len++)
		in[len] = len;

	pr_info("KTAP version 1\n");
	pr_info("1..6\n");
	pr_info("# siphash.ko API %s, from the installed header\n",
		SIPHASH_OOT_VERSION);

	for (len = 0; len <= sizeof(in); len++)
		if (siphash(in, len, &consumer_key) != consumer_vectors[len])
			bad++;
	pr_info("%s 1 siphash_series_vectors_0_16 # %u mismatches\n",
		bad ? "not ok" : "ok", bad);
	failed += !!bad;

	/* in[] is 8-byte aligned: plain little-endian loads, no unaligned.h */
	bad = siphash_1u64(le64_to_cpup((const __le64 *)in), &consumer_key) !=
	      consumer_vectors[8];
	pr_info("%s 2 siphash_1u64\n", bad ? "not ok" : "ok");
	failed += bad;

	bad = siphash_2u64(le64_to_cpup((const __le64 *)in),
			   le64_to_cpup((const __le64 *)(in + 8)),
			   &consumer_key) != consumer_vectors[16];
	pr_info("%s 3 siphash_2u64\n", bad ? "not ok" : "ok");
	failed += bad;

	/* A length the compiler cannot fold: siphash.ko's aligned entry. */
	bad = 0;
	for (len = 0; len <= sizeof(in); len++)
		if (___siphash_aligned((const __le64 *)in, len, &consumer_key) !=
		    consumer_vectors[len])
			bad++;
	pr_info("%s 4 ___siphash_aligned_0_16 # %u mismatches\n",
		bad ? "not ok" : "ok", bad);
	failed += !!bad;

	bad = consumer_siphash_word(le64_to_cpup((const __le64 *)in),
				    &consumer_key) != consumer_vectors[8];
	pr_info("%s 5 siphash_permutation_and_constants\n",
		bad ? "not ok" : "ok");
	failed += bad;

	bad = consumer_halfsiphash(NULL, 0, 0x03020100U, 0x07060504U) !=
	      consumer_half_vectors[0] ||
	      consumer_halfsiphash(&word, 1, 0x03020100U, 0x07060504U) !=
	      consumer_half_vectors[1];
	pr_info("%s 6 hsiphash_permutation_and_constants\n",
		bad ? "not ok" : "ok");
	failed += bad;

	return failed ? -EINVAL : 0;
}

static void __exit siphash_consumer_exit(void)
{
}

module_init(siphash_consumer_init);
module_exit(siphash_consumer_exit);

MODULE_DESCRIPTION("External consumer of siphash.ko built from the installed header and Module.symvers");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
