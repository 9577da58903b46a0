// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: test_hmac.ko's known answers of the kernel's HMAC
 * calls, each compared with its RFC digest with one bit flipped, must fail
 * (reason code ktap-not-ok) on a kernel that has the calls; elsewhere the
 * cases skip and the control proves nothing, so make check runs it on the
 * newest kernel.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>

#include "compat.h"
#include "ktap.h"
#include "test_exports.h"

static void t_sha256(void)
{
	test_hmac_case(TEST_HMAC_SHA256, false, true);
}

static void t_sha256_rawkey(void)
{
	test_hmac_case(TEST_HMAC_SHA256, true, true);
}

static const struct ktap_case cases[] = {
	{ "hmac_sha256_corrupt_digest_preparekey", t_sha256 },
	{ "hmac_sha256_corrupt_digest_usingrawkey", t_sha256_rawkey },
};

static int __init control_hmac_init(void)
{
	return ktap_suite(cases);
}

module_init(control_hmac_init);

MODULE_DESCRIPTION("Negative control: the HMAC known answers of test_hmac.ko with corrupted digests");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
