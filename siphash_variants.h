/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The variants behind hsiphash, on every arch, for test_siphash.ko's
 * comparisons (the patch series chose between them by measuring both on
 * 32- and 64-bit x86). Built into the test module from siphash_core.h, the
 * same text as siphash.ko's functions; not secure PRFs, not exported.
 */
#ifndef SIPHASH_VARIANTS_H
#define SIPHASH_VARIANTS_H

#include <linux/siphash.h>
#include <linux/types.h>

u64 siphash_1_3(const void *data, size_t len, const siphash_key_t *key);
u32 halfsiphash_1_3(const void *data, size_t len, u32 k0, u32 k1);

#endif /* SIPHASH_VARIANTS_H */
