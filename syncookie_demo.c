// SPDX-License-Identifier: GPL-2.0
/*
 * TCP SYN cookies on siphash.ko, tested and measured at load time in KTAP.
 *
 * The seed's patch 4/4 ("syncookies: use SipHash in place of SHA1") hashes
 * the connection tuple with siphash_4u32() (IPv4) or siphash() of an aligned
 * struct (IPv6) instead of one SHA-1 block. This module rebuilds both cookie
 * functions of Linux 6.1 (net/ipv4/syncookies.c, net/ipv6/syncookies.c)
 * under its own names, hashing through siphash.ko only, and keeps the SHA-1
 * versions the seed removed for the "before" figure. It checks the hashes
 * against libsodium (tests/vectors/gen_syncookie.c), decodes every MSS over
 * the whole validity window and across the wrap of the minute counter,
 * tries forgeries, and times make + check of a cookie under a SYN flood of
 * random tuples with bench.h.
 *
 * Any failing case makes module init return -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/in6.h>
#include <linux/kernel.h>
#include <linux/log2.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/tcp.h>

#include "compat.h"
#include "ktap.h"
#include "siphash.h"
#include "modparam.h"
#include "bench.h"
#include "sha1_baseline.h"

/*
 * Cookie layout (Linux 6.1 secure_tcp_syn_cookie()), all sums mod 2^32:
 *
 *   cookie = H(key0; tuple, 0) + ISN + (minute << 24)
 *            + ((H(key1; tuple, minute) + MSS index) & 0xffffff)
 *
 * ISN is the client's SYN sequence number and minute a counter of minutes
 * (tcp_cookie_time()), of which only the low 8 bits fit in bits 31..24.
 * The check subtracts H(key0) and the ISN (from the ACK: seq - 1, with the
 * cookie as ack_seq - 1), takes the age as (now - bits 31..24) mod 256,
 * refuses ages of MAX_SYNCOOKIE_AGE (2) or more, and accepts if bits 23..0
 * minus H(key1; tuple, now - age) is an index into the MSS table.
 */
#define SCD_COOKIEBITS	24
#define SCD_COOKIEMASK	(((u32)1 << SCD_COOKIEBITS) - 1)

/* The MSS tables of net/ipv4/syncookies.c and net/ipv6/syncookies.c. */
static const u16 scd_msstab_v4[] = { 536, 1300, 1440, 1460 };
static const u16 scd_msstab_v6[] = {
	1280 - 60,	/* IPV6_MIN_MTU - 60 */
	1480 - 60,
	1500 - 60,
	9000 - 60,
};

/* Bits of a cookie that carry the MSS index, added rather than hashed. */
#define SCD_INDEX_BITS	order_base_2(ARRAY_SIZE(scd_msstab_v4))
static_assert(ARRAY_SIZE(scd_msstab_v4) == ARRAY_SIZE(scd_msstab_v6));

/**
 * struct scd_v4_tuple - the addresses and ports of one IPv4 TCP segment
 * @saddr: source address, network byte order (the client, for SYN and ACK)
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 */
struct scd_v4_tuple {
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
};

/**
 * struct scd_v6_tuple - the addresses and ports of one IPv6 TCP segment
 * @saddr: source address (the client, for SYN and ACK)
 * @daddr: destination address
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 */
struct scd_v6_tuple {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 sport;
	__be16 dport;
};

/* Which keyed hash a cookie is made with. */
enum scd_impl { SCD_SIPHASH, SCD_SHA1 };

/*
 * SHA-1 secrets as the seed's removed lines had them: 17 words per key, of
 * which IPv4 uses all (12 words of the block, then the 5 digest words) and
 * IPv6 the first 11 (6 words of the block, then the 5 digest words).
 */
#define SCD_SHA1_SECRET_WORDS	(16 - 4 + SHA1_BASELINE_DIGEST_WORDS)

/**
 * struct scd_keys - the secrets of both cookie implementations
 * @sip: SipHash keys; sip[0] hashes count 0, sip[1] the minute counter
 * @sha1: SHA-1 secrets of the "before" implementation, same roles
 */
struct scd_keys {
	siphash_aligned_key_t sip[2];
	u32 sha1[2][SCD_SHA1_SECRET_WORDS];
};

/* The module's secrets: random at load, or the SipHash ones from keys=. */
static struct scd_keys scd_live;

/* Fixed keys of the known-answer tests: bytes 00..0f and 10..1f. */
static const struct scd_keys scd_test_keys = {
	.sip = {
		{{ 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL }},
		{{ 0x1716151413121110ULL, 0x1f1e1d1c1b1a1918ULL }},
	},
};

/* ---- module parameters ------------------------------------------------ */

module_param_hexkey(keys, 32,
		    "Fix both SipHash cookie keys for reproducible output: key 0 bytes then key 1 bytes, each as libsodium takes a SipHash key (default: random from get_random_bytes(); the SHA-1 secrets stay random)");

/* Cookies per timed batch: short, with interrupts off, on every arch. */
#define BENCH_CALLS	512
static unsigned int bench_batches = 31;

module_param_uint_range(bench_batches, 0, BENCH_MAX_BATCHES,
			"Benchmark effort: timed batches of 512 random SYNs per figure, each made into a cookie and checked, 0 skips the benchmark; default 31");

#define FORGE_TRIES_MIN 1024
#define FORGE_TRIES_MAX 16777216
static unsigned int forge_tries = 1048576;

module_param_uint_range(forge_tries, FORGE_TRIES_MIN, FORGE_TRIES_MAX,
			"Random forgery attempts per address family; default 1048576");

static ulong seed;
module_param_ulong_checked(seed,
			   "Seed of the random tuples of the tests and benchmarks (0, the default: random; printed either way)");

/* ---- the cookie hashes --------------------------------------------------- */

/**
 * scd_sip_v4() - SipHash-2-4 of an IPv4 tuple and a counter (patch 4/4)
 * @key: the 128-bit key
 * @t: the tuple
 * @count: 0, or the minute counter
 *
 * siphash_4u32() of saddr, daddr, sport << 16 | dport and @count, the
 * addresses and ports being network-order values read as CPU integers,
 * exactly as the kernel's cookie_hash() does; that is 16 bytes, on a
 * little-endian CPU: saddr, daddr, dport, sport (network order), @count
 * (little-endian).
 *
 * Return: the 64-bit SipHash value; the cookie uses its low 32 bits.
 */
static u64 scd_sip_v4(const siphash_key_t *key, const struct scd_v4_tuple *t,
		      u32 count)
{
	return siphash_4u32((__force u32)t->saddr, (__force u32)t->daddr,
			    (__force u32)t->sport << 16 | (__force u32)t->dport,
			    count, key);
}

/**
 * scd_sip_v6() - SipHash-2-4 of an IPv6 tuple and a counter (patch 4/4)
 * @key: the 128-bit key
 * @t: the tuple
 * @count: 0, or the minute counter
 *
 * siphash() of an aligned on-stack struct, up to offsetofend() of its last
 * member so that no padding is hashed: 40 bytes, saddr, daddr (16 each),
 * @count (CPU order), sport, dport (network order).
 *
 * Return: the 64-bit SipHash value; the cookie uses its low 32 bits.
 */
static u64 scd_sip_v6(const siphash_key_t *key, const struct scd_v6_tuple *t,
		      u32 count)
{
	const struct {
		struct in6_addr saddr;
		struct in6_addr daddr;
		u32 count;
		__be16 sport;
		__be16 dport;
	} __aligned(SIPHASH_ALIGNMENT) combined = {
		.saddr = t->saddr,
		.daddr = t->daddr,
		.count = count,
		.sport = t->sport,
		.dport = t->dport,
	};

	return siphash(&combined, offsetofend(typeof(combined), dport), key);
}

/* Bytes one cookie hash reads: the bench.csv len of both implementations. */
#define SCD_V4_HASHED	16
#define SCD_V6_HASHED	40

/*
 * ---- BEFORE: the SHA-1 cookie hashes that patch 4/4 removed ------------
 * Kept for measurement only: the timing figures compare them with the
 * SipHash ones. One SHA-1 block per hash, with the secret filling the rest
 * of the block and replacing the digest's initial value;
 * sha1_baseline_transform() is the project's own SHA-1 compression
 * function (sha1_baseline.h), equal to the kernel's former
 * sha1_transform(). The per-CPU scratch is the seed's; it holds key
 * material and is wiped at unload.
 */
#define SCD_SHA1_SCRATCH_WORDS	(16 + SHA1_BASELINE_DIGEST_WORDS)
static DEFINE_PER_CPU(u32 [SCD_SHA1_SCRATCH_WORDS], scd_sha1_scratch);

/**
 * scd_sha1_v4() - the pre-SipHash IPv4 cookie hash (measurement only)
 * @secret: one SHA-1 secret, SCD_SHA1_SECRET_WORDS words
 * @t: the tuple
 * @count: 0, or the minute counter
 *
 * Block words 0..3 are saddr, daddr, sport << 16 + dport (as CPU integers)
 * and @count; words 4..15 and the initial digest are the secret.
 *
 * Return: word 1 of the SHA-1 digest, as the removed code returned.
 */
static u32 scd_sha1_v4(const u32 *secret, const struct scd_v4_tuple *t,
		       u32 count)
{
	u32 *tmp = get_cpu_ptr(scd_sha1_scratch);
	u32 h;

	memcpy(tmp + 4, secret, SCD_SHA1_SECRET_WORDS * sizeof(u32));
	tmp[0] = (__force u32)t->saddr;
	tmp[1] = (__force u32)t->daddr;
	tmp[2] = ((__force u32)t->sport << 16) + (__force u32)t->dport;
	tmp[3] = count;
	sha1_baseline_transform(tmp + 16, (const u8 *)tmp);
	h = tmp[17];
	put_cpu_ptr(scd_sha1_scratch);
	return h;
}

/**
 * scd_sha1_v6() - the pre-SipHash IPv6 cookie hash (measurement only)
 * @secret: one SHA-1 secret, of which the first 11 words are used
 * @t: the tuple
 * @count: 0, or the minute counter
 *
 * Block words 0..7 are saddr and daddr, word 8 sport << 16 + dport, word 9
 * @count; words 10..15 and the initial digest are the secret (44 bytes).
 *
 * Return: word 1 of the SHA-1 digest, as the removed code returned.
 */
static u32 scd_sha1_v6(const u32 *secret, const struct scd_v6_tuple *t,
		       u32 count)
{
	u32 *tmp = get_cpu_ptr(scd_sha1_scratch);
	u32 h;

	memcpy(tmp + 10, secret, 44);
	memcpy(tmp, &t->saddr, 16);
	memcpy(tmp + 4, &t->daddr, 16);
	tmp[8] = ((__force u32)t->sport << 16) + (__force u32)t->dport;
	tmp[9] = count;
	sha1_baseline_transform(tmp + 16, (const u8 *)tmp);
	h = tmp[17];
	put_cpu_ptr(scd_sha1_scratch);
	return h;
}

/* ---- END of the SHA-1 "before" code ------------------------------------ */

static __always_inline u32 scd_hash_v4(enum scd_impl impl,
				       const struct scd_keys *k,
				       const struct scd_v4_tuple *t,
				       u32 count, int c)
{
	if (impl == SCD_SHA1)
		return scd_sha1_v4(k->sha1[c], t, count);
	return (u32)scd_sip_v4(&k->sip[c], t, count);
}

static __always_inline u32 scd_hash_v6(enum scd_impl impl,
				       const struct scd_keys *k,
				       const struct scd_v6_tuple *t,
				       u32 count, int c)
{
	if (impl == SCD_SHA1)
		return scd_sha1_v6(k->sha1[c], t, count);
	return (u32)scd_sip_v6(&k->sip[c], t, count);
}

/* ---- the cookie around the hash ------------------------------------------ */

/**
 * scd_mss_index() - the MSS table entry a SYN's MSS is rounded down to
 * @tab: an MSS table, ascending, in bytes
 * @n: entries in @tab
 * @mss: the MSS option of the SYN, in bytes
 *
 * As __cookie_v4_init_sequence(): the largest entry not above @mss, or the
 * first entry if @mss is below all of them.
 *
 * Return: the index into @tab.
 */
static u32 scd_mss_index(const u16 *tab, u32 n, u16 mss)
{
	u32 ind;

	for (ind = n - 1; ind; ind--)
		if (mss >= tab[ind])
			break;
	return ind;
}

/*
 * The cookie of the layout comment from its two hashes, the ISN and the
 * minute; and the age in minutes encoded in @rest, the cookie minus
 * H(key0) and the ISN, as seen at minute @now.
 */
static inline u32 scd_cookie(u32 h0, u32 h1, u32 isn, u32 minute, u32 ind)
{
	return h0 + isn + (minute << SCD_COOKIEBITS) +
	       ((h1 + ind) & SCD_COOKIEMASK);
}

static inline u32 scd_age(u32 rest, u32 now)
{
	return (now - (rest >> SCD_COOKIEBITS)) & (U32_MAX >> SCD_COOKIEBITS);
}

/**
 * scd_v4_make() - the SYN cookie of an IPv4 SYN (__cookie_v4_init_sequence)
 * @impl: SCD_SIPHASH, or SCD_SHA1 for the "before" figure
 * @k: the keys
 * @syn: the SYN's tuple (source: the client)
 * @seq: the SYN's sequence number, network byte order (th->seq)
 * @mssp: in: the SYN's MSS option in bytes; out: the table value encoded
 * @minute: the minute counter, tcp_cookie_time() in the kernel
 *
 * Return: the cookie, the host-order ISN of the SYN-ACK.
 */
static __always_inline u32 scd_v4_make(enum scd_impl impl,
				       const struct scd_keys *k,
				       const struct scd_v4_tuple *syn,
				       __be32 seq, u16 *mssp, u32 minute)
{
	u32 ind = scd_mss_index(scd_msstab_v4, ARRAY_SIZE(scd_msstab_v4), *mssp);

	*mssp = scd_msstab_v4[ind];
	return scd_cookie(scd_hash_v4(impl, k, syn, 0, 0),
			  scd_hash_v4(impl, k, syn, minute, 1),
			  ntohl(seq), minute, ind);
}

/**
 * scd_v4_check() - validate the cookie an IPv4 ACK returns (__cookie_v4_check)
 * @impl: SCD_SIPHASH, or SCD_SHA1 for the "before" figure
 * @k: the keys
 * @ack: the ACK's tuple (source: the client)
 * @seq: the ACK's sequence number, network byte order; the ISN is seq - 1
 * @ack_seq: the ACK's acknowledgment number, network byte order; the
 *           cookie is ack_seq - 1
 * @minute: the minute counter now
 *
 * Return: the MSS in bytes the cookie encodes, or 0 if it is invalid or
 * MAX_SYNCOOKIE_AGE or more minutes old.
 */
static __always_inline int scd_v4_check(enum scd_impl impl,
					const struct scd_keys *k,
					const struct scd_v4_tuple *ack,
					__be32 seq, __be32 ack_seq, u32 minute)
{
	u32 rest = ntohl(ack_seq) - 1 -
		   (scd_hash_v4(impl, k, ack, 0, 0) + ntohl(seq) - 1);
	u32 age = scd_age(rest, minute), ind;

	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	ind = (rest - scd_hash_v4(impl, k, ack, minute - age, 1)) & SCD_COOKIEMASK;
	return ind < ARRAY_SIZE(scd_msstab_v4) ? scd_msstab_v4[ind] : 0;
}

/**
 * scd_v6_make() - the SYN cookie of an IPv6 SYN (__cookie_v6_init_sequence)
 * @impl: SCD_SIPHASH, or SCD_SHA1 for the "before" figure
 * @k: the keys
 * @syn: the SYN's tuple (source: the client)
 * @seq: the SYN's sequence number, network byte order (th->seq)
 * @mssp: in: the SYN's MSS option in bytes; out: the table value encoded
 * @minute: the minute counter, tcp_cookie_time() in the kernel
 *
 * Return: the cookie, the host-order ISN of the SYN-ACK.
 */
static __always_inline u32 scd_v6_make(enum scd_impl impl,
				       const struct scd_keys *k,
				       const struct scd_v6_tuple *syn,
				       __be32 seq, u16 *mssp, u32 minute)
{
	u32 ind = scd_mss_index(scd_msstab_v6, ARRAY_SIZE(scd_msstab_v6), *mssp);

	*mssp = scd_msstab_v6[ind];
	return scd_cookie(scd_hash_v6(impl, k, syn, 0, 0),
			  scd_hash_v6(impl, k, syn, minute, 1),
			  ntohl(seq), minute, ind);
}

/**
 * scd_v6_check() - validate the cookie an IPv6 ACK returns (__cookie_v6_check)
 * @impl: SCD_SIPHASH, or SCD_SHA1 for the "before" figure
 * @k: the keys
 * @ack: the ACK's tuple (source: the client)
 * @seq: the ACK's sequence number, network byte order; the ISN is seq - 1
 * @ack_seq: the ACK's acknowledgment number, network byte order; the
 *           cookie is ack_seq - 1
 * @minute: the minute counter now
 *
 * Return: the MSS in bytes the cookie encodes, or 0 if it is invalid or
 * MAX_SYNCOOKIE_AGE or more minutes old.
 */
static __always_inline int scd_v6_check(enum scd_impl impl,
					const struct scd_keys *k,
					const struct scd_v6_tuple *ack,
					__be32 seq, __be32 ack_seq, u32 minute)
{
	u32 rest = ntohl(ack_seq) - 1 -
		   (scd_hash_v6(impl, k, ack, 0, 0) + ntohl(seq) - 1);
	u32 age = scd_age(rest, minute), ind;

	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	ind = (rest - scd_hash_v6(impl, k, ack, minute - age, 1)) & SCD_COOKIEMASK;
	return ind < ARRAY_SIZE(scd_msstab_v6) ? scd_msstab_v6[ind] : 0;
}

/* ---- test helpers --------------------------------------------------------- */

static struct rnd_state rnd;
static const char * const impl_names[] = {
	[SCD_SIPHASH] = "siphash", [SCD_SHA1] = "sha1",
};

static void rand_v4(struct scd_v4_tuple *t)
{
	prandom_bytes_state(&rnd, t, sizeof(*t));
}

static void rand_v6(struct scd_v6_tuple *t)
{
	prandom_bytes_state(&rnd, t, sizeof(*t));
}

/* The ACK of a handshake: same tuple, seq + 1, acknowledging cookie + 1. */
static __be32 ack_seq_of(u32 cookie) { return htonl(cookie + 1); }
static __be32 next_seq(__be32 seq) { return htonl(ntohl(seq) + 1); }

/* ---- known answers ------------------------------------------------------- */

/*
 * The documented tuples, with scd_test_keys. Expected values from
 * libsodium's crypto_shorthash_siphash24 over the same bytes, computed by
 * tests/vectors/gen_syncookie.c: H(key0; count 0), H(key1; count) and the
 * whole cookie. Both tested arches are little-endian, as the byte layout
 * of the generator assumes.
 */
#define KAT_MINUTE	0x01234567U

/* 192.0.2.1:40000 -> 198.51.100.7:80, ISN 0x12345678, MSS 1460 */
static const struct scd_v4_tuple kat_v4 = {
	.saddr = cpu_to_be32(0xc0000201), .daddr = cpu_to_be32(0xc6336407),
	.sport = cpu_to_be16(40000), .dport = cpu_to_be16(80),
};

#define KAT_V4_SEQ	0x12345678U
#define KAT_V4_MSS	1460
static const u64 kat_v4_h0 = 0xdd44ef2a7bdd437eULL;
static const u64 kat_v4_h1 = 0x0614c0413e7d0808ULL;
static const u32 kat_v4_cookie = 0xf58ea201U;

/* [2001:db8::1]:50000 -> [2001:db8:0:1::80]:443, ISN 0x89abcdef, MSS 1440 */
static const struct scd_v6_tuple kat_v6 = {
	.saddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0,
			   0, 0, 0, 0, 0, 0, 0, 0x01 },
	.daddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0x01,
			   0, 0, 0, 0, 0, 0, 0, 0x80 },
	.sport = cpu_to_be16(50000), .dport = cpu_to_be16(443),
};

#define KAT_V6_SEQ	0x89abcdefU
#define KAT_V6_MSS	1440
static const u64 kat_v6_h0 = 0xc7836f87b6e08916ULL;
static const u64 kat_v6_h1 = 0x17950ef08d28f18aULL;
static const u32 kat_v6_cookie = 0xa7b54891U;

/* ---- the SHA-1 baseline: FIPS 180-4 and the kernel's sha1_transform() -- */

module_param_ksym(sha1_transform_addr, "sha1_transform",
		  "Test only: the address of the kernel's sha1_transform() in /proc/kallsyms, to compare the SHA-1 baseline with it (default: none, the comparison is skipped)");

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
	pr_info("# sha1_baseline_transform() equals the kernel's sha1_transform() on 1024 random blocks\n");
}

static void kat_expect(const char *what, u64 got, u64 want)
{
	if (got != want)
		ktap_fail("%s: got %016llx want %016llx", what, got, want);
}

static void t_kat_v4(void)
{
	const struct scd_keys *k = &scd_test_keys;
	__be32 seq = htonl(KAT_V4_SEQ);
	u16 mss = KAT_V4_MSS;
	u32 cookie;

	kat_expect("H(key0; count 0)", scd_sip_v4(&k->sip[0], &kat_v4, 0), kat_v4_h0);
	kat_expect("H(key1; count)", scd_sip_v4(&k->sip[1], &kat_v4, KAT_MINUTE),
		   kat_v4_h1);
	cookie = scd_v4_make(SCD_SIPHASH, k, &kat_v4, seq, &mss, KAT_MINUTE);
	kat_expect("cookie", cookie, kat_v4_cookie);
	kat_expect("decoded MSS",
		   scd_v4_check(SCD_SIPHASH, k, &kat_v4, next_seq(seq),
				ack_seq_of(cookie), KAT_MINUTE), KAT_V4_MSS);
}

static void t_kat_v6(void)
{
	const struct scd_keys *k = &scd_test_keys;
	__be32 seq = htonl(KAT_V6_SEQ);
	u16 mss = KAT_V6_MSS;
	u32 cookie;

	kat_expect("H(key0; count 0)", scd_sip_v6(&k->sip[0], &kat_v6, 0), kat_v6_h0);
	kat_expect("H(key1; count)", scd_sip_v6(&k->sip[1], &kat_v6, KAT_MINUTE),
		   kat_v6_h1);
	cookie = scd_v6_make(SCD_SIPHASH, k, &kat_v6, seq, &mss, KAT_MINUTE);
	kat_expect("cookie", cookie, kat_v6_cookie);
	kat_expect("decoded MSS",
		   scd_v6_check(SCD_SIPHASH, k, &kat_v6, next_seq(seq),
				ack_seq_of(cookie), KAT_MINUTE), 1500 - 60);
}

/* ---- round trips ----------------------------------------------------------- */

/* Minutes a cookie is made at: both sides of the 8-bit wrap, and far out. */
static const u32 rt_minutes[] = {
	0, 1, 127, 254, 255, 256, 257, 0x01234567, 0xfffffffe, 0xffffffff,
};

#define RT_TUPLES	4	/* random tuples per (MSS, minute) */
#define RT_REFUSED_SPAN	300	/* minutes past the window checked refused */

/*
 * MSS values to encode for @tab: every entry, one above and one below each
 * entry, 0, 1 and 65535. Returns how many were written to @out.
 */
static unsigned int rt_mss_values(const u16 *tab, unsigned int n, u16 *out)
{
	unsigned int i, m = 0;

	out[m++] = 0;
	out[m++] = 1;
	out[m++] = U16_MAX;
	for (i = 0; i < n; i++) {
		out[m++] = tab[i] - 1;
		out[m++] = tab[i];
		out[m++] = tab[i] + 1;
	}
	return m;
}

/* The table value @mss must round to, computed apart from scd_mss_index(). */
static u16 rt_expected(const u16 *tab, unsigned int n, u16 mss)
{
	u16 want = tab[0];
	unsigned int i;

	for (i = 0; i < n; i++)
		if (tab[i] <= mss)
			want = tab[i];
	return want;
}

/**
 * struct rt_ack - the ACK that returns one cookie, for either family
 * @impl: the implementation the cookie was made with
 * @v4: the tuple, if @v6 is NULL
 * @v6: the tuple, or NULL for IPv4
 * @seq: the SYN's sequence number, network byte order
 * @cookie: the cookie
 */
struct rt_ack {
	enum scd_impl impl;
	const struct scd_v4_tuple *v4;
	const struct scd_v6_tuple *v6;
	__be32 seq;
	u32 cookie;
};

static int rt_check(const struct rt_ack *a, u32 now)
{
	if (a->v6)
		return scd_v6_check(a->impl, &scd_live, a->v6, next_seq(a->seq),
				    ack_seq_of(a->cookie), now);
	return scd_v4_check(a->impl, &scd_live, a->v4, next_seq(a->seq),
			    ack_seq_of(a->cookie), now);
}

/*
 * Check the ACK of a cookie made at minute @t with MSS @want at every
 * minute from t - 1 to t + MAX_SYNCOOKIE_AGE + RT_REFUSED_SPAN - 1: it
 * must decode to @want exactly for t .. t + MAX_SYNCOOKIE_AGE - 1.
 */
static void rt_sweep(const struct rt_ack *a, u32 t, u16 want)
{
	int got, exp;
	u32 d;

	got = rt_check(a, t - 1);
	if (got)
		ktap_fail("%s cookie of minute %u accepted at %u", impl_names[a->impl],
			  t, t - 1);
	for (d = 0; d < MAX_SYNCOOKIE_AGE + RT_REFUSED_SPAN; d++) {
		got = rt_check(a, t + d);
		exp = d < MAX_SYNCOOKIE_AGE ? want : 0;
		if (got != exp)
			ktap_fail("%s cookie of minute %u, age %u: MSS %d, want %d",
				  impl_names[a->impl], t, d, got, exp);
	}
}

static void roundtrip_v4(enum scd_impl impl)
{
	u16 vals[3 + 3 * ARRAY_SIZE(scd_msstab_v4)], mss, want;
	struct rt_ack a = { .impl = impl };
	unsigned int nv, v, m, r;
	struct scd_v4_tuple t;

	a.v4 = &t;
	nv = rt_mss_values(scd_msstab_v4, ARRAY_SIZE(scd_msstab_v4), vals);
	for (v = 0; v < nv; v++) {
		want = rt_expected(scd_msstab_v4, ARRAY_SIZE(scd_msstab_v4),
				   vals[v]);
		for (m = 0; m < ARRAY_SIZE(rt_minutes); m++)
			for (r = 0; r < RT_TUPLES; r++) {
				cond_resched();
				rand_v4(&t);
				a.seq = (__force __be32)prandom_u32_state(&rnd);
				mss = vals[v];
				a.cookie = scd_v4_make(impl, &scd_live, &t, a.seq,
						       &mss, rt_minutes[m]);
				if (mss != want)
					ktap_fail("MSS %u rounded to %u, want %u",
						  vals[v], mss, want);
				rt_sweep(&a, rt_minutes[m], want);
			}
	}
}

static void roundtrip_v6(enum scd_impl impl)
{
	u16 vals[3 + 3 * ARRAY_SIZE(scd_msstab_v6)], mss, want;
	struct rt_ack a = { .impl = impl };
	unsigned int nv, v, m, r;
	struct scd_v6_tuple t;

	a.v6 = &t;
	nv = rt_mss_values(scd_msstab_v6, ARRAY_SIZE(scd_msstab_v6), vals);
	for (v = 0; v < nv; v++) {
		want = rt_expected(scd_msstab_v6, ARRAY_SIZE(scd_msstab_v6),
				   vals[v]);
		for (m = 0; m < ARRAY_SIZE(rt_minutes); m++)
			for (r = 0; r < RT_TUPLES; r++) {
				cond_resched();
				rand_v6(&t);
				a.seq = (__force __be32)prandom_u32_state(&rnd);
				mss = vals[v];
				a.cookie = scd_v6_make(impl, &scd_live, &t, a.seq,
						       &mss, rt_minutes[m]);
				if (mss != want)
					ktap_fail("MSS %u rounded to %u, want %u",
						  vals[v], mss, want);
				rt_sweep(&a, rt_minutes[m], want);
			}
	}
}

static void t_roundtrip_v4_siphash(void)	{ roundtrip_v4(SCD_SIPHASH); }
static void t_roundtrip_v6_siphash(void)	{ roundtrip_v6(SCD_SIPHASH); }
static void t_roundtrip_v4_sha1(void)		{ roundtrip_v4(SCD_SHA1); }
static void t_roundtrip_v6_sha1(void)		{ roundtrip_v6(SCD_SHA1); }

/* The 8-bit counter wrap spelled out: made at 255, valid at 256, not 257. */
static void t_counter_wrap(void)
{
	static const u32 want[] = { 1460, 1460, 0 };	/* at 255, 256, 257 */
	struct scd_v4_tuple t4 = kat_v4;
	struct scd_v6_tuple t6 = kat_v6;
	__be32 seq = htonl(KAT_V4_SEQ);
	u32 c4, c6, d;
	u16 mss4 = 1460, mss6 = 9000;
	int got;

	c4 = scd_v4_make(SCD_SIPHASH, &scd_live, &t4, seq, &mss4, 255);
	c6 = scd_v6_make(SCD_SIPHASH, &scd_live, &t6, seq, &mss6, 255);
	if ((c4 - ntohl(seq) - (u32)scd_sip_v4(&scd_live.sip[0], &t4, 0)) >>
	    SCD_COOKIEBITS != 255)
		ktap_fail("v4 cookie of minute 255 does not carry 255 in bits 31..24");
	for (d = 0; d < ARRAY_SIZE(want); d++) {
		got = scd_v4_check(SCD_SIPHASH, &scd_live, &t4, next_seq(seq),
				   ack_seq_of(c4), 255 + d);
		if (got != want[d])
			ktap_fail("v4 made at 255, checked at %u: MSS %d, want %u",
				  255 + d, got, want[d]);
		got = scd_v6_check(SCD_SIPHASH, &scd_live, &t6, next_seq(seq),
				   ack_seq_of(c6), 255 + d);
		if (got != (want[d] ? 9000 - 60 : 0))
			ktap_fail("v6 made at 255, checked at %u: MSS %d", 255 + d, got);
	}
}

/* ---- forgery -------------------------------------------------------------- */

#define FORGE_TUPLES	64	/* random valid cookies per structured case */

/* Accepted forgeries of the current case, and index-bit flips (by design). */
static unsigned int forged, index_moves;

/*
 * One altered ACK: @got is what the check returned, @orig the MSS of the
 * genuine cookie. Altering the low SCD_INDEX_BITS bits of the cookie moves
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

static void t_forgery_v4(void)
{
	struct scd_v4_tuple t, f;
	unsigned int n, bit;
	u32 cookie, now;
	u16 mss;
	__be32 seq, aseq;
	int orig;

	forged = 0;
	index_moves = 0;
	for (n = 0; n < FORGE_TUPLES; n++) {
		rand_v4(&t);
		seq = (__force __be32)prandom_u32_state(&rnd);
		aseq = next_seq(seq);
		now = prandom_u32_state(&rnd);
		mss = prandom_u32_state(&rnd);
		cookie = scd_v4_make(SCD_SIPHASH, &scd_live, &t, seq, &mss, now);
		now += n & 1;	/* both valid ages */
		orig = scd_v4_check(SCD_SIPHASH, &scd_live, &t, aseq,
				    ack_seq_of(cookie), now);
		if (orig != mss)
			ktap_fail("genuine cookie refused: MSS %d, want %u", orig, mss);
		for (bit = 0; bit < 32; bit++)
			forge_result("cookie", bit,
				     scd_v4_check(SCD_SIPHASH, &scd_live, &t, aseq,
						  ack_seq_of(cookie ^ BIT(bit)), now),
				     orig, bit < SCD_INDEX_BITS);
		for (bit = 0; bit < 96; bit++) {
			f = t;
			if (bit < 32)
				f.saddr ^= cpu_to_be32(BIT(bit));
			else if (bit < 64)
				f.daddr ^= cpu_to_be32(BIT(bit - 32));
			else if (bit < 80)
				f.sport ^= cpu_to_be16(BIT(bit - 64));
			else
				f.dport ^= cpu_to_be16(BIT(bit - 80));
			forge_result("tuple", bit,
				     scd_v4_check(SCD_SIPHASH, &scd_live, &f, aseq,
						  ack_seq_of(cookie), now), orig, false);
		}
		f.saddr = t.daddr;
		f.daddr = t.saddr;
		f.sport = t.dport;
		f.dport = t.sport;
		forge_result("swapped direction", 0,
			     scd_v4_check(SCD_SIPHASH, &scd_live, &f, aseq,
					  ack_seq_of(cookie), now), orig, false);
	}
	pr_info("# forgery_v4: %u forged ACKs accepted of %u (32 cookie bits, 96 tuple bits, swapped direction, per cookie); %u flips of the %u MSS-index bits moved to another MSS, as in the kernel\n",
		forged, FORGE_TUPLES * (32 + 96 + 1), index_moves,
		(unsigned int)SCD_INDEX_BITS);
}

static void t_forgery_v6(void)
{
	struct scd_v6_tuple t, f;
	unsigned int n, bit;
	u32 cookie, now;
	u16 mss;
	__be32 seq, aseq;
	int orig;

	forged = 0;
	index_moves = 0;
	for (n = 0; n < FORGE_TUPLES; n++) {
		rand_v6(&t);
		seq = (__force __be32)prandom_u32_state(&rnd);
		aseq = next_seq(seq);
		now = prandom_u32_state(&rnd);
		mss = prandom_u32_state(&rnd);
		cookie = scd_v6_make(SCD_SIPHASH, &scd_live, &t, seq, &mss, now);
		now += n & 1;
		orig = scd_v6_check(SCD_SIPHASH, &scd_live, &t, aseq,
				    ack_seq_of(cookie), now);
		if (orig != mss)
			ktap_fail("genuine cookie refused: MSS %d, want %u", orig, mss);
		for (bit = 0; bit < 32; bit++)
			forge_result("cookie", bit,
				     scd_v6_check(SCD_SIPHASH, &scd_live, &t, aseq,
						  ack_seq_of(cookie ^ BIT(bit)), now),
				     orig, bit < SCD_INDEX_BITS);
		for (bit = 0; bit < 288; bit++) {
			f = t;
			if (bit < 128)
				f.saddr.s6_addr[bit / 8] ^= BIT(bit % 8);
			else if (bit < 256)
				f.daddr.s6_addr[(bit - 128) / 8] ^= BIT(bit % 8);
			else if (bit < 272)
				f.sport ^= cpu_to_be16(BIT(bit - 256));
			else
				f.dport ^= cpu_to_be16(BIT(bit - 272));
			forge_result("tuple", bit,
				     scd_v6_check(SCD_SIPHASH, &scd_live, &f, aseq,
						  ack_seq_of(cookie), now), orig, false);
		}
		f.saddr = t.daddr;
		f.daddr = t.saddr;
		f.sport = t.dport;
		f.dport = t.sport;
		forge_result("swapped direction", 0,
			     scd_v6_check(SCD_SIPHASH, &scd_live, &f, aseq,
					  ack_seq_of(cookie), now), orig, false);
	}
	pr_info("# forgery_v6: %u forged ACKs accepted of %u (32 cookie bits, 288 tuple bits, swapped direction, per cookie); %u flips of the %u MSS-index bits moved to another MSS, as in the kernel\n",
		forged, FORGE_TUPLES * (32 + 288 + 1), index_moves,
		(unsigned int)SCD_INDEX_BITS);
}

/*
 * Random forgeries: half the tries are a random cookie for a genuine
 * tuple, half a genuine cookie replayed for a random other tuple. A try
 * is accepted with probability MAX_SYNCOOKIE_AGE / 256 (the age) times
 * 4 / 2^24 (the index): 2^-29 per try with the kernel's constants.
 */
static void forge_report(const char *name, unsigned int accepted)
{
	u64 exp = ((u64)forge_tries * MAX_SYNCOOKIE_AGE *
		   ARRAY_SIZE(scd_msstab_v4) * 1000000) >> 32;
	u32 frac;
	u64 whole = div_u64_rem(exp, 1000000, &frac);

	pr_info("# %s: %u of %u random forged ACKs accepted (expected 2^-29 per try, %llu.%06u in this run)\n",
		name, accepted, forge_tries, whole, frac);
	if (accepted)
		ktap_fail("%u random forgeries accepted", accepted);
}

static void t_forgery_random_v4(void)
{
	struct scd_v4_tuple t, f;
	unsigned int n, accepted = 0;
	u32 cookie, now = 1000;
	__be32 seq = htonl(1);
	u16 mss = 1460;

	for (n = 0; n < forge_tries; n++) {
		cond_resched();
		rand_v4(&t);
		if (n & 1) {
			cookie = prandom_u32_state(&rnd);
		} else {
			cookie = scd_v4_make(SCD_SIPHASH, &scd_live, &t, seq, &mss, now);
			f = t;
			rand_v4(&t);
			if (!memcmp(&f, &t, sizeof(t)))
				continue;
		}
		if (scd_v4_check(SCD_SIPHASH, &scd_live, &t, next_seq(seq),
				 ack_seq_of(cookie), now))
			accepted++;
	}
	forge_report("forgery_random_v4", accepted);
}

static void t_forgery_random_v6(void)
{
	struct scd_v6_tuple t, f;
	unsigned int n, accepted = 0;
	u32 cookie, now = 1000;
	__be32 seq = htonl(1);
	u16 mss = 1460;

	for (n = 0; n < forge_tries; n++) {
		cond_resched();
		rand_v6(&t);
		if (n & 1) {
			cookie = prandom_u32_state(&rnd);
		} else {
			cookie = scd_v6_make(SCD_SIPHASH, &scd_live, &t, seq, &mss, now);
			f = t;
			rand_v6(&t);
			if (!memcmp(&f, &t, sizeof(t)))
				continue;
		}
		if (scd_v6_check(SCD_SIPHASH, &scd_live, &t, next_seq(seq),
				 ack_seq_of(cookie), now))
			accepted++;
	}
	forge_report("forgery_random_v6", accepted);
}

/* ---- the SYN flood figure ------------------------------------------------ */

#define BENCH_MINUTE	1000

/**
 * struct scd_syn_v4 - one SYN of the benchmark flood
 * @t: its tuple
 * @seq: its sequence number, network byte order
 * @mss: its MSS option, in bytes
 */
struct scd_syn_v4 {
	struct scd_v4_tuple t;
	__be32 seq;
	u16 mss;
};

/**
 * struct scd_syn_v6 - one SYN of the benchmark flood
 * @t: its tuple
 * @seq: its sequence number, network byte order
 * @mss: its MSS option, in bytes
 */
struct scd_syn_v6 {
	struct scd_v6_tuple t;
	__be32 seq;
	u16 mss;
};

/*
 * One cookie's life per call: made for the SYN, then checked for its ACK.
 * Returns the decoded MSS, which the benchmark sums.
 */
static __always_inline int scd_life_v4(enum scd_impl impl,
				       const struct scd_syn_v4 *s)
{
	u16 mss = s->mss;
	u32 cookie = scd_v4_make(impl, &scd_live, &s->t, s->seq, &mss,
				 BENCH_MINUTE);

	return scd_v4_check(impl, &scd_live, &s->t, next_seq(s->seq),
			    ack_seq_of(cookie), BENCH_MINUTE);
}

static __always_inline int scd_life_v6(enum scd_impl impl,
				       const struct scd_syn_v6 *s)
{
	u16 mss = s->mss;
	u32 cookie = scd_v6_make(impl, &scd_live, &s->t, s->seq, &mss,
				 BENCH_MINUTE);

	return scd_v6_check(impl, &scd_live, &s->t, next_seq(s->seq),
			    ack_seq_of(cookie), BENCH_MINUTE);
}

static noinline int scd_bench_v4_siphash(const struct scd_syn_v4 *s)
{
	return scd_life_v4(SCD_SIPHASH, s);
}

static noinline int scd_bench_v4_sha1(const struct scd_syn_v4 *s)
{
	return scd_life_v4(SCD_SHA1, s);
}

static noinline int scd_bench_v6_siphash(const struct scd_syn_v6 *s)
{
	return scd_life_v6(SCD_SIPHASH, s);
}

static noinline int scd_bench_v6_sha1(const struct scd_syn_v6 *s)
{
	return scd_life_v6(SCD_SHA1, s);
}

/* Print the sha1/siphash ratio of the medians, with two decimals. */
static void bench_ratio(const char *fn, const struct bench_result *sha1,
			const struct bench_result *sip)
{
	u64 r = sip->median_x100 ?
		div64_u64(sha1->median_x100 * 100, sip->median_x100) : 0;
	u32 frac;
	u64 whole = div_u64_rem(r, 100, &frac);

	pr_info("# %s: sha1/siphash cycles per cookie (median) = %llu.%02u\n",
		fn, whole, frac);
}

static void t_bench_v4(void)
{
	size_t total = (size_t)(bench_batches + 1) * BENCH_CALLS;
	unsigned int pos, n;
	struct bench_result sip, sha1;
	struct scd_syn_v4 *pool;

	if (!bench_batches) {
		pr_info("# bench: cookie_v4 skipped (bench_batches=0)\n");
		return;
	}

	pool = kvmalloc_array(total, sizeof(*pool), GFP_KERNEL);
	if (!pool) {
		ktap_fail("no memory for %zu SYNs", total);
		return;
	}
	for (n = 0; n < total; n++) {
		rand_v4(&pool[n].t);
		pool[n].seq = (__force __be32)prandom_u32_state(&rnd);
		pool[n].mss = prandom_u32_state(&rnd);
	}
	pos = 0;
	BENCH_RUN(sha1, bench_batches, BENCH_CALLS, scd_bench_v4_sha1(&pool[pos++]));
	bench_print("cookie_v4", "sha1", SCD_V4_HASHED, &sha1);
	pos = 0;
	BENCH_RUN(sip, bench_batches, BENCH_CALLS, scd_bench_v4_siphash(&pool[pos++]));
	bench_print("cookie_v4", "siphash", SCD_V4_HASHED, &sip);
	bench_ratio("cookie_v4", &sha1, &sip);
	kvfree(pool);
}

static void t_bench_v6(void)
{
	size_t total = (size_t)(bench_batches + 1) * BENCH_CALLS;
	unsigned int pos, n;
	struct bench_result sip, sha1;
	struct scd_syn_v6 *pool;

	if (!bench_batches) {
		pr_info("# bench: cookie_v6 skipped (bench_batches=0)\n");
		return;
	}

	pool = kvmalloc_array(total, sizeof(*pool), GFP_KERNEL);
	if (!pool) {
		ktap_fail("no memory for %zu SYNs", total);
		return;
	}
	for (n = 0; n < total; n++) {
		rand_v6(&pool[n].t);
		pool[n].seq = (__force __be32)prandom_u32_state(&rnd);
		pool[n].mss = prandom_u32_state(&rnd);
	}
	pos = 0;
	BENCH_RUN(sha1, bench_batches, BENCH_CALLS, scd_bench_v6_sha1(&pool[pos++]));
	bench_print("cookie_v6", "sha1", SCD_V6_HASHED, &sha1);
	pos = 0;
	BENCH_RUN(sip, bench_batches, BENCH_CALLS, scd_bench_v6_siphash(&pool[pos++]));
	bench_print("cookie_v6", "siphash", SCD_V6_HASHED, &sip);
	bench_ratio("cookie_v6", &sha1, &sip);
	kvfree(pool);
}

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
	{ "bench_cookie_v4", t_bench_v4 },
	{ "bench_cookie_v6", t_bench_v6 },
};

/* Wipe every secret: the keys and the SHA-1 scratch, which holds copies. */
static void scd_wipe_secrets(void)
{
	int cpu;

	memzero_explicit(&scd_live, sizeof(scd_live));
	for_each_possible_cpu(cpu)
		memzero_explicit(per_cpu_ptr(scd_sha1_scratch, cpu),
				 SCD_SHA1_SCRATCH_WORDS * sizeof(u32));
}

static int __init syncookie_demo_init(void)
{
	u16 mss4 = KAT_V4_MSS, mss6 = KAT_V6_MSS;
	u8 raw[2 * sizeof(siphash_key_t)];
	struct scd_v4_tuple t4 = kat_v4;
	struct scd_v6_tuple t6 = kat_v6;
	unsigned int failed;
	int fixed, c;

	fixed = hexkey_param_take(&keys, raw, sizeof(raw));
	if (fixed < 0)
		return fixed;
	for (c = 0; fixed && c < 2; c++) {
		scd_live.sip[c].key[0] = get_unaligned_le64(raw + 16 * c);
		scd_live.sip[c].key[1] = get_unaligned_le64(raw + 16 * c + 8);
	}
	memzero_explicit(raw, sizeof(raw));
	if (!fixed)
		get_random_bytes(scd_live.sip, sizeof(scd_live.sip));
	get_random_bytes(scd_live.sha1, sizeof(scd_live.sha1));
	if (!seed)
		seed = get_random_u64() | 1;
	prandom_seed_state(&rnd, seed);

	ktap_plan(ARRAY_SIZE(cases));
	pr_info("# siphash.ko %s, %d-bit kernel; keys %s; seed %#lx; bench_batches %u; forge_tries %u\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG,
		fixed ? "fixed by keys=" : "random", seed,
		bench_batches, forge_tries);
	pr_info("# sample cookies under these keys at minute %#x: v4 %08x, v6 %08x\n",
		KAT_MINUTE,
		scd_v4_make(SCD_SIPHASH, &scd_live, &t4, htonl(KAT_V4_SEQ), &mss4,
			    KAT_MINUTE),
		scd_v6_make(SCD_SIPHASH, &scd_live, &t6, htonl(KAT_V6_SEQ), &mss6,
			    KAT_MINUTE));

	failed = ktap_run(cases, ARRAY_SIZE(cases));
	if (failed) {
		scd_wipe_secrets();
		return -EINVAL;
	}
	return 0;
}

static void __exit syncookie_demo_exit(void)
{
	scd_wipe_secrets();
}

module_init(syncookie_demo_init);
module_exit(syncookie_demo_exit);

MODULE_DESCRIPTION("TCP SYN cookies on siphash.ko, against the SHA-1 ones they replaced: tests and a flood benchmark");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
