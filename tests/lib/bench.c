// SPDX-License-Identifier: GPL-2.0
/*
 * Cycle benchmarks of the test modules (bench.h), part of sipmod_testlib.ko.
 */
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sort.h>

#include "bench.h"
#include "compat.h"
#include "ktap.h"

u64 bench_batch[BENCH_MAX_BATCHES], bench_batch2[BENCH_MAX_BATCHES];
SIPMOD_EXPORT_TEST_GPL(bench_batch);
SIPMOD_EXPORT_TEST_GPL(bench_batch2);
u64 bench_sink;
SIPMOD_EXPORT_TEST_GPL(bench_sink);

static int bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/**
 * bench_reduce() - per-call figures from per-batch cycle totals
 * @res: the figures
 * @batch: one total per batch, @batches of them; sorted in place
 * @batches: how many
 * @calls: calls per batch
 */
void bench_reduce(struct bench_result *res, u64 *batch, unsigned int batches,
		  unsigned int calls)
{
	sort(batch, batches, sizeof(*batch), bench_cmp_u64, NULL);
	res->median_x100 = div_u64(batch[batches / 2] * 100, calls);
	res->min_x100 = div_u64(batch[0] * 100, calls);
	res->calls = (u64)batches * calls;
}

SIPMOD_EXPORT_TEST_GPL(bench_reduce);

/**
 * bench_run_pair_fn() - BENCH_RUN_PAIR() of two timed loop functions
 * @ra: the figures of @fa
 * @rb: the figures of @fb
 * @batches: timed batches (at most BENCH_MAX_BATCHES), after a warm-up
 * @calls: calls per batch and loop
 * @fa: one loop
 * @fb: the other
 * @ctx: what both loops read
 *
 * Batches alternate between @fa then @fb and @fb then @fa, interrupts off.
 */
void bench_run_pair_fn(struct bench_result *ra, struct bench_result *rb,
		       unsigned int batches, unsigned int calls,
		       bench_loop_fn *fa, bench_loop_fn *fb, const void *ctx)
{
	const unsigned int nb = min_t(unsigned int, batches, BENCH_MAX_BATCHES);
	u64 sink = 0, ta = 0, tb = 0;
	unsigned long flags;
	unsigned int b, o;

	for (b = 0; b <= nb; b++) {
		preempt_disable();
		local_irq_save(flags);
		for (o = 0; o < 2; o++) {
			if ((o ^ b) & 1)
				fb(ctx, calls, &sink, &tb);
			else
				fa(ctx, calls, &sink, &ta);
		}
		if (b) {
			bench_batch[b - 1] = ta;
			bench_batch2[b - 1] = tb;
		}
		local_irq_restore(flags);
		preempt_enable();
		cond_resched();
	}
	WRITE_ONCE(bench_sink, bench_sink + sink);
	bench_reduce(ra, bench_batch, nb, calls);
	bench_reduce(rb, bench_batch2, nb, calls);
}

SIPMOD_EXPORT_TEST_GPL(bench_run_pair_fn);

/**
 * bench_print() - print one result as the line the host parses
 * @function: what was timed
 * @impl: whose implementation
 * @len: bytes one call hashes
 * @r: the figures
 */
void bench_print(const char *function, const char *impl, size_t len,
		 const struct bench_result *r)
{
	u32 med_frac, min_frac;
	u64 med = div_u64_rem(r->median_x100, 100, &med_frac);
	u64 min = div_u64_rem(r->min_x100, 100, &min_frac);

	ktap_info("bench: function=%s impl=%s len=%zu median=%llu.%02u min=%llu.%02u calls=%llu",
		  function, impl, len, med, med_frac, min, min_frac, r->calls);
}

SIPMOD_EXPORT_TEST_GPL(bench_print);

/**
 * bench_print_ratio() - print how many times faster one side was
 * @function: what was timed
 * @num: the name of the slower side, whose median is the numerator
 * @rn: its figures
 * @den: the name of the other side
 * @rd: its figures
 *
 * The ratio of the medians, two decimals, for the reader: the host
 * computes its own from the bench lines. Without figures it is a failure
 * of the running case.
 */
void bench_print_ratio(const char *function, const char *num,
		       const struct bench_result *rn, const char *den,
		       const struct bench_result *rd)
{
	u64 x = rd->median_x100 ? div64_u64(rn->median_x100 * 100,
					    rd->median_x100) : 0;
	u32 frac;

	if (!x)
		ktap_fail("%s: no cycle count", function);
	x = div_u64_rem(x, 100, &frac);
	ktap_info("speedup: function=%s %s/%s=%llu.%02ux (median cycles per call)",
		  function, num, den, x, frac);
}

SIPMOD_EXPORT_TEST_GPL(bench_print_ratio);
