// SPDX-License-Identifier: GPL-2.0
/*
 * The inline siphash() and hsiphash() of siphash.h, as every caller compiles
 * them, but with the prefix of the exported names set to entry_count_: the
 * entries they call are the counting functions of entry_dispatch.h. No
 * other file sets the prefix. Part of sipmod_testlib.ko.
 */
#define SIPHASH_OOT(sym) entry_count_##sym
#include "siphash.h"

#include <linux/module.h>

#include "compat.h"
#include "entry_dispatch.h"

/**
 * entry_dispatch_siphash() - siphash() of siphash.h, counting its entries
 * @data: the input, any alignment
 * @len: its length in bytes
 * @key: the key
 *
 * Return: siphash() of the input.
 */
u64 entry_dispatch_siphash(const void *data, size_t len,
			   const siphash_key_t *key)
{
	return siphash(data, len, key);
}

SIPMOD_EXPORT_TEST_GPL(entry_dispatch_siphash);

/**
 * entry_dispatch_hsiphash() - hsiphash() of siphash.h, counting its entries
 * @data: the input, any alignment
 * @len: its length in bytes
 * @key: the key
 *
 * Return: hsiphash() of the input.
 */
u32 entry_dispatch_hsiphash(const void *data, size_t len,
			    const hsiphash_key_t *key)
{
	return hsiphash(data, len, key);
}

SIPMOD_EXPORT_TEST_GPL(entry_dispatch_hsiphash);
