/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which entry of siphash.ko the inline siphash() and hsiphash() of
 * siphash.h take for a buffer, from sipmod_testlib.ko: entry_dispatch.c
 * compiles them with the four entries renamed to counting functions
 * (testlib.c), which count the call in entry_hits[] and call siphash.ko's
 * entry.
 */
#ifndef SIPHASH_ENTRY_DISPATCH_H
#define SIPHASH_ENTRY_DISPATCH_H

#include <linux/siphash.h>
#include <linux/types.h>

/* The entries, in the order of entry_hits[]: aligned ones even. */
enum entry {
	ENTRY_SIPHASH_ALIGNED, ENTRY_SIPHASH_UNALIGNED,
	ENTRY_HSIPHASH_ALIGNED, ENTRY_HSIPHASH_UNALIGNED, NR_ENTRIES,
};

extern unsigned int entry_hits[NR_ENTRIES];
extern const char * const entry_names[NR_ENTRIES];

u64 entry_dispatch_siphash(const void *data, size_t len, const siphash_key_t *key);
u32 entry_dispatch_hsiphash(const void *data, size_t len, const hsiphash_key_t *key);

/* The counting entries entry_dispatch.c calls (testlib.c). */
u64 entry_count___siphash_aligned(const void *data, size_t len, const siphash_key_t *key);
u64 entry_count___siphash_unaligned(const void *data, size_t len, const siphash_key_t *key);
u32 entry_count___hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key);
u32 entry_count___hsiphash_unaligned(const void *data, size_t len, const hsiphash_key_t *key);

#endif /* SIPHASH_ENTRY_DISPATCH_H */
