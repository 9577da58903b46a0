/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: the byte order of the host, as the kernel's
 * <asm/byteorder.h> gives it (__LITTLE_ENDIAN or __BIG_ENDIAN), and the
 * little-endian conversions siphash.c uses: identities on a little-endian
 * host (x86), byte swaps on a big-endian one (s390x under qemu-user).
 */
#ifndef SHIM_ASM_BYTEORDER_H
#define SHIM_ASM_BYTEORDER_H

#include <linux/types.h>

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define __LITTLE_ENDIAN		1234
#define le16_to_cpu(x)		((u16)(__force __le16)(x))
#define le32_to_cpu(x)		((u32)(__force __le32)(x))
#define le64_to_cpu(x)		((u64)(__force __le64)(x))
#else
#define __BIG_ENDIAN		4321
#define le16_to_cpu(x)		__builtin_bswap16((__force u16)(x))
#define le32_to_cpu(x)		__builtin_bswap32((__force u32)(x))
#define le64_to_cpu(x)		__builtin_bswap64((__force u64)(x))
#endif
/* Functions, as in the kernel: they take a void pointer too. */
static inline u16 le16_to_cpup(const __le16 *p)
{
	return le16_to_cpu(*p);
}

static inline u32 le32_to_cpup(const __le32 *p)
{
	return le32_to_cpu(*p);
}

static inline u64 le64_to_cpup(const __le64 *p)
{
	return le64_to_cpu(*p);
}

#endif
