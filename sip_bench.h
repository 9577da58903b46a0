/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The timed loops of test_siphash.ko's comparison of siphash.ko with the
 * kernel's own SipHash, from one source for both: SIP_BENCH_LOOPS() is
 * expanded once in kernel_ref.c, where the API names are the kernel's, and
 * once in test_siphash_main.c, where siphash.h made them siphash.ko's. Each
 * call in a loop is thus compiled the same way a caller of that API
 * compiles it, inline functions included, and neither side pays a wrapper.
 */
#ifndef SIPHASH_SIP_BENCH_H
#define SIPHASH_SIP_BENCH_H

#include <linux/siphash.h>
#include <linux/types.h>

#include "bench.h"

#define SIP_BENCH_BUFS		8	/* inputs rotate through these */
#define SIP_BENCH_BUF_LEN	1024

/* What every loop reads: its buffers, keys and length, set by the caller. */
struct sip_bench_in {
	const u8 (*buf)[SIP_BENCH_BUF_LEN];
	const siphash_key_t *key;
	const hsiphash_key_t *hkey;
	size_t len;
};

/* The fixed-width helpers, in the order of sip_bench_helpers[]. */
#define SIP_BENCH_HELPERS 12

struct sip_bench_loops {
	bench_loop_fn *buf_sip;
	bench_loop_fn *buf_hsip;
	bench_loop_fn *helper[SIP_BENCH_HELPERS];
};

/* The two instances: the kernel's (kernel_ref.c), siphash.ko's. */
extern const struct sip_bench_loops kernel_bench_loops;
extern const struct sip_bench_loops module_bench_loops;

/*
 * One loop: the inputs in locals (they live in registers across the calls,
 * as a caller's would), @expr once per call with `i` the call number.
 */
#define SIP_BENCH_LOOP(name, expr)					\
static void name(const void *ctx, unsigned int calls, u64 *sink,	\
		 u64 *cycles)						\
{									\
	const struct sip_bench_in *in = ctx;				\
	const u8 (*const buf)[SIP_BENCH_BUF_LEN] __maybe_unused = in->buf; \
	const siphash_key_t *const k __maybe_unused = in->key;		\
	const hsiphash_key_t *const h __maybe_unused = in->hkey;	\
	const size_t n __maybe_unused = in->len;			\
	u64 s = 0;							\
									\
	*cycles = BENCH_LOOP(s, calls, expr);				\
	*sink += s;							\
}

#define SIP_BENCH_BUF(i)	buf[(i) % SIP_BENCH_BUFS]

/* SIP_BENCH_LOOPS(table) - every loop, and the table @table of them. */
#define SIP_BENCH_LOOPS(table)						\
SIP_BENCH_LOOP(table##_siphash, siphash(SIP_BENCH_BUF(i), n, k))	\
SIP_BENCH_LOOP(table##_hsiphash, hsiphash(SIP_BENCH_BUF(i), n, h))	\
SIP_BENCH_LOOP(table##_1u64, siphash_1u64(i, k))			\
SIP_BENCH_LOOP(table##_2u64, siphash_2u64(i, 2, k))			\
SIP_BENCH_LOOP(table##_3u64, siphash_3u64(i, 2, 3, k))			\
SIP_BENCH_LOOP(table##_4u64, siphash_4u64(i, 2, 3, 4, k))		\
SIP_BENCH_LOOP(table##_1u32, siphash_1u32(i, k))			\
SIP_BENCH_LOOP(table##_2u32, siphash_2u32(i, 2, k))			\
SIP_BENCH_LOOP(table##_3u32, siphash_3u32(i, 2, 3, k))			\
SIP_BENCH_LOOP(table##_4u32, siphash_4u32(i, 2, 3, 4, k))		\
SIP_BENCH_LOOP(table##_h1u32, hsiphash_1u32(i, h))			\
SIP_BENCH_LOOP(table##_h2u32, hsiphash_2u32(i, 2, h))			\
SIP_BENCH_LOOP(table##_h3u32, hsiphash_3u32(i, 2, 3, h))		\
SIP_BENCH_LOOP(table##_h4u32, hsiphash_4u32(i, 2, 3, 4, h))		\
const struct sip_bench_loops table = {					\
	.buf_sip = table##_siphash,					\
	.buf_hsip = table##_hsiphash,					\
	.helper = {							\
		table##_1u64, table##_2u64, table##_3u64, table##_4u64, \
		table##_1u32, table##_2u32, table##_3u32, table##_4u32, \
		table##_h1u32, table##_h2u32, table##_h3u32, table##_h4u32, \
	},								\
}

#endif /* SIPHASH_SIP_BENCH_H */
