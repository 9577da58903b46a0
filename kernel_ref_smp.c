// SPDX-License-Identifier: GPL-2.0
/*
 * kernel_ref.c for test_siphash_smp.ko: kbuild links an object into one
 * module only, so each test module that compares with the kernel's SipHash
 * compiles the one source under a name of its own.
 */
#include "kernel_ref.c"
