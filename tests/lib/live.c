// SPDX-License-Identifier: GPL-2.0
/*
 * The running kernel as the oracle of the demos' tests (live.h), part of
 * sipmod_testlib.ko.
 */
#include <linux/bottom_half.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <net/sock.h>
#include <net/tcp.h>

#include "compat.h"
#include "ktap.h"
#include "live.h"
#include "modparam.h"

#define LIVE_TUPLES_MIN 64
#define LIVE_TUPLES_MAX 100000
unsigned int live_tuples = 10000;
SIPMOD_EXPORT_TEST_GPL(live_tuples);

sipmod_param_uint(live_tuples, LIVE_TUPLES_MIN, LIVE_TUPLES_MAX,
		  "Random tuples each live_ case of the demos' tests compares with the running kernel; default 10000");

/**
 * sipmod_ksym_param_set() - the set() of a ksym parameter (live.h)
 * @val: the text given at load time: a hexadecimal address
 * @kp: the parameter; kp->arg is its struct sipmod_ksym_param
 *
 * Accepts only the address the kernel's own symbol table names as the
 * first byte of the symbol (sprint_symbol() gives "sym+0x0/size"), so
 * that no value can make a module read or call a wrong address.
 *
 * Return: 0, or -EINVAL after saying what is allowed.
 */
int sipmod_ksym_param_set(const char *val,
			  const struct kernel_param *kp)
{
	struct sipmod_ksym_param *s = kp->arg;
	size_t n = strlen(s->sym);
	char found[KSYM_SYMBOL_LEN];
	unsigned long addr;

	if (!kstrtoul(val, 16, &addr)) {
		sprint_symbol(found, addr);
		if (!strncmp(found, s->sym, n) && !strncmp(found + n, "+0x0/", 5)) {
			s->addr = addr;
			return 0;
		}
	}
	pr_err("%s: not the address of %s; allowed: its address in /proc/kallsyms\n",
	       kp->name, s->sym);
	return -EINVAL;
}

SIPMOD_EXPORT_TEST_GPL(sipmod_ksym_param_set);

/* ---- the secrets ------------------------------------------------------- */

/*
 * Arguments at a kprobe on a function's first instruction, by machine
 * word of the calling convention: live_kprobe_arg(regs, n) is word @n.
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
#define LIVE_KPROBE_ARG_RULE	1
#if defined(CONFIG_S390)
static unsigned long live_kprobe_arg(struct pt_regs *regs,
				     unsigned int n)
{
	/* s390's regs_get_kernel_argument() is not for modules: r2..r6 */
	return n < 5 ? regs->gprs[2 + n] : 0;
}
#elif defined(CONFIG_HAVE_FUNCTION_ARG_ACCESS_API)
static unsigned long live_kprobe_arg(struct pt_regs *regs,
				     unsigned int n)
{
	return regs_get_kernel_argument(regs, n);
}
#elif defined(CONFIG_ARM)
static unsigned long live_kprobe_arg(struct pt_regs *regs,
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
static unsigned long live_kprobe_arg(struct pt_regs *regs,
				     unsigned int n)
{
	return n < 4 ? regs->regs[4 + n] : regs_get_kernel_stack_nth(regs, n);
}
#elif defined(CONFIG_MIPS)
static unsigned long live_kprobe_arg(struct pt_regs *regs,
				     unsigned int n)
{
	return n < 8 ? regs->regs[4 + n] : 0;
}
#else
/* No rule: live_find_secret() fails with -EOPNOTSUPP. */
#undef LIVE_KPROBE_ARG_RULE
#define LIVE_KPROBE_ARG_RULE	0
static unsigned long live_kprobe_arg(struct pt_regs *regs,
				     unsigned int n)
{
	return 0;
}
#endif

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
	if (lp->len && live_kprobe_arg(regs, 1) != lp->len)
		return 0;
	if (lp->hits < ARRAY_SIZE(lp->keys))
		lp->keys[lp->hits] = live_kprobe_arg(regs, lp->key_arg);
	lp->hits++;
	return 0;
}

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
	/* One probe at a time: the callers hold a KTAP session. */
	static struct live_key_probe probe;
	struct live_key_probe *lp = &probe;
	unsigned int i, try;
	int err;

	if (!LIVE_KPROBE_ARG_RULE)
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

/**
 * live_secret_find() - one of the kernel's secrets, from its own call
 * @s: the secret: what to probe and trigger, its kallsyms address if known
 * @keys: set to its @s->nkeys keys, in address order
 *
 * A failure of the running KTAP case if the kprobe finds no key pointer, or
 * one other than the secret's /proc/kallsyms address where the harness
 * passed it; @keys is then zero. The keys are never printed.
 *
 * Return: true if @keys holds the secret.
 */
bool live_secret_find(const struct live_secret *s, siphash_key_t *keys)
{
	unsigned long addr = s->ksym ? s->ksym->addr : 0, found;
	int err;

	err = live_find_secret(s, keys, &found);
	if (err) {
		ktap_fail("%s: no key found through a kprobe on %s() (%d)",
			  s->name, s->fn, err);
		return false;
	}
	if (addr && addr != found) {
		ktap_fail("%s: the kprobe found another address than /proc/kallsyms",
			  s->name);
		memzero_explicit(keys, s->nkeys * sizeof(*keys));
		return false;
	}
	ktap_info("%s: the key%s %s() hashes with, found by a kprobe%s",
		  s->name, s->nkeys > 1 ? "s" : "", s->fn,
		  addr ? ", at its /proc/kallsyms address" : "");
	return true;
}

SIPMOD_EXPORT_TEST_GPL(live_secret_find);

/**
 * live_ready() - whether a live_ case can compare, else skip it
 * @have_secret: the secret it needs was found
 *
 * Return: @have_secret; if false, the running case is skipped, naming the
 * case that failed (live_secrets).
 */
bool live_ready(bool have_secret)
{
	if (!have_secret)
		ktap_skip("the kernel's secret was not found (live_secrets failed)");
	return have_secret;
}

SIPMOD_EXPORT_TEST_GPL(live_ready);

/* ---- handshakes ------------------------------------------------------------ */

/*
 * Close whatever of @c is open. The two ends close with a reset, not a FIN
 * (SO_LINGER 0): no TIME_WAIT socket outlives the module by a minute, which
 * the reliability run's load/unload cycles would count as unreclaimable
 * slab (on s390x over 100 kB in 40 cycles of test_secure_seq).
 */
void live_close(struct live_conn *c)
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

SIPMOD_EXPORT_TEST_GPL(live_close);

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
int live_connect(struct live_conn *c)
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
	if (c->family == AF_INET) {
		c->srv4 = sin->sin_addr.s_addr;
		c->cli4 = ((struct sockaddr_in *)&c->cli)->sin_addr.s_addr;
		c->srv_port = sin->sin_port;
		c->cli_port = ((struct sockaddr_in *)&c->cli)->sin_port;
	} else {
		c->srv6 = sin6->sin6_addr;
		c->cli6 = ((struct sockaddr_in6 *)&c->cli)->sin6_addr;
		c->srv_port = sin6->sin6_port;
		c->cli_port = ((struct sockaddr_in6 *)&c->cli)->sin6_port;
	}
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

SIPMOD_EXPORT_TEST_GPL(live_connect);
