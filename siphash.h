/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * The SipHash API of siphash.ko, for other kernel modules.
 *
 * SipHash-2-4 is a keyed 64-bit PRF for short inputs; hsiphash is a weaker
 * 32-bit variant for hash tables only (HalfSipHash-1-3 on 32-bit kernels,
 * SipHash-1-3 truncated to 32 bits on 64-bit kernels). The API is the one of
 * the newest kernel's <linux/siphash.h> (which began with the patch series
 * "Introduce The SipHash PRF", Linux 4.11): same types, alignment macros,
 * signatures and results, so code written for the kernel API builds
 * unchanged, on every kernel series.
 *
 * Since the running kernel already exports these names (lib/siphash.c is
 * built in), this module exports every function under SIPHASH_OOT(name) and
 * the defines below map the kernel spelling onto those symbols, the way Linux
 * backports renames symbols. Include this header, not <linux/siphash.h>, and
 * calls resolve to siphash.ko. The types and SIPHASH_ALIGNMENT come from the
 * kernel's own header, so keys are interchangeable between both.
 *
 * This header needs nothing from the build but the kernel's headers: no
 * probe of the tree, so that a module of another project builds with it
 * alone.
 *
 * The API keeps no mutable global state: every function reads only its
 * arguments and may run concurrently on any CPU, in any context.
 */
#ifndef SIPHASH_OOT_H
#define SIPHASH_OOT_H

#include <linux/bitops.h>
#include <linux/siphash.h>
#include <linux/types.h>

#if defined(CONFIG_DCACHE_WORD_ACCESS) && BITS_PER_LONG == 64
#include <linux/dcache.h>
#include <asm/word-at-a-time.h>
#endif

/*
 * What the newest <linux/siphash.h> has and an older series' may lack: the
 * aligned key type, the raw permutations and their initial state. They are
 * macros there, so each is found by testing for it, and spelled here as the
 * kernel spells it where it is missing. The permutation is SipRound of the
 * SipHash paper (J.-P. Aumasson, D. J. Bernstein, INDOCRYPT 2012, section
 * 2.1) on four u64 words, and on four u32 words with HalfSipHash's rotations;
 * the constants are "somepseudorandomlygeneratedbytes" in SipHash's words and
 * HalfSipHash's halves.
 */
#ifndef siphash_aligned_key_t
#define siphash_aligned_key_t siphash_key_t __aligned(16)
#endif

#ifndef SIPHASH_PERMUTATION
#define SIPHASH_PERMUTATION(a, b, c, d) ( \
	(a) += (b), (b) = rol64((b), 13), (b) ^= (a), (a) = rol64((a), 32), \
	(c) += (d), (d) = rol64((d), 16), (d) ^= (c), \
	(a) += (d), (d) = rol64((d), 21), (d) ^= (a), \
	(c) += (b), (b) = rol64((b), 17), (b) ^= (c), (c) = rol64((c), 32))
#endif

#ifndef SIPHASH_CONST_0
#define SIPHASH_CONST_0 0x736f6d6570736575ULL
#define SIPHASH_CONST_1 0x646f72616e646f6dULL
#define SIPHASH_CONST_2 0x6c7967656e657261ULL
#define SIPHASH_CONST_3 0x7465646279746573ULL
#endif

#ifndef HSIPHASH_PERMUTATION
#define HSIPHASH_PERMUTATION(a, b, c, d) ( \
	(a) += (b), (b) = rol32((b), 5), (b) ^= (a), (a) = rol32((a), 16), \
	(c) += (d), (d) = rol32((d), 8), (d) ^= (c), \
	(a) += (d), (d) = rol32((d), 7), (d) ^= (a), \
	(c) += (b), (b) = rol32((b), 13), (b) ^= (c), (c) = rol32((c), 16))
#endif

#ifndef HSIPHASH_CONST_0
#define HSIPHASH_CONST_0 0U
#define HSIPHASH_CONST_1 0U
#define HSIPHASH_CONST_2 0x6c796765U
#define HSIPHASH_CONST_3 0x74656462U
#endif

/* Version of siphash.ko and of the modules built with it. */
#define SIPHASH_OOT_VERSION "0.1.0"

/*
 * The one place that names the prefix of every symbol siphash.ko exports.
 * Only the test's entry_dispatch.c sets another, to count the entries the
 * inline functions below call.
 */
#ifndef SIPHASH_OOT
#define SIPHASH_OOT(sym) sipmod_##sym
#endif

#define __siphash_aligned	SIPHASH_OOT(__siphash_aligned)
#define __siphash_unaligned	SIPHASH_OOT(__siphash_unaligned)
#define siphash_1u64		SIPHASH_OOT(siphash_1u64)
#define siphash_2u64		SIPHASH_OOT(siphash_2u64)
#define siphash_3u64		SIPHASH_OOT(siphash_3u64)
#define siphash_4u64		SIPHASH_OOT(siphash_4u64)
#define siphash_1u32		SIPHASH_OOT(siphash_1u32)
#define siphash_2u32		SIPHASH_OOT(siphash_2u32)
#define siphash_3u32		SIPHASH_OOT(siphash_3u32)
#define siphash_4u32		SIPHASH_OOT(siphash_4u32)
#define ___siphash_aligned	SIPHASH_OOT(___siphash_aligned)
#define siphash			SIPHASH_OOT(siphash)
#define __hsiphash_aligned	SIPHASH_OOT(__hsiphash_aligned)
#define __hsiphash_unaligned	SIPHASH_OOT(__hsiphash_unaligned)
#define hsiphash_1u32		SIPHASH_OOT(hsiphash_1u32)
#define hsiphash_2u32		SIPHASH_OOT(hsiphash_2u32)
#define hsiphash_3u32		SIPHASH_OOT(hsiphash_3u32)
#define hsiphash_4u32		SIPHASH_OOT(hsiphash_4u32)
#define ___hsiphash_aligned	SIPHASH_OOT(___hsiphash_aligned)
#define hsiphash		SIPHASH_OOT(hsiphash)

/*
 * sipmod_tail() - OR the message bytes after its last whole word into the
 * last word @b (u64 for SipHash, u32 for HalfSipHash), for siphash.c and
 * its tests; not part of the API. @p: those bytes, @left (0..7, or 0..3
 * for HalfSipHash) of them, @aligned: @p is as aligned as the message was.
 * They become @b's bytes 0..@left-1, little-endian, as in the tail of
 * lib/siphash.c's functions. With word-at-a-time access (64-bit kernels
 * with CONFIG_DCACHE_WORD_ACCESS) that is one load masked to @left bytes,
 * which may read past the message but never into an unmapped page
 * (load_unaligned_zeropad()); else byte and word loads of the message's
 * bytes alone. It reads its pointer with get_unaligned_le16/32(), which
 * the including file brings (siphash.c, the test modules), and ORs into
 * that file's local b. A macro, as the kernel writes the tail out in each
 * function, so that a compiler lays out each function as it lays out the
 * kernel's.
 */
#if defined(CONFIG_DCACHE_WORD_ACCESS) && BITS_PER_LONG == 64
#define sipmod_tail(p, left, aligned)				\
do {									\
	const u8 *const __p = (const u8 *)(p);				\
	const u8 __left = (left);					\
									\
	(void)(aligned);	/* one load serves every alignment */	\
	if (__left)							\
		b |= le64_to_cpu((__force __le64)(load_unaligned_zeropad(__p) & \
						    bytemask_from_count(__left))); \
} while (0)
#else
#define sipmod_tail(p, left, aligned)				\
do {									\
	const u8 *const __p = (const u8 *)(p);				\
	const bool __aligned = (aligned);				\
									\
	switch (left) {							\
	case 7:								\
		b |= ((u64)__p[6]) << 48;				\
		fallthrough;						\
	case 6:								\
		b |= ((u64)__p[5]) << 40;				\
		fallthrough;						\
	case 5:								\
		b |= ((u64)__p[4]) << 32;				\
		fallthrough;						\
	case 4:								\
		b |= __aligned ? le32_to_cpup((const __le32 *)__p) :	\
				 get_unaligned_le32(__p);		\
		break;							\
	case 3:								\
		b |= ((__typeof__(b))__p[2]) << 16;		\
		fallthrough;						\
	case 2:								\
		b |= __aligned ? le16_to_cpup((const __le16 *)__p) :	\
				 get_unaligned_le16(__p);		\
		break;							\
	case 1:								\
		b |= __p[0];						\
	}								\
} while (0)
#endif

u64 __siphash_aligned(const void *data, size_t len, const siphash_key_t *key);
u64 __siphash_unaligned(const void *data, size_t len,
			const siphash_key_t *key);

u64 siphash_1u64(const u64 first, const siphash_key_t *key);
u64 siphash_2u64(const u64 first, const u64 second, const siphash_key_t *key);
u64 siphash_3u64(const u64 first, const u64 second, const u64 third,
		 const siphash_key_t *key);
u64 siphash_4u64(const u64 first, const u64 second, const u64 third,
		 const u64 forth, const siphash_key_t *key);
u64 siphash_1u32(const u32 first, const siphash_key_t *key);
u64 siphash_3u32(const u32 first, const u32 second, const u32 third,
		 const siphash_key_t *key);

/**
 * siphash_2u32 - SipHash-2-4 of two u32 values
 * @first: bytes 0..3 of the input, as a CPU-order integer
 * @second: bytes 4..7 of the input
 * @key: the 128-bit secret key
 *
 * Equal to siphash() of the 8 bytes cpu_to_le32(@first), cpu_to_le32(@second).
 *
 * Return: the 64-bit PRF value.
 */
static inline u64 siphash_2u32(const u32 first, const u32 second,
			       const siphash_key_t *key)
{
	return siphash_1u64((u64)second << 32 | first, key);
}

/**
 * siphash_4u32 - SipHash-2-4 of four u32 values
 * @first: bytes 0..3 of the input, as a CPU-order integer
 * @second: bytes 4..7 of the input
 * @third: bytes 8..11 of the input
 * @forth: bytes 12..15 of the input
 * @key: the 128-bit secret key
 *
 * Equal to siphash() of the 16 little-endian bytes of the four values.
 *
 * Return: the 64-bit PRF value.
 */
static inline u64 siphash_4u32(const u32 first, const u32 second,
			       const u32 third, const u32 forth,
			       const siphash_key_t *key)
{
	return siphash_2u64((u64)second << 32 | first,
			    (u64)forth << 32 | third, key);
}

/**
 * ___siphash_aligned - SipHash-2-4 of an aligned buffer
 * @data: the input, SIPHASH_ALIGNMENT aligned
 * @len: length of @data in bytes, any value
 * @key: the 128-bit secret key
 *
 * siphash() once it found @data aligned: a length known at compile time of
 * 4, 8, 16, 24 or 32 bytes is folded into the fixed-width helpers, any
 * other goes to __siphash_aligned() of siphash.ko (which, unlike the
 * kernel's, exists on every architecture).
 *
 * Return: the 64-bit PRF value.
 */
static __always_inline u64 ___siphash_aligned(const __le64 *data, size_t len,
					      const siphash_key_t *key)
{
	if (__builtin_constant_p(len)) {
		switch (len) {
		case 4:
			return siphash_1u32(le32_to_cpup((const __le32 *)data),
					    key);
		case 8:
			return siphash_1u64(le64_to_cpu(data[0]), key);
		case 16:
			return siphash_2u64(le64_to_cpu(data[0]),
					    le64_to_cpu(data[1]), key);
		case 24:
			return siphash_3u64(le64_to_cpu(data[0]),
					    le64_to_cpu(data[1]),
					    le64_to_cpu(data[2]), key);
		case 32:
			return siphash_4u64(le64_to_cpu(data[0]),
					    le64_to_cpu(data[1]),
					    le64_to_cpu(data[2]),
					    le64_to_cpu(data[3]), key);
		}
	}
	return __siphash_aligned(data, len, key);
}

/**
 * siphash - SipHash-2-4 of a buffer
 * @data: the input, any alignment (SIPHASH_ALIGNMENT is fastest on
 *        architectures without efficient unaligned access)
 * @len: length of @data in bytes, any value
 * @key: the 128-bit secret key, from get_random_bytes()
 *
 * The input is read as little-endian 64-bit words, as in the SipHash paper.
 * Hash structs only up to offsetofend() of their last member so that no
 * padding byte is hashed.
 *
 * Return: the 64-bit PRF value.
 */
static __always_inline u64 siphash(const void *data, size_t len,
				   const siphash_key_t *key)
{
	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS) ||
	    !IS_ALIGNED((unsigned long)data, SIPHASH_ALIGNMENT))
		return __siphash_unaligned(data, len, key);
	return ___siphash_aligned(data, len, key);
}

u32 __hsiphash_aligned(const void *data, size_t len,
		       const hsiphash_key_t *key);
u32 __hsiphash_unaligned(const void *data, size_t len,
			 const hsiphash_key_t *key);

u32 hsiphash_1u32(const u32 first, const hsiphash_key_t *key);
u32 hsiphash_2u32(const u32 first, const u32 second,
		  const hsiphash_key_t *key);
u32 hsiphash_3u32(const u32 first, const u32 second, const u32 third,
		  const hsiphash_key_t *key);
u32 hsiphash_4u32(const u32 first, const u32 second, const u32 third,
		  const u32 forth, const hsiphash_key_t *key);

/**
 * ___hsiphash_aligned - hsiphash of an aligned buffer
 * @data: the input, HSIPHASH_ALIGNMENT aligned
 * @len: length of @data in bytes, any value
 * @key: the hsiphash key
 *
 * hsiphash() once it found @data aligned: a length known at compile time
 * of 4, 8, 12 or 16 bytes is folded into the fixed-width helpers, any
 * other goes to __hsiphash_aligned() of siphash.ko (which, unlike the
 * kernel's, exists on every architecture).
 *
 * Return: the 32-bit hash value.
 */
static __always_inline u32 ___hsiphash_aligned(const __le32 *data, size_t len,
					       const hsiphash_key_t *key)
{
	if (__builtin_constant_p(len)) {
		switch (len) {
		case 4:
			return hsiphash_1u32(le32_to_cpu(data[0]), key);
		case 8:
			return hsiphash_2u32(le32_to_cpu(data[0]),
					     le32_to_cpu(data[1]), key);
		case 12:
			return hsiphash_3u32(le32_to_cpu(data[0]),
					     le32_to_cpu(data[1]),
					     le32_to_cpu(data[2]), key);
		case 16:
			return hsiphash_4u32(le32_to_cpu(data[0]),
					     le32_to_cpu(data[1]),
					     le32_to_cpu(data[2]),
					     le32_to_cpu(data[3]), key);
		}
	}
	return __hsiphash_aligned(data, len, key);
}

/**
 * hsiphash - 32-bit hash-table hash of a buffer
 * @data: the input, any alignment (HSIPHASH_ALIGNMENT is fastest on
 *        architectures without efficient unaligned access)
 * @len: length of @data in bytes, any value
 * @key: the secret key, 2 * BITS_PER_LONG bits, from get_random_bytes()
 *
 * HalfSipHash-1-3 on 32-bit kernels, SipHash-1-3 truncated to its low 32
 * bits on 64-bit kernels, so results differ between the two. Only for hash
 * tables whose values never leave the kernel: it is not a secure PRF.
 *
 * Return: the 32-bit hash value.
 */
static __always_inline u32 hsiphash(const void *data, size_t len,
				    const hsiphash_key_t *key)
{
	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS) ||
	    !IS_ALIGNED((unsigned long)data, HSIPHASH_ALIGNMENT))
		return __hsiphash_unaligned(data, len, key);
	return ___hsiphash_aligned(data, len, key);
}

#endif /* SIPHASH_OOT_H */
