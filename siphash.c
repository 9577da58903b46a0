// SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause)
/*
 * SipHash-2-4 and hsiphash as a module: the API of the kernel's
 * <linux/siphash.h>, exported under the sipmod_ prefix (see siphash.h).
 * The code is the kernel's own SipHash (lib/ of the kernel tree, which came
 * with the patch series "Introduce The SipHash PRF"), function for function
 * and statement for statement, so that any compiler builds both alike:
 * SipHash-2-4 as a secure PRF, and hsiphash for hash tables only, which is
 * SipHash-1-3 truncated to 32 bits on 64-bit kernels and HalfSipHash-1-3 on
 * 32-bit ones.
 *
 * The round and the initial state are <linux/siphash.h>'s permutations and
 * constants (siphash.h spells them where a series lacks them), the bytes
 * after the last whole word are sipmod_tail() of siphash.h; PREAMBLE keys
 * the state and POSTAMBLE finalises it, as the kernel names them.
 */
#include <linux/kernel.h>
#include <linux/module.h>

#include "siphash.h"

#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#define SIPROUND SIPHASH_PERMUTATION(v0, v1, v2, v3)

/*
 * The state v0..v3 keyed with @key, and b, the last word, with @len in its
 * top byte: declarations, then statements, in the kernel's order.
 */
#define PREAMBLE(len)							\
	u64 v0 = SIPHASH_CONST_0;					\
	u64 v1 = SIPHASH_CONST_1;					\
	u64 v2 = SIPHASH_CONST_2;					\
	u64 v3 = SIPHASH_CONST_3;					\
	u64 b = ((u64)(len)) << 56;					\
	v3 ^= key->key[1];						\
	v2 ^= key->key[0];						\
	v1 ^= key->key[1];						\
	v0 ^= key->key[0]

/* One message word of SipHash-2-4: two rounds. */
#define COMPRESS(word)							\
do {									\
	const u64 __m = (word);						\
									\
	v3 ^= __m;							\
	SIPROUND;							\
	SIPROUND;							\
	v0 ^= __m;							\
} while (0)

/* The last word, four rounds, and the 64-bit result. */
#define POSTAMBLE							\
({									\
	COMPRESS(b);							\
	v2 ^= 0xff;							\
	SIPROUND;							\
	SIPROUND;							\
	SIPROUND;							\
	SIPROUND;							\
	(v0 ^ v1) ^ (v2 ^ v3);						\
})

/**
 * __siphash_aligned - SipHash-2-4 of an aligned buffer
 * @data: input, aligned to SIPHASH_ALIGNMENT (8 bytes on 64-bit kernels)
 * @len: length of @data in bytes
 * @key: the 128-bit key, two u64 in CPU order (key->key[0] is k0)
 *
 * Reads @data as little-endian 64-bit words, then the last @len % 8 bytes
 * and the low byte of @len (SipHash paper, section 2), as the kernel does.
 * Use siphash(), which picks this or __siphash_unaligned(). Unlike the
 * kernel's, exported on every architecture: where unaligned access is
 * efficient (and the kernel builds no aligned entry), it is the unaligned
 * one.
 *
 * Return: the 64-bit PRF value.
 */
u64 __siphash_aligned(const void *data, size_t len, const siphash_key_t *key)
{
	const u8 *end = data + len - (len % sizeof(u64));
	const u8 left = len & (sizeof(u64) - 1);

	PREAMBLE(len);

	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS))
		return __siphash_unaligned(data, len, key);
	for (; data != end; data += sizeof(u64))
		COMPRESS(le64_to_cpup(data));
	sipmod_tail(end, left, true);
	return POSTAMBLE;
}
EXPORT_SYMBOL(__siphash_aligned);

/**
 * __siphash_unaligned - SipHash-2-4 of a buffer at any address
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the 128-bit key, two u64 in CPU order (key->key[0] is k0)
 *
 * Same result as __siphash_aligned(), reading with unaligned loads.
 *
 * Return: the 64-bit PRF value.
 */
u64 __siphash_unaligned(const void *data, size_t len, const siphash_key_t *key)
{
	const u8 *end = data + len - (len % sizeof(u64));
	const u8 left = len & (sizeof(u64) - 1);

	PREAMBLE(len);

	for (; data != end; data += sizeof(u64))
		COMPRESS(get_unaligned_le64(data));
	sipmod_tail(end, left, false);
	return POSTAMBLE;
}
EXPORT_SYMBOL(__siphash_unaligned);

/**
 * siphash_1u64 - SipHash-2-4 of one u64
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 * @key: the 128-bit key
 *
 * Equal to siphash() of the 8 bytes cpu_to_le64(@first).
 *
 * Return: the 64-bit PRF value.
 */
u64 siphash_1u64(const u64 first, const siphash_key_t *key)
{
	PREAMBLE(8);

	COMPRESS(first);
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_1u64);

/**
 * siphash_2u64 - SipHash-2-4 of two u64
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 8..15
 * @key: the 128-bit key
 *
 * Return: the 64-bit PRF value of the 16 input bytes.
 */
u64 siphash_2u64(const u64 first, const u64 second, const siphash_key_t *key)
{
	PREAMBLE(16);

	COMPRESS(first);
	COMPRESS(second);
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_2u64);

/**
 * siphash_3u64 - SipHash-2-4 of three u64
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 8..15
 * @third: input bytes 16..23
 * @key: the 128-bit key
 *
 * Return: the 64-bit PRF value of the 24 input bytes.
 */
u64 siphash_3u64(const u64 first, const u64 second, const u64 third,
		 const siphash_key_t *key)
{
	PREAMBLE(24);

	COMPRESS(first);
	COMPRESS(second);
	COMPRESS(third);
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_3u64);

/**
 * siphash_4u64 - SipHash-2-4 of four u64
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 8..15
 * @third: input bytes 16..23
 * @forth: input bytes 24..31
 * @key: the 128-bit key
 *
 * Return: the 64-bit PRF value of the 32 input bytes.
 */
u64 siphash_4u64(const u64 first, const u64 second, const u64 third,
		 const u64 forth, const siphash_key_t *key)
{
	PREAMBLE(32);

	COMPRESS(first);
	COMPRESS(second);
	COMPRESS(third);
	COMPRESS(forth);
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_4u64);

/**
 * siphash_1u32 - SipHash-2-4 of one u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @key: the 128-bit key
 *
 * Return: the 64-bit PRF value of the 4 input bytes.
 */
u64 siphash_1u32(const u32 first, const siphash_key_t *key)
{
	PREAMBLE(4);

	b |= first;
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_1u32);

/**
 * siphash_3u32 - SipHash-2-4 of three u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 4..7
 * @third: input bytes 8..11
 * @key: the 128-bit key
 *
 * Return: the 64-bit PRF value of the 12 input bytes.
 */
u64 siphash_3u32(const u32 first, const u32 second, const u32 third,
		 const siphash_key_t *key)
{
	const u64 combined = (u64)second << 32 | first;

	PREAMBLE(12);

	COMPRESS(combined);
	b |= third;
	return POSTAMBLE;
}
EXPORT_SYMBOL(siphash_3u32);

/*
 * hsiphash: on 64-bit kernels SipHash-1-3 of u64 words, its result
 * truncated to 32 bits; on 32-bit kernels HalfSipHash-1-3 of u32 words.
 * Either way a word is an unsigned long, as the key's are, and the
 * fixed-width helpers below make one word of two u32 on 64-bit kernels.
 */
#if BITS_PER_LONG == 64
#define HSIPROUND SIPROUND
#define HPREAMBLE(len) PREAMBLE(len)
#define HFINAL ((v0 ^ v1) ^ (v2 ^ v3))
#define hsiphash_le(p) le64_to_cpup(p)
#define hsiphash_unaligned_le(p) get_unaligned_le64(p)
#else
#define HSIPROUND HSIPHASH_PERMUTATION(v0, v1, v2, v3)
#define HPREAMBLE(len)							\
	u32 v0 = HSIPHASH_CONST_0;					\
	u32 v1 = HSIPHASH_CONST_1;					\
	u32 v2 = HSIPHASH_CONST_2;					\
	u32 v3 = HSIPHASH_CONST_3;					\
	u32 b = ((u32)(len)) << 24;					\
	v3 ^= key->key[1];						\
	v2 ^= key->key[0];						\
	v1 ^= key->key[1];						\
	v0 ^= key->key[0]
#define HFINAL (v1 ^ v3)
#define hsiphash_le(p) le32_to_cpup(p)
#define hsiphash_unaligned_le(p) get_unaligned_le32(p)
#endif

/* One message word of hsiphash: one round. */
#define HCOMPRESS(word)							\
do {									\
	const __typeof__(v0) __m = (word);				\
									\
	v3 ^= __m;							\
	HSIPROUND;							\
	v0 ^= __m;							\
} while (0)

/* The last word, three rounds, and the 32-bit result. */
#define HPOSTAMBLE							\
({									\
	HCOMPRESS(b);							\
	v2 ^= 0xff;							\
	HSIPROUND;							\
	HSIPROUND;							\
	HSIPROUND;							\
	(u32)(HFINAL);							\
})

/**
 * __hsiphash_aligned - hsiphash of an aligned buffer
 * @data: input, aligned to HSIPHASH_ALIGNMENT (sizeof(long) bytes)
 * @len: length of @data in bytes
 * @key: the key, two unsigned long in CPU order (64 or 128 bits)
 *
 * SipHash-1-3 truncated to 32 bits on 64-bit kernels, HalfSipHash-1-3 on
 * 32-bit kernels; little-endian input words, as the kernel's. Not a secure
 * PRF: for hash tables whose values never leave the kernel. Use
 * hsiphash(). Exported on every architecture, as __siphash_aligned().
 *
 * Return: the 32-bit hash value.
 */
u32 __hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key)
{
	const u8 *end = data + len - (len % sizeof(unsigned long));
	const u8 left = len & (sizeof(unsigned long) - 1);

	HPREAMBLE(len);

	if (IS_ENABLED(CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS))
		return __hsiphash_unaligned(data, len, key);
	for (; data != end; data += sizeof(unsigned long))
		HCOMPRESS(hsiphash_le(data));
	sipmod_tail(end, left, true);
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(__hsiphash_aligned);

/**
 * __hsiphash_unaligned - hsiphash of a buffer at any address
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the key, two unsigned long in CPU order (64 or 128 bits)
 *
 * Same result as __hsiphash_aligned(), reading with unaligned loads.
 *
 * Return: the 32-bit hash value.
 */
u32 __hsiphash_unaligned(const void *data, size_t len,
			 const hsiphash_key_t *key)
{
	const u8 *end = data + len - (len % sizeof(unsigned long));
	const u8 left = len & (sizeof(unsigned long) - 1);

	HPREAMBLE(len);

	for (; data != end; data += sizeof(unsigned long))
		HCOMPRESS(hsiphash_unaligned_le(data));
	sipmod_tail(end, left, false);
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(__hsiphash_unaligned);

/**
 * hsiphash_1u32 - hsiphash of one u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @key: the hsiphash key
 *
 * Return: the 32-bit hash value of the 4 input bytes.
 */
u32 hsiphash_1u32(const u32 first, const hsiphash_key_t *key)
{
	HPREAMBLE(4);

	if (BITS_PER_LONG == 64)
		b |= first;
	else
		HCOMPRESS(first);
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(hsiphash_1u32);

/**
 * hsiphash_2u32 - hsiphash of two u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 4..7
 * @key: the hsiphash key
 *
 * Return: the 32-bit hash value of the 8 input bytes.
 */
u32 hsiphash_2u32(const u32 first, const u32 second, const hsiphash_key_t *key)
{
	const u64 combined = (u64)second << 32 | first;

	HPREAMBLE(8);

	if (BITS_PER_LONG == 64) {
		HCOMPRESS(combined);
	} else {
		HCOMPRESS(first);
		HCOMPRESS(second);
	}
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(hsiphash_2u32);

/**
 * hsiphash_3u32 - hsiphash of three u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 4..7
 * @third: input bytes 8..11
 * @key: the hsiphash key
 *
 * Return: the 32-bit hash value of the 12 input bytes.
 */
u32 hsiphash_3u32(const u32 first, const u32 second, const u32 third,
		  const hsiphash_key_t *key)
{
	const u64 combined = (u64)second << 32 | first;

	HPREAMBLE(12);

	if (BITS_PER_LONG == 64) {
		HCOMPRESS(combined);
		b |= third;
	} else {
		HCOMPRESS(first);
		HCOMPRESS(second);
		HCOMPRESS(third);
	}
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(hsiphash_3u32);

/**
 * hsiphash_4u32 - hsiphash of four u32
 * @first: input bytes 0..3, as a CPU-order integer (hashed little-endian)
 * @second: input bytes 4..7
 * @third: input bytes 8..11
 * @forth: input bytes 12..15
 * @key: the hsiphash key
 *
 * Return: the 32-bit hash value of the 16 input bytes.
 */
u32 hsiphash_4u32(const u32 first, const u32 second, const u32 third,
		  const u32 forth, const hsiphash_key_t *key)
{
	u64 combined = (u64)second << 32 | first;

	HPREAMBLE(16);

	if (BITS_PER_LONG == 64) {
		HCOMPRESS(combined);
		combined = (u64)forth << 32 | third;
		HCOMPRESS(combined);
	} else {
		HCOMPRESS(first);
		HCOMPRESS(second);
		HCOMPRESS(third);
		HCOMPRESS(forth);
	}
	return HPOSTAMBLE;
}
EXPORT_SYMBOL(hsiphash_4u32);

MODULE_DESCRIPTION("SipHash-2-4 PRF and hsiphash (HalfSipHash-1-3/SipHash-1-3) for modules");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("Dual BSD/GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
