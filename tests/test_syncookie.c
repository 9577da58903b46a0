// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time test of syncookie_demo.ko, reported in KTAP: the SHA-1
 * baseline against FIPS 180-4 and the kernel's sha1_transform(), the
 * cookie hashes against known answers from libsodium
 * (tests/vectors/gen_syncookie.c), round trips of every MSS over the whole
 * validity window and the wrap of the minute counter (the SipHash cookies
 * of syncookie_demo.h and the SHA-1 ones of baselines.h), forgeries, the
 * running kernel's own cookies as the oracle (live.h), then make + check
 * of a cookie under a SYN flood of random tuples, SHA-1 and SipHash in the
 * same batches.
 *
 * Every case runs for both address families on one struct syn. Any
 * failing case makes module init return -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/tcp.h>

#include "siphash.h"

#include "baselines.h"
#include "bench.h"
#include "compat.h"
#include "ktap.h"
#include "live.h"
#include "modparam.h"
#include "syncookie_demo.h"
#include "syncookie_kat.h"

/* Cookies per timed batch: short, with interrupts off, on every arch. */
#define BENCH_CALLS	512
static unsigned int bench_batches = 31;
sipmod_param_uint(bench_batches, 0, BENCH_MAX_BATCHES,
		  "Benchmark effort: timed batches of 512 random SYNs per figure, each made into a cookie and checked, 0 skips the benchmark; default 31");

static unsigned int forge_tries = 1048576;
sipmod_param_uint(forge_tries, 1024, 16777216,
		  "Random forgery attempts per address family; default 1048576");

static ulong seed;
module_param(seed, ulong, 0444);
MODULE_PARM_DESC(seed, "Seed of the random tuples of the tests and benchmarks (0, the default: random; printed either way)");

/*
 * A function called through its address: sha1_transform() is exported
 * (Module.symvers lists it) wherever <crypto/sha1.h> declares it, the only
 * kernels this calls it on, so its ENDBR is never sealed (live.h).
 */
sipmod_param_ksym(sha1_transform,
		  "Test only: the address of the kernel's sha1_transform() in /proc/kallsyms, to compare the SHA-1 baseline with it (default: none, the comparison is skipped)");
sipmod_param_ksym(syncookie_secret,
		  "Test only: the address of the kernel's syncookie_secret in /proc/kallsyms (CONFIG_KALLSYMS_ALL), checked against the key pointer the kprobe finds (default: not checked)");
sipmod_param_ksym(syncookie6_secret,
		  "Test only: the address of the kernel's syncookie6_secret, checked like syncookie_secret_addr");

/*
 * The minute counter in bits 31..24, from net/ipv4/syncookies.c rather
 * than from the code under test; the MSS index, added and not hashed, in
 * the low bits.
 */
#define COOKIEBITS	24
#define INDEX_BITS	order_base_2(SCD_MSSTAB_SIZE)

/* The cookies under test: syncookie_demo.ko's, or the SHA-1 baseline. */
enum impl { SIPHASH, SHA1 };

static const char * const impl_names[] = {
	[SIPHASH] = "siphash", [SHA1] = "sha1",
};

/* The keys of the round trips, forgeries and benchmark: random. */
static siphash_aligned_key_t sip_keys[2];
static struct sha1_cookie_secret sha1_keys;
static struct rnd_state rnd;

static const char *family(const struct scd_tuple *s)
{
	return s->ipv6 ? "v6" : "v4";
}

/* The tuple's bytes, for bit flips, and their number. */
static u8 *tuple_bytes(struct scd_tuple *s, size_t *len)
{
	*len = s->ipv6 ? sizeof(s->t6) : sizeof(s->t4);
	return s->ipv6 ? (u8 *)&s->t6 : (u8 *)&s->t4;
}

/* A random tuple of the family @v6. */
static void rand_syn(struct scd_tuple *s, bool v6)
{
	size_t len;
	u8 *p;

	memset(s, 0, sizeof(*s));
	s->ipv6 = v6;
	p = tuple_bytes(s, &len);
	prandom_bytes_state(&rnd, p, len);
}

/* The tuple of the other direction: the SYN-ACK's. */
static void swap_direction(struct scd_tuple *s)
{
	swap(s->t4.saddr, s->t4.daddr);
	swap(s->t4.sport, s->t4.dport);
	swap(s->t6.saddr, s->t6.daddr);
	swap(s->t6.sport, s->t6.dport);
}

/* The cookie of a SYN @s with sequence number @seq at minute @count. */
static u32 make(enum impl impl, const struct scd_tuple *s, __be32 seq,
		u16 *mssp, u32 count)
{
	if (impl == SHA1)
		return sha1_cookie_init_sequence(s, seq, mssp, count, &sha1_keys,
						 scd_msstab(s));
	return scd_cookie_init_sequence(s, seq, mssp, count, sip_keys);
}

/* The MSS the ACK @s with sequence number @seq finds in @cookie, or 0. */
static int check(enum impl impl, const struct scd_tuple *s, __be32 seq,
		 u32 cookie, u32 count)
{
	if (impl == SHA1)
		return sha1_cookie_check(s, seq, cookie, count, &sha1_keys,
					 scd_msstab(s));
	return scd_cookie_check(s, seq, cookie, count, sip_keys);
}

/* The ACK of a handshake: same tuple, seq + 1 (and cookie + 1 acked). */
static __be32 next_seq(__be32 seq)
{
	return htonl(ntohl(seq) + 1);
}

/* ---- the SHA-1 baseline: FIPS 180-4 and the kernel's sha1_transform() -- */

/* FIPS 180-4 example "abc": its one padded block and the digest. */
static void t_sha1_baseline_fips180(void)
{
	static const u32 want[SHA1_BASELINE_DIGEST_WORDS] = {
		0xa9993e36U, 0x4706816aU, 0xba3e2571U, 0x7850c26cU, 0x9cd0d89dU,
	};
	u8 block[SHA1_BASELINE_BLOCK_BYTES] = { 'a', 'b', 'c', 0x80 };
	u32 h[SHA1_BASELINE_DIGEST_WORDS];
	unsigned int i;

	block[SHA1_BASELINE_BLOCK_BYTES - 1] = 3 * 8;	/* length in bits */
	memcpy(h, sha1_baseline_iv, sizeof(h));
	sha1_baseline_transform(h, block);
	for (i = 0; i < ARRAY_SIZE(h); i++)
		if (h[i] != want[i])
			ktap_fail("SHA-1(\"abc\") word %u: %08x, want %08x",
				  i, h[i], want[i]);
}

/* Random blocks and chaining values through both compression functions. */
static void t_sha1_baseline_vs_kernel(void)
{
	u32 ours[SHA1_BASELINE_DIGEST_WORDS], theirs[SHA1_BASELINE_DIGEST_WORDS];
	u32 ws[SIPMOD_SHA1_WORKSPACE_WORDS];
	u8 block[SHA1_BASELINE_BLOCK_BYTES];
	sipmod_sha1_transform_t *kernel_fn;
	unsigned int n;

	if (SIPMOD_SHA1_TRANSFORM_GONE) {
		ktap_skip(SIPMOD_SHA1_TRANSFORM_GONE);
		return;
	}
	if (!sha1_transform_addr.addr) {
		ktap_skip("no sha1_transform_addr= (the harness reads it from /proc/kallsyms)");
		return;
	}
	kernel_fn = (sipmod_sha1_transform_t *)sha1_transform_addr.addr;
	for (n = 0; n < 1024; n++) {
		prandom_bytes_state(&rnd, block, sizeof(block));
		prandom_bytes_state(&rnd, ours, sizeof(ours));
		memcpy(theirs, ours, sizeof(theirs));
		sha1_baseline_transform(ours, block);
		kernel_fn(theirs, (const char *)block, ws);
		if (memcmp(ours, theirs, sizeof(ours)))
			ktap_fail("block %u: digest %08x.. differs from the kernel's %08x..",
				  n, ours[0], theirs[0]);
	}
	memzero_explicit(ws, sizeof(ws));
	ktap_info("sha1_baseline_transform() equals the kernel's sha1_transform() on 1024 random blocks");
}

/* ---- known answers ------------------------------------------------------- */

/* Fixed keys of the known answers: bytes 00..0f and 10..1f. */
static const siphash_aligned_key_t test_keys[2] = {
	{{ 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL }},
	{{ 0x1716151413121110ULL, 0x1f1e1d1c1b1a1918ULL }},
};

static void __init kat_expect(const char *what, u64 got, u64 want)
{
	if (got != want)
		ktap_fail("%s: got %016llx want %016llx", what, got, want);
}

/*
 * The SYN of tests/vectors/syncookie_kat.h of one family, with test_keys:
 * libsodium's H(key0; count 0), H(key1; count) (the cookie uses their low
 * 32 bits) and the whole cookie, for this CPU's byte order.
 */
static void __init kat_case(bool v6)
{
	const struct syncookie_kat *k = v6 ? &syncookie_kat_v6 : &syncookie_kat_v4;
	enum kat_order o = kat_cpu_order();
	__be32 seq = htonl(k->seq);
	u16 mss = k->mss;
	struct scd_tuple s = { .ipv6 = v6 };
	u32 cookie;

	if (v6) {
		memcpy(&s.t6.saddr, k->saddr, sizeof(s.t6.saddr));
		memcpy(&s.t6.daddr, k->daddr, sizeof(s.t6.daddr));
		s.t6.sport = htons(k->sport);
		s.t6.dport = htons(k->dport);
	} else {
		memcpy(&s.t4.saddr, k->saddr, sizeof(s.t4.saddr));
		memcpy(&s.t4.daddr, k->daddr, sizeof(s.t4.daddr));
		s.t4.sport = htons(k->sport);
		s.t4.dport = htons(k->dport);
	}
	kat_expect("H(key0; count 0), low 32 bits",
		   scd_cookie_hash(&s, 0, 0, test_keys), lower_32_bits(k->h0[o]));
	kat_expect("H(key1; count), low 32 bits",
		   scd_cookie_hash(&s, SYNCOOKIE_KAT_COUNT, 1, test_keys),
		   lower_32_bits(k->h1[o]));
	cookie = scd_cookie_init_sequence(&s, seq, &mss, SYNCOOKIE_KAT_COUNT,
					  test_keys);
	kat_expect("cookie", cookie, k->cookie[o]);
	kat_expect("decoded MSS",
		   scd_cookie_check(&s, next_seq(seq), cookie, SYNCOOKIE_KAT_COUNT,
				    test_keys), k->mss_table);
}

static void __init t_kat_v4(void)	{ kat_case(false); }
static void __init t_kat_v6(void)	{ kat_case(true); }

/* ---- round trips ----------------------------------------------------------- */

/* Minutes a cookie is made at: both sides of the 8-bit wrap, and far out. */
static const u32 rt_minutes[] = {
	0, 1, 127, 254, 255, 256, 257, 0x01234567, 0xfffffffe, 0xffffffff,
};

#define RT_TUPLES	4	/* random tuples per (MSS, minute) */
#define RT_REFUSED_SPAN	300	/* minutes past the window checked refused */
#define RT_MSS_VALUES	(3 + 3 * SCD_MSSTAB_SIZE)

/*
 * MSS values to encode for @tab: every entry, one above and one below each
 * entry, 0, 1 and 65535, RT_MSS_VALUES in all.
 */
static void rt_mss_values(const u16 *tab, u16 *out)
{
	unsigned int i, m = 0;

	out[m++] = 0;
	out[m++] = 1;
	out[m++] = U16_MAX;
	for (i = 0; i < SCD_MSSTAB_SIZE; i++) {
		out[m++] = tab[i] - 1;
		out[m++] = tab[i];
		out[m++] = tab[i] + 1;
	}
}

/* The table value @mss must round to, computed apart from the demo's. */
static u16 rt_expected(const u16 *tab, u16 mss)
{
	u16 want = tab[0];
	unsigned int i;

	for (i = 0; i < SCD_MSSTAB_SIZE; i++)
		if (tab[i] <= mss)
			want = tab[i];
	return want;
}

/*
 * Check the ACK of @cookie, made by @impl at minute @t for SYN @s with
 * sequence number @seq and MSS @want, at every minute from t - 1 to
 * t + MAX_SYNCOOKIE_AGE + RT_REFUSED_SPAN - 1: it must decode to @want
 * exactly for t .. t + MAX_SYNCOOKIE_AGE - 1.
 */
static void rt_sweep(enum impl impl, const struct scd_tuple *s, __be32 seq,
		     u32 cookie, u32 t, u16 want)
{
	int got, exp;
	u32 d;

	got = check(impl, s, next_seq(seq), cookie, t - 1);
	if (got)
		ktap_fail("%s %s cookie of minute %u accepted at %u",
			  impl_names[impl], family(s), t, t - 1);
	for (d = 0; d < MAX_SYNCOOKIE_AGE + RT_REFUSED_SPAN; d++) {
		got = check(impl, s, next_seq(seq), cookie, t + d);
		exp = d < MAX_SYNCOOKIE_AGE ? want : 0;
		if (got != exp)
			ktap_fail("%s %s cookie of minute %u, age %u: MSS %d, want %d",
				  impl_names[impl], family(s), t, d, got, exp);
	}
}

static void roundtrip(enum impl impl, bool v6)
{
	const struct scd_tuple fam = { .ipv6 = v6 };
	const u16 *tab = scd_msstab(&fam);
	u16 vals[RT_MSS_VALUES], mss, want;
	unsigned int v, m, r;
	struct scd_tuple s;
	u32 cookie;
	__be32 seq;

	rt_mss_values(tab, vals);
	for (v = 0; v < RT_MSS_VALUES; v++) {
		want = rt_expected(tab, vals[v]);
		for (m = 0; m < ARRAY_SIZE(rt_minutes); m++)
			for (r = 0; r < RT_TUPLES; r++) {
				cond_resched();
				rand_syn(&s, v6);
				seq = (__force __be32)prandom_u32_state(&rnd);
				mss = vals[v];
				cookie = make(impl, &s, seq, &mss, rt_minutes[m]);
				if (mss != want)
					ktap_fail("MSS %u rounded to %u, want %u",
						  vals[v], mss, want);
				rt_sweep(impl, &s, seq, cookie, rt_minutes[m], want);
			}
	}
}

static void t_roundtrip_v4_siphash(void)	{ roundtrip(SIPHASH, false); }
static void t_roundtrip_v6_siphash(void)	{ roundtrip(SIPHASH, true); }
static void t_roundtrip_v4_sha1(void)		{ roundtrip(SHA1, false); }
static void t_roundtrip_v6_sha1(void)		{ roundtrip(SHA1, true); }

/* The 8-bit counter wrap spelled out: made at 255, valid at 256, not 257. */
static void t_counter_wrap(void)
{
	static const bool valid[] = { true, true, false };	/* at 255, 256, 257 */
	__be32 seq = htonl(0x12345678);
	unsigned int f, d;
	struct scd_tuple s;
	u16 mss;
	u32 c;
	int got;

	for (f = 0; f < 2; f++) {
		rand_syn(&s, f);
		mss = U16_MAX;
		c = make(SIPHASH, &s, seq, &mss, 255);
		if ((c - ntohl(seq) - scd_cookie_hash(&s, 0, 0, sip_keys)) >> COOKIEBITS != 255)
			ktap_fail("%s cookie of minute 255 does not carry 255 in bits 31..24",
				  family(&s));
		for (d = 0; d < ARRAY_SIZE(valid); d++) {
			got = check(SIPHASH, &s, next_seq(seq), c, 255 + d);
			if (got != (valid[d] ? mss : 0))
				ktap_fail("%s made at 255, checked at %u: MSS %d",
					  family(&s), 255 + d, got);
		}
	}
}

/* ---- forgery -------------------------------------------------------------- */

#define FORGE_TUPLES	64	/* random valid cookies per structured case */

/* Accepted forgeries of the current case, and index-bit flips (by design). */
static unsigned int forged, index_moves;

/*
 * One altered ACK: @got is what the check returned, @orig the MSS of the
 * genuine cookie. Altering the low INDEX_BITS bits of the cookie moves
 * the added MSS index (as in the kernel: the index is not hashed), so
 * there, another table entry is tolerated but the original one is not.
 */
static void forge_result(const char *what, unsigned int bit, int got, int orig,
			 bool index_bit)
{
	if (!got)
		return;
	if (index_bit && got != orig) {
		index_moves++;
		return;
	}
	forged++;
	ktap_fail("forged ACK accepted: %s bit %u, MSS %d", what, bit, got);
}

/*
 * Every bit of a genuine cookie and of its tuple flipped in turn, and the
 * tuple of the other direction: each ACK must be refused.
 */
static void forgery(bool v6)
{
	unsigned int n, bit;
	struct scd_tuple s, f;
	__be32 seq, aseq;
	u32 cookie, now;
	size_t len;
	int orig;
	u8 *p;
	u16 mss;

	forged = 0;
	index_moves = 0;
	for (n = 0; n < FORGE_TUPLES; n++) {
		rand_syn(&s, v6);
		seq = (__force __be32)prandom_u32_state(&rnd);
		aseq = next_seq(seq);
		now = prandom_u32_state(&rnd);
		mss = prandom_u32_state(&rnd);
		cookie = make(SIPHASH, &s, seq, &mss, now);
		now += n & 1;	/* both valid ages */
		orig = check(SIPHASH, &s, aseq, cookie, now);
		if (orig != mss)
			ktap_fail("genuine cookie refused: MSS %d, want %u", orig, mss);
		for (bit = 0; bit < 32; bit++)
			forge_result("cookie", bit,
				     check(SIPHASH, &s, aseq, cookie ^ BIT(bit), now),
				     orig, bit < INDEX_BITS);
		f = s;
		p = tuple_bytes(&f, &len);
		for (bit = 0; bit < 8 * len; bit++) {
			f = s;
			p[bit / 8] ^= BIT(bit % 8);
			forge_result("tuple", bit,
				     check(SIPHASH, &f, aseq, cookie, now), orig,
				     false);
		}
		f = s;
		swap_direction(&f);
		forge_result("swapped direction", 0,
			     check(SIPHASH, &f, aseq, cookie, now), orig, false);
	}
	ktap_info("forgery_%s: %u forged ACKs accepted of %zu (32 cookie bits, %zu tuple bits, swapped direction, per cookie); %u flips of the %u MSS-index bits moved to another MSS, as in the kernel",
		  family(&s), forged, FORGE_TUPLES * (32 + 8 * len + 1), 8 * len,
		  index_moves, (unsigned int)INDEX_BITS);
}

static void t_forgery_v4(void)	{ forgery(false); }
static void t_forgery_v6(void)	{ forgery(true); }

/*
 * Random forgeries: half the tries are a random cookie for a genuine
 * tuple, half a genuine cookie replayed for a random other tuple. A try
 * is accepted with probability MAX_SYNCOOKIE_AGE / 256 (the age) times
 * 4 / 2^24 (the index): 2^-29 per try with the kernel's constants, so a
 * correct check lets a few through by chance: at most 2^24 tries expect
 * 2^-5 of them, and 5 or more come with probability below 10^-9 (Poisson).
 * More than FORGE_CHANCE fails; demanding 0 failed about 1 load in 16 at
 * the largest forge_tries (v4 and v6), 1 in 250 at the default.
 */
#define FORGE_CHANCE	4

static void forgery_random(bool v6)
{
	unsigned int n, accepted = 0;
	u32 cookie, now = 1000, frac;
	__be32 seq = htonl(1);
	u16 mss = 1460;
	struct scd_tuple s, f;
	u64 exp;

	for (n = 0; n < forge_tries; n++) {
		cond_resched();
		rand_syn(&s, v6);
		if (n & 1) {
			cookie = prandom_u32_state(&rnd);
		} else {
			cookie = make(SIPHASH, &s, seq, &mss, now);
			f = s;
			rand_syn(&s, v6);
			if (!memcmp(&f, &s, sizeof(s)))
				continue;
		}
		if (check(SIPHASH, &s, next_seq(seq), cookie, now))
			accepted++;
	}
	exp = ((u64)forge_tries * MAX_SYNCOOKIE_AGE * SCD_MSSTAB_SIZE * 1000000) >> 32;
	exp = div_u64_rem(exp, 1000000, &frac);
	ktap_info("forgery_random_%s: %u of %u random forged ACKs accepted (expected 2^-29 per try, %llu.%06u in this run)",
		  family(&s), accepted, forge_tries, exp, frac);
	if (accepted > FORGE_CHANCE)
		ktap_fail("%u random forgeries accepted, more than the %u chance allows",
			  accepted, FORGE_CHANCE);
}

static void t_forgery_random_v4(void)	{ forgery_random(false); }
static void t_forgery_random_v6(void)	{ forgery_random(true); }

/* ---- the SYN flood figure ------------------------------------------------ */

#define BENCH_MINUTE	1000

/**
 * struct flood_syn - one SYN of the benchmark flood
 * @s: its tuple
 * @seq: its sequence number, network byte order
 * @mss: its MSS option, in bytes
 */
struct flood_syn {
	struct scd_tuple s;
	__be32 seq;
	u16 mss;
};

/*
 * One cookie's life per call: made for the SYN, then checked for its ACK.
 * Returns the decoded MSS, which the benchmark sums.
 */
static noinline int life(enum impl impl, const struct flood_syn *f)
{
	u16 mss = f->mss;
	u32 cookie = make(impl, &f->s, f->seq, &mss, BENCH_MINUTE);

	return check(impl, &f->s, next_seq(f->seq), cookie, BENCH_MINUTE);
}

/* SHA-1 and SipHash cookies of one family, in the same batches. */
static void bench_cookies(bool v6)
{
	const char *fn = v6 ? "cookie_v6" : "cookie_v4";
	size_t total = (size_t)(bench_batches + 1) * BENCH_CALLS, n;
	size_t hashed = v6 ? 40 : 16;	/* bytes one SipHash reads */
	struct bench_result sha1, sip;
	unsigned int a = 0, b = 0;
	struct flood_syn *pool;

	if (!bench_batches) {
		ktap_info("bench: %s skipped (bench_batches=0)", fn);
		return;
	}
	pool = kvmalloc_array(total, sizeof(*pool), GFP_KERNEL);
	if (!pool) {
		ktap_fail("no memory for %zu SYNs", total);
		return;
	}
	for (n = 0; n < total; n++) {
		rand_syn(&pool[n].s, v6);
		pool[n].seq = (__force __be32)prandom_u32_state(&rnd);
		pool[n].mss = prandom_u32_state(&rnd);
	}
	BENCH_RUN_PAIR(sha1, sip, bench_batches, BENCH_CALLS,
		       life(SHA1, &pool[a++]), life(SIPHASH, &pool[b++]));
	kvfree(pool);
	bench_print(fn, "sha1", hashed, &sha1);
	bench_print(fn, "siphash", hashed, &sip);
	bench_print_ratio(fn, "sha1", &sha1, "siphash", &sip);
}

static void t_bench_v4(void)	{ bench_cookies(false); }
static void t_bench_v6(void)	{ bench_cookies(true); }

/* ---- the running kernel as the oracle ------------------------------------ */

/*
 * The live_ cases compare the demo's cookies with the running kernel's
 * __cookie_v4_init_sequence() and __cookie_v6_init_sequence(), with the
 * kernel's own keys (live.h finds them), on random SYNs, have the
 * kernel's __cookie_v4_check() and __cookie_v6_check() judge every demo
 * cookie and one with a flipped bit, and complete real handshakes on
 * loopback with cookies always on (net.ipv4.tcp_syncookies=2).
 */

/* The kernel's keys, while the module loads; wiped after the cases. */
static siphash_aligned_key_t live_keys_v4[2], live_keys_v6[2];
static bool have_keys_v4, have_keys_v6;

/* A SYN the kernel makes a cookie of: a new secret is made at first use. */
static void trigger_cookie_v4(void)
{
	struct iphdr iph = { .saddr = htonl(0xc0000201), .daddr = htonl(0xc0000202) };
	struct tcphdr th = { .source = htons(40000), .dest = htons(80), .seq = htonl(1) };
	u16 mss = 1460;

	__cookie_v4_init_sequence(&iph, &th, &mss);
}

static void trigger_cookie_v6(void)
{
	struct ipv6hdr iph = {
		.saddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 1 },
		.daddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 2 },
	};
	struct tcphdr th = { .source = htons(40000), .dest = htons(80), .seq = htonl(1) };
	u16 mss = 1440;

	__cookie_v6_init_sequence(&iph, &th, &mss);
}

/* IPv4: siphash_4u32(), that is siphash_2u64(), once per key. */
static const struct live_secret v4_probe = {
	.name = "syncookie_secret", .fn = "siphash_2u64",
	.key_arg = LIVE_KEY_ARG_2U64, .nkeys = 2,
	.trigger = trigger_cookie_v4, .ksym = &syncookie_secret_addr,
};

/* IPv6: siphash() of 40 bytes, once per key. */
static const struct live_secret v6_probe = {
	.name = "syncookie6_secret", .fn = LIVE_SIPHASH_BUF_FN,
	.key_arg = LIVE_KEY_ARG_BUF, .len = 40, .nkeys = 2,
	.trigger = trigger_cookie_v6, .ksym = &syncookie6_secret_addr,
};

static void t_live_secrets(void)
{
	have_keys_v4 = live_secret_find(&v4_probe, live_keys_v4);
	have_keys_v6 = live_secret_find(&v6_probe, live_keys_v6);
}

/**
 * struct live_syn - a SYN (or its ACK) as the kernel's cookie functions
 * take it, and the demo's view of it
 * @iph: the IPv4 header
 * @iph6: the IPv6 header
 * @th: the TCP header
 * @s: the tuple, as the demo takes it
 */
struct live_syn {
	struct iphdr iph;
	struct ipv6hdr iph6;
	struct tcphdr th;
	struct scd_tuple s;
};

/* A random SYN; ports never 0, the MSS anywhere from 0 to 9999. */
static void live_rand_syn(struct live_syn *l, bool v6, u16 *mss)
{
	struct scd_tuple *s = &l->s;

	memset(l, 0, sizeof(*l));
	rand_syn(s, v6);
	s->t4.sport |= htons(1);
	s->t4.dport |= htons(1);
	s->t6.sport |= htons(1);
	s->t6.dport |= htons(1);
	l->iph.saddr = s->t4.saddr;
	l->iph.daddr = s->t4.daddr;
	l->iph6.saddr = s->t6.saddr;
	l->iph6.daddr = s->t6.daddr;
	l->th.source = v6 ? s->t6.sport : s->t4.sport;
	l->th.dest = v6 ? s->t6.dport : s->t4.dport;
	l->th.seq = htonl(prandom_u32_state(&rnd));
	*mss = prandom_u32_state(&rnd) % 10000;
}

/* The kernel's cookie of @l, and in *@count the minute it was made in. */
static u32 kernel_cookie(struct live_syn *l, u16 *mss, u32 *count)
{
	u16 in = *mss;
	unsigned int n;
	u32 cookie = 0;

	for (n = 0; n < 3; n++) {
		*mss = in;
		*count = tcp_cookie_time();
		cookie = l->s.ipv6 ? __cookie_v6_init_sequence(&l->iph6, &l->th, mss) :
				   __cookie_v4_init_sequence(&l->iph, &l->th, mss);
		if (*count == tcp_cookie_time())
			break;
	}
	return cookie;
}

/* The keys the kernel hashes @s's family with. */
static const siphash_key_t *live_keys(const struct scd_tuple *s)
{
	return s->ipv6 ? live_keys_v6 : live_keys_v4;
}

static u32 demo_cookie(const struct scd_tuple *s, __be32 seq, u16 *mss,
		       u32 count)
{
	return scd_cookie_init_sequence(s, seq, mss, count, live_keys(s));
}

/* The MSS the kernel and the demo find in @cookie returning in @ack. */
static void both_check(struct live_syn *ack, u32 cookie, int *kernel, int *demo)
{
	const struct scd_tuple *s = &ack->s;
	unsigned int n;
	u32 count;

	for (n = 0; n < 3; n++) {
		count = tcp_cookie_time();
		*kernel = sipmod_kernel_cookie_check(&ack->iph,
						     s->ipv6 ? &ack->iph6 : NULL,
						     &ack->th, cookie);
		if (count == tcp_cookie_time())
			break;
	}
	*demo = scd_cookie_check(s, ack->th.seq, cookie, count, live_keys(s));
}

/*
 * Every SYN: the kernel's cookie and MSS are the demo's; the kernel
 * accepts the demo's cookie in the SYN's ACK with that MSS; and with bit
 * (i mod 32) flipped, the kernel's and the demo's checks agree: refused,
 * except bits 0 and 1, which carry the MSS index (added, not hashed) and
 * so give a neighbouring MSS.
 */
static void live_cookie_case(bool v6)
{
	unsigned int i, bad = 0, refused = 0, flipped_hi = 0, moves = 0;
	int kgot, dgot, kflip, dflip;
	u16 mss, kmss, dmss;
	struct live_syn l;
	u32 k, d, count;

	if (!live_ready(v6 ? have_keys_v6 : have_keys_v4))
		return;
	for (i = 0; i < live_tuples; i++) {
		if (!(i % 256))
			cond_resched();
		live_rand_syn(&l, v6, &mss);
		kmss = mss;
		k = kernel_cookie(&l, &kmss, &count);
		dmss = mss;
		d = demo_cookie(&l.s, l.th.seq, &dmss, count);
		if ((k != d || kmss != dmss) && bad++ < 4)
			ktap_fail("SYN %u MSS %u minute %u: kernel %08x MSS %u, demo %08x MSS %u",
				  i, mss, count, k, kmss, d, dmss);
		l.th.seq = htonl(ntohl(l.th.seq) + 1);	/* the ACK */
		both_check(&l, d, &kgot, &dgot);
		if ((kgot != dmss || dgot != dmss) && bad++ < 4)
			ktap_fail("SYN %u: demo cookie: kernel check MSS %d, demo %d, want %u",
				  i, kgot, dgot, dmss);
		both_check(&l, d ^ BIT(i % 32), &kflip, &dflip);
		if (kflip != dflip && bad++ < 4)
			ktap_fail("SYN %u: cookie with bit %u flipped: kernel MSS %d, demo %d",
				  i, i % 32, kflip, dflip);
		if (i % 32 >= 2) {
			flipped_hi++;
			refused += !kflip;
		} else {
			moves += kflip && kflip != kgot;
		}
	}
	ktap_info("%u SYNs: %u cookies and MSS equal, all accepted by the kernel's check; one bit flipped per cookie: the kernel refused %u of %u with bits 2..31 flipped, the demo agreeing on all; bits 0..1 moved the MSS %u times",
		  live_tuples, live_tuples - bad, refused, flipped_hi, moves);
	if (refused + 2 < flipped_hi)
		ktap_fail("the kernel accepted %u cookies with a flipped bit above 1",
			  flipped_hi - refused);
}

static void t_live_cookie_v4(void)	{ live_cookie_case(false); }
static void t_live_cookie_v6(void)	{ live_cookie_case(true); }

/*
 * A real handshake on loopback with cookies always on: the server's ISN,
 * as the client saw it, is the demo's cookie of the client's SYN, and the
 * connection completes through the kernel's check of the ACK.
 *
 * Cookies are always on only with net.ipv4.tcp_syncookies=2, a sysctl of
 * every listener of the host: this module never writes it. The harness
 * sets it in its guest before the load (modinfo "test_sysctl" below
 * names it); anywhere else the case is skipped.
 */
static void live_handshake_cookie(int af)
{
	const bool v6 = af == AF_INET6;
	struct live_conn c = { .family = af };
	struct scd_tuple s = { .ipv6 = v6 };
	u16 mss0, mss1;
	u32 d0, d1;
	u8 syncookies;

	if (!live_ready(v6 ? have_keys_v6 : have_keys_v4))
		return;
	syncookies = READ_ONCE(init_net.ipv4.sysctl_tcp_syncookies);
	if (syncookies != 2) {
		ktap_info("net.ipv4.tcp_syncookies is %u", syncookies);
		ktap_skip("tcp_syncookies is not 2: set it before the load, this module won't");
		return;
	}
	if (live_connect(&c))
		return;
	s.t4.saddr = c.cli4;
	s.t4.daddr = c.srv4;
	s.t6.saddr = c.cli6;
	s.t6.daddr = c.srv6;
	s.t4.sport = c.cli_port;
	s.t4.dport = c.srv_port;
	s.t6.sport = c.cli_port;
	s.t6.dport = c.srv_port;
	mss0 = c.client_mss;
	mss1 = c.client_mss;
	d0 = demo_cookie(&s, htonl(c.client_isn), &mss0, c.c0);
	d1 = demo_cookie(&s, htonl(c.client_isn), &mss1, c.c1);
	if (c.server_isn != d0 && c.server_isn != d1)
		ktap_fail("IPv%d: the client saw ISN %08x, the demo's cookie of its SYN is %08x",
			  v6 ? 6 : 4, c.server_isn, d0);
	else
		ktap_info("IPv%d, cookies always: the server's ISN %08x is the demo's cookie (MSS %u) of the client's SYN, and the connection was accepted",
			  v6 ? 6 : 4, c.server_isn, mss0);
	live_close(&c);
}

static void t_live_handshake_cookie_v4(void)	{ live_handshake_cookie(AF_INET); }
static void t_live_handshake_cookie_v6(void)	{ live_handshake_cookie(AF_INET6); }

/* ---- the plan -------------------------------------------------------------- */

static const struct ktap_case cases[] = {
	{ "sha1_baseline_fips180_abc", t_sha1_baseline_fips180 },
	{ "sha1_baseline_vs_kernel_sha1_transform", t_sha1_baseline_vs_kernel },
	{ "known_answer_v4_siphash", t_kat_v4 },
	{ "known_answer_v6_siphash", t_kat_v6 },
	{ "roundtrip_v4_siphash", t_roundtrip_v4_siphash },
	{ "roundtrip_v6_siphash", t_roundtrip_v6_siphash },
	{ "roundtrip_v4_sha1", t_roundtrip_v4_sha1 },
	{ "roundtrip_v6_sha1", t_roundtrip_v6_sha1 },
	{ "minute_counter_wrap", t_counter_wrap },
	{ "forgery_v4_siphash", t_forgery_v4 },
	{ "forgery_v6_siphash", t_forgery_v6 },
	{ "forgery_random_v4_siphash", t_forgery_random_v4 },
	{ "forgery_random_v6_siphash", t_forgery_random_v6 },
	{ "live_secrets", t_live_secrets },
	{ "live_cookie_v4", t_live_cookie_v4 },
	{ "live_cookie_v6", t_live_cookie_v6 },
	{ "live_handshake_cookie_v4", t_live_handshake_cookie_v4 },
	{ "live_handshake_cookie_v6", t_live_handshake_cookie_v6 },
	{ "bench_cookie_v4", t_bench_v4 },
	{ "bench_cookie_v6", t_bench_v6 },
};

static void wipe_secrets(void)
{
	memzero_explicit(sip_keys, sizeof(sip_keys));
	memzero_explicit(&sha1_keys, sizeof(sha1_keys));
	sha1_cookie_wipe();
	memzero_explicit(live_keys_v4, sizeof(live_keys_v4));
	memzero_explicit(live_keys_v6, sizeof(live_keys_v6));
}

static int __init test_syncookie_init(void)
{
	unsigned int failed;

	get_random_bytes(sip_keys, sizeof(sip_keys));
	get_random_bytes(&sha1_keys, sizeof(sha1_keys));
	if (!seed)
		seed = get_random_u64() | 1;
	prandom_seed_state(&rnd, seed);

	ktap_begin(ARRAY_SIZE(cases));
	pr_info("# syncookie_demo.ko %s, %d-bit kernel; random keys; seed %lu; bench_batches %u; forge_tries %u\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG, seed, bench_batches,
		forge_tries);
	failed = ktap_run(cases, ARRAY_SIZE(cases));
	ktap_end();
	wipe_secrets();
	return failed ? -EINVAL : 0;
}

static void __exit test_syncookie_exit(void)
{
}

module_init(test_syncookie_init);
module_exit(test_syncookie_exit);

MODULE_DESCRIPTION("KTAP test of syncookie_demo.ko: known answers from libsodium, round trips, forgeries, the running kernel as the oracle, and a SYN flood benchmark against the SHA-1 cookies SipHash replaced");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
/* What the harness sets in its guest before the load. */
MODULE_INFO(test_sysctl, "net.ipv4.tcp_syncookies=2");
SIPMOD_IMPORT_TEST();
