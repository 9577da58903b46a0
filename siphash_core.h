/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * The SipHash algorithm, once: the state, the round, the message words, the
 * tail and the finalisation of SipHash-c-d (u64 words, J.-P. Aumasson and
 * D. J. Bernstein, "SipHash: a fast short-input PRF", INDOCRYPT 2012) and
 * of HalfSipHash-c-d (u32 words, the same authors' reference code), with the
 * round counts c and d as constant arguments.
 *
 * siphash.c builds the exported functions from it; the test module builds
 * SipHash-1-3 and HalfSipHash-1-3 from it for its comparisons. Nothing here
 * is exported or has state: macros that work on four local words v0..v3 of
 * the caller, declared and keyed by SIP_STATE() (or loaded by the caller
 * from a prepared state: any four locals of those names and one type), and
 * two __always_inline functions for whole buffers.
 *
 * Code generation. The words are locals, not a struct: on i386, where the
 * eight 32-bit halves of SipHash's state do not fit in six registers, gcc
 * spills less of them (56 instead of 68 stack accesses per 8-byte block,
 * objdump) and the block loop ran 5-10% faster.
 */
#ifndef SIPHASH_CORE_H
#define SIPHASH_CORE_H

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/types.h>

#include "siphash_compat.h"

#if defined(CONFIG_DCACHE_WORD_ACCESS) && BITS_PER_LONG == 64
#include <linux/dcache.h>	/* bytemask_from_count() */
#include <asm/word-at-a-time.h>
#define SIP_WORD_AT_A_TIME_TAIL
#endif

/* "somepseudorandomlygeneratedbytes": SipHash's, and HalfSipHash's halves. */
#define SIP_INIT0_64	0x736f6d6570736575ULL
#define SIP_INIT1_64	0x646f72616e646f6dULL
#define SIP_INIT2_64	0x6c7967656e657261ULL
#define SIP_INIT3_64	0x7465646279746573ULL
#define SIP_INIT0_32	0U
#define SIP_INIT1_32	0U
#define SIP_INIT2_32	0x6c796765U
#define SIP_INIT3_32	0x74656462U

/*
 * SIP_STATE() - declare v0..v3 as u@w (64: SipHash, 32: HalfSipHash with a
 * 32-bit output) and key them with @k0, @k1, as lib/siphash.c does.
 */
#define SIP_STATE(w, k0, k1)						\
	const u##w __k1 = (k1), __k0 = (k0);				\
	u##w v3 = SIP_INIT3_##w ^ __k1;					\
	u##w v2 = SIP_INIT2_##w ^ __k0;					\
	u##w v1 = SIP_INIT1_##w ^ __k1;					\
	u##w v0 = SIP_INIT0_##w ^ __k0

/*
 * One round of the paper's ARX network (section 2.1) with rotations @a,
 * @b, @c, @d, in the paper's order, on words of any width.
 */
#define SIP_ARX(a, b, c, d)						\
do {									\
	v0 += v1; v1 = SIP_ROTL(v1, a); v1 ^= v0; v0 = SIP_SWAP(v0);	\
	v2 += v3; v3 = SIP_ROTL(v3, b); v3 ^= v2;			\
	v0 += v3; v3 = SIP_ROTL(v3, c); v3 ^= v0;			\
	v2 += v1; v1 = SIP_ROTL(v1, d); v1 ^= v2; v2 = SIP_SWAP(v2);	\
} while (0)

#define SIP_ROTL(x, n)							\
	(sizeof(x) == sizeof(u64) ? rol64(x, n) : rol32(x, n))
#define SIP_SWAP(x)	SIP_ROTL(x, 4 * sizeof(x))

/* SipRound on u64 words, the HalfSipHash round on u32 words. */
#define SIP_ROUND()							\
do {									\
	if (sizeof(v0) == sizeof(u64))					\
		SIP_ARX(13, 16, 21, 17);				\
	else								\
		SIP_ARX(5, 8, 7, 13);					\
} while (0)

/* @n (1..4, a constant) rounds. */
#define SIP_ROUNDS(n)							\
do {									\
	const int __n = (n);						\
									\
	SIP_ROUND();							\
	if (__n > 1)							\
		SIP_ROUND();						\
	if (__n > 2)							\
		SIP_ROUND();						\
	if (__n > 3)							\
		SIP_ROUND();						\
} while (0)

/* Absorb the message word @m with @c rounds: the compression of c-d. */
#define SIP_ABSORB(m, c)						\
do {									\
	const __typeof__(v0) __m = (m);					\
									\
	v3 ^= __m;							\
	SIP_ROUNDS(c);							\
	v0 ^= __m;							\
} while (0)

/*
 * Absorb the last word @b (the length in its top byte, the tail below),
 * finalise with @d rounds and evaluate to the output: 64 bits of SipHash,
 * truncated to 32 if @out32 (hsiphash on 64-bit kernels), or HalfSipHash's
 * 32 bits.
 */
#define SIP_FINAL(b, c, d, out32)					\
({									\
	SIP_ABSORB(b, c);						\
	v2 ^= 0xff;							\
	SIP_ROUNDS(d);							\
	sizeof(v0) == sizeof(u32) ? v1 ^ v3 :				\
	(out32) ? (u32)((v0 ^ v1) ^ (v2 ^ v3)) : (v0 ^ v1) ^ (v2 ^ v3);	\
})

/*
 * OR the last @left bytes at @p into @b, little-endian. @aligned: @p is
 * as aligned as the buffer, which it ends by whole words. With word-at-a-
 * time access the bytes are one load that may run past the end of the
 * buffer but never into the next page (load_unaligned_zeropad), masked to
 * @left bytes.
 */
#ifdef SIP_WORD_AT_A_TIME_TAIL
#define SIP_TAIL(b, p, left, aligned)					\
do {									\
	const size_t __left = (left);					\
									\
	(void)(aligned);	/* one load serves every alignment */	\
	if (__left)							\
		(b) |= le64_to_cpu((__force __le64)(load_unaligned_zeropad(p) & \
						    bytemask_from_count(__left))); \
} while (0)
#else
#define SIP_TAIL(b, p, left, aligned)					\
do {									\
	const u8 *const __p = (p);					\
	const bool __aligned = (aligned);				\
									\
	switch (left) {							\
	case 7:								\
		(b) |= (u64)__p[6] << 48;				\
		fallthrough;						\
	case 6:								\
		(b) |= (u64)__p[5] << 40;				\
		fallthrough;						\
	case 5:								\
		(b) |= (u64)__p[4] << 32;				\
		fallthrough;						\
	case 4:								\
		(b) |= __aligned ? le32_to_cpup((const __le32 *)__p) :	\
				   get_unaligned_le32(__p);		\
		break;							\
	case 3:								\
		(b) |= (u32)__p[2] << 16;				\
		fallthrough;						\
	case 2:								\
		(b) |= __aligned ? le16_to_cpup((const __le16 *)__p) :	\
				   get_unaligned_le16(__p);		\
		break;							\
	case 1:								\
		(b) |= __p[0];						\
	}								\
} while (0)
#endif

/*
 * sip_hash() - SipHash-@c-@d of @len bytes at @data with key @k0, @k1;
 * @aligned: @data is SIPHASH_ALIGNMENT aligned; @out32: see SIP_FINAL().
 */
static __always_inline u64 sip_hash(const u8 *data, size_t len, u64 k0, u64 k1,
				    int c, int d, bool aligned, bool out32)
{
	const u8 *end = data + (len & ~(size_t)7);
	u64 m, b = (u64)len << 56;

	SIP_STATE(64, k0, k1);

	for (; data != end; data += 8) {
		m = aligned ? le64_to_cpup((const __le64 *)data) :
			      get_unaligned_le64(data);
		SIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, len & 7, aligned);
	return SIP_FINAL(b, c, d, out32);
}

/* hsip_hash() - HalfSipHash-@c-@d, 32-bit words and output, likewise. */
static __always_inline u32 hsip_hash(const u8 *data, size_t len, u32 k0, u32 k1,
				     int c, int d, bool aligned)
{
	const u8 *end = data + (len & ~(size_t)3);
	u32 m, b = (u32)len << 24;

	SIP_STATE(32, k0, k1);

	for (; data != end; data += 4) {
		m = aligned ? le32_to_cpup((const __le32 *)data) :
			      get_unaligned_le32(data);
		SIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, len & 3, aligned);
	return SIP_FINAL(b, c, d, false);
}

#endif /* SIPHASH_CORE_H */
