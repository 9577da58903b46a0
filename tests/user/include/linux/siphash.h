/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: the key types and alignments of <linux/siphash.h>. */
#ifndef SHIM_LINUX_SIPHASH_H
#define SHIM_LINUX_SIPHASH_H

#include <linux/kernel.h>

#define SIPHASH_ALIGNMENT	__alignof__(u64)
typedef struct {
	u64 key[2];
} siphash_key_t;

#define HSIPHASH_ALIGNMENT	__alignof__(unsigned long)
typedef struct {
	unsigned long key[2];
} hsiphash_key_t;

#endif
