/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel's built-in SipHash (lib/siphash.c and the inline functions of
 * <linux/siphash.h>), for the differential tests of test_siphash.ko and
 * test_siphash_smp.ko. kernel_ref.c defines these functions and never
 * includes the project's siphash.h, so whatever a test includes, they call
 * the running kernel's code and never siphash.ko's.
 */
#ifndef SIPHASH_KERNEL_REF_H
#define SIPHASH_KERNEL_REF_H

#include <linux/siphash.h>	/* the key types, shared by both APIs */
#include <linux/types.h>

#include "sip_bench.h"

u64 kern_siphash(const void *data, size_t len, const siphash_key_t *key);
u32 kern_hsiphash(const void *data, size_t len, const hsiphash_key_t *key);
u64 kern_1u64(u64 a, const siphash_key_t *key);
u64 kern_2u64(u64 a, u64 b, const siphash_key_t *key);
u64 kern_3u64(u64 a, u64 b, u64 c, const siphash_key_t *key);
u64 kern_4u64(u64 a, u64 b, u64 c, u64 d, const siphash_key_t *key);
u64 kern_1u32(u32 a, const siphash_key_t *key);
u64 kern_2u32(u32 a, u32 b, const siphash_key_t *key);
u64 kern_3u32(u32 a, u32 b, u32 c, const siphash_key_t *key);
u64 kern_4u32(u32 a, u32 b, u32 c, u32 d, const siphash_key_t *key);
u32 kern_h1u32(u32 a, const hsiphash_key_t *key);
u32 kern_h2u32(u32 a, u32 b, const hsiphash_key_t *key);
u32 kern_h3u32(u32 a, u32 b, u32 c, const hsiphash_key_t *key);
u32 kern_h4u32(u32 a, u32 b, u32 c, u32 d, const hsiphash_key_t *key);

#endif /* SIPHASH_KERNEL_REF_H */
