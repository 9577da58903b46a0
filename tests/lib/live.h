/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel as the oracle of the demos' tests, from
 * sipmod_testlib.ko: the secrets its secure_seq functions and SYN cookies
 * hash with, reached while it computes, and real TCP handshakes on
 * loopback between kernel sockets (live.c).
 *
 * A secret is found the same way on every arch: a kprobe on the kernel's
 * own SipHash function that the kernel function under test calls, armed
 * only for this task while the test calls that function once, records the
 * key pointer the kernel passes (live.c knows where each arch's calling
 * convention puts it; the LIVE_* macros below say which word that is).
 * The key is then read from there, copied, used only in memory and wiped
 * by the test; it is never printed. Where the kernel lists the secret in
 * /proc/kallsyms (CONFIG_KALLSYMS_ALL), the harness passes its address
 * (a ksym parameter) and the pointer must be that address.
 */
#ifndef SIPHASH_LIVE_H
#define SIPHASH_LIVE_H

#include <linux/kernel.h>
#include <linux/moduleparam.h>
#include <linux/net.h>
#include <linux/siphash.h>
#include <linux/socket.h>
#include <linux/in6.h>
#include <linux/types.h>

/*
 * The argument word of the key pointer of siphash_1u64(u64, key) and
 * siphash_2u64(u64, u64, key): a u64 takes an even/odd register pair on
 * 32-bit arm and mips; i386 (-mregparm=3) passes the first in eax:edx, and
 * a second that does not fit in the one register left goes on the stack,
 * with every argument after it.
 */
#if BITS_PER_LONG == 64
#define LIVE_KEY_ARG_1U64	1
#define LIVE_KEY_ARG_2U64	2
#elif defined(CONFIG_X86_32)
#define LIVE_KEY_ARG_1U64	2
#define LIVE_KEY_ARG_2U64	5
#else
#define LIVE_KEY_ARG_1U64	2
#define LIVE_KEY_ARG_2U64	4
#endif
/* __siphash_*(data, len, key): three words everywhere. */
#define LIVE_KEY_ARG_BUF	2

/*
 * The function siphash() of an aligned buffer calls: the unaligned entry
 * where the CPU loads unaligned words well, else the aligned one.
 */
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
#define LIVE_SIPHASH_BUF_FN	"__siphash_unaligned"
#else
#define LIVE_SIPHASH_BUF_FN	"__siphash_aligned"
#endif

/*
 * What siphash() of a constant 32 aligned bytes calls (the two addresses
 * secure_tcpv6_ts_off() hashes): the unaligned entry as above, else
 * ___siphash_aligned() folds the length into siphash_4u64(), whose key
 * follows four u64 (register pairs on 32-bit arm and mips o32).
 */
#ifdef CONFIG_HAVE_EFFICIENT_UNALIGNED_ACCESS
#define LIVE_SIPHASH_32_FN		"__siphash_unaligned"
#define LIVE_SIPHASH_32_KEY_ARG	LIVE_KEY_ARG_BUF
#define LIVE_SIPHASH_32_LEN		32
#else
#define LIVE_SIPHASH_32_FN		"siphash_4u64"
#define LIVE_SIPHASH_32_KEY_ARG	(BITS_PER_LONG == 64 ? 4 : 8)
#define LIVE_SIPHASH_32_LEN		0
#endif

/**
 * struct sipmod_ksym_param - the address of one kernel symbol
 * @sym: the symbol
 * @addr: its address, 0 until a valid one was given
 *
 * For comparisons with kernel data the kernel does not export. A function
 * named here must be one the kernel exports: on x86 with IBT the kernel
 * seals the ENDBR of a function whose address it never takes, and an
 * indirect call to it ends in a "Missing ENDBR" BUG.
 */
struct sipmod_ksym_param {
	const char *sym;
	unsigned long addr;
};

int sipmod_ksym_param_set(const char *val, const struct kernel_param *kp);

/* sipmod_param_ksym(name, desc) - define sym_addr, the address of @name. */
#define sipmod_param_ksym(name, desc)					\
static struct sipmod_ksym_param name##_addr = { .sym = #name };		\
static const struct kernel_param_ops name##_addr_ops = {			\
	.set = sipmod_ksym_param_set,					\
};									\
module_param_cb(name##_addr, &name##_addr_ops, &name##_addr, 0);		\
__MODULE_PARM_TYPE(name##_addr, "ksym");					\
MODULE_PARM_DESC(name##_addr, desc)

/**
 * struct live_secret - how to reach one of the kernel's secrets
 * @name: the kernel's variable, for messages
 * @fn: the SipHash function the kernel hashes it with
 * @key_arg: the argument word of @fn that holds the key pointer
 * @len: the length argument of @fn's calls with it, or 0 (fixed-width
 *       functions)
 * @nkeys: keys in the secret (syncookie_secret[2] has 2), each hashed once
 *         by one call of @trigger
 * @trigger: calls the kernel function that hashes with the secret
 * @ksym: the address /proc/kallsyms gives the secret, if the harness
 *        passed it (addr 0 otherwise)
 */
struct live_secret {
	const char *name;
	const char *fn;
	unsigned int key_arg;
	unsigned long len;
	unsigned int nkeys;
	void (*trigger)(void);
	const struct sipmod_ksym_param *ksym;
};

bool live_secret_find(const struct live_secret *s, siphash_key_t *keys);
bool live_ready(bool have_secret);

/* Random tuples each live_ case compares (a parameter of sipmod_testlib). */
extern unsigned int live_tuples;

/* Seconds a connect() or accept() on loopback may take before it fails. */
#define LIVE_SOCK_TIMEOUT	(10 * HZ)

/**
 * struct live_conn - one TCP connection on loopback, both ends in the kernel
 * @family: AF_INET or AF_INET6
 * @listener: the listening socket
 * @client: the connecting socket
 * @server: the socket accept() gave
 * @srv: the listener's address (the server's end)
 * @cli: the client's address
 * @srv4: the server's IPv4 address, network order (AF_INET)
 * @cli4: the client's IPv4 address
 * @srv6: the server's IPv6 address (AF_INET6)
 * @cli6: the client's IPv6 address
 * @srv_port: the server's port, network order
 * @cli_port: the client's port
 * @t0: ktime_get_real_ns() before connect()
 * @t1: ktime_get_real_ns() after it
 * @c0: tcp_cookie_time() before connect()
 * @c1: tcp_cookie_time() after it
 * @server_isn: the server's ISN, as the client saw it (rcv_nxt - 1)
 * @client_isn: the client's ISN (snd_una - 1)
 * @client_mss: the MSS the client's SYN announced
 */
struct live_conn {
	int family;
	struct socket *listener, *client, *server;
	struct sockaddr_storage srv, cli;
	__be32 srv4, cli4;
	struct in6_addr srv6, cli6;
	__be16 srv_port, cli_port;
	u64 t0, t1;
	u32 c0, c1;
	u32 server_isn, client_isn;
	u16 client_mss;
};

int live_connect(struct live_conn *c);
void live_close(struct live_conn *c);

#endif /* SIPHASH_LIVE_H */
