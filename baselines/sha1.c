// SPDX-License-Identifier: GPL-2.0
/*
 * OBSOLETE BASELINE (baselines.h): the SHA-1 compression function, written
 * from FIPS 180-4, "Secure Hash Standard" (the functions of 4.1.1, the
 * constants of 4.2.1, the initial hash value of 5.3.1, the computation of
 * 6.1.2), with the interface of the kernel's former sha1_transform(); and
 * SYN cookies as syncookie_demo.c makes them but with the SHA-1
 * cookie_hash() that "[PATCH v3 net-next 4/4] syncookies: use SipHash in
 * place of SHA1" removed, rebuilt from its "-" lines.
 *
 * One SHA-1 block per cookie hash: the tuple and the counter first, the
 * secret filling the rest of the block and replacing the initial digest.
 * The per-CPU scratch is the removed code's; it holds key material, which
 * sha1_cookie_wipe() clears.
 */
#include <linux/bitops.h>
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/string.h>
#include <net/tcp.h>

#include "baselines.h"
#include "compat.h"

/* FIPS 180-4, 5.3.1: H(0). */
const u32 sha1_baseline_iv[SHA1_BASELINE_DIGEST_WORDS] = {
	0x67452301U, 0xefcdab89U, 0x98badcfeU, 0x10325476U, 0xc3d2e1f0U,
};

SIPMOD_EXPORT_TEST_GPL(sha1_baseline_iv);

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

static const u32 sha1_baseline_k[4] = {
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
void sha1_baseline_transform(u32 digest[SHA1_BASELINE_DIGEST_WORDS],
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

SIPMOD_EXPORT_TEST_GPL(sha1_baseline_transform);

/* ---- the SHA-1 cookies ----------------------------------------------- */

#define SHA1_COOKIE_SCRATCH_WORDS	(16 + SHA1_BASELINE_DIGEST_WORDS)
#define SHA1_COOKIEBITS			24
#define SHA1_COOKIEMASK			(((u32)1 << SHA1_COOKIEBITS) - 1)

static DEFINE_PER_CPU(u32 [SHA1_COOKIE_SCRATCH_WORDS], sha1_cookie_scratch);

/*
 * The block is @in (@n words: the tuple and the counter), then as much of
 * secret @w as fills it; the digest is the five words after it.
 */
static u32 sha1_cookie_block(const u32 *in, unsigned int n, const u32 *w)
{
	u32 *tmp = get_cpu_ptr(sha1_cookie_scratch);
	u32 h;

	memcpy(tmp, in, n * sizeof(u32));
	memcpy(tmp + n, w, (SHA1_COOKIE_SCRATCH_WORDS - n) * sizeof(u32));
	sha1_baseline_transform(tmp + 16, (const u8 *)tmp);
	h = tmp[17];
	put_cpu_ptr(sha1_cookie_scratch);
	return h;
}

/* IPv4: block words 0..3 are saddr, daddr, sport << 16 + dport, count. */
static u32 sha1_cookie_hash_v4(const struct scd_v4_tuple *t, u32 count,
			       const u32 *w)
{
	const u32 in[4] = {
		(__force u32)t->saddr, (__force u32)t->daddr,
		((__force u32)t->sport << 16) + (__force u32)t->dport, count,
	};

	return sha1_cookie_block(in, ARRAY_SIZE(in), w);
}

/* IPv6: words 0..7 the addresses, 8 sport << 16 + dport, 9 count. */
static u32 sha1_cookie_hash_v6(const struct scd_v6_tuple *t, u32 count,
			       const u32 *w)
{
	u32 in[10];

	memcpy(in, &t->saddr, 16);
	memcpy(in + 4, &t->daddr, 16);
	in[8] = ((__force u32)t->sport << 16) + (__force u32)t->dport;
	in[9] = count;
	return sha1_cookie_block(in, ARRAY_SIZE(in), w);
}

/**
 * sha1_cookie_hash() - the SHA-1 cookie_hash() of a tuple
 * @t: the tuple
 * @count: 0, or the minute counter
 * @c: which secret: 0 for count 0, 1 for the counter
 * @s: the secrets
 *
 * One SHA-1 block: the tuple's words (network-order fields as CPU
 * integers) and @count, then the secret.
 *
 * Return: word 1 of the digest.
 */
u32 sha1_cookie_hash(const struct scd_tuple *t, u32 count, int c,
		     const struct sha1_cookie_secret *s)
{
	return t->ipv6 ? sha1_cookie_hash_v6(&t->t6, count, s->w[c]) :
			 sha1_cookie_hash_v4(&t->t4, count, s->w[c]);
}

SIPMOD_EXPORT_TEST_GPL(sha1_cookie_hash);

/* The index of the largest entry of @msstab not above @mss, or 0. */
static u32 sha1_cookie_mssind(const u16 *msstab, u16 mss)
{
	u32 ind = SCD_MSSTAB_SIZE - 1;

	while (ind && mss < msstab[ind])
		ind--;
	return ind;
}

/**
 * sha1_cookie_init_sequence() - the SHA-1 cookie of a SYN
 * @t: the SYN's tuple
 * @seq: the SYN's sequence number, network order
 * @mssp: in, the SYN's MSS option; out, the table value the cookie carries
 * @count: the minute counter now
 * @s: the secrets
 * @msstab: the MSS table, SCD_MSSTAB_SIZE entries, ascending
 *
 * Return: the cookie, host order.
 */
u32 sha1_cookie_init_sequence(const struct scd_tuple *t, __be32 seq, u16 *mssp,
			      u32 count, const struct sha1_cookie_secret *s,
			      const u16 *msstab)
{
	u32 ind = sha1_cookie_mssind(msstab, *mssp);

	*mssp = msstab[ind];
	return sha1_cookie_hash(t, 0, 0, s) + ntohl(seq) +
	       (count << SHA1_COOKIEBITS) +
	       ((sha1_cookie_hash(t, count, 1, s) + ind) & SHA1_COOKIEMASK);
}

SIPMOD_EXPORT_TEST_GPL(sha1_cookie_init_sequence);

/**
 * sha1_cookie_check() - the MSS a returning SHA-1 cookie carries
 * @t: the ACK's tuple
 * @seq: the ACK's sequence number, network order
 * @cookie: the ACK's acknowledgment number minus 1, host order
 * @count: the minute counter now
 * @s: the secrets
 * @msstab: the MSS table, SCD_MSSTAB_SIZE entries
 *
 * Return: the MSS, or 0 if the cookie is invalid or MAX_SYNCOOKIE_AGE or
 * more minutes old.
 */
int sha1_cookie_check(const struct scd_tuple *t, __be32 seq, u32 cookie,
		      u32 count, const struct sha1_cookie_secret *s,
		      const u16 *msstab)
{
	u32 rest = cookie - (sha1_cookie_hash(t, 0, 0, s) + ntohl(seq) - 1);
	u32 age = (count - (rest >> SHA1_COOKIEBITS)) &
		  (U32_MAX >> SHA1_COOKIEBITS);
	u32 ind;

	if (age >= MAX_SYNCOOKIE_AGE)
		return 0;
	ind = (rest - sha1_cookie_hash(t, count - age, 1, s)) & SHA1_COOKIEMASK;
	return ind < SCD_MSSTAB_SIZE ? msstab[ind] : 0;
}

SIPMOD_EXPORT_TEST_GPL(sha1_cookie_check);

/**
 * sha1_cookie_wipe() - wipe the secrets the cookie hashes left behind
 *
 * The per-CPU scratch block holds a copy of a secret after every hash.
 */
void sha1_cookie_wipe(void)
{
	int cpu;

	for_each_possible_cpu(cpu)
		memzero_explicit(per_cpu_ptr(sha1_cookie_scratch, cpu),
				 SHA1_COOKIE_SCRATCH_WORDS * sizeof(u32));
}

SIPMOD_EXPORT_TEST_GPL(sha1_cookie_wipe);
