// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: a KTAP case whose known answer is wrong. siphash() of
 * the empty message under the key 00..0f is 0x726fdb47dd0e0e31 ("Introduce
 * The SipHash PRF"); this module expects it with its lowest bit flipped,
 * so siphash.ko's correct answer fails the case. The boot must fail with
 * the reason code ktap-not-ok.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>

#include "siphash.h"

#include "compat.h"
#include "ktap.h"

static void t_wrong_known_answer(void)
{
	static const siphash_key_t key = {{
		0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
	}};
	const u64 want = 0x726fdb47dd0e0e31ULL ^ 1;
	u64 got = siphash(NULL, 0, &key);

	if (got != want)
		ktap_fail("siphash() of the empty message: %016llx, want %016llx",
			  got, want);
}

static const struct ktap_case cases[] = {
	{ "siphash_empty_message_wrong_answer", t_wrong_known_answer },
};

static int __init control_vector_init(void)
{
	return ktap_suite(cases);
}

module_init(control_vector_init);

MODULE_DESCRIPTION("Negative control: a KTAP case with a wrong known answer");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
