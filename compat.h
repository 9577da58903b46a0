/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every difference between the kernel series this project builds on, in
 * one place: Debian's 6.1, 6.12 and the newest kernel (7.x). The sources
 * include this header and never test a kernel version themselves.
 *
 * The facts come from the kernel tree being built against, not from its
 * version number: Kbuild probes its headers and its Module.symvers and
 * passes what it found as -D flags (the "compat probes" block there):
 *
 *   SIPMOD_HAVE_LINUX_UNALIGNED_H  <linux/unaligned.h> exists. It replaced
 *                                  <asm/unaligned.h> in 6.12.
 *   SIPMOD_HAVE_LINUX_HEX_H        <linux/hex.h> exists. hex2bin() moved
 *                                  there from <linux/kernel.h>, which
 *                                  stopped including it in 7.x.
 *   SIPMOD_NS_IS_STRING            MODULE_IMPORT_NS() and EXPORT_SYMBOL_NS()
 *                                  take a string literal (6.13 and later),
 *                                  not an identifier.
 *   SIPMOD_HAVE_SHA1_TRANSFORM     <crypto/sha1.h> declares sha1_transform().
 *                                  It left the API in 7.0.
 *   SIPMOD_HAVE_SHA1_TRANSFORM_IN_SHA_H
 *                                  <crypto/sha.h> declares it: 5.10, before
 *                                  that header was split into sha1.h and
 *                                  sha2.h (5.11).
 *   SIPMOD_HAVE_DCCP               the kernel exports
 *                                  secure_dccp_sequence_number(); DCCP was
 *                                  removed in 6.16.
 *   SIPMOD_HAVE_TCP_SEQ_AND_TS_OFF the kernel exports
 *                                  secure_tcp_seq_and_ts_off(): the ISN
 *                                  and the timestamp offset come from one
 *                                  SipHash of the 4-tuple ("tcp: secure_seq:
 *                                  add back ports to TS offset", 2026; in
 *                                  6.1.192 and 6.12.117 as the stable fix of
 *                                  CVE-2026-23247). Without it (6.1.176)
 *                                  the offset is a SipHash of the addresses
 *                                  alone under a second key, ts_secret
 *                                  ("secure_seq: downgrade to per-host
 *                                  timestamp offsets", 4.12).
 *   SIPMOD_COOKIE_CHECK_FROM_ACK   __cookie_v4_check() and
 *                                  __cookie_v6_check() take the cookie from
 *                                  the ACK's ack_seq (6.12 and later), not
 *                                  as a third argument (6.1).
 *   SIPMOD_HAVE_SOCKADDR_UNSIZED   kernel_bind() and kernel_connect() take
 *                                  struct sockaddr_unsized (7.x).
 *
 * For the test and demo modules only. siphash.c and siphash.h do not
 * include this file (the library acts on one probe itself, the
 * unaligned-access header, and siphash.h on none: it supplies what an
 * older <linux/siphash.h> lacks by testing for its macros), so that the
 * library, the Debian package and a consumer built with only siphash.h
 * never see the network stack, kprobes or ptrace.
 */
#ifndef SIPHASH_COMPAT_H
#define SIPHASH_COMPAT_H

#include <linux/kernel.h>
#include <linux/module.h>

#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#ifdef SIPMOD_HAVE_LINUX_HEX_H
#include <linux/hex.h>
#endif

/*
 * The symbol namespace of the exports that exist only for the tests
 * (siphash_1_3(), halfsiphash_1_3(), the demos' functions): a module must
 * import it to link.
 */
#ifdef SIPMOD_NS_IS_STRING
#define SIPMOD_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS(sym, "SIPHASH_OOT_TEST")
#define SIPMOD_EXPORT_TEST_GPL(sym) \
	EXPORT_SYMBOL_NS_GPL(sym, "SIPHASH_OOT_TEST")
#define SIPMOD_IMPORT_TEST()	MODULE_IMPORT_NS("SIPHASH_OOT_TEST")
#else
#define SIPMOD_EXPORT_TEST(sym)	EXPORT_SYMBOL_NS(sym, SIPHASH_OOT_TEST)
#define SIPMOD_EXPORT_TEST_GPL(sym) \
	EXPORT_SYMBOL_NS_GPL(sym, SIPHASH_OOT_TEST)
#define SIPMOD_IMPORT_TEST()	MODULE_IMPORT_NS(SIPHASH_OOT_TEST)
#endif

/*
 * Kernel functions some series lack. Each *_GONE is NULL where the running
 * kernel's API has the function, else the reason a comparison with it is
 * skipped, for the KTAP "# SKIP" line.
 */
/*
 * sha1_transform() is compared with, never linked against (no module
 * imports it): tests call it through its address. Its type is declared here
 * and checked against the kernel's declaration where there is one.
 */
typedef void sipmod_sha1_transform_t(u32 *digest, const char *data, u32 *ws);

#if defined(SIPMOD_HAVE_SHA1_TRANSFORM) || \
	defined(SIPMOD_HAVE_SHA1_TRANSFORM_IN_SHA_H)
#ifdef SIPMOD_HAVE_SHA1_TRANSFORM
#include <crypto/sha1.h>
#else
#include <crypto/sha.h>
#endif
static_assert(__same_type(sha1_transform, sipmod_sha1_transform_t));
#define SIPMOD_SHA1_WORKSPACE_WORDS	SHA1_WORKSPACE_WORDS
#define SIPMOD_SHA1_TRANSFORM_GONE	NULL
#else
#define SIPMOD_SHA1_WORKSPACE_WORDS	16
#define SIPMOD_SHA1_TRANSFORM_GONE \
	"sha1_transform() left the kernel API in 7.0"
#endif

#ifdef SIPMOD_HAVE_DCCP
#define SIPMOD_DCCP_GONE		NULL
#else
#define SIPMOD_DCCP_GONE \
	"this kernel has no DCCP (removed in 6.16): no secure_dccp_*() export"
#endif

/*
 * The running kernel's secure_seq functions and SYN cookies, under one
 * spelling for every series, for the tests that compare the demos with
 * them (test_secure_seq.c, test_syncookie.c). Rules that every series
 * here shares but the seed did not have are described where the demos
 * compute them (secure_seq_demo.c). Kernel modules only: tests/user
 * builds siphash.c, and so this header, in user space without them.
 */
#ifdef MODULE
#include <linux/ptrace.h>
#include <linux/uaccess.h>
#include <net/net_namespace.h>
#include <net/secure_seq.h>
#include <net/tcp.h>

/* The time seed of the port offsets: EPHEMERAL_PORT_SHUFFLE_PERIOD. */
#define SIPMOD_PORT_SHUFFLE_PERIOD	(10 * HZ)

#ifdef SIPMOD_HAVE_TCP_SEQ_AND_TS_OFF
#define SIPMOD_TS_OFF_SPLIT	false

/*
 * sipmod_kernel_tcp_seq() - the kernel's ISN of an IPv4 TCP connection
 * and, in *@ts_off, its timestamp offset (0 unless the sysctl
 * tcp_timestamps is 1), or 0 where the kernel hashes the offset apart
 * (SIPMOD_TS_OFF_SPLIT, below).
 */
static inline u32 sipmod_kernel_tcp_seq(__be32 saddr, __be32 daddr,
					__be16 sport, __be16 dport, u32 *ts_off)
{
	union tcp_seq_and_ts_off st;

	st = secure_tcp_seq_and_ts_off(&init_net, saddr, daddr, sport, dport);
	*ts_off = st.ts_off;
	return st.seq;
}

/* sipmod_kernel_tcpv6_seq() - the same for IPv6. */
static inline u32 sipmod_kernel_tcpv6_seq(const __be32 *saddr,
					  const __be32 *daddr, __be16 sport,
					  __be16 dport, u32 *ts_off)
{
	union tcp_seq_and_ts_off st;

	st = secure_tcpv6_seq_and_ts_off(&init_net, saddr, daddr, sport,
					 dport);
	*ts_off = st.ts_off;
	return st.seq;
}
#else
#define SIPMOD_TS_OFF_SPLIT	true

/*
 * The kernel computes the IPv4 offset in secure_tcp_ts_off(), which it
 * does not export and never takes the address of: an x86 kernel with IBT
 * seals its ENDBR at boot, so an indirect call through its kallsyms
 * address would end in a "Missing ENDBR" BUG on a CPU with IBT. Its
 * offset is 0 here: the tests compare it where a real handshake carries it.
 */
static inline u32 sipmod_kernel_tcp_seq(__be32 saddr, __be32 daddr,
					__be16 sport, __be16 dport, u32 *ts_off)
{
	*ts_off = 0;
	return secure_tcp_seq(saddr, daddr, sport, dport);
}

static inline u32 sipmod_kernel_tcpv6_seq(const __be32 *saddr,
					  const __be32 *daddr, __be16 sport,
					  __be16 dport, u32 *ts_off)
{
	*ts_off = secure_tcpv6_ts_off(&init_net, saddr, daddr);
	return secure_tcpv6_seq(saddr, daddr, sport, dport);
}
#endif

#ifdef SIPMOD_HAVE_DCCP
static inline u64 sipmod_kernel_dccp_seq(__be32 saddr, __be32 daddr,
					 __be16 sport, __be16 dport)
{
	return secure_dccp_sequence_number(saddr, daddr, sport, dport);
}

static inline u64 sipmod_kernel_dccpv6_seq(__be32 *saddr, __be32 *daddr,
					   __be16 sport, __be16 dport)
{
	return secure_dccpv6_sequence_number(saddr, daddr, sport, dport);
}
#else
static inline u64 sipmod_kernel_dccp_seq(__be32 saddr, __be32 daddr,
					 __be16 sport, __be16 dport)
{
	return 0;
}

static inline u64 sipmod_kernel_dccpv6_seq(__be32 *saddr, __be32 *daddr,
					   __be16 sport, __be16 dport)
{
	return 0;
}
#endif

/*
 * sipmod_kernel_cookie_v4_check() - the MSS the kernel finds in a cookie
 * returning in the ACK @iph, @th (th->seq is the client's ISN + 1), or 0:
 * @cookie is the ACK's ack_seq - 1, which this writes into @th too.
 */
static inline int sipmod_kernel_cookie_v4_check(const struct iphdr *iph,
						struct tcphdr *th, u32 cookie)
{
	th->ack_seq = htonl(cookie + 1);
#ifdef SIPMOD_COOKIE_CHECK_FROM_ACK
	return __cookie_v4_check(iph, th);
#else
	return __cookie_v4_check(iph, th, cookie);
#endif
}

/* sipmod_kernel_cookie_v6_check() - the same for IPv6. */
static inline int sipmod_kernel_cookie_v6_check(const struct ipv6hdr *iph,
						struct tcphdr *th, u32 cookie)
{
	th->ack_seq = htonl(cookie + 1);
#ifdef SIPMOD_COOKIE_CHECK_FROM_ACK
	return __cookie_v6_check(iph, th);
#else
	return __cookie_v6_check(iph, th, cookie);
#endif
}

/* What kernel_bind() and kernel_connect() take. */
#ifdef SIPMOD_HAVE_SOCKADDR_UNSIZED
#define SIPMOD_SOCKADDR(p)	((struct sockaddr_unsized *)(p))
#else
#define SIPMOD_SOCKADDR(p)	((struct sockaddr *)(p))
#endif

/*
 * Arguments at a kprobe on a function's first instruction, by machine
 * word of the calling convention: sipmod_kprobe_arg(regs, n) is word @n.
 * regs_get_kernel_argument() knows it where the arch has it for modules
 * (x86, arm64; s390's calls functions modules cannot, and it passes
 * words 0..4 in r2..r6); 32-bit arm and mips pass words 0..3 in r0..r3 and a0..a3 and
 * the rest on the stack (o32 reserves a home for a0..a3 there, so word n
 * is stack word n); n64 passes words 0..7 in a0..a7.
 *
 * Where a 64-bit integer goes differs on 32-bit kernels, and so does the
 * word of the key pointer of siphash_1u64(u64, key) and
 * siphash_2u64(u64, u64, key): a u64 takes an even/odd register pair on
 * arm and mips; i386 (-mregparm=3) passes the first in eax:edx, and a
 * second that does not fit in the one register left goes on the stack,
 * with every argument after it.
 */
#define SIPMOD_KPROBE_ARG_RULE	1
#if defined(CONFIG_S390)
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	/* s390's regs_get_kernel_argument() is not for modules: r2..r6 */
	return n < 5 ? regs->gprs[2 + n] : 0;
}
#elif defined(CONFIG_HAVE_FUNCTION_ARG_ACCESS_API)
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	return regs_get_kernel_argument(regs, n);
}
#elif defined(CONFIG_ARM)
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	unsigned long word = 0;

	/* arm's regs_get_kernel_stack_nth() is not exported to modules */
	if (n < 4)
		return regs->uregs[n];
	if (copy_from_kernel_nofault(&word, (unsigned long *)regs->ARM_sp + n - 4,
				     sizeof(word)))
		return 0;
	return word;
}
#elif defined(CONFIG_MIPS) && defined(CONFIG_32BIT)
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	return n < 4 ? regs->regs[4 + n] : regs_get_kernel_stack_nth(regs, n);
}
#elif defined(CONFIG_MIPS)
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	return n < 8 ? regs->regs[4 + n] : 0;
}
#else
/* No rule: the live_ cases that need one fail with -EOPNOTSUPP (live.h). */
#undef SIPMOD_KPROBE_ARG_RULE
#define SIPMOD_KPROBE_ARG_RULE	0
static inline unsigned long sipmod_kprobe_arg(struct pt_regs *regs,
					      unsigned int n)
{
	return 0;
}
#endif

#if BITS_PER_LONG == 64
#define SIPMOD_KEY_ARG_1U64	1
#define SIPMOD_KEY_ARG_2U64	2
#elif defined(CONFIG_X86_32)
#define SIPMOD_KEY_ARG_1U64	2
#define SIPMOD_KEY_ARG_2U64	5
#else
#define SIPMOD_KEY_ARG_1U64	2
#define SIPMOD_KEY_ARG_2U64	4
#endif
/* __siphash_*(data, len, key): three words everywhere. */
#define SIPMOD_KEY_ARG_BUF	2

/*
 * The function siphash() of an aligned buffer calls: the unaligned entry
 * where the CPU loads unaligned words well, else the aligned one.
 */
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
#define SIPMOD_SIPHASH_BUF_FN	"__siphash_unaligned"
#else
#define SIPMOD_SIPHASH_BUF_FN	"__siphash_aligned"
#endif

/*
 * What siphash() of a constant 32 aligned bytes calls (the two addresses
 * secure_tcpv6_ts_off() hashes): the unaligned entry as above, else
 * ___siphash_aligned() folds the length into siphash_4u64(), whose key
 * follows four u64 (register pairs on 32-bit arm and mips o32).
 */
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
#define SIPMOD_SIPHASH_32_FN		"__siphash_unaligned"
#define SIPMOD_SIPHASH_32_KEY_ARG	SIPMOD_KEY_ARG_BUF
#define SIPMOD_SIPHASH_32_LEN		32
#else
#define SIPMOD_SIPHASH_32_FN		"siphash_4u64"
#define SIPMOD_SIPHASH_32_KEY_ARG	(BITS_PER_LONG == 64 ? 4 : 8)
#define SIPMOD_SIPHASH_32_LEN		0
#endif
#endif /* MODULE */

#endif /* SIPHASH_COMPAT_H */
