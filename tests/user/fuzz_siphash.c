// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_siphash.c - libFuzzer differential target. The input's first 16
 * bytes are the key, the rest the message. siphash.c is linked twice, with
 * the word-at-a-time tail (sipmod_*) and the byte tail (byte_sipmod_*), and
 * both must agree with libsodium (SipHash-2-4) and OpenSSL (SipHash-1-3,
 * the 64-bit hsiphash) through the unaligned entry on the fuzzer's own
 * buffer, and through both entries on an exact-size copy at offset
 * key[0] % 8 (offset 0: the aligned entry). Any mismatch aborts.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "refimpl.h"

__thread const unsigned char *shim_zeropad_end;

u64 byte_sipmod___siphash_aligned(const void *, size_t, const siphash_key_t *);
u64 byte_sipmod___siphash_unaligned(const void *, size_t, const siphash_key_t *);
u32 byte_sipmod___hsiphash_aligned(const void *, size_t, const hsiphash_key_t *);
u32 byte_sipmod___hsiphash_unaligned(const void *, size_t, const hsiphash_key_t *);

/* The two tails of siphash.c, each entry indexed by "aligned". */
static const struct tail {
	u64 (*sip[2])(const void *, size_t, const siphash_key_t *);
	u32 (*hsip[2])(const void *, size_t, const hsiphash_key_t *);
	const char *name;
} tails[] = {
	{ { __siphash_unaligned, __siphash_aligned },
	  { __hsiphash_unaligned, __hsiphash_aligned },
	  "word-at-a-time" },
	{ { byte_sipmod___siphash_unaligned, byte_sipmod___siphash_aligned },
	  { byte_sipmod___hsiphash_unaligned, byte_sipmod___hsiphash_aligned },
	  "byte tail" },
};

static void mismatch(const char *fn, const char *tail, size_t len,
		     unsigned int off, u64 got, u64 want)
{
	fprintf(stderr, "MISMATCH %s %s len %zu off %u: %016llx want %016llx\n",
		fn, tail, len, off, (unsigned long long)got,
		(unsigned long long)want);
	abort();
}

static void check(const u8 *p, size_t len, unsigned int off, bool aligned,
		  const siphash_key_t *k, u64 want24, u32 want13)
{
	const hsiphash_key_t *hk = (const hsiphash_key_t *)k;
	const struct tail *t;
	u64 got;

	shim_zeropad_end = p + len;
	for (t = tails; t < tails + ARRAY_SIZE(tails); t++) {
		got = t->sip[aligned](p, len, k);
		if (got != want24)
			mismatch("siphash", t->name, len, off, got, want24);
		got = t->hsip[aligned](p, len, hk);
		if (got != want13)
			mismatch("hsiphash", t->name, len, off, got, want13);
	}
}

int LLVMFuzzerTestOneInput(const u8 *data, size_t size)
{
	const u8 *msg = data + 16;
	size_t len = size - 16;
	siphash_key_t key;
	unsigned int off;
	u64 want24;
	u32 want13;
	u8 *copy;

	if (size < 16)
		return 0;
	memcpy(&key, data, sizeof(key));
	want24 = siphash24_sodium(data, msg, len);
	want13 = siphash13_openssl(data, msg, len);

	check(msg, len, 0, false, &key, want24, want13);
	off = data[0] % 8;
	/* Exact size, so that ASan sees any read past the end. */
	copy = malloc(off + len ? off + len : 1);
	if (!copy)
		abort();
	memcpy(copy + off, msg, len);
	check(copy + off, len, off, false, &key, want24, want13);
	if (!off)
		check(copy, len, 0, true, &key, want24, want13);
	free(copy);
	return 0;
}
