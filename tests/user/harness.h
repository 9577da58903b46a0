/* SPDX-License-Identifier: GPL-2.0 */
/*
 * harness.h - what the user-space programs share: calls into siphash.c
 * (built from the module's own source against include/ shims) and the
 * reference table that refgen.c writes from libsodium and OpenSSL.
 */
#ifndef SIPHASH_USER_HARNESS_H
#define SIPHASH_USER_HARNESS_H

#include <linux/kernel.h>
#include "../../siphash.h"

/* Where load_unaligned_zeropad() must stop: see asm/word-at-a-time.h. */
extern __thread const unsigned char *shim_zeropad_end;

static inline u64 sip_call(const void *p, size_t len, const siphash_key_t *k,
			   bool aligned)
{
	shim_zeropad_end = (const u8 *)p + len;
	return aligned ? __siphash_aligned(p, len, k) :
			 __siphash_unaligned(p, len, k);
}

static inline u32 hsip_call(const void *p, size_t len,
			    const hsiphash_key_t *k, bool aligned)
{
	shim_zeropad_end = (const u8 *)p + len;
	return aligned ? __hsiphash_aligned(p, len, k) :
			 __hsiphash_unaligned(p, len, k);
}

/*
 * The reference table, a raw little-endian file with the same layout on
 * both widths (every field is at a multiple of 8; a big-endian reader
 * converts the words, test_user.c's table_to_cpu()). Fills: 0 all 0x00,
 * 1 all 0xff, 2 the first len bytes of rnd. key[f][len] is the random key
 * of that case: 16 bytes for SipHash, its first 8 for HalfSipHash.
 */
#define REF_MAGIC	"SIPREF1"
#define REF_MAX		4096
#define REF_FILLS	3

struct sip_ref {
	char magic[8];
	u64 seed;
	u8 rnd[REF_MAX];
	u8 key[REF_FILLS][REF_MAX + 1][16];
	u64 sip24[REF_FILLS][REF_MAX + 1];	/* libsodium */
	u64 sip13[REF_FILLS][REF_MAX + 1];	/* OpenSSL c=1 d=3 */
};

static inline void ref_msg(const struct sip_ref *r, int fill, size_t len,
			   u8 *dst)
{
	if (fill == 2)
		memcpy(dst, r->rnd, len);
	else
		memset(dst, fill ? 0xff : 0x00, len);
}

#endif
