// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time self-test of siphash.ko, reported in KTAP.
 *
 * The vectors of the self-test of "Introduce The SipHash PRF", long inputs
 * whose expected values come from libsodium, OpenSSL and an independent
 * HalfSipHash written from the paper (tests/vectors/), and a differential
 * cross-check against the kernel's built-in lib/siphash.c on random keys,
 * lengths and offsets; then benchmarks of both, side by side. One list of
 * the API (SIP_API(), kref.h) drives the known answers, the differential
 * checks and the benchmarks of every fixed-width helper.
 *
 * Any failing case makes module init return -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/jhash.h>
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/string.h>
#include <linux/timex.h>

#include "siphash.h"

#include "baselines.h"
#include "bench.h"
#include "compat.h"
#include "entry_dispatch.h"
#include "kref.h"
#include "ktap.h"
#include "modparam.h"
#include "siphash_vectors.h"

/* ---- module parameters ------------------------------------------------ */

static unsigned int diff_iters = 4224;
sipmod_param_uint(diff_iters, 1, 1000000,
		  "Random inputs per differential test against the built-in lib/siphash.c; default 4224");

static unsigned int bench_batches = 31;
sipmod_param_uint(bench_batches, 0, BENCH_MAX_BATCHES,
		  "Benchmark effort: timed batches per figure after the vectors pass, 0 skips the benchmarks; default 31");

static ulong seed;
module_param(seed, ulong, 0444);
MODULE_PARM_DESC(seed, "Seed of the differential tests' inputs and keys (0, the default: random; printed either way)");

/* siphash.ko's API as test_siphash sees it; the kernel's is kref_api. */
SIP_API(static, ours);

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

/* ---- known answers ------------------------------------------------------ */

/*
 * The cases run for both families of the API: SipHash-2-4 (siphash(),
 * 64-bit values) and hsiphash (32-bit values), each with its key and
 * vectors; @half picks hsiphash.
 */
enum entry_kind { DISPATCH, ALIGNED, UNALIGNED };

static const char *family(bool half)
{
	return half ? "hsiphash" : "siphash";
}

/* siphash.ko's @kind of entry of @half's family, with @sk or @hk. */
static u64 call_with(bool half, enum entry_kind kind, const void *data,
		     size_t len, const siphash_key_t *sk,
		     const hsiphash_key_t *hk)
{
	switch (kind) {
	case ALIGNED:
		return half ? __hsiphash_aligned(data, len, hk) :
			      __siphash_aligned(data, len, sk);
	case UNALIGNED:
		return half ? __hsiphash_unaligned(data, len, hk) :
			      __siphash_unaligned(data, len, sk);
	default:
		return half ? hsiphash(data, len, hk) : siphash(data, len, sk);
	}
}

/* The same with the test keys. */
static u64 call(bool half, enum entry_kind kind, const void *data, size_t len)
{
	return call_with(half, kind, data, len, &test_key_siphash,
			 &test_key_hsiphash);
}

/* The known answer for the message 00 01 .. @len - 1. */
static u64 want(bool half, size_t len)
{
	return half ? test_vectors_hsiphash[len] : test_vectors_siphash[len];
}

/* Every vector at each offset @off_lo..@off_hi through one entry. */
static void vectors(bool half, enum entry_kind kind, unsigned int off_lo,
		    unsigned int off_hi)
{
	unsigned int off;
	size_t len;
	u64 got;

	for (off = off_lo; off <= off_hi; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_siphash); len++) {
			got = call(half, kind, seq_at(off, len), len);
			if (got != want(half, len))
				ktap_fail("%s offset %u len %zu: got %016llx want %016llx",
					  family(half), off, len, got, want(half, len));
		}
}

static void t_siphash_vectors(void)		{ vectors(false, DISPATCH, 0, 0); }
static void t_siphash_offsets(void)		{ vectors(false, DISPATCH, 1, 7); }
static void t_siphash_aligned_entry(void)	{ vectors(false, ALIGNED, 0, 0); }
static void t_siphash_unaligned_entry(void)	{ vectors(false, UNALIGNED, 0, 7); }
static void t_hsiphash_vectors(void)		{ vectors(true, DISPATCH, 0, 0); }
static void t_hsiphash_offsets(void)		{ vectors(true, DISPATCH, 1, 7); }
static void t_hsiphash_aligned_entry(void)	{ vectors(true, ALIGNED, 0, 0); }
static void t_hsiphash_unaligned_entry(void)	{ vectors(true, UNALIGNED, 0, 7); }

/*
 * Which entry siphash() and hsiphash() take: where unaligned access is not
 * efficient (MIPS), an aligned buffer must take the aligned entry and any
 * other the unaligned one. The vectors above prove both entries agree;
 * this proves the inline dispatch of siphash.h picks the right one.
 * sipmod_testlib.ko compiles that dispatch with the entries renamed to
 * counting functions (entry_dispatch.h); a kprobe on each entry would see
 * the same, but MIPS's kprobes single-step in a slot whose trap, about once
 * in 20 loads under QEMU, finds no kprobe running.
 * Elsewhere the inline functions have no aligned path, and the case is
 * skipped.
 */
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
		for (i = 0; i < NR_ENTRIES; i++) {
			want = (i % 2 == 0) == !off;
			if (entry_hits[i] != want)
				ktap_fail("offset %u: %s reached %u times, want %u",
					  off, entry_names[i], entry_hits[i], want);
		}
	}
}

/* Long messages at every offset 0..7, through siphash() and both entries. */
static void long_inputs(bool half)
{
	unsigned int off, i, kind;
	u64 got, w;
	u8 *p;
	size_t j;

	for (off = 0; off < 8; off++) {
		p = buf + off;
		for (j = 0; j < LONG_MSG_MAX; j++)
			p[j] = LONG_MSG_BYTE(j);
		for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
			w = half ? long_vector_hsiphash(i) : long_vectors[i].siphash;
			for (kind = DISPATCH; kind <= UNALIGNED; kind++) {
				if (kind == ALIGNED && off)
					continue;
				got = call(half, kind, p, long_lens[i]);
				if (got != w)
					ktap_fail("%s entry %u off %u len %zu: %016llx != %016llx",
						  family(half), kind, off, long_lens[i], got, w);
			}
		}
	}
}

static void t_siphash_long(void)	{ long_inputs(false); }
static void t_hsiphash_long(void)	{ long_inputs(true); }

/*
 * Lengths known at compile time take the fixed-width helpers inside
 * siphash() and hsiphash(): 4, 8, 16, 24, 32 and 4, 8, 12, 16 bytes.
 */
static void t_const_len(void)
{
	const siphash_key_t *sk = &test_key_siphash;
	const hsiphash_key_t *hk = &test_key_hsiphash;
	const struct {
		size_t len;
		u64 got;
		bool half;
	} *c, *end;
	unsigned int off;
	u8 *p;

	for (off = 0; off < 8; off++) {
		const typeof(*c) got[] = {
			{ 4, siphash(p = seq_at(off, 32), 4, sk) },
			{ 8, siphash(p, 8, sk) }, { 16, siphash(p, 16, sk) },
			{ 24, siphash(p, 24, sk) }, { 32, siphash(p, 32, sk) },
			{ 4, hsiphash(p, 4, hk), true }, { 8, hsiphash(p, 8, hk), true },
			{ 12, hsiphash(p, 12, hk), true },
			{ 16, hsiphash(p, 16, hk), true },
		};

		end = got + ARRAY_SIZE(got);
		for (c = got; c < end; c++)
			if (c->got != want(c->half, c->len))
				ktap_fail("%s offset %u const len %zu: got %016llx",
					  family(c->half), off, c->len, c->got);
	}
}

/*
 * Both hsiphash algorithms on every arch, short vectors and long inputs:
 * SipHash-1-3 (the 64-bit hsiphash, key 00..0f) and HalfSipHash-1-3 (the
 * 32-bit one, key 00..07).
 */
static u32 variant(bool half, const u8 *data, size_t len)
{
	return half ? halfsiphash_1_3(data, len, 0x03020100U, 0x07060504U) :
		      siphash_1_3(data, len, &test_key_siphash);
}

static void variants(bool half)
{
	const u32 *vec = half ? test_vectors_hsiphash32 : test_vectors_hsiphash64;
	unsigned int off, i;
	u32 got, want;
	size_t len;

	for (off = 0; off < 8; off++)
		for (len = 0; len < ARRAY_SIZE(test_vectors_hsiphash64); len++) {
			got = variant(half, seq_at(off, len), len);
			if (got != vec[len])
				ktap_fail("off %u len %zu: %08x != %08x", off, len,
					  got, vec[len]);
		}
	for (i = 0; i < LONG_MSG_MAX; i++)
		buf[i] = LONG_MSG_BYTE(i);
	for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
		want = half ? long_vectors_hsiphash32[i] :
			      long_vectors[i].hsiphash64;
		got = variant(half, buf, long_lens[i]);
		if (got != want)
			ktap_fail("len %zu: %08x != %08x", long_lens[i], got, want);
	}
}

static void t_siphash_1_3(void)		{ variants(false); }
static void t_halfsiphash_1_3(void)	{ variants(true); }

/*
 * Every fixed-width helper of one family on the message 00 01 02 ...: the
 * words it takes are that message's little-endian words.
 */
static void helpers_known_answers(bool half)
{
	const void *key = half ? (const void *)&test_key_hsiphash :
				 (const void *)&test_key_siphash;
	const struct sip_helper *h;
	u64 got;

	for (h = ours.helpers; h < ours.helpers + SIP_NR_HELPERS; h++) {
		if (h->half != half)
			continue;
		got = h->call(seq_at(0, SIP_HELPER_MAX_LEN), key);
		if (got != want(half, h->len))
			ktap_fail("%s: got %016llx want %016llx", h->name, got,
				  want(half, h->len));
	}
}

static void t_siphash_helpers(void)	{ helpers_known_answers(false); }
static void t_hsiphash_helpers(void)	{ helpers_known_answers(true); }

/* ---- differential cases against lib/siphash.c ------------------------- */

#define DIFF_MAX_LEN 527	/* lengths 0..527: past 512, all tails */
static struct rnd_state rnd;

/*
 * siphash() (or hsiphash()) against the kernel's on random keys and
 * inputs, whose length and offset sweep all pairs; then both entries.
 */
static void diff_buffers(bool half)
{
	unsigned int i, off, kind;
	siphash_key_t key;
	hsiphash_key_t hkey;
	u64 mine, kern;
	size_t len;
	u8 *p;

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		len = i % (DIFF_MAX_LEN + 1);
		off = (i / (DIFF_MAX_LEN + 1)) % 8;
		prandom_bytes_state(&rnd, &key, sizeof(key));
		prandom_bytes_state(&rnd, &hkey, sizeof(hkey));
		p = buf + off;
		prandom_bytes_state(&rnd, p, len);
		kern = half ? kref_api.hsiphash(p, len, &hkey) :
			      kref_api.siphash(p, len, &key);
		for (kind = DISPATCH; kind <= UNALIGNED; kind++) {
			if (kind == ALIGNED && off)
				continue;
			mine = call_with(half, kind, p, len, &key, &hkey);
			if (mine != kern)
				ktap_fail("%s entry %u len %zu off %u: %016llx != kernel %016llx",
					  family(half), kind, len, off, mine, kern);
		}
	}
	memzero_explicit(&key, sizeof(key));
	memzero_explicit(&hkey, sizeof(hkey));
}

static void t_diff_siphash(void)	{ diff_buffers(false); }
static void t_diff_hsiphash(void)	{ diff_buffers(true); }

/* Every helper of both families, on random words and keys, both ways. */
static void t_diff_helpers(void)
{
	const struct sip_helper *mine, *kern;
	u8 w[SIP_HELPER_MAX_LEN];
	siphash_key_t key;
	hsiphash_key_t hkey;
	unsigned int i, j;
	u64 a, b;

	for (i = 0; i < diff_iters; i++) {
		cond_resched();
		prandom_bytes_state(&rnd, &key, sizeof(key));
		prandom_bytes_state(&rnd, &hkey, sizeof(hkey));
		prandom_bytes_state(&rnd, w, sizeof(w));
		for (j = 0; j < SIP_NR_HELPERS; j++) {
			mine = &ours.helpers[j];
			kern = &kref_api.helpers[j];
			a = mine->call(w, mine->half ? (void *)&hkey : (void *)&key);
			b = kern->call(w, kern->half ? (void *)&hkey : (void *)&key);
			if (a != b)
				ktap_fail("%s input %*phN: %llx, kernel %llx",
					  mine->name, (int)mine->len, w, a, b);
		}
	}
	memzero_explicit(&key, sizeof(key));
	memzero_explicit(&hkey, sizeof(hkey));
}

/* ---- benchmarks (after every case passed) ------------------------------ */

#define BENCH_CALLS 64	/* calls per batch, interrupts off */

static const size_t bench_lens[] = {
	0, 1, 4, 7, 8, 12, 15, 16, 24, 31, 32, 48, 64, 128, 256, 1024
};

static u8 bench_buf[SIP_BENCH_BUFS][SIP_BENCH_BUF_LEN] __aligned(SIPHASH_ALIGNMENT);
static siphash_key_t bench_key;
static hsiphash_key_t bench_hkey;

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

/* siphash.ko's loop @mine against the kernel's @kern on @len bytes. */
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

/*
 * Every length through siphash() and hsiphash(), and the set the patch
 * series measured against: SipHash-1-3, HalfSipHash-1-3 and jhash.
 */
static void bench_buffers(void)
{
	unsigned int j;
	size_t n;

	for (j = 0; j < ARRAY_SIZE(bench_lens); j++) {
		n = bench_lens[j];
		bench_vs_kernel("siphash", n, ours.siphash_loop, kref_api.siphash_loop);
		bench_vs_kernel("hsiphash", n, ours.hsiphash_loop, kref_api.hsiphash_loop);
		BENCH("siphash13", "siphash13", n, siphash_1_3(BUF(i), n, &bench_key));
		BENCH("halfsiphash13", "hsiphash13", n,
		      halfsiphash_1_3(BUF(i), n, bench_key.key[0], bench_key.key[1]));
		BENCH("jhash", "kernel", n, jhash(BUF(i), n, (u32)bench_key.key[0]));
	}
}

static void bench_helpers(void)
{
	unsigned int j;

	for (j = 0; j < SIP_NR_HELPERS; j++)
		bench_vs_kernel(ours.helpers[j].name, ours.helpers[j].len,
				ours.helpers[j].loop, kref_api.helpers[j].loop);
}

/*
 * What SipHash replaced: one SHA-1 block, as the old syncookies hashed,
 * with the baseline equal to the kernel's former sha1_transform().
 */
static u32 sha1_block(unsigned int i)
{
	u32 digest[SHA1_BASELINE_DIGEST_WORDS] = { i };

	sha1_baseline_transform(digest, BUF(i));
	return digest[0];
}

/*
 * The generator of "random: use siphash24 instead of md5 for
 * get_random_int/long": a per-CPU chaining value hashed with a secret
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
		ktap_info("bench: skipped (bench_batches=0)");
		return;
	}
	get_random_bytes(&bench_key, sizeof(bench_key));
	get_random_bytes(&bench_hkey, sizeof(bench_hkey));
	get_random_bytes(&rng_key, sizeof(rng_key));
	for (b = 0; b < SIP_BENCH_BUFS; b++)
		get_random_bytes(bench_buf[b], sizeof(bench_buf[b]));
	ktap_info("bench: cycles per call, median and min of %u batches of %u calls, interrupts off; empty_loop is the loop overhead, not subtracted",
		  bench_batches, BENCH_CALLS);
	bench_others();
	bench_helpers();
	bench_buffers();
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
	{ "siphash_hsiphash_const_len", t_const_len },
	{ "siphash_long_inputs", t_siphash_long },
	{ "siphash_helpers", t_siphash_helpers },
	{ "hsiphash_vectors", t_hsiphash_vectors },
	{ "hsiphash_vectors_offsets_1_7", t_hsiphash_offsets },
	{ "hsiphash_aligned_entry", t_hsiphash_aligned_entry },
	{ "hsiphash_unaligned_entry_offsets_0_7", t_hsiphash_unaligned_entry },
	{ "entry_dispatch_by_alignment", t_entry_dispatch },
	{ "hsiphash_long_inputs", t_hsiphash_long },
	{ "hsiphash_helpers", t_hsiphash_helpers },
	{ "siphash_1_3_all_offsets_and_long", t_siphash_1_3 },
	{ "halfsiphash_1_3_all_offsets_and_long", t_halfsiphash_1_3 },
	{ "diff_siphash_vs_kernel", t_diff_siphash },
	{ "diff_hsiphash_vs_kernel", t_diff_hsiphash },
	{ "diff_helpers_vs_kernel", t_diff_helpers },
};

static int __init test_siphash_init(void)
{
	unsigned int failed;

	if (!seed)
		seed = get_random_u64() | 1;
	prandom_seed_state(&rnd, seed);

	ktap_begin(ARRAY_SIZE(cases));
	pr_info("# siphash.ko %s, %d-bit kernel, hsiphash is %s\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG,
		BITS_PER_LONG == 64 ? "SipHash-1-3" : "HalfSipHash-1-3");
	pr_info("# differential: %u inputs per case, seed %lu\n", diff_iters, seed);
	failed = ktap_run(cases, ARRAY_SIZE(cases));
	if (!failed)
		run_benchmarks();
	ktap_end();
	return failed ? -EINVAL : 0;
}

static void __exit test_siphash_exit(void)
{
}

module_init(test_siphash_init);
module_exit(test_siphash_exit);

MODULE_DESCRIPTION("KTAP self-test of siphash.ko: vectors, a cross-check with lib/siphash.c, benchmarks of both");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
