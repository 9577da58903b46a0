// SPDX-License-Identifier: GPL-2.0
/*
 * gen_syncookie.c - derive the known answers of test_syncookie.c from
 * libsodium's crypto_shorthash_siphash24 (SipHash-2-4), independently of
 * the kernel module: the cookie hash inputs are laid out here byte by byte
 * from their definition, not from the module's structs.
 *
 * Build and run:
 *   gcc -O2 -Wall -o gen_syncookie tests/vectors/gen_syncookie.c -lsodium
 *   ./gen_syncookie            (prints C initialisers)
 *
 * The byte layouts are those of a little-endian CPU (x86_64 and i386, the
 * two arches the project tests), where the kernel's cookie hashes are:
 *
 *   IPv4: siphash_4u32(saddr, daddr, sport << 16 | dport, count), each u32
 *         hashed as its 4 little-endian bytes. saddr and daddr are __be32
 *         read as CPU integers, so their bytes are the network bytes; the
 *         third word's bytes are dport then sport, each in network order:
 *           saddr[4] daddr[4] dport[2] sport[2] le32(count)   (16 bytes)
 *   IPv6: siphash() of the struct { saddr; daddr; u32 count; __be16 sport;
 *         __be16 dport; } up to offsetofend(dport):
 *           saddr[16] daddr[16] le32(count) sport[2] dport[2] (40 bytes)
 *
 * The cookie (net/ipv4/syncookies.c, secure_tcp_syn_cookie()) is
 *   hash(key0, count 0) + seq + (count << 24)
 *     + ((hash(key1, count) + mss index) & 0xffffff)      (mod 2^32)
 */
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "le.h"

/* The documented tuples and test keys of test_syncookie.c. */
#define COUNT		0x01234567U	/* minutes; only 0x67 is in the cookie */
#define V4_SEQ		0x12345678U	/* SYN sequence number */
#define V4_MSSIND	3U		/* MSS 1460 -> msstab[3] = 1460 */
#define V6_SEQ		0x89abcdefU
#define V6_MSSIND	2U		/* MSS 1440 -> msstab[2] = 1500 - 60 */

/* 192.0.2.1:40000 -> 198.51.100.7:80 (RFC 5737 documentation addresses) */
static const unsigned char v4_saddr[4] = { 192, 0, 2, 1 };
static const unsigned char v4_daddr[4] = { 198, 51, 100, 7 };
static const unsigned int v4_sport = 40000, v4_dport = 80;

/* [2001:db8::1]:50000 -> [2001:db8:0:1::80]:443 (RFC 3849) */
static const unsigned char v6_saddr[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01 };
static const unsigned char v6_daddr[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x80 };
static const unsigned int v6_sport = 50000, v6_dport = 443;

static unsigned char key[2][16];	/* key c is bytes 16c .. 16c + 15 */

static void put_le32(unsigned char *p, uint32_t v)
{
	int i;

	for (i = 0; i < 4; i++)
		p[i] = v >> (8 * i);
}

static void put_be16(unsigned char *p, unsigned int v)
{
	p[0] = v >> 8;
	p[1] = v;
}

static uint64_t sip(const unsigned char *msg, size_t len, int c)
{
	unsigned char out[8];

	crypto_shorthash_siphash24(out, msg, len, key[c]);
	return le64(out);
}

static uint64_t hash_v4(uint32_t count, int c)
{
	unsigned char m[16];

	memcpy(m, v4_saddr, 4);
	memcpy(m + 4, v4_daddr, 4);
	put_be16(m + 8, v4_dport);
	put_be16(m + 10, v4_sport);
	put_le32(m + 12, count);
	return sip(m, sizeof(m), c);
}

static uint64_t hash_v6(uint32_t count, int c)
{
	unsigned char m[40];

	memcpy(m, v6_saddr, 16);
	memcpy(m + 16, v6_daddr, 16);
	put_le32(m + 32, count);
	put_be16(m + 36, v6_sport);
	put_be16(m + 38, v6_dport);
	return sip(m, sizeof(m), c);
}

static uint32_t cookie(uint32_t h0, uint32_t h1, uint32_t seq, uint32_t ind)
{
	return h0 + seq + (COUNT << 24) + ((h1 + ind) & 0xffffffU);
}

int main(void)
{
	static const unsigned char paper[8] = { 0x31, 0x0e, 0x0e, 0xdd,
						0x47, 0xdb, 0x6f, 0x72 };
	unsigned char out[8];
	uint64_t h0, h1;
	int i;

	if (sodium_init() < 0)
		return 1;
	for (i = 0; i < 32; i++)
		key[i / 16][i % 16] = i;

	/* Self-check on the SipHash paper's empty-message vector, key 00..0f. */
	crypto_shorthash_siphash24(out, out, 0, key[0]);
	if (memcmp(out, paper, sizeof(out))) {
		fprintf(stderr, "libsodium disagrees with the paper\n");
		return 1;
	}

	printf("/* keys: bytes 00..0f (key 0) and 10..1f (key 1), count %#x */\n",
	       COUNT);
	h0 = hash_v4(0, 0);
	h1 = hash_v4(COUNT, 1);
	printf("/* IPv4 */\n\t0x%016llxULL, 0x%016llxULL, 0x%08xU,\n",
	       (unsigned long long)h0, (unsigned long long)h1,
	       cookie(h0, h1, V4_SEQ, V4_MSSIND));
	h0 = hash_v6(0, 0);
	h1 = hash_v6(COUNT, 1);
	printf("/* IPv6 */\n\t0x%016llxULL, 0x%016llxULL, 0x%08xU,\n",
	       (unsigned long long)h0, (unsigned long long)h1,
	       cookie(h0, h1, V6_SEQ, V6_MSSIND));
	return 0;
}
