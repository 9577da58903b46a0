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
 *   SIPMOD_HAVE_PARAM_SET_UINT_MINMAX
 *                                  <linux/moduleparam.h> declares
 *                                  param_set_uint_minmax() (5.15 and
 *                                  later); this header defines the same
 *                                  where it does not.
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
 * For the demos, the tests and their helper module only: siphash.c and
 * siphash.h never include it (the library acts on one probe itself, the
 * unaligned-access header, and siphash.h on none: it supplies what an
 * older <linux/siphash.h> lacks by testing for its macros), so that the
 * library, the Debian package and a consumer built with only siphash.h
 * never see the network stack.
 */
#ifndef SIPHASH_COMPAT_H
#define SIPHASH_COMPAT_H

#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/ptrace.h>
#include <linux/siphash.h>
#include <linux/uaccess.h>
#include <net/net_namespace.h>
#include <net/secure_seq.h>
#include <net/tcp.h>

#ifdef SIPMOD_HAVE_SHA1_TRANSFORM
#include <crypto/sha1.h>
#elif defined(SIPMOD_HAVE_SHA1_TRANSFORM_IN_SHA_H)
#include <crypto/sha.h>
#endif

#ifdef SIPMOD_HAVE_LINUX_UNALIGNED_H
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#ifdef SIPMOD_HAVE_LINUX_HEX_H
#include <linux/hex.h>
#endif

#ifndef SIPMOD_HAVE_PARAM_SET_UINT_MINMAX
/* What the kernel's param_set_uint_minmax() does, where it has none. */
static inline int param_set_uint_minmax(const char *val,
					const struct kernel_param *kp,
					unsigned int min, unsigned int max)
{
	unsigned int num;
	int ret = kstrtouint(val, 0, &num);

	if (ret)
		return ret;
	if (num < min || num > max)
		return -EINVAL;
	*(unsigned int *)kp->arg = num;
	return 0;
}
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
 * here shares but the patch series did not have are described where the
 * demos compute them (secure_seq_demo.c).
 */
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

/*
 * sipmod_kernel_dccp_seq() - the kernel's DCCP ISN of a connection: IPv6
 * if @s6 is not NULL (@s6, @d6), else IPv4 (@s4, @d4); 0 where the kernel
 * has no DCCP (SIPMOD_DCCP_GONE).
 */
static inline u64 sipmod_kernel_dccp_seq(__be32 s4, __be32 d4,
					 const __be32 *s6, const __be32 *d6,
					 __be16 sport, __be16 dport)
{
#ifdef SIPMOD_HAVE_DCCP
	if (s6)
		return secure_dccpv6_sequence_number((__be32 *)s6, (__be32 *)d6,
						     sport, dport);
	return secure_dccp_sequence_number(s4, d4, sport, dport);
#else
	return 0;
#endif
}

/*
 * sipmod_kernel_cookie_check() - the MSS the kernel finds in a cookie
 * returning in the ACK @iph6 (IPv6) or else @iph, and @th (th->seq is the
 * client's ISN + 1), or 0: @cookie is the ACK's ack_seq - 1, which this
 * writes into @th too.
 */
static inline int sipmod_kernel_cookie_check(const struct iphdr *iph,
					     const struct ipv6hdr *iph6,
					     struct tcphdr *th, u32 cookie)
{
	th->ack_seq = htonl(cookie + 1);
#ifdef SIPMOD_COOKIE_CHECK_FROM_ACK
	return iph6 ? __cookie_v6_check(iph6, th) : __cookie_v4_check(iph, th);
#else
	return iph6 ? __cookie_v6_check(iph6, th, cookie) :
		      __cookie_v4_check(iph, th, cookie);
#endif
}

/* What kernel_bind() and kernel_connect() take. */
#ifdef SIPMOD_HAVE_SOCKADDR_UNSIZED
#define SIPMOD_SOCKADDR(p)	((struct sockaddr_unsized *)(p))
#else
#define SIPMOD_SOCKADDR(p)	((struct sockaddr *)(p))
#endif

#endif /* SIPHASH_COMPAT_H */
