// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - user-space benchmark on the host CPU of this project's
 * siphash.c against the kernel's own lib/siphash.c (from linux-source,
 * compiled at test time with the same x86_64 kernel flags), a second copy
 * of the kernel's code (the A/A control: any difference between the two
 * copies is the noise of the method), and libsodium's
 * crypto_shorthash_siphash24 (siphash() only). See bench_calls.c for what
 * is called and the Makefile for how each is built. Each implementation
 * but libsodium is linked at BENCH_NPLACE code offsets and timed at all of
 * them, so that no implementation wins by where its code happens to lie.
 *
 * Measured as bench.h does in the kernel: rdtsc after lfence around a
 * batch of calls, one warm-up batch discarded, median and minimum over
 * the batches, the input varied per call, results summed. The
 * implementations run interleaved in the same batches, in an order that
 * rotates from batch to batch, so that a disturbance of the host hits all
 * of them alike. rdtsc counts at the TSC's constant rate, which is not the
 * core clock under frequency scaling or in a VM: compare ratios.
 *
 *   bench [BATCHES [RAW]] CSV rows on stdout (BATCHES default 101):
 *                         arch,accel,function,impl,len,cycles_median,cycles_min,calls
 *                         cycles_median: the mean over the code offsets of
 *                         the median at each; cycles_min: the least. If RAW
 *                         is given, every batch's ticks go to the file RAW:
 *                         function,len,batch,impl,offset,calls,ticks
 *                         (ratios of batches timed side by side cancel slow
 *                         drifts; bench.sh runs several processes and
 *                         bench_table.py reduces their RAW files)
 *   bench callgrind N     N calls per (function, len, impl), each ended by a
 *                         callgrind dump named "function=F impl=I len=L"
 *                         (run under valgrind --tool=callgrind, see bench.sh;
 *                         one offset: the instructions are the same at all)
 *
 * Exits 1 if the implementations' results differ on any batch.
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>

#include "bench_calls.h"

/* Read by the shim's load_unaligned_zeropad() only in checked builds. */
__thread const unsigned char *shim_zeropad_end;

#define MAX_BATCHES	1001
#define LONG_LEN	65536
/* Bytes hashed per batch and implementation, roughly: ~20-100 us. */
#define BATCH_BYTES	131072

/* Code offsets of the copies, in the order of bench_calls.h's tables. */
static const unsigned int offsets[BENCH_NPLACE] = { 0, 16, 32, 48 };

static const struct {
	const char *name;
	const struct bench_impl *at[BENCH_NPLACE];	/* NULL: not linked there */
} impls[] = {
	{ "module", { &bench_module_p0, &bench_module_p16, &bench_module_p32,
		      &bench_module_p48 } },
	{ "kernel", { &bench_kernel_p0, &bench_kernel_p16, &bench_kernel_p32,
		      &bench_kernel_p48 } },
	{ "kernel_copy", { &bench_kernel_copy_p0, &bench_kernel_copy_p16,
			   &bench_kernel_copy_p32, &bench_kernel_copy_p48 } },
	{ "libsodium", { &bench_libsodium } },
};
#define NIMPL ARRAY_SIZE(impls)
#define NUNIT (NIMPL * BENCH_NPLACE)

/* Name and input bytes of each case; 0: the buffer lengths below. */
static const struct {
	const char *name;
	size_t bytes;
} cases[BENCH_NCASES] = {
	[BENCH_SIPHASH] = { "siphash", 0 },
	[BENCH_HSIPHASH] = { "hsiphash", 0 },
	[BENCH_SIPHASH_1U64] = { "siphash_1u64", 8 },
	[BENCH_SIPHASH_2U64] = { "siphash_2u64", 16 },
	[BENCH_SIPHASH_3U64] = { "siphash_3u64", 24 },
	[BENCH_SIPHASH_4U64] = { "siphash_4u64", 32 },
	[BENCH_SIPHASH_1U32] = { "siphash_1u32", 4 },
	[BENCH_SIPHASH_2U32] = { "siphash_2u32", 8 },
	[BENCH_SIPHASH_3U32] = { "siphash_3u32", 12 },
	[BENCH_SIPHASH_4U32] = { "siphash_4u32", 16 },
	[BENCH_HSIPHASH_1U32] = { "hsiphash_1u32", 4 },
	[BENCH_HSIPHASH_2U32] = { "hsiphash_2u32", 8 },
	[BENCH_HSIPHASH_3U32] = { "hsiphash_3u32", 12 },
	[BENCH_HSIPHASH_4U32] = { "hsiphash_4u32", 16 },
};

/* Buffer lengths: empty, tails of 1 and 7 bytes, whole words, long. */
static const size_t lens[] = {
	0, 1, 7, 8, 15, 16, 24, 32, 64, 256, 1024, 4096, LONG_LEN
};

/* 8 bytes of slack after each buffer for the kernel-style tail load. */
static u8 bufs[BENCH_NBUF][LONG_LEN + 8] __aligned(64);
static struct bench_in in;
static u64 ticks[NUNIT][MAX_BATCHES];	/* [impl * BENCH_NPLACE + place] */
static FILE *raw;

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* The loop of case @c of implementation @i at place @p, if it has one. */
static bench_loop_t *unit_loop(unsigned int i, unsigned int p,
			       enum bench_case c)
{
	return impls[i].at[p] ? impls[i].at[p]->loop[c] : NULL;
}

/*
 * Time case @c at input length @len: @batches batches of every
 * implementation at every place where it has @c, interleaved, in an order
 * that rotates by one per batch; print one CSV row per implementation.
 */
static int bench(enum bench_case c, size_t len, int batches)
{
	const unsigned int calls = len >= LONG_LEN ? 2 :
				   BATCH_BYTES / (len + 64);
	unsigned int have[NUNIT], n = 0, i, p, k, u;
	u64 sum, want = 0;
	int b;

	for (u = 0; u < NUNIT; u++)
		if (unit_loop(u / BENCH_NPLACE, u % BENCH_NPLACE, c))
			have[n++] = u;
	in.len = len;
	for (b = -1; b < batches; b++) {
		for (k = 0; k < n; k++) {
			u = have[(k + b + 1) % n];
			i = u / BENCH_NPLACE;
			p = u % BENCH_NPLACE;
			u64 t = unit_loop(i, p, c)(&in, calls, &sum);

			if (b >= 0)
				ticks[u][b] = t;
			if (b < 0 && k == 0)
				want = sum;
			if (sum != want) {
				fprintf(stderr, "bench: MISMATCH %s len %zu: %s at +%u sums %016llx, not %016llx\n",
					cases[c].name, len, impls[i].name,
					offsets[p], (unsigned long long)sum,
					(unsigned long long)want);
				return -1;
			}
		}
	}
	for (b = 0; raw && b < batches; b++)
		for (k = 0; k < n; k++)
			fprintf(raw, "%s,%zu,%d,%s,%u,%u,%llu\n", cases[c].name,
				len, b, impls[have[k] / BENCH_NPLACE].name,
				offsets[have[k] % BENCH_NPLACE], calls,
				(unsigned long long)ticks[have[k]][b]);
	for (i = 0; i < NIMPL; i++) {
		double med = 0, min = 0;
		unsigned int places = 0;

		for (p = 0; p < BENCH_NPLACE; p++) {
			u = i * BENCH_NPLACE + p;
			if (!unit_loop(i, p, c))
				continue;
			qsort(ticks[u], batches, sizeof(u64), cmp_u64);
			med += (double)ticks[u][batches / 2] / calls;
			if (!places++ || (double)ticks[u][0] / calls < min)
				min = (double)ticks[u][0] / calls;
		}
		if (places)
			printf("x86_64,native,%s,%s,%zu,%.2f,%.2f,%u\n",
			       cases[c].name, impls[i].name, len, med / places,
			       min, places * batches * calls);
	}
	return 0;
}

static void callgrind(enum bench_case c, size_t len, unsigned int calls)
{
	char name[96];
	unsigned int j;
	u64 sum;

	in.len = len;
	for (j = 0; j < NIMPL; j++) {
		if (!unit_loop(j, 0, c))
			continue;
		CALLGRIND_ZERO_STATS;
		unit_loop(j, 0, c)(&in, calls, &sum);
		snprintf(name, sizeof(name), "function=%s impl=%s len=%zu",
			 cases[c].name, impls[j].name, len);
		CALLGRIND_DUMP_STATS_AT(name);
	}
}

int main(int argc, char **argv)
{
	bool cg = argc > 2 && !strcmp(argv[1], "callgrind");
	int batches = argc >= 2 && !cg ? atoi(argv[1]) : 101;
	unsigned int calls = cg ? atoi(argv[2]) : 0;
	unsigned int c, i;

	if (sodium_init() < 0 || batches < 1 || batches > MAX_BATCHES ||
	    (cg && !calls)) {
		fprintf(stderr, "usage: bench [BATCHES (1..%d) [RAW]] | bench callgrind CALLS\n",
			MAX_BATCHES);
		return 1;
	}
	if (argc > 2 && !cg) {
		raw = fopen(argv[2], "w");
		if (!raw) {
			perror(argv[2]);
			return 1;
		}
		fprintf(raw, "function,len,batch,impl,offset,calls,ticks\n");
	}
	randombytes_buf(bufs, sizeof(bufs));
	randombytes_buf(&in.key, sizeof(in.key));
	randombytes_buf(&in.hkey, sizeof(in.hkey));
	for (i = 0; i < BENCH_NBUF; i++)
		in.bufs[i] = bufs[i];

	for (c = 0; c < BENCH_NCASES; c++) {
		for (i = 0; i < (cases[c].bytes ? 1 : ARRAY_SIZE(lens)); i++) {
			size_t len = cases[c].bytes ?: lens[i];

			if (cg)
				callgrind(c, len, calls);
			else if (bench(c, len, batches))
				return 1;
		}
	}
	return raw && fclose(raw) ? 1 : 0;
}
