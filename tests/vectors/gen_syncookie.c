// SPDX-License-Identifier: GPL-2.0
/*
 * gen_syncookie.c - write syncookie_kat.h, the known answers of
 * test_syncookie.c, from libsodium's crypto_shorthash_siphash24
 * (SipHash-2-4), independently of the kernel modules: the cookie hash
 * inputs are laid out here byte by byte from the code of "[PATCH v3
 * net-next 4/4] syncookies: use SipHash in place of SHA1", for a CPU of
 * each byte order (le.h says how the kernel turns fields into bytes):
 *
 *   IPv4: siphash_4u32(saddr, daddr, sport << 16 | dport, count), the
 *         network-order fields passed as CPU integers, each word hashed as
 *         its little-endian bytes: 16 bytes. Little-endian CPU: saddr,
 *         daddr, dport, sport in network order, then le32(count);
 *         big-endian CPU: the bytes of each field reversed, le32(count).
 *   IPv6: siphash() of struct { saddr; daddr; u32 count; __be16 sport;
 *         __be16 dport; } up to offsetofend(dport), memory: 40 bytes,
 *         saddr, daddr, count in the CPU's byte order, sport, dport.
 *
 * The cookie (net/ipv4/syncookies.c, secure_tcp_syn_cookie()) is
 *   hash(key0, count 0) + seq + (count << 24)
 *     + ((hash(key1, count) + mss index) & 0xffffff)      (mod 2^32)
 * of the low 32 bits of each hash.
 *
 * Usage: gen_syncookie > syncookie_kat.h (tests/vectors/Makefile).
 */
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gen_common.h"
#include "le.h"

#define COUNT		0x01234567U	/* minutes; only 0x67 is in the cookie */

/**
 * struct kat - one SYN and what its cookie is made of
 * @name: the C name of its table
 * @what: the SYN, for the comment
 * @saddr: source address, network order (IPv4: the first 4 bytes)
 * @daddr: destination address, network order
 * @v6: whether this is IPv6
 * @sport: source port
 * @dport: destination port
 * @seq: the SYN's sequence number
 * @mss: the SYN's MSS option
 * @mssind: the index of the table value @mss rounds to
 * @mss_table: that table value
 */
struct kat {
	const char *name, *what;
	unsigned char saddr[16], daddr[16];
	int v6;
	unsigned int sport, dport;
	uint32_t seq;
	unsigned int mss, mssind, mss_table;
};

static const struct kat kats[] = {
	{
		"syncookie_kat_v4",
		"192.0.2.1:40000 -> 198.51.100.7:80 (RFC 5737)",
		{ 192, 0, 2, 1 }, { 198, 51, 100, 7 }, 0, 40000, 80,
		0x12345678U, 1460, 3, 1460,	/* msstab[3] = 1460 */
	},
	{
		"syncookie_kat_v6",
		"[2001:db8::1]:50000 -> [2001:db8:0:1::80]:443 (RFC 3849)",
		{ 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01 },
		{ 0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0x01, 0, 0, 0, 0, 0, 0, 0, 0x80 },
		1, 50000, 443,
		0x89abcdefU, 1440, 2, 1440,	/* msstab[2] = 1500 - 60 */
	},
};

static unsigned char key[2][16];	/* key c is bytes 16c .. 16c + 15 */

static uint64_t sip(const unsigned char *msg, size_t len, int c)
{
	unsigned char out[8];

	crypto_shorthash_siphash24(out, msg, len, key[c]);
	return le64(out);
}

/* The cookie hash of @k with key @c and @count on a CPU of order @o. */
static uint64_t hash(const struct kat *k, uint32_t count, int c, enum order o)
{
	unsigned char m[40], port[2][2] = {
		{ k->sport >> 8, k->sport }, { k->dport >> 8, k->dport },
	};
	unsigned char *p;

	if (!k->v6) {
		p = put_word(m, cpu_load(k->saddr, 4, o));
		p = put_word(p, cpu_load(k->daddr, 4, o));
		p = put_word(p, cpu_load(port[0], 2, o) << 16 |
				cpu_load(port[1], 2, o));
		put_word(p, count);
		return sip(m, 16, c);
	}
	memcpy(m, k->saddr, 16);
	memcpy(m + 16, k->daddr, 16);
	cpu_store(m + 32, 4, count, o);
	memcpy(m + 36, port[0], 2);
	memcpy(m + 38, port[1], 2);
	return sip(m, 40, c);
}

static void print_bytes(const char *field, const unsigned char *b, int n)
{
	int i;

	printf("\t.%s = { %u", field, b[0]);
	for (i = 1; i < n; i++)
		printf(", %u", b[i]);
	printf(" },\n");
}

/* The header's comment, after the lines gen_kat_head() writes. */
static const char comment[] =
" * Known answers of test_syncookie.c, under the keys 00..0f (key 0) and\n"
" * 10..1f (key 1), at minute SYNCOOKIE_KAT_COUNT: the two cookie hashes\n"
" * and the cookie of one SYN per family, on a CPU of each byte order (IPv4\n"
" * hashes network-order fields as CPU integers, IPv6 a CPU-order count in\n"
" * memory, so a big-endian CPU hashes other bytes).\n";

/* The header after its frame: the types of its tables. */
static const char header[] =
"#define SYNCOOKIE_KAT_COUNT\t0x%08xU\n"
"\n"
"/**\n"
" * struct syncookie_kat - one SYN and its cookie\n"
" * @saddr: source address, network order (IPv4: the first 4 bytes)\n"
" * @daddr: destination address, network order\n"
" * @sport: source port, host order\n"
" * @dport: destination port, host order\n"
" * @seq: the SYN's sequence number, host order\n"
" * @mss: the SYN's MSS option\n"
" * @mss_table: the MSS the cookie carries, @mss rounded down to the table\n"
" * @h0: per byte order, the SipHash-2-4 value of key 0 and count 0\n"
" * @h1: per byte order, the SipHash-2-4 value of key 1 and the count\n"
" * @cookie: per byte order, the cookie\n"
" */\n"
"struct syncookie_kat {\n"
"\tu8 saddr[16], daddr[16];\n"
"\tu16 sport, dport;\n"
"\tu32 seq;\n"
"\tu16 mss, mss_table;\n"
"\tu64 h0[KAT_ORDERS], h1[KAT_ORDERS];\n"
"\tu32 cookie[KAT_ORDERS];\n"
"};\n";

int main(void)
{
	uint64_t h0[ORDERS], h1[ORDERS];
	const struct kat *k;
	size_t i;
	int o;

	if (gen_sodium_init(key[0]))
		return 1;
	for (i = 0; i < 16; i++)
		key[1][i] = 16 + i;

	gen_kat_head("gen_syncookie.c", comment, "SIPHASH_VECTORS_SYNCOOKIE_KAT_H");
	printf(header, COUNT);
	for (k = kats; k < kats + sizeof(kats) / sizeof(kats[0]); k++) {
		for (o = 0; o < ORDERS; o++) {
			h0[o] = hash(k, 0, 0, o);
			h1[o] = hash(k, COUNT, 1, o);
		}
		printf("\n/* %s, ISN %#x, MSS %u */\n", k->what, k->seq, k->mss);
		printf("static const struct syncookie_kat %s __initconst = {\n",
		       k->name);
		print_bytes("saddr", k->saddr, k->v6 ? 16 : 4);
		print_bytes("daddr", k->daddr, k->v6 ? 16 : 4);
		printf("\t.sport = %u, .dport = %u,\n", k->sport, k->dport);
		printf("\t.seq = %#x,\n", k->seq);
		printf("\t.mss = %u, .mss_table = %u,\n", k->mss, k->mss_table);
		for (o = 0; o < ORDERS; o++)
			printf("\t.h0[%s] = 0x%016llxULL,\n", order_name[o],
			       (unsigned long long)h0[o]);
		for (o = 0; o < ORDERS; o++)
			printf("\t.h1[%s] = 0x%016llxULL,\n", order_name[o],
			       (unsigned long long)h1[o]);
		for (o = 0; o < ORDERS; o++)
			printf("\t.cookie[%s] = 0x%08xU,\n", order_name[o],
			       (uint32_t)((uint32_t)h0[o] + k->seq + (COUNT << 24) +
					  (((uint32_t)h1[o] + k->mssind) & 0xffffffU)));
		printf("};\n");
	}
	gen_tail("SIPHASH_VECTORS_SYNCOOKIE_KAT_H");
	return 0;
}
