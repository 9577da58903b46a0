// SPDX-License-Identifier: GPL-2.0
/*
 * OBSOLETE BASELINE (baselines.h): the MD5 compression function, written
 * from RFC 1321, "The MD5 Message-Digest Algorithm" (the functions F, G,
 * H, I of section 3.4, its table T[i] = floor(2^32 * abs(sin(i))), its
 * shifts, the initial buffer of section 3.3), with the interface of the
 * kernel's former md5_transform(); and the six secure_seq functions that
 * "[PATCH v3 net-next 3/4] secure_seq: use SipHash in place of MD5"
 * removed, rebuilt from its "-" lines.
 *
 * The secret is what net_secret was then: one 64-byte MD5 block. IPv4 puts
 * the addresses and ports into the MD5 state and hashes the secret; IPv6
 * puts the source address into the state and adds the destination address
 * and ports to the secret's first five words.
 */
#include <linux/bitops.h>
#include <linux/bits.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/string.h>

#include "baselines.h"
#include "compat.h"

/* RFC 1321, 3.3: the initial buffer A, B, C, D. */
const u32 md5_baseline_iv[MD5_BASELINE_DIGEST_WORDS] = {
	0x67452301U, 0xefcdab89U, 0x98badcfeU, 0x10325476U,
};

SIPMOD_EXPORT_TEST_GPL(md5_baseline_iv);

/* RFC 1321, 3.4: F, G, H and I; F and G in forms with fewer operations. */
static __always_inline u32 md5_f(u32 x, u32 y, u32 z)
{
	return z ^ (x & (y ^ z));	/* (x & y) | (~x & z) */
}

static __always_inline u32 md5_g(u32 x, u32 y, u32 z)
{
	return md5_f(z, x, y);		/* (x & z) | (y & ~z) */
}

static __always_inline u32 md5_h(u32 x, u32 y, u32 z)
{
	return x ^ y ^ z;
}

static __always_inline u32 md5_i(u32 x, u32 y, u32 z)
{
	return y ^ (x | ~z);
}

/* One step of RFC 1321: a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s). */
static __always_inline u32 md5_step(u32 w, u32 x, u32 fxyz, u32 in,
				    unsigned int s)
{
	return rol32(w + fxyz + in, s) + x;
}

/**
 * md5_baseline_transform() - MD5 compression of one block (OBSOLETE)
 * @hash: the buffer A, B, C, D, 4 u32 words; updated in place
 * @in: one 64-byte block as 16 u32 words X[0..15], in CPU byte order
 *
 * RFC 1321, 3.4: the four rounds of 16 steps, then the input buffer
 * added to the output; no padding and no length. RFC 1321 reads X[]
 * little-endian from the message bytes: a caller hashing a byte string
 * loads the words with get_unaligned_le32(), as the RFC 1321 test does,
 * while the removed secure_seq code put CPU integers into X[] directly,
 * as the kernel's former md5_transform() took them.
 */
void md5_baseline_transform(u32 hash[MD5_BASELINE_DIGEST_WORDS],
			    const u32 in[MD5_BASELINE_BLOCK_WORDS])
{
	u32 a = hash[0], b = hash[1], c = hash[2], d = hash[3];

	a = md5_step(a, b, md5_f(b, c, d), in[0] + 0xd76aa478U, 7);
	d = md5_step(d, a, md5_f(a, b, c), in[1] + 0xe8c7b756U, 12);
	c = md5_step(c, d, md5_f(d, a, b), in[2] + 0x242070dbU, 17);
	b = md5_step(b, c, md5_f(c, d, a), in[3] + 0xc1bdceeeU, 22);
	a = md5_step(a, b, md5_f(b, c, d), in[4] + 0xf57c0fafU, 7);
	d = md5_step(d, a, md5_f(a, b, c), in[5] + 0x4787c62aU, 12);
	c = md5_step(c, d, md5_f(d, a, b), in[6] + 0xa8304613U, 17);
	b = md5_step(b, c, md5_f(c, d, a), in[7] + 0xfd469501U, 22);
	a = md5_step(a, b, md5_f(b, c, d), in[8] + 0x698098d8U, 7);
	d = md5_step(d, a, md5_f(a, b, c), in[9] + 0x8b44f7afU, 12);
	c = md5_step(c, d, md5_f(d, a, b), in[10] + 0xffff5bb1U, 17);
	b = md5_step(b, c, md5_f(c, d, a), in[11] + 0x895cd7beU, 22);
	a = md5_step(a, b, md5_f(b, c, d), in[12] + 0x6b901122U, 7);
	d = md5_step(d, a, md5_f(a, b, c), in[13] + 0xfd987193U, 12);
	c = md5_step(c, d, md5_f(d, a, b), in[14] + 0xa679438eU, 17);
	b = md5_step(b, c, md5_f(c, d, a), in[15] + 0x49b40821U, 22);
	a = md5_step(a, b, md5_g(b, c, d), in[1] + 0xf61e2562U, 5);
	d = md5_step(d, a, md5_g(a, b, c), in[6] + 0xc040b340U, 9);
	c = md5_step(c, d, md5_g(d, a, b), in[11] + 0x265e5a51U, 14);
	b = md5_step(b, c, md5_g(c, d, a), in[0] + 0xe9b6c7aaU, 20);
	a = md5_step(a, b, md5_g(b, c, d), in[5] + 0xd62f105dU, 5);
	d = md5_step(d, a, md5_g(a, b, c), in[10] + 0x02441453U, 9);
	c = md5_step(c, d, md5_g(d, a, b), in[15] + 0xd8a1e681U, 14);
	b = md5_step(b, c, md5_g(c, d, a), in[4] + 0xe7d3fbc8U, 20);
	a = md5_step(a, b, md5_g(b, c, d), in[9] + 0x21e1cde6U, 5);
	d = md5_step(d, a, md5_g(a, b, c), in[14] + 0xc33707d6U, 9);
	c = md5_step(c, d, md5_g(d, a, b), in[3] + 0xf4d50d87U, 14);
	b = md5_step(b, c, md5_g(c, d, a), in[8] + 0x455a14edU, 20);
	a = md5_step(a, b, md5_g(b, c, d), in[13] + 0xa9e3e905U, 5);
	d = md5_step(d, a, md5_g(a, b, c), in[2] + 0xfcefa3f8U, 9);
	c = md5_step(c, d, md5_g(d, a, b), in[7] + 0x676f02d9U, 14);
	b = md5_step(b, c, md5_g(c, d, a), in[12] + 0x8d2a4c8aU, 20);
	a = md5_step(a, b, md5_h(b, c, d), in[5] + 0xfffa3942U, 4);
	d = md5_step(d, a, md5_h(a, b, c), in[8] + 0x8771f681U, 11);
	c = md5_step(c, d, md5_h(d, a, b), in[11] + 0x6d9d6122U, 16);
	b = md5_step(b, c, md5_h(c, d, a), in[14] + 0xfde5380cU, 23);
	a = md5_step(a, b, md5_h(b, c, d), in[1] + 0xa4beea44U, 4);
	d = md5_step(d, a, md5_h(a, b, c), in[4] + 0x4bdecfa9U, 11);
	c = md5_step(c, d, md5_h(d, a, b), in[7] + 0xf6bb4b60U, 16);
	b = md5_step(b, c, md5_h(c, d, a), in[10] + 0xbebfbc70U, 23);
	a = md5_step(a, b, md5_h(b, c, d), in[13] + 0x289b7ec6U, 4);
	d = md5_step(d, a, md5_h(a, b, c), in[0] + 0xeaa127faU, 11);
	c = md5_step(c, d, md5_h(d, a, b), in[3] + 0xd4ef3085U, 16);
	b = md5_step(b, c, md5_h(c, d, a), in[6] + 0x04881d05U, 23);
	a = md5_step(a, b, md5_h(b, c, d), in[9] + 0xd9d4d039U, 4);
	d = md5_step(d, a, md5_h(a, b, c), in[12] + 0xe6db99e5U, 11);
	c = md5_step(c, d, md5_h(d, a, b), in[15] + 0x1fa27cf8U, 16);
	b = md5_step(b, c, md5_h(c, d, a), in[2] + 0xc4ac5665U, 23);
	a = md5_step(a, b, md5_i(b, c, d), in[0] + 0xf4292244U, 6);
	d = md5_step(d, a, md5_i(a, b, c), in[7] + 0x432aff97U, 10);
	c = md5_step(c, d, md5_i(d, a, b), in[14] + 0xab9423a7U, 15);
	b = md5_step(b, c, md5_i(c, d, a), in[5] + 0xfc93a039U, 21);
	a = md5_step(a, b, md5_i(b, c, d), in[12] + 0x655b59c3U, 6);
	d = md5_step(d, a, md5_i(a, b, c), in[3] + 0x8f0ccc92U, 10);
	c = md5_step(c, d, md5_i(d, a, b), in[10] + 0xffeff47dU, 15);
	b = md5_step(b, c, md5_i(c, d, a), in[1] + 0x85845dd1U, 21);
	a = md5_step(a, b, md5_i(b, c, d), in[8] + 0x6fa87e4fU, 6);
	d = md5_step(d, a, md5_i(a, b, c), in[15] + 0xfe2ce6e0U, 10);
	c = md5_step(c, d, md5_i(d, a, b), in[6] + 0xa3014314U, 15);
	b = md5_step(b, c, md5_i(c, d, a), in[13] + 0x4e0811a1U, 21);
	a = md5_step(a, b, md5_i(b, c, d), in[4] + 0xf7537e82U, 6);
	d = md5_step(d, a, md5_i(a, b, c), in[11] + 0xbd3af235U, 10);
	c = md5_step(c, d, md5_i(d, a, b), in[2] + 0x2ad7d2bbU, 15);
	b = md5_step(b, c, md5_i(c, d, a), in[9] + 0xeb86d391U, 21);

	hash[0] += a;
	hash[1] += b;
	hash[2] += c;
	hash[3] += d;
}

SIPMOD_EXPORT_TEST_GPL(md5_baseline_transform);

/* seq_scale() of net/core/secure_seq.c, which the patch did not change. */
static u32 md5_seq_scale(u32 seq)
{
	return seq + (ktime_get_real_ns() >> 6);
}

/* The DCCP number from words 0 and 1 of the state, as the removed code. */
static u64 md5_dccp_seq(const u32 hash[MD5_BASELINE_DIGEST_WORDS])
{
	u64 seq = hash[0] | (u64)hash[1] << 32;

	return (seq + ktime_get_real_ns()) & GENMASK_ULL(47, 0);
}

/* IPv4: the state is saddr, daddr, @ports, secret[15]; the block the secret. */
static void md5_v4(__be32 saddr, __be32 daddr, u32 ports, const u32 *secret,
		   u32 hash[MD5_BASELINE_DIGEST_WORDS])
{
	hash[0] = (__force u32)saddr;
	hash[1] = (__force u32)daddr;
	hash[2] = ports;
	hash[3] = secret[15];
	md5_baseline_transform(hash, secret);
}

/* IPv6: the state is saddr; the block the secret plus daddr and @ports. */
static void md5_v6(const __be32 *saddr, const __be32 *daddr, u32 ports,
		   const u32 *secret, u32 hash[MD5_BASELINE_DIGEST_WORDS])
{
	u32 block[MD5_SECRET_WORDS];
	unsigned int i;

	memcpy(hash, saddr, 16);
	for (i = 0; i < 4; i++)
		block[i] = secret[i] + (__force u32)daddr[i];
	block[4] = secret[4] + ports;
	for (i = 5; i < MD5_SECRET_WORDS; i++)
		block[i] = secret[i];
	md5_baseline_transform(hash, block);
}

/* sport << 16 + dport, as the removed code added the ports. */
static u32 md5_ports(__be16 sport, __be16 dport)
{
	return ((__force u16)sport << 16) + (__force u16)dport;
}

/**
 * md5_secure_tcp_sequence_number() - the IPv4 TCP ISN before SipHash
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @tsoff: set to the timestamp offset, word 1 of the MD5 state
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * Return: word 0 of the MD5 state plus the clock of seq_scale().
 */
u32 md5_secure_tcp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
				   __be16 dport, u32 *tsoff, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, md5_ports(sport, dport), secret, hash);
	*tsoff = hash[1];
	return md5_seq_scale(hash[0]);
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_tcp_sequence_number);

/**
 * md5_secure_tcpv6_sequence_number() - the IPv6 TCP ISN before SipHash
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @tsoff: set to the timestamp offset, word 1 of the MD5 state
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * Return: word 0 of the MD5 state plus the clock of seq_scale().
 */
u32 md5_secure_tcpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				     __be16 sport, __be16 dport, u32 *tsoff,
				     const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, md5_ports(sport, dport), secret, hash);
	*tsoff = hash[1];
	return md5_seq_scale(hash[0]);
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_tcpv6_sequence_number);

/**
 * md5_secure_ipv4_port_ephemeral() - the IPv4 port offset before SipHash
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @dport: destination port, network byte order
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * The removed code XORed @dport into secret[14] in place of the ports.
 *
 * Return: word 0 of the MD5 state.
 */
u32 md5_secure_ipv4_port_ephemeral(__be32 saddr, __be32 daddr, __be16 dport,
				   const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, (__force u32)dport ^ secret[14], secret, hash);
	return hash[0];
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_ipv4_port_ephemeral);

/**
 * md5_secure_ipv6_port_ephemeral() - the IPv6 port offset before SipHash
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * Return: word 0 of the MD5 state.
 */
u32 md5_secure_ipv6_port_ephemeral(const __be32 *saddr, const __be32 *daddr,
				   __be16 dport, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, (__force u32)dport, secret, hash);
	return hash[0];
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_ipv6_port_ephemeral);

/**
 * md5_secure_dccp_sequence_number() - the IPv4 DCCP ISN before SipHash
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * Return: words 0 and 1 of the MD5 state plus the time in ns, 48 bits.
 */
u64 md5_secure_dccp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
				    __be16 dport, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, md5_ports(sport, dport), secret, hash);
	return md5_dccp_seq(hash);
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_dccp_sequence_number);

/**
 * md5_secure_dccpv6_sequence_number() - the IPv6 DCCP ISN before SipHash
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: MD5_SECRET_WORDS words of secret
 *
 * Return: words 0 and 1 of the MD5 state plus the time in ns, 48 bits.
 */
u64 md5_secure_dccpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				      __be16 sport, __be16 dport,
				      const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, md5_ports(sport, dport), secret, hash);
	return md5_dccp_seq(hash);
}

SIPMOD_EXPORT_TEST_GPL(md5_secure_dccpv6_sequence_number);
