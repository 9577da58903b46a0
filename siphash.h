/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * The SipHash API of siphash.ko, for other kernel modules.
 *
 * SipHash-2-4 is a keyed 64-bit PRF for short inputs; hsiphash is a weaker
 * 32-bit variant for hash tables only (HalfSipHash-1-3 on 32-bit kernels,
 * SipHash-1-3 truncated to 32 bits on 64-bit kernels). The API is the one of
 * the kernel's <linux/siphash.h> (seed: "[PATCH v3 net-next 0/4] Introduce
 * The SipHash PRF", Linux 4.11): same types, alignment macros, signatures and
 * results, so code written for the kernel API builds unchanged.
 *
 * Since the running kernel already exports these names (lib/siphash.c is
 * built in), this module exports every function under SIPHASH_OOT(name) and
 * the defines below map the kernel spelling onto those symbols, the way Linux
 * backports renames symbols. Include this header, not <linux/siphash.h>, and
 * calls resolve to siphash.ko. The types and SIPHASH_ALIGNMENT come from the
 * kernel's own header, so keys are interchangeable between both.
 *
 * The API keeps no mutable global state: every function reads only its
 * arguments and may run concurrently on any CPU, in any context.
 */
#ifndef SIPHASH_OOT_H
#define SIPHASH_OOT_H

#include <linux/siphash.h>
#include <linux/types.h>

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
#define siphash			SIPHASH_OOT(siphash)
#define __hsiphash_aligned	SIPHASH_OOT(__hsiphash_aligned)
#define __hsiphash_unaligned	SIPHASH_OOT(__hsiphash_unaligned)
#define hsiphash_1u32		SIPHASH_OOT(hsiphash_1u32)
#define hsiphash_2u32		SIPHASH_OOT(hsiphash_2u32)
#define hsiphash_3u32		SIPHASH_OOT(hsiphash_3u32)
#define hsiphash_4u32		SIPHASH_OOT(hsiphash_4u32)
#define hsiphash		SIPHASH_OOT(hsiphash)

/*
 * Little-endian loads from any address for the inline functions below, as
 * get_unaligned_le32/64() do them (a packed struct), so that this header
 * needs no unaligned-access header: that one moved from <asm/unaligned.h>
 * to <linux/unaligned.h> in 6.12, and this header builds unchanged on both.
 */
struct sipmod_unaligned_le32 {
	__le32 v;
} __packed;

struct sipmod_unaligned_le64 {
	__le64 v;
} __packed;

static __always_inline u32 sipmod_load_le32(const void *p)
{
	return le32_to_cpu(((const struct sipmod_unaligned_le32 *)p)->v);
}

static __always_inline u64 sipmod_load_le64(const void *p)
{
	return le64_to_cpu(((const struct sipmod_unaligned_le64 *)p)->v);
}

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
 * siphash - SipHash-2-4 of a buffer
 * @data: the input, any alignment (SIPHASH_ALIGNMENT is fastest on
 *        architectures without efficient unaligned access)
 * @len: length of @data in bytes, any value
 * @key: the 128-bit secret key, from get_random_bytes()
 *
 * The input is read as little-endian 64-bit words, as in the SipHash paper.
 * A length known at compile time of 4, 8, 16, 24 or 32 bytes is folded into
 * the fixed-width helpers. Hash structs only up to offsetofend() of their
 * last member so that no padding byte is hashed.
 *
 * Return: the 64-bit PRF value.
 */
static __always_inline u64 siphash(const void *data, size_t len,
				   const siphash_key_t *key)
{
	const u8 *p = data;

	if (__builtin_constant_p(len)) {
		switch (len) {
		case 4:
			return siphash_1u32(sipmod_load_le32(p), key);
		case 8:
			return siphash_1u64(sipmod_load_le64(p), key);
		case 16:
			return siphash_2u64(sipmod_load_le64(p),
					    sipmod_load_le64(p + 8), key);
		case 24:
			return siphash_3u64(sipmod_load_le64(p),
					    sipmod_load_le64(p + 8),
					    sipmod_load_le64(p + 16), key);
		case 32:
			return siphash_4u64(sipmod_load_le64(p),
					    sipmod_load_le64(p + 8),
					    sipmod_load_le64(p + 16),
					    sipmod_load_le64(p + 24), key);
		}
	}
	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS) ||
	    !IS_ALIGNED((unsigned long)data, SIPHASH_ALIGNMENT))
		return __siphash_unaligned(data, len, key);
	return __siphash_aligned(data, len, key);
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
 * hsiphash - 32-bit hash-table hash of a buffer
 * @data: the input, any alignment (HSIPHASH_ALIGNMENT is fastest on
 *        architectures without efficient unaligned access)
 * @len: length of @data in bytes, any value
 * @key: the secret key, 2 * BITS_PER_LONG bits, from get_random_bytes()
 *
 * HalfSipHash-1-3 on 32-bit kernels, SipHash-1-3 truncated to its low 32
 * bits on 64-bit kernels, so results differ between the two. Only for hash
 * tables whose values never leave the kernel: it is not a secure PRF.
 * A length known at compile time of 4, 8, 12 or 16 bytes is folded into
 * the fixed-width helpers.
 *
 * Return: the 32-bit hash value.
 */
static __always_inline u32 hsiphash(const void *data, size_t len,
				    const hsiphash_key_t *key)
{
	const u8 *p = data;

	if (__builtin_constant_p(len)) {
		switch (len) {
		case 4:
			return hsiphash_1u32(sipmod_load_le32(p), key);
		case 8:
			return hsiphash_2u32(sipmod_load_le32(p),
					     sipmod_load_le32(p + 4), key);
		case 12:
			return hsiphash_3u32(sipmod_load_le32(p),
					     sipmod_load_le32(p + 4),
					     sipmod_load_le32(p + 8), key);
		case 16:
			return hsiphash_4u32(sipmod_load_le32(p),
					     sipmod_load_le32(p + 4),
					     sipmod_load_le32(p + 8),
					     sipmod_load_le32(p + 12), key);
		}
	}
	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS) ||
	    !IS_ALIGNED((unsigned long)data, HSIPHASH_ALIGNMENT))
		return __hsiphash_unaligned(data, len, key);
	return __hsiphash_aligned(data, len, key);
}

#endif /* SIPHASH_OOT_H */
