// SPDX-License-Identifier: GPL-2.0
/*
 * bench_calls.c - the timed loops of one implementation. The Makefile
 * compiles this same file once per implementation, with the kernel's code
 * generation flags, so that the loop around each call is the same code for
 * all of them and only the called code differs:
 *
 *   -DBENCH_IMPL=bench_module      through siphash.h: this project's
 *                                  siphash.c (sipmod_* symbols)
 *   -DBENCH_KERNEL                 through the kernel's own <linux/siphash.h>
 *   -DBENCH_IMPL=bench_kernel      (linux-source, first in the include
 *                                  path): the kernel's lib/siphash.c
 *   -DBENCH_LIBSODIUM              siphash() on libsodium's
 *   -DBENCH_IMPL=bench_libsodium   crypto_shorthash_siphash24, nothing else
 *
 * The Makefile then links renamed copies of the module's and the kernel's
 * objects (this one and siphash.c's or lib/siphash.c's) at several code
 * offsets, and the kernel's once more as the A/A control: the same bytes at
 * other addresses.
 *
 * The calls are the ones test_siphash.ko times in the guest: a buffer from
 * a rotation of BENCH_NBUF, helpers of the call number and constants.
 */
#if defined(BENCH_LIBSODIUM)
#include <sodium.h>
#include <linux/siphash.h>
#elif defined(BENCH_KERNEL)
#include <linux/siphash.h>
#else
#include "../../siphash.h"
#endif
#include "bench_calls.h"

#ifdef BENCH_LIBSODIUM
/* The kernel API's siphash() on libsodium: output bytes little-endian. */
static inline u64 siphash(const void *data, size_t len,
			  const siphash_key_t *key)
{
	u64 out;

	crypto_shorthash_siphash24((u8 *)&out, data, len, (const u8 *)key);
	return le64_to_cpu(out);
}
#endif

/* rdtsc_ordered() of the kernel on x86: lfence, then rdtsc. */
static inline u64 bench_tsc(void)
{
	u32 lo, hi;

	asm volatile("lfence; rdtsc" : "=a" (lo), "=d" (hi) : : "memory");
	return (u64)hi << 32 | lo;
}

/*
 * BENCH_TIMED(calls, sum, n, expr) - the TSC ticks of @calls evaluations
 * of @expr, which sees the call number as @n (declared here, named by the
 * caller); the results are summed into *@sum.
 */
#define BENCH_TIMED(calls, sum, n, expr)				\
({									\
	u64 __s = 0, __t = bench_tsc();					\
	unsigned int n;							\
									\
	for (n = 0; n < (calls); n++)					\
		__s += (expr);						\
	__t = bench_tsc() - __t;					\
	*(sum) = __s;							\
	__t;								\
})

#define BUF(in, n)	((in)->bufs[(n) % BENCH_NBUF])

static u64 loop_sip(const struct bench_in *in, unsigned int calls, u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash(BUF(in, n), in->len, &in->key));
}

#ifndef BENCH_LIBSODIUM
static u64 loop_hsip(const struct bench_in *in, unsigned int calls, u64 *sum)
{
	return BENCH_TIMED(calls, sum, n,
			   hsiphash(BUF(in, n), in->len, &in->hkey));
}

static u64 loop_sip_1u64(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_1u64(n, &in->key));
}

static u64 loop_sip_2u64(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_2u64(n, 2, &in->key));
}

static u64 loop_sip_3u64(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_3u64(n, 2, 3, &in->key));
}

static u64 loop_sip_4u64(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_4u64(n, 2, 3, 4, &in->key));
}

static u64 loop_sip_1u32(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_1u32(n, &in->key));
}

static u64 loop_sip_2u32(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_2u32(n, 2, &in->key));
}

static u64 loop_sip_3u32(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_3u32(n, 2, 3, &in->key));
}

static u64 loop_sip_4u32(const struct bench_in *in, unsigned int calls,
			 u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, siphash_4u32(n, 2, 3, 4, &in->key));
}

static u64 loop_hsip_1u32(const struct bench_in *in, unsigned int calls,
			  u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, hsiphash_1u32(n, &in->hkey));
}

static u64 loop_hsip_2u32(const struct bench_in *in, unsigned int calls,
			  u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, hsiphash_2u32(n, 2, &in->hkey));
}

static u64 loop_hsip_3u32(const struct bench_in *in, unsigned int calls,
			  u64 *sum)
{
	return BENCH_TIMED(calls, sum, n, hsiphash_3u32(n, 2, 3, &in->hkey));
}

static u64 loop_hsip_4u32(const struct bench_in *in, unsigned int calls,
			  u64 *sum)
{
	return BENCH_TIMED(calls, sum, n,
			   hsiphash_4u32(n, 2, 3, 4, &in->hkey));
}
#endif

const struct bench_impl BENCH_IMPL = {
	.loop = {
		[BENCH_SIPHASH] = loop_sip,
#ifndef BENCH_LIBSODIUM
		[BENCH_HSIPHASH] = loop_hsip,
		[BENCH_SIPHASH_1U64] = loop_sip_1u64,
		[BENCH_SIPHASH_2U64] = loop_sip_2u64,
		[BENCH_SIPHASH_3U64] = loop_sip_3u64,
		[BENCH_SIPHASH_4U64] = loop_sip_4u64,
		[BENCH_SIPHASH_1U32] = loop_sip_1u32,
		[BENCH_SIPHASH_2U32] = loop_sip_2u32,
		[BENCH_SIPHASH_3U32] = loop_sip_3u32,
		[BENCH_SIPHASH_4U32] = loop_sip_4u32,
		[BENCH_HSIPHASH_1U32] = loop_hsip_1u32,
		[BENCH_HSIPHASH_2U32] = loop_hsip_2u32,
		[BENCH_HSIPHASH_3U32] = loop_hsip_3u32,
		[BENCH_HSIPHASH_4U32] = loop_hsip_4u32,
#endif
	},
};
