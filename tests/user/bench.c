// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - user-space benchmark on the host CPU of this project's
 * siphash.c against the kernel's own lib/siphash.c (from linux-source,
 * compiled at test time with the same x86_64 kernel flags), a second copy
 * of the kernel's code (the A/A control: any difference between the two
 * copies is the noise of the method), and libsodium's
 * crypto_shorthash_siphash24 (siphash() only). See bench_calls.c for what
 * is called and the Makefile for how each is built.
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
 *                         and, if RAW is given, every batch's ticks into
 *                         the file RAW: function,len,batch,impl,ticks (ratios
 *                         of batches timed side by side cancel slow drifts)
 *   bench callgrind N     N calls per (function, len, impl), each ended by a
 *                         callgrind dump named "function=F impl=I len=L"
 *                         (run under valgrind --tool=callgrind, see bench.sh)
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

static const struct {
	const char *name;
	const struct bench_impl *impl;
} impls[] = {
	{ "module", &bench_module },
	{ "kernel", &bench_kernel },
	{ "kernel_copy", &bench_kernel_copy },
	{ "libsodium", &bench_libsodium },
};
#define NIMPL ARRAY_SIZE(impls)

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
static u64 ticks[NIMPL][MAX_BATCHES];
static FILE *raw;

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/*
 * Time case @c at input length @len: @batches batches of every
 * implementation that has @c, interleaved; print one CSV row each.
 */
static int bench(enum bench_case c, size_t len, int batches)
{
	const unsigned int calls = len >= LONG_LEN ? 2 :
				   BATCH_BYTES / (len + 64);
	unsigned int have[NIMPL], n = 0, j, k;
	u64 sum, want = 0;
	int b;

	for (j = 0; j < NIMPL; j++)
		if (impls[j].impl->loop[c])
			have[n++] = j;
	in.len = len;
	for (b = -1; b < batches; b++) {
		for (k = 0; k < n; k++) {
			j = have[(k + b + 1) % n];
			u64 t = impls[j].impl->loop[c](&in, calls, &sum);

			if (b >= 0)
				ticks[j][b] = t;
			if (b < 0 && k == 0)
				want = sum;
			if (sum != want) {
				fprintf(stderr, "bench: MISMATCH %s len %zu: %s sums %016llx, %s %016llx\n",
					cases[c].name, len, impls[j].name,
					(unsigned long long)sum,
					impls[have[(b + 1) % n]].name,
					(unsigned long long)want);
				return -1;
			}
		}
	}
	for (b = 0; raw && b < batches; b++)
		for (k = 0; k < n; k++)
			fprintf(raw, "%s,%zu,%d,%s,%llu\n", cases[c].name, len, b,
				impls[have[k]].name,
				(unsigned long long)ticks[have[k]][b]);
	for (k = 0; k < n; k++) {
		j = have[k];
		qsort(ticks[j], batches, sizeof(u64), cmp_u64);
		printf("x86_64,native,%s,%s,%zu,%.2f,%.2f,%u\n", cases[c].name,
		       impls[j].name, len,
		       (double)ticks[j][batches / 2] / calls,
		       (double)ticks[j][0] / calls, batches * calls);
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
		if (!impls[j].impl->loop[c])
			continue;
		CALLGRIND_ZERO_STATS;
		impls[j].impl->loop[c](&in, calls, &sum);
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
		fprintf(raw, "function,len,batch,impl,ticks\n");
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
