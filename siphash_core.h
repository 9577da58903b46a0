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
 * is exported or has state: macros that work on four local words v0..v3
 * the caller declares, all u64 or all u32, keyed by SIP_KEY() (or loaded
 * by the caller from a prepared state), and two __always_inline functions
 * for whole buffers.
 *
 * Code generation: every choice below that is not the plain reading of the
 * paper is here with what it is worth, ours against the kernel's own
 * lib/siphash.c, in instructions per call (gcc-12; make check's icount
 * gate allows 1.02 at any point and a median of 1.00):
 * - the round (SIP_ROUND()): rotations written out rather than rol64()/
 *   rol32() (gcc-12 inlines those only after the round, then orders the
 *   XOR's operands as if the rotation came last), the v2/v3 half first for
 *   words in a register, each rotation before the addition for u64 in
 *   register pairs (32-bit). In the paper's order with rol64(),
 *   hsiphash_3u32 took 105 against the kernel's 102 on x86_64-6.1 (1.029,
 *   over the gate), 104 with this order (which costs hsiphash() of a
 *   buffer there 5 at every length, 97 against 92 at 0 bytes, still at
 *   most the kernel's);
 * - hsiphash on 64-bit truncated inside SIP_FINAL() (@out32), so the last
 *   XORs are 32-bit: hsiphash_4u32 113 -> 112 [kernel 109], hsiphash()
 *   2 fewer at every length (x86_64, commit 8d3c588);
 * - the state in locals, not a struct: on i386 56 instead of 68 stack
 *   accesses per 8-byte block of SipHash-2-4, 5-10% (commit 31ffc99);
 * - sip_hash() takes the tail length from @len before keying the state:
 *   armhf 337 instructions in __siphash_*() against 339 (objdump), x86_64
 *   one more in __hsiphash_*() (114 against 113), the only choice that
 *   costs somewhere; armhf's ours/kernel median is at the gate's 1.00.
 * The tail's aligned loads (SIP_TAIL()) and its u32 word for HalfSipHash
 * are what lib/siphash.c does, not choices: 1 to 3 instructions per tail
 * on MIPS, 1 to 8 on i386 and armhf, more without them.
 */
#ifndef SIPHASH_CORE_H
#define SIPHASH_CORE_H

#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/types.h>

#include "siphash_compat_lib.h"

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
 * SIP_KEY() - key the caller's v0..v3, all u64 (SipHash) or all u32
 * (HalfSipHash with a 32-bit output), with @k0, @k1 as lib/siphash.c does.
 */
#define SIP_INIT(type, i)						\
	((type)(sizeof(type) == sizeof(u64) ? SIP_INIT##i##_64 : SIP_INIT##i##_32))

#define SIP_KEY(k0, k1)							\
do {									\
	const __typeof__(v0) __k1 = (k1), __k0 = (k0);			\
									\
	v3 = SIP_INIT(__typeof__(v0), 3) ^ __k1;			\
	v2 = SIP_INIT(__typeof__(v0), 2) ^ __k0;			\
	v1 = SIP_INIT(__typeof__(v0), 1) ^ __k1;			\
	v0 = SIP_INIT(__typeof__(v0), 0) ^ __k0;			\
} while (0)

/*
 * One round of the paper's ARX network (section 2.1) on v0..v3 with
 * rotations @a, @b, @c, @d, words of any width. Its v0/v1 and v2/v3 halves
 * meet only at v2 += v1 and v0 += v3, so the order of its steps is free;
 * the one chosen is justified at the top of this file.
 */
#define SIP_ROTL(x, n)							\
({									\
	const __typeof__(x) __x = (x);					\
	const unsigned int __n = (n);					\
									\
	__x << __n | __x >> (8 * sizeof(__x) - __n);			\
})
#define SIP_SWAP(x)	SIP_ROTL(x, 4 * sizeof(x))

#define SIP_ARX(a, b, c, d)						\
do {									\
	v2 += v3; v3 = SIP_ROTL(v3, b); v3 ^= v2;			\
	v0 += v1; v1 = SIP_ROTL(v1, a); v1 ^= v0; v0 = SIP_SWAP(v0);	\
	v2 += v1; v1 = SIP_ROTL(v1, d); v1 ^= v2; v2 = SIP_SWAP(v2);	\
	v0 += v3; v3 = SIP_ROTL(v3, c); v3 ^= v0;			\
} while (0)

#define SIP_ARX_PAIRS(a, b, c, d)					\
do {									\
	__typeof__(v0) __r;						\
									\
	__r = SIP_ROTL(v1, a); v0 += v1; v1 = __r ^ v0; v0 = SIP_SWAP(v0); \
	__r = SIP_ROTL(v3, b); v2 += v3; v3 = __r ^ v2;			\
	__r = SIP_ROTL(v3, c); v0 += v3; v3 = __r ^ v0;			\
	__r = SIP_ROTL(v1, d); v2 += v1; v1 = __r ^ v2; v2 = SIP_SWAP(v2); \
} while (0)

/* SipRound on u64 words, the HalfSipHash round on u32 words. */
#define SIP_ROUND()							\
do {									\
	if (sizeof(v0) == sizeof(u32))					\
		SIP_ARX(5, 8, 7, 13);					\
	else if (BITS_PER_LONG == 64)					\
		SIP_ARX(13, 16, 21, 17);				\
	else								\
		SIP_ARX_PAIRS(13, 16, 21, 17);				\
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
	__typeof__(b) *const __b = &(b);				\
	const size_t __left = (left);					\
									\
	(void)(aligned);	/* one load serves every alignment */	\
	if (__left)							\
		*__b |= le64_to_cpu((__force __le64)(load_unaligned_zeropad(p) & \
						      bytemask_from_count(__left))); \
} while (0)
#else
#define SIP_TAIL(b, p, left, aligned)					\
do {									\
	__typeof__(b) *const __b = &(b);				\
	const u8 *const __p = (p);					\
	const bool __aligned = (aligned);				\
									\
	switch (left) {							\
	case 7:								\
		*__b |= (u64)__p[6] << 48;				\
		fallthrough;						\
	case 6:								\
		*__b |= (u64)__p[5] << 40;				\
		fallthrough;						\
	case 5:								\
		*__b |= (u64)__p[4] << 32;				\
		fallthrough;						\
	case 4:								\
		*__b |= __aligned ? le32_to_cpup((const __le32 *)__p) :	\
				   get_unaligned_le32(__p);		\
		break;							\
	case 3:								\
		*__b |= (u32)__p[2] << 16;				\
		fallthrough;						\
	case 2:								\
		*__b |= __aligned ? le16_to_cpup((const __le16 *)__p) :	\
				   get_unaligned_le16(__p);		\
		break;							\
	case 1:								\
		*__b |= __p[0];						\
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
	const size_t left = len & 7;
	u64 v0, v1, v2, v3, m, b = (u64)len << 56;

	SIP_KEY(k0, k1);

	for (; data != end; data += 8) {
		m = aligned ? le64_to_cpup((const __le64 *)data) :
			      get_unaligned_le64(data);
		SIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, left, aligned);
	return SIP_FINAL(b, c, d, out32);
}

/* hsip_hash() - HalfSipHash-@c-@d, 32-bit words and output, likewise. */
static __always_inline u32 hsip_hash(const u8 *data, size_t len, u32 k0, u32 k1,
				     int c, int d, bool aligned)
{
	const u8 *end = data + (len & ~(size_t)3);
	u32 v0, v1, v2, v3, m, b = (u32)len << 24;

	SIP_KEY(k0, k1);

	for (; data != end; data += 4) {
		m = aligned ? le32_to_cpup((const __le32 *)data) :
			      get_unaligned_le32(data);
		SIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, len & 3, aligned);
	return SIP_FINAL(b, c, d, false);
}

#endif /* SIPHASH_CORE_H */
