/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Cycle benchmarks of the test modules, from sipmod_testlib.ko, so that
 * every figure is measured the same way:
 *
 * - the cycle counter is rdtsc_ordered() on x86 (get_cycles() elsewhere);
 *   under TCG it counts emulation time, so only ratios within one boot mean
 *   anything, and under -icount it counts guest instructions;
 * - a batch of @calls calls runs with preemption and interrupts off, and
 *   nothing else: batches are short, and the CPU is released between them
 *   (BENCH_RUN_CTX: preemptible for a call that takes a lock that sleeps
 *   on PREEMPT_RT);
 * - the first batch is a warm-up and is discarded;
 * - two implementations compared with each other run in the same batches,
 *   alternately first, so that a disturbance of the host hits both and
 *   their ratio stays fair (BENCH_RUN_PAIR, bench_run_pair_fn());
 * - the measured expression sees the loop counter i, so callers vary the
 *   input per call, and its results are summed into a sink that is written
 *   out, so nothing can be optimised away;
 * - the median and the minimum over the batches are reported, in cycles
 *   per call with two decimals; the empty loop is its own row
 *   ("empty_loop"), never subtracted.
 *
 * Results are diagnostic lines of one form, which the host turns into
 * bench.csv:
 *   # bench: function=NAME impl=IMPL len=BYTES median=C.CC min=C.CC calls=N
 * Benchmarks run inside a KTAP session (ktap.h), which also guards the
 * batch buffers below.
 */
#ifndef SIPHASH_BENCH_H
#define SIPHASH_BENCH_H

#include <linux/irqflags.h>
#include <linux/minmax.h>
#include <linux/preempt.h>
#include <linux/sched.h>
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

/* Per-batch cycle totals of the two sides of a benchmark, and the sink. */
extern u64 bench_batch[BENCH_MAX_BATCHES], bench_batch2[BENCH_MAX_BATCHES];
extern u64 bench_sink;

void bench_reduce(struct bench_result *res, u64 *batch, unsigned int batches,
		  unsigned int calls);
void bench_print(const char *function, const char *impl, size_t len,
		 const struct bench_result *r);
void bench_print_ratio(const char *function, const char *num,
		       const struct bench_result *rn, const char *den,
		       const struct bench_result *rd);

/*
 * A timed loop compiled elsewhere: @calls calls on @ctx, the results added
 * into *@sink, the cycles of the calls alone into *@cycles.
 */
typedef void bench_loop_fn(const void *ctx, unsigned int calls, u64 *sink,
			   u64 *cycles);

void bench_run_pair_fn(struct bench_result *ra, struct bench_result *rb,
		       unsigned int batches, unsigned int calls,
		       bench_loop_fn *fa, bench_loop_fn *fb, const void *ctx);

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
 * use the loop counter `i`: @batches (at most BENCH_MAX_BATCHES) timed
 * batches of @calls calls each, after one warm-up batch; with preemption
 * and interrupts off if @atomic, else preemptible, for a call that takes a
 * lock that sleeps on PREEMPT_RT (local_lock, spinlock_t): an interrupt
 * then moves only the batch it hits, which the median leaves out.
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
 * BENCH_RUN_PAIR(ra, rb, batches, calls, ea, eb) - BENCH_RUN() of two
 * expressions compared with each other: each batch times @calls calls of
 * @ea and of @eb back to back, in alternating order.
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

#endif /* SIPHASH_BENCH_H */
