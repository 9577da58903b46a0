/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What syncookie_demo.ko exports, for test_syncookie.ko: the SYN cookies
 * of Linux 6.1 with the cookie_hash() of "Introduce The SipHash PRF",
 * taking the two SipHash keys (the kernel's syncookie_secret[2]) and the
 * minute counter (its tcp_cookie_time()) as arguments, and the MSS tables
 * the cookies encode. They are in the SIPHASH_OOT_TEST namespace
 * (SIPMOD_IMPORT_TEST() in compat.h); syncookie_demo.c documents them.
 * The key type is the kernel's: this header does not map the SipHash API
 * onto siphash.ko.
 */
#ifndef SIPHASH_SYNCOOKIE_DEMO_H
#define SIPHASH_SYNCOOKIE_DEMO_H

#include <linux/in6.h>
#include <linux/siphash.h>
#include <linux/types.h>

/**
 * struct scd_v4_tuple - what a cookie hashes of an IPv4 TCP segment
 * @saddr: source address (the client's, for SYN and ACK), network order
 * @daddr: destination address, network order
 * @sport: source port, network order
 * @dport: destination port, network order
 */
struct scd_v4_tuple {
	__be32 saddr;
	__be32 daddr;
	__be16 sport;
	__be16 dport;
};

/**
 * struct scd_v6_tuple - what a cookie hashes of an IPv6 TCP segment
 * @saddr: source address (the client's, for SYN and ACK)
 * @daddr: destination address
 * @sport: source port, network order
 * @dport: destination port, network order
 */
struct scd_v6_tuple {
	struct in6_addr saddr;
	struct in6_addr daddr;
	__be16 sport;
	__be16 dport;
};

/**
 * struct scd_v6_input - the patch's IPv6 input of cookie_hash()
 * @saddr: source address
 * @daddr: destination address
 * @count: the minute counter, a CPU integer in memory: its bytes depend
 *	on the CPU's byte order
 * @sport: source port, network order
 * @dport: destination port, network order
 *
 * On the stack and aligned for SipHash; tests/user/kat_model.c hashes the
 * same struct.
 */
struct scd_v6_input {
	struct in6_addr saddr;
	struct in6_addr daddr;
	u32 count;
	__be16 sport;
	__be16 dport;
} __aligned(SIPHASH_ALIGNMENT);

/**
 * struct scd_tuple - a segment's tuple, of either family
 * @ipv6: which one: @t6, or @t4
 * @t4: the IPv4 tuple
 * @t6: the IPv6 tuple
 */
struct scd_tuple {
	bool ipv6;
	struct scd_v4_tuple t4;
	struct scd_v6_tuple t6;
};

/* The MSS values a cookie can carry, ascending, as the kernel's msstab. */
#define SCD_MSSTAB_SIZE	4
extern const u16 scd_msstab_v4[SCD_MSSTAB_SIZE];
extern const u16 scd_msstab_v6[SCD_MSSTAB_SIZE];

/* The MSS table of @t's family. */
static inline const u16 *scd_msstab(const struct scd_tuple *t)
{
	return t->ipv6 ? scd_msstab_v6 : scd_msstab_v4;
}

u32 scd_cookie_hash(const struct scd_tuple *t, u32 count, int c,
		    const siphash_key_t *secret);
u32 scd_cookie_init_sequence(const struct scd_tuple *t, __be32 seq, u16 *mssp,
			     u32 count, const siphash_key_t *secret);
int scd_cookie_check(const struct scd_tuple *t, __be32 seq, u32 cookie,
		     u32 count, const siphash_key_t *secret);

#endif /* SIPHASH_SYNCOOKIE_DEMO_H */
