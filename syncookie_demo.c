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
 * the known answers, round trips, forgeries, the comparison with the
 * running kernel and the SYN flood benchmark against SHA-1. At load, the
 * module makes and checks a cookie per address family at the current
 * minute.
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

#include "siphash.h"

#include "compat.h"
#include "modparam.h"
#include "syncookie_demo.h"

#define COOKIEBITS	24	/* the minute counter's bits at the top */
#define COOKIEMASK	(((u32)1 << COOKIEBITS) - 1)

/* The module's keys, as the kernel has syncookie_secret[2]. */
static siphash_aligned_key_t syncookie_secret[2];

sipmod_param_key(key0,
		 "Fix the cookie key of count 0 for reproducible output (default: random from get_random_bytes())");
sipmod_param_key(key1,
		 "Fix the cookie key of the minute counter, like key0");

/* The MSS values an IPv4 cookie can carry; a SYN's rounds down to one. */
const u16 scd_msstab_v4[SCD_MSSTAB_SIZE] = { 536, 1300, 1440, 1460 };
SIPMOD_EXPORT_TEST_GPL(scd_msstab_v4);

/* RFC 2460 8.3: MTU - 60; the smallest from IPV6_MIN_MTU (1280). */
const u16 scd_msstab_v6[SCD_MSSTAB_SIZE] = {
	1280 - 60, 1480 - 60, 1500 - 60, 9000 - 60
};

SIPMOD_EXPORT_TEST_GPL(scd_msstab_v6);

/* The index of the largest MSS in @tab not above @mss, or 0. */
static u32 mss_index(const u16 *tab, u16 mss)
{
	u32 ind;

	for (ind = SCD_MSSTAB_SIZE - 1; ind; ind--)
		if (mss >= tab[ind])
			break;
	return ind;
}

/*
 * The cookie of a SYN with sequence number @seq from the two hashes of its
 * tuple, H(key0; count 0) and H(key1; @count): secure_tcp_syn_cookie().
 */
static u32 cookie_make(u32 h0, u32 h1, __be32 seq, u32 count, u32 mssind)
{
	return h0 + ntohl(seq) + (count << COOKIEBITS) +
	       ((h1 + mssind) & COOKIEMASK);
}

/*
 * The age in minutes of @cookie at minute @count, @h0 its tuple's hash of
 * count 0 and @seq the ACK's sequence number, and in *@rest what
 * cookie_mss() reads: the first half of check_tcp_syn_cookie().
 */
static u32 cookie_age(u32 cookie, u32 h0, __be32 seq, u32 count, u32 *rest)
{
	*rest = cookie - (h0 + ntohl(seq) - 1);
	return (count - (*rest >> COOKIEBITS)) & (U32_MAX >> COOKIEBITS);
}

/* The MSS of a cookie younger than MAX_SYNCOOKIE_AGE, @h1 its minute's hash. */
static int cookie_mss(const u16 *tab, u32 rest, u32 h1)
{
	u32 mssind = (rest - h1) & COOKIEMASK;

	return mssind < SCD_MSSTAB_SIZE ? tab[mssind] : 0;
}

/* ---- net/ipv4/syncookies.c ----------------------------------------------- */

/*
 * The patch's cookie_hash() of IPv4: siphash_4u32() of saddr, daddr,
 * sport << 16 | dport and @count, the network-order fields passed as the
 * CPU integers that hold them: it hashes the little-endian bytes of each,
 * so a big-endian CPU hashes the bytes of every field reversed. @c is the
 * key: 0 for count 0, 1 for the minute counter.
 */
static u32 cookie_v4_hash(const struct scd_v4_tuple *t, u32 count, int c,
			  const siphash_key_t *secret)
{
	return siphash_4u32((__force u32)t->saddr, (__force u32)t->daddr,
			    (__force u32)t->sport << 16 | (__force u32)t->dport,
			    count, &secret[c]);
}

/* ---- net/ipv6/syncookies.c ----------------------------------------------- */

/* Hashed up to the end of dport (40 bytes), never the tail padding. */
static_assert(offsetofend(struct scd_v6_input, dport) == 40);

/* The patch's cookie_hash() of IPv6: siphash() of struct scd_v6_input. */
static u32 cookie_v6_hash(const struct scd_v6_tuple *t, u32 count, int c,
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

/* ---- both families, as the two files do it alike ----------------------- */

/**
 * scd_cookie_hash() - the hash of a cookie, the patch's cookie_hash()
 * @t: the tuple
 * @count: 0, or the minute counter
 * @c: which key: 0 for count 0, 1 for the counter
 * @secret: the two keys
 *
 * IPv4: siphash_4u32() of the fields as CPU integers (cookie_v4_hash());
 * IPv6: siphash() of 40 bytes (struct scd_v6_input).
 *
 * Return: the low 32 bits of the SipHash-2-4 value.
 */
u32 scd_cookie_hash(const struct scd_tuple *t, u32 count, int c,
		    const siphash_key_t *secret)
{
	return t->ipv6 ? cookie_v6_hash(&t->t6, count, c, secret) :
			 cookie_v4_hash(&t->t4, count, c, secret);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_hash);

/**
 * scd_cookie_init_sequence() - the cookie of a SYN
 * @t: the SYN's tuple
 * @seq: the SYN's sequence number (th->seq), network order
 * @mssp: in, the SYN's MSS option; out, the table value the cookie carries
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v4_init_sequence() and __cookie_v6_init_sequence() with
 * secure_tcp_syn_cookie() folded in.
 *
 * Return: the cookie, the ISN of the SYN-ACK, host order.
 */
u32 scd_cookie_init_sequence(const struct scd_tuple *t, __be32 seq, u16 *mssp,
			     u32 count, const siphash_key_t *secret)
{
	const u16 *tab = scd_msstab(t);
	u32 mssind = mss_index(tab, *mssp);

	*mssp = tab[mssind];
	return cookie_make(scd_cookie_hash(t, 0, 0, secret),
			   scd_cookie_hash(t, count, 1, secret), seq, count,
			   mssind);
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_init_sequence);

/**
 * scd_cookie_check() - the MSS a returning cookie carries, if valid
 * @t: the ACK's tuple
 * @seq: the ACK's sequence number (th->seq), network order
 * @cookie: the ACK's acknowledgment number minus 1, host order
 * @count: the minute counter now
 * @secret: the two keys
 *
 * __cookie_v4_check() and __cookie_v6_check() with check_tcp_syn_cookie()
 * folded in.
 *
 * Return: the MSS, or 0 if the cookie is not valid for this tuple and ISN
 * or is MAX_SYNCOOKIE_AGE or more minutes old.
 */
int scd_cookie_check(const struct scd_tuple *t, __be32 seq, u32 cookie,
		     u32 count, const siphash_key_t *secret)
{
	u32 rest, age;

	age = cookie_age(cookie, scd_cookie_hash(t, 0, 0, secret), seq, count,
			 &rest);
	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	return cookie_mss(scd_msstab(t), rest,
			  scd_cookie_hash(t, count - age, 1, secret));
}

SIPMOD_EXPORT_TEST_GPL(scd_cookie_check);

/* ---- what insmod shows ---------------------------------------------------- */

/* Documentation addresses (RFC 5737, RFC 3849); dmesg shows them. */
static const struct scd_tuple demo_tuples[] = {
	{
		.t4.saddr = cpu_to_be32(0xc0000201),
		.t4.daddr = cpu_to_be32(0xc6336407),
		.t4.sport = cpu_to_be16(40000), .t4.dport = cpu_to_be16(80),
	}, {
		.ipv6 = true,
		.t6.saddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 0x01 },
		.t6.daddr.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0x01,
				      [15] = 0x80 },
		.t6.sport = cpu_to_be16(50000), .t6.dport = cpu_to_be16(443),
	},
};

/* A SYN per family at the current minute: its cookie, and its ACK's check. */
static void __init show_samples(void)
{
	const __be32 seq = htonl(0x12345678), ack = htonl(0x12345679);
	u32 count = tcp_cookie_time(), cookie;
	const struct scd_tuple *t;
	char syn[96];
	u16 mss;

	for (t = demo_tuples; t < demo_tuples + ARRAY_SIZE(demo_tuples); t++) {
		mss = 1500;
		cookie = scd_cookie_init_sequence(t, seq, &mss, count,
						  syncookie_secret);
		if (t->ipv6)
			snprintf(syn, sizeof(syn), "[%pI6c]:%u -> [%pI6c]:%u",
				 &t->t6.saddr, ntohs(t->t6.sport), &t->t6.daddr,
				 ntohs(t->t6.dport));
		else
			snprintf(syn, sizeof(syn), "%pI4:%u -> %pI4:%u",
				 &t->t4.saddr, ntohs(t->t4.sport), &t->t4.daddr,
				 ntohs(t->t4.dport));
		pr_info("SYN %s, seq %08x, MSS 1500: cookie %08x at minute %u; its ACK carries MSS %d\n",
			syn, ntohl(seq), cookie, count,
			scd_cookie_check(t, ack, cookie, count, syncookie_secret));
	}
}

static int __init syncookie_demo_init(void)
{
	int fixed0 = sipmod_key_param_take(&key0, "key0", &syncookie_secret[0]);
	int fixed1 = sipmod_key_param_take(&key1, "key1", &syncookie_secret[1]);

	if (fixed0 < 0 || fixed1 < 0) {
		memzero_explicit(syncookie_secret, sizeof(syncookie_secret));
		return -EINVAL;
	}
	if (!fixed0)
		get_random_bytes(&syncookie_secret[0], sizeof(syncookie_secret[0]));
	if (!fixed1)
		get_random_bytes(&syncookie_secret[1], sizeof(syncookie_secret[1]));
	pr_info("Linux 6.1's SYN cookies with the SipHash cookie_hash() of \"Introduce The SipHash PRF\" on siphash.ko %s, keys %s\n",
		SIPHASH_OOT_VERSION, fixed0 || fixed1 ? "fixed by key0=/key1=" : "random");
	show_samples();
	return 0;
}

static void __exit syncookie_demo_exit(void)
{
	memzero_explicit(syncookie_secret, sizeof(syncookie_secret));
}

module_init(syncookie_demo_init);
module_exit(syncookie_demo_exit);

MODULE_DESCRIPTION("Linux 6.1's TCP SYN cookies with the SipHash cookie_hash() of \"Introduce The SipHash PRF\" on siphash.ko, for test_syncookie.ko");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
