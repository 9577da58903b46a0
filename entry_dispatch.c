// SPDX-License-Identifier: GPL-2.0
/*
 * The inline siphash() and hsiphash() of siphash.h, as every caller compiles
 * them, but with the prefix of the exported names set to entry_count_: the
 * entries they call are the test's counting functions (entry_dispatch.h),
 * so the test sees which entry a buffer's alignment selects. No other file
 * sets the prefix.
 */
#define SIPHASH_OOT(sym) entry_count_##sym
#include "siphash.h"

#include "entry_dispatch.h"

u64 entry_dispatch_siphash(const void *data, size_t len, const siphash_key_t *key)
{
	return siphash(data, len, key);
}

u32 entry_dispatch_hsiphash(const void *data, size_t len, const hsiphash_key_t *key)
{
	return hsiphash(data, len, key);
}
