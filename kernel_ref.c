// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's built-in SipHash behind plain functions (kernel_ref.h), and
 * the benchmarks' timed loops over it. This file includes the kernel's
 * <linux/siphash.h> and not the project's siphash.h: every name below is
 * the running kernel's, so the differential tests cannot turn into a
 * comparison of siphash.ko with itself, whatever the order of includes
 * elsewhere (make check proves it with nm -u of test_siphash.ko).
 */
#include <linux/siphash.h>

#include "bench.h"
#include "kernel_ref.h"
#include "sip_bench.h"

u64 kern_siphash(const void *data, size_t len, const siphash_key_t *key)
{
	return siphash(data, len, key);
}

u32 kern_hsiphash(const void *data, size_t len, const hsiphash_key_t *key)
{
	return hsiphash(data, len, key);
}

u64 kern_1u64(u64 a, const siphash_key_t *key)
{
	return siphash_1u64(a, key);
}

u64 kern_2u64(u64 a, u64 b, const siphash_key_t *key)
{
	return siphash_2u64(a, b, key);
}

u64 kern_3u64(u64 a, u64 b, u64 c, const siphash_key_t *key)
{
	return siphash_3u64(a, b, c, key);
}

u64 kern_4u64(u64 a, u64 b, u64 c, u64 d, const siphash_key_t *key)
{
	return siphash_4u64(a, b, c, d, key);
}

u64 kern_1u32(u32 a, const siphash_key_t *key)
{
	return siphash_1u32(a, key);
}

u64 kern_2u32(u32 a, u32 b, const siphash_key_t *key)
{
	return siphash_2u32(a, b, key);
}

u64 kern_3u32(u32 a, u32 b, u32 c, const siphash_key_t *key)
{
	return siphash_3u32(a, b, c, key);
}

u64 kern_4u32(u32 a, u32 b, u32 c, u32 d, const siphash_key_t *key)
{
	return siphash_4u32(a, b, c, d, key);
}

u32 kern_h1u32(u32 a, const hsiphash_key_t *key)
{
	return hsiphash_1u32(a, key);
}

u32 kern_h2u32(u32 a, u32 b, const hsiphash_key_t *key)
{
	return hsiphash_2u32(a, b, key);
}

u32 kern_h3u32(u32 a, u32 b, u32 c, const hsiphash_key_t *key)
{
	return hsiphash_3u32(a, b, c, key);
}

u32 kern_h4u32(u32 a, u32 b, u32 c, u32 d, const hsiphash_key_t *key)
{
	return hsiphash_4u32(a, b, c, d, key);
}

SIP_BENCH_LOOPS(kernel_bench_loops);
