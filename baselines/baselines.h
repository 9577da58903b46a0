/* SPDX-License-Identifier: GPL-2.0 */
/*
 * OBSOLETE BASELINES, for measurement only: what "Introduce The SipHash
 * PRF" replaced. MD5 for TCP and DCCP sequence numbers and port offsets
 * ("[PATCH v3 net-next 3/4] secure_seq: use SipHash in place of MD5"),
 * SHA-1 for SYN cookies ("[PATCH v3 net-next 4/4] syncookies: use SipHash
 * in place of SHA1"), rebuilt from the "-" lines of those patches over
 * compression functions written from RFC 1321 and FIPS 180-4. The tests
 * time them against the SipHash code that replaced them and check that
 * they work, so that the figures are those of working code. MD5 and SHA-1
 * are broken; nothing here is fit for any other use.
 *
 * Part of sipmod_testlib.ko (md5.c, sha1.c), exported in the
 * SIPHASH_OOT_TEST namespace.
 */
#ifndef SIPHASH_BASELINES_H
#define SIPHASH_BASELINES_H

#include <linux/types.h>

#include "syncookie_demo.h"

#define MD5_BASELINE_BLOCK_WORDS	16
#define MD5_BASELINE_DIGEST_WORDS	4
/* net_secret before SipHash: one MD5 block. */
#define MD5_SECRET_WORDS		MD5_BASELINE_BLOCK_WORDS

extern const u32 md5_baseline_iv[MD5_BASELINE_DIGEST_WORDS];
void md5_baseline_transform(u32 hash[MD5_BASELINE_DIGEST_WORDS],
			    const u32 in[MD5_BASELINE_BLOCK_WORDS]);

/*
 * The six MD5 functions of net/core/secure_seq.c before SipHash, named
 * md5_<name in the patch>, with the secret (MD5_SECRET_WORDS words) as
 * their last argument; the same arguments as secure_seq_demo.h's.
 */
u32 md5_secure_tcp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
				   __be16 dport, u32 *tsoff, const u32 *secret);
u32 md5_secure_tcpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				     __be16 sport, __be16 dport, u32 *tsoff,
				     const u32 *secret);
u32 md5_secure_ipv4_port_ephemeral(__be32 saddr, __be32 daddr, __be16 dport,
				   const u32 *secret);
u32 md5_secure_ipv6_port_ephemeral(const __be32 *saddr, const __be32 *daddr,
				   __be16 dport, const u32 *secret);
u64 md5_secure_dccp_sequence_number(__be32 saddr, __be32 daddr, __be16 sport,
				    __be16 dport, const u32 *secret);
u64 md5_secure_dccpv6_sequence_number(const __be32 *saddr, const __be32 *daddr,
				      __be16 sport, __be16 dport,
				      const u32 *secret);

#define SHA1_BASELINE_BLOCK_BYTES	64
#define SHA1_BASELINE_DIGEST_WORDS	5
/* The words of one cookie secret: IPv4 hashes all 17, IPv6 the first 11. */
#define SHA1_COOKIE_SECRET_WORDS	(16 - 4 + SHA1_BASELINE_DIGEST_WORDS)

extern const u32 sha1_baseline_iv[SHA1_BASELINE_DIGEST_WORDS];
void sha1_baseline_transform(u32 digest[SHA1_BASELINE_DIGEST_WORDS],
			     const u8 block[SHA1_BASELINE_BLOCK_BYTES]);

/**
 * struct sha1_cookie_secret - the secrets of the SHA-1 cookies
 * @w: w[0] hashes count 0, w[1] the minute counter, as syncookie_secret[]
 */
struct sha1_cookie_secret {
	u32 w[2][SHA1_COOKIE_SECRET_WORDS];
};

/*
 * SYN cookies as syncookie_demo.h makes them, with the SHA-1 cookie_hash()
 * the patch removed; @msstab is the family's MSS table (scd_msstab(),
 * SCD_MSSTAB_SIZE entries), which the caller passes so that this module
 * does not depend on the demo.
 */
u32 sha1_cookie_hash(const struct scd_tuple *t, u32 count, int c,
		     const struct sha1_cookie_secret *s);
u32 sha1_cookie_init_sequence(const struct scd_tuple *t, __be32 seq, u16 *mssp,
			      u32 count, const struct sha1_cookie_secret *s,
			      const u16 *msstab);
int sha1_cookie_check(const struct scd_tuple *t, __be32 seq, u32 cookie,
		      u32 count, const struct sha1_cookie_secret *s,
		      const u16 *msstab);
void sha1_cookie_wipe(void);

#endif /* SIPHASH_BASELINES_H */
