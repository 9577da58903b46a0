// SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause)
/*
 * SipHash-2-4 and hsiphash as a module: the API of the kernel's
 * <linux/siphash.h>, exported under the sipmod_ prefix (see the header).
 * It follows the patch series "[PATCH v3 net-next 0/4] Introduce The
 * SipHash PRF": hsiphash is SipHash-1-3 truncated to 32 bits on 64-bit
 * kernels and HalfSipHash-1-3 on 32-bit ones.
 *
 * The algorithm, its state, round, tail and finalisation, is in
 * siphash_core.h; every function here is an instance of it with fixed round
 * counts.
 */
#include <linux/kernel.h>
#include <linux/module.h>

#include "siphash.h"
#include "siphash_core.h"

/*
 * SipHash-c-d of @n (1..4) u32 values as the little-endian bytes they stand
 * for: pairs become 64-bit words, an odd last value goes into the final word.
 */
static __always_inline u64 sip_u32s(const u32 *w, int n, u64 k0, u64 k1,
				    int c, int d, bool out32)
{
	const u64 m0 = n > 1 ? (u64)w[1] << 32 | w[0] : 0;
	const u64 m1 = n > 3 ? (u64)w[3] << 32 | w[2] : 0;
	const u64 b = (u64)(4 * n) << 56 | (n & 1 ? w[n - 1] : 0);
	u64 v0, v1, v2, v3;

	SIP_KEY(k0, k1);

	if (n > 1)
		SIP_ABSORB(m0, c);
	if (n > 3)
		SIP_ABSORB(m1, c);
	return SIP_FINAL(b, c, d, out32);
}

/* SipHash-2-4 of @n (1..4) u64 values, as the 8 * @n little-endian bytes. */
static __always_inline u64 sip24_u64s(const u64 *w, int n,
				      const siphash_key_t *key)
{
	u64 v0, v1, v2, v3;

	SIP_KEY(key->key[0], key->key[1]);

	SIP_ABSORB(w[0], 2);
	if (n > 1)
		SIP_ABSORB(w[1], 2);
	if (n > 2)
		SIP_ABSORB(w[2], 2);
	if (n > 3)
		SIP_ABSORB(w[3], 2);
	return SIP_FINAL((u64)(8 * n) << 56, 2, 4, false);
}

/* hsiphash of @n (1..4) u32 values: see __hsiphash_aligned(). */
static __always_inline u32 hsip_u32s(const u32 *w, int n,
				     const hsiphash_key_t *key)
{
#if BITS_PER_LONG == 64
	return sip_u32s(w, n, key->key[0], key->key[1], 1, 3, true);
#else
	u32 v0, v1, v2, v3;

	SIP_KEY(key->key[0], key->key[1]);

	SIP_ABSORB(w[0], 1);
	if (n > 1)
		SIP_ABSORB(w[1], 1);
	if (n > 2)
		SIP_ABSORB(w[2], 1);
	if (n > 3)
		SIP_ABSORB(w[3], 1);
	return SIP_FINAL((u32)(4 * n) << 24, 1, 3, false);
#endif
}

/**
 * __siphash_aligned - SipHash-2-4 of an aligned buffer
 * @data: input, aligned to SIPHASH_ALIGNMENT (8 bytes on 64-bit kernels)
 * @len: length of @data in bytes
 * @key: the 128-bit key, two u64 in CPU order (key->key[0] is k0)
 *
 * Reads @data as little-endian 64-bit words, then the last @len % 8 bytes
 * and the low byte of @len (paper, section 2). Use siphash(), which picks
 * this or __siphash_unaligned().
 *
 * Return: the 64-bit PRF value.
 */
u64 __siphash_aligned(const void *data, size_t len, const siphash_key_t *key)
{
	return sip_hash(data, len, key->key[0], key->key[1], 2, 4, true, false);
}
EXPORT_SYMBOL(__siphash_aligned);

/**
 * __siphash_unaligned - SipHash-2-4 of a buffer at any address
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the 128-bit key, two u64 in CPU order (key->key[0] is k0)
 *
 * Same result as __siphash_aligned(), reading with get_unaligned_le64().
 *
 * Return: the 64-bit PRF value.
 */
u64 __siphash_unaligned(const void *data, size_t len, const siphash_key_t *key)
{
	return sip_hash(data, len, key->key[0], key->key[1], 2, 4, false, false);
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
	const u64 w[] = { first };

	return sip24_u64s(w, ARRAY_SIZE(w), key);
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
	const u64 w[] = { first, second };

	return sip24_u64s(w, ARRAY_SIZE(w), key);
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
	const u64 w[] = { first, second, third };

	return sip24_u64s(w, ARRAY_SIZE(w), key);
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
	const u64 w[] = { first, second, third, forth };

	return sip24_u64s(w, ARRAY_SIZE(w), key);
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
	const u32 w[] = { first };

	return sip_u32s(w, ARRAY_SIZE(w), key->key[0], key->key[1], 2, 4,
			false);
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
	const u32 w[] = { first, second, third };

	return sip_u32s(w, ARRAY_SIZE(w), key->key[0], key->key[1], 2, 4,
			false);
}
EXPORT_SYMBOL(siphash_3u32);

/**
 * __hsiphash_aligned - hsiphash of an aligned buffer
 * @data: input, aligned to HSIPHASH_ALIGNMENT (sizeof(long) bytes)
 * @len: length of @data in bytes
 * @key: the key, two unsigned long in CPU order (64 or 128 bits)
 *
 * SipHash-1-3 truncated to 32 bits on 64-bit kernels, HalfSipHash-1-3 on
 * 32-bit kernels; little-endian input words. Not a secure PRF: for hash
 * tables whose values never leave the kernel. Use hsiphash().
 *
 * Return: the 32-bit hash value.
 */
u32 __hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key)
{
#if BITS_PER_LONG == 64
	return sip_hash(data, len, key->key[0], key->key[1], 1, 3, true, true);
#else
	return hsip_hash(data, len, key->key[0], key->key[1], 1, 3, true);
#endif
}
EXPORT_SYMBOL(__hsiphash_aligned);

/**
 * __hsiphash_unaligned - hsiphash of a buffer at any address
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the key, two unsigned long in CPU order (64 or 128 bits)
 *
 * Same result as __hsiphash_aligned(), reading with get_unaligned_le*().
 *
 * Return: the 32-bit hash value.
 */
u32 __hsiphash_unaligned(const void *data, size_t len,
			 const hsiphash_key_t *key)
{
#if BITS_PER_LONG == 64
	return sip_hash(data, len, key->key[0], key->key[1], 1, 3, false, true);
#else
	return hsip_hash(data, len, key->key[0], key->key[1], 1, 3, false);
#endif
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
	const u32 w[] = { first };

	return hsip_u32s(w, ARRAY_SIZE(w), key);
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
	const u32 w[] = { first, second };

	return hsip_u32s(w, ARRAY_SIZE(w), key);
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
	const u32 w[] = { first, second, third };

	return hsip_u32s(w, ARRAY_SIZE(w), key);
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
	const u32 w[] = { first, second, third, forth };

	return hsip_u32s(w, ARRAY_SIZE(w), key);
}
EXPORT_SYMBOL(hsiphash_4u32);

MODULE_DESCRIPTION("SipHash-2-4 PRF and hsiphash (HalfSipHash-1-3/SipHash-1-3) for modules");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("Dual BSD/GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
