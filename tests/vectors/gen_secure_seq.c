// SPDX-License-Identifier: GPL-2.0
/*
 * gen_secure_seq.c - derive the known answers of test_secure_seq.c from an
 * implementation independent of this project: libsodium's
 * crypto_shorthash_siphash24 (SipHash-2-4).
 *
 * The hashed bytes are spelled out here from the layouts of the seed
 * ("[PATCH v3 net-next 3/4] secure_seq: use SipHash in place of MD5"), as a
 * little-endian kernel (x86_64, i386) lays them out in memory:
 *
 *   IPv4 TCP ISN and DCCP, siphash_3u32(saddr, daddr, sport << 16 | dport):
 *     the three u32 words as little-endian bytes, i.e.
 *     saddr (4, network order) daddr (4, network order)
 *     dport (2, network order) sport (2, network order)       = 12 bytes
 *   IPv4 ephemeral port, siphash_3u32(saddr, daddr, (u16)dport):
 *     saddr (4) daddr (4) dport (2, network order) 00 00     = 12 bytes
 *   IPv6 TCP ISN and DCCP, struct { saddr; daddr; sport; dport; } up to
 *     offsetofend(dport): saddr (16) daddr (16) sport (2) dport (2) = 36
 *   IPv6 ephemeral port, struct { saddr; daddr; dport; } up to
 *     offsetofend(dport): saddr (16) daddr (16) dport (2)     = 34 bytes
 *
 * The key is the bytes 00 01 .. 0f (siphash_key_t { 0x0706050403020100,
 * 0x0f0e0d0c0b0a0908 } on a little-endian kernel).
 *
 * Build and run:
 *   gcc -O2 -Wall -o gen_secure_seq gen_secure_seq.c -lsodium && ./gen_secure_seq
 * It prints the C initialiser of test_secure_seq.c's kats[].
 */
#include <arpa/inet.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "le.h"

struct tuple {
	const char *saddr4, *daddr4, *saddr6, *daddr6;
	uint16_t sport, dport;
};

/* The documented tuples: RFC 5737 and RFC 3849 documentation addresses. */
static const struct tuple tuples[] = {
	{ "192.0.2.1", "198.51.100.7", "2001:db8::1", "2001:db8::7", 40000, 443 },
	{ "203.0.113.200", "192.0.2.255", "2001:db8:85a3::8a2e:370:7334",
	  "2001:db8:ffff:1::80", 65535, 80 },
	{ "198.51.100.10", "203.0.113.1", "fe80::1", "2001:db8:0:1::2", 1, 22 },
};

static unsigned char key[16];

static uint64_t sip(const unsigned char *msg, size_t len)
{
	unsigned char out[8];

	crypto_shorthash_siphash24(out, msg, len, key);
	return le64(out);
}

static void want(const char *fn, uint64_t v)
{
	printf("\t\t\t[%s] = 0x%016llxULL,\n", fn, (unsigned long long)v);
}

static void put_be16(unsigned char *p, uint16_t v)
{
	p[0] = v >> 8;
	p[1] = v;
}

int main(void)
{
	unsigned char s4[4], d4[4], s6[16], d6[16], m[36];
	uint64_t tcp4, port4, tcp6, port6;
	size_t i;

	if (sodium_init() < 0)
		return 1;
	for (i = 0; i < sizeof(key); i++)
		key[i] = i;
	/* Self-check on the SipHash paper's vector: message 00..0e. */
	for (i = 0; i < 15; i++)
		m[i] = i;
	if (sip(m, 15) != 0xa129ca6149be45e5ULL) {
		fprintf(stderr, "libsodium disagrees with the paper\n");
		return 1;
	}

	for (i = 0; i < sizeof(tuples) / sizeof(tuples[0]); i++) {
		const struct tuple *t = &tuples[i];

		if (inet_pton(AF_INET, t->saddr4, s4) != 1 ||
		    inet_pton(AF_INET, t->daddr4, d4) != 1 ||
		    inet_pton(AF_INET6, t->saddr6, s6) != 1 ||
		    inet_pton(AF_INET6, t->daddr6, d6) != 1) {
			fprintf(stderr, "bad address in tuple %zu\n", i);
			return 1;
		}

		memcpy(m, s4, 4);
		memcpy(m + 4, d4, 4);
		put_be16(m + 8, t->dport);
		put_be16(m + 10, t->sport);
		tcp4 = sip(m, 12);

		put_be16(m + 8, t->dport);
		m[10] = 0;
		m[11] = 0;
		port4 = sip(m, 12);

		memcpy(m, s6, 16);
		memcpy(m + 16, d6, 16);
		put_be16(m + 32, t->sport);
		put_be16(m + 34, t->dport);
		tcp6 = sip(m, 36);

		put_be16(m + 32, t->dport);
		port6 = sip(m, 34);

		printf("\t{\n");
		printf("\t\t.saddr4 = \"%s\", .daddr4 = \"%s\",\n",
		       t->saddr4, t->daddr4);
		printf("\t\t.saddr6 = \"%s\",\n\t\t.daddr6 = \"%s\",\n",
		       t->saddr6, t->daddr6);
		printf("\t\t.sport = %u, .dport = %u,\n", t->sport, t->dport);
		printf("\t\t.want = {\n");
		want("TCP_V4_ISN", tcp4);
		want("TCP_V6_ISN", tcp6);
		want("PORT_V4", port4);
		want("PORT_V6", port6);
		want("DCCP_V4", tcp4);	/* same bytes as the TCP ISN */
		want("DCCP_V6", tcp6);
		printf("\t\t},\n");
		printf("\t},\n");
	}
	return 0;
}
