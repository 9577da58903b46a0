// SPDX-License-Identifier: GPL-2.0
/*
 * Concurrency test of siphash.ko, reported in KTAP.
 *
 * Several kthreads, spread over the online CPUs, hash random inputs with
 * random keys through siphash.ko and through the kernel's built-in
 * lib/siphash.c (kref_api of sipmod_testlib.ko) at the same time, for a
 * bounded time, and count calls and mismatches. siphash.ko keeps no
 * mutable global state, so any mismatch is a bug. Module init fails with
 * -EINVAL on any mismatch.
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

#include "siphash.h"

#include "compat.h"
#include "kref.h"
#include "ktap.h"
#include "modparam.h"

#define MAX_LEN 200

static unsigned int threads = 4;
sipmod_param_uint(threads, 1, 64,
		  "Hashing kthreads, spread over the online CPUs; default 4");

static unsigned int duration_ms = 3000;
sipmod_param_uint(duration_ms, 1, 10000,
		  "How long the kthreads hash, in milliseconds; default 3000");

/* siphash.ko's API; the kernel's is kref_api. */
SIP_API(static, ours);

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

/* One random input through siphash(), hsiphash() and one helper of each API. */
static void smp_one_round(struct smp_worker *w)
{
	size_t len = prandom_u32_state(&w->rnd) % (MAX_LEN + 1);
	size_t off = prandom_u32_state(&w->rnd) % 8;
	unsigned int j = prandom_u32_state(&w->rnd) % SIP_NR_HELPERS;
	const struct sip_helper *mine = &ours.helpers[j];
	const struct sip_helper *kern = &kref_api.helpers[j];
	const u8 *p = w->buf + off;
	siphash_key_t key;
	hsiphash_key_t hkey;
	const void *k;

	prandom_bytes_state(&w->rnd, &key, sizeof(key));
	prandom_bytes_state(&w->rnd, &hkey, sizeof(hkey));
	prandom_bytes_state(&w->rnd, w->buf, sizeof(w->buf));
	k = mine->half ? (const void *)&hkey : (const void *)&key;

	if (ours.siphash(p, len, &key) != kref_api.siphash(p, len, &key))
		w->mismatches++;
	if (ours.hsiphash(p, len, &hkey) != kref_api.hsiphash(p, len, &hkey))
		w->mismatches++;
	if (mine->call(w->buf, k) != kern->call(w->buf, k))
		w->mismatches++;
	w->calls += 3;
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

/* What the kthreads did, for the cases after the first. */
static unsigned long total_calls;
static unsigned int idle_threads, cpus_used;

/* Run the kthreads for duration_ms; every result must match the kernel's. */
static void t_concurrent_results_match(void)
{
	struct smp_worker *workers;
	unsigned long mismatches = 0, cpus_seen = 0;
	unsigned int i, started = 0, cpu;
	int err = 0;

	workers = kcalloc(threads, sizeof(*workers), GFP_KERNEL);
	if (!workers) {
		ktap_fail("no memory for %u kthreads", threads);
		return;
	}
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
		total_calls += workers[i].calls;
		mismatches += workers[i].mismatches;
		cpus_seen |= workers[i].cpus_seen;
		if (!workers[i].calls)
			idle_threads++;
		ktap_info("thread %u: calls=%lu mismatches=%lu", i,
			  workers[i].calls, workers[i].mismatches);
	}
	kfree(workers);
	if (err)
		ktap_fail("could not start kthread %u: %d", started, err);
	cpus_used = hweight_long(cpus_seen);
	ktap_info("totals: threads=%u calls=%lu mismatches=%lu cpus_used=%u",
		  threads, total_calls, mismatches, cpus_used);
	if (mismatches)
		ktap_fail("%lu mismatches in %lu calls", mismatches, total_calls);
}

static void t_every_thread_hashed(void)
{
	if (idle_threads)
		ktap_fail("%u idle threads", idle_threads);
}

static void t_threads_ran_on_several_cpus(void)
{
	if (num_online_cpus() > 1 && threads > 1 && cpus_used < 2)
		ktap_fail("only one CPU used");
}

static const struct ktap_case cases[] = {
	{ "concurrent_results_match_lib_siphash", t_concurrent_results_match },
	{ "every_thread_hashed", t_every_thread_hashed },
	{ "threads_ran_on_several_cpus", t_threads_ran_on_several_cpus },
};

static int __init test_siphash_smp_init(void)
{
	unsigned int failed;

	ktap_begin(ARRAY_SIZE(cases));
	pr_info("# siphash.ko %s: %u kthreads on %u online CPUs for %u ms\n",
		SIPHASH_OOT_VERSION, threads, num_online_cpus(), duration_ms);
	failed = ktap_run(cases, ARRAY_SIZE(cases));
	ktap_end();
	return failed ? -EINVAL : 0;
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
SIPMOD_IMPORT_TEST();
