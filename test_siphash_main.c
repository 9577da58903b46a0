// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time self-test of siphash.ko, reported in KTAP.
 *
 * Reference vectors of the seed series ("[PATCH v3 net-next 0/4] Introduce
 * The SipHash PRF", its self-test), long inputs whose expected values
 * come from libsodium, OpenSSL and an independent HalfSipHash written from
 * the paper (tests/vectors/), and a differential cross-check against the
 * kernel's built-in lib/siphash.c on random keys, lengths and offsets.
 *
 * Any failing case makes module init return -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/timex.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/vmalloc.h>

#include "bench.h"
#include "compat.h"
#include "entry_dispatch.h"
#include "kernel_ref.h"
#include "ktap.h"
#include "modparam.h"
#include "sha1_baseline.h"
#include "sip_bench.h"
#include "siphash.h"
#include "siphash_variants.h"
#include "test_siphash_hmac.h"
#include "tests/vectors/long_msg.h"

/* ---- module parameters ------------------------------------------------ */

/* The values of inject=, in the order of its choices below. */
enum inject {
	INJECT_NONE, INJECT_VECTOR, INJECT_WARN, INJECT_OOPS, INJECT_HANG,
	INJECT_LOCKUP, INJECT_LEAK, INJECT_HMAC,
};

static unsigned int inject;

module_param_enum(inject, "none|vector|warn|oops|hang|lockup|leak|hmac",
		  "Test only, proves the harness catches failures: none (the default); vector corrupts one expected value; warn, oops and hang do that; lockup spins with preemption off until the soft-lockup detector fires; leak allocates 4 KiB with kmalloc() and a page with vmalloc() per load and never frees them; hmac corrupts the expected HMAC digests (where the kernel has HMAC)");

#define DIFF_ITERS_MIN 1
#define DIFF_ITERS_MAX 1000000
static unsigned int diff_iters = 4224;

module_param_uint_range(diff_iters, DIFF_ITERS_MIN, DIFF_ITERS_MAX,
			"Random inputs per differential test against the built-in lib/siphash.c; default 4224");

#define BENCH_BATCHES_MAX BENCH_MAX_BATCHES
static unsigned int bench_batches = 31;

module_param_uint_range(bench_batches, 0, BENCH_BATCHES_MAX,
			"Benchmark effort: timed batches per figure after the vectors pass, 0 skips the benchmarks; default 31");

static ulong seed;

module_param_ulong_checked(seed,
			   "Seed of the differential tests' inputs and keys (0, the default: random; printed either way)");

/* ---- reference values ------------------------------------------------- */

/* tests/user/Makefile cuts this section out, up to "test buffers", as is. */

/* The seed's SipHash-2-4 vectors: key 00..0f, message 00..len-1. */
static const siphash_key_t test_key_siphash = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

static const u64 test_vectors_siphash[64] = {
	0x726fdb47dd0e0e31ULL, 0x74f839c593dc67fdULL, 0x0d6c8009d9a94f5aULL,
	0x85676696d7fb7e2dULL, 0xcf2794e0277187b7ULL, 0x18765564cd99a68dULL,
	0xcbc9466e58fee3ceULL, 0xab0200f58b01d137ULL, 0x93f5f5799a932462ULL,
	0x9e0082df0ba9e4b0ULL, 0x7a5dbbc594ddb9f3ULL, 0xf4b32f46226bada7ULL,
	0x751e8fbc860ee5fbULL, 0x14ea5627c0843d90ULL, 0xf723ca908e7af2eeULL,
	0xa129ca6149be45e5ULL, 0x3f2acc7f57c29bdbULL, 0x699ae9f52cbe4794ULL,
	0x4bc1b3f0968dd39cULL, 0xbb6dc91da77961bdULL, 0xbed65cf21aa2ee98ULL,
	0xd0f2cbb02e3b67c7ULL, 0x93536795e3a33e88ULL, 0xa80c038ccd5ccec8ULL,
	0xb8ad50c6f649af94ULL, 0xbce192de8a85b8eaULL, 0x17d835b85bbb15f3ULL,
	0x2f2e6163076bcfadULL, 0xde4daaaca71dc9a5ULL, 0xa6a2506687956571ULL,
	0xad87a3535c49ef28ULL, 0x32d892fad841c342ULL, 0x7127512f72f27cceULL,
	0xa7f32346f95978e3ULL, 0x12e0b01abb051238ULL, 0x15e034d40fa197aeULL,
	0x314dffbe0815a3b4ULL, 0x027990f029623981ULL, 0xcadcd4e59ef40c4dULL,
	0x9abfd8766a33735cULL, 0x0e3ea96b5304a7d0ULL, 0xad0c42d6fc585992ULL,
	0x187306c89bc215a9ULL, 0xd4a60abcf3792b95ULL, 0xf935451de4f21df2ULL,
	0xa9538f0419755787ULL, 0xdb9acddff56ca510ULL, 0xd06c98cd5c0975ebULL,
	0xe612a3cb9ecba951ULL, 0xc766e62cfcadaf96ULL, 0xee64435a9752fe72ULL,
	0xa192d576b245165aULL, 0x0a8787bf8ecb74b2ULL, 0x81b3e73d20b49b6fULL,
	0x7fa8220ba3b2eceaULL, 0x245731c13ca42499ULL, 0xb78dbfaf3a8d83bdULL,
	0xea1ad565322a1a0bULL, 0x60e61c23a3795013ULL, 0x6606d7e446282b93ULL,
	0x6ca4ecb15c5f91e1ULL, 0x9f626da15c9625f3ULL, 0xe51b38608ef25f57ULL,
	0x958a324ceb064572ULL
};

/*
 * Long messages (tests/vectors/long_msg.h): SipHash-2-4 (libsodium), key
 * 00..0f, and the 64-bit hsiphash (SipHash-1-3, OpenSSL), and the 32-bit
 * one (HalfSipHash-1-3 of tests/vectors/halfsiphash.py), key 00..07: the
 * headers that tests/vectors/ generates from them.
 */
static const size_t long_lens[] = LONG_MSG_LENGTHS;
#include "tests/vectors/long_vectors.h"
#include "tests/vectors/long_halfsiphash.h"

/*
 * The seed's hsiphash vectors of both widths. Each arch's hsiphash is checked
 * against its own table; siphash_1_3() and halfsiphash_1_3() against theirs
 * on every arch. 64-bit: SipHash-1-3, low 32 bits, key 00..0f.
 */
static const u32 test_vectors_hsiphash64[64] = {
	0x050fc4dcU, 0x7d57ca93U, 0x4dc7d44dU, 0xe7ddf7fbU, 0x88d38328U,
	0x49533b67U, 0xc59f22a7U, 0x9bb11140U, 0x8d299a8eU, 0x6c063de4U,
	0x92ff097fU, 0xf94dc352U, 0x57b4d9a2U, 0x1229ffa7U, 0xc0f95d34U,
	0x2a519956U, 0x7d908b66U, 0x63dbd80cU, 0xb473e63eU, 0x8d297d1cU,
	0xa6cce040U, 0x2b45f844U, 0xa320872eU, 0xdae6c123U, 0x67349c8cU,
	0x705b0979U, 0xca9913a5U, 0x4ade3b35U, 0xef6cd00dU, 0x4ab1e1f4U,
	0x43c5e663U, 0x8c21d1bcU, 0x16a7b60dU, 0x7a8ff9bfU, 0x1f2a753eU,
	0xbf186b91U, 0xada26206U, 0xa3c33057U, 0xae3a36a1U, 0x7b108392U,
	0x99e41531U, 0x3f1ad944U, 0xc8138825U, 0xc28949a6U, 0xfaf8876bU,
	0x9f042196U, 0x68b1d623U, 0x8b5114fdU, 0xdf074c46U, 0x12cc86b3U,
	0x0a52098fU, 0x9d292f9aU, 0xa2f41f12U, 0x43a71ed0U, 0x73f0bce6U,
	0x70a7e980U, 0x243c6d75U, 0xfdb71513U, 0xa67d8a08U, 0xb7e8f148U,
	0xf7a644eeU, 0x0f1837f2U, 0x4b6694e0U, 0xb7bbb3a8U
};

/* 32-bit: HalfSipHash-1-3, key 00..07. */
static const u32 test_vectors_hsiphash32[64] = {
	0x5814c896U, 0xe7e864caU, 0xbc4b0e30U, 0x01539939U, 0x7e059ea6U,
	0x88e3d89bU, 0xa0080b65U, 0x9d38d9d6U, 0x577999b1U, 0xc839caedU,
	0xe4fa32cfU, 0x959246eeU, 0x6b28096cU, 0x66dd9cd6U, 0x16658a7cU,
	0xd0257b04U, 0x8b31d501U, 0x2b1cd04bU, 0x06712339U, 0x522aca67U,
	0x911bb605U, 0x90a65f0eU, 0xf826ef7bU, 0x62512debU, 0x57150ad7U,
	0x5d473507U, 0x1ec47442U, 0xab64afd3U, 0x0a4100d0U, 0x6d2ce652U,
	0x2331b6a3U, 0x08d8791aU, 0xbc6dda8dU, 0xe0f6c934U, 0xb0652033U,
	0x9b9851ccU, 0x7c46fb7fU, 0x732ba8cbU, 0xf142997aU, 0xfcc9aa1bU,
	0x05327eb2U, 0xe110131cU, 0xf9e5e7c0U, 0xa7d708a6U, 0x11795ab1U,
	0x65671619U, 0x9f5fff91U, 0xd89c5267U, 0x007783ebU, 0x95766243U,
	0xab639262U, 0x9c7e1390U, 0xc368dda6U, 0x38ddc455U, 0xfa13d379U,
	0x979ea4e8U, 0x53ecd77eU, 0x2ee80657U, 0x33dbb66aU, 0xae3f0577U,
	0x88b4c4ccU, 0x3e7f480bU, 0x74c1ebf8U, 0x87178304U
};

#if BITS_PER_LONG == 64
static const hsiphash_key_t test_key_hsiphash = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};
#define test_vectors_hsiphash	test_vectors_hsiphash64
#define long_vectors_hsiphash	long_vectors_hsiphash64
#else
static const hsiphash_key_t test_key_hsiphash = {{ 0x03020100U, 0x07060504U }};
#define test_vectors_hsiphash	test_vectors_hsiphash32
#define long_vectors_hsiphash	long_vectors_hsiphash32
#endif

static_assert(ARRAY_SIZE(long_vectors_siphash) == ARRAY_SIZE(long_lens));
static_assert(ARRAY_SIZE(long_vectors_hsiphash64) == ARRAY_SIZE(long_lens));
static_assert(ARRAY_SIZE(long_vectors_hsiphash32) == ARRAY_SIZE(long_lens));

/* ---- test buffers ---------------------------------------------------- */

/* The test buffer: 8 bytes of room for offsets, aligned for both APIs. */
static u8 buf[LONG_MSG_MAX + 8 + 8] __aligned(SIPHASH_ALIGNMENT);

/* Fill buf + @off with 00 01 02 ... for @len bytes. */
static u8 *seq_at(unsigned int off, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		buf[off + i] = i;
	return buf + off;
}

static u64 want_siphash(size_t len)
{
	u64 want = test_vectors_siphash[len];

	/* Negative control: the harness must turn this into a failure. */
	if (inject == INJECT_VECTOR && len == 7)
		want ^= 1;
	return want;
}

/* ---- vector cases ----------------------------------------------------- */

typedef u64 (*sip_buf_fn)(const void *data, size_t len, const siphash_key_t *key);
typedef u32 (*hsip_buf_fn)(const void *data, size_t len, const hsiphash_key_t *key);

static u64 call_siphash(const void *d, size_t n, const siphash_key_t *k)
{
	return siphash(d, n, k);
}

static u32 call_hsiphash(const void *d, size_t n, const hsiphash_key_t *k)
{
	return hsiphash(d, n, k);
}

static void sip_vectors(sip_buf_fn fn, unsigned int off_lo, unsigned int off_hi)
{
	unsigned int off;
	size_t len;
	u64 got;

	for (off = off_lo; off <= off_hi; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_siphash); len++) {
			got = fn(seq_at(off, len), len, &test_key_siphash);
			if (got != want_siphash(len))
				ktap_fail("offset %u len %zu: got %016llx want %016llx",
					  off, len, got, want_siphash(len));
		}
}

static void hsip_vectors(hsip_buf_fn fn, unsigned int off_lo, unsigned int off_hi)
{
	unsigned int off;
	size_t len;
	u32 got;

	for (off = off_lo; off <= off_hi; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_hsiphash); len++) {
			got = fn(seq_at(off, len), len, &test_key_hsiphash);
			if (got != test_vectors_hsiphash[len])
				ktap_fail("offset %u len %zu: got %08x want %08x",
					  off, len, got, test_vectors_hsiphash[len]);
		}
}

static void t_siphash_vectors(void)		{ sip_vectors(call_siphash, 0, 0); }
static void t_siphash_offsets(void)		{ sip_vectors(call_siphash, 1, 7); }
static void t_siphash_aligned_entry(void)	{ sip_vectors(__siphash_aligned, 0, 0); }
static void t_siphash_unaligned_entry(void)	{ sip_vectors(__siphash_unaligned, 0, 7); }
static void t_hsiphash_vectors(void)		{ hsip_vectors(call_hsiphash, 0, 0); }
static void t_hsiphash_offsets(void)		{ hsip_vectors(call_hsiphash, 1, 7); }
static void t_hsiphash_aligned_entry(void)	{ hsip_vectors(__hsiphash_aligned, 0, 0); }
static void t_hsiphash_unaligned_entry(void)	{ hsip_vectors(__hsiphash_unaligned, 0, 7); }

/*
 * Which entry siphash() and hsiphash() take: where unaligned access is not
 * efficient (MIPS), an aligned buffer must take the aligned entry and any
 * other the unaligned one. The vectors above prove both entries agree;
 * this proves the inline dispatch of siphash.h picks the right one.
 * entry_dispatch.c compiles that dispatch with the entries renamed to the
 * counting functions below. (A kprobe on each entry saw the same, but
 * MIPS's kprobes single-step in a slot whose trap, about once in 20 loads
 * under QEMU, found no kprobe running: "Break instruction in kernel code".)
 * Elsewhere the inline functions have no aligned path, and the case is
 * skipped.
 */
static unsigned int entry_hits[4];	/* aligned ones even */
static const char * const entry_names[ARRAY_SIZE(entry_hits)] = {
	"__siphash_aligned", "__siphash_unaligned",
	"__hsiphash_aligned", "__hsiphash_unaligned",
};

u64 entry_count___siphash_aligned(const void *data, size_t len, const siphash_key_t *key)
{
	entry_hits[0]++;
	return __siphash_aligned(data, len, key);
}

u64 entry_count___siphash_unaligned(const void *data, size_t len, const siphash_key_t *key)
{
	entry_hits[1]++;
	return __siphash_unaligned(data, len, key);
}

u32 entry_count___hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key)
{
	entry_hits[2]++;
	return __hsiphash_aligned(data, len, key);
}

u32 entry_count___hsiphash_unaligned(const void *data, size_t len, const hsiphash_key_t *key)
{
	entry_hits[3]++;
	return __hsiphash_unaligned(data, len, key);
}

static void t_entry_dispatch(void)
{
	unsigned int off, i, want;
	const u8 *p;

	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS)) {
		ktap_skip("efficient unaligned access: no aligned path to take");
		return;
	}
	for (off = 0; off < 2; off++) {
		memset(entry_hits, 0, sizeof(entry_hits));
		p = seq_at(off, 9);
		if (entry_dispatch_siphash(p, 9, &test_key_siphash) !=
		    siphash(p, 9, &test_key_siphash) ||
		    entry_dispatch_hsiphash(p, 9, &test_key_hsiphash) !=
		    hsiphash(p, 9, &test_key_hsiphash))
			ktap_fail("offset %u: the counted entries return another hash", off);
		for (i = 0; i < ARRAY_SIZE(entry_hits); i++) {
			want = (i % 2 == 0) == !off;
			if (entry_hits[i] != want)
				ktap_fail("offset %u: %s reached %u times, want %u",
					  off, entry_names[i], entry_hits[i], want);
		}
	}
}

/* Long messages at every offset 0..7, through siphash() and both entries. */
static void t_siphash_long(void)
{
	unsigned int off, i;
	u64 got[3];
	u8 *p;
	size_t j;

	for (off = 0; off < 8; off++) {
		p = buf + off;
		for (j = 0; j < LONG_MSG_MAX; j++)
			p[j] = LONG_MSG_BYTE(j);
		for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
			got[0] = siphash(p, long_lens[i], &test_key_siphash);
			got[1] = __siphash_unaligned(p, long_lens[i], &test_key_siphash);
			got[2] = off ? got[1] : __siphash_aligned(p, long_lens[i],
								  &test_key_siphash);
			for (j = 0; j < ARRAY_SIZE(got); j++)
				if (got[j] != long_vectors_siphash[i])
					ktap_fail("entry %zu off %u len %zu: %016llx != %016llx",
						  j, off, long_lens[i], got[j],
					     long_vectors_siphash[i]);
		}
	}
}

static void t_hsiphash_long(void)
{
	const hsiphash_key_t *key = &test_key_hsiphash;
	unsigned int off, i;
	u32 got[3];
	u8 *p;
	size_t j;

	for (off = 0; off < 8; off++) {
		p = buf + off;
		for (j = 0; j < LONG_MSG_MAX; j++)
			p[j] = LONG_MSG_BYTE(j);
		for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
			got[0] = hsiphash(p, long_lens[i], key);
			got[1] = __hsiphash_unaligned(p, long_lens[i], key);
			got[2] = off ? got[1] : __hsiphash_aligned(p, long_lens[i], key);
			for (j = 0; j < ARRAY_SIZE(got); j++)
				if (got[j] != long_vectors_hsiphash[i])
					ktap_fail("entry %zu off %u len %zu: %08x != %08x",
						  j, off, long_lens[i], got[j],
					     long_vectors_hsiphash[i]);
		}
	}
}

/* Compile-time lengths take the fixed-width path inside siphash(). */
static void t_siphash_const_len(void)
{
	static const size_t lens[] = { 4, 8, 16, 24, 32 };
	const siphash_key_t *key = &test_key_siphash;
	unsigned int off, i;
	u64 got[ARRAY_SIZE(lens)];
	u8 *p;

	for (off = 0; off < 8; off++) {
		p = seq_at(off, 32);
		got[0] = siphash(p, 4, key);
		got[1] = siphash(p, 8, key);
		got[2] = siphash(p, 16, key);
		got[3] = siphash(p, 24, key);
		got[4] = siphash(p, 32, key);
		for (i = 0; i < ARRAY_SIZE(lens); i++)
			if (got[i] != test_vectors_siphash[lens[i]])
				ktap_fail("offset %u const len %zu: got %016llx",
					  off, lens[i], got[i]);
	}
}

static void t_hsiphash_const_len(void)
{
	static const size_t lens[] = { 4, 8, 12, 16 };
	const hsiphash_key_t *key = &test_key_hsiphash;
	unsigned int off, i;
	u32 got[ARRAY_SIZE(lens)];
	u8 *p;

	for (off = 0; off < 8; off++) {
		p = seq_at(off, 16);
		got[0] = hsiphash(p, 4, key);
		got[1] = hsiphash(p, 8, key);
		got[2] = hsiphash(p, 12, key);
		got[3] = hsiphash(p, 16, key);
		for (i = 0; i < ARRAY_SIZE(lens); i++)
			if (got[i] != test_vectors_hsiphash[lens[i]])
				ktap_fail("offset %u const len %zu: got %08x",
					  off, lens[i], got[i]);
	}
}

/* Both hsiphash algorithms on every arch, short vectors and long inputs. */
static void t_siphash_1_3(void)
{
	unsigned int off, i;
	size_t len;
	u32 got;

	for (off = 0; off < 8; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_hsiphash64); len++) {
			got = siphash_1_3(seq_at(off, len), len, &test_key_siphash);
			if (got != test_vectors_hsiphash64[len])
				ktap_fail("off %u len %zu: %08x != %08x", off, len, got,
					  test_vectors_hsiphash64[len]);
		}
	for (i = 0; i < LONG_MSG_MAX; i++)
		buf[i] = LONG_MSG_BYTE(i);
	for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
		got = siphash_1_3(buf, long_lens[i], &test_key_siphash);
		if (got != long_vectors_hsiphash64[i])
			ktap_fail("len %zu: %08x != %08x", long_lens[i], got,
				  long_vectors_hsiphash64[i]);
	}
}

static void t_halfsiphash_1_3(void)
{
	const u32 k0 = 0x03020100U, k1 = 0x07060504U;
	unsigned int off, i;
	size_t len;
	u32 got;

	for (off = 0; off < 8; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_hsiphash32); len++) {
			got = halfsiphash_1_3(seq_at(off, len), len, k0, k1);
			if (got != test_vectors_hsiphash32[len])
				ktap_fail("off %u len %zu: %08x != %08x", off, len, got,
					  test_vectors_hsiphash32[len]);
		}
	for (i = 0; i < LONG_MSG_MAX; i++)
		buf[i] = LONG_MSG_BYTE(i);
	for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
		got = halfsiphash_1_3(buf, long_lens[i], k0, k1);
		if (got != long_vectors_hsiphash32[i])
			ktap_fail("len %zu: %08x != %08x", long_lens[i], got,
				  long_vectors_hsiphash32[i]);
	}
}

/* Little-endian words of the message 00 01 02 ..., as the helpers take. */
#define W64(i)	(0x0706050403020100ULL + 0x0808080808080808ULL * (i))
#define W32(i)	(0x03020100U + 0x04040404U * (i))

static void check64(const char *fn, u64 got, size_t len)
{
	if (got != test_vectors_siphash[len])
		ktap_fail("%s: got %016llx want %016llx", fn, got,
			  test_vectors_siphash[len]);
}

static void check32(const char *fn, u32 got, size_t len)
{
	if (got != test_vectors_hsiphash[len])
		ktap_fail("%s: got %08x want %08x", fn, got, test_vectors_hsiphash[len]);
}

static const siphash_key_t *const sk = &test_key_siphash;
static const hsiphash_key_t *const hk = &test_key_hsiphash;

static void t_1u64(void) { check64("siphash_1u64", siphash_1u64(W64(0), sk), 8); }
static void t_2u64(void) { check64("siphash_2u64", siphash_2u64(W64(0), W64(1), sk), 16); }
static void t_3u64(void)
{ check64("siphash_3u64", siphash_3u64(W64(0), W64(1), W64(2), sk), 24); }
static void t_4u64(void)
{ check64("siphash_4u64", siphash_4u64(W64(0), W64(1), W64(2), W64(3), sk), 32); }
static void t_1u32(void) { check64("siphash_1u32", siphash_1u32(W32(0), sk), 4); }
static void t_2u32(void) { check64("siphash_2u32", siphash_2u32(W32(0), W32(1), sk), 8); }
static void t_3u32(void)
{ check64("siphash_3u32", siphash_3u32(W32(0), W32(1), W32(2), sk), 12); }
static void t_4u32(void)
{ check64("siphash_4u32", siphash_4u32(W32(0), W32(1), W32(2), W32(3), sk), 16); }
static void t_h1u32(void) { check32("hsiphash_1u32", hsiphash_1u32(W32(0), hk), 4); }
static void t_h2u32(void) { check32("hsiphash_2u32", hsiphash_2u32(W32(0), W32(1), hk), 8); }
static void t_h3u32(void)
{ check32("hsiphash_3u32", hsiphash_3u32(W32(0), W32(1), W32(2), hk), 12); }
static void t_h4u32(void)
{ check32("hsiphash_4u32", hsiphash_4u32(W32(0), W32(1), W32(2), W32(3), hk), 16); }

/* ---- differential cases against lib/siphash.c ------------------------- */

#define DIFF_MAX_LEN 527	/* lengths 0..527: past 512, all tails */
static struct rnd_state rnd;

/* Input @i: its length and offset sweep all pairs, key and data random. */
static u8 *diff_input(unsigned int i, size_t *len, unsigned int *off, void *key,
		      size_t keylen)
{
	*len = i % (DIFF_MAX_LEN + 1);
	*off = (i / (DIFF_MAX_LEN + 1)) % 8;
	prandom_bytes_state(&rnd, key, keylen);
	prandom_bytes_state(&rnd, buf + *off, *len);
	return buf + *off;
}

static void t_diff_siphash(void)
{
	unsigned int i, off;
	siphash_key_t key;
	u64 mine, kern;
	size_t len;
	u8 *p;

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		p = diff_input(i, &len, &off, &key, sizeof(key));
		kern = kern_siphash(p, len, &key);
		mine = siphash(p, len, &key);
		if (mine == kern)
			mine = __siphash_unaligned(p, len, &key);
		if (mine == kern && !off)
			mine = __siphash_aligned(p, len, &key);
		if (mine != kern)
			ktap_fail("key %016llx %016llx len %zu off %u: %016llx != %016llx",
				  key.key[0], key.key[1], len, off, mine, kern);
	}
}

static void t_diff_hsiphash(void)
{
	unsigned int i, off;
	hsiphash_key_t key;
	u32 mine, kern;
	size_t len;
	u8 *p;

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		p = diff_input(i, &len, &off, &key, sizeof(key));
		kern = kern_hsiphash(p, len, &key);
		mine = hsiphash(p, len, &key);
		if (mine == kern)
			mine = __hsiphash_unaligned(p, len, &key);
		if (mine == kern && !off)
			mine = __hsiphash_aligned(p, len, &key);
		if (mine != kern)
			ktap_fail("key %lx %lx len %zu offset %u: %08x != kernel %08x",
				  key.key[0], key.key[1], len, off, mine, kern);
	}
}

static const char * const helper_names[] = {
	"siphash_1u64", "siphash_2u64", "siphash_3u64", "siphash_4u64",
	"siphash_1u32", "siphash_2u32", "siphash_3u32", "siphash_4u32",
};

static void t_diff_siphash_helpers(void)
{
	siphash_key_t key;
	unsigned int i, j;
	u64 w[4], mine[ARRAY_SIZE(helper_names)], kern[ARRAY_SIZE(helper_names)];

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		prandom_bytes_state(&rnd, &key, sizeof(key));
		prandom_bytes_state(&rnd, w, sizeof(w));
		mine[0] = siphash_1u64(w[0], &key);
		kern[0] = kern_1u64(w[0], &key);
		mine[1] = siphash_2u64(w[0], w[1], &key);
		kern[1] = kern_2u64(w[0], w[1], &key);
		mine[2] = siphash_3u64(w[0], w[1], w[2], &key);
		kern[2] = kern_3u64(w[0], w[1], w[2], &key);
		mine[3] = siphash_4u64(w[0], w[1], w[2], w[3], &key);
		kern[3] = kern_4u64(w[0], w[1], w[2], w[3], &key);
		mine[4] = siphash_1u32(w[0], &key);
		kern[4] = kern_1u32(w[0], &key);
		mine[5] = siphash_2u32(w[0], w[1], &key);
		kern[5] = kern_2u32(w[0], w[1], &key);
		mine[6] = siphash_3u32(w[0], w[1], w[2], &key);
		kern[6] = kern_3u32(w[0], w[1], w[2], &key);
		mine[7] = siphash_4u32(w[0], w[1], w[2], w[3], &key);
		kern[7] = kern_4u32(w[0], w[1], w[2], w[3], &key);
		for (j = 0; j < ARRAY_SIZE(mine); j++)
			if (mine[j] != kern[j])
				ktap_fail("%s key %llx %llx in %llx %llx %llx %llx: %llx != %llx",
					  helper_names[j], key.key[0], key.key[1],
				     w[0], w[1], w[2], w[3], mine[j], kern[j]);
	}
}

static void t_diff_hsiphash_helpers(void)
{
	hsiphash_key_t key;
	unsigned int i, j;
	u32 w[4], mine[4], kern[4];

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		prandom_bytes_state(&rnd, &key, sizeof(key));
		prandom_bytes_state(&rnd, w, sizeof(w));
		mine[0] = hsiphash_1u32(w[0], &key);
		kern[0] = kern_h1u32(w[0], &key);
		mine[1] = hsiphash_2u32(w[0], w[1], &key);
		kern[1] = kern_h2u32(w[0], w[1], &key);
		mine[2] = hsiphash_3u32(w[0], w[1], w[2], &key);
		kern[2] = kern_h3u32(w[0], w[1], w[2], &key);
		mine[3] = hsiphash_4u32(w[0], w[1], w[2], w[3], &key);
		kern[3] = kern_h4u32(w[0], w[1], w[2], w[3], &key);
		for (j = 0; j < ARRAY_SIZE(mine); j++)
			if (mine[j] != kern[j])
				ktap_fail("hsiphash_%uu32 key %lx %lx in %x %x %x %x: %x != %x",
					  j + 1, key.key[0], key.key[1],
				     w[0], w[1], w[2], w[3], mine[j], kern[j]);
	}
}

/* ---- test_siphash_hmac.c: the kernel's HMACs, a prepared SipHash -- */

static void hmac_case(enum test_hmac_alg alg, bool rawkey)
{
	const char *gone = test_hmac_kat(alg, rawkey, ktap_fail,
					 inject == INJECT_HMAC);

	if (gone)
		ktap_skip(gone);
}

static void t_hmac_sha256(void)		{ hmac_case(TEST_HMAC_SHA256, false); }
static void t_hmac_sha256_rawkey(void)	{ hmac_case(TEST_HMAC_SHA256, true); }
static void t_hmac_sha1(void)		{ hmac_case(TEST_HMAC_SHA1, false); }
static void t_hmac_sha1_rawkey(void)	{ hmac_case(TEST_HMAC_SHA1, true); }
static void t_siphash_state(void)	{ test_siphash_state_check(ktap_fail); }

/* ---- benchmarks (after every case passed) ------------------------------ */

#define BENCH_CALLS 64	/* calls per batch, interrupts off */

static const size_t bench_lens[] = {
	0, 1, 4, 7, 8, 12, 15, 16, 24, 31, 32, 48, 64, 128, 256, 1024
};

static u8 bench_buf[SIP_BENCH_BUFS][SIP_BENCH_BUF_LEN] __aligned(SIPHASH_ALIGNMENT);
static siphash_key_t bench_key;
static hsiphash_key_t bench_hkey;

/* siphash.ko's timed loops; the kernel's are in kernel_ref.c. */
SIP_BENCH_LOOPS(module_bench_loops);

/* Time @expr (which sees the call number i) and print one CSV-bound line. */
#define BENCH_CTX(function, impl, len, expr, atomic)			\
do {									\
	struct bench_result __r;					\
									\
	BENCH_RUN_CTX(__r, bench_batches, BENCH_CALLS, (expr), atomic);	\
	bench_print(function, impl, len, &__r);				\
} while (0)
#define BENCH(function, impl, len, expr)				\
	BENCH_CTX(function, impl, len, expr, true)

/* This module's loop @mine against the kernel's @kern on @len bytes. */
static void bench_vs_kernel(const char *function, size_t len,
			    bench_loop_fn *mine, bench_loop_fn *kern)
{
	const struct sip_bench_in in = {
		.buf = bench_buf, .key = &bench_key, .hkey = &bench_hkey,
		.len = len,
	};
	struct bench_result rm, rk;

	bench_run_pair_fn(&rm, &rk, bench_batches, BENCH_CALLS, mine, kern, &in);
	bench_print(function, "module", len, &rm);
	bench_print(function, "kernel", len, &rk);
}

#define BUF(i) bench_buf[(i) % SIP_BENCH_BUFS]

static void bench_buffers(void)
{
	const struct sip_bench_loops *m = &module_bench_loops;
	const struct sip_bench_loops *k = &kernel_bench_loops;
	unsigned int j;
	size_t n;

	for (j = 0; j < ARRAY_SIZE(bench_lens); j++) {
		n = bench_lens[j];
		bench_vs_kernel("siphash", n, m->buf_sip, k->buf_sip);
		bench_vs_kernel("hsiphash", n, m->buf_hsip, k->buf_hsip);
		/* The seed's comparison set. */
		BENCH("siphash13", "siphash13", n, siphash_1_3(BUF(i), n, &bench_key));
		BENCH("halfsiphash13", "hsiphash13", n,
		      halfsiphash_1_3(BUF(i), n, bench_key.key[0], bench_key.key[1]));
		BENCH("jhash", "kernel", n, jhash(BUF(i), n, (u32)bench_key.key[0]));
	}
}

/* The helpers of sip_bench.h's table, and the bytes each one hashes. */
static const struct {
	const char *name;
	size_t len;
} bench_helper_names[SIP_BENCH_HELPERS] = {
	{ "siphash_1u64", 8 }, { "siphash_2u64", 16 }, { "siphash_3u64", 24 },
	{ "siphash_4u64", 32 }, { "siphash_1u32", 4 }, { "siphash_2u32", 8 },
	{ "siphash_3u32", 12 }, { "siphash_4u32", 16 },
	{ "hsiphash_1u32", 4 }, { "hsiphash_2u32", 8 },
	{ "hsiphash_3u32", 12 }, { "hsiphash_4u32", 16 },
};

static void bench_helpers(void)
{
	unsigned int j;

	for (j = 0; j < SIP_BENCH_HELPERS; j++)
		bench_vs_kernel(bench_helper_names[j].name,
				bench_helper_names[j].len,
				module_bench_loops.helper[j],
				kernel_bench_loops.helper[j]);
}

/*
 * What SipHash replaced: one SHA-1 block, as the old syncookies hashed, with
 * the project's baseline (sha1_baseline.h), equal to the kernel's former
 * sha1_transform().
 */
static u32 sha1_block(unsigned int i)
{
	u32 digest[SHA1_BASELINE_DIGEST_WORDS] = { i };

	sha1_baseline_transform(digest, BUF(i));
	return digest[0];
}

/*
 * The 004 mail's generator: a per-CPU chaining value hashed with a secret
 * key together with jiffies and the cycle counter, next to the kernel's
 * batched ChaCha get_random_u32/u64() of 6.1.
 */
static DEFINE_PER_CPU(u64, rng_chain);
static siphash_key_t rng_key;

static u64 siphash_rng_u64(void)
{
	u64 *chain = get_cpu_ptr(&rng_chain);
	u64 v = siphash_3u64(*chain, jiffies, get_cycles(), &rng_key);

	*chain = v;
	put_cpu_ptr(&rng_chain);
	return v;
}

static void bench_others(void)
{
	BENCH("empty_loop", "none", 0, i);
	BENCH("sha1_block", "baseline", 64, sha1_block(i));
	/*
	 * get_random_u32/u64() take a local_lock, a sleeping lock on
	 * PREEMPT_RT: they, and the generator compared with them, run
	 * preemptible. (With interrupts off, the debug kernel's
	 * DEBUG_ATOMIC_SLEEP reported "BUG: sleeping function called from
	 * invalid context at kernel/locking/spinlock_rt.c:48" in
	 * rt_spin_lock() from get_random_u32(): a sleep with interrupts off
	 * on Debian's -rt kernel.)
	 */
	BENCH_CTX("get_random_u32", "kernel", 4, get_random_u32(), false);
	BENCH_CTX("get_random_u32", "siphash_chain", 4, (u32)siphash_rng_u64(), false);
	BENCH_CTX("get_random_u64", "kernel", 8, get_random_u64(), false);
	BENCH_CTX("get_random_u64", "siphash_chain", 8, siphash_rng_u64(), false);
}

static void run_benchmarks(void)
{
	unsigned int b;

	if (!bench_batches) {
		pr_info("# bench: skipped (bench_batches=0)\n");
		return;
	}
	get_random_bytes(&bench_key, sizeof(bench_key));
	get_random_bytes(&bench_hkey, sizeof(bench_hkey));
	get_random_bytes(&rng_key, sizeof(rng_key));
	for (b = 0; b < SIP_BENCH_BUFS; b++)
		get_random_bytes(bench_buf[b], sizeof(bench_buf[b]));
	pr_info("# bench: cycles per call, median and min of %u batches of %u calls, interrupts off; empty_loop is the loop overhead, not subtracted\n",
		bench_batches, BENCH_CALLS);
	bench_others();
	bench_helpers();
	bench_buffers();
	test_hmac_bench(bench_batches, BENCH_CALLS);
	memzero_explicit(&bench_key, sizeof(bench_key));
	memzero_explicit(&bench_hkey, sizeof(bench_hkey));
	memzero_explicit(&rng_key, sizeof(rng_key));
}

/* ---- the plan ----------------------------------------------------------- */

static const struct ktap_case cases[] = {
	{ "siphash_vectors", t_siphash_vectors },
	{ "siphash_vectors_offsets_1_7", t_siphash_offsets },
	{ "siphash_aligned_entry", t_siphash_aligned_entry },
	{ "siphash_unaligned_entry_offsets_0_7", t_siphash_unaligned_entry },
	{ "siphash_const_len", t_siphash_const_len },
	{ "siphash_long_inputs", t_siphash_long },
	{ "siphash_1u64", t_1u64 },
	{ "siphash_2u64", t_2u64 },
	{ "siphash_3u64", t_3u64 },
	{ "siphash_4u64", t_4u64 },
	{ "siphash_1u32", t_1u32 },
	{ "siphash_2u32", t_2u32 },
	{ "siphash_3u32", t_3u32 },
	{ "siphash_4u32", t_4u32 },
	{ "hsiphash_vectors", t_hsiphash_vectors },
	{ "hsiphash_vectors_offsets_1_7", t_hsiphash_offsets },
	{ "hsiphash_aligned_entry", t_hsiphash_aligned_entry },
	{ "hsiphash_unaligned_entry_offsets_0_7", t_hsiphash_unaligned_entry },
	{ "entry_dispatch_by_alignment", t_entry_dispatch },
	{ "hsiphash_const_len", t_hsiphash_const_len },
	{ "hsiphash_long_inputs", t_hsiphash_long },
	{ "hsiphash_1u32", t_h1u32 },
	{ "hsiphash_2u32", t_h2u32 },
	{ "hsiphash_3u32", t_h3u32 },
	{ "hsiphash_4u32", t_h4u32 },
	{ "siphash_1_3_all_offsets_and_long", t_siphash_1_3 },
	{ "halfsiphash_1_3_all_offsets_and_long", t_halfsiphash_1_3 },
	{ "diff_siphash_vs_kernel", t_diff_siphash },
	{ "diff_hsiphash_vs_kernel", t_diff_hsiphash },
	{ "diff_siphash_helpers_vs_kernel", t_diff_siphash_helpers },
	{ "diff_hsiphash_helpers_vs_kernel", t_diff_hsiphash_helpers },
	{ "hmac_sha256_rfc4231_case1_preparekey", t_hmac_sha256 },
	{ "hmac_sha256_rfc4231_case1_usingrawkey", t_hmac_sha256_rawkey },
	{ "hmac_sha1_rfc2202_case1_preparekey", t_hmac_sha1 },
	{ "hmac_sha1_rfc2202_case1_usingrawkey", t_hmac_sha1_rawkey },
	{ "siphash_prepared_state_vs_kernel", t_siphash_state },
};

/* Stays NULL: calling it is the injected oops. */
static void (*oops_fn)(void);
/* The memory of inject=leak, which nothing frees. */
static void *leaked_kmalloc, *leaked_vmalloc;

#define INJECT_LOCKUP_MAX_SECONDS 90

static void run_injected_fault(void)
{
	ktime_t end;

	switch (inject) {
	case INJECT_WARN:
		WARN(1, "test_siphash: injected warning (inject=warn)\n");
		break;
	case INJECT_OOPS:
		pr_info("# injected oops (inject=oops): calling a NULL pointer\n");
		READ_ONCE(oops_fn)();
		break;
	case INJECT_HANG:
		pr_info("# injected hang (inject=hang)\n");
		for (;;)
			schedule_timeout_uninterruptible(HZ);
	case INJECT_LOCKUP:
		/*
		 * No yield until the soft-lockup detector reports (taint L),
		 * 20 s without scheduling. The RCU stall warning at 21 s
		 * resets its clock once, so it reports after about 45 s.
		 */
		pr_info("# injected lockup (inject=lockup): preemption off until the soft-lockup detector fires, at most %d s\n",
			INJECT_LOCKUP_MAX_SECONDS);
		end = ktime_add_ms(ktime_get(), INJECT_LOCKUP_MAX_SECONDS * MSEC_PER_SEC);
		preempt_disable();
		while (!test_taint(TAINT_SOFTLOCKUP) && ktime_before(ktime_get(), end))
			cpu_relax();
		preempt_enable();
		break;
	case INJECT_LEAK:
		/* Not the word the reliability run greps for: its figures must catch this. */
		WRITE_ONCE(leaked_kmalloc, kmalloc(SZ_4K, GFP_KERNEL));
		WRITE_ONCE(leaked_vmalloc, vmalloc(PAGE_SIZE));
		pr_info("# injected: 4 KiB from kmalloc() and a page from vmalloc(), never freed\n");
		break;
	}
}

static int __init test_siphash_init(void)
{
	unsigned int failed;

	if (!seed)
		seed = get_random_u64() | 1;
	prandom_seed_state(&rnd, seed);

	ktap_plan(ARRAY_SIZE(cases));
	pr_info("# siphash.ko %s, %d-bit kernel, hsiphash is %s\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG,
		BITS_PER_LONG == 64 ? "SipHash-1-3" : "HalfSipHash-1-3");
	pr_info("# differential: %u inputs per case, seed %lu\n", diff_iters, seed);
	run_injected_fault();

	failed = ktap_run(cases, ARRAY_SIZE(cases));
	if (failed)
		return -EINVAL;
	run_benchmarks();
	return 0;
}

static void __exit test_siphash_exit(void)
{
}

module_init(test_siphash_init);
module_exit(test_siphash_exit);

MODULE_DESCRIPTION("KTAP self-test of siphash.ko: vectors and a cross-check with lib/siphash.c");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
