// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time test of the kernel's HMAC library calls beside SipHash,
 * reported in KTAP.
 *
 * "[PATCH net-next 3/3] ipv6: sr: Prepare HMAC key ahead of time" (2025)
 * prepares the HMAC key once, when it is set, instead of
 * for every packet: seg6_hmac_compute() with HMAC-SHA256 went from ~1978 to
 * ~1419 cycles on x86_64, 28% faster. Newer kernels export that choice as
 * hmac_sha256_preparekey() + hmac_sha256() against hmac_sha256_usingrawkey()
 * (and the same for HMAC-SHA1, <crypto/sha1.h>). This file checks that the
 * calls are made right (RFC 4231 and RFC 2202 test case 1) and times them
 * beside SipHash on the same inputs, in the same batches.
 *
 * The SipHash timed beside the HMACs is the kernel's own lib/siphash.c,
 * through kref_api's loops. Beside it, what preparing a SipHash key would
 * save: a SipHash that starts from a keyed state stored once, built from
 * the library's own algorithm text.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/string.h>

#include "siphash.h"

#include "bench.h"
#include "compat.h"
#include "kref.h"
#include "ktap.h"
#include "modparam.h"
#include "test_exports.h"

#ifdef SIPMOD_HAVE_HMAC_SHA256
#include <crypto/sha2.h>
#endif
#ifdef SIPMOD_HAVE_HMAC_SHA1
#include <crypto/sha1.h>
#endif

static unsigned int bench_batches = 31;
sipmod_param_uint(bench_batches, 0, BENCH_MAX_BATCHES,
		  "Benchmark effort: timed batches per figure after the known answers pass, 0 skips the benchmarks; default 31");

/* ---- the kernel's HMAC calls, where Kbuild found them --------------------- */

/*
 * The one place that acts on the HMAC probes, which Kbuild passes to this
 * object alone (from the kernel's Module.symvers):
 *
 *   SIPMOD_HAVE_HMAC_SHA256  the kernel exports hmac_sha256_preparekey(),
 *                            and with it hmac_sha256() and
 *                            hmac_sha256_usingrawkey() (lib/crypto, added
 *                            together)
 *   SIPMOD_HAVE_HMAC_SHA1    the same for hmac_sha1_preparekey()
 *
 * Each algorithm is a struct hmac_calls where the kernel has it, else the
 * reason its cases skip.
 */
#define HMAC_MAX_DIGEST 32

/**
 * struct hmac_calls - one HMAC through the kernel's library calls
 * @mac_prepared: the MAC of @len bytes at @data under the @raw_len-byte key
 *                @raw, through a key prepared for the call; @out gets the
 *                digest
 * @mac_rawkey: the same through the raw-key call (the kernel's own)
 * @loop_prepared: @calls timed calls of the MAC with a key prepared before
 *                 the timing, on @len bytes of bench input; the results
 *                 are summed into @sink; returns the cycles (BENCH_LOOP)
 * @loop_rawkey: the same with the raw key
 * @loop_preparekey: @calls timed key preparations of a @len-byte key
 */
struct hmac_calls {
	void (*mac_prepared)(const u8 *raw, size_t raw_len, const u8 *data,
			     size_t len, u8 *out);
	void (*mac_rawkey)(const u8 *raw, size_t raw_len, const u8 *data,
			   size_t len, u8 *out);
	u64 (*loop_prepared)(size_t len, unsigned int calls, u64 *sink);
	u64 (*loop_rawkey)(size_t len, unsigned int calls, u64 *sink);
	u64 (*loop_preparekey)(size_t len, unsigned int calls, u64 *sink);
};

/* The bench inputs: a random HMAC key, and data rotating per call. */
#define BENCH_MAX_LEN 64
static u8 bench_data[SIP_BENCH_BUFS][SIP_BENCH_BUF_LEN] __aligned(8);
static u8 bench_hmac_key[32];
static siphash_key_t bench_sip_key;
#define BUF(i) bench_data[(i) % SIP_BENCH_BUFS]

/* The first 8 bytes of a digest, to keep each result live in the sink. */
static __always_inline u64 digest_word(const u8 *out)
{
	u64 w;

	memcpy(&w, out, sizeof(w));
	return w;
}

/*
 * HMAC_CALLS(alg) - the struct hmac_calls alg##_calls of the kernel's
 * hmac_<alg>_preparekey(), hmac_<alg>() and hmac_<alg>_usingrawkey().
 */
#define HMAC_CALLS(alg)							\
static void alg##_mac_prepared(const u8 *raw, size_t raw_len,		\
			       const u8 *data, size_t len, u8 *out)	\
{									\
	struct hmac_##alg##_key key;					\
									\
	hmac_##alg##_preparekey(&key, raw, raw_len);			\
	hmac_##alg(&key, data, len, out);				\
	memzero_explicit(&key, sizeof(key));				\
}									\
static u64 alg##_loop_prepared(size_t len, unsigned int calls, u64 *sink) \
{									\
	struct hmac_##alg##_key key;					\
	u8 out[HMAC_MAX_DIGEST];					\
	u64 t;								\
									\
	hmac_##alg##_preparekey(&key, bench_hmac_key, sizeof(bench_hmac_key)); \
	t = BENCH_LOOP(*sink, calls,					\
		       (hmac_##alg(&key, BUF(i), len, out), digest_word(out))); \
	memzero_explicit(&key, sizeof(key));				\
	return t;							\
}									\
static u64 alg##_loop_rawkey(size_t len, unsigned int calls, u64 *sink)	\
{									\
	u8 out[HMAC_MAX_DIGEST];					\
									\
	return BENCH_LOOP(*sink, calls,					\
			  (hmac_##alg##_usingrawkey(bench_hmac_key,	\
						    sizeof(bench_hmac_key), \
						    BUF(i), len, out),	\
			   digest_word(out)));				\
}									\
static u64 alg##_loop_preparekey(size_t len, unsigned int calls, u64 *sink) \
{									\
	struct hmac_##alg##_key key;					\
	u64 t;								\
									\
	t = BENCH_LOOP(*sink, calls,					\
		       (hmac_##alg##_preparekey(&key, bench_hmac_key, len), \
			digest_word((const u8 *)&key)));		\
	memzero_explicit(&key, sizeof(key));				\
	return t;							\
}									\
static const struct hmac_calls alg##_calls = {				\
	.mac_prepared = alg##_mac_prepared,				\
	.mac_rawkey = hmac_##alg##_usingrawkey,				\
	.loop_prepared = alg##_loop_prepared,				\
	.loop_rawkey = alg##_loop_rawkey,				\
	.loop_preparekey = alg##_loop_preparekey,			\
}

#ifdef SIPMOD_HAVE_HMAC_SHA256
static_assert(SHA256_DIGEST_SIZE <= HMAC_MAX_DIGEST);
HMAC_CALLS(sha256);
#define HMAC_SHA256_CALLS	(&sha256_calls)
#define HMAC_SHA256_GONE	NULL
#else
#define HMAC_SHA256_CALLS	NULL
#define HMAC_SHA256_GONE \
	"this kernel exports no hmac_sha256_preparekey() (lib/crypto's HMAC-SHA256 came later)"
#endif

#ifdef SIPMOD_HAVE_HMAC_SHA1
static_assert(SHA1_DIGEST_SIZE <= HMAC_MAX_DIGEST);
HMAC_CALLS(sha1);
#define HMAC_SHA1_CALLS		(&sha1_calls)
#define HMAC_SHA1_GONE		NULL
#else
#define HMAC_SHA1_CALLS		NULL
#define HMAC_SHA1_GONE \
	"this kernel exports no hmac_sha1_preparekey() (lib/crypto's HMAC-SHA1 came later)"
#endif

/* ---- the algorithms and their known answers ------------------------------- */

/* RFC 4231 test case 1 and RFC 2202 test case 1 share the key and data. */
static const u8 rfc_key[20] = { [0 ... 19] = 0x0b };
static const u8 rfc_data[8] = { 'H', 'i', ' ', 'T', 'h', 'e', 'r', 'e' };

static const u8 rfc4231_case1[] = {	/* HMAC-SHA-256 */
	0xb0, 0x34, 0x4c, 0x61, 0xd8, 0xdb, 0x38, 0x53, 0x5c, 0xa8, 0xaf, 0xce,
	0xaf, 0x0b, 0xf1, 0x2b, 0x88, 0x1d, 0xc2, 0x00, 0xc9, 0x83, 0x3d, 0xa7,
	0x26, 0xe9, 0x37, 0x6c, 0x2e, 0x32, 0xcf, 0xf7,
};

static const u8 rfc2202_case1[] = {	/* HMAC-SHA-1 */
	0xb6, 0x17, 0x31, 0x86, 0x55, 0x05, 0x72, 0x64, 0xe2, 0x8b, 0xc0, 0xb6,
	0xfb, 0x37, 0x8c, 0x8e, 0xf1, 0x46, 0xbe, 0x00,
};

/**
 * struct hmac_alg - an HMAC of the comparison
 * @name: the kernel's name of the prepared-key call (hmac_sha256)
 * @rawkey_name: and of the raw-key call
 * @preparekey_name: and of the key preparation
 * @calls: the calls, NULL where the kernel lacks them
 * @gone: then why, for the "# SKIP" line
 * @want: the RFC's digest of rfc_data under rfc_key
 * @digest_size: its size in bytes
 * @rfc: the RFC and case it is from
 */
struct hmac_alg {
	const char *name, *rawkey_name, *preparekey_name;
	const struct hmac_calls *calls;
	const char *gone;
	const u8 *want;
	size_t digest_size;
	const char *rfc;
};

static const struct hmac_alg hmac_algs[] = {
	[TEST_HMAC_SHA256] = {
		"hmac_sha256", "hmac_sha256_usingrawkey", "hmac_sha256_preparekey",
		HMAC_SHA256_CALLS, HMAC_SHA256_GONE,
		rfc4231_case1, sizeof(rfc4231_case1), "RFC 4231 test case 1",
	},
	[TEST_HMAC_SHA1] = {
		"hmac_sha1", "hmac_sha1_usingrawkey", "hmac_sha1_preparekey",
		HMAC_SHA1_CALLS, HMAC_SHA1_GONE,
		rfc2202_case1, sizeof(rfc2202_case1), "RFC 2202 test case 1",
	},
};

/**
 * test_hmac_case() - check one of the kernel's HMAC calls against its RFC
 * @alg: which HMAC
 * @rawkey: through the raw-key call (hmac_*_usingrawkey()) instead of a
 *          prepared key (hmac_*_preparekey(), then hmac_*())
 * @corrupt: compare with the RFC's digest with one bit flipped, which
 *           must fail (tests/controls/control_hmac.c)
 *
 * The key and data are RFC 4231's and RFC 2202's test case 1 (twenty 0x0b
 * bytes, "Hi There"), the expected digests copied from the RFCs.
 *
 * A wrong digest is a failure of the running KTAP case, shown with the
 * digest computed and the RFC's; where this kernel lacks the calls, the
 * case is skipped.
 */
void test_hmac_case(enum test_hmac_alg alg, bool rawkey, bool corrupt)
{
	const struct hmac_alg *a = &hmac_algs[alg];
	u8 got[HMAC_MAX_DIGEST] = {}, want[HMAC_MAX_DIGEST];
	int n = a->digest_size;

	if (!a->calls) {
		ktap_skip(a->gone);
		return;
	}
	memcpy(want, a->want, n);
	if (corrupt)
		want[n - 1] ^= 1;
	if (rawkey)
		a->calls->mac_rawkey(rfc_key, sizeof(rfc_key), rfc_data,
				     sizeof(rfc_data), got);
	else
		a->calls->mac_prepared(rfc_key, sizeof(rfc_key), rfc_data,
				       sizeof(rfc_data), got);
	if (memcmp(got, want, n))
		ktap_fail("%s (%s): got %*phN want %*phN",
			  rawkey ? a->rawkey_name : a->name, a->rfc, n, got, n,
			  want);
}

SIPMOD_EXPORT_TEST_GPL(test_hmac_case);

/* ---- a prepared SipHash key, for the benchmarks only -------------------- */

/*
 * SipHash's keying is four XORs of the key into the constants; a caller
 * could store the keyed v0..v3 once instead, as a prepared HMAC key stores
 * the hashed pads: siphash_prepared() against siphash_keyed() and the
 * kernel's own.
 */

/**
 * t_siphash_state() - check the prepared and keyed SipHash of the
 * benchmarks against the kernel's lib/siphash.c
 *
 * Key 00..0f and the message 00 01 02 ... at every length 0..64 through
 * siphash(), and the 8-byte word of the same bytes through siphash_1u64().
 */
static void t_siphash_state(void)
{
	const siphash_key_t key = {{ 0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL }};
	struct siphash_state st;
	u8 msg[BENCH_MAX_LEN];
	u64 want, got[2];
	size_t len;

	for (len = 0; len < sizeof(msg); len++)
		msg[len] = len;
	siphash_prepare(&st, &key);
	for (len = 0; len <= sizeof(msg); len++) {
		want = kref_api.siphash(msg, len, &key);
		got[0] = siphash_keyed(&key, msg, len);
		got[1] = siphash_prepared(&st, msg, len);
		if (got[0] != want || got[1] != want)
			ktap_fail("len %zu: keyed %016llx prepared %016llx, siphash() %016llx",
				  len, got[0], got[1], want);
	}
	want = kref_api.helpers[0].call(msg, &key);	/* siphash_1u64() */
	got[0] = siphash_keyed_1u64(&key, get_unaligned_le64(msg));
	got[1] = siphash_prepared_1u64(&st, get_unaligned_le64(msg));
	if (got[0] != want || got[1] != want)
		ktap_fail("one word: keyed %016llx prepared %016llx, siphash_1u64() %016llx",
			  got[0], got[1], want);
}

static struct siphash_state bench_sip_state;

/*
 * The kernel's siphash() of @len bytes in kref_api's timed loop, or at 8
 * bytes its siphash_1u64() (kref_api.helpers[0]).
 */
static u64 state_loop_kernel(size_t len, unsigned int calls, u64 *sink)
{
	const struct sip_bench_in in = {
		.buf = bench_data, .key = &bench_sip_key, .len = len,
	};
	bench_loop_fn *loop = len == sizeof(u64) ? kref_api.helpers[0].loop :
						   kref_api.siphash_loop;
	u64 cycles;

	loop(&in, calls, sink, &cycles);
	return cycles;
}

static u64 state_loop_keyed(size_t len, unsigned int calls, u64 *sink)
{
	if (len == sizeof(u64))
		return BENCH_LOOP(*sink, calls, siphash_keyed_1u64(&bench_sip_key, i));
	return BENCH_LOOP(*sink, calls, siphash_keyed(&bench_sip_key, BUF(i), len));
}

static u64 state_loop_prepared(size_t len, unsigned int calls, u64 *sink)
{
	if (len == sizeof(u64))
		return BENCH_LOOP(*sink, calls,
				  siphash_prepared_1u64(&bench_sip_state, i));
	return BENCH_LOOP(*sink, calls,
			  siphash_prepared(&bench_sip_state, BUF(i), len));
}

/* ---- benchmarks ------------------------------------------------------------ */

/*
 * keyed_hash: len bytes through the kernel's siphash() and every HMAC call
 * this kernel has, prepared and raw key: at the patch series' lengths and the
 * inputs of the ISN (36 bytes: two IPv6 addresses, two ports) and of the
 * IPv6 SYN cookie (40 bytes: the same and the 4-byte count).
 */
static const size_t bench_lens[] = { 8, 16, 32, 36, 40, 64 };

/**
 * struct bench_row - one implementation of the rows timed together
 * @impl: its name in the "impl=" field
 * @loop: one timed batch, as in struct hmac_calls
 */
struct bench_row {
	const char *impl;
	u64 (*loop)(size_t len, unsigned int calls, u64 *sink);
};

#define BENCH_MAX_ROWS (1 + 2 * ARRAY_SIZE(hmac_algs))
static u64 row_batch[BENCH_MAX_ROWS][BENCH_MAX_BATCHES];

/* The kernel's siphash() of @len bytes, in kref_api's timed loop. */
static u64 siphash_loop(size_t len, unsigned int calls, u64 *sink)
{
	const struct sip_bench_in in = {
		.buf = bench_data, .key = &bench_sip_key, .len = len,
	};
	u64 cycles;

	kref_api.siphash_loop(&in, calls, sink, &cycles);
	return cycles;
}

/*
 * bench.h's method for two (BENCH_RUN_PAIR()) for @n rows: a warm-up
 * batch, then batches (@batches) of calls (@calls) of every row back to back,
 * interrupts off, the row that goes first rotating per batch; one line per
 * row of @function at @len bytes.
 */
static void bench_rows(const char *function, const struct bench_row *rows,
		       unsigned int n, size_t len, unsigned int batches,
		       unsigned int calls)
{
	struct bench_result r;
	unsigned long flags;
	unsigned int b, o, k;
	u64 sink = 0, t;

	for (b = 0; b <= batches; b++) {
		preempt_disable();
		local_irq_save(flags);
		for (o = 0; o < n; o++) {
			k = (b + o) % n;
			t = rows[k].loop(len, calls, &sink);
			if (b)
				row_batch[k][b - 1] = t;
		}
		local_irq_restore(flags);
		preempt_enable();
		cond_resched();
	}
	WRITE_ONCE(bench_sink, bench_sink + sink);
	for (k = 0; k < n; k++) {
		bench_reduce(&r, row_batch[k], batches, calls);
		bench_print(function, rows[k].impl, len, &r);
	}
}

/* keyed_hash and preparekey, where the kernel has an HMAC. */
static void bench_hmacs(unsigned int batches, unsigned int calls)
{
	struct bench_row rows[BENCH_MAX_ROWS], prep[ARRAY_SIZE(hmac_algs)];
	unsigned int i, n = 0, np = 0;

	rows[n++] = (struct bench_row){ "siphash", siphash_loop };
	for (i = 0; i < ARRAY_SIZE(hmac_algs); i++) {
		const struct hmac_alg *a = &hmac_algs[i];

		if (!a->calls) {
			ktap_info("bench: keyed_hash without %s: %s", a->name, a->gone);
			continue;
		}
		rows[n++] = (struct bench_row){ a->name, a->calls->loop_prepared };
		rows[n++] = (struct bench_row){ a->rawkey_name, a->calls->loop_rawkey };
		prep[np++] = (struct bench_row){ a->name, a->calls->loop_preparekey };
	}
	if (n == 1)
		return;
	ktap_info("bench: keyed_hash: the kernel's siphash() against its HMACs with a key prepared once and with the raw key, in the same batches; preparekey: one preparation of a %zu-byte HMAC key",
		  sizeof(bench_hmac_key));
	bench_rows("preparekey", prep, np, sizeof(bench_hmac_key), batches, calls);
	for (i = 0; i < ARRAY_SIZE(bench_lens); i++)
		bench_rows("keyed_hash", rows, n, bench_lens[i], batches, calls);
}

/*
 * Time SipHash and the kernel's HMAC calls, @batches timed batches of
 * @calls calls per figure.
 *
 * Prints the "# bench:" lines of bench.h. function=siphash_state, len=8 and
 * 64: impl=kernel (the kernel's siphash_1u64() at 8 bytes, siphash() at
 * 64), keyed and prepared (SipHash-2-4 of siphash_variants.c from the key and
 * from a stored keyed state). Where the kernel has the HMAC calls:
 * function=keyed_hash, impl=siphash (the kernel's siphash()), hmac_sha256
 * (prepared key), hmac_sha256_usingrawkey and the same for HMAC-SHA1, len=
 * the data's bytes; function=preparekey, impl= the HMAC, len= the key's
 * bytes. The HMAC key has 32 bytes; keys, state and data are random and
 * wiped after.
 */
static void run_benchmarks(unsigned int batches, unsigned int calls)
{
	static const struct bench_row state_rows[] = {
		{ "kernel", state_loop_kernel },
		{ "keyed", state_loop_keyed },
		{ "prepared", state_loop_prepared },
	};

	batches = min_t(unsigned int, batches, BENCH_MAX_BATCHES);
	if (!batches)
		return;
	get_random_bytes(&bench_sip_key, sizeof(bench_sip_key));
	get_random_bytes(bench_hmac_key, sizeof(bench_hmac_key));
	get_random_bytes(bench_data, sizeof(bench_data));
	siphash_prepare(&bench_sip_state, &bench_sip_key);
	ktap_info("bench: siphash_state: SipHash-2-4 from a keyed state stored once (prepared) against the key (keyed, and the kernel's siphash_1u64() at 8 bytes, siphash() at 64)");
	bench_rows("siphash_state", state_rows, ARRAY_SIZE(state_rows),
		   sizeof(u64), batches, calls);
	bench_rows("siphash_state", state_rows, ARRAY_SIZE(state_rows),
		   BENCH_MAX_LEN, batches, calls);
	bench_hmacs(batches, calls);
	memzero_explicit(&bench_sip_key, sizeof(bench_sip_key));
	memzero_explicit(&bench_sip_state, sizeof(bench_sip_state));
	memzero_explicit(bench_hmac_key, sizeof(bench_hmac_key));
}

/* ---- the plan ----------------------------------------------------------- */

#define BENCH_CALLS 64	/* calls per batch, interrupts off */

static void t_hmac_sha256(void)		{ test_hmac_case(TEST_HMAC_SHA256, false, false); }
static void t_hmac_sha256_rawkey(void)	{ test_hmac_case(TEST_HMAC_SHA256, true, false); }
static void t_hmac_sha1(void)		{ test_hmac_case(TEST_HMAC_SHA1, false, false); }
static void t_hmac_sha1_rawkey(void)	{ test_hmac_case(TEST_HMAC_SHA1, true, false); }

static const struct ktap_case cases[] = {
	{ "hmac_sha256_rfc4231_case1_preparekey", t_hmac_sha256 },
	{ "hmac_sha256_rfc4231_case1_usingrawkey", t_hmac_sha256_rawkey },
	{ "hmac_sha1_rfc2202_case1_preparekey", t_hmac_sha1 },
	{ "hmac_sha1_rfc2202_case1_usingrawkey", t_hmac_sha1_rawkey },
	{ "siphash_prepared_state_vs_kernel", t_siphash_state },
};

static int __init test_hmac_init(void)
{
	unsigned int failed;

	ktap_begin(ARRAY_SIZE(cases));
	failed = ktap_run(cases, ARRAY_SIZE(cases));
	if (!failed)
		run_benchmarks(bench_batches, BENCH_CALLS);
	ktap_end();
	return failed ? -EINVAL : 0;
}

static void __exit test_hmac_exit(void)
{
}

module_init(test_hmac_init);
module_exit(test_hmac_exit);

MODULE_DESCRIPTION("KTAP test of the kernel's HMAC-SHA256 and HMAC-SHA1 calls against their RFCs, and benchmarks of SipHash beside them with a key prepared once and raw");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
