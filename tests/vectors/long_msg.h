/* SPDX-License-Identifier: GPL-2.0 */
/*
 * long_msg.h - the long test message shared by test_siphash.c and the
 * host-side generators of its reference values: byte i is LONG_MSG_BYTE(i),
 * half of the bytes are >= 0x80, and the lengths cross 255 where the
 * length byte of SipHash wraps. The key is 00 01 02 .. 0f as in the paper.
 */
#ifndef SIPHASH_LONG_MSG_H
#define SIPHASH_LONG_MSG_H

#define LONG_MSG_BYTE(i)	((unsigned char)((i) * 0x3d + 0x81))
#define LONG_MSG_MAX		1024
#define LONG_MSG_LENGTHS \
	{ 64, 65, 100, 127, 128, 200, 255, 256, 257, 300, 511, 512, 513, 1000, 1024 }

#endif /* SIPHASH_LONG_MSG_H */
