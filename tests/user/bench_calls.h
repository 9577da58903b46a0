/* SPDX-License-Identifier: GPL-2.0 */
/*
 * bench_calls.h - what bench.c shares with bench_calls.c, which is compiled
 * once per implementation: the timed cases, their inputs, and the table of
 * timed loops each implementation exports.
 */
#ifndef SIPHASH_USER_BENCH_CALLS_H
#define SIPHASH_USER_BENCH_CALLS_H

#include <linux/siphash.h>

#define BENCH_NBUF	4

/* The inputs of a timed loop: call n hashes bufs[n % BENCH_NBUF]. */
struct bench_in {
	const u8 *bufs[BENCH_NBUF];
	size_t len;			/* siphash() and hsiphash() */
	siphash_key_t key;
	hsiphash_key_t hkey;
};

/* The timed functions: two over buffers of any length, then the helpers. */
enum bench_case {
	BENCH_SIPHASH,
	BENCH_HSIPHASH,
	BENCH_SIPHASH_1U64,
	BENCH_SIPHASH_2U64,
	BENCH_SIPHASH_3U64,
	BENCH_SIPHASH_4U64,
	BENCH_SIPHASH_1U32,
	BENCH_SIPHASH_2U32,
	BENCH_SIPHASH_3U32,
	BENCH_SIPHASH_4U32,
	BENCH_HSIPHASH_1U32,
	BENCH_HSIPHASH_2U32,
	BENCH_HSIPHASH_3U32,
	BENCH_HSIPHASH_4U32,
	BENCH_NCASES
};

/*
 * A timed loop: @calls calls with call numbers 0..@calls-1, their results
 * summed into *@sum (equal sums from every implementation show that they
 * computed the same values). Returns the TSC ticks of the whole loop.
 */
typedef u64 bench_loop_t(const struct bench_in *in, unsigned int calls,
			 u64 *sum);

/* One implementation: a loop per case, NULL where it has no such function. */
struct bench_impl {
	bench_loop_t *loop[BENCH_NCASES];
};

/*
 * The implementations: each linked at the offsets 0, 16, 32 and 48 after a
 * page boundary (the Makefile's PLACES), the kernel's A/A copy at the same
 * offsets after the middle of a page; libsodium once, as a shared library.
 */
#define BENCH_NPLACE	4
extern const struct bench_impl bench_module_p0, bench_module_p16,
	bench_module_p32, bench_module_p48;
extern const struct bench_impl bench_kernel_p0, bench_kernel_p16,
	bench_kernel_p32, bench_kernel_p48;
extern const struct bench_impl bench_kernel_copy_p0, bench_kernel_copy_p16,
	bench_kernel_copy_p32, bench_kernel_copy_p48;
extern const struct bench_impl bench_libsodium;

#endif
