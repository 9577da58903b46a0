// SPDX-License-Identifier: GPL-2.0
/*
 * gen_secure_seq.c - write secure_seq_kat.h, the known answers of
 * test_secure_seq.c, from an implementation independent of this project:
 * libsodium's crypto_shorthash_siphash24 (SipHash-2-4), key 00 01 .. 0f.
 *
 * The bytes hashed are built here from the code of "[PATCH v3
 * net-next 3/4] secure_seq: use SipHash in place of MD5", for a CPU of
 * each byte order (le.h says how the kernel turns fields into bytes):
 *
 *   IPv4 TCP ISN and DCCP: siphash_3u32(saddr, daddr, sport << 16 | dport)
 *     of network-order fields passed as CPU integers: 12 bytes, the
 *     little-endian bytes of each word. Little-endian CPU: saddr, daddr,
 *     dport, sport, each in network order; big-endian CPU: the same
 *     fields, the bytes of each reversed.
 *   IPv4 ephemeral port: siphash_3u32(saddr, daddr, (u16)dport): likewise,
 *     with dport's two bytes and 00 00 as the third word.
 *   IPv6 TCP ISN and DCCP: struct { saddr; daddr; sport; dport; } up to
 *     offsetofend(dport), memory of network-order fields: 36 bytes, the
 *     same on both CPUs.
 *   IPv6 ephemeral port: struct { saddr; daddr; dport; }: 34 bytes.
 *
 * Usage: gen_secure_seq > secure_seq_kat.h (tests/vectors/Makefile).
 */
#include <arpa/inet.h>
#include <sodium.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gen_common.h"
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

/* The functions, in the order of enum secure_seq_kat_fn. */
static const char *const fn_names[] = {
	"KAT_TCP_V4_ISN", "KAT_TCP_V6_ISN", "KAT_PORT_V4", "KAT_PORT_V6",
	"KAT_DCCP_V4", "KAT_DCCP_V6",
};

#define NR_FNS	(sizeof(fn_names) / sizeof(fn_names[0]))

static unsigned char key[16];

static uint64_t sip(const unsigned char *msg, size_t len)
{
	unsigned char out[8];

	crypto_shorthash_siphash24(out, msg, len, key);
	return le64(out);
}

/* The network-order bytes of one tuple. */
struct wire {
	unsigned char s4[4], d4[4], s6[16], d6[16], sport[2], dport[2];
};

/* The hashes of every function of tuple @w on a CPU of byte order @o. */
static void hashes(const struct wire *w, enum order o, uint64_t *want)
{
	unsigned char m[36], *p;

	/* (__force u32)sport << 16 | (__force u32)dport */
	p = put_word(m, cpu_load(w->s4, 4, o));
	p = put_word(p, cpu_load(w->d4, 4, o));
	put_word(p, cpu_load(w->sport, 2, o) << 16 | cpu_load(w->dport, 2, o));
	want[0] = sip(m, 12);
	want[4] = want[0];		/* DCCP hashes the ISN's bytes */

	/* (__force u16)dport */
	put_word(p, cpu_load(w->dport, 2, o));
	want[2] = sip(m, 12);

	memcpy(m, w->s6, 16);
	memcpy(m + 16, w->d6, 16);
	memcpy(m + 32, w->sport, 2);
	memcpy(m + 34, w->dport, 2);
	want[1] = sip(m, 36);
	want[5] = want[1];

	memcpy(m + 32, w->dport, 2);
	want[3] = sip(m, 34);
}

/* The header's comment, after the lines gen_kat_head() writes. */
static const char comment[] =
" * Known answers of test_secure_seq.c: SipHash-2-4 under the key 00..0f of\n"
" * the bytes each secure_seq function of the patch hashes, on a CPU of each\n"
" * byte order (the IPv4 functions hash network-order fields as CPU\n"
" * integers, so a big-endian CPU hashes their bytes reversed). The DCCP\n"
" * numbers hash the same bytes as the ISNs. Addresses are documentation\n"
" * ranges (RFC 5737, RFC 3849) and one link-local address.\n";

/* The header after its frame: the types of its tables. */
static const char header[] =
"enum secure_seq_kat_fn {\n"
"\tKAT_TCP_V4_ISN, KAT_TCP_V6_ISN, KAT_PORT_V4, KAT_PORT_V6, KAT_DCCP_V4,\n"
"\tKAT_DCCP_V6, KAT_NR_FNS\n"
"};\n"
"\n"
"/**\n"
" * struct secure_seq_kat - one connection and the hashes of its inputs\n"
" * @saddr4: IPv4 source address\n"
" * @daddr4: IPv4 destination address\n"
" * @saddr6: IPv6 source address\n"
" * @daddr6: IPv6 destination address\n"
" * @sport: source port, host byte order\n"
" * @dport: destination port, host byte order\n"
" * @want: the 64-bit SipHash-2-4 value per byte order and function\n"
" */\n"
"struct secure_seq_kat {\n"
"\tconst char *saddr4, *daddr4, *saddr6, *daddr6;\n"
"\tu16 sport, dport;\n"
"\tu64 want[KAT_ORDERS][KAT_NR_FNS];\n"
"};\n"
"\n"
"static const struct secure_seq_kat secure_seq_kats[] __initconst = {\n";

int main(void)
{
	uint64_t want[NR_FNS];
	struct wire w;
	size_t i, f;
	int o;

	if (gen_sodium_init(key))
		return 1;

	gen_kat_head("gen_secure_seq.c", comment, "SIPHASH_VECTORS_SECURE_SEQ_KAT_H");
	fputs(header, stdout);
	for (i = 0; i < sizeof(tuples) / sizeof(tuples[0]); i++) {
		const struct tuple *t = &tuples[i];

		if (inet_pton(AF_INET, t->saddr4, w.s4) != 1 ||
		    inet_pton(AF_INET, t->daddr4, w.d4) != 1 ||
		    inet_pton(AF_INET6, t->saddr6, w.s6) != 1 ||
		    inet_pton(AF_INET6, t->daddr6, w.d6) != 1) {
			fprintf(stderr, "bad address in tuple %zu\n", i);
			return 1;
		}
		w.sport[0] = t->sport >> 8;
		w.sport[1] = t->sport;
		w.dport[0] = t->dport >> 8;
		w.dport[1] = t->dport;

		printf("\t{\n");
		printf("\t\t.saddr4 = \"%s\", .daddr4 = \"%s\",\n",
		       t->saddr4, t->daddr4);
		printf("\t\t.saddr6 = \"%s\",\n\t\t.daddr6 = \"%s\",\n",
		       t->saddr6, t->daddr6);
		printf("\t\t.sport = %u, .dport = %u,\n", t->sport, t->dport);
		for (o = 0; o < ORDERS; o++) {
			hashes(&w, o, want);
			printf("\t\t.want[%s] = {\n", order_name[o]);
			for (f = 0; f < NR_FNS; f++)
				printf("\t\t\t[%s] = 0x%016llxULL,\n", fn_names[f],
				       (unsigned long long)want[f]);
			printf("\t\t},\n");
		}
		printf("\t},\n");
	}
	printf("};\n");
	gen_tail("SIPHASH_VECTORS_SECURE_SEQ_KAT_H");
	return 0;
}
