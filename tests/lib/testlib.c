// SPDX-License-Identifier: GPL-2.0
/*
 * sipmod_testlib - the code the load-time tests share, as the kernel shares
 * kunit.ko's: KTAP reporting (ktap.c), the benchmark loops (bench.c), the
 * kernel's own SipHash to compare with (kernel_ref.c) and the variants
 * behind hsiphash (variants.c), the live oracle (live.c), which entry the
 * inline dispatch of siphash.h takes (entry_dispatch.c, and its counters
 * below), and the MD5 and SHA-1 code SipHash replaced (baselines/). It
 * exports into the SIPHASH_OOT_TEST namespace; loading a test loads it.
 * It tests nothing by itself and keeps no secret.
 */
#include <linux/module.h>

#include "siphash.h"

#include "compat.h"
#include "entry_dispatch.h"

unsigned int entry_hits[NR_ENTRIES];
SIPMOD_EXPORT_TEST_GPL(entry_hits);

const char * const entry_names[NR_ENTRIES] = {
	[ENTRY_SIPHASH_ALIGNED] = "__siphash_aligned",
	[ENTRY_SIPHASH_UNALIGNED] = "__siphash_unaligned",
	[ENTRY_HSIPHASH_ALIGNED] = "__hsiphash_aligned",
	[ENTRY_HSIPHASH_UNALIGNED] = "__hsiphash_unaligned",
};

SIPMOD_EXPORT_TEST_GPL(entry_names);

/*
 * The entries entry_dispatch.c's siphash() and hsiphash() call: count,
 * then call siphash.ko's.
 */
u64 entry_count___siphash_aligned(const void *data, size_t len,
				  const siphash_key_t *key)
{
	entry_hits[ENTRY_SIPHASH_ALIGNED]++;
	return __siphash_aligned(data, len, key);
}

u64 entry_count___siphash_unaligned(const void *data, size_t len,
				    const siphash_key_t *key)
{
	entry_hits[ENTRY_SIPHASH_UNALIGNED]++;
	return __siphash_unaligned(data, len, key);
}

u32 entry_count___hsiphash_aligned(const void *data, size_t len,
				   const hsiphash_key_t *key)
{
	entry_hits[ENTRY_HSIPHASH_ALIGNED]++;
	return __hsiphash_aligned(data, len, key);
}

u32 entry_count___hsiphash_unaligned(const void *data, size_t len,
				     const hsiphash_key_t *key)
{
	entry_hits[ENTRY_HSIPHASH_UNALIGNED]++;
	return __hsiphash_unaligned(data, len, key);
}

MODULE_DESCRIPTION("What the load-time tests of siphash.ko and its demos share: KTAP, benchmarks, the kernel's SipHash, the live oracle, the MD5 and SHA-1 baselines");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
