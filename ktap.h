/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP reporting shared by the load-time tests of this project: a plan,
 * one "ok N name" or "not ok N name # reason" line per case, and "# "
 * diagnostic lines, all through pr_info() and so with the module's pr_fmt
 * prefix, which kunit.py parse strips. A module includes this once.
 */
#ifndef SIPHASH_KTAP_H
#define SIPHASH_KTAP_H

#include <linux/kernel.h>
#include <linux/printk.h>

/* A test case: a name for its result line and a function that runs it. */
struct ktap_case {
	const char *name;
	void (*run)(void);
};

#define KTAP_MAX_FAIL_LINES 8

/* Failures of the case running now, and why it was skipped (or NULL). */
static unsigned int ktap_case_failures;
static const char *ktap_case_skip;

/**
 * ktap_fail() - record one failure of the running case
 * @fmt: printf format of what failed; printed as a "# " diagnostic line
 *
 * Only the first KTAP_MAX_FAIL_LINES failures of a case are printed; all
 * are counted.
 */
static __printf(1, 2) void ktap_fail(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	if (ktap_case_failures++ >= KTAP_MAX_FAIL_LINES)
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("# %pV\n", &vaf);
	va_end(args);
}

/**
 * ktap_skip() - mark the running case skipped
 * @reason: why, a string that outlives the case (a literal); printed after
 *          "# SKIP" on the case's result line
 *
 * A skipped case has not run its check: use it only where the thing to
 * check does not exist here (an export a kernel series lacks, a parameter
 * the harness did not pass), never to hide a failure.
 */
static void __maybe_unused ktap_skip(const char *reason)
{
	ktap_case_skip = reason;
}

/**
 * ktap_plan() - print the KTAP header and plan
 * @n: number of cases that will follow
 */
static void ktap_plan(size_t n)
{
	pr_info("KTAP version 1\n");
	pr_info("1..%zu\n", n);
}

/**
 * ktap_run() - run every case and print its result line
 * @cases: the cases, in plan order
 * @n: number of cases
 *
 * Return: the number of cases that failed.
 */
static unsigned int ktap_run(const struct ktap_case *cases, size_t n)
{
	unsigned int failed = 0, skipped = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ktap_case_failures = 0;
		ktap_case_skip = NULL;
		cases[i].run();
		if (ktap_case_failures) {
			failed++;
			pr_info("not ok %zu %s # %u failures\n", i + 1,
				cases[i].name, ktap_case_failures);
		} else if (ktap_case_skip) {
			skipped++;
			pr_info("ok %zu %s # SKIP %s\n", i + 1, cases[i].name,
				ktap_case_skip);
		} else {
			pr_info("ok %zu %s\n", i + 1, cases[i].name);
		}
	}
	pr_info("# totals: pass:%zu fail:%u skip:%u\n",
		n - failed - skipped, failed, skipped);
	return failed;
}

#endif /* SIPHASH_KTAP_H */
