// SPDX-License-Identifier: GPL-2.0
/*
 * test_user.c - conformance of siphash.c built in user space.
 *
 * The algorithm is the module's own siphash.c, compiled against include/;
 * this file only feeds it and compares. Expected values:
 *  - the vectors of "Introduce The SipHash PRF" and the long-message
 *    values of test_siphash.ko (tests/vectors/siphash_vectors.h);
 *  - refgen's table (harness.h): libsodium SipHash-2-4 and OpenSSL
 *    SipHash-1-3 for lengths 0..4096, fills 0x00, 0xff and random;
 *  - on 32-bit, halfref.py's HalfSipHash-1-3 values of the same inputs.
 * Every input is hashed at offsets 0..7 of a buffer that ends where it
 * ends (so ASan and memcheck see any over-read), through the unaligned
 * entry, through siphash()/hsiphash() and, at offset 0, the aligned entry.
 *
 * Usage: test_user REF_TABLE HALF_TABLE [quick]
 *   quick: fewer lengths, for valgrind. SIPTEST_INJECT=1 in the
 *   environment corrupts one expected value (a negative control).
 * Prints "ok N name" / "not ok N name" per check; exit status 1 on failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <asm/unaligned.h>

#include "harness.h"
#include "../vectors/siphash_vectors.h"

__thread const unsigned char *shim_zeropad_end;

static const struct sip_ref *ref;
static bool quick;
static unsigned int failures, checks, failed_checks;

#define fail(fmt, ...)							\
do {									\
	if (failures++ < 8)						\
		printf("#   " fmt "\n", ##__VA_ARGS__);		\
} while (0)

static void check(const char *name, void (*fn)(void))
{
	failures = 0;
	fn();
	checks++;
	if (failures)
		failed_checks++;
	printf("%sok %u %s%s\n", failures ? "not " : "", checks, name,
	       failures ? " # mismatches" : "");
}

/* A copy of @msg at offset @off of a buffer of exactly off + len bytes. */
static u8 *place(const u8 *msg, size_t len, unsigned int off)
{
	u8 *buf = malloc(off + len + !(off + len));

	if (!buf)
		abort();
	memset(buf, 0x5a, off);
	memcpy(buf + off, msg, len);
	return buf;
}

/*
 * Entry point @e of SipHash-2-4 (@key a siphash_key_t) or, with @half,
 * of hsiphash (@key an hsiphash_key_t): 0 the unaligned entry, 1 the
 * siphash()/hsiphash() wrapper, 2 the aligned entry.
 */
static u64 entry(const u8 *p, size_t len, const void *key, bool half, int e)
{
	if (e == 1) {
		shim_zeropad_end = p + len;
		return half ? hsiphash(p, len, key) : siphash(p, len, key);
	}
	return half ? hsip_call(p, len, key, e == 2) :
		      sip_call(p, len, key, e == 2);
}

/* @msg at every offset through every entry point (the aligned one at 0). */
static void all_entries(const u8 *msg, size_t len, const void *key,
			bool half, u64 want, const char *what)
{
	int digits = half ? 8 : 16;
	unsigned int off;
	u64 got;
	u8 *buf;
	int e;

	for (off = 0; off < 8; off++) {
		buf = place(msg, len, off);
		for (e = 0; e < (off ? 2 : 3); e++) {
			got = entry(buf + off, len, key, half, e);
			if (got != want)
				fail("%s len %zu off %u entry %d: %0*llx want %0*llx",
				     what, len, off, e, digits,
				     (unsigned long long)got, digits,
				     (unsigned long long)want);
		}
		free(buf);
	}
}

/* ---- the vectors of the patch series (siphash_vectors.h) -------------- */

static u8 seq[LONG_MSG_MAX];

static void t_series_siphash(void)
{
	size_t len;

	for (len = 0; len < ARRAY_SIZE(test_vectors_siphash); len++) {
		u64 want = test_vectors_siphash[len];

		if (len == 7 && getenv("SIPTEST_INJECT"))
			want ^= 1;
		all_entries(seq, len, &test_key_siphash, false, want, "series");
	}
}

static void t_series_hsiphash(void)
{
	size_t len;

	for (len = 0; len < ARRAY_SIZE(test_vectors_hsiphash); len++)
		all_entries(seq, len, &test_key_hsiphash, true,
			    test_vectors_hsiphash[len], "series");
}

static void t_long(void)
{
	u8 msg[LONG_MSG_MAX];
	size_t i;

	for (i = 0; i < sizeof(msg); i++)
		msg[i] = LONG_MSG_BYTE(i);
	for (i = 0; i < ARRAY_SIZE(long_lens); i++) {
		all_entries(msg, long_lens[i], &test_key_siphash, false,
			    long_vectors[i].siphash, "long siphash");
		all_entries(msg, long_lens[i], &test_key_hsiphash, true,
			    long_vector_hsiphash(i), "long hsiphash");
	}
}

/* Little-endian words of the message 00 01 02 ..., as the helpers take. */
#define W64(i)	(0x0706050403020100ULL + 0x0808080808080808ULL * (i))
#define W32(i)	(0x03020100U + 0x04040404U * (i))

static void t_helpers(void)
{
	const siphash_key_t *k = &test_key_siphash;
	const hsiphash_key_t *h = &test_key_hsiphash;
	const struct { const char *name; u64 got; size_t len; } s[] = {
		{ "siphash_1u64", siphash_1u64(W64(0), k), 8 },
		{ "siphash_2u64", siphash_2u64(W64(0), W64(1), k), 16 },
		{ "siphash_3u64", siphash_3u64(W64(0), W64(1), W64(2), k), 24 },
		{ "siphash_4u64", siphash_4u64(W64(0), W64(1), W64(2), W64(3), k), 32 },
		{ "siphash_1u32", siphash_1u32(W32(0), k), 4 },
		{ "siphash_2u32", siphash_2u32(W32(0), W32(1), k), 8 },
		{ "siphash_3u32", siphash_3u32(W32(0), W32(1), W32(2), k), 12 },
		{ "siphash_4u32", siphash_4u32(W32(0), W32(1), W32(2), W32(3), k), 16 },
		{ "siphash const 4", siphash(seq, 4, k), 4 },
		{ "siphash const 8", siphash(seq, 8, k), 8 },
		{ "siphash const 16", siphash(seq, 16, k), 16 },
		{ "siphash const 24", siphash(seq, 24, k), 24 },
		{ "siphash const 32", siphash(seq, 32, k), 32 },
	};
	const struct { const char *name; u32 got; size_t len; } hs[] = {
		{ "hsiphash_1u32", hsiphash_1u32(W32(0), h), 4 },
		{ "hsiphash_2u32", hsiphash_2u32(W32(0), W32(1), h), 8 },
		{ "hsiphash_3u32", hsiphash_3u32(W32(0), W32(1), W32(2), h), 12 },
		{ "hsiphash_4u32", hsiphash_4u32(W32(0), W32(1), W32(2), W32(3), h), 16 },
		{ "hsiphash const 4", hsiphash(seq, 4, h), 4 },
		{ "hsiphash const 8", hsiphash(seq, 8, h), 8 },
		{ "hsiphash const 12", hsiphash(seq, 12, h), 12 },
		{ "hsiphash const 16", hsiphash(seq, 16, h), 16 },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(s); i++)
		if (s[i].got != test_vectors_siphash[s[i].len])
			fail("%s: %016llx", s[i].name, (unsigned long long)s[i].got);
	for (i = 0; i < ARRAY_SIZE(hs); i++)
		if (hs[i].got != test_vectors_hsiphash[hs[i].len])
			fail("%s: %08x", hs[i].name, hs[i].got);
}

/* ---- the libsodium / OpenSSL / halfsiphash.py tables ------------------- */

/* Every length, or in quick mode every tail up to 300 and a spread. */
static bool take(size_t len)
{
	return !quick || len <= 300 || len % 61 == 0 || len >= REF_MAX - 1;
}

/*
 * Keys as libsodium and OpenSSL read the table's key bytes: little-endian
 * words (a memcpy() would give other keys on a big-endian CPU).
 */
static void ref_key(siphash_key_t *k, int fill, size_t len)
{
	k->key[0] = get_unaligned_le64(ref->key[fill][len]);
	k->key[1] = get_unaligned_le64(ref->key[fill][len] + 8);
}

static void ref_hkey(hsiphash_key_t *k, int fill, size_t len)
{
#if BITS_PER_LONG == 64
	k->key[0] = get_unaligned_le64(ref->key[fill][len]);
	k->key[1] = get_unaligned_le64(ref->key[fill][len] + 8);
#else
	k->key[0] = get_unaligned_le32(ref->key[fill][len]);
	k->key[1] = get_unaligned_le32(ref->key[fill][len] + 4);
#endif
}

/*
 * Every case of the table: SipHash-2-4 against libsodium or, with @half,
 * hsiphash against OpenSSL's SipHash-1-3 (its 64-bit form).
 */
static void ref_cases(bool half)
{
	union {
		siphash_key_t sip;
		hsiphash_key_t hsip;
	} key;
	u8 msg[REF_MAX];
	size_t len;
	int fill;

	for (fill = 0; fill < REF_FILLS; fill++)
		for (len = 0; len <= REF_MAX; len++) {
			if (!take(len))
				continue;
			ref_msg(ref, fill, len, msg);
			if (half)
				ref_hkey(&key.hsip, fill, len);
			else
				ref_key(&key.sip, fill, len);
			all_entries(msg, len, &key, half,
				    half ? (u32)ref->sip13[fill][len] :
					   ref->sip24[fill][len],
				    half ? "OpenSSL" : "libsodium");
		}
}

static void t_libsodium(void)
{
	ref_cases(false);
}

#if BITS_PER_LONG == 64
static void t_openssl(void)
{
	ref_cases(true);
}
#else
static const char *half_path;

static void t_halfsiphash_py(void)
{
	u8 msg[REF_MAX];
	hsiphash_key_t key;
	unsigned int fill, want, n = 0;
	size_t len;
	FILE *f = fopen(half_path, "r");

	if (!f) {
		fail("cannot open %s", half_path);
		return;
	}
	while (fscanf(f, "%u %zu %x", &fill, &len, &want) == 3) {
		if (fill >= REF_FILLS || len > REF_MAX) {
			fail("bad line in %s", half_path);
			break;
		}
		n++;
		if (!take(len))
			continue;
		ref_msg(ref, fill, len, msg);
		ref_hkey(&key, fill, len);
		all_entries(msg, len, &key, true, want, "halfsiphash.py");
	}
	fclose(f);
	if (n < 3 * 1000)
		fail("only %u cases in %s", n, half_path);
}
#endif

/* The fixed-width helpers against the tables, on random words and keys. */
#define SIP_HELPER(len, expr)						\
do {									\
	siphash_key_t k;						\
									\
	ref_key(&k, 2, len);						\
	if ((expr) != ref->sip24[2][len])				\
		fail("%s: want %016llx", #expr,				\
		     (unsigned long long)ref->sip24[2][len]);		\
} while (0)

/* hsiphash helpers against the buffer path (and, on 64-bit, OpenSSL). */
#define HSIP_HELPER(len, expr)						\
do {									\
	hsiphash_key_t k;						\
	u32 want;							\
									\
	ref_hkey(&k, 2, len);						\
	want = hsip_call(ref->rnd, len, &k, false);			\
	if (BITS_PER_LONG == 64 && want != (u32)ref->sip13[2][len])	\
		fail("hsiphash len %d vs OpenSSL", len);		\
	if ((expr) != want)						\
		fail("%s: want %08x", #expr, want);			\
} while (0)

static void t_helpers_ref(void)
{
	u64 w[4];
	u32 v[4];
	int i;

	/* The words the message bytes stand for, little-endian. */
	for (i = 0; i < 4; i++) {
		w[i] = get_unaligned_le64(ref->rnd + 8 * i);
		v[i] = get_unaligned_le32(ref->rnd + 4 * i);
	}
	SIP_HELPER(4, siphash_1u32(v[0], &k));
	SIP_HELPER(8, siphash_1u64(w[0], &k));
	SIP_HELPER(8, siphash_2u32(v[0], v[1], &k));
	SIP_HELPER(12, siphash_3u32(v[0], v[1], v[2], &k));
	SIP_HELPER(16, siphash_2u64(w[0], w[1], &k));
	SIP_HELPER(16, siphash_4u32(v[0], v[1], v[2], v[3], &k));
	SIP_HELPER(24, siphash_3u64(w[0], w[1], w[2], &k));
	SIP_HELPER(32, siphash_4u64(w[0], w[1], w[2], w[3], &k));
	HSIP_HELPER(4, hsiphash_1u32(v[0], &k));
	HSIP_HELPER(8, hsiphash_2u32(v[0], v[1], &k));
	HSIP_HELPER(12, hsiphash_3u32(v[0], v[1], v[2], &k));
	HSIP_HELPER(16, hsiphash_4u32(v[0], v[1], v[2], v[3], &k));
}

/* The table is written little-endian (harness.h): its words in CPU order. */
static void table_to_cpu(struct sip_ref *r)
{
	u64 *sip24 = &r->sip24[0][0], *sip13 = &r->sip13[0][0];
	size_t i;

	r->seed = le64_to_cpu(r->seed);
	for (i = 0; i < REF_FILLS * (REF_MAX + 1); i++) {
		sip24[i] = le64_to_cpu(sip24[i]);
		sip13[i] = le64_to_cpu(sip13[i]);
	}
}

int main(int argc, char **argv)
{
	static struct sip_ref table;
	FILE *f;
	size_t i;

	if (argc < 3) {
		fprintf(stderr, "usage: %s REF_TABLE HALF_TABLE [quick]\n", argv[0]);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f || fread(&table, sizeof(table), 1, f) != 1 ||
	    memcmp(table.magic, REF_MAGIC, sizeof(REF_MAGIC))) {
		fprintf(stderr, "%s: cannot read the reference table\n", argv[1]);
		return 2;
	}
	fclose(f);
	table_to_cpu(&table);
	ref = &table;
	quick = argc > 3 && !strcmp(argv[3], "quick");
	for (i = 0; i < sizeof(seq); i++)
		seq[i] = i;

	printf("# %d-bit %s-endian, %s tail, hsiphash is %s, table seed %#llx%s\n",
	       BITS_PER_LONG,
	       __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? "big" : "little",
#if defined(CONFIG_DCACHE_WORD_ACCESS) && BITS_PER_LONG == 64
	       "word-at-a-time",
#else
	       "byte",
#endif
	       BITS_PER_LONG == 64 ? "SipHash-1-3" : "HalfSipHash-1-3",
	       (unsigned long long)table.seed, quick ? ", quick" : "");
	check("series_siphash_vectors", t_series_siphash);
	check("series_hsiphash_vectors", t_series_hsiphash);
	check("seed_long_messages", t_long);
	check("seed_helpers_and_const_len", t_helpers);
	check("siphash24_vs_libsodium_0_4096", t_libsodium);
#if BITS_PER_LONG == 64
	check("hsiphash_vs_openssl_siphash13_0_4096", t_openssl);
#else
	half_path = argv[2];
	check("hsiphash_vs_halfsiphash_py", t_halfsiphash_py);
#endif
	check("helpers_vs_tables", t_helpers_ref);
	printf("# %u passed, %u failed\n", checks - failed_checks, failed_checks);
	return failed_checks ? 1 : 0;
}
