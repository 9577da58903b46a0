/* SPDX-License-Identifier: GPL-2.0 */
/*
 * User-space shim: load_unaligned_zeropad().
 *
 * The kernel's version loads a whole word that may run past the end of the
 * buffer (never faulting: a fault beyond the page is fixed up with zeros);
 * the bytes past the end are whatever memory holds, so the caller must mask
 * them off. Here the harness says where the readable bytes end
 * (shim_zeropad_end, set before each hash call); bytes up to it are read,
 * nothing past it is touched, and the rest of the word is filled with a
 * poison pattern, so that a caller's missing or wrong mask changes results
 * instead of passing by luck. The first byte must be readable, as in the
 * kernel, or the process aborts.
 *
 * SHIM_ZEROPAD_OVERREAD (benchmark and negative control) instead does
 * the kernel's single 8-byte load, as the kernel writes it on x86: one mov
 * in an asm statement, which the compiler cannot fold into the following
 * AND the way it folds a memcpy(), so that the code around it is the
 * kernel's instruction for instruction (under ASan, which does not see
 * inside asm, a memcpy() instead). Its buffers have 8 bytes of slack.
 */
#ifndef SHIM_ASM_WORD_AT_A_TIME_H
#define SHIM_ASM_WORD_AT_A_TIME_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHIM_ZEROPAD_POISON	0xa5a5a5a5a5a5a5a5ul

extern __thread const unsigned char *shim_zeropad_end;

static inline unsigned long load_unaligned_zeropad(const void *addr)
{
	unsigned long v = SHIM_ZEROPAD_POISON;
#if defined(SHIM_ZEROPAD_OVERREAD) && defined(__x86_64__) && \
	!defined(__SANITIZE_ADDRESS__)
	asm("mov %1, %0" : "=r" (v) : "m" (*(const unsigned long *)addr));
#elif defined(SHIM_ZEROPAD_OVERREAD)
	memcpy(&v, addr, sizeof(v));
#else
	const unsigned char *p = addr, *end = shim_zeropad_end;

	if (!end || p >= end) {
		fprintf(stderr, "load_unaligned_zeropad(%p): not before end %p\n",
			addr, (const void *)end);
		abort();
	}
	memcpy(&v, p, end - p < (long)sizeof(v) ? (size_t)(end - p) : sizeof(v));
#endif
	return v;
}

#endif
