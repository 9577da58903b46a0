// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own SipHash as a struct sip_api (kref.h), part of
 * sipmod_testlib.ko. This file includes the kernel's <linux/siphash.h> and
 * never the project's siphash.h: every call below is the running kernel's,
 * so the differential tests cannot turn into a comparison of siphash.ko
 * with itself (make check proves it with nm -u of the helper module).
 */
#include <linux/module.h>
#include <linux/siphash.h>

#include "compat.h"
#include "kref.h"

SIP_API(, kref_api);
SIPMOD_EXPORT_TEST_GPL(kref_api);
