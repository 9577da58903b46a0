/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: little-endian hosts only (x86), so these are identities. */
#ifndef SHIM_ASM_BYTEORDER_H
#define SHIM_ASM_BYTEORDER_H

#include <linux/types.h>

#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the user-space shims assume a little-endian host"
#endif

#define le16_to_cpu(x)		((u16)(__force __le16)(x))
#define le32_to_cpu(x)		((u32)(__force __le32)(x))
#define le64_to_cpu(x)		((u64)(__force __le64)(x))
#define le32_to_cpup(p)		le32_to_cpu(*(p))
#define le64_to_cpup(p)		le64_to_cpu(*(p))

#endif
