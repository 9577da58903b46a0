/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: unaligned little-endian loads through memcpy(). */
#ifndef SHIM_ASM_UNALIGNED_H
#define SHIM_ASM_UNALIGNED_H

#include <string.h>
#include <asm/byteorder.h>

#define __SHIM_GET_UNALIGNED(bits)					\
static inline u##bits get_unaligned_le##bits(const void *p)		\
{									\
	u##bits v;							\
									\
	memcpy(&v, p, sizeof(v));					\
	return le##bits##_to_cpu(v);					\
}
__SHIM_GET_UNALIGNED(16)
__SHIM_GET_UNALIGNED(32)
__SHIM_GET_UNALIGNED(64)

#endif
