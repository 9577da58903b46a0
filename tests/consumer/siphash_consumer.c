// SPDX-License-Identifier: GPL-2.0
/*
 * A minimal external user of siphash.ko, built outside the source tree from
 * the installed siphash.h and Module.symvers only (see Kbuild here). It
 * checks the seed series' first SipHash-2-4 reference values (key 00..0f,
 * message 00..len-1) through the calls a consumer makes, reports KTAP and
 * fails to load on any mismatch.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <siphash.h>

static const siphash_key_t consumer_key = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

/* siphash(00..len-1) for len 0..16, from the seed series' self-test. */
static const u64 consumer_vectors[17] = {
	0x726fdb47dd0e0e31ULL, 0x74f839c593dc67fdULL, 0x0d6c8009d9a94f5aULL,
	0x85676696d7fb7e2dULL, 0xcf2794e0277187b7ULL, 0x18765564cd99a68dULL,
	0xcbc9466e58fee3ceULL, 0xab0200f58b01d137ULL, 0x93f5f5799a932462ULL,
	0x9e0082df0ba9e4b0ULL, 0x7a5dbbc594ddb9f3ULL, 0xf4b32f46226bada7ULL,
	0x751e8fbc860ee5fbULL, 0x14ea5627c0843d90ULL, 0xf723ca908e7af2eeULL,
	0xa129ca6149be45e5ULL, 0x3f2acc7f57c29bdbULL,
};

static int __init siphash_consumer_init(void)
{
	u8 in[16] __aligned(SIPHASH_ALIGNMENT);
	unsigned int len, bad = 0, failed = 0;

	for (len = 0; len < sizeof(in); len++)
		in[len] = len;

	pr_info("KTAP version 1\n");
	pr_info("1..3\n");
	pr_info("# siphash.ko API %s, from the installed header\n",
		SIPHASH_OOT_VERSION);

	for (len = 0; len <= sizeof(in); len++)
		if (siphash(in, len, &consumer_key) != consumer_vectors[len])
			bad++;
	pr_info("%s 1 siphash_seed_vectors_0_16 # %u mismatches\n",
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
