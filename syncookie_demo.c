// SPDX-License-Identifier: GPL-2.0
/*
 * syncookie_demo - TCP SYN cookies as Linux 6.1 makes them
 * (net/ipv4/syncookies.c, net/ipv6/syncookies.c), with the cookie_hash()
 * of "[PATCH v3 net-next 4/4] syncookies: use SipHash in place of SHA1",
 * on siphash.ko. Read it side by side with that patch and those files:
 * the functions take the two keys (the kernel's syncookie_secret[2]) and
 * the minute counter (its tcp_cookie_time()) as arguments, and leave out
 * the TCP options and request sockets around the cookie.
 *
 * Nothing here is used by the network stack. The functions are exported,
 * in the SIPHASH_OOT_TEST namespace, for test_syncookie.ko, which holds
 * the known answers, round trips, forgeries and the SYN flood benchmark.
 * At load, the module makes and checks a cookie per address family at the
 * current minute and shows how much faster cookie_hash() is than the SHA-1
 * one it replaced (syncookie_sha1.h).
 *
 * A cookie, all sums mod 2^32, ISN being the client's SYN sequence number:
 *
 *   cookie = H(key0; tuple, 0) + ISN + (minute << 24)
 *            + ((H(key1; tuple, minute) + MSS index) & 0xffffff)
 *
 * Bits 31..24 keep the low 8 bits of the minute. The check takes the ACK's
 * seq - 1 as the ISN and its ack_seq - 1 as the cookie, removes H(key0)
 * and the ISN, refuses an age (now - bits 31..24, mod 256) of
 * MAX_SYNCOOKIE_AGE minutes or more, and accepts bits 23..0 minus
 * H(key1; tuple, now - age) if that is an index into the MSS table.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/string.h>
#include <net/tcp.h>

#include "compat.h"
#include "siphash.h"
#include "bench.h"
#include "ktap.h"
#include "modparam.h"
#include "syncookie_demo.h"
#include "syncookie_sha1.h"

#define COOKIEBITS	24	/* the minute counter's bits at the top */
#define COOKIEMASK	(((u32)1 << COOKIEBITS) - 1)

/* The module's keys, as the kernel has syncookie_secret[2]. */
static siphash_aligned_key_t syncookie_secret[2];
/* The SHA-1 secrets of the baseline, random: used only to time it. */
static struct sha1_cookie_secret sha1_secret;

module_param_hexkey(keys, 32,
		    "Fix both SipHash cookie keys for reproducible output: key 0 bytes then key 1 bytes, each as libsodium takes a SipHash key (default: random from get_random_bytes())");

/* The index of the largest MSS in @tab (ascending) not above @mss, or 0. */
static u32 mss_index(const u16 *tab, u32 n, u16 mss)
{
	u32 ind;

	for (ind = n - 1; ind; ind--)
		if (mss >= tab[ind])
			break;
	return ind;
}

/* ---- net/ipv4/syncookies.c ----------------------------------------------- */

/**
 * scd_cookie_v4_hash() - the hash of an IPv4 cookie, the seed's cookie_hash()
 * @t: the tuple
 * @count: 0, or the minute counter
 * @c: which key: 0 for count 0, 1 for the counter
 * @secret: the two keys
 *
 * siphash_4u32() of saddr, daddr, sport << 16 | dport and @count, the
 * network-order fields passed as the CPU integers that hold them: it
 * hashes the little-endian bytes of each, so a big-endian CPU hashes the
 * bytes of every field reversed.
 *
 * Return: the low 32 bits of the SipHash-2-4 value.
 */
u32 scd_cookie_v4_hash(const struct scd_v4_tuple *t, u32 count, int c,
		       const siphash_key_t *secret)
{
	return siphash_4u32((__force u32)t->saddr, (__force u32)t->daddr,
			    (__force u32)t->sport << 16 | (__force u32)t->dport,
			    count, &secret[c]);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v4_hash);

/* The MSS values an IPv4 cookie can carry; a SYN's rounds down to one. */
static const u16 msstab_v4[] = { 536, 1300, 1440, 1460 };

/**
 * scd_cookie_v4_init_sequence() - the cookie of an IPv4 SYN
 * @t: the SYN's tuple
 * @seq: the SYN's sequence number (th->seq), network order
 * @mssp: in, the SYN's MSS option; out, the table value the cookie carries
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v4_init_sequence() with secure_tcp_syn_cookie() folded in.
 *
 * Return: the cookie, the ISN of the SYN-ACK, host order.
 */
u32 scd_cookie_v4_init_sequence(const struct scd_v4_tuple *t, __be32 seq,
				u16 *mssp, u32 count,
				const siphash_key_t *secret)
{
	u32 mssind = mss_index(msstab_v4, ARRAY_SIZE(msstab_v4), *mssp);

	*mssp = msstab_v4[mssind];
	return scd_cookie_v4_hash(t, 0, 0, secret) + ntohl(seq) +
	       (count << COOKIEBITS) +
	       ((scd_cookie_v4_hash(t, count, 1, secret) + mssind) & COOKIEMASK);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v4_init_sequence);

/**
 * scd_cookie_v4_check() - the MSS a returning IPv4 cookie carries, if valid
 * @t: the ACK's tuple
 * @seq: the ACK's sequence number (th->seq), network order
 * @cookie: the ACK's acknowledgment number minus 1, host order
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v4_check() with check_tcp_syn_cookie() folded in.
 *
 * Return: the MSS, or 0 if the cookie is not valid for this tuple and ISN
 * or is MAX_SYNCOOKIE_AGE or more minutes old.
 */
int scd_cookie_v4_check(const struct scd_v4_tuple *t, __be32 seq, u32 cookie,
			u32 count, const siphash_key_t *secret)
{
	u32 diff, mssind;

	cookie -= scd_cookie_v4_hash(t, 0, 0, secret) + ntohl(seq) - 1;
	diff = (count - (cookie >> COOKIEBITS)) & (U32_MAX >> COOKIEBITS);
	if (diff >= MAX_SYNCOOKIE_AGE)
		return 0;
	mssind = (cookie - scd_cookie_v4_hash(t, count - diff, 1, secret)) &
		 COOKIEMASK;
	return mssind < ARRAY_SIZE(msstab_v4) ? msstab_v4[mssind] : 0;
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v4_check);

/* ---- net/ipv6/syncookies.c ----------------------------------------------- */

/*
 * The seed's IPv6 input, on the stack and aligned for SipHash; hashed up
 * to the end of dport (40 bytes), never the tail padding. @count is a CPU
 * integer in memory: its bytes depend on the CPU's byte order.
 */
struct scd_v6_input {
	struct in6_addr saddr;
	struct in6_addr daddr;
	u32 count;
	__be16 sport;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

static_assert(offsetofend(struct scd_v6_input, dport) == 40);

/**
 * scd_cookie_v6_hash() - the hash of an IPv6 cookie, the seed's cookie_hash()
 * @t: the tuple
 * @count: 0, or the minute counter
 * @c: which key: 0 for count 0, 1 for the counter
 * @secret: the two keys
 *
 * siphash() of struct scd_v6_input up to the end of dport.
 *
 * Return: the low 32 bits of the SipHash-2-4 value.
 */
u32 scd_cookie_v6_hash(const struct scd_v6_tuple *t, u32 count, int c,
		       const siphash_key_t *secret)
{
	const struct scd_v6_input in = {
		.saddr = t->saddr,
		.daddr = t->daddr,
		.count = count,
		.sport = t->sport,
		.dport = t->dport,
	};

	return siphash(&in, offsetofend(struct scd_v6_input, dport),
		       &secret[c]);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v6_hash);

/* RFC 2460 8.3: MTU - 60; the smallest from IPV6_MIN_MTU (1280). */
static const u16 msstab_v6[] = { 1280 - 60, 1480 - 60, 1500 - 60, 9000 - 60 };

/**
 * scd_cookie_v6_init_sequence() - the cookie of an IPv6 SYN
 * @t: the SYN's tuple
 * @seq: the SYN's sequence number (th->seq), network order
 * @mssp: in, the SYN's MSS option; out, the table value the cookie carries
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v6_init_sequence() with secure_tcp_syn_cookie() folded in.
 *
 * Return: the cookie, the ISN of the SYN-ACK, host order.
 */
u32 scd_cookie_v6_init_sequence(const struct scd_v6_tuple *t, __be32 seq,
				u16 *mssp, u32 count,
				const siphash_key_t *secret)
{
	u32 mssind = mss_index(msstab_v6, ARRAY_SIZE(msstab_v6), *mssp);

	*mssp = msstab_v6[mssind];
	return scd_cookie_v6_hash(t, 0, 0, secret) + ntohl(seq) +
	       (count << COOKIEBITS) +
	       ((scd_cookie_v6_hash(t, count, 1, secret) + mssind) & COOKIEMASK);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v6_init_sequence);

/**
 * scd_cookie_v6_check() - the MSS a returning IPv6 cookie carries, if valid
 * @t: the ACK's tuple
 * @seq: the ACK's sequence number (th->seq), network order
 * @cookie: the ACK's acknowledgment number minus 1, host order
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v6_check() with check_tcp_syn_cookie() folded in.
 *
 * Return: the MSS, or 0 if the cookie is not valid for this tuple and ISN
 * or is MAX_SYNCOOKIE_AGE or more minutes old.
 */
int scd_cookie_v6_check(const struct scd_v6_tuple *t, __be32 seq, u32 cookie,
			u32 count, const siphash_key_t *secret)
{
	u32 diff, mssind;

	cookie -= scd_cookie_v6_hash(t, 0, 0, secret) + ntohl(seq) - 1;
	diff = (count - (cookie >> COOKIEBITS)) & (U32_MAX >> COOKIEBITS);
	if (diff >= MAX_SYNCOOKIE_AGE)
		return 0;
	mssind = (cookie - scd_cookie_v6_hash(t, count - diff, 1, secret)) &
		 COOKIEMASK;
	return mssind < ARRAY_SIZE(msstab_v6) ? msstab_v6[mssind] : 0;
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_v6_check);

/* ---- what insmod shows ---------------------------------------------------- */

/* Documentation addresses (RFC 5737, RFC 3849); dmesg shows them. */
static const struct scd_v4_tuple demo_v4 = {
	.saddr = cpu_to_be32(0xc0000201), .daddr = cpu_to_be32(0xc6336407),
	.sport = cpu_to_be16(40000), .dport = cpu_to_be16(80),
};

static const struct scd_v6_tuple demo_v6 = {
	.saddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 0x01 },
	.daddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0x01, [15] = 0x80 },
	.sport = cpu_to_be16(50000), .dport = cpu_to_be16(443),
};

/* A SYN per family at the current minute: its cookie, and its ACK's check. */
static void __init t_sample_cookies(void)
{
	const __be32 seq = htonl(0x12345678), ack = htonl(0x12345679);
	u32 count = tcp_cookie_time(), cookie;
	u16 mss = 1460;
	int got;

	cookie = scd_cookie_v4_init_sequence(&demo_v4, seq, &mss, count,
					     syncookie_secret);
	got = scd_cookie_v4_check(&demo_v4, ack, cookie, count, syncookie_secret);
	pr_info("# SYN %pI4:%u -> %pI4:%u, seq %08x, MSS 1460: cookie %08x at minute %u; its ACK carries MSS %d\n",
		&demo_v4.saddr, ntohs(demo_v4.sport), &demo_v4.daddr,
		ntohs(demo_v4.dport), ntohl(seq), cookie, count, got);
	if (got != mss)
		ktap_fail("IPv4: the ACK carries MSS %d, want %u", got, mss);

	mss = 1500;
	cookie = scd_cookie_v6_init_sequence(&demo_v6, seq, &mss, count,
					     syncookie_secret);
	got = scd_cookie_v6_check(&demo_v6, ack, cookie, count, syncookie_secret);
	pr_info("# SYN [%pI6c]:%u -> [%pI6c]:%u, seq %08x, MSS 1500: cookie %08x at minute %u; its ACK carries MSS %d\n",
		&demo_v6.saddr, ntohs(demo_v6.sport), &demo_v6.daddr,
		ntohs(demo_v6.dport), ntohl(seq), cookie, count, got);
	if (got != mss)
		ktap_fail("IPv6: the ACK carries MSS %d, want %u", got, mss);
}

#define DEMO_BATCHES	7	/* short: test_syncookie.ko measures in full */
#define DEMO_CALLS	256

/* Print "SHA-1 time / SipHash time" of one hash; fail without figures. */
static void __init demo_speedup(const char *fn, const struct bench_result *sha1,
				const struct bench_result *sip)
{
	u64 x = sip->median_x100 ?
		div64_u64(sha1->median_x100 * 100, sip->median_x100) : 0;
	u32 f;

	if (!x)
		ktap_fail("%s: no cycle count", fn);
	x = div_u64_rem(x, 100, &f);
	pr_info("# %s: SHA-1 %llu, SipHash %llu cycles per call (median): %llu.%02ux as fast\n",
		fn, div_u64(sha1->median_x100, 100),
		div_u64(sip->median_x100, 100), x, f);
}

/* cookie_hash() against the SHA-1 one, in the same batches; count varies. */
static void __init t_speedup_over_sha1(void)
{
	struct bench_result sha1, sip;

	BENCH_RUN_PAIR(sha1, sip, DEMO_BATCHES, DEMO_CALLS,
		       sha1_cookie_hash_v4(&demo_v4, i, 1, &sha1_secret),
		       scd_cookie_v4_hash(&demo_v4, i, 1, syncookie_secret));
	demo_speedup("cookie_hash_v4", &sha1, &sip);
	BENCH_RUN_PAIR(sha1, sip, DEMO_BATCHES, DEMO_CALLS,
		       sha1_cookie_hash_v6(&demo_v6, i, 1, &sha1_secret),
		       scd_cookie_v6_hash(&demo_v6, i, 1, syncookie_secret));
	demo_speedup("cookie_hash_v6", &sha1, &sip);
}

static const struct ktap_case demo_cases[] __initconst = {
	{ "sample_cookies", t_sample_cookies },
	{ "speedup_over_sha1", t_speedup_over_sha1 },
};

static void demo_wipe_secrets(void)
{
	memzero_explicit(syncookie_secret, sizeof(syncookie_secret));
	memzero_explicit(&sha1_secret, sizeof(sha1_secret));
	sha1_cookie_wipe();
}

static int __init syncookie_demo_init(void)
{
	u8 raw[sizeof(syncookie_secret)];
	int fixed, c;

	fixed = hexkey_param_take(&keys, raw, sizeof(raw));
	if (fixed < 0)
		return fixed;
	for (c = 0; fixed && c < 2; c++) {
		syncookie_secret[c].key[0] = get_unaligned_le64(raw + 16 * c);
		syncookie_secret[c].key[1] = get_unaligned_le64(raw + 16 * c + 8);
	}
	memzero_explicit(raw, sizeof(raw));
	if (!fixed)
		get_random_bytes(syncookie_secret, sizeof(syncookie_secret));
	get_random_bytes(&sha1_secret, sizeof(sha1_secret));

	ktap_plan(ARRAY_SIZE(demo_cases));
	pr_info("# syncookie_demo %s: Linux 6.1's SYN cookies with the seed's SipHash cookie_hash() on siphash.ko, keys %s\n",
		SIPHASH_OOT_VERSION, fixed ? "fixed by keys=" : "random");
	if (ktap_run(demo_cases, ARRAY_SIZE(demo_cases))) {
		demo_wipe_secrets();
		return -EINVAL;
	}
	return 0;
}

static void __exit syncookie_demo_exit(void)
{
	demo_wipe_secrets();
}

module_init(syncookie_demo_init);
module_exit(syncookie_demo_exit);

MODULE_DESCRIPTION("Linux 6.1's TCP SYN cookies with the seed's SipHash cookie_hash() on siphash.ko, shown at load with their speedup over SHA-1");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
