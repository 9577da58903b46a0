/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the tests compare siphash.ko with, from sipmod_testlib.ko:
 *
 * - the kernel's own SipHash (lib/siphash.c and the inline functions of
 *   <linux/siphash.h>) as a struct sip_api, kref_api: the calls a test
 *   makes through it are the running kernel's, whatever the test includes
 *   (kernel_ref.c never sees the project's siphash.h);
 * - SipHash-1-3 and HalfSipHash-1-3 of a buffer, on every arch: the two
 *   functions hsiphash is on 64- and 32-bit kernels, and a SipHash-2-4
 *   from a prepared state (variants.c), all from siphash.h's text.
 *
 * struct sip_api is the one list of the API: SIP_HELPERS() names every
 * fixed-width helper once, with the bytes it hashes and how a known answer
 * and a timed loop call it; SIP_API() turns it into a table of calls and
 * timed loops in the file that expands it, with the API names that file
 * sees: the kernel's in kernel_ref.c, siphash.ko's in a file that includes
 * siphash.h. Each call is thus compiled as a caller of that API compiles
 * it, inline functions included, and neither side pays a wrapper.
 */
#ifndef SIPHASH_KREF_H
#define SIPHASH_KREF_H

#include <linux/siphash.h>
#include <linux/types.h>

#include "bench.h"
#include "compat.h"

/*
 * X(name, bytes, key, args, timed_args) for every fixed-width helper:
 * @key is siphash or hsiphash; @args are its words, read from the input
 * bytes b as little-endian u64 (W64(n)) or u32 (W32(n)); @timed_args its
 * words in a timed loop, from the call number i.
 */
#define SIP_HELPERS(X)							\
	X(siphash_1u64, 8, siphash, (W64(0)), (i))			\
	X(siphash_2u64, 16, siphash, (W64(0), W64(1)), (i, 2))		\
	X(siphash_3u64, 24, siphash, (W64(0), W64(1), W64(2)), (i, 2, 3)) \
	X(siphash_4u64, 32, siphash, (W64(0), W64(1), W64(2), W64(3)),	\
	  (i, 2, 3, 4))							\
	X(siphash_1u32, 4, siphash, (W32(0)), (i))			\
	X(siphash_2u32, 8, siphash, (W32(0), W32(1)), (i, 2))		\
	X(siphash_3u32, 12, siphash, (W32(0), W32(1), W32(2)), (i, 2, 3)) \
	X(siphash_4u32, 16, siphash, (W32(0), W32(1), W32(2), W32(3)),	\
	  (i, 2, 3, 4))							\
	X(hsiphash_1u32, 4, hsiphash, (W32(0)), (i))			\
	X(hsiphash_2u32, 8, hsiphash, (W32(0), W32(1)), (i, 2))		\
	X(hsiphash_3u32, 12, hsiphash, (W32(0), W32(1), W32(2)), (i, 2, 3)) \
	X(hsiphash_4u32, 16, hsiphash, (W32(0), W32(1), W32(2), W32(3)), \
	  (i, 2, 3, 4))

#define SIP_NR_HELPERS	12
/* The most bytes a helper hashes. */
#define SIP_HELPER_MAX_LEN	32

/**
 * struct sip_helper - one fixed-width helper of an API
 * @name: its name, e.g. "siphash_3u32"
 * @len: the bytes it hashes, those of its words in little-endian order
 * @half: an hsiphash helper: an hsiphash_key_t and a 32-bit result
 * @call: the helper of the words at @b (SIP_HELPER_MAX_LEN bytes) with
 *        @key, a siphash_key_t or hsiphash_key_t
 * @loop: its timed loop (struct sip_bench_in)
 */
struct sip_helper {
	const char *name;
	unsigned int len;
	bool half;
	u64 (*call)(const u8 *b, const void *key);
	bench_loop_fn *loop;
};

/**
 * struct sip_api - the SipHash API of one implementation
 * @siphash: siphash() of a buffer
 * @hsiphash: hsiphash() of a buffer
 * @siphash_loop: the timed loop of siphash()
 * @hsiphash_loop: the timed loop of hsiphash()
 * @helpers: the fixed-width helpers, in the order of SIP_HELPERS()
 */
struct sip_api {
	u64 (*siphash)(const void *data, size_t len, const siphash_key_t *key);
	u32 (*hsiphash)(const void *data, size_t len,
			const hsiphash_key_t *key);
	bench_loop_fn *siphash_loop, *hsiphash_loop;
	struct sip_helper helpers[SIP_NR_HELPERS];
};

extern const struct sip_api kref_api;

/* What every timed loop reads: its buffers, keys and length. */
#define SIP_BENCH_BUFS		8	/* inputs rotate through these */
#define SIP_BENCH_BUF_LEN	1024

struct sip_bench_in {
	const u8 (*buf)[SIP_BENCH_BUF_LEN];
	const siphash_key_t *key;
	const hsiphash_key_t *hkey;
	size_t len;
};

/*
 * One loop: the inputs in locals (they stay in registers across the calls,
 * as a caller's would), @expr once per call with `i` the call number.
 */
#define SIP_BENCH_LOOP(name, expr)					\
static void name(const void *ctx, unsigned int calls, u64 *sink,	\
		 u64 *cycles)						\
{									\
	const struct sip_bench_in *in = ctx;				\
	const u8 (*const buf)[SIP_BENCH_BUF_LEN] __maybe_unused = in->buf; \
	const siphash_key_t *const siphash_k __maybe_unused = in->key;	\
	const hsiphash_key_t *const hsiphash_k __maybe_unused = in->hkey; \
	const size_t n __maybe_unused = in->len;			\
	u64 s = 0;							\
									\
	*cycles = BENCH_LOOP(s, calls, expr);				\
	*sink += s;							\
}

#define SIP_ARGS(...)	__VA_ARGS__
#define W64(n)		get_unaligned_le64(b + 8 * (n))
#define W32(n)		get_unaligned_le32(b + 4 * (n))

#define __SIP_CALL(name, len, key, args, timed)				\
static u64 sip_call_##name(const u8 *b, const void *k)			\
{									\
	return name(SIP_ARGS args, k);					\
}									\
SIP_BENCH_LOOP(sip_loop_##name, name(SIP_ARGS timed, key##_k))

#define SIP_HALF_siphash	false
#define SIP_HALF_hsiphash	true
#define __SIP_ENTRY(name, len, key, args, timed)			\
	{ #name, len, SIP_HALF_##key, sip_call_##name, sip_loop_##name },

/*
 * SIP_API(storage, api) - the struct sip_api @api of the SipHash API this
 * file sees, with its calls and loops, @storage its storage class.
 */
#define SIP_API(storage, api)						\
SIP_HELPERS(__SIP_CALL)							\
static u64 sip_call_siphash(const void *d, size_t n,			\
			    const siphash_key_t *k)			\
{									\
	return siphash(d, n, k);					\
}									\
static u32 sip_call_hsiphash(const void *d, size_t n,			\
			     const hsiphash_key_t *k)			\
{									\
	return hsiphash(d, n, k);					\
}									\
SIP_BENCH_LOOP(sip_loop_siphash,					\
	       siphash(buf[i % SIP_BENCH_BUFS], n, siphash_k))		\
SIP_BENCH_LOOP(sip_loop_hsiphash,					\
	       hsiphash(buf[i % SIP_BENCH_BUFS], n, hsiphash_k))	\
storage const struct sip_api api = {					\
	.siphash = sip_call_siphash,					\
	.hsiphash = sip_call_hsiphash,					\
	.siphash_loop = sip_loop_siphash,				\
	.hsiphash_loop = sip_loop_hsiphash,				\
	.helpers = { SIP_HELPERS(__SIP_ENTRY) },			\
}

u64 siphash_1_3(const void *data, size_t len, const siphash_key_t *key);
u32 halfsiphash_1_3(const void *data, size_t len, u32 k0, u32 k1);

/*
 * SipHash-2-4 from a keyed state stored once (prepared) and from the key
 * (keyed), which test_hmac.ko times beside the kernel's siphash() and its
 * HMACs with prepared keys: the two differ in where the state comes from
 * and in nothing else, and are out of line, as the kernel's functions
 * they are timed with.
 */

/**
 * struct siphash_state - SipHash's v0..v3 keyed once, as a prepared key
 * @v: the four state words after keying
 */
struct siphash_state {
	u64 v[4];
};

void siphash_prepare(struct siphash_state *st, const siphash_key_t *key);
u64 siphash_keyed(const siphash_key_t *key, const void *data, size_t len);
u64 siphash_prepared(const struct siphash_state *st, const void *data,
		     size_t len);
u64 siphash_keyed_1u64(const siphash_key_t *key, u64 first);
u64 siphash_prepared_1u64(const struct siphash_state *st, u64 first);

#endif /* SIPHASH_KREF_H */
