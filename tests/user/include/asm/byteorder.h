/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: little-endian values to the CPU's order. Identities on
 * x86; byte swaps on a big-endian build (s390x, tests/user/run-be.sh).
 */
#ifndef SHIM_ASM_BYTEORDER_H
#define SHIM_ASM_BYTEORDER_H

#include <linux/types.h>

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define le16_to_cpu(x)		((u16)(__force __le16)(x))
#define le32_to_cpu(x)		((u32)(__force __le32)(x))
#define le64_to_cpu(x)		((u64)(__force __le64)(x))
#elif __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define le16_to_cpu(x)		__builtin_bswap16((__force u16)(x))
#define le32_to_cpu(x)		__builtin_bswap32((__force u32)(x))
#define le64_to_cpu(x)		__builtin_bswap64((__force u64)(x))
#else
#error "unknown byte order"
#endif
#define le32_to_cpup(p)		le32_to_cpu(*(p))
#define le64_to_cpup(p)		le64_to_cpu(*(p))

#endif
