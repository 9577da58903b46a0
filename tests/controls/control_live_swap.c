// SPDX-License-Identifier: GPL-2.0
/*
 * Negative control: test_secure_seq.ko's live_ ISN cases, which compare
 * secure_seq_demo.ko with the running kernel's own secure_seq functions,
 * with the demo given every tuple with its two ports swapped, as a wrong
 * packing would hash them. They must fail (reason code ktap-not-ok), or
 * the comparison with the kernel proves nothing.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>

#include "compat.h"
#include "ktap.h"
#include "test_exports.h"

static const struct ktap_case cases[] = {
	{ "live_isn_ports_swapped", test_secure_seq_live_swapped },
};

static int __init control_live_swap_init(void)
{
	return ktap_suite(cases);
}

module_init(control_live_swap_init);

MODULE_DESCRIPTION("Negative control: the live ISN comparison of test_secure_seq.ko with the ports swapped");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
