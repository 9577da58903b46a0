/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBSOLETE BASELINE, for measurement only: the six MD5 functions of
 * net/core/secure_seq.c that "[PATCH v3 net-next 3/4] secure_seq: use
 * SipHash in place of MD5" removed, rebuilt from its "-" lines over
 * md5_baseline_transform() and named md5_<seed's name>. secure_seq_demo.ko
 * and test_secure_seq.ko time them against the SipHash versions that
 * replaced them, which take the same arguments. MD5 is broken; nothing
 * here is fit for any other use.
 *
 * The secret is what net_secret was then: one 64-byte MD5 block, 16 u32
 * words. IPv4 puts the addresses and ports into the MD5 state and hashes
 * the secret; IPv6 puts the source address into the state and adds the
 * destination address and ports to the secret's first five words.
 */
#ifndef SIPHASH_SECURE_SEQ_MD5_H
#define SIPHASH_SECURE_SEQ_MD5_H

#include <linux/bits.h>
#include <linux/ktime.h>
#include <linux/string.h>
#include <linux/timekeeping.h>
#include <linux/types.h>

#include "md5_baseline.h"

#define MD5_SECRET_WORDS	MD5_BASELINE_BLOCK_WORDS

/* seq_scale() of net/core/secure_seq.c, unchanged by the seed. */
static inline u32 md5_seq_scale(u32 seq)
{
	return seq + (ktime_get_real_ns() >> 6);
}

/* The DCCP number from words 0 and 1 of the state, as the removed code. */
static inline u64 md5_dccp_seq(const u32 hash[MD5_BASELINE_DIGEST_WORDS])
{
	u64 seq = hash[0] | (u64)hash[1] << 32;

	return (seq + ktime_get_real_ns()) & GENMASK_ULL(47, 0);
}

/* IPv4: the state is saddr, daddr, @ports, secret[15]; the block is the secret. */
static inline void md5_v4(__be32 saddr, __be32 daddr, u32 ports,
			  const u32 *secret,
			  u32 hash[MD5_BASELINE_DIGEST_WORDS])
{
	hash[0] = (__force u32)saddr;
	hash[1] = (__force u32)daddr;
	hash[2] = ports;
	hash[3] = secret[15];
	md5_baseline_transform(hash, secret);
}

/* IPv6: the state is saddr; the block is the secret plus daddr and @ports. */
static inline void md5_v6(const __be32 *saddr, const __be32 *daddr, u32 ports,
			  const u32 *secret,
			  u32 hash[MD5_BASELINE_DIGEST_WORDS])
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
static inline u32 md5_ports(__be16 sport, __be16 dport)
{
	return ((__force u16)sport << 16) + (__force u16)dport;
}

static noinline __maybe_unused u32
md5_secure_tcp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
			       __be16 dport, u32 *tsoff, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, md5_ports(sport, dport), secret, hash);
	*tsoff = hash[1];
	return md5_seq_scale(hash[0]);
}

static noinline __maybe_unused u32
md5_secure_tcpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				 __be16 sport, __be16 dport, u32 *tsoff,
				 const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, md5_ports(sport, dport), secret, hash);
	*tsoff = hash[1];
	return md5_seq_scale(hash[0]);
}

/* The IPv4 port offset XORed dport into secret[14] instead. */
static noinline __maybe_unused u32
md5_secure_ipv4_port_ephemeral(__be32 saddr, __be32 daddr, __be16 dport,
			       const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, (__force u32)dport ^ secret[14], secret, hash);
	return hash[0];
}

static noinline __maybe_unused u32
md5_secure_ipv6_port_ephemeral(const __be32 *saddr, const __be32 *daddr,
			       __be16 dport, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, (__force u32)dport, secret, hash);
	return hash[0];
}

static noinline __maybe_unused u64
md5_secure_dccp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
				__be16 dport, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v4(saddr, daddr, md5_ports(sport, dport), secret, hash);
	return md5_dccp_seq(hash);
}

static noinline __maybe_unused u64
md5_secure_dccpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				  __be16 sport, __be16 dport, const u32 *secret)
{
	u32 hash[MD5_BASELINE_DIGEST_WORDS];

	md5_v6(saddr, daddr, md5_ports(sport, dport), secret, hash);
	return md5_dccp_seq(hash);
}

#endif /* SIPHASH_SECURE_SEQ_MD5_H */
