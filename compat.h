/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel series this project builds on, in
 * one place: Debian's 6.1, 6.12 and the newest kernel (7.x). The sources
 * include this header and never test a kernel version themselves.
 *
 * The facts come from the kernel tree being built against, not from its
 * version number: Kbuild probes its headers and its Module.symvers and
 * passes what it found as -D flags (the "compat probes" block there):
 *
 *   SIPMOD_HAVE_LINUX_UNALIGNED_H  <linux/unaligned.h> exists. It replaced
 *                                  <asm/unaligned.h> in 6.12.
 *   SIPMOD_HAVE_LINUX_HEX_H        <linux/hex.h> exists. hex2bin() moved
 *                                  there from <linux/kernel.h>, which
 *                                  stopped including it in 7.x.
 *   SIPMOD_NS_IS_STRING            MODULE_IMPORT_NS() and EXPORT_SYMBOL_NS()
 *                                  take a string literal (6.13 and later),
 *                                  not an identifier.
 *   SIPMOD_HAVE_SHA1_TRANSFORM     <crypto/sha1.h> declares sha1_transform().
 *                                  It left the API in 7.0.
 *   SIPMOD_HAVE_DCCP               the kernel exports
 *                                  secure_dccp_sequence_number(); DCCP was
 *                                  removed in 6.16.
 *
 * siphash.h does not include this file: it needs none of it, so that a
 * consumer built with its own Kbuild and only siphash.h works everywhere.
 */
#ifndef SIPHASH_COMPAT_H
#define SIPHASH_COMPAT_H

#include <linux/kernel.h>
#include <linux/module.h>

#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#ifdef SIPMOD_HAVE_LINUX_HEX_H
#include <linux/hex.h>
#endif

/*
 * The symbol namespace of the exports that exist only for the tests
 * (siphash_1_3(), halfsiphash_1_3(), the demos' functions): a module must
 * import it to link.
 */
#ifdef SIPMOD_NS_IS_STRING
#define SIPMOD_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS(sym, "SIPHASH_OOT_TEST")
#define SIPMOD_EXPORT_TEST_GPL(sym) \
	EXPORT_SYMBOL_NS_GPL(sym, "SIPHASH_OOT_TEST")
#define SIPMOD_IMPORT_TEST()	MODULE_IMPORT_NS("SIPHASH_OOT_TEST")
#else
#define SIPMOD_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS(sym, SIPHASH_OOT_TEST)
#define SIPMOD_EXPORT_TEST_GPL(sym) \
	EXPORT_SYMBOL_NS_GPL(sym, SIPHASH_OOT_TEST)
#define SIPMOD_IMPORT_TEST()	MODULE_IMPORT_NS(SIPHASH_OOT_TEST)
#endif

/*
 * Kernel functions some series lack. Each *_GONE is NULL where the running
 * kernel's API has the function, else the reason a comparison with it is
 * skipped, for the KTAP "# SKIP" line.
 */
/*
 * sha1_transform() is compared with, never linked against (no module
 * imports it): tests call it through its address. Its type is declared here
 * and checked against the kernel's declaration where there is one.
 */
typedef void sipmod_sha1_transform_t(u32 *digest, const char *data, u32 *ws);

#ifdef SIPMOD_HAVE_SHA1_TRANSFORM
#include <crypto/sha1.h>
static_assert(__same_type(sha1_transform, sipmod_sha1_transform_t));
#define SIPMOD_SHA1_WORKSPACE_WORDS	SHA1_WORKSPACE_WORDS
#define SIPMOD_SHA1_TRANSFORM_GONE	NULL
#else
#define SIPMOD_SHA1_WORKSPACE_WORDS	16
#define SIPMOD_SHA1_TRANSFORM_GONE \
	"sha1_transform() left the kernel API in 7.0"
#endif

#ifdef SIPMOD_HAVE_DCCP
#define SIPMOD_DCCP_GONE		NULL
#else
#define SIPMOD_DCCP_GONE \
	"this kernel has no DCCP (removed in 6.16): no secure_dccp_*() export"
#endif

#endif /* SIPHASH_COMPAT_H */
