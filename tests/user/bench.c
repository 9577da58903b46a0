// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - user-space benchmark of siphash.c's SipHash-2-4 (built as the
 * x86_64 kernel builds it: word-at-a-time tail, one 8-byte tail load)
 * against libsodium's crypto_shorthash_siphash24 on the host CPU.
 *
 * Measured as bench.h does in the kernel: rdtsc with lfence around a batch
 * of calls, one warm-up batch discarded, median and minimum over batches,
 * the input varied per call (one of 4 buffers) and results summed into a
 * sink. rdtsc counts at the TSC's constant rate, which is not the core
 * clock under frequency scaling or in a VM: compare ratios, not absolutes.
 *
 *   bench                 CSV rows on stdout:
 *                         arch,accel,function,impl,len,cycles_median,cycles_min,calls
 *   bench callgrind N     N calls per (impl, len), each ended by a callgrind
 *                         dump named "impl=IMPL len=LEN" (run under
 *                         valgrind --tool=callgrind, see run.sh)
 */
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <valgrind/callgrind.h>
#include <x86intrin.h>

#include "harness.h"

__thread const unsigned char *shim_zeropad_end;

#define BATCHES		101
#define NBUF		4
#define LONG_LEN	65536

static const size_t lens[] = { 8, 16, 32, 64, 256, 1024, 4096, LONG_LEN };
/* 8 bytes of slack after each buffer for the kernel-style tail load. */
static u8 bufs[NBUF][LONG_LEN + 8] __aligned(64);
static siphash_key_t key;
static u64 sink;

static u64 cycles(void)
{
	u64 t;

	_mm_lfence();
	t = __rdtsc();
	_mm_lfence();
	return t;
}

static __attribute__((noinline)) u64 run_module(size_t len, unsigned int calls)
{
	u64 s = 0;
	unsigned int i;

	for (i = 0; i < calls; i++)
		s += siphash(bufs[i % NBUF], len, &key);
	return s;
}

static __attribute__((noinline)) u64 run_sodium(size_t len, unsigned int calls)
{
	u64 s = 0, out;
	unsigned int i;

	for (i = 0; i < calls; i++) {
		crypto_shorthash_siphash24((u8 *)&out, bufs[i % NBUF], len,
					   (const u8 *)&key);
		s += out;
	}
	return s;
}

static int cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

static void bench(const char *impl, u64 (*fn)(size_t, unsigned int),
		  size_t len)
{
	unsigned int calls = len >= LONG_LEN ? 16 : 1048576 / (len + 64);
	u64 t[BATCHES], t0;
	int b;

	for (b = -1; b < BATCHES; b++) {
		t0 = cycles();
		sink += fn(len, calls);
		if (b >= 0)
			t[b] = cycles() - t0;
	}
	qsort(t, BATCHES, sizeof(t[0]), cmp_u64);
	printf("x86_64,native,siphash,%s,%zu,%.2f,%.2f,%u\n", impl, len,
	       (double)t[BATCHES / 2] / calls, (double)t[0] / calls,
	       BATCHES * calls);
}

int main(int argc, char **argv)
{
	unsigned int n = argc > 2 ? atoi(argv[2]) : 0;
	size_t i;

	if (sodium_init() < 0)
		return 1;
	randombytes_buf(bufs, sizeof(bufs));
	randombytes_buf(&key, sizeof(key));

	if (argc > 2 && !strcmp(argv[1], "callgrind")) {
		char name[64];

		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			CALLGRIND_ZERO_STATS;
			sink += run_module(lens[i], n);
			snprintf(name, sizeof(name), "impl=module len=%zu", lens[i]);
			CALLGRIND_DUMP_STATS_AT(name);
			sink += run_sodium(lens[i], n);
			snprintf(name, sizeof(name), "impl=libsodium len=%zu", lens[i]);
			CALLGRIND_DUMP_STATS_AT(name);
		}
	} else {
		for (i = 0; i < ARRAY_SIZE(lens); i++) {
			bench("module", run_module, lens[i]);
			bench("libsodium", run_sodium, lens[i]);
		}
	}
	fprintf(stderr, "bench: sink %llx\n", (unsigned long long)sink);
	return 0;
}
