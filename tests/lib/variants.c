// SPDX-License-Identifier: GPL-2.0
/*
 * SipHash-1-3, HalfSipHash-1-3 and a prepared SipHash-2-4 (kref.h), part
 * of sipmod_testlib.ko, from siphash.h's permutations, constants and tail,
 * the text siphash.ko's functions are built from.
 */
#include <linux/module.h>

#include "siphash.h"

#include "compat.h"	/* get_unaligned_le*(), which sipmod_tail() reads with */
#include "kref.h"

#define SIPROUND SIPHASH_PERMUTATION(v0, v1, v2, v3)
#define HSIPROUND HSIPHASH_PERMUTATION(v0, v1, v2, v3)

/* @st keyed with @k0, @k1, as every SipHash call keys its state. */
static __always_inline void sip_key(struct siphash_state *st, u64 k0, u64 k1)
{
	st->v[0] = SIPHASH_CONST_0 ^ k0;
	st->v[1] = SIPHASH_CONST_1 ^ k1;
	st->v[2] = SIPHASH_CONST_2 ^ k0;
	st->v[3] = SIPHASH_CONST_3 ^ k1;
}

/*
 * SipHash-@c-(@c + 2) (@c = 1 or 2) of @len bytes at @data, any alignment,
 * from the keyed state @st.
 */
static __always_inline u64 sip_hash(const struct siphash_state *st,
				    const u8 *data, size_t len, const int c)
{
	const u8 *end = data + len - (len % sizeof(u64));
	u64 v0 = st->v[0], v1 = st->v[1], v2 = st->v[2], v3 = st->v[3];
	u64 m, b = (u64)len << 56;

	for (; data != end; data += sizeof(u64)) {
		m = get_unaligned_le64(data);
		v3 ^= m;
		SIPROUND;
		if (c > 1)
			SIPROUND;
		v0 ^= m;
	}
	sipmod_tail(end, len & (sizeof(u64) - 1), false);
	v3 ^= b;
	SIPROUND;
	if (c > 1)
		SIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	SIPROUND;
	SIPROUND;
	SIPROUND;
	if (c > 1)
		SIPROUND;
	return (v0 ^ v1) ^ (v2 ^ v3);
}

/**
 * siphash_1_3 - SipHash-1-3 of a buffer, 64-bit output
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @key: the 128-bit key
 *
 * Return: the 64-bit hash value.
 */
u64 siphash_1_3(const void *data, size_t len, const siphash_key_t *key)
{
	struct siphash_state st;

	sip_key(&st, key->key[0], key->key[1]);
	return sip_hash(&st, data, len, 1);
}

SIPMOD_EXPORT_TEST_GPL(siphash_1_3);

/**
 * halfsiphash_1_3 - HalfSipHash-1-3 of a buffer, 32-bit output
 * @data: input, any alignment
 * @len: length of @data in bytes
 * @k0: key bytes 0..3, as a CPU-order integer (little-endian key bytes)
 * @k1: key bytes 4..7
 *
 * Return: the 32-bit hash value.
 */
u32 halfsiphash_1_3(const void *data, size_t len, u32 k0, u32 k1)
{
	const u8 *p = data, *end = p + len - (len % sizeof(u32));
	u32 v0 = HSIPHASH_CONST_0 ^ k0, v1 = HSIPHASH_CONST_1 ^ k1;
	u32 v2 = HSIPHASH_CONST_2 ^ k0, v3 = HSIPHASH_CONST_3 ^ k1;
	u32 m, b = (u32)len << 24;

	for (; p != end; p += sizeof(u32)) {
		m = get_unaligned_le32(p);
		v3 ^= m;
		HSIPROUND;
		v0 ^= m;
	}
	sipmod_tail(end, len & (sizeof(u32) - 1), false);
	v3 ^= b;
	HSIPROUND;
	v0 ^= b;
	v2 ^= 0xff;
	HSIPROUND;
	HSIPROUND;
	HSIPROUND;
	return v1 ^ v3;
}

SIPMOD_EXPORT_TEST_GPL(halfsiphash_1_3);

/**
 * siphash_prepare - key a SipHash-2-4 state once
 * @st: the state to fill
 * @key: the 128-bit key
 */
void siphash_prepare(struct siphash_state *st, const siphash_key_t *key)
{
	sip_key(st, key->key[0], key->key[1]);
}

SIPMOD_EXPORT_TEST_GPL(siphash_prepare);

/**
 * siphash_keyed - SipHash-2-4 of a buffer, keyed in the call
 * @key: the 128-bit key
 * @data: input, any alignment
 * @len: length of @data in bytes
 *
 * Return: the 64-bit PRF value, as siphash() gives it.
 */
u64 siphash_keyed(const siphash_key_t *key, const void *data, size_t len)
{
	struct siphash_state st;

	sip_key(&st, key->key[0], key->key[1]);
	return sip_hash(&st, data, len, 2);
}

SIPMOD_EXPORT_TEST_GPL(siphash_keyed);

/**
 * siphash_prepared - SipHash-2-4 of a buffer from a prepared state
 * @st: the state from siphash_prepare()
 * @data: input, any alignment
 * @len: length of @data in bytes
 *
 * Return: the 64-bit PRF value, as siphash() gives it.
 */
u64 siphash_prepared(const struct siphash_state *st, const void *data,
		     size_t len)
{
	return sip_hash(st, data, len, 2);
}

SIPMOD_EXPORT_TEST_GPL(siphash_prepared);

/* SipHash-2-4 of the 8 bytes of @first: a buffer of one word. */
static __always_inline u64 sip_hash_1u64(const struct siphash_state *st,
					 u64 first)
{
	const __le64 word = cpu_to_le64(first);

	return sip_hash(st, (const u8 *)&word, sizeof(word), 2);
}

/**
 * siphash_keyed_1u64 - SipHash-2-4 of one u64, keyed in the call
 * @key: the 128-bit key
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 *
 * Return: the 64-bit PRF value, as siphash_1u64() gives it.
 */
u64 siphash_keyed_1u64(const siphash_key_t *key, u64 first)
{
	struct siphash_state st;

	sip_key(&st, key->key[0], key->key[1]);
	return sip_hash_1u64(&st, first);
}

SIPMOD_EXPORT_TEST_GPL(siphash_keyed_1u64);

/**
 * siphash_prepared_1u64 - SipHash-2-4 of one u64 from a prepared state
 * @st: the state from siphash_prepare()
 * @first: input bytes 0..7, as a CPU-order integer (hashed little-endian)
 *
 * Return: the 64-bit PRF value, as siphash_1u64() gives it.
 */
u64 siphash_prepared_1u64(const struct siphash_state *st, u64 first)
{
	return sip_hash_1u64(st, first);
}

SIPMOD_EXPORT_TEST_GPL(siphash_prepared_1u64);
