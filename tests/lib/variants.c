// SPDX-License-Identifier: GPL-2.0
/*
 * SipHash-1-3 and HalfSipHash-1-3 of a buffer (kref.h), part of
 * sipmod_testlib.ko: the 64-bit hsiphash before truncation and the 32-bit
 * kernels' hsiphash, on every arch, for test_siphash.ko's comparisons.
 */
#include <linux/module.h>

#include "siphash_core.h"
#include "kref.h"

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
	return sip_hash(data, len, key->key[0], key->key[1], 1, 3, false, false);
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
	return hsip_hash(data, len, k0, k1, 1, 3, false);
}

SIPMOD_EXPORT_TEST_GPL(halfsiphash_1_3);
