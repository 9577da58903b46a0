// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency test of siphash.ko, reported in KTAP.
 *
 * Several kthreads, spread over the online CPUs, hash random inputs with
 * random keys through siphash.ko and through the kernel's built-in
 * lib/siphash.c at the same time, for a bounded time, and count calls and
 * mismatches. siphash.ko keeps no mutable global state, so any mismatch is a
 * bug. Module init fails with -EINVAL on any mismatch.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/prandom.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include "compat.h"
#include "kernel_ref.h"
#include "modparam.h"
#include "siphash.h"

#define THREADS_MIN 1
#define THREADS_MAX 64
#define DURATION_MS_MIN 1
#define DURATION_MS_MAX 10000
#define MAX_LEN 200

static unsigned int threads = 4;
static unsigned int duration_ms = 3000;

module_param_uint_range(threads, THREADS_MIN, THREADS_MAX,
			"Hashing kthreads, spread over the online CPUs; default 4");

module_param_uint_range(duration_ms, DURATION_MS_MIN, DURATION_MS_MAX,
			"How long the kthreads hash, in milliseconds; default 3000");

/**
 * struct smp_worker - one hashing kthread and its results
 * @task: the kthread
 * @rnd: its own generator of inputs and keys
 * @calls: calls into siphash.ko so far
 * @mismatches: results that differed from lib/siphash.c
 * @cpus_seen: bit n set once the thread ran on CPU n (n < BITS_PER_LONG)
 * @buf: the input buffer, with room for misaligned starts
 */
struct smp_worker {
	struct task_struct *task;
	struct rnd_state rnd;
	unsigned long calls;
	unsigned long mismatches;
	unsigned long cpus_seen;
	u8 buf[MAX_LEN + 8];
};

static void smp_one_round(struct smp_worker *w)
{
	siphash_key_t key;
	hsiphash_key_t hkey;
	size_t len = prandom_u32_state(&w->rnd) % (MAX_LEN + 1);
	size_t off = prandom_u32_state(&w->rnd) % 8;
	const u8 *p = w->buf + off;
	u64 a, b;
	u32 c;

	prandom_bytes_state(&w->rnd, &key, sizeof(key));
	prandom_bytes_state(&w->rnd, &hkey, sizeof(hkey));
	prandom_bytes_state(&w->rnd, w->buf, sizeof(w->buf));
	a = get_unaligned_le64(w->buf);
	b = get_unaligned_le64(w->buf + 8);
	c = get_unaligned_le32(w->buf + 16);

	if (siphash(p, len, &key) != kern_siphash(p, len, &key))
		w->mismatches++;
	if (hsiphash(p, len, &hkey) != kern_hsiphash(p, len, &hkey))
		w->mismatches++;
	if (siphash_2u64(a, b, &key) != kern_2u64(a, b, &key))
		w->mismatches++;
	if (hsiphash_3u32(a, b, c, &hkey) != kern_h3u32(a, b, c, &hkey))
		w->mismatches++;
	w->calls += 4;
}

static int smp_worker_fn(void *data)
{
	struct smp_worker *w = data;
	unsigned int cpu;

	while (!kthread_should_stop()) {
		smp_one_round(w);
		cpu = raw_smp_processor_id();
		if (cpu < BITS_PER_LONG)
			w->cpus_seen |= BIT(cpu);
		cond_resched();
	}
	return 0;
}

static int __init test_siphash_smp_init(void)
{
	struct smp_worker *workers;
	unsigned long calls = 0, mismatches = 0, cpus_seen = 0;
	unsigned int i, started = 0, idle = 0, cpu, ncpus;
	unsigned int online = num_online_cpus();
	bool fail = false;
	int err = 0;

	pr_info("KTAP version 1\n");
	pr_info("1..3\n");
	pr_info("# siphash.ko %s: %u kthreads on %u online CPUs for %u ms\n",
		SIPHASH_OOT_VERSION, threads, online, duration_ms);

	workers = kcalloc(threads, sizeof(*workers), GFP_KERNEL);
	if (!workers)
		return -ENOMEM;

	cpu = cpumask_first(cpu_online_mask);
	for (i = 0; i < threads; i++) {
		struct smp_worker *w = &workers[i];

		prandom_seed_state(&w->rnd, get_random_u64());
		w->task = kthread_create(smp_worker_fn, w, "siphash_smp/%u", i);
		if (IS_ERR(w->task)) {
			err = PTR_ERR(w->task);
			w->task = NULL;
			break;
		}
		kthread_bind(w->task, cpu);
		cpu = cpumask_next(cpu, cpu_online_mask);
		if (cpu >= nr_cpu_ids)
			cpu = cpumask_first(cpu_online_mask);
		started++;
	}
	for (i = 0; i < started; i++)
		wake_up_process(workers[i].task);
	if (!err)
		msleep(duration_ms);
	for (i = 0; i < started; i++) {
		kthread_stop(workers[i].task);
		calls += workers[i].calls;
		mismatches += workers[i].mismatches;
		cpus_seen |= workers[i].cpus_seen;
		if (!workers[i].calls)
			idle++;
		pr_info("# thread %u: calls=%lu mismatches=%lu\n", i,
			workers[i].calls, workers[i].mismatches);
	}
	kfree(workers);
	if (err) {
		pr_err("could not start kthread %u: %d\n", started, err);
		return err;
	}

	ncpus = hweight_long(cpus_seen);
	pr_info("# totals: threads=%u calls=%lu mismatches=%lu cpus_used=%u\n",
		threads, calls, mismatches, ncpus);
	if (mismatches) {
		fail = true;
		pr_info("not ok 1 concurrent_results_match_lib_siphash # %lu mismatches in %lu calls\n",
			mismatches, calls);
	} else {
		pr_info("ok 1 concurrent_results_match_lib_siphash # %lu calls\n",
			calls);
	}
	if (idle) {
		fail = true;
		pr_info("not ok 2 every_thread_hashed # %u idle threads\n", idle);
	} else {
		pr_info("ok 2 every_thread_hashed\n");
	}
	if (online > 1 && threads > 1 && ncpus < 2) {
		fail = true;
		pr_info("not ok 3 threads_ran_on_several_cpus # only one CPU used\n");
	} else {
		pr_info("ok 3 threads_ran_on_several_cpus # %u CPUs used\n",
			ncpus);
	}
	return fail ? -EINVAL : 0;
}

static void __exit test_siphash_smp_exit(void)
{
}

module_init(test_siphash_smp_init);
module_exit(test_siphash_smp_exit);

MODULE_DESCRIPTION("KTAP concurrency test of siphash.ko against lib/siphash.c from several kthreads");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
