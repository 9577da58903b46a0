/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBSOLETE BASELINE, for measurement only: SYN cookies as Linux 6.1 makes
 * them, but with the SHA-1 cookie_hash() that "[PATCH v3 net-next 4/4]
 * syncookies: use SipHash in place of SHA1" removed, rebuilt from its "-"
 * lines over sha1_baseline_transform(). syncookie_demo.ko and
 * test_syncookie.ko time them against the SipHash cookies of
 * syncookie_demo.h, which take the same arguments but the secret, and
 * test_syncookie.ko checks that they round-trip, so that the figures are
 * those of working cookies. SHA-1 is broken; nothing here is fit for any
 * other use.
 *
 * One SHA-1 block per hash: the tuple and the counter first, the secret
 * filling the rest of the block and replacing the initial digest. The
 * per-CPU scratch is the removed code's; it holds key material, so the
 * includer wipes it with sha1_cookie_wipe() when done.
 */
#ifndef SIPHASH_SYNCOOKIE_SHA1_H
#define SIPHASH_SYNCOOKIE_SHA1_H

#include <linux/kernel.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <net/tcp.h>

#include "sha1_baseline.h"
#include "syncookie_demo.h"

/* The words of one secret: IPv4 uses all 17, IPv6 the first 11. */
#define SHA1_COOKIE_SECRET_WORDS	(16 - 4 + SHA1_BASELINE_DIGEST_WORDS)
#define SHA1_COOKIE_SCRATCH_WORDS	(16 + SHA1_BASELINE_DIGEST_WORDS)
#define SHA1_COOKIEBITS			24
#define SHA1_COOKIEMASK			(((u32)1 << SHA1_COOKIEBITS) - 1)

/**
 * struct sha1_cookie_secret - the secrets of the SHA-1 cookies
 * @w: w[0] hashes count 0, w[1] the minute counter, as syncookie_secret[]
 */
struct sha1_cookie_secret {
	u32 w[2][SHA1_COOKIE_SECRET_WORDS];
};

static DEFINE_PER_CPU(u32 [SHA1_COOKIE_SCRATCH_WORDS], sha1_cookie_scratch);

/* The MSS tables of net/ipv4/syncookies.c and net/ipv6/syncookies.c. */
static const u16 sha1_msstab_v4[] = { 536, 1300, 1440, 1460 };
static const u16 sha1_msstab_v6[] = { 1280 - 60, 1480 - 60, 1500 - 60, 9000 - 60 };

/* IPv4: block words 0..3 are saddr, daddr, sport << 16 + dport, count. */
static noinline __maybe_unused u32
sha1_cookie_hash_v4(const struct scd_v4_tuple *t, u32 count, int c,
		    const struct sha1_cookie_secret *s)
{
	u32 *tmp = get_cpu_ptr(sha1_cookie_scratch);
	u32 h;

	memcpy(tmp + 4, s->w[c], SHA1_COOKIE_SECRET_WORDS * sizeof(u32));
	tmp[0] = (__force u32)t->saddr;
	tmp[1] = (__force u32)t->daddr;
	tmp[2] = ((__force u32)t->sport << 16) + (__force u32)t->dport;
	tmp[3] = count;
	sha1_baseline_transform(tmp + 16, (const u8 *)tmp);
	h = tmp[17];
	put_cpu_ptr(sha1_cookie_scratch);
	return h;
}

/* IPv6: words 0..7 the addresses, 8 sport << 16 + dport, 9 count. */
static noinline __maybe_unused u32
sha1_cookie_hash_v6(const struct scd_v6_tuple *t, u32 count, int c,
		    const struct sha1_cookie_secret *s)
{
	u32 *tmp = get_cpu_ptr(sha1_cookie_scratch);
	u32 h;

	memcpy(tmp + 10, s->w[c], 11 * sizeof(u32));
	memcpy(tmp, &t->saddr, 16);
	memcpy(tmp + 4, &t->daddr, 16);
	tmp[8] = ((__force u32)t->sport << 16) + (__force u32)t->dport;
	tmp[9] = count;
	sha1_baseline_transform(tmp + 16, (const u8 *)tmp);
	h = tmp[17];
	put_cpu_ptr(sha1_cookie_scratch);
	return h;
}

/* The index of the largest table entry not above @mss, or 0. */
static inline u32 sha1_cookie_mssind(const u16 *tab, u32 n, u16 mss)
{
	u32 ind;

	for (ind = n - 1; ind; ind--)
		if (mss >= tab[ind])
			break;
	return ind;
}

/* The cookie from its two hashes, the client's ISN and the counter. */
static inline u32 sha1_cookie(u32 h0, u32 h1, u32 sseq, u32 count, u32 data)
{
	return h0 + sseq + (count << SHA1_COOKIEBITS) +
	       ((h1 + data) & SHA1_COOKIEMASK);
}

/* The age of @cookie minus H(count 0) and the ISN, at minute @count. */
static inline u32 sha1_cookie_age(u32 rest, u32 count)
{
	return (count - (rest >> SHA1_COOKIEBITS)) & (U32_MAX >> SHA1_COOKIEBITS);
}

static noinline __maybe_unused u32
sha1_cookie_v4_init_sequence(const struct scd_v4_tuple *t, __be32 seq,
			     u16 *mssp, u32 count,
			     const struct sha1_cookie_secret *s)
{
	u32 ind = sha1_cookie_mssind(sha1_msstab_v4, ARRAY_SIZE(sha1_msstab_v4),
				     *mssp);

	*mssp = sha1_msstab_v4[ind];
	return sha1_cookie(sha1_cookie_hash_v4(t, 0, 0, s),
			   sha1_cookie_hash_v4(t, count, 1, s), ntohl(seq),
			   count, ind);
}

static noinline __maybe_unused int
sha1_cookie_v4_check(const struct scd_v4_tuple *t, __be32 seq, u32 cookie,
		     u32 count, const struct sha1_cookie_secret *s)
{
	u32 rest = cookie - (sha1_cookie_hash_v4(t, 0, 0, s) + ntohl(seq) - 1);
	u32 age = sha1_cookie_age(rest, count), ind;

	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	ind = (rest - sha1_cookie_hash_v4(t, count - age, 1, s)) & SHA1_COOKIEMASK;
	return ind < ARRAY_SIZE(sha1_msstab_v4) ? sha1_msstab_v4[ind] : 0;
}

static noinline __maybe_unused u32
sha1_cookie_v6_init_sequence(const struct scd_v6_tuple *t, __be32 seq,
			     u16 *mssp, u32 count,
			     const struct sha1_cookie_secret *s)
{
	u32 ind = sha1_cookie_mssind(sha1_msstab_v6, ARRAY_SIZE(sha1_msstab_v6),
				     *mssp);

	*mssp = sha1_msstab_v6[ind];
	return sha1_cookie(sha1_cookie_hash_v6(t, 0, 0, s),
			   sha1_cookie_hash_v6(t, count, 1, s), ntohl(seq),
			   count, ind);
}

static noinline __maybe_unused int
sha1_cookie_v6_check(const struct scd_v6_tuple *t, __be32 seq, u32 cookie,
		     u32 count, const struct sha1_cookie_secret *s)
{
	u32 rest = cookie - (sha1_cookie_hash_v6(t, 0, 0, s) + ntohl(seq) - 1);
	u32 age = sha1_cookie_age(rest, count), ind;

	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	ind = (rest - sha1_cookie_hash_v6(t, count - age, 1, s)) & SHA1_COOKIEMASK;
	return ind < ARRAY_SIZE(sha1_msstab_v6) ? sha1_msstab_v6[ind] : 0;
}

/* Wipe the copies of secrets the hashes left in the per-CPU scratch. */
static inline void sha1_cookie_wipe(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memzero_explicit(per_cpu_ptr(sha1_cookie_scratch, cpu),
				 SHA1_COOKIE_SCRATCH_WORDS * sizeof(u32));
}

#endif /* SIPHASH_SYNCOOKIE_SHA1_H */
