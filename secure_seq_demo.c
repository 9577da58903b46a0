// SPDX-License-Identifier: GPL-2.0
/*
 * secure_seq_demo - the TCP and DCCP initial sequence numbers and the
 * ephemeral-port offsets of net/core/secure_seq.c, computed with siphash.ko
 * as the seed does ("[PATCH v3 net-next 3/4] secure_seq: use SipHash in
 * place of MD5"), next to the MD5 versions that patch removed, which are
 * kept here only as the baseline of a benchmark.
 *
 * Nothing here is used by the network stack and nothing is exported: the
 * functions carry demo_ names, take their key as an argument and differ from
 * the seed only in that (the seed reads a global net_secret and, for
 * tsoff, the tcp_timestamps sysctl; here tsoff is always computed, as with
 * tcp_timestamps=1, the default).
 *
 * At load, a KTAP report: known answers from libsodium
 * (tests/vectors/gen_secure_seq.c), properties of the outputs, and the
 * cycles of both implementations measured with bench.h. Any failing case
 * makes module init return -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/bitops.h>
#include <linux/delay.h>
#include <linux/in6.h>
#include <linux/inet.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/random.h>
#include <linux/stddef.h>
#include <linux/string.h>
#include <linux/timekeeping.h>

#include "compat.h"
#include "ktap.h"
#include "siphash.h"
#include "modparam.h"
#include "bench.h"

/* ---- module parameters and the secret ---------------------------------- */

/* The secret of the demo functions, like the kernel's net_secret. */
static siphash_key_t demo_secret;
/* The secret of the MD5 baseline: one 64-byte MD5 block, as net_secret was. */
#define DEMO_MD5_BLOCK_WORDS 16
static u32 demo_md5_secret[DEMO_MD5_BLOCK_WORDS];

module_param_hexkey(key, 16,
		    "Fixed secret for reproducible output: the key bytes in order, as libsodium takes a SipHash key (default: random from get_random_bytes())");

#define BENCH_CALLS_MIN 10
#define BENCH_CALLS_MAX 20000
static unsigned int bench_calls = 1000;

module_param_uint_range(bench_calls, BENCH_CALLS_MIN, BENCH_CALLS_MAX,
			"Benchmark effort: calls per timed batch, 21 batches per function and implementation; default 1000");

/* ---- the clock terms of the seed ----------------------------------------- */

/**
 * demo_seq_scale() - add the ISN clock to a hash, as the seed's seq_scale()
 * @seq: the low 32 bits of the hash
 *
 * The clock is ktime_get_real_ns() >> 6: one tick every 64 ns, so the 32-bit
 * sequence space wraps every 274 s (net/core/secure_seq.c, seq_scale()).
 *
 * Return: @seq plus the clock, modulo 2^32.
 */
static u32 demo_seq_scale(u32 seq)
{
	return seq + (ktime_get_real_ns() >> 6);
}

#define DEMO_DCCP_SEQ_MASK GENMASK_ULL(47, 0)

/**
 * demo_dccp_seq() - turn a 64-bit hash into a 48-bit DCCP sequence number
 * @hash: the 64-bit hash of the connection's addresses and ports
 *
 * As the seed: the hash plus ktime_get_real_ns() (nanoseconds of
 * CLOCK_REALTIME), reduced to the 48 bits of a DCCP sequence number.
 *
 * Return: the sequence number, below 2^48.
 */
static u64 demo_dccp_seq(u64 hash)
{
	return (hash + ktime_get_real_ns()) & DEMO_DCCP_SEQ_MASK;
}

/* ---- SipHash: the seed's versions ---------------------------------------- */

/*
 * The IPv6 inputs of the seed, on the stack and aligned for SipHash. Only
 * the bytes up to offsetofend() of the last member are hashed, never the
 * tail padding that SIPHASH_ALIGNMENT adds.
 */
struct demo_v6_ports {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 sport;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

struct demo_v6_dport {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

#define DEMO_V4_LEN		(3 * sizeof(u32))
#define DEMO_V6_PORTS_LEN	offsetofend(struct demo_v6_ports, dport)
#define DEMO_V6_DPORT_LEN	offsetofend(struct demo_v6_dport, dport)

static_assert(DEMO_V6_PORTS_LEN == 36);
static_assert(DEMO_V6_DPORT_LEN == 34);

static __always_inline u64 demo_v6_ports_hash(const struct demo_v6_ports *in,
					      const siphash_key_t *key)
{
	return siphash(in, DEMO_V6_PORTS_LEN, key);
}

static __always_inline u64 demo_v6_dport_hash(const struct demo_v6_dport *in,
					      const siphash_key_t *key)
{
	return siphash(in, DEMO_V6_DPORT_LEN, key);
}

/**
 * demo_tcp_v4_hash() - the hash part of the IPv4 TCP ISN and DCCP number
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * The seed's input: siphash_3u32(saddr, daddr, sport << 16 | dport) on the
 * raw (big-endian) values, i.e. 12 bytes; on a little-endian kernel saddr,
 * daddr, dport, sport, each in network byte order.
 *
 * Return: the 64-bit SipHash-2-4 value.
 */
static u64 demo_tcp_v4_hash(__be32 saddr, __be32 daddr, __be16 sport,
			    __be16 dport, const siphash_key_t *key)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u32)sport << 16 | (__force u32)dport, key);
}

/**
 * demo_tcp_v4_isn() - IPv4 TCP initial sequence number and timestamp offset
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 * @tsoff: set to the TCP timestamp offset, the upper 32 bits of the hash
 *
 * Follows the seed's secure_tcp_sequence_number().
 *
 * Return: the ISN, the low 32 bits of the hash plus demo_seq_scale()'s clock.
 */
static u32 demo_tcp_v4_isn(__be32 saddr, __be32 daddr, __be16 sport,
			   __be16 dport, const siphash_key_t *key, u32 *tsoff)
{
	u64 hash = demo_tcp_v4_hash(saddr, daddr, sport, dport, key);

	*tsoff = upper_32_bits(hash);
	return demo_seq_scale(lower_32_bits(hash));
}

/**
 * demo_tcp_v6_hash() - the hash part of the IPv6 TCP ISN and DCCP number
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * The seed's input: saddr, daddr, sport, dport in an on-stack struct
 * aligned to SIPHASH_ALIGNMENT, hashed up to offsetofend(dport): 36 bytes.
 *
 * Return: the 64-bit SipHash-2-4 value.
 */
static u64 demo_tcp_v6_hash(const __be32 *saddr, const __be32 *daddr,
			    __be16 sport, __be16 dport,
			    const siphash_key_t *key)
{
	const struct demo_v6_ports combined = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.sport = sport,
		.dport = dport,
	};

	return demo_v6_ports_hash(&combined, key);
}

/**
 * demo_tcp_v6_isn() - IPv6 TCP initial sequence number and timestamp offset
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 * @tsoff: set to the TCP timestamp offset, the upper 32 bits of the hash
 *
 * Follows the seed's secure_tcpv6_sequence_number().
 *
 * Return: the ISN, the low 32 bits of the hash plus demo_seq_scale()'s clock.
 */
static u32 demo_tcp_v6_isn(const __be32 *saddr, const __be32 *daddr,
			   __be16 sport, __be16 dport,
			   const siphash_key_t *key, u32 *tsoff)
{
	u64 hash = demo_tcp_v6_hash(saddr, daddr, sport, dport, key);

	*tsoff = upper_32_bits(hash);
	return demo_seq_scale(lower_32_bits(hash));
}

/**
 * demo_port_v4_hash() - the hash of the IPv4 ephemeral-port offset
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * The seed's input: siphash_3u32(saddr, daddr, (u16)dport), 12 bytes; the
 * source port is not an input.
 *
 * Return: the 64-bit SipHash-2-4 value.
 */
static u64 demo_port_v4_hash(__be32 saddr, __be32 daddr, __be16 dport,
			     const siphash_key_t *key)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u16)dport, key);
}

/**
 * demo_port_v4_offset() - IPv4 ephemeral-port offset
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * Follows the seed's secure_ipv4_port_ephemeral(), which returns u32 (6.1
 * returns u64 and adds a time seed to the input; this demo does not).
 *
 * Return: the offset, the low 32 bits of the hash.
 */
static u32 demo_port_v4_offset(__be32 saddr, __be32 daddr, __be16 dport,
			       const siphash_key_t *key)
{
	return lower_32_bits(demo_port_v4_hash(saddr, daddr, dport, key));
}

/**
 * demo_port_v6_hash() - the hash of the IPv6 ephemeral-port offset
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * The seed's input: saddr, daddr, dport in an on-stack struct aligned to
 * SIPHASH_ALIGNMENT, hashed up to offsetofend(dport): 34 bytes.
 *
 * Return: the 64-bit SipHash-2-4 value.
 */
static u64 demo_port_v6_hash(const __be32 *saddr, const __be32 *daddr,
			     __be16 dport, const siphash_key_t *key)
{
	const struct demo_v6_dport combined = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.dport = dport,
	};

	return demo_v6_dport_hash(&combined, key);
}

/**
 * demo_port_v6_offset() - IPv6 ephemeral-port offset
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * Follows the seed's secure_ipv6_port_ephemeral() (u32, no time seed).
 *
 * Return: the offset, the low 32 bits of the hash.
 */
static u32 demo_port_v6_offset(const __be32 *saddr, const __be32 *daddr,
			       __be16 dport, const siphash_key_t *key)
{
	return lower_32_bits(demo_port_v6_hash(saddr, daddr, dport, key));
}

/**
 * demo_dccp_v4_seq() - IPv4 DCCP initial sequence number
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * Follows the seed's secure_dccp_sequence_number(): the same 12 input bytes
 * as demo_tcp_v4_hash(), then demo_dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
static u64 demo_dccp_v4_seq(__be32 saddr, __be32 daddr, __be16 sport,
			    __be16 dport, const siphash_key_t *key)
{
	return demo_dccp_seq(demo_tcp_v4_hash(saddr, daddr, sport, dport, key));
}

/**
 * demo_dccp_v6_seq() - IPv6 DCCP initial sequence number
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @key: the 128-bit secret
 *
 * Follows the seed's secure_dccpv6_sequence_number(): the same 36 input
 * bytes as demo_tcp_v6_hash(), then demo_dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
static u64 demo_dccp_v6_seq(const __be32 *saddr, const __be32 *daddr,
			    __be16 sport, __be16 dport,
			    const siphash_key_t *key)
{
	return demo_dccp_seq(demo_tcp_v6_hash(saddr, daddr, sport, dport, key));
}

/*
 * ---- OBSOLETE BASELINE: MD5, used only for measurement -------------------
 *
 * Everything down to the end of this section exists only so that the
 * benchmark can compare the seed's SipHash versions with what they
 * replaced. MD5 is broken; none of this is fit for any other use.
 */

static __always_inline u32 md5_f(u32 x, u32 y, u32 z)
{
	return z ^ (x & (y ^ z));	/* RFC 1321 F: (x & y) | (~x & z) */
}

static __always_inline u32 md5_g(u32 x, u32 y, u32 z)
{
	return md5_f(z, x, y);		/* RFC 1321 G: (x & z) | (y & ~z) */
}

static __always_inline u32 md5_h(u32 x, u32 y, u32 z)
{
	return x ^ y ^ z;
}

static __always_inline u32 md5_i(u32 x, u32 y, u32 z)
{
	return y ^ (x | ~z);
}

/* One RFC 1321 step: w = x + ((w + f(x, y, z) + X[k] + T[i]) <<< s). */
static __always_inline u32 md5_step(u32 w, u32 x, u32 fxyz, u32 in,
				    unsigned int s)
{
	return rol32(w + fxyz + in, s) + x;
}

/**
 * demo_md5_transform() - the MD5 compression function (OBSOLETE BASELINE)
 * @hash: the chaining state, 4 u32 words; updated in place
 * @in: one 64-byte block as 16 u32 words X[0..15], in CPU byte order
 *
 * RFC 1321, section 3.4: the four rounds of 16 steps with the constants
 * T[i] = floor(2^32 * abs(sin(i))) and the rotations of the RFC, then the
 * input state added to the output. The interface is that of the kernel's
 * former md5_transform(), which the seed's MD5 versions called and which
 * 6.1 does not export. RFC 1321 reads X[] little-endian from the byte
 * stream; on the little-endian kernels built here the two agree.
 */
static void demo_md5_transform(u32 hash[4], const u32 in[DEMO_MD5_BLOCK_WORDS])
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

/**
 * demo_md5_tcp_v4_isn() - IPv4 TCP ISN, MD5 version (OBSOLETE BASELINE)
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 * @tsoff: set to the TCP timestamp offset, word 1 of the MD5 state
 *
 * The secure_tcp_sequence_number() the seed removed: the state is saddr,
 * daddr, sport << 16 + dport, secret[15]; the block is the secret.
 *
 * Return: the ISN, word 0 of the state plus demo_seq_scale()'s clock.
 */
static u32 demo_md5_tcp_v4_isn(__be32 saddr, __be32 daddr, __be16 sport,
			       __be16 dport, const u32 *secret, u32 *tsoff)
{
	u32 hash[4];

	hash[0] = (__force u32)saddr;
	hash[1] = (__force u32)daddr;
	hash[2] = ((__force u16)sport << 16) + (__force u16)dport;
	hash[3] = secret[15];
	demo_md5_transform(hash, secret);
	*tsoff = hash[1];
	return demo_seq_scale(hash[0]);
}

/* The IPv6 MD5 input: state saddr, block secret + daddr and ports. */
static void demo_md5_v6(const __be32 *saddr, const __be32 *daddr, u32 ports,
			const u32 *secret, u32 hash[4])
{
	u32 block[DEMO_MD5_BLOCK_WORDS];
	unsigned int i;

	memcpy(hash, saddr, 16);
	for (i = 0; i < 4; i++)
		block[i] = secret[i] + (__force u32)daddr[i];
	block[4] = secret[4] + ports;
	for (i = 5; i < DEMO_MD5_BLOCK_WORDS; i++)
		block[i] = secret[i];
	demo_md5_transform(hash, block);
}

/**
 * demo_md5_tcp_v6_isn() - IPv6 TCP ISN, MD5 version (OBSOLETE BASELINE)
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 * @tsoff: set to the TCP timestamp offset, word 1 of the MD5 state
 *
 * The secure_tcpv6_sequence_number() the seed removed: the state is saddr,
 * the block is the secret with daddr added to words 0..3 and
 * sport << 16 + dport to word 4.
 *
 * Return: the ISN, word 0 of the state plus demo_seq_scale()'s clock.
 */
static u32 demo_md5_tcp_v6_isn(const __be32 *saddr, const __be32 *daddr,
			       __be16 sport, __be16 dport, const u32 *secret,
			       u32 *tsoff)
{
	u32 hash[4];

	demo_md5_v6(saddr, daddr,
		    ((__force u16)sport << 16) + (__force u16)dport,
		    secret, hash);
	*tsoff = hash[1];
	return demo_seq_scale(hash[0]);
}

/**
 * demo_md5_port_v4_offset() - IPv4 port offset, MD5 (OBSOLETE BASELINE)
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 *
 * The secure_ipv4_port_ephemeral() the seed removed: the state is saddr,
 * daddr, dport ^ secret[14], secret[15]; the block is the secret.
 *
 * Return: the offset, word 0 of the state.
 */
static u32 demo_md5_port_v4_offset(__be32 saddr, __be32 daddr, __be16 dport,
				   const u32 *secret)
{
	u32 hash[4];

	hash[0] = (__force u32)saddr;
	hash[1] = (__force u32)daddr;
	hash[2] = (__force u32)dport ^ secret[14];
	hash[3] = secret[15];
	demo_md5_transform(hash, secret);
	return hash[0];
}

/**
 * demo_md5_port_v6_offset() - IPv6 port offset, MD5 (OBSOLETE BASELINE)
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 *
 * The secure_ipv6_port_ephemeral() the seed removed: as the IPv6 ISN, with
 * dport alone added to word 4 of the block.
 *
 * Return: the offset, word 0 of the state.
 */
static u32 demo_md5_port_v6_offset(const __be32 *saddr, const __be32 *daddr,
				   __be16 dport, const u32 *secret)
{
	u32 hash[4];

	demo_md5_v6(saddr, daddr, (__force u32)dport, secret, hash);
	return hash[0];
}

/**
 * demo_md5_dccp_v4_seq() - IPv4 DCCP number, MD5 (OBSOLETE BASELINE)
 * @saddr: source IPv4 address, network byte order
 * @daddr: destination IPv4 address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 *
 * The secure_dccp_sequence_number() the seed removed: the input of the IPv4
 * ISN, words 0 and 1 of the state as a 64-bit hash, then demo_dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
static u64 demo_md5_dccp_v4_seq(__be32 saddr, __be32 daddr, __be16 sport,
				__be16 dport, const u32 *secret)
{
	u32 hash[4];

	hash[0] = (__force u32)saddr;
	hash[1] = (__force u32)daddr;
	hash[2] = ((__force u16)sport << 16) + (__force u16)dport;
	hash[3] = secret[15];
	demo_md5_transform(hash, secret);
	return demo_dccp_seq(hash[0] | (u64)hash[1] << 32);
}

/**
 * demo_md5_dccp_v6_seq() - IPv6 DCCP number, MD5 (OBSOLETE BASELINE)
 * @saddr: source IPv6 address, 16 bytes in network byte order
 * @daddr: destination IPv6 address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 64-byte MD5 secret, 16 u32 words
 *
 * The secure_dccpv6_sequence_number() the seed removed: the input of the
 * IPv6 ISN, words 0 and 1 of the state as a 64-bit hash, then
 * demo_dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
static u64 demo_md5_dccp_v6_seq(const __be32 *saddr, const __be32 *daddr,
				__be16 sport, __be16 dport, const u32 *secret)
{
	u32 hash[4];

	demo_md5_v6(saddr, daddr,
		    ((__force u16)sport << 16) + (__force u16)dport,
		    secret, hash);
	return demo_dccp_seq(hash[0] | (u64)hash[1] << 32);
}

/* ---- end of the obsolete MD5 baseline ------------------------------------ */

/* ---- test data ------------------------------------------------------------ */

enum demo_fn_id {
	DEMO_TCP_V4_ISN,
	DEMO_TCP_V6_ISN,
	DEMO_PORT_V4,
	DEMO_PORT_V6,
	DEMO_DCCP_V4,
	DEMO_DCCP_V6,
	DEMO_NR_FNS
};

/* One connection in both address families, so it serves every function. */
struct demo_tuple {
	__be32 saddr4;
	__be32 daddr4;
	struct in6_addr saddr6;
	struct in6_addr daddr6;
	__be16 sport;
	__be16 dport;
};

struct demo_kat {
	const char *saddr4, *daddr4, *saddr6, *daddr6;
	u16 sport, dport;		/* host byte order */
	u64 want[DEMO_NR_FNS];		/* the 64-bit hash part */
};

/* The fixed key of the known answers: bytes 00..0f, not the key= param. */
static const siphash_key_t demo_test_key = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

/*
 * Known answers: SipHash-2-4 under demo_test_key of the bytes each function
 * hashes (the seed's layouts), computed on the host by libsodium's
 * crypto_shorthash_siphash24 in tests/vectors/gen_secure_seq.c, whose output
 * this is. Addresses are documentation ranges (RFC 5737, RFC 3849) and one
 * link-local address. The DCCP numbers hash the same bytes as the ISNs.
 */
static const struct demo_kat demo_kats[] = {
	{
		.saddr4 = "192.0.2.1", .daddr4 = "198.51.100.7",
		.saddr6 = "2001:db8::1",
		.daddr6 = "2001:db8::7",
		.sport = 40000, .dport = 443,
		.want = {
			[DEMO_TCP_V4_ISN] = 0x0f831bffa13a9a2cULL,
			[DEMO_TCP_V6_ISN] = 0x71507bb16d9048d9ULL,
			[DEMO_PORT_V4] = 0xdaef795f122bf6f6ULL,
			[DEMO_PORT_V6] = 0x06c4ca4c3ec35451ULL,
			[DEMO_DCCP_V4] = 0x0f831bffa13a9a2cULL,
			[DEMO_DCCP_V6] = 0x71507bb16d9048d9ULL,
		},
	},
	{
		.saddr4 = "203.0.113.200", .daddr4 = "192.0.2.255",
		.saddr6 = "2001:db8:85a3::8a2e:370:7334",
		.daddr6 = "2001:db8:ffff:1::80",
		.sport = 65535, .dport = 80,
		.want = {
			[DEMO_TCP_V4_ISN] = 0x2faeceb441b101b9ULL,
			[DEMO_TCP_V6_ISN] = 0xc9d387eb2b03ce10ULL,
			[DEMO_PORT_V4] = 0x7fc8469e4e285dc2ULL,
			[DEMO_PORT_V6] = 0x295e4438eea0b9a0ULL,
			[DEMO_DCCP_V4] = 0x2faeceb441b101b9ULL,
			[DEMO_DCCP_V6] = 0xc9d387eb2b03ce10ULL,
		},
	},
	{
		.saddr4 = "198.51.100.10", .daddr4 = "203.0.113.1",
		.saddr6 = "fe80::1",
		.daddr6 = "2001:db8:0:1::2",
		.sport = 1, .dport = 22,
		.want = {
			[DEMO_TCP_V4_ISN] = 0x57eee48135eb2b8fULL,
			[DEMO_TCP_V6_ISN] = 0x7f49595aa53773dbULL,
			[DEMO_PORT_V4] = 0x4907d08fd57b129aULL,
			[DEMO_PORT_V6] = 0x132695a774c083a0ULL,
			[DEMO_DCCP_V4] = 0x57eee48135eb2b8fULL,
			[DEMO_DCCP_V6] = 0x7f49595aa53773dbULL,
		},
	},
};

/* The hash part of every function, over a tuple. */
typedef u64 (*demo_hash_fn)(const struct demo_tuple *t,
			    const siphash_key_t *key);

static u64 hash_tcp_v4(const struct demo_tuple *t, const siphash_key_t *key)
{
	return demo_tcp_v4_hash(t->saddr4, t->daddr4, t->sport, t->dport, key);
}

static u64 hash_tcp_v6(const struct demo_tuple *t, const siphash_key_t *key)
{
	return demo_tcp_v6_hash(t->saddr6.s6_addr32, t->daddr6.s6_addr32,
				t->sport, t->dport, key);
}

static u64 hash_port_v4(const struct demo_tuple *t, const siphash_key_t *key)
{
	return demo_port_v4_hash(t->saddr4, t->daddr4, t->dport, key);
}

static u64 hash_port_v6(const struct demo_tuple *t, const siphash_key_t *key)
{
	return demo_port_v6_hash(t->saddr6.s6_addr32, t->daddr6.s6_addr32,
				 t->dport, key);
}

struct demo_fn {
	const char *name;
	demo_hash_fn hash;
	bool v6;
	bool uses_sport;
	size_t len;		/* bytes SipHash reads */
};

static const struct demo_fn demo_fns[DEMO_NR_FNS] = {
	[DEMO_TCP_V4_ISN] = { "tcp_v4_isn", hash_tcp_v4, false, true, DEMO_V4_LEN },
	[DEMO_TCP_V6_ISN] = { "tcp_v6_isn", hash_tcp_v6, true, true, DEMO_V6_PORTS_LEN },
	[DEMO_PORT_V4] = { "port_v4_offset", hash_port_v4, false, false, DEMO_V4_LEN },
	[DEMO_PORT_V6] = { "port_v6_offset", hash_port_v6, true, false, DEMO_V6_DPORT_LEN },
	[DEMO_DCCP_V4] = { "dccp_v4_seq", hash_tcp_v4, false, true, DEMO_V4_LEN },
	[DEMO_DCCP_V6] = { "dccp_v6_seq", hash_tcp_v6, true, true, DEMO_V6_PORTS_LEN },
};

/* The full output of function @id, time term included. */
static u64 demo_output(enum demo_fn_id id, const struct demo_tuple *t,
		       const siphash_key_t *key, u32 *tsoff)
{
	const __be32 *s6 = t->saddr6.s6_addr32, *d6 = t->daddr6.s6_addr32;

	*tsoff = 0;
	switch (id) {
	case DEMO_TCP_V4_ISN:
		return demo_tcp_v4_isn(t->saddr4, t->daddr4, t->sport, t->dport,
				       key, tsoff);
	case DEMO_TCP_V6_ISN:
		return demo_tcp_v6_isn(s6, d6, t->sport, t->dport, key, tsoff);
	case DEMO_PORT_V4:
		return demo_port_v4_offset(t->saddr4, t->daddr4, t->dport, key);
	case DEMO_PORT_V6:
		return demo_port_v6_offset(s6, d6, t->dport, key);
	case DEMO_DCCP_V4:
		return demo_dccp_v4_seq(t->saddr4, t->daddr4, t->sport, t->dport,
					key);
	case DEMO_DCCP_V6:
		return demo_dccp_v6_seq(s6, d6, t->sport, t->dport, key);
	default:
		return 0;
	}
}

/* ---- test cases ----------------------------------------------------------- */

/* Parse known answer @i into @t; false (and a failure) if it does not. */
static bool kat_tuple(unsigned int i, struct demo_tuple *t)
{
	const struct demo_kat *k = &demo_kats[i];

	memset(t, 0, sizeof(*t));
	if (!in4_pton(k->saddr4, -1, (u8 *)&t->saddr4, -1, NULL) ||
	    !in4_pton(k->daddr4, -1, (u8 *)&t->daddr4, -1, NULL) ||
	    !in6_pton(k->saddr6, -1, t->saddr6.s6_addr, -1, NULL) ||
	    !in6_pton(k->daddr6, -1, t->daddr6.s6_addr, -1, NULL)) {
		ktap_fail("tuple %u: unparsable address", i);
		return false;
	}
	t->sport = htons(k->sport);
	t->dport = htons(k->dport);
	return true;
}

/* Does @isn hold @low plus seq_scale()'s clock read between @t0 and @t1? */
static bool isn_has_hash(u32 isn, u32 low, u64 t0, u64 t1)
{
	u32 span = (u32)(t1 >> 6) - (u32)(t0 >> 6);

	return isn - low - (u32)(t0 >> 6) <= span;
}

/* Does @seq hold @hash plus a ktime_get_real_ns() read in [@t0, @t1]? */
static bool dccp_has_hash(u64 seq, u64 hash, u64 t0, u64 t1)
{
	return ((seq - hash - t0) & DEMO_DCCP_SEQ_MASK) <= t1 - t0;
}

/* ---- cases ---------------------------------------------------------------- */

/* RFC 1321, appendix A.5: one-block messages and their digests. */
static const struct {
	const char *msg;
	const char *digest;
} md5_suite[] = {
	{ "", "d41d8cd98f00b204e9800998ecf8427e" },
	{ "a", "0cc175b9c0f1b6a831c399e269772661" },
	{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
	{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
};

/* The baseline must be MD5 for its cycles to mean anything. */
static void t_md5_baseline_rfc1321(void)
{
	u32 in[DEMO_MD5_BLOCK_WORDS], hash[4];
	u8 block[64], got[16], want[16];
	unsigned int i, j;
	size_t len;

	for (i = 0; i < ARRAY_SIZE(md5_suite); i++) {
		len = strlen(md5_suite[i].msg);
		memset(block, 0, sizeof(block));
		memcpy(block, md5_suite[i].msg, len);
		block[len] = 0x80;
		put_unaligned_le64((u64)len * 8, block + 56);
		for (j = 0; j < DEMO_MD5_BLOCK_WORDS; j++)
			in[j] = get_unaligned_le32(block + 4 * j);
		hash[0] = 0x67452301U;
		hash[1] = 0xefcdab89U;
		hash[2] = 0x98badcfeU;
		hash[3] = 0x10325476U;
		demo_md5_transform(hash, in);
		for (j = 0; j < 4; j++)
			put_unaligned_le32(hash[j], got + 4 * j);
		if (hex2bin(want, md5_suite[i].digest, sizeof(want)) ||
		    memcmp(got, want, sizeof(want)))
			ktap_fail("MD5(\"%s\") = %16phN, want %s", md5_suite[i].msg,
				  got, md5_suite[i].digest);
	}
}

/* Hash part and output handling of @id against libsodium's values. */
static void kat_case(enum demo_fn_id id)
{
	const struct demo_fn *fn = &demo_fns[id];
	struct demo_tuple t;
	u64 want, got, out, t0, t1;
	unsigned int i;
	u32 tsoff;
	bool ok;

	for (i = 0; i < ARRAY_SIZE(demo_kats); i++) {
		if (!kat_tuple(i, &t))
			continue;
		want = demo_kats[i].want[id];
		got = fn->hash(&t, &demo_test_key);
		if (got != want)
			ktap_fail("tuple %u: hash %016llx, want %016llx (libsodium)",
				  i, got, want);

		t0 = ktime_get_real_ns();
		out = demo_output(id, &t, &demo_test_key, &tsoff);
		t1 = ktime_get_real_ns();
		switch (id) {
		case DEMO_TCP_V4_ISN:
		case DEMO_TCP_V6_ISN:
			ok = tsoff == upper_32_bits(want) &&
			     isn_has_hash(out, lower_32_bits(want), t0, t1);
			break;
		case DEMO_PORT_V4:
		case DEMO_PORT_V6:
			ok = out == lower_32_bits(want);
			break;
		default:
			ok = dccp_has_hash(out, want, t0, t1);
		}
		if (!ok)
			ktap_fail("tuple %u: output %llx (tsoff %08x) does not hold hash %016llx",
				  i, out, tsoff, want);
	}
}

static void t_kat_tcp_v4_isn(void)	{ kat_case(DEMO_TCP_V4_ISN); }
static void t_kat_tcp_v6_isn(void)	{ kat_case(DEMO_TCP_V6_ISN); }
static void t_kat_port_v4(void)		{ kat_case(DEMO_PORT_V4); }
static void t_kat_port_v6(void)		{ kat_case(DEMO_PORT_V6); }
static void t_kat_dccp_v4(void)		{ kat_case(DEMO_DCCP_V4); }
static void t_kat_dccp_v6(void)		{ kat_case(DEMO_DCCP_V6); }

/* Same tuple and key, same hash part and same time-free outputs. */
static void t_same_tuple_same_hash(void)
{
	const siphash_key_t *keys[] = { &demo_test_key, &demo_secret };
	struct demo_tuple t;
	unsigned int id, i, k;
	u32 tsoff1, tsoff2;
	u64 out1, out2;

	for (id = 0; id < DEMO_NR_FNS; id++)
		for (i = 0; i < ARRAY_SIZE(demo_kats); i++)
			for (k = 0; k < ARRAY_SIZE(keys); k++) {
				if (!kat_tuple(i, &t))
					continue;
				if (demo_fns[id].hash(&t, keys[k]) !=
				    demo_fns[id].hash(&t, keys[k]))
					ktap_fail("%s tuple %u key %u: hash differs",
						  demo_fns[id].name, i, k);
				out1 = demo_output(id, &t, keys[k], &tsoff1);
				out2 = demo_output(id, &t, keys[k], &tsoff2);
				if (tsoff1 != tsoff2 ||
				    ((id == DEMO_PORT_V4 || id == DEMO_PORT_V6) &&
				     out1 != out2))
					ktap_fail("%s tuple %u key %u: output differs",
						  demo_fns[id].name, i, k);
			}
}

/*
 * Flip bit 0 and bit 7 of every byte of one field in turn; the hash part
 * must change (or, if @changes is false, must not).
 */
static void flip_field(enum demo_fn_id id, const struct demo_tuple *base,
		       u64 ref, size_t off, size_t size, const char *field,
		       bool changes)
{
	static const u8 masks[] = { 0x01, 0x80 };
	struct demo_tuple t = *base;
	u8 *p = (u8 *)&t + off;
	unsigned int j, m;
	bool changed;

	for (j = 0; j < size; j++)
		for (m = 0; m < ARRAY_SIZE(masks); m++) {
			p[j] ^= masks[m];
			changed = demo_fns[id].hash(&t, &demo_test_key) != ref;
			p[j] ^= masks[m];
			if (changed != changes)
				ktap_fail("%s: %s byte %u ^ %#x %s the hash",
					  demo_fns[id].name, field, j, masks[m],
				     changes ? "does not change" : "changes");
		}
}

static void t_single_field_changes_hash(void)
{
	struct demo_tuple t;
	unsigned int id, i, j;
	siphash_key_t key;
	bool v6;
	u64 ref;

	for (id = 0; id < DEMO_NR_FNS; id++) {
		for (i = 0; i < ARRAY_SIZE(demo_kats); i++) {
			if (!kat_tuple(i, &t))
				continue;
			v6 = demo_fns[id].v6;
			ref = demo_fns[id].hash(&t, &demo_test_key);
			flip_field(id, &t, ref,
				   v6 ? offsetof(struct demo_tuple, saddr6) :
					offsetof(struct demo_tuple, saddr4),
				   v6 ? 16 : 4, "saddr", true);
			flip_field(id, &t, ref,
				   v6 ? offsetof(struct demo_tuple, daddr6) :
					offsetof(struct demo_tuple, daddr4),
				   v6 ? 16 : 4, "daddr", true);
			/* The port offsets do not take the source port. */
			flip_field(id, &t, ref, offsetof(struct demo_tuple, sport),
				   2, "sport", demo_fns[id].uses_sport);
			flip_field(id, &t, ref, offsetof(struct demo_tuple, dport),
				   2, "dport", true);
			for (j = 0; j < sizeof(key); j++) {
				key = demo_test_key;
				((u8 *)&key)[j] ^= 0x01;
				if (demo_fns[id].hash(&t, &key) == ref)
					ktap_fail("%s: key byte %u ^ 0x1 does not change the hash",
						  demo_fns[id].name, j);
			}
		}
	}
}

/* The ISN is the hash plus ktime_get_real_ns() >> 6, and so advances. */
static void t_isn_advances_with_seq_scale(void)
{
	static const enum demo_fn_id ids[] = { DEMO_TCP_V4_ISN, DEMO_TCP_V6_ISN };
	u64 t0, t1, t2, t3, want;
	u32 isn1, isn2, tsoff, adv;
	struct demo_tuple t;
	unsigned int i;

	if (!kat_tuple(0, &t))
		return;
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		want = demo_kats[0].want[ids[i]];
		t0 = ktime_get_real_ns();
		isn1 = demo_output(ids[i], &t, &demo_test_key, &tsoff);
		t1 = ktime_get_real_ns();
		usleep_range(2000, 3000);
		t2 = ktime_get_real_ns();
		isn2 = demo_output(ids[i], &t, &demo_test_key, &tsoff);
		t3 = ktime_get_real_ns();
		adv = isn2 - isn1;
		if (!isn_has_hash(isn1, lower_32_bits(want), t0, t1) ||
		    !isn_has_hash(isn2, lower_32_bits(want), t2, t3))
			ktap_fail("%s: ISN is not hash + (ktime_get_real_ns() >> 6)",
				  demo_fns[ids[i]].name);
		else if (adv < (u32)(t2 >> 6) - (u32)(t1 >> 6) ||
			 adv > (u32)(t3 >> 6) - (u32)(t0 >> 6) ||
			 adv < 2000000 / 64)
			ktap_fail("%s: ISN advanced by %u over %llu ns",
				  demo_fns[ids[i]].name, adv, t2 - t1);
		else
			pr_info("# %s: ISN advanced by %u (64 ns ticks) over %llu..%llu ns\n",
				demo_fns[ids[i]].name, adv, t2 - t1, t3 - t0);
	}
}

/* Both DCCP numbers, SipHash and MD5, stay below 2^48. */
static void t_dccp_within_48_bits(void)
{
	unsigned int i, wide = 0;
	struct demo_tuple t;
	u64 seq[4];
	size_t j;

	if (!kat_tuple(0, &t))
		return;
	for (i = 0; i < 256; i++) {
		t.saddr4 ^= htonl(i);
		t.saddr6.s6_addr32[3] ^= htonl(i);
		t.sport = htons(i);
		if (hash_tcp_v4(&t, &demo_secret) & ~DEMO_DCCP_SEQ_MASK)
			wide++;
		seq[0] = demo_dccp_v4_seq(t.saddr4, t.daddr4, t.sport, t.dport,
					  &demo_secret);
		seq[1] = demo_dccp_v6_seq(t.saddr6.s6_addr32, t.daddr6.s6_addr32,
					  t.sport, t.dport, &demo_secret);
		seq[2] = demo_md5_dccp_v4_seq(t.saddr4, t.daddr4, t.sport,
					      t.dport, demo_md5_secret);
		seq[3] = demo_md5_dccp_v6_seq(t.saddr6.s6_addr32,
					      t.daddr6.s6_addr32, t.sport,
					      t.dport, demo_md5_secret);
		for (j = 0; j < ARRAY_SIZE(seq); j++)
			if (seq[j] & ~DEMO_DCCP_SEQ_MASK)
				ktap_fail("input %u, version %zu: %#llx is wider than 48 bits",
					  i, j, seq[j]);
	}
	pr_info("# dccp: %u of 256 hashes had bits above 47, all masked\n", wide);
}

/* Write @pattern over the stack that the next call's frame will use. */
static noinline void demo_dirty_stack(u8 pattern)
{
	u8 junk[512];

	memset(junk, pattern, sizeof(junk));
	barrier_data(junk);
}

static noinline u64 demo_hash_on_dirty_stack(demo_hash_fn fn,
					     const struct demo_tuple *t,
					     const siphash_key_t *key,
					     u8 pattern)
{
	demo_dirty_stack(pattern);
	OPTIMIZER_HIDE_VAR(fn);
	return fn(t, key);
}

/*
 * Control: the seed's IPv6 ISN input hashed with its tail padding, as it
 * must not be. If stack garbage reaches the padding, the result varies.
 */
static noinline u64 demo_tcp_v6_hash_with_padding(const struct demo_tuple *t,
						  const siphash_key_t *key)
{
	const struct demo_v6_ports combined = {
		.saddr = t->saddr6,
		.daddr = t->daddr6,
		.sport = t->sport,
		.dport = t->dport,
	};

	return siphash(&combined, sizeof(combined), key);
}

/* The padding of the IPv6 structs never reaches the hash. */
static void t_v6_padding_not_hashed(void)
{
	static const enum demo_fn_id ids[] = {
		DEMO_TCP_V6_ISN, DEMO_PORT_V6, DEMO_DCCP_V6
	};
	static const u8 patterns[] = { 0x00, 0xff, 0xa5 };
	struct demo_v6_ports ports;
	struct demo_v6_dport dport;
	struct demo_tuple t;
	unsigned int i, j, p;
	u64 want, got, full[ARRAY_SIZE(patterns)];

	/* Through the functions, with garbage left on the stack. */
	for (i = 0; i < ARRAY_SIZE(demo_kats); i++) {
		if (!kat_tuple(i, &t))
			continue;
		for (j = 0; j < ARRAY_SIZE(ids); j++)
			for (p = 0; p < ARRAY_SIZE(patterns); p++) {
				want = demo_kats[i].want[ids[j]];
				got = demo_hash_on_dirty_stack(demo_fns[ids[j]].hash,
							       &t, &demo_test_key,
							       patterns[p]);
				if (got != want)
					ktap_fail("%s tuple %u stack %#x: %016llx != %016llx",
						  demo_fns[ids[j]].name, i,
					     patterns[p], got, want);
			}
	}

	/* Through the structs, with garbage explicitly in the padding. */
	if (!kat_tuple(0, &t))
		return;
	for (p = 0; p < ARRAY_SIZE(patterns); p++) {
		memset(&ports, patterns[p], sizeof(ports));
		ports.saddr = t.saddr6;
		ports.daddr = t.daddr6;
		ports.sport = t.sport;
		ports.dport = t.dport;
		if (demo_v6_ports_hash(&ports, &demo_test_key) !=
		    demo_kats[0].want[DEMO_TCP_V6_ISN])
			ktap_fail("struct demo_v6_ports, padding %#x: hash changed",
				  patterns[p]);
		/* Proof the padding was garbage: all of it hashes differently. */
		full[p] = siphash(&ports, sizeof(ports), &demo_test_key);
		if (sizeof(ports) > DEMO_V6_PORTS_LEN && p && full[p] == full[0])
			ktap_fail("struct demo_v6_ports: padding %#x not seen by the control",
				  patterns[p]);

		memset(&dport, patterns[p], sizeof(dport));
		dport.saddr = t.saddr6;
		dport.daddr = t.daddr6;
		dport.dport = t.dport;
		if (demo_v6_dport_hash(&dport, &demo_test_key) !=
		    demo_kats[0].want[DEMO_PORT_V6])
			ktap_fail("struct demo_v6_dport, padding %#x: hash changed",
				  patterns[p]);
	}
	pr_info("# padding: demo_v6_ports %zu bytes, %zu hashed; demo_v6_dport %zu bytes, %zu hashed\n",
		sizeof(ports), DEMO_V6_PORTS_LEN, sizeof(dport), DEMO_V6_DPORT_LEN);

	for (p = 0; p < ARRAY_SIZE(patterns); p++)
		full[p] = demo_hash_on_dirty_stack(demo_tcp_v6_hash_with_padding,
						   &t, &demo_test_key,
						   patterns[p]);
	pr_info("# padding control: hashing sizeof() of the on-stack struct would %s on this build\n",
		full[0] != full[1] || full[0] != full[2] ?
		"vary with stack garbage" :
		"not vary (the compiler initialised the padding)");
}

/* ---- sample and benchmark -------------------------------------------------- */

/* A few tuples with the module's secret, for people to look at. */
static void demo_sample(void)
{
	const __be32 *s6, *d6;
	struct demo_tuple t;
	u32 isn, tsoff;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(demo_kats); i++) {
		if (!kat_tuple(i, &t))
			continue;
		s6 = t.saddr6.s6_addr32;
		d6 = t.daddr6.s6_addr32;
		isn = demo_tcp_v4_isn(t.saddr4, t.daddr4, t.sport, t.dport,
				      &demo_secret, &tsoff);
		pr_info("# sample: %pI4:%u -> %pI4:%u isn=%08x tsoff=%08x port_offset=%08x dccp_seq=%012llx\n",
			&t.saddr4, ntohs(t.sport), &t.daddr4, ntohs(t.dport),
			isn, tsoff,
			demo_port_v4_offset(t.saddr4, t.daddr4, t.dport,
					    &demo_secret),
			demo_dccp_v4_seq(t.saddr4, t.daddr4, t.sport, t.dport,
					 &demo_secret));
		isn = demo_tcp_v6_isn(s6, d6, t.sport, t.dport, &demo_secret,
				      &tsoff);
		pr_info("# sample: [%pI6c]:%u -> [%pI6c]:%u isn=%08x tsoff=%08x port_offset=%08x dccp_seq=%012llx\n",
			&t.saddr6, ntohs(t.sport), &t.daddr6, ntohs(t.dport),
			isn, tsoff,
			demo_port_v6_offset(s6, d6, t.dport, &demo_secret),
			demo_dccp_v6_seq(s6, d6, t.sport, t.dport,
					 &demo_secret));
	}
}

#define DEMO_BENCH_BATCHES	21
#define DEMO_BENCH_POOL		16	/* tuples cycled through, power of 2 */
#define DEMO_MD5_BYTES		64	/* one MD5 block per call */

static struct demo_tuple demo_bench_pool[DEMO_BENCH_POOL];

static __always_inline const struct demo_tuple *bt(unsigned int i)
{
	return &demo_bench_pool[i % DEMO_BENCH_POOL];
}

/* One call of each version on input @i: the whole function, as the seed. */
static __always_inline u64 bench_md5_tcp_v4(unsigned int i)
{
	u32 tsoff, isn = demo_md5_tcp_v4_isn(bt(i)->saddr4, bt(i)->daddr4,
					     bt(i)->sport, bt(i)->dport,
					     demo_md5_secret, &tsoff);

	return isn ^ tsoff;
}

static __always_inline u64 bench_sip_tcp_v4(unsigned int i)
{
	u32 tsoff, isn = demo_tcp_v4_isn(bt(i)->saddr4, bt(i)->daddr4,
					 bt(i)->sport, bt(i)->dport,
					 &demo_secret, &tsoff);

	return isn ^ tsoff;
}

static __always_inline u64 bench_md5_tcp_v6(unsigned int i)
{
	u32 tsoff, isn = demo_md5_tcp_v6_isn(bt(i)->saddr6.s6_addr32,
					     bt(i)->daddr6.s6_addr32,
					     bt(i)->sport, bt(i)->dport,
					     demo_md5_secret, &tsoff);

	return isn ^ tsoff;
}

static __always_inline u64 bench_sip_tcp_v6(unsigned int i)
{
	u32 tsoff, isn = demo_tcp_v6_isn(bt(i)->saddr6.s6_addr32,
					 bt(i)->daddr6.s6_addr32,
					 bt(i)->sport, bt(i)->dport,
					 &demo_secret, &tsoff);

	return isn ^ tsoff;
}

static __always_inline u64 bench_md5_port_v4(unsigned int i)
{
	return demo_md5_port_v4_offset(bt(i)->saddr4, bt(i)->daddr4,
				       bt(i)->dport, demo_md5_secret);
}

static __always_inline u64 bench_sip_port_v4(unsigned int i)
{
	return demo_port_v4_offset(bt(i)->saddr4, bt(i)->daddr4, bt(i)->dport,
				   &demo_secret);
}

static __always_inline u64 bench_md5_port_v6(unsigned int i)
{
	return demo_md5_port_v6_offset(bt(i)->saddr6.s6_addr32,
				       bt(i)->daddr6.s6_addr32, bt(i)->dport,
				       demo_md5_secret);
}

static __always_inline u64 bench_sip_port_v6(unsigned int i)
{
	return demo_port_v6_offset(bt(i)->saddr6.s6_addr32,
				   bt(i)->daddr6.s6_addr32, bt(i)->dport,
				   &demo_secret);
}

static __always_inline u64 bench_md5_dccp_v4(unsigned int i)
{
	return demo_md5_dccp_v4_seq(bt(i)->saddr4, bt(i)->daddr4, bt(i)->sport,
				    bt(i)->dport, demo_md5_secret);
}

static __always_inline u64 bench_sip_dccp_v4(unsigned int i)
{
	return demo_dccp_v4_seq(bt(i)->saddr4, bt(i)->daddr4, bt(i)->sport,
				bt(i)->dport, &demo_secret);
}

static __always_inline u64 bench_md5_dccp_v6(unsigned int i)
{
	return demo_md5_dccp_v6_seq(bt(i)->saddr6.s6_addr32,
				    bt(i)->daddr6.s6_addr32, bt(i)->sport,
				    bt(i)->dport, demo_md5_secret);
}

static __always_inline u64 bench_sip_dccp_v6(unsigned int i)
{
	return demo_dccp_v6_seq(bt(i)->saddr6.s6_addr32,
				bt(i)->daddr6.s6_addr32, bt(i)->sport,
				bt(i)->dport, &demo_secret);
}

/* The md5/siphash ratio of the median cycles per call, two decimals. */
static void demo_print_speedup(const char *name, const struct bench_result *md5,
			       const struct bench_result *sip)
{
	u64 x100;
	u32 frac;

	if (!sip->median_x100) {
		pr_info("# speedup: function=%s has no siphash median\n", name);
		return;
	}
	x100 = div64_u64(md5->median_x100 * 100, sip->median_x100);
	x100 = div_u64_rem(x100, 100, &frac);
	pr_info("# speedup: function=%s md5/siphash=%llu.%02ux (median cycles per call)\n",
		name, x100, frac);
}

/* MD5 and SipHash versions of every function, on the same tuples. */
static void demo_bench(void)
{
	struct bench_result r[DEMO_NR_FNS][2], empty;
	struct demo_tuple base;
	unsigned int id, i;

	if (!kat_tuple(0, &base))
		return;
	for (i = 0; i < DEMO_BENCH_POOL; i++) {
		demo_bench_pool[i] = base;
		demo_bench_pool[i].saddr4 ^= htonl(i);
		demo_bench_pool[i].saddr6.s6_addr32[3] ^= htonl(i);
		demo_bench_pool[i].sport = htons(ntohs(base.sport) + i);
	}

	BENCH_RUN(empty, DEMO_BENCH_BATCHES, bench_calls, i);
	BENCH_RUN(r[DEMO_TCP_V4_ISN][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_tcp_v4(i));
	BENCH_RUN(r[DEMO_TCP_V4_ISN][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_tcp_v4(i));
	BENCH_RUN(r[DEMO_TCP_V6_ISN][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_tcp_v6(i));
	BENCH_RUN(r[DEMO_TCP_V6_ISN][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_tcp_v6(i));
	BENCH_RUN(r[DEMO_PORT_V4][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_port_v4(i));
	BENCH_RUN(r[DEMO_PORT_V4][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_port_v4(i));
	BENCH_RUN(r[DEMO_PORT_V6][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_port_v6(i));
	BENCH_RUN(r[DEMO_PORT_V6][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_port_v6(i));
	BENCH_RUN(r[DEMO_DCCP_V4][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_dccp_v4(i));
	BENCH_RUN(r[DEMO_DCCP_V4][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_dccp_v4(i));
	BENCH_RUN(r[DEMO_DCCP_V6][0], DEMO_BENCH_BATCHES, bench_calls,
		  bench_md5_dccp_v6(i));
	BENCH_RUN(r[DEMO_DCCP_V6][1], DEMO_BENCH_BATCHES, bench_calls,
		  bench_sip_dccp_v6(i));

	bench_print("empty_loop", "none", 0, &empty);
	for (id = 0; id < DEMO_NR_FNS; id++) {
		bench_print(demo_fns[id].name, "md5", DEMO_MD5_BYTES, &r[id][0]);
		bench_print(demo_fns[id].name, "siphash", demo_fns[id].len,
			    &r[id][1]);
	}
	for (id = 0; id < DEMO_NR_FNS; id++)
		demo_print_speedup(demo_fns[id].name, &r[id][0], &r[id][1]);
}

/* ---- the plan ------------------------------------------------------------- */

static const struct ktap_case cases[] = {
	{ "md5_baseline_rfc1321", t_md5_baseline_rfc1321 },
	{ "kat_tcp_v4_isn", t_kat_tcp_v4_isn },
	{ "kat_tcp_v6_isn", t_kat_tcp_v6_isn },
	{ "kat_port_v4_offset", t_kat_port_v4 },
	{ "kat_port_v6_offset", t_kat_port_v6 },
	{ "kat_dccp_v4_seq", t_kat_dccp_v4 },
	{ "kat_dccp_v6_seq", t_kat_dccp_v6 },
	{ "same_tuple_same_hash", t_same_tuple_same_hash },
	{ "single_field_changes_hash", t_single_field_changes_hash },
	{ "isn_advances_with_seq_scale", t_isn_advances_with_seq_scale },
	{ "dccp_within_48_bits", t_dccp_within_48_bits },
	{ "v6_padding_not_hashed", t_v6_padding_not_hashed },
};

static void demo_wipe_secrets(void)
{
	memzero_explicit(&demo_secret, sizeof(demo_secret));
	memzero_explicit(demo_md5_secret, sizeof(demo_md5_secret));
}

static int __init secure_seq_demo_init(void)
{
	u8 bytes[sizeof(siphash_key_t)];
	unsigned int failed;
	int fixed;

	fixed = hexkey_param_take(&key, bytes, sizeof(bytes));
	if (fixed < 0)
		return fixed;
	if (fixed) {
		demo_secret.key[0] = get_unaligned_le64(bytes);
		demo_secret.key[1] = get_unaligned_le64(bytes + 8);
		memzero_explicit(bytes, sizeof(bytes));
	} else {
		get_random_bytes(&demo_secret, sizeof(demo_secret));
	}
	get_random_bytes(demo_md5_secret, sizeof(demo_md5_secret));

	ktap_plan(ARRAY_SIZE(cases));
	pr_info("# secure_seq_demo %s, %d-bit kernel: the seed's secure_seq over siphash.ko, MD5 as the baseline\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG);
	pr_info("# secret: %s (never printed); MD5 baseline secret: random\n",
		fixed ? "fixed by key=" : "random, get_random_bytes()");

	failed = ktap_run(cases, ARRAY_SIZE(cases));

	demo_sample();
	pr_info("# bench: %u batches of %u calls per row\n",
		DEMO_BENCH_BATCHES, bench_calls);
	demo_bench();

	if (failed) {
		demo_wipe_secrets();
		return -EINVAL;
	}
	return 0;
}

static void __exit secure_seq_demo_exit(void)
{
	demo_wipe_secrets();
}

module_init(secure_seq_demo_init);
module_exit(secure_seq_demo_exit);

MODULE_DESCRIPTION("The seed's SipHash secure_seq (TCP ISN, port offsets, DCCP) over siphash.ko, tested and benchmarked against MD5");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
