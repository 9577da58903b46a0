// SPDX-License-Identifier: GPL-2.0
/*
 * secure_seq_demo - net/core/secure_seq.c as "[PATCH v3 net-next 3/4]
 * secure_seq: use SipHash in place of MD5" made it, on siphash.ko: TCP and
 * DCCP initial sequence numbers and ephemeral-port offsets. Read it side
 * by side with that patch: the functions are the patch's, under a demo_
 * prefix, and take the secret as their last argument instead of reading
 * net_secret; tsoff is always computed (the patch: if the sysctl
 * tcp_timestamps is 1, its default). After them, the rules later kernels
 * hash by. They are exported, in the SIPHASH_OOT_TEST namespace, for
 * test_secure_seq.ko, which holds the known answers, the comparison with
 * the running kernel and the benchmarks against MD5. At load, the module
 * shows what they make of two connections.
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

#include "siphash.h"

#include "compat.h"
#include "modparam.h"
#include "secure_seq_demo.h"

static siphash_key_t net_secret;	/* the module's, as the kernel has one */

sipmod_param_key(key,
		 "Fixed secret for reproducible output (default: random from get_random_bytes())");

/* ---- net/core/secure_seq.c after the patch ------------------------------ */

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
 * Only the bytes of the IPv6 inputs up to the end of dport are hashed (36
 * and 34): the tail padding that the alignment adds is never initialised.
 */
static_assert(offsetofend(struct demo_v6_ports, dport) == 36);
static_assert(offsetofend(struct demo_v6_dport, dport) == 34);

/*
 * The hash of a connection, as the ISNs and DCCP numbers take it: IPv4,
 * siphash_3u32() of the addresses and sport << 16 | dport, each passed as
 * the CPU integer that holds the network-order value; IPv6, siphash() of
 * struct demo_v6_ports up to the end of dport.
 */
static u64 hash_v4(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport,
		   const siphash_key_t *secret)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u32)sport << 16 | (__force u32)dport,
			    secret);
}

static u64 hash_v6(const __be32 *saddr, const __be32 *daddr, __be16 sport,
		   __be16 dport, const siphash_key_t *secret)
{
	const struct demo_v6_ports in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.sport = sport,
		.dport = dport,
	};

	return siphash(&in, offsetofend(struct demo_v6_ports, dport), secret);
}

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
 * the CPU integer that holds the network-order value, as the patch does:
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
	u64 hash = hash_v4(saddr, daddr, sport, dport, secret);

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
	u64 hash = hash_v6(saddr, daddr, sport, dport, secret);

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
 * The patch returns u32; later kernels return 64 bits and hash a time seed.
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
	return dccp_seq(hash_v4(saddr, daddr, sport, dport, secret));
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
	return dccp_seq(hash_v6(saddr, daddr, sport, dport, secret));
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_dccpv6_sequence_number);

/* ---- what later kernels changed ------------------------------------------ */

/*
 * The kernels this project runs on hash as "Introduce The SipHash PRF" does
 * but for two rules, which test_secure_seq.ko's live_ cases compute with
 * the functions below when they compare with the running kernel (compat.h
 * says which rule it has):
 *
 * - The timestamp offset. "secure_seq: downgrade to per-host timestamp
 *   offsets" (2017) took it from a hash of the addresses alone, under a
 *   second key (ts_secret), for tcp_tw_recycle; Debian's 6.1.176 (i386,
 *   armhf, s390x, mips) still does. "tcp: secure_seq: add back ports to
 *   TS offset" (2026, stable 6.1.192 and 6.12.117, and 7.x) returned to
 *   the patch's single hash of the 4-tuple, but through a union: the ISN is
 *   its first 32-bit half in memory, so on a big-endian CPU the ISN has the
 *   upper half of the hash and the offset the lower, the patch's swapped.
 * - The port offsets hash a time seed too, jiffies / (10 * HZ), between
 *   the addresses and the port, so that the offset of a destination
 *   changes every 10 s ("tcp: resalt the secret every 10 seconds", 2022),
 *   and return the whole 64-bit hash ("secure_seq: use the 64 bits of the
 *   siphash for port offset calculation", 2022).
 *
 * DCCP (until 6.16) and the ISN's hash on little-endian CPUs are the
 * patch's.
 */

/**
 * demo_secure_tcp_seq_and_ts_off() - the ISN and timestamp offset of an
 * IPv4 TCP connection by the rule of 6.1.192, 6.12.117 and 7.x
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * The patch's hash, split by union demo_tcp_seq_and_ts_off. The kernel
 * zeroes ts_off unless the sysctl tcp_timestamps is 1; this does not.
 *
 * Return: the union, seq with seq_scale()'s clock added.
 */
union demo_tcp_seq_and_ts_off
demo_secure_tcp_seq_and_ts_off(__be32 saddr, __be32 daddr, __be16 sport,
			       __be16 dport, const siphash_key_t *secret)
{
	union demo_tcp_seq_and_ts_off st;

	st.hash64 = hash_v4(saddr, daddr, sport, dport, secret);
	st.seq = seq_scale(st.seq);
	return st;
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcp_seq_and_ts_off);

/**
 * demo_secure_tcpv6_seq_and_ts_off() - the same for IPv6
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @sport: source port, network byte order
 * @dport: destination port, network byte order
 * @secret: the 128-bit secret
 *
 * Return: the union, seq with seq_scale()'s clock added.
 */
union demo_tcp_seq_and_ts_off
demo_secure_tcpv6_seq_and_ts_off(const __be32 *saddr, const __be32 *daddr,
				 __be16 sport, __be16 dport,
				 const siphash_key_t *secret)
{
	union demo_tcp_seq_and_ts_off st;

	st.hash64 = hash_v6(saddr, daddr, sport, dport, secret);
	st.seq = seq_scale(st.seq);
	return st;
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcpv6_seq_and_ts_off);

/**
 * demo_secure_tcp_ts_off() - the IPv4 timestamp offset of 2017 to 2026
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @ts_secret: the second 128-bit secret, the kernel's ts_secret
 *
 * siphash_2u32() of the addresses, as CPU integers like above.
 *
 * Return: the low 32 bits of the hash.
 */
u32 demo_secure_tcp_ts_off(__be32 saddr, __be32 daddr,
			   const siphash_key_t *ts_secret)
{
	return siphash_2u32((__force u32)saddr, (__force u32)daddr, ts_secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcp_ts_off);

/**
 * demo_secure_tcpv6_ts_off() - the IPv6 timestamp offset of 2017 to 2026
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @ts_secret: the second 128-bit secret, the kernel's ts_secret
 *
 * siphash() of the two addresses, 32 bytes.
 *
 * Return: the low 32 bits of the hash.
 */
u32 demo_secure_tcpv6_ts_off(const __be32 *saddr, const __be32 *daddr,
			     const siphash_key_t *ts_secret)
{
	const struct {
		struct in6_addr saddr;
		struct in6_addr daddr;
	} __aligned(SIPHASH_ALIGNMENT) in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
	};

	return siphash(&in, sizeof(in), ts_secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_tcpv6_ts_off);

/**
 * demo_secure_ipv4_port_ephemeral_timeseed() - the IPv4 ephemeral-port
 * offset since 2021
 * @saddr: source address, network byte order
 * @daddr: destination address, network byte order
 * @dport: destination port, network byte order
 * @timeseed: jiffies / (10 * HZ) when the kernel computes it
 * @secret: the 128-bit secret
 *
 * siphash_4u32() of the addresses, dport and @timeseed.
 *
 * Return: the whole 64-bit hash.
 */
u64 demo_secure_ipv4_port_ephemeral_timeseed(__be32 saddr, __be32 daddr,
					     __be16 dport, u32 timeseed,
					     const siphash_key_t *secret)
{
	return siphash_4u32((__force u32)saddr, (__force u32)daddr,
			    (__force u16)dport, timeseed, secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_ipv4_port_ephemeral_timeseed);

/**
 * demo_secure_ipv6_port_ephemeral_timeseed() - the IPv6 ephemeral-port
 * offset since 2021
 * @saddr: source address, 16 bytes in network byte order
 * @daddr: destination address, 16 bytes in network byte order
 * @dport: destination port, network byte order
 * @timeseed: jiffies / (10 * HZ) when the kernel computes it
 * @secret: the 128-bit secret
 *
 * siphash() of the addresses, @timeseed as a CPU integer in memory, and
 * dport: 38 bytes, up to the end of dport.
 *
 * Return: the whole 64-bit hash.
 */
u64 demo_secure_ipv6_port_ephemeral_timeseed(const __be32 *saddr,
					     const __be32 *daddr, __be16 dport,
					     u32 timeseed,
					     const siphash_key_t *secret)
{
	const struct demo_v6_timeseed {
		struct in6_addr saddr;
		struct in6_addr daddr;
		u32 timeseed;
		__be16 dport;
	} __aligned(SIPHASH_ALIGNMENT) in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.timeseed = timeseed,
		.dport = dport,
	};

	static_assert(offsetofend(struct demo_v6_timeseed, dport) == 38);
	return siphash(&in, offsetofend(struct demo_v6_timeseed, dport),
		       secret);
}

SIPMOD_EXPORT_TEST_GPL(demo_secure_ipv6_port_ephemeral_timeseed);

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

/* Every output for the two connections, in the kernel log. */
static void __init show_samples(void)
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
		pr_info("%pI4:%u -> %pI4:%u: isn %08x tsoff %08x port_offset %08x dccp_seq %012llx\n",
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
		pr_info("[%pI6c]:%u -> [%pI6c]:%u: isn %08x tsoff %08x port_offset %08x dccp_seq %012llx\n",
			&c->saddr6, ntohs(c->sport), &c->daddr6, ntohs(c->dport),
			isn, tsoff,
			demo_secure_ipv6_port_ephemeral(s6, d6, c->dport, &net_secret),
			dccp6);
	}
}

static int __init secure_seq_demo_init(void)
{
	int fixed = sipmod_key_param_take(&key, "key", &net_secret);

	if (fixed < 0)
		return fixed;
	if (!fixed)
		get_random_bytes(&net_secret, sizeof(net_secret));
	pr_info("secure_seq of \"Introduce The SipHash PRF\" on siphash.ko %s, secret %s\n",
		SIPHASH_OOT_VERSION, fixed ? "fixed by key=" : "random");
	show_samples();
	return 0;
}

static void __exit secure_seq_demo_exit(void)
{
	memzero_explicit(&net_secret, sizeof(net_secret));
}

module_init(secure_seq_demo_init);
module_exit(secure_seq_demo_exit);

MODULE_DESCRIPTION("The SipHash secure_seq functions of \"Introduce The SipHash PRF\" (TCP ISN, port offsets, DCCP) on siphash.ko, and what later kernels changed, for test_secure_seq.ko");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
