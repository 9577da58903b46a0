/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the test modules export for the negative controls of
 * tests/controls/, in the SIPHASH_OOT_TEST namespace: each runs part of a
 * test in the caller's KTAP session with one thing made wrong, which must
 * fail, so that the part is shown able to fail.
 */
#ifndef SIPHASH_TEST_EXPORTS_H
#define SIPHASH_TEST_EXPORTS_H

#include <linux/types.h>

/**
 * enum test_hmac_alg - the HMACs test_hmac.ko compares with SipHash
 * @TEST_HMAC_SHA256: HMAC-SHA256, checked against RFC 4231 test case 1
 * @TEST_HMAC_SHA1: HMAC-SHA1, checked against RFC 2202 test case 1
 */
enum test_hmac_alg { TEST_HMAC_SHA256, TEST_HMAC_SHA1 };

void test_hmac_case(enum test_hmac_alg alg, bool rawkey, bool corrupt);
void test_secure_seq_live_swapped(void);

#endif /* SIPHASH_TEST_EXPORTS_H */
