/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cycle benchmarks shared by the test and demo modules, so that every
 * figure they print is measured the same way:
 *
 * - the cycle counter is rdtsc_ordered() on x86 (get_cycles() elsewhere);
 *   under TCG it counts emulation time, so only ratios within one boot mean
 *   anything, and the harness labels every figure with the accelerator;
 * - a batch of calls (@calls) runs with preemption and interrupts off, and
 *   nothing else: batches are short, and the CPU is released between them
 *   (BENCH_RUN_CTX: preemptible for a call that takes a lock that
 *   sleeps on PREEMPT_RT);
 * - the first batch is a warm-up and is discarded;
 * - two implementations compared with each other (ours and the kernel's)
 *   run in the same batches, alternately first, so that a disturbance of
 *   the host hits both and their ratio stays fair (BENCH_RUN_PAIR);
 * - the measured expression sees the loop counter i, so callers vary the
 *   input per call, and its results are summed into a sink that is written
 *   out, so nothing can be optimised away;
 * - the median and the minimum over the batches are reported, in cycles
 *   per call with two decimals; the empty loop is measured with the same
 *   machinery and reported as its own row ("empty_loop"), not subtracted.
 *
 * Results are KTAP diagnostic lines of one form, which the host turns into
 * bench.csv:
 *   # bench: function=NAME impl=IMPL len=BYTES median=C.CC min=C.CC calls=N
 */
#ifndef SIPHASH_BENCH_H
#define SIPHASH_BENCH_H

#include <linux/compiler.h>
#include <linux/irqflags.h>
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/sort.h>
#include <linux/timex.h>
#include <linux/types.h>
#ifdef CONFIG_X86
#include <asm/msr.h>
#endif

#define BENCH_MAX_BATCHES 101

static inline u64 bench_cycles(void)
{
#ifdef CONFIG_X86
	return rdtsc_ordered();
#else
	return get_cycles();
#endif
}

/* Per-call figures of one benchmark, in hundredths of a cycle. */
struct bench_result {
	u64 median_x100;
	u64 min_x100;
	u64 calls;
};

/* Written after every benchmark so results stay live. */
static u64 bench_sink __maybe_unused;
/* Per-batch cycle totals; module init runs one benchmark at a time. */
static u64 bench_batch[BENCH_MAX_BATCHES] __maybe_unused;
static u64 bench_batch2[BENCH_MAX_BATCHES] __maybe_unused;

static int __maybe_unused bench_cmp_u64(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* Sort the per-batch totals and reduce them to per-call figures. */
static void __maybe_unused bench_reduce(struct bench_result *res, u64 *batch,
					unsigned int batches, unsigned int calls)
{
	sort(batch, batches, sizeof(*batch), bench_cmp_u64, NULL);
	res->median_x100 = div_u64(batch[batches / 2] * 100, calls);
	res->min_x100 = div_u64(batch[0] * 100, calls);
	res->calls = (u64)batches * calls;
}

/* One timed loop of @nc calls of @expr into @sink; yields its cycles. */
#define BENCH_LOOP(sink, nc, expr)					\
({									\
	u64 __l0 = bench_cycles();					\
	unsigned int i;							\
									\
	for (i = 0; i < (nc); i++)					\
		(sink) += (u64)(expr);					\
	bench_cycles() - __l0;						\
})

/*
 * BENCH_RUN_CTX(res, batches, calls, expr, atomic) - time @expr, which may
 * use the loop counter `i` (unsigned int): @batches (at most
 * BENCH_MAX_BATCHES) timed batches of calls (@calls) each, after one warm-up
 * batch; with preemption and interrupts off if @atomic, else preemptible,
 * for a call that takes a lock that sleeps on PREEMPT_RT (local_lock,
 * spinlock_t): an interrupt then moves only the batch it hits, which the
 * median leaves out.
 */
#define BENCH_RUN_CTX(res, batches, calls, expr, atomic)		\
do {									\
	const unsigned int __nb = min_t(unsigned int, (batches),	\
					BENCH_MAX_BATCHES);		\
	const unsigned int __nc = (calls);				\
	const bool __atomic = (atomic);					\
	u64 __sink = 0, __t;						\
	unsigned long __flags = 0;					\
	unsigned int __b;						\
									\
	for (__b = 0; __b <= __nb; __b++) {				\
		if (__atomic) {						\
			preempt_disable();				\
			local_irq_save(__flags);			\
		}							\
		__t = BENCH_LOOP(__sink, __nc, expr);			\
		if (__b)						\
			bench_batch[__b - 1] = __t;			\
		if (__atomic) {						\
			local_irq_restore(__flags);			\
			preempt_enable();				\
		}							\
		cond_resched();						\
	}								\
	WRITE_ONCE(bench_sink, bench_sink + __sink);			\
	bench_reduce(&(res), bench_batch, __nb, __nc);			\
} while (0)

/* BENCH_RUN() - BENCH_RUN_CTX() with preemption and interrupts off. */
#define BENCH_RUN(res, batches, calls, expr)				\
	BENCH_RUN_CTX(res, batches, calls, expr, true)

/*
 * BENCH_RUN_PAIR(ra, rb, batches, calls, ea, eb) - like BENCH_RUN for two
 * expressions compared with each other: each batch times calls (@calls) of
 * @ea and of @eb back to back, in alternating order, so that both see the
 * same conditions and their ratio is as fair as one boot allows.
 */
#define BENCH_RUN_PAIR(ra, rb, batches, calls, ea, eb)			\
do {									\
	const unsigned int __nb = min_t(unsigned int, (batches),	\
					BENCH_MAX_BATCHES);		\
	const unsigned int __nc = (calls);				\
	u64 __sink = 0, __ta = 0, __tb = 0;				\
	unsigned int __b, __o;						\
	unsigned long __flags;						\
									\
	for (__b = 0; __b <= __nb; __b++) {				\
		preempt_disable();					\
		local_irq_save(__flags);				\
		/* even batches: a then b; odd batches: b then a */	\
		for (__o = 0; __o < 2; __o++) {				\
			if ((__o ^ __b) & 1)				\
				__tb = BENCH_LOOP(__sink, __nc, eb);	\
			else						\
				__ta = BENCH_LOOP(__sink, __nc, ea);	\
		}							\
		if (__b) {						\
			bench_batch[__b - 1] = __ta;			\
			bench_batch2[__b - 1] = __tb;			\
		}							\
		local_irq_restore(__flags);				\
		preempt_enable();					\
		cond_resched();						\
	}								\
	WRITE_ONCE(bench_sink, bench_sink + __sink);			\
	bench_reduce(&(ra), bench_batch, __nb, __nc);			\
	bench_reduce(&(rb), bench_batch2, __nb, __nc);			\
} while (0)

/*
 * A timed loop compiled elsewhere: calls (@calls) on @ctx, the results added
 * into *@sink, the cycles of the calls alone into *@cycles. For
 * implementations that cannot be named in one file (test_siphash.ko's).
 */
typedef void bench_loop_fn(const void *ctx, unsigned int calls, u64 *sink,
			   u64 *cycles);

/*
 * bench_run_pair_fn() - BENCH_RUN_PAIR() for two timed loop functions:
 * batches alternately @fa then @fb and @fb then @fa, interrupts off.
 */
static void __maybe_unused bench_run_pair_fn(struct bench_result *ra,
					     struct bench_result *rb,
					     unsigned int batches,
					     unsigned int calls,
					     bench_loop_fn *fa,
					     bench_loop_fn *fb,
					     const void *ctx)
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

/* Print one result as the KTAP diagnostic line the host parses. */
static void __maybe_unused bench_print(const char *function, const char *impl,
				       size_t len, const struct bench_result *r)
{
	u32 med_frac, min_frac;
	u64 med = div_u64_rem(r->median_x100, 100, &med_frac);
	u64 min = div_u64_rem(r->min_x100, 100, &min_frac);

	pr_info("# bench: function=%s impl=%s len=%zu median=%llu.%02u min=%llu.%02u calls=%llu\n",
		function, impl, len, med, med_frac, min, min_frac, r->calls);
}

#endif /* SIPHASH_BENCH_H */
