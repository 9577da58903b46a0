// SPDX-License-Identifier: GPL-2.0
/*
 * secure_seq_demo - net/core/secure_seq.c as "[PATCH v3 net-next 3/4]
 * secure_seq: use SipHash in place of MD5" made it, on siphash.ko: TCP and
 * DCCP initial sequence numbers and ephemeral-port offsets. Read it side
 * by side with that patch: the functions are the seed's, under a demo_
 * prefix, and take the secret as their last argument instead of reading
 * net_secret; tsoff is always computed (the seed: if the sysctl
 * tcp_timestamps is 1, its default). They are exported, in the
 * SIPHASH_OOT_TEST namespace, for test_secure_seq.ko, which holds the
 * known answers and the full benchmarks. At load, the module shows what
 * they make of two connections and how much faster they are than the MD5
 * code they replaced (secure_seq_md5.h).
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/in6.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "compat.h"
#include "siphash.h"
#include "bench.h"
#include "ktap.h"
#include "modparam.h"
#include "secure_seq_demo.h"
#include "secure_seq_md5.h"

static siphash_key_t net_secret;	/* the module's, as the kernel has one */

module_param_hexkey(key, 16,
		    "Fixed secret for reproducible output: the key bytes in order, as libsodium takes a SipHash key (default: random from get_random_bytes())");

/* ---- net/core/secure_seq.c after the seed ------------------------------ */

/*
 * The clock of the ISN, one tick every 64 ns: close to the 250 kHz of
 * RFC 793 on slow links, fast enough for fast ones, and slow enough that
 * the 32-bit space wraps only every 274 s, not within one MSL (2 min).
 */
static u32 seq_scale(u32 seq)
{
	return seq + (ktime_get_real_ns() >> 6);
}

/* A DCCP number is 48 bits: the hash plus the time in ns, truncated. */
static u64 dccp_seq(u64 hash)
{
	return (hash + ktime_get_real_ns()) & GENMASK_ULL(47, 0);
}

/*
 * The IPv6 inputs, on the stack and aligned for SipHash's aligned entry.
 * Only the bytes up to the end of dport are hashed (36 and 34): the tail
 * padding that the alignment adds is never initialised.
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

static_assert(offsetofend(struct demo_v6_ports, dport) == 36);
static_assert(offsetofend(struct demo_v6_dport, dport) == 34);

/*
 * The ISN and the port offset of IPv4 would hash the same 12 bytes for a
 * source port of 0, but a connection's source port is never 0.
 */

/**
 * demo_secure_tcp_sequence_number() - the ISN of an IPv4 TCP connection
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @tsoff: set to the TCP timestamp offset, the upper 32 bits of the hash
 * @secret: the 128-bit secret
 *
 * siphash_3u32() of the addresses and sport << 16 | dport, each passed as
 * the CPU integer that holds the network-order value, as the seed does:
 * it hashes the little-endian bytes of each, so a big-endian CPU hashes
 * the bytes of every field reversed. Kernels since 4.12 take tsoff from
 * a separate hash of the addresses; 6.1.192 and 6.12.117 take both again
 * from one hash, through a union whose seq is the upper half of the hash
 * on a big-endian CPU.
 *
 * Return: the ISN, the low 32 bits of the hash plus seq_scale()'s clock.
 */
u32 demo_secure_tcp_sequence_number(__be32 saddr, __be32 daddr,
				    __be16 sport, __be16 dport, u32 *tsoff,
				    const siphash_key_t *secret)
{
	u64 hash = siphash_3u32((__force u32)saddr, (__force u32)daddr,
				(__force u32)sport << 16 | (__force u32)dport,
				secret);

	*tsoff = upper_32_bits(hash);
	return seq_scale(hash);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcp_sequence_number);

/**
 * demo_secure_tcpv6_sequence_number() - the ISN of an IPv6 TCP connection
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @tsoff: set to the TCP timestamp offset, the upper 32 bits of the hash
 * @secret: the 128-bit secret
 *
 * siphash() of struct demo_v6_ports up to the end of dport.
 *
 * Return: the ISN, the low 32 bits of the hash plus seq_scale()'s clock.
 */
u32 demo_secure_tcpv6_sequence_number(const __be32 *saddr,
				      const __be32 *daddr, __be16 sport,
				      __be16 dport, u32 *tsoff,
				      const siphash_key_t *secret)
{
	const struct demo_v6_ports in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.sport = sport,
		.dport = dport,
	};
	u64 hash = siphash(&in, offsetofend(struct demo_v6_ports, dport),
			   secret);

	*tsoff = upper_32_bits(hash);
	return seq_scale(hash);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcpv6_sequence_number);

/**
 * demo_secure_ipv4_port_ephemeral() - the IPv4 ephemeral-port offset
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * siphash_3u32() of the addresses and dport, as CPU integers like above.
 * The seed returns u32; 6.1 returns 64 bits and adds a time seed.
 *
 * Return: the offset, the low 32 bits of the hash.
 */
u32 demo_secure_ipv4_port_ephemeral(__be32 saddr, __be32 daddr,
				    __be16 dport, const siphash_key_t *secret)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u16)dport, secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_ipv4_port_ephemeral);

/**
 * demo_secure_ipv6_port_ephemeral() - the IPv6 ephemeral-port offset
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * siphash() of struct demo_v6_dport up to the end of dport.
 *
 * Return: the offset, the low 32 bits of the hash.
 */
u32 demo_secure_ipv6_port_ephemeral(const __be32 *saddr, const __be32 *daddr,
				    __be16 dport, const siphash_key_t *secret)
{
	const struct demo_v6_dport in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.dport = dport,
	};

	return siphash(&in, offsetofend(struct demo_v6_dport, dport), secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_ipv6_port_ephemeral);

/**
 * demo_secure_dccp_sequence_number() - the ISN of an IPv4 DCCP connection
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * The hash of demo_secure_tcp_sequence_number(), then dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
u64 demo_secure_dccp_sequence_number(__be32 saddr, __be32 daddr,
				     __be16 sport, __be16 dport,
				     const siphash_key_t *secret)
{
	return dccp_seq(siphash_3u32((__force u32)saddr, (__force u32)daddr,
				     (__force u32)sport << 16 |
				     (__force u32)dport, secret));
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_dccp_sequence_number);

/**
 * demo_secure_dccpv6_sequence_number() - the ISN of an IPv6 DCCP connection
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * The hash of demo_secure_tcpv6_sequence_number(), then dccp_seq().
 *
 * Return: the 48-bit sequence number.
 */
u64 demo_secure_dccpv6_sequence_number(const __be32 *saddr,
				       const __be32 *daddr, __be16 sport,
				       __be16 dport,
				       const siphash_key_t *secret)
{
	const struct demo_v6_ports in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.sport = sport,
		.dport = dport,
	};

	return dccp_seq(siphash(&in, offsetofend(struct demo_v6_ports, dport),
				secret));
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_dccpv6_sequence_number);

/* ---- what later kernels changed ------------------------------------------ */

#include "secure_seq_later.h"

/* ---- what insmod shows ---------------------------------------------------- */

/* One connection in both address families. */
struct demo_conn {
	__be32 saddr4, daddr4;
	struct in6_addr saddr6, daddr6;
	__be16 sport, dport;
};

/* Documentation addresses (RFC 5737, RFC 3849); dmesg shows them. */
static struct demo_conn demo_conns[] __initdata = {
	{
		.saddr4 = cpu_to_be32(0xc0000201), .daddr4 = cpu_to_be32(0xc6336407),
		.saddr6.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 0x01 },
		.daddr6.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, [15] = 0x07 },
		.sport = cpu_to_be16(40000), .dport = cpu_to_be16(443),
	}, {
		.saddr4 = cpu_to_be32(0xcb0071c8), .daddr4 = cpu_to_be32(0xc00002ff),
		.saddr6.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0x85, 0xa3,
				    [10] = 0x8a, 0x2e, 0x03, 0x70, 0x73, 0x34 },
		.daddr6.s6_addr = { 0x20, 0x01, 0x0d, 0xb8, 0xff, 0xff, 0x00, 0x01,
				    [15] = 0x80 },
		.sport = cpu_to_be16(65535), .dport = cpu_to_be16(80),
	},
};

/* Every output for the samples; a DCCP number must fit in 48 bits. */
static void __init t_samples(void)
{
	const struct demo_conn *c;
	const __be32 *s6, *d6;
	u64 dccp4, dccp6;
	u32 tsoff, isn;

	for (c = demo_conns; c < demo_conns + ARRAY_SIZE(demo_conns); c++) {
		isn = demo_secure_tcp_sequence_number(c->saddr4, c->daddr4, c->sport,
						      c->dport, &tsoff, &net_secret);
		dccp4 = demo_secure_dccp_sequence_number(c->saddr4, c->daddr4, c->sport,
							 c->dport, &net_secret);
		pr_info("# %pI4:%u -> %pI4:%u: isn %08x tsoff %08x port_offset %08x dccp_seq %012llx\n",
			&c->saddr4, ntohs(c->sport), &c->daddr4, ntohs(c->dport),
			isn, tsoff,
			demo_secure_ipv4_port_ephemeral(c->saddr4, c->daddr4, c->dport,
							&net_secret), dccp4);
		s6 = c->saddr6.s6_addr32;
		d6 = c->daddr6.s6_addr32;
		isn = demo_secure_tcpv6_sequence_number(s6, d6, c->sport, c->dport,
							&tsoff, &net_secret);
		dccp6 = demo_secure_dccpv6_sequence_number(s6, d6, c->sport, c->dport,
							   &net_secret);
		pr_info("# [%pI6c]:%u -> [%pI6c]:%u: isn %08x tsoff %08x port_offset %08x dccp_seq %012llx\n",
			&c->saddr6, ntohs(c->sport), &c->daddr6, ntohs(c->dport),
			isn, tsoff,
			demo_secure_ipv6_port_ephemeral(s6, d6, c->dport, &net_secret),
			dccp6);
		if ((dccp4 | dccp6) > GENMASK_ULL(47, 0))
			ktap_fail("%pI4: a DCCP number is wider than 48 bits",
				  &c->saddr4);
	}
}

#define DEMO_BATCHES	7	/* short: test_secure_seq.ko measures in full */
#define DEMO_CALLS	256

static u32 md5_secret[MD5_SECRET_WORDS];

/* Print "MD5 time / SipHash time" of one function; fail without figures. */
static void __init demo_speedup(const char *fn, const struct bench_result *md5,
				const struct bench_result *sip)
{
	u64 x = sip->median_x100 ?
		div64_u64(md5->median_x100 * 100, sip->median_x100) : 0;
	u32 f;

	if (!x)
		ktap_fail("%s: no cycle count", fn);
	x = div_u64_rem(x, 100, &f);
	pr_info("# %s: MD5 %llu, SipHash %llu cycles per call (median): %llu.%02ux as fast\n",
		fn, div_u64(md5->median_x100, 100), div_u64(sip->median_x100, 100),
		x, f);
}

/* Time @md5_call and @sip_call in the same batches, then print the ratio. */
#define DEMO_VS_MD5(fn, md5_call, sip_call)				\
do {									\
	struct bench_result __md5, __sip;				\
									\
	BENCH_RUN_PAIR(__md5, __sip, DEMO_BATCHES, DEMO_CALLS, (md5_call),	\
		       (sip_call));					\
	demo_speedup(fn, &__md5, &__sip);				\
} while (0)

/* The connection of call i, and the parts the functions take. */
#define C(i)	(&demo_conns[(i) % ARRAY_SIZE(demo_conns)])
#define S6(i)	(C(i)->saddr6.s6_addr32)
#define D6(i)	(C(i)->daddr6.s6_addr32)

/* Each function against its MD5 predecessor. */
static void __init t_speedup_over_md5(void)
{
	u32 tsoff;

	DEMO_VS_MD5("tcp_v4_isn",
		    md5_secure_tcp_sequence_number(C(i)->saddr4, C(i)->daddr4,
						   C(i)->sport, C(i)->dport,
						   &tsoff, md5_secret),
		    demo_secure_tcp_sequence_number(C(i)->saddr4, C(i)->daddr4,
						    C(i)->sport, C(i)->dport,
						    &tsoff, &net_secret));
	DEMO_VS_MD5("tcp_v6_isn",
		    md5_secure_tcpv6_sequence_number(S6(i), D6(i), C(i)->sport,
						     C(i)->dport, &tsoff,
						     md5_secret),
		    demo_secure_tcpv6_sequence_number(S6(i), D6(i), C(i)->sport,
						      C(i)->dport, &tsoff,
						      &net_secret));
	DEMO_VS_MD5("port_v4_offset",
		    md5_secure_ipv4_port_ephemeral(C(i)->saddr4, C(i)->daddr4,
						   C(i)->dport, md5_secret),
		    demo_secure_ipv4_port_ephemeral(C(i)->saddr4, C(i)->daddr4,
						    C(i)->dport, &net_secret));
	DEMO_VS_MD5("port_v6_offset",
		    md5_secure_ipv6_port_ephemeral(S6(i), D6(i), C(i)->dport,
						   md5_secret),
		    demo_secure_ipv6_port_ephemeral(S6(i), D6(i), C(i)->dport,
						    &net_secret));
	DEMO_VS_MD5("dccp_v4_seq",
		    md5_secure_dccp_sequence_number(C(i)->saddr4, C(i)->daddr4,
						    C(i)->sport, C(i)->dport,
						    md5_secret),
		    demo_secure_dccp_sequence_number(C(i)->saddr4, C(i)->daddr4,
						     C(i)->sport, C(i)->dport,
						     &net_secret));
	DEMO_VS_MD5("dccp_v6_seq",
		    md5_secure_dccpv6_sequence_number(S6(i), D6(i), C(i)->sport,
						      C(i)->dport, md5_secret),
		    demo_secure_dccpv6_sequence_number(S6(i), D6(i), C(i)->sport,
						       C(i)->dport, &net_secret));
}

static const struct ktap_case demo_cases[] __initconst = {
	{ "samples", t_samples },
	{ "speedup_over_md5", t_speedup_over_md5 },
};

static void demo_wipe_secrets(void)
{
	memzero_explicit(&net_secret, sizeof(net_secret));
	memzero_explicit(md5_secret, sizeof(md5_secret));
}

static int __init secure_seq_demo_init(void)
{
	u8 bytes[sizeof(net_secret)];
	int fixed;

	fixed = hexkey_param_take(&key, bytes, sizeof(bytes));
	if (fixed < 0)
		return fixed;
	if (fixed) {
		net_secret.key[0] = get_unaligned_le64(bytes);
		net_secret.key[1] = get_unaligned_le64(bytes + 8);
		memzero_explicit(bytes, sizeof(bytes));
	} else {
		get_random_bytes(&net_secret, sizeof(net_secret));
	}
	get_random_bytes(md5_secret, sizeof(md5_secret));

	ktap_plan(ARRAY_SIZE(demo_cases));
	pr_info("# secure_seq_demo %s: the seed's secure_seq functions on siphash.ko, secret %s\n",
		SIPHASH_OOT_VERSION, fixed ? "fixed by key=" : "random");
	if (ktap_run(demo_cases, ARRAY_SIZE(demo_cases))) {
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

MODULE_DESCRIPTION("The seed's SipHash secure_seq functions (TCP ISN, port offsets, DCCP) on siphash.ko, shown at load with their speedup over MD5");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
