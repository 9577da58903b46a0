// SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause)
/*
 * SipHash-2-4, SipHash-1-3 and HalfSipHash-1-3 as a module.
 *
 * Algorithms: J.-P. Aumasson and D. J. Bernstein, "SipHash: a fast
 * short-input PRF", INDOCRYPT 2012 (https://131002.net/siphash/siphash.pdf),
 * and the HalfSipHash reference code of the same authors. API and the
 * hsiphash mapping (SipHash-1-3 on 64-bit, HalfSipHash-1-3 on 32-bit) follow
 * the seed series "[PATCH v3 net-next 0/4] Introduce The SipHash PRF".
 *
 * The round (one ARX network in two step orders, see SIP_ARX()), the
 * initialisation constants, the finalisation and the tail of a message
 * exist once each below; every exported function is an instance of them
 * with fixed round counts. Round counts and helper words
 * are written out with constant conditions, not loops (see SIP_ROUNDS()).
 */
#include <linux/bitops.h>
#include <linux/kernel.h>
#include <linux/module.h>

#include "compat.h"
#include "siphash.h"

#if defined(CONFIG_DCACHE_WORD_ACCESS) && BITS_PER_LONG == 64
#include <linux/dcache.h>	/* bytemask_from_count() */
#include <asm/word-at-a-time.h>
#define SIP_WORD_AT_A_TIME_TAIL
#endif

/*
 * The state of every function below is four local variables v0..v3 (u64
 * for SipHash, u32 for HalfSipHash), which these macros update in place.
 * Locals rather than a struct: on i386, where eight 32-bit halves do not fit
 * in six registers, gcc keeps more of the state in registers (with the
 * rounds then in the paper's order, 56 instead of 68 stack accesses per
 * 8-byte block of SipHash-2-4, with objdump), and the block loop runs 5-10%
 * faster under QEMU.
 */

/*
 * @x rotated left by @n bits, for a u64 or a u32 @x, and @x with its two
 * halves swapped. Written out rather than rol64()/rol32(): gcc-12 inlines
 * those only after the rounds around them, and then takes the operands of
 * the XOR that follows a rotation as if the rotation had come last, whatever
 * order the rounds below are written in.
 */
#define SIP_ROTL(x, n)							\
({									\
	const __typeof__(x) __x = (x);					\
	const unsigned int __n = (n);					\
									\
	__x << __n | __x >> (8 * sizeof(__x) - __n);			\
})
#define SIP_SWAP(x)	SIP_ROTL(x, 4 * sizeof(x))

/*
 * One round of the paper's ARX network (section 2.1) on v0..v3 with
 * rotations @a, @b, @c and @d: SipRound on u64 words, the HalfSipHash round
 * on u32 words. The v0/v1 and v2/v3 halves of a round meet only at
 * v2 += v1 and v0 += v3, so the order of its steps is free, and it decides
 * how gcc-12 allocates registers: each order below is the one that took the
 * fewest instructions per call, counted against the kernel's own SipHash
 * (lib/) on every arch of the matrix.
 *
 * SIP_ARX(), for words that fit a register: the v2/v3 half first, and
 * v2 += v1 before v0 += v3.
 */
#define SIP_ARX(a, b, c, d)						\
do {									\
	v2 += v3; v3 = SIP_ROTL(v3, b); v3 ^= v2;			\
	v0 += v1; v1 = SIP_ROTL(v1, a); v1 ^= v0; v0 = SIP_SWAP(v0);	\
	v2 += v1; v1 = SIP_ROTL(v1, d); v1 ^= v2; v2 = SIP_SWAP(v2);	\
	v0 += v3; v3 = SIP_ROTL(v3, c); v3 ^= v0;			\
} while (0)

/*
 * SIP_ARX_PAIRS(), for u64 words in register pairs (SipHash on 32-bit): the
 * paper's order, each rotation computed into __r before the addition that
 * still reads the word, so that the XOR after the addition starts from the
 * rotated word, which dies there, rather than from the other one, which
 * lives on.
 */
#define SIP_ARX_PAIRS(a, b, c, d)					\
do {									\
	__typeof__(v0) __r;						\
									\
	__r = SIP_ROTL(v1, a); v0 += v1; v1 = __r ^ v0; v0 = SIP_SWAP(v0); \
	__r = SIP_ROTL(v3, b); v2 += v3; v3 = __r ^ v2;			\
	__r = SIP_ROTL(v3, c); v0 += v3; v3 = __r ^ v0;			\
	__r = SIP_ROTL(v1, d); v2 += v1; v1 = __r ^ v2; v2 = SIP_SWAP(v2); \
} while (0)

/* One SipRound, and one HalfSipHash round. */
#if BITS_PER_LONG == 64
#define SIP_ROUND()	SIP_ARX(13, 16, 21, 17)
#else
#define SIP_ROUND()	SIP_ARX_PAIRS(13, 16, 21, 17)
#endif
#define HSIP_ROUND()	SIP_ARX(5, 8, 7, 13)

/*
 * @n (1..4, a constant) rounds, written out: a loop with a counter would
 * stay a loop at -O2, and its branch costs as much as a round on short
 * inputs.
 */
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

#define HSIP_ROUNDS(n)							\
do {									\
	const int __n = (n);						\
									\
	HSIP_ROUND();							\
	if (__n > 1)							\
		HSIP_ROUND();						\
	if (__n > 2)							\
		HSIP_ROUND();						\
	if (__n > 3)							\
		HSIP_ROUND();						\
} while (0)

/*
 * Declare and key the state: "somepseudorandomlygeneratedbytes" XOR k0, k1,
 * k0, k1. HalfSipHash with a 32-bit output keys v0, v1 directly.
 *
 * k1 is read first, as the kernel's lib/ code reads the key: read k0 first,
 * gcc-12 made longer code for most fixed-width helpers (objdump, both
 * arches).
 */
#define SIP_STATE(k0, k1)						\
	const u64 __k1 = (k1), __k0 = (k0);				\
	u64 v3 = 0x7465646279746573ULL ^ __k1;				\
	u64 v2 = 0x6c7967656e657261ULL ^ __k0;				\
	u64 v1 = 0x646f72616e646f6dULL ^ __k1;				\
	u64 v0 = 0x736f6d6570736575ULL ^ __k0

#define HSIP_STATE(k0, k1)						\
	const u32 __k0 = (k0), __k1 = (k1);				\
	u32 v3 = 0x74656462U ^ __k1;					\
	u32 v2 = 0x6c796765U ^ __k0;					\
	u32 v1 = __k1;							\
	u32 v0 = __k0

/* Absorb one message word with @c rounds: SipHash-c-d's compression. */
#define SIP_ABSORB(m, c)						\
do {									\
	const u64 __m = (m);						\
									\
	v3 ^= __m;							\
	SIP_ROUNDS(c);							\
	v0 ^= __m;							\
} while (0)

#define HSIP_ABSORB(m, c)						\
do {									\
	const u32 __m = (m);						\
									\
	v3 ^= __m;							\
	HSIP_ROUNDS(c);							\
	v0 ^= __m;							\
} while (0)

/*
 * Absorb the last word @b (length byte in its top byte, tail bytes below),
 * finalise with @d rounds, and evaluate to the output; if @out32 (hsiphash
 * on 64-bit), to its low 32 bits: truncated in this expression, the last
 * XORs can be 32-bit operations, which gcc-12 allocates better.
 */
#define SIP_FINAL(b, c, d, out32)					\
({									\
	SIP_ABSORB(b, c);						\
	v2 ^= 0xff;							\
	SIP_ROUNDS(d);							\
	(out32) ? (u32)((v0 ^ v1) ^ (v2 ^ v3)) : (v0 ^ v1) ^ (v2 ^ v3);	\
})

#define HSIP_FINAL(b, c, d)						\
({									\
	HSIP_ABSORB(b, c);						\
	v2 ^= 0xff;							\
	HSIP_ROUNDS(d);							\
	v1 ^ v3;							\
})

/*
 * OR the last @left bytes at @p into @b, little-endian, in @b's own type:
 * a u32 for HalfSipHash (@left < 4), whose tail thus stays in 32-bit
 * operations (through a u64, i386 took 7 or 8 instructions more for a 2- or
 * 3-byte tail, armhf 1 to 4 more at every length). @aligned: @p is as
 * aligned as the buffer, which it ends by whole words, so the 4- and 2-byte
 * loads may be aligned ones (MIPS: 1 to 3 instructions fewer per tail).
 * With word-at-a-time access the bytes are one load that may run past the
 * end of the buffer but never into the next page (load_unaligned_zeropad),
 * masked to @left bytes.
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
		*__b |= (u64)__p[2] << 16;				\
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
 * SipHash-c-d of a buffer; @aligned: @data is SIPHASH_ALIGNMENT aligned.
 * The block end, the tail length and the length byte come from @len before
 * the state is keyed: keyed first, the i386 block loop spilled more, and
 * with the tail length taken from @len after the loop, armhf and mips64el
 * spent 1 or 2 instructions more per call (mipsel 1 fewer).
 */
static __always_inline u64 sip_hash(const u8 *data, size_t len, u64 k0, u64 k1,
				    int c, int d, bool aligned, bool out32)
{
	const u8 *end = data + (len & ~(size_t)7);
	const size_t left = len & 7;
	u64 b = (u64)len << 56;

	SIP_STATE(k0, k1);
	u64 m;

	for (; data != end; data += 8) {
		m = aligned ? le64_to_cpup((const __le64 *)data) :
			      get_unaligned_le64(data);
		SIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, left, aligned);
	return SIP_FINAL(b, c, d, out32);
}

/* HalfSipHash-c-d of a buffer, 32-bit words and 32-bit output. */
static __always_inline u32 hsip_hash(const u8 *data, size_t len, u32 k0, u32 k1,
				     int c, int d, bool aligned)
{
	HSIP_STATE(k0, k1);
	const u8 *end = data + (len & ~(size_t)3);
	u32 m, b = (u32)len << 24;

	for (; data != end; data += 4) {
		m = aligned ? le32_to_cpup((const __le32 *)data) :
			      get_unaligned_le32(data);
		HSIP_ABSORB(m, c);
	}
	SIP_TAIL(b, end, len & 3, aligned);
	return HSIP_FINAL(b, c, d);
}

/*
 * The fixed-width helpers below hash 1..4 integers; the word sequences are
 * written out with constant conditions rather than loops, for the same
 * reason as SIP_ROUNDS().
 *
 * SipHash-c-d of @n (1..4) u32 values as the little-endian bytes they stand
 * for: pairs become 64-bit words, an odd last value goes into the final word.
 * The words are formed before the state, as the kernel's lib/ code forms
 * them, which gcc-12 turns into shorter code on both arches (objdump).
 */
static __always_inline u64 sip_u32s(const u32 *w, int n, u64 k0, u64 k1,
				    int c, int d, bool out32)
{
	const u64 m0 = n > 1 ? (u64)w[1] << 32 | w[0] : 0;
	const u64 m1 = n > 3 ? (u64)w[3] << 32 | w[2] : 0;
	const u64 b = (u64)(4 * n) << 56 | (n & 1 ? w[n - 1] : 0);

	SIP_STATE(k0, k1);

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
	SIP_STATE(key->key[0], key->key[1]);

	SIP_ABSORB(w[0], 2);
	if (n > 1)
		SIP_ABSORB(w[1], 2);
	if (n > 2)
		SIP_ABSORB(w[2], 2);
	if (n > 3)
		SIP_ABSORB(w[3], 2);
	return SIP_FINAL((u64)(8 * n) << 56, 2, 4, false);
}

/* hsiphash of @n (1..4) u32 values: see hsiphash() for which algorithm. */
static __always_inline u32 hsip_u32s(const u32 *w, int n,
				     const hsiphash_key_t *key)
{
#if BITS_PER_LONG == 64
	return sip_u32s(w, n, key->key[0], key->key[1], 1, 3, true);
#else
	HSIP_STATE(key->key[0], key->key[1]);

	HSIP_ABSORB(w[0], 1);
	if (n > 1)
		HSIP_ABSORB(w[1], 1);
	if (n > 2)
		HSIP_ABSORB(w[2], 1);
	if (n > 3)
		HSIP_ABSORB(w[3], 1);
	return HSIP_FINAL((u32)(4 * n) << 24, 1, 3);
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

/**
 * siphash_1_3 - SipHash-1-3 of a buffer, 64-bit output
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the 128-bit key
 *
 * One compression and three finalisation rounds (the 64-bit hsiphash before
 * truncation). For comparisons only: not a secure PRF.
 *
 * Return: the 64-bit hash value.
 */
u64 siphash_1_3(const void *data, size_t len, const siphash_key_t *key)
{
	return sip_hash(data, len, key->key[0], key->key[1], 1, 3, false, false);
}

SIPMOD_EXPORT_TEST(siphash_1_3);

/**
 * halfsiphash_1_3 - HalfSipHash-1-3 of a buffer, 32-bit output
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @k0: key bytes 0..3, as a CPU-order integer (little-endian key bytes)
 * @k1: key bytes 4..7
 *
 * The 32-bit kernels' hsiphash, on every arch. For comparisons only.
 *
 * Return: the 32-bit hash value.
 */
u32 halfsiphash_1_3(const void *data, size_t len, u32 k0, u32 k1)
{
	return hsip_hash(data, len, k0, k1, 1, 3, false);
}

SIPMOD_EXPORT_TEST(halfsiphash_1_3);

MODULE_DESCRIPTION("SipHash-2-4 PRF and hsiphash (HalfSipHash-1-3/SipHash-1-3) for modules");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("Dual BSD/GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
