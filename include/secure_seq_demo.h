/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The functions secure_seq_demo.ko exports, for test_secure_seq.ko: the
 * patch series' secure_seq functions under a demo_ prefix, with the secret as
 * their last argument. They are in the SIPHASH_OOT_TEST namespace
 * (SIPMOD_IMPORT_TEST() in compat.h); secure_seq_demo.c documents them.
 * The key type is the kernel's: this header does not map the SipHash API
 * onto siphash.ko, so a test can hash with the kernel's own lib/siphash.c.
 */
#ifndef SIPHASH_SECURE_SEQ_DEMO_H
#define SIPHASH_SECURE_SEQ_DEMO_H

#include <linux/in6.h>
#include <linux/siphash.h>
#include <linux/types.h>

/*
 * The IPv6 inputs the functions hash, on the stack and aligned for
 * SipHash's aligned entry; tests/user/kat_model.c hashes the same structs.
 */

/**
 * struct demo_v6_ports - the IPv6 input of the ISNs and DCCP numbers
 * @saddr: source address
 * @daddr: destination address
 * @sport: source port, network order
 * @dport: destination port, network order
 */
struct demo_v6_ports {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 sport;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

/**
 * struct demo_v6_dport - the IPv6 input of the ephemeral port offset
 * @saddr: source address
 * @daddr: destination address
 * @dport: destination port, network order
 */
struct demo_v6_dport {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

u32 demo_secure_tcp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport,
				    u32 *tsoff, const siphash_key_t *secret);
u32 demo_secure_tcpv6_sequence_number(const __be32 *saddr, const __be32 *daddr, __be16 sport,
				      __be16 dport, u32 *tsoff, const siphash_key_t *secret);
u32 demo_secure_ipv4_port_ephemeral(__be32 saddr, __be32 daddr, __be16 dport,
				    const siphash_key_t *secret);
u32 demo_secure_ipv6_port_ephemeral(const __be32 *saddr, const __be32 *daddr, __be16 dport,
				    const siphash_key_t *secret);
u64 demo_secure_dccp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport,
				     const siphash_key_t *secret);
u64 demo_secure_dccpv6_sequence_number(const __be32 *saddr, const __be32 *daddr, __be16 sport,
				       __be16 dport, const siphash_key_t *secret);

/**
 * union demo_tcp_seq_and_ts_off - an ISN and a timestamp offset from one
 * hash, laid out as the kernel's union tcp_seq_and_ts_off
 * @seq: the ISN: one half of @hash64, plus the clock
 * @ts_off: the timestamp offset: the other half of @hash64
 * @hash64: the SipHash value both halves come from
 */
union demo_tcp_seq_and_ts_off {
	struct {
		u32 seq;
		u32 ts_off;
	};
	u64 hash64;
};

union demo_tcp_seq_and_ts_off
demo_secure_tcp_seq_and_ts_off(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport,
			       const siphash_key_t *secret);
union demo_tcp_seq_and_ts_off
demo_secure_tcpv6_seq_and_ts_off(const __be32 *saddr, const __be32 *daddr, __be16 sport,
				 __be16 dport, const siphash_key_t *secret);
u32 demo_secure_tcp_ts_off(__be32 saddr, __be32 daddr, const siphash_key_t *ts_secret);
u32 demo_secure_tcpv6_ts_off(const __be32 *saddr, const __be32 *daddr,
			     const siphash_key_t *ts_secret);
u64 demo_secure_ipv4_port_ephemeral_timeseed(__be32 saddr, __be32 daddr, __be16 dport,
					     u32 timeseed, const siphash_key_t *secret);
u64 demo_secure_ipv6_port_ephemeral_timeseed(const __be32 *saddr, const __be32 *daddr,
					     __be16 dport, u32 timeseed,
					     const siphash_key_t *secret);

#endif /* SIPHASH_SECURE_SEQ_DEMO_H */
