/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: the kernel configuration the build selects with -D.
 * x86 (both widths) and s390x have efficient unaligned access, as in
 * Debian's kernels; CONFIG_DCACHE_WORD_ACCESS (word-at-a-time tail of
 * siphash.c) is given by the Makefile per variant; CONFIG_CPU_BIG_ENDIAN
 * follows the compiler's target.
 */
#ifndef SHIM_LINUX_KCONFIG_H
#define SHIM_LINUX_KCONFIG_H

#if defined(__x86_64__) || defined(__i386__) || defined(__s390x__)
#define CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS 1
#endif
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define CONFIG_CPU_BIG_ENDIAN 1
#endif

/* Only "defined to 1" counts, as with the kernel's IS_ENABLED(). */
#define __SHIM_ARG_PLACEHOLDER_1 0,
#define __shim_take_second(ignored, val, ...) val
#define __shim_is_defined(x) ___shim_is_defined(x)
#define ___shim_is_defined(val) ____shim_is_defined(__SHIM_ARG_PLACEHOLDER_##val)
#define ____shim_is_defined(arg1_or_junk) __shim_take_second(arg1_or_junk 1, 0, 0)
#define IS_ENABLED(option) __shim_is_defined(option)

#endif
