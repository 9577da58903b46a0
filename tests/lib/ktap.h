/* SPDX-License-Identifier: GPL-2.0 */
/*
 * KTAP reporting of the load-time tests, from sipmod_testlib.ko: a test
 * module's init opens a session (ktap_begin(), which prints the header
 * and the plan), runs its cases (ktap_run(), one "ok N name" or "not ok N
 * name" line each, "# " diagnostic lines for failures), may print more
 * diagnostics (its benchmarks), and closes the session (ktap_end()).
 * Every line the library prints carries the test module's name, as the
 * module's own pr_info() lines do, so the log reads as one module's KTAP.
 * One session at a time: a second test module's init waits.
 */
#ifndef SIPHASH_KTAP_H
#define SIPHASH_KTAP_H

#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/types.h>

/* A test case: a name for its result line and a function that runs it. */
struct ktap_case {
	const char *name;
	void (*run)(void);
};

#define ktap_begin(ncases)	__ktap_begin(KBUILD_MODNAME, (ncases))
void __ktap_begin(const char *module, size_t ncases);
unsigned int ktap_run(const struct ktap_case *cases, size_t n);
void ktap_end(void);

/*
 * ktap_suite(cases) - a whole session of the array @cases: what a test
 * module's init returns (0, or -EINVAL if a case failed).
 */
#define ktap_suite(cases) \
	__ktap_suite(KBUILD_MODNAME, (cases), ARRAY_SIZE(cases))
int __ktap_suite(const char *module, const struct ktap_case *cases, size_t n);

__printf(1, 2) void ktap_info(const char *fmt, ...);
__printf(1, 2) void ktap_fail(const char *fmt, ...);
void ktap_skip(const char *reason);

#endif /* SIPHASH_KTAP_H */
