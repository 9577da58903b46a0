// SPDX-License-Identifier: GPL-2.0
/*
 * Load-time test of secure_seq_demo.ko, reported in KTAP: its MD5 baseline
 * against RFC 1321, its six functions against known answers from
 * libsodium (tests/vectors/gen_secure_seq.c), the properties of their
 * outputs (clocks, widths, which fields count, no padding hashed), then
 * cycles of each against its MD5 predecessor (secure_seq_md5.h), measured
 * with bench.h in the same batches.
 *
 * It uses the demo's exports as test_siphash.ko uses siphash.ko's and
 * hashes nothing itself. Any failing case makes module init return
 * -EINVAL, so insmod fails.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/bits.h>
#include <linux/delay.h>
#include <linux/in6.h>
#include <linux/inet.h>
#include <linux/kernel.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/random.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "compat.h"
#include "siphash.h"
#include "bench.h"
#include "ktap.h"
#include "modparam.h"
#include "secure_seq_demo.h"
#include "secure_seq_md5.h"

#define BENCH_CALLS_MIN 10
#define BENCH_CALLS_MAX 20000
static unsigned int bench_calls = 1000;

module_param_uint_range(bench_calls, BENCH_CALLS_MIN, BENCH_CALLS_MAX,
			"Benchmark effort: calls per timed batch, 21 batches per function; default 1000");

#define DCCP_MASK	GENMASK_ULL(47, 0)

enum fn_id {
	TCP_V4_ISN, TCP_V6_ISN, PORT_V4, PORT_V6, DCCP_V4, DCCP_V6, NR_FNS
};

/* The functions: name, address family, and which inputs they take. */
static const struct {
	const char *name;
	bool v6, uses_sport;
	size_t len;	/* bytes SipHash reads */
} fn_info[NR_FNS] = {
	[TCP_V4_ISN] = { "tcp_v4_isn", false, true, 12 },
	[TCP_V6_ISN] = { "tcp_v6_isn", true, true, 36 },
	[PORT_V4] = { "port_v4_offset", false, false, 12 },
	[PORT_V6] = { "port_v6_offset", true, false, 34 },
	[DCCP_V4] = { "dccp_v4_seq", false, true, 12 },
	[DCCP_V6] = { "dccp_v6_seq", true, true, 36 },
};

/* One connection in both address families, so it serves every function. */
struct tuple {
	__be32 saddr4;
	__be32 daddr4;
	struct in6_addr saddr6;
	struct in6_addr daddr6;
	__be16 sport;
	__be16 dport;
};

struct secure_seq_kat {
	const char *saddr4, *daddr4, *saddr6, *daddr6;
	u16 sport, dport;		/* host byte order */
	u64 want[NR_FNS];		/* the 64-bit hash under test_key */
};

/* The key of the known answers: bytes 00..0f. */
static const siphash_key_t test_key = {{
	0x0706050403020100ULL, 0x0f0e0d0c0b0a0908ULL
}};

/*
 * Known answers: SipHash-2-4 under test_key of the bytes each function
 * hashes (the seed's layouts), computed on the host by libsodium's
 * crypto_shorthash_siphash24 in tests/vectors/gen_secure_seq.c, whose output
 * this is. Addresses are documentation ranges (RFC 5737, RFC 3849) and one
 * link-local address. The DCCP numbers hash the same bytes as the ISNs.
 */
static const struct secure_seq_kat kats[] __initconst = {
	{
		.saddr4 = "192.0.2.1", .daddr4 = "198.51.100.7",
		.saddr6 = "2001:db8::1",
		.daddr6 = "2001:db8::7",
		.sport = 40000, .dport = 443,
		.want = {
			[TCP_V4_ISN] = 0x0f831bffa13a9a2cULL,
			[TCP_V6_ISN] = 0x71507bb16d9048d9ULL,
			[PORT_V4] = 0xdaef795f122bf6f6ULL,
			[PORT_V6] = 0x06c4ca4c3ec35451ULL,
			[DCCP_V4] = 0x0f831bffa13a9a2cULL,
			[DCCP_V6] = 0x71507bb16d9048d9ULL,
		},
	},
	{
		.saddr4 = "203.0.113.200", .daddr4 = "192.0.2.255",
		.saddr6 = "2001:db8:85a3::8a2e:370:7334",
		.daddr6 = "2001:db8:ffff:1::80",
		.sport = 65535, .dport = 80,
		.want = {
			[TCP_V4_ISN] = 0x2faeceb441b101b9ULL,
			[TCP_V6_ISN] = 0xc9d387eb2b03ce10ULL,
			[PORT_V4] = 0x7fc8469e4e285dc2ULL,
			[PORT_V6] = 0x295e4438eea0b9a0ULL,
			[DCCP_V4] = 0x2faeceb441b101b9ULL,
			[DCCP_V6] = 0xc9d387eb2b03ce10ULL,
		},
	},
	{
		.saddr4 = "198.51.100.10", .daddr4 = "203.0.113.1",
		.saddr6 = "fe80::1",
		.daddr6 = "2001:db8:0:1::2",
		.sport = 1, .dport = 22,
		.want = {
			[TCP_V4_ISN] = 0x57eee48135eb2b8fULL,
			[TCP_V6_ISN] = 0x7f49595aa53773dbULL,
			[PORT_V4] = 0x4907d08fd57b129aULL,
			[PORT_V6] = 0x132695a774c083a0ULL,
			[DCCP_V4] = 0x57eee48135eb2b8fULL,
			[DCCP_V6] = 0x7f49595aa53773dbULL,
		},
	},
};

#define NR_KATS ARRAY_SIZE(kats)

static siphash_key_t random_key;
static u32 md5_secret[MD5_SECRET_WORDS];

/* Known answer @i as a tuple; false (and a failure) if unparsable. */
static bool __init kat_tuple(unsigned int i, struct tuple *t)
{
	const struct secure_seq_kat *k = &kats[i];

	memset(t, 0, sizeof(*t));
	if (!in4_pton(k->saddr4, -1, (u8 *)&t->saddr4, -1, NULL) ||
	    !in4_pton(k->daddr4, -1, (u8 *)&t->daddr4, -1, NULL) ||
	    !in6_pton(k->saddr6, -1, t->saddr6.s6_addr, -1, NULL) ||
	    !in6_pton(k->daddr6, -1, t->daddr6.s6_addr, -1, NULL)) {
		ktap_fail("tuple %u: unparsable address", i);
		return false;
	}
	t->sport = htons(k->sport);
	t->dport = htons(k->dport);
	return true;
}

/**
 * struct output - one call of a demo function
 * @out: what it returned
 * @tsoff: the timestamp offset it set (the ISNs), else 0
 * @t0: ktime_get_real_ns() just before the call
 * @t1: ktime_get_real_ns() just after it
 */
struct output {
	u64 out;
	u32 tsoff;
	u64 t0, t1;
};

/* Call function @id of secure_seq_demo.ko on @t, bracketing its clock. */
static void call(enum fn_id id, const struct tuple *t, const siphash_key_t *key,
		 struct output *o)
{
	const __be32 *s6 = t->saddr6.s6_addr32, *d6 = t->daddr6.s6_addr32;

	o->tsoff = 0;
	o->t0 = ktime_get_real_ns();
	switch (id) {
	case TCP_V4_ISN:
		o->out = demo_secure_tcp_sequence_number(t->saddr4, t->daddr4,
							 t->sport, t->dport,
							 &o->tsoff, key);
		break;
	case TCP_V6_ISN:
		o->out = demo_secure_tcpv6_sequence_number(s6, d6, t->sport,
							   t->dport, &o->tsoff,
							   key);
		break;
	case PORT_V4:
		o->out = demo_secure_ipv4_port_ephemeral(t->saddr4, t->daddr4,
							 t->dport, key);
		break;
	case PORT_V6:
		o->out = demo_secure_ipv6_port_ephemeral(s6, d6, t->dport, key);
		break;
	case DCCP_V4:
		o->out = demo_secure_dccp_sequence_number(t->saddr4, t->daddr4,
							  t->sport, t->dport,
							  key);
		break;
	default:
		o->out = demo_secure_dccpv6_sequence_number(s6, d6, t->sport,
							    t->dport, key);
	}
	o->t1 = ktime_get_real_ns();
}

/* Does @isn hold @low plus seq_scale()'s clock read between @t0 and @t1? */
static bool isn_has_hash(u32 isn, u32 low, u64 t0, u64 t1)
{
	return isn - low - (u32)(t0 >> 6) <= (u32)(t1 >> 6) - (u32)(t0 >> 6);
}

/* Does @seq hold @hash plus a ktime_get_real_ns() read in [@t0, @t1]? */
static bool dccp_has_hash(u64 seq, u64 hash, u64 t0, u64 t1)
{
	return ((seq - hash - t0) & DCCP_MASK) <= t1 - t0;
}

/*
 * Is @o what function @id makes of the 64-bit hash @hash? The ISNs keep
 * its upper half in tsoff and its lower half plus the clock; the port
 * offsets its lower half; the DCCP numbers its low 48 bits plus the time.
 */
static bool holds(enum fn_id id, const struct output *o, u64 hash)
{
	switch (id) {
	case TCP_V4_ISN:
	case TCP_V6_ISN:
		return o->tsoff == upper_32_bits(hash) &&
		       isn_has_hash(o->out, lower_32_bits(hash), o->t0, o->t1);
	case PORT_V4:
	case PORT_V6:
		return o->out == lower_32_bits(hash);
	default:
		return dccp_has_hash(o->out, hash, o->t0, o->t1);
	}
}

static bool output_holds(enum fn_id id, const struct tuple *t,
			 const siphash_key_t *key, u64 hash)
{
	struct output o;

	call(id, t, key, &o);
	return holds(id, &o, hash);
}

/* ---- cases ---------------------------------------------------------------- */

/* RFC 1321, appendix A.5: one-block messages and their digests. */
struct md5_test {
	const char *msg;
	const char *digest;
};

static const struct md5_test md5_suite[] __initconst = {
	{ "", "d41d8cd98f00b204e9800998ecf8427e" },
	{ "a", "0cc175b9c0f1b6a831c399e269772661" },
	{ "abc", "900150983cd24fb0d6963f7d28e17f72" },
	{ "message digest", "f96b697d7cb7938d525a2f31aaf161d0" },
	{ "abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b" },
};

/* The baseline must be MD5 for its cycles to mean anything. */
static void __init t_md5_baseline_rfc1321(void)
{
	u32 in[MD5_BASELINE_BLOCK_WORDS], hash[MD5_BASELINE_DIGEST_WORDS];
	u8 block[64], got[16], want[16];
	unsigned int i, j;
	size_t len;

	for (i = 0; i < ARRAY_SIZE(md5_suite); i++) {
		len = strlen(md5_suite[i].msg);
		memset(block, 0, sizeof(block));
		memcpy(block, md5_suite[i].msg, len);
		block[len] = 0x80;
		put_unaligned_le64((u64)len * 8, block + 56);
		for (j = 0; j < MD5_BASELINE_BLOCK_WORDS; j++)
			in[j] = get_unaligned_le32(block + 4 * j);
		memcpy(hash, md5_baseline_iv, sizeof(hash));
		md5_baseline_transform(hash, in);
		for (j = 0; j < MD5_BASELINE_DIGEST_WORDS; j++)
			put_unaligned_le32(hash[j], got + 4 * j);
		if (hex2bin(want, md5_suite[i].digest, sizeof(want)) ||
		    memcmp(got, want, sizeof(want)))
			ktap_fail("MD5(\"%s\") = %16phN, want %s", md5_suite[i].msg,
				  got, md5_suite[i].digest);
	}
}

/* The outputs of function @id hold libsodium's hash of every tuple. */
static void __init kat_case(enum fn_id id)
{
	struct output o;
	struct tuple t;
	unsigned int i;

	for (i = 0; i < NR_KATS; i++) {
		if (!kat_tuple(i, &t))
			continue;
		call(id, &t, &test_key, &o);
		if (!holds(id, &o, kats[i].want[id]))
			ktap_fail("tuple %u: output %llx, tsoff %08x; hash %016llx (libsodium)",
				  i, o.out, o.tsoff, kats[i].want[id]);
	}
}

static void __init t_kat_tcp_v4_isn(void)	{ kat_case(TCP_V4_ISN); }
static void __init t_kat_tcp_v6_isn(void)	{ kat_case(TCP_V6_ISN); }
static void __init t_kat_port_v4(void)		{ kat_case(PORT_V4); }
static void __init t_kat_port_v6(void)		{ kat_case(PORT_V6); }
static void __init t_kat_dccp_v4(void)		{ kat_case(DCCP_V4); }
static void __init t_kat_dccp_v6(void)		{ kat_case(DCCP_V6); }

/* Same tuple and key, same outputs but for the clock, with both keys. */
static void __init t_same_tuple_same_hash(void)
{
	const siphash_key_t *keys[] = { &test_key, &random_key };
	unsigned int id, i, k;
	struct output a, b;
	struct tuple t;
	bool same;

	for (id = 0; id < NR_FNS; id++)
		for (i = 0; i < NR_KATS; i++)
			for (k = 0; k < ARRAY_SIZE(keys); k++) {
				if (!kat_tuple(i, &t))
					continue;
				call(id, &t, keys[k], &a);
				call(id, &t, keys[k], &b);
				if (id == DCCP_V4 || id == DCCP_V6)
					same = ((b.out - a.out) & DCCP_MASK) <=
					       b.t1 - a.t0;
				else if (id == PORT_V4 || id == PORT_V6)
					same = a.out == b.out;
				else
					same = a.tsoff == b.tsoff &&
					       (u32)(b.out - a.out) <=
					       (u32)(b.t1 >> 6) - (u32)(a.t0 >> 6);
				if (!same)
					ktap_fail("%s tuple %u key %u: outputs differ",
						  fn_info[id].name, i, k);
			}
}

/*
 * Flip bit 0 and bit 7 of every byte of one field in turn: the output
 * must stop holding the known answer (or, if @changes is false, must not).
 */
static void __init flip_field(enum fn_id id, unsigned int kat,
			      const struct tuple *base, size_t off,
			      size_t size, const char *field, bool changes)
{
	static const u8 masks[] = { 0x01, 0x80 };
	struct tuple t = *base;
	u8 *p = (u8 *)&t + off;
	unsigned int j, m;
	bool changed;

	for (j = 0; j < size; j++)
		for (m = 0; m < ARRAY_SIZE(masks); m++) {
			p[j] ^= masks[m];
			changed = !output_holds(id, &t, &test_key,
						kats[kat].want[id]);
			p[j] ^= masks[m];
			if (changed != changes)
				ktap_fail("%s: %s byte %u ^ %#x %s the output",
					  fn_info[id].name, field, j, masks[m],
					  changes ? "does not change" : "changes");
		}
}

static void __init t_single_field_changes_hash(void)
{
	unsigned int id, i, j;
	siphash_key_t key;
	struct tuple t;
	bool v6;

	for (id = 0; id < NR_FNS; id++) {
		v6 = fn_info[id].v6;
		for (i = 0; i < NR_KATS; i++) {
			if (!kat_tuple(i, &t))
				continue;
			flip_field(id, i, &t, v6 ? offsetof(struct tuple, saddr6) :
				   offsetof(struct tuple, saddr4), v6 ? 16 : 4,
				   "saddr", true);
			flip_field(id, i, &t, v6 ? offsetof(struct tuple, daddr6) :
				   offsetof(struct tuple, daddr4), v6 ? 16 : 4,
				   "daddr", true);
			/* The port offsets do not take the source port. */
			flip_field(id, i, &t, offsetof(struct tuple, sport), 2,
				   "sport", fn_info[id].uses_sport);
			flip_field(id, i, &t, offsetof(struct tuple, dport), 2,
				   "dport", true);
			for (j = 0; j < sizeof(key); j++) {
				key = test_key;
				((u8 *)&key)[j] ^= 0x01;
				if (output_holds(id, &t, &key, kats[i].want[id]))
					ktap_fail("%s: key byte %u ^ 0x1: same output",
						  fn_info[id].name, j);
			}
		}
	}
}

/* The ISN is the hash plus ktime_get_real_ns() >> 6, and so advances. */
static void __init t_isn_advances_with_seq_scale(void)
{
	static const enum fn_id ids[] = { TCP_V4_ISN, TCP_V6_ISN };
	struct output a, b;
	struct tuple t;
	unsigned int i;
	u32 adv;

	if (!kat_tuple(0, &t))
		return;
	for (i = 0; i < ARRAY_SIZE(ids); i++) {
		call(ids[i], &t, &test_key, &a);
		usleep_range(2000, 3000);
		call(ids[i], &t, &test_key, &b);
		adv = b.out - a.out;
		if (!holds(ids[i], &a, kats[0].want[ids[i]]) ||
		    !holds(ids[i], &b, kats[0].want[ids[i]]))
			ktap_fail("%s: ISN is not hash + (ktime_get_real_ns() >> 6)",
				  fn_info[ids[i]].name);
		else if (adv < (u32)(b.t0 >> 6) - (u32)(a.t1 >> 6) ||
			 adv > (u32)(b.t1 >> 6) - (u32)(a.t0 >> 6) ||
			 adv < 2000000 / 64)
			ktap_fail("%s: ISN advanced by %u over %llu ns",
				  fn_info[ids[i]].name, adv, b.t0 - a.t1);
		else
			pr_info("# %s: ISN advanced by %u (64 ns ticks) over %llu..%llu ns\n",
				fn_info[ids[i]].name, adv, b.t0 - a.t1, b.t1 - a.t0);
	}
}

/* Both DCCP numbers, SipHash and MD5, stay below 2^48. */
static void __init t_dccp_within_48_bits(void)
{
	unsigned int i, wide = 0;
	struct tuple t;
	u64 seq[4];
	size_t j;
	u32 tsoff;

	if (!kat_tuple(0, &t))
		return;
	for (i = 0; i < 256; i++) {
		t.saddr4 ^= htonl(i);
		t.saddr6.s6_addr32[3] ^= htonl(i);
		t.sport = htons(i);
		/* Bits 63..32 of the DCCP number's hash, from the ISN. */
		demo_secure_tcp_sequence_number(t.saddr4, t.daddr4, t.sport,
						t.dport, &tsoff, &random_key);
		if (tsoff >> 16)
			wide++;
		seq[0] = demo_secure_dccp_sequence_number(t.saddr4, t.daddr4,
							  t.sport, t.dport,
							  &random_key);
		seq[1] = demo_secure_dccpv6_sequence_number(t.saddr6.s6_addr32,
							    t.daddr6.s6_addr32,
							    t.sport, t.dport,
							    &random_key);
		seq[2] = md5_secure_dccp_sequence_number(t.saddr4, t.daddr4,
							 t.sport, t.dport,
							 md5_secret);
		seq[3] = md5_secure_dccpv6_sequence_number(t.saddr6.s6_addr32,
							   t.daddr6.s6_addr32,
							   t.sport, t.dport,
							   md5_secret);
		for (j = 0; j < ARRAY_SIZE(seq); j++)
			if (seq[j] & ~DCCP_MASK)
				ktap_fail("input %u, version %zu: %#llx is wider than 48 bits",
					  i, j, seq[j]);
	}
	pr_info("# dccp: %u of 256 hashes had bits above 47, all masked\n", wide);
}

/* Write @pattern over the stack that the next call's frame will use. */
static noinline void dirty_stack(u8 pattern)
{
	u8 junk[512];

	memset(junk, pattern, sizeof(junk));
	barrier_data(junk);
}

static noinline void call_on_dirty_stack(enum fn_id id, const struct tuple *t,
					 u8 pattern, struct output *o)
{
	dirty_stack(pattern);
	call(id, t, &test_key, o);
}

/* The padding of the IPv6 inputs never reaches the hash. */
static void __init t_v6_padding_not_hashed(void)
{
	static const enum fn_id ids[] = { TCP_V6_ISN, PORT_V6, DCCP_V6 };
	static const u8 patterns[] = { 0x00, 0xff, 0xa5 };
	unsigned int i, j, p;
	struct output o;
	struct tuple t;

	/* Garbage left on the stack where the demo builds its input. */
	for (i = 0; i < NR_KATS; i++) {
		if (!kat_tuple(i, &t))
			continue;
		for (j = 0; j < ARRAY_SIZE(ids); j++)
			for (p = 0; p < ARRAY_SIZE(patterns); p++) {
				call_on_dirty_stack(ids[j], &t, patterns[p], &o);
				if (!holds(ids[j], &o, kats[i].want[ids[j]]))
					ktap_fail("%s tuple %u, stack %#x: %llx, hash %016llx",
						  fn_info[ids[j]].name, i,
						  patterns[p], o.out,
						  kats[i].want[ids[j]]);
			}
	}
	/* The inputs are padded to SIPHASH_ALIGNMENT; 36 and 34 bytes count. */
	pr_info("# padding: SIPHASH_ALIGNMENT %zu: the IPv6 inputs take %zu and %zu bytes, 36 and 34 hashed\n",
		(size_t)SIPHASH_ALIGNMENT, (size_t)ALIGN(36, SIPHASH_ALIGNMENT),
		(size_t)ALIGN(34, SIPHASH_ALIGNMENT));
}

/* ---- benchmark ------------------------------------------------------------ */

#define BENCH_BATCHES	21
#define BENCH_POOL	16	/* tuples cycled through, a power of 2 */

static struct tuple pool[BENCH_POOL] __initdata;

/* The tuple of call i, and the parts the functions take. */
#define T(i)	(&pool[(i) % BENCH_POOL])
#define S6(i)	(T(i)->saddr6.s6_addr32)
#define D6(i)	(T(i)->daddr6.s6_addr32)

/* Both rows, then the md5/siphash ratio of the medians, two decimals. */
static void __init bench_report(enum fn_id id, const struct bench_result *md5,
				const struct bench_result *sip)
{
	u64 x = sip->median_x100 ?
		div64_u64(md5->median_x100 * 100, sip->median_x100) : 0;
	u32 f;

	bench_print(fn_info[id].name, "md5", 64, md5);
	bench_print(fn_info[id].name, "siphash", fn_info[id].len, sip);
	x = div_u64_rem(x, 100, &f);
	pr_info("# speedup: function=%s md5/siphash=%llu.%02ux (median cycles per call)\n",
		fn_info[id].name, x, f);
}

/* Time @md5_call and @sip_call in the same batches and print both. */
#define BENCH_VS_MD5(id, md5_call, sip_call)				\
do {									\
	struct bench_result __md5, __sip;				\
									\
	BENCH_RUN_PAIR(__md5, __sip, BENCH_BATCHES, bench_calls,	\
		       (md5_call), (sip_call));				\
	bench_report(id, &__md5, &__sip);				\
} while (0)

/* Every function and its MD5 predecessor, on the same tuples. */
static void __init run_benchmarks(void)
{
	struct bench_result empty;
	unsigned int n;
	u32 tsoff;

	if (!kat_tuple(0, &pool[0]))
		return;
	for (n = 1; n < BENCH_POOL; n++) {
		pool[n] = pool[0];
		pool[n].saddr4 ^= htonl(n);
		pool[n].saddr6.s6_addr32[3] ^= htonl(n);
		pool[n].sport = htons(ntohs(pool[0].sport) + n);
	}
	pr_info("# bench: %u batches of %u calls per row, MD5 and SipHash in the same batches\n",
		BENCH_BATCHES, bench_calls);
	BENCH_RUN(empty, BENCH_BATCHES, bench_calls, i);
	bench_print("empty_loop", "none", 0, &empty);
	BENCH_VS_MD5(TCP_V4_ISN,
		     md5_secure_tcp_sequence_number(T(i)->saddr4, T(i)->daddr4,
						    T(i)->sport, T(i)->dport,
						    &tsoff, md5_secret),
		     demo_secure_tcp_sequence_number(T(i)->saddr4, T(i)->daddr4,
						     T(i)->sport, T(i)->dport,
						     &tsoff, &random_key));
	BENCH_VS_MD5(TCP_V6_ISN,
		     md5_secure_tcpv6_sequence_number(S6(i), D6(i), T(i)->sport,
						      T(i)->dport, &tsoff,
						      md5_secret),
		     demo_secure_tcpv6_sequence_number(S6(i), D6(i), T(i)->sport,
						       T(i)->dport, &tsoff,
						       &random_key));
	BENCH_VS_MD5(PORT_V4,
		     md5_secure_ipv4_port_ephemeral(T(i)->saddr4, T(i)->daddr4,
						    T(i)->dport, md5_secret),
		     demo_secure_ipv4_port_ephemeral(T(i)->saddr4, T(i)->daddr4,
						     T(i)->dport, &random_key));
	BENCH_VS_MD5(PORT_V6,
		     md5_secure_ipv6_port_ephemeral(S6(i), D6(i), T(i)->dport,
						    md5_secret),
		     demo_secure_ipv6_port_ephemeral(S6(i), D6(i), T(i)->dport,
						     &random_key));
	BENCH_VS_MD5(DCCP_V4,
		     md5_secure_dccp_sequence_number(T(i)->saddr4, T(i)->daddr4,
						     T(i)->sport, T(i)->dport,
						     md5_secret),
		     demo_secure_dccp_sequence_number(T(i)->saddr4, T(i)->daddr4,
						      T(i)->sport, T(i)->dport,
						      &random_key));
	BENCH_VS_MD5(DCCP_V6,
		     md5_secure_dccpv6_sequence_number(S6(i), D6(i), T(i)->sport,
						       T(i)->dport, md5_secret),
		     demo_secure_dccpv6_sequence_number(S6(i), D6(i), T(i)->sport,
							T(i)->dport, &random_key));
}

/* ---- the plan --------------------------------------------------------------- */

static const struct ktap_case cases[] __initconst = {
	{ "md5_baseline_rfc1321", t_md5_baseline_rfc1321 },
	{ "kat_tcp_v4_isn", t_kat_tcp_v4_isn },
	{ "kat_tcp_v6_isn", t_kat_tcp_v6_isn },
	{ "kat_port_v4_offset", t_kat_port_v4 },
	{ "kat_port_v6_offset", t_kat_port_v6 },
	{ "kat_dccp_v4_seq", t_kat_dccp_v4 },
	{ "kat_dccp_v6_seq", t_kat_dccp_v6 },
	{ "same_tuple_same_hash", t_same_tuple_same_hash },
	{ "single_field_changes_hash", t_single_field_changes_hash },
	{ "isn_advances_with_seq_scale", t_isn_advances_with_seq_scale },
	{ "dccp_within_48_bits", t_dccp_within_48_bits },
	{ "v6_padding_not_hashed", t_v6_padding_not_hashed },
};

static int __init test_secure_seq_init(void)
{
	unsigned int failed;

	get_random_bytes(&random_key, sizeof(random_key));
	get_random_bytes(md5_secret, sizeof(md5_secret));
	ktap_plan(ARRAY_SIZE(cases));
	pr_info("# secure_seq_demo.ko %s, %d-bit kernel: known answers, properties, then cycles against MD5\n",
		SIPHASH_OOT_VERSION, BITS_PER_LONG);
	failed = ktap_run(cases, ARRAY_SIZE(cases));
	if (!failed)
		run_benchmarks();
	memzero_explicit(&random_key, sizeof(random_key));
	memzero_explicit(md5_secret, sizeof(md5_secret));
	return failed ? -EINVAL : 0;
}

static void __exit test_secure_seq_exit(void)
{
}

module_init(test_secure_seq_init);
module_exit(test_secure_seq_exit);

MODULE_DESCRIPTION("KTAP test of secure_seq_demo.ko: known answers from libsodium, properties, and cycles against the MD5 code the seed replaced");
MODULE_AUTHOR("siphash-oot developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SIPHASH_OOT_VERSION);
MODULE_INFO(test, "Y");
SIPMOD_IMPORT_TEST();
