/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of secure_seq_demo.c, which includes it once, after the seed's
 * functions whose helpers (seq_scale(), the struct demo_v6_* inputs) it
 * uses: the rules later kernels hash by, beside the seed's. Apart so that
 * secure_seq_demo.c reads as the seed's net/core/secure_seq.c.
 */
#ifndef SIPHASH_SECURE_SEQ_LATER_H
#define SIPHASH_SECURE_SEQ_LATER_H

/*
 * The kernels this project runs on hash as the seed does but for two
 * rules, which test_secure_seq.ko's live_ cases compute with these
 * functions when they compare with the running kernel (compat.h says
 * which rule it has):
 *
 * - The timestamp offset. "secure_seq: downgrade to per-host timestamp
 *   offsets" (2017) took it from a hash of the addresses alone, under a
 *   second key (ts_secret), for tcp_tw_recycle; Debian's 6.1.176 (i386,
 *   armhf, s390x, mips) still does. "tcp: secure_seq: add back ports to
 *   TS offset" (2026, stable 6.1.192 and 6.12.117, and 7.x) returned to
 *   the seed's single hash of the 4-tuple, but through a union: the ISN is
 *   its first 32-bit half in memory, so on a big-endian CPU the ISN has the
 *   upper half of the hash and the offset the lower, the seed's swapped.
 * - The port offsets. "tcp: change source port randomizarion at connect()
 *   time" (2021) hashes a time seed too, jiffies / (10 * HZ), between the
 *   addresses and the port, so that the offset of a destination changes
 *   every 10 s; "secure_seq: use the 64 bits of the siphash for port offset
 *   calculation" (2022) returns the whole hash.
 *
 * DCCP (until 6.16) and the ISN's hash on little-endian CPUs are the seed's.
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
 * The seed's hash, split by union demo_tcp_seq_and_ts_off. The kernel
 * zeroes ts_off unless the sysctl tcp_timestamps is 1; this does not.
 *
 * Return: the union, seq with seq_scale()'s clock added.
 */
union demo_tcp_seq_and_ts_off
demo_secure_tcp_seq_and_ts_off(__be32 saddr, __be32 daddr, __be16 sport,
			       __be16 dport, const siphash_key_t *secret)
{
	union demo_tcp_seq_and_ts_off st;

	st.hash64 = siphash_3u32((__force u32)saddr, (__force u32)daddr,
				 (__force u32)sport << 16 | (__force u32)dport,
				 secret);
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
	const struct demo_v6_ports in = {
		.saddr = *(const struct in6_addr *)saddr,
		.daddr = *(const struct in6_addr *)daddr,
		.sport = sport,
		.dport = dport,
	};
	union demo_tcp_seq_and_ts_off st;

	st.hash64 = siphash(&in, offsetofend(struct demo_v6_ports, dport),
			    secret);
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

#endif /* SIPHASH_SECURE_SEQ_LATER_H */
