/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of test_siphash.ko (test_siphash_hmac.c): SipHash beside the kernel's
 * HMAC-SHA256 and HMAC-SHA1 library calls, with the key prepared once and
 * with the raw key, the choice of the third mail ("[PATCH net-next 3/3]
 * ipv6: sr: Prepare HMAC key ahead of time").
 */
#ifndef TEST_SIPHASH_HMAC_H
#define TEST_SIPHASH_HMAC_H

#include <linux/compiler.h>
#include <linux/types.h>

/**
 * enum test_hmac_alg - the HMACs compared with SipHash
 * @TEST_HMAC_SHA256: HMAC-SHA256, checked against RFC 4231 test case 1
 * @TEST_HMAC_SHA1: HMAC-SHA1, checked against RFC 2202 test case 1
 */
enum test_hmac_alg { TEST_HMAC_SHA256, TEST_HMAC_SHA1 };

const char *test_hmac_kat(enum test_hmac_alg alg, bool rawkey,
			  __printf(1, 2) void (*fail)(const char *fmt, ...),
			  bool corrupt);
void test_hmac_bench(unsigned int batches, unsigned int calls);
void test_siphash_state_check(__printf(1, 2) void (*fail)(const char *fmt, ...));

#endif /* TEST_SIPHASH_HMAC_H */
