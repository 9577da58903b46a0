// SPDX-License-Identifier: GPL-2.0
/*
 * kat_model.c - the demos' known answers (tests/vectors/secure_seq_kat.h,
 * syncookie_kat.h) against a model of the demos' hashing that runs on the
 * CPU it is built for: the same C as secure_seq_demo.c and
 * syncookie_demo.c (network-order fields passed to siphash_3u32() and
 * siphash_4u32() as CPU integers, IPv6 inputs as the demos' own aligned
 * structs with a CPU-order count), over the module's own siphash.c. Built
 * for the host, it checks the little-endian tables; built for s390x and
 * run under qemu-user, the big-endian ones (make -C tests/user
 * kat-model-s390x).
 *
 * The generators lay the bytes out by hand for both byte orders; this
 * program lets a real CPU of each order do it, so the two must agree.
 * Prints one "ok"/"not ok" line per value; exits non-zero on a mismatch.
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "include/secure_seq_demo.h"
#include "include/syncookie_demo.h"
#include "tests/vectors/secure_seq_kat.h"
#include "tests/vectors/syncookie_kat.h"

static const siphash_key_t key = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

static const siphash_key_t keys[2] = {
	{{ 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL }},
	{{ 0x1716151413121110ULL, 0x1f1e1d1c1b1a1918ULL }},
};

/* ---- as secure_seq_demo.c hashes ---------------------------------------- */

static u64 tcp_v4(__be32 saddr, __be32 daddr, __be16 sport, __be16 dport)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u32)sport << 16 | (__force u32)dport, &key);
}

static u64 port_v4(__be32 saddr, __be32 daddr, __be16 dport)
{
	return siphash_3u32((__force u32)saddr, (__force u32)daddr,
			    (__force u16)dport, &key);
}

static u64 tcp_v6(const struct in6_addr *s, const struct in6_addr *d,
		  __be16 sport, __be16 dport)
{
	const struct demo_v6_ports in = {
		.saddr = *s, .daddr = *d, .sport = sport, .dport = dport,
	};

	return siphash(&in, offsetof(struct demo_v6_ports, dport) + 2, &key);
}

static u64 port_v6(const struct in6_addr *s, const struct in6_addr *d,
		   __be16 dport)
{
	const struct demo_v6_dport in = {
		.saddr = *s, .daddr = *d, .dport = dport,
	};

	return siphash(&in, offsetof(struct demo_v6_dport, dport) + 2, &key);
}

/* ---- as syncookie_demo.c hashes ------------------------------------------ */

static u64 cookie_v4(const struct syncookie_kat *k, u32 count, int c)
{
	__be32 saddr, daddr;

	memcpy(&saddr, k->saddr, 4);
	memcpy(&daddr, k->daddr, 4);
	return siphash_4u32((__force u32)saddr, (__force u32)daddr,
			    (__force u32)htons(k->sport) << 16 |
			    (__force u32)htons(k->dport), count, &keys[c]);
}

static u64 cookie_v6(const struct syncookie_kat *k, u32 count, int c)
{
	struct scd_v6_input in = {
		.count = count, .sport = htons(k->sport), .dport = htons(k->dport),
	};

	memcpy(&in.saddr, k->saddr, 16);
	memcpy(&in.daddr, k->daddr, 16);
	return siphash(&in, offsetof(struct scd_v6_input, dport) + 2, &keys[c]);
}

/* ---- the checks ------------------------------------------------------------ */

static int failed, n;

static void expect(const char *what, unsigned int i, u64 got, u64 want)
{
	n++;
	if (got == want) {
		printf("ok %d %s %u %016llx\n", n, what, i, (unsigned long long)got);
		return;
	}
	printf("not ok %d %s %u: model %016llx, table %016llx\n", n, what, i,
	       (unsigned long long)got, (unsigned long long)want);
	failed++;
}

int main(void)
{
	enum kat_order o = kat_cpu_order();
	const struct secure_seq_kat *k;
	struct in6_addr s6, d6;
	__be32 s4, d4;
	__be16 sp, dp;
	unsigned int i;

	printf("# %s-endian CPU: checking the %s tables\n",
	       o == KAT_BE ? "big" : "little", o == KAT_BE ? "KAT_BE" : "KAT_LE");
	for (i = 0; i < ARRAY_SIZE(secure_seq_kats); i++) {
		k = &secure_seq_kats[i];
		if (inet_pton(AF_INET, k->saddr4, &s4) != 1 ||
		    inet_pton(AF_INET, k->daddr4, &d4) != 1 ||
		    inet_pton(AF_INET6, k->saddr6, &s6) != 1 ||
		    inet_pton(AF_INET6, k->daddr6, &d6) != 1)
			return 2;
		sp = htons(k->sport);
		dp = htons(k->dport);
		expect("tcp_v4", i, tcp_v4(s4, d4, sp, dp), k->want[o][KAT_TCP_V4_ISN]);
		expect("tcp_v6", i, tcp_v6(&s6, &d6, sp, dp), k->want[o][KAT_TCP_V6_ISN]);
		expect("port_v4", i, port_v4(s4, d4, dp), k->want[o][KAT_PORT_V4]);
		expect("port_v6", i, port_v6(&s6, &d6, dp), k->want[o][KAT_PORT_V6]);
		expect("dccp_v4", i, tcp_v4(s4, d4, sp, dp), k->want[o][KAT_DCCP_V4]);
		expect("dccp_v6", i, tcp_v6(&s6, &d6, sp, dp), k->want[o][KAT_DCCP_V6]);
	}
	expect("cookie_v4 h0", 0, cookie_v4(&syncookie_kat_v4, 0, 0),
	       syncookie_kat_v4.h0[o]);
	expect("cookie_v4 h1", 0,
	       cookie_v4(&syncookie_kat_v4, SYNCOOKIE_KAT_COUNT, 1),
	       syncookie_kat_v4.h1[o]);
	expect("cookie_v6 h0", 0, cookie_v6(&syncookie_kat_v6, 0, 0),
	       syncookie_kat_v6.h0[o]);
	expect("cookie_v6 h1", 0,
	       cookie_v6(&syncookie_kat_v6, SYNCOOKIE_KAT_COUNT, 1),
	       syncookie_kat_v6.h1[o]);
	printf("# %d values, %d mismatches\n", n, failed);
	return failed ? 1 : 0;
}
