// SPDX-License-Identifier: GPL-2.0
/*
 * KTAP reporting of the load-time tests (ktap.h), part of sipmod_testlib.ko.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/printk.h>

#include "compat.h"
#include "ktap.h"

/* Failures printed per case; all are counted. */
#define KTAP_MAX_FAIL_LINES 8

static DEFINE_MUTEX(ktap_session);
/* The session's module, its running case's failures and skip reason. */
static const char *ktap_module;
static unsigned int ktap_case_failures;
static const char *ktap_case_skip;

/**
 * __ktap_begin() - open a KTAP session: print the header and the plan
 * @module: the test module's name (ktap_begin() passes KBUILD_MODNAME)
 * @ncases: the number of cases ktap_run() will run
 *
 * Waits while another test module holds a session. Every function of this
 * file but ktap_begin() runs inside a session only.
 */
void __ktap_begin(const char *module, size_t ncases)
{
	mutex_lock(&ktap_session);
	ktap_module = module;
	pr_info("%s: KTAP version 1\n", module);
	pr_info("%s: 1..%zu\n", module, ncases);
}

SIPMOD_EXPORT_TEST_GPL(__ktap_begin);

/**
 * ktap_end() - close the session ktap_begin() opened
 */
void ktap_end(void)
{
	ktap_module = NULL;
	mutex_unlock(&ktap_session);
}

SIPMOD_EXPORT_TEST_GPL(ktap_end);

/**
 * ktap_info() - print a "# " diagnostic line of the session's module
 * @fmt: printf format of the line, without the "# " and the newline
 */
void ktap_info(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	pr_info("%s: # %pV\n", ktap_module, &vaf);
	va_end(args);
}

SIPMOD_EXPORT_TEST_GPL(ktap_info);

/**
 * ktap_fail() - record one failure of the running case
 * @fmt: printf format of what failed, printed as a diagnostic line
 *
 * Only the first KTAP_MAX_FAIL_LINES failures of a case are printed.
 */
void ktap_fail(const char *fmt, ...)
{
	struct va_format vaf;
	va_list args;

	if (ktap_case_failures++ >= KTAP_MAX_FAIL_LINES)
		return;
	va_start(args, fmt);
	vaf.fmt = fmt;
	vaf.va = &args;
	ktap_info("%pV", &vaf);
	va_end(args);
}

SIPMOD_EXPORT_TEST_GPL(ktap_fail);

/**
 * ktap_skip() - mark the running case skipped
 * @reason: why, a string that outlives the case (a literal), printed after
 *          "# SKIP" on the case's result line
 *
 * Only where the thing to check does not exist here (an export a kernel
 * series lacks, an address the harness did not pass), never to hide a
 * failure.
 */
void ktap_skip(const char *reason)
{
	ktap_case_skip = reason;
}

SIPMOD_EXPORT_TEST_GPL(ktap_skip);

/**
 * ktap_run() - run cases in order and print each one's result line
 * @cases: the cases
 * @n: how many
 *
 * Return: the number of cases that failed.
 */
unsigned int ktap_run(const struct ktap_case *cases, size_t n)
{
	unsigned int failed = 0, skipped = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ktap_case_failures = 0;
		ktap_case_skip = NULL;
		cases[i].run();
		if (ktap_case_failures) {
			failed++;
			pr_info("%s: not ok %zu %s # %u failures\n", ktap_module,
				i + 1, cases[i].name, ktap_case_failures);
		} else if (ktap_case_skip) {
			skipped++;
			pr_info("%s: ok %zu %s # SKIP %s\n", ktap_module, i + 1,
				cases[i].name, ktap_case_skip);
		} else {
			pr_info("%s: ok %zu %s\n", ktap_module, i + 1,
				cases[i].name);
		}
	}
	ktap_info("totals: pass:%zu fail:%u skip:%u", n - failed - skipped,
		  failed, skipped);
	return failed;
}

SIPMOD_EXPORT_TEST_GPL(ktap_run);

/**
 * __ktap_suite() - a whole KTAP session: the header, the cases, the end
 * @module: the test module's name (ktap_suite() passes KBUILD_MODNAME)
 * @cases: the cases
 * @n: how many
 *
 * Return: 0, or -EINVAL if a case failed: what module init returns.
 */
int __ktap_suite(const char *module, const struct ktap_case *cases, size_t n)
{
	unsigned int failed;

	__ktap_begin(module, n);
	failed = ktap_run(cases, n);
	ktap_end();
	return failed ? -EINVAL : 0;
}

SIPMOD_EXPORT_TEST_GPL(__ktap_suite);
