/* SPDX-License-Identifier: GPL-2.0 */
/*
 * siphash() and hsiphash() of siphash.h, compiled by entry_dispatch.c with
 * the four entries renamed to counting functions that test_siphash.ko
 * defines: which entry the inline dispatch takes for a given buffer.
 */
#ifndef SIPHASH_ENTRY_DISPATCH_H
#define SIPHASH_ENTRY_DISPATCH_H

#include <linux/siphash.h>
#include <linux/types.h>

u64 entry_dispatch_siphash(const void *data, size_t len, const siphash_key_t *key);
u32 entry_dispatch_hsiphash(const void *data, size_t len, const hsiphash_key_t *key);

/* Defined by the test: count the call, then call siphash.ko's entry. */
u64 entry_count___siphash_aligned(const void *data, size_t len, const siphash_key_t *key);
u64 entry_count___siphash_unaligned(const void *data, size_t len, const siphash_key_t *key);
u32 entry_count___hsiphash_aligned(const void *data, size_t len, const hsiphash_key_t *key);
u32 entry_count___hsiphash_unaligned(const void *data, size_t len, const hsiphash_key_t *key);

#endif /* SIPHASH_ENTRY_DISPATCH_H */
