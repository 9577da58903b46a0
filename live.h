/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The running kernel as the oracle of the demos' live_ cases: the secrets
 * its secure_seq functions and SYN cookies hash with, reached while it
 * computes, and real TCP handshakes on loopback between kernel sockets.
 * A test module includes this once (static functions, like ktap.h).
 *
 * A secret is found the same way on every arch: a kprobe on the kernel's
 * own SipHash function that the kernel function under test calls, armed
 * only for this task while the test calls that function once, records the
 * key pointer the kernel passes (compat.h says where each arch's calling
 * convention puts it). The key is then read from there, copied, used
 * only in memory and wiped; it is never printed. Where the kernel lists
 * the secret in /proc/kallsyms (CONFIG_KALLSYMS_ALL), the tests check that
 * the pointer is that symbol's address.
 */
#ifndef SIPHASH_LIVE_H
#define SIPHASH_LIVE_H

#include <linux/bottom_half.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/kprobes.h>
#include <linux/net.h>
#include <linux/netdevice.h>
#include <linux/sched.h>
#include <linux/siphash.h>
#include <linux/socket.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "compat.h"

/**
 * struct live_key_probe - a kprobe that records the key of one kind of call
 * @kp: the kprobe, on the SipHash function
 * @task: the only task whose calls count, NULL while disarmed
 * @len: the length argument of the calls that count, 0 for any
 * @key_arg: the argument word that holds the key pointer
 * @hits: calls that counted
 * @keys: their key pointers, the first ARRAY_SIZE(keys)
 */
struct live_key_probe {
	struct kprobe kp;
	struct task_struct *task;
	unsigned long len;
	unsigned int key_arg;
	unsigned int hits;
	unsigned long keys[2];
};

static int live_key_probe_pre(struct kprobe *p, struct pt_regs *regs)
{
	struct live_key_probe *lp = container_of(p, struct live_key_probe, kp);

	if (READ_ONCE(lp->task) != current)
		return 0;
	if (lp->len && sipmod_kprobe_arg(regs, 1) != lp->len)
		return 0;
	if (lp->hits < ARRAY_SIZE(lp->keys))
		lp->keys[lp->hits] = sipmod_kprobe_arg(regs, lp->key_arg);
	lp->hits++;
	return 0;
}

/**
 * struct live_secret - how to reach one of the kernel's secrets
 * @name: the kernel's variable, for messages and its kallsyms address
 * @fn: the SipHash function the kernel hashes it with
 * @key_arg: the argument word of @fn that holds the key pointer
 * @len: the length argument of @fn's calls with it, or 0 (fixed-width
 *       functions)
 * @nkeys: keys in the secret (syncookie_secret[2] has 2), each hashed once
 *         by one call of @trigger
 * @trigger: calls the kernel function that hashes with the secret
 */
struct live_secret {
	const char *name;
	const char *fn;
	unsigned int key_arg;
	unsigned long len;
	unsigned int nkeys;
	void (*trigger)(void);
};

/**
 * live_find_secret() - the kernel's secret, from its own call
 * @s: what to probe and trigger
 * @keys: set to the secret's @s->nkeys keys, in address order
 * @addr: set to the address of the first key
 *
 * @s->trigger runs once before the probe is armed, so that the kernel's
 * net_get_random_once() has made the secret, then once armed with bottom
 * halves off, so that only this task's call counts. A failed try (another
 * call of the same function by this task) is repeated.
 *
 * Return: 0, or a negative error with nothing in @keys.
 */
static int live_find_secret(const struct live_secret *s, siphash_key_t *keys,
			    unsigned long *addr)
{
	/* One probe at a time: only module init calls this. */
	static struct live_key_probe probe;
	struct live_key_probe *lp = &probe;
	unsigned int i, try;
	int err;

	if (!SIPMOD_KPROBE_ARG_RULE)	/* an arch compat.h has no rule for */
		return -EOPNOTSUPP;
	memset(lp, 0, sizeof(*lp));
	lp->kp.symbol_name = s->fn;
	lp->kp.pre_handler = live_key_probe_pre;
	lp->key_arg = s->key_arg;
	lp->len = s->len;
	s->trigger();
	err = register_kprobe(&lp->kp);
	if (err)
		goto out;
	for (try = 0; try < 3; try++) {
		lp->hits = 0;
		local_bh_disable();
		WRITE_ONCE(lp->task, current);
		s->trigger();
		WRITE_ONCE(lp->task, NULL);
		local_bh_enable();
		if (lp->hits == s->nkeys)
			break;
	}
	unregister_kprobe(&lp->kp);
	err = -ENOENT;
	if (lp->hits != s->nkeys)
		goto out;
	/* Two keys of one array: adjacent, taken in either order. */
	if (s->nkeys == 2) {
		if (lp->keys[1] < lp->keys[0])
			swap(lp->keys[0], lp->keys[1]);
		if (lp->keys[1] - lp->keys[0] != sizeof(siphash_key_t))
			goto out;
	}
	err = -EFAULT;
	if (copy_from_kernel_nofault(keys, (const void *)lp->keys[0],
				     s->nkeys * sizeof(*keys)))
		goto out;
	*addr = lp->keys[0];
	err = 0;
	for (i = 0; i < s->nkeys; i++)
		if (!keys[i].key[0] && !keys[i].key[1])
			err = -ENODATA;
	if (err)
		memzero_explicit(keys, s->nkeys * sizeof(*keys));
out:
	memset(lp->keys, 0, sizeof(lp->keys));
	return err;
}

/* ---- handshakes ------------------------------------------------------------ */

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
	u64 t0, t1;
	u32 c0, c1;
	u32 server_isn, client_isn;
	u16 client_mss;
};

/*
 * Close whatever of @c is open. The two ends close with a reset, not a FIN
 * (SO_LINGER 0): no TIME_WAIT socket outlives the module by a minute, which
 * the reliability run's load/unload cycles would count as unreclaimable
 * slab (on s390x over 100 kB in 40 cycles of test_secure_seq).
 */
static void live_close(struct live_conn *c)
{
	if (c->server) {
		sock_no_linger(c->server->sk);
		sock_release(c->server);
	}
	if (c->client) {
		sock_no_linger(c->client->sk);
		sock_release(c->client);
	}
	if (c->listener)
		sock_release(c->listener);
	c->server = NULL;
	c->client = NULL;
	c->listener = NULL;
}

/**
 * live_connect() - listen on loopback, connect to it and accept
 * @c: the connection; @c->family set, the rest zero
 *
 * The listener binds port 0 of 127.0.0.1 or ::1, so each call has a new
 * port; the client's port is the kernel's choice. Both ends stay open
 * until live_close(), and the client has neither sent nor received data.
 * The module changes no interface: where the environment lacks what a
 * handshake needs (the loopback interface down, no IPv6, no ::1), the
 * running case is skipped with that reason.
 *
 * Return: 0, or the first error (with its step in a KTAP diagnostic, or
 * the case skipped).
 */
static int live_connect(struct live_conn *c)
{
	struct sockaddr_in *sin = (struct sockaddr_in *)&c->srv;
	struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&c->srv;
	const struct tcp_sock *tp;
	const char *step;
	int len, err;

	if (!(READ_ONCE(init_net.loopback_dev->flags) & IFF_UP)) {
		ktap_skip("the loopback interface is down: no handshake on it");
		return -ENETDOWN;
	}
	memset(&c->srv, 0, sizeof(c->srv));
	if (c->family == AF_INET) {
		sin->sin_family = AF_INET;
		sin->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		len = sizeof(*sin);
	} else {
		sin6->sin6_family = AF_INET6;
		sin6->sin6_addr = in6addr_loopback;
		len = sizeof(*sin6);
	}
	step = "socket";
	err = sock_create_kern(&init_net, c->family, SOCK_STREAM, IPPROTO_TCP,
			       &c->listener);
	if (err == -EAFNOSUPPORT) {
		ktap_skip("the address family is not available (IPv6 disabled?)");
		return err;
	}
	if (err)
		goto fail;
	c->listener->sk->sk_rcvtimeo = LIVE_SOCK_TIMEOUT;
	step = "bind";
	err = kernel_bind(c->listener, SIPMOD_SOCKADDR(&c->srv), len);
	if (err == -EADDRNOTAVAIL) {
		ktap_skip("the loopback address is not configured on lo");
		live_close(c);
		return err;
	}
	if (err)
		goto fail;
	step = "listen";
	err = kernel_listen(c->listener, 8);
	if (err)
		goto fail;
	step = "getsockname";
	err = kernel_getsockname(c->listener, (struct sockaddr *)&c->srv);
	if (err < 0)
		goto fail;
	step = "socket";
	err = sock_create_kern(&init_net, c->family, SOCK_STREAM, IPPROTO_TCP,
			       &c->client);
	if (err)
		goto fail;
	c->client->sk->sk_sndtimeo = LIVE_SOCK_TIMEOUT;
	step = "connect";
	c->c0 = tcp_cookie_time();
	c->t0 = ktime_get_real_ns();
	err = kernel_connect(c->client, SIPMOD_SOCKADDR(&c->srv), len, 0);
	c->t1 = ktime_get_real_ns();
	c->c1 = tcp_cookie_time();
	if (err)
		goto fail;
	step = "getsockname";
	err = kernel_getsockname(c->client, (struct sockaddr *)&c->cli);
	if (err < 0)
		goto fail;
	tp = tcp_sk(c->client->sk);
	c->server_isn = READ_ONCE(tp->rcv_nxt) - 1;
	c->client_isn = READ_ONCE(tp->snd_una) - 1;
	c->client_mss = tp->advmss;
	step = "accept";
	err = kernel_accept(c->listener, &c->server, 0);
	if (err)
		goto fail;
	return 0;
fail:
	ktap_fail("IPv%d handshake: %s failed with %d", c->family == AF_INET ? 4 : 6,
		  step, err);
	live_close(c);
	return err ? err : -EINVAL;
}

#endif /* SIPHASH_LIVE_H */
