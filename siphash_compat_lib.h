/* SPDX-License-Identifier: (GPL-2.0-only OR BSD-3-Clause) */
/*
 * What siphash.c needs from the kernel and finds under different names in
 * different kernel series: only the unaligned-access header, which moved
 * from <asm/unaligned.h> to <linux/unaligned.h> in 6.12. Kbuild's probe of
 * the tree (SIPMOD_HAVE_LINUX_UNALIGNED_H) decides; no version test.
 *
 * The library includes nothing else of the project. The test and demo
 * modules' differences between series (TCP, kprobes, namespaces) are in
 * compat.h, which the library and the Debian package never see.
 */
#ifndef SIPHASH_COMPAT_LIB_H
#define SIPHASH_COMPAT_LIB_H

#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif /* SIPHASH_COMPAT_LIB_H */
