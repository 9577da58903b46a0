/* SPDX-License-Identifier: GPL-2.0 */
/* User-space shim: the kernel's fixed-width types, without sparse. */
#ifndef SHIM_LINUX_TYPES_H
#define SHIM_LINUX_TYPES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef uint16_t __le16;
typedef uint32_t __le32;
typedef uint64_t __le64;
typedef uint16_t __be16;
typedef uint32_t __be32;

#define __force
#define __aligned(x)		__attribute__((__aligned__(x)))
#define __packed		__attribute__((__packed__))
/* As in the kernel, whose "inline" carries __maybe_unused (clang warns). */
#undef __always_inline
#define __always_inline \
	inline __attribute__((__always_inline__, __unused__))
#define fallthrough		__attribute__((__fallthrough__))

#define BITS_PER_LONG		(__SIZEOF_LONG__ * 8)

#endif
