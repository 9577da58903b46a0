#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /stress.sh of the test initramfs: reliability checks, run by /init for each
# "stress" line of /etc/harness.conf (see qemu/run.sh, STRESS=1):
#
#   stress deps MODULE ARGS...       MODULE needs siphash.ko: insmod before it
#                                    fails with "Unknown symbol", rmmod
#                                    siphash is refused while MODULE is loaded,
#                                    unloading in order works
#   stress cycle N MODULE ARGS...    N load/unload cycles of MODULE (and what
#                                    it depends on): no warning, no oops, no
#                                    module left, no memory growth
#   stress badparam MODULE BAD ARGS...  modprobe MODULE BAD fails with EINVAL
#                                    and a message naming the parameter and
#                                    the allowed values, leaves nothing
#                                    loaded, then MODULE ARGS loads
#
# Each check writes "HARNESS: OK name" or "HARNESS: FAIL name: reason" to
# ttyS1, and "HARNESS: MEM ..." lines with the memory figures. Exits non-zero
# if any check failed. Console messages below warning level are muted while
# it runs, so that hundreds of loads do not flood the serial console; the
# kernel log is read with dmesg after every step instead.
S=/dev/ttyS1
mkdir -p /tmp
KVER=$(uname -r)
EXTRA=/lib/modules/$KVER/extra
BAD_LOG='WARNING:|BUG:|Oops|Call Trace|Kernel panic|not ok|leak'
rc=0

ok() {
	echo "HARNESS: OK $*" >"$S"
}

fail() {
	echo "HARNESS: FAIL $*" >"$S"
	rc=1
}

loaded() { # loaded MODULE: is MODULE in /proc/modules?
	grep -q "^$1 " /proc/modules
}

modules() { # the loaded modules, one a line, sorted
	cut -d' ' -f1 /proc/modules | sort
}

# kernel_log_clean WHAT: fail if the kernel logged a problem since the last
# call; the log is cleared either way.
kernel_log_clean() {
	bad=$(dmesg -c | grep -E "$BAD_LOG" | head -n 3)
	[ -z "$bad" ] && return 0
	fail "$1: kernel log: $bad"
	return 1
}

# unload_new BEFORE: remove every module that is not in the list BEFORE,
# newest first (the order of /proc/modules), so dependencies go last.
unload_new() {
	for m in $(cut -d' ' -f1 /proc/modules); do
		echo "$1" | grep -qx "$m" || rmmod "$m" || return 1
	done
}

# meminfo: "MemAvailable=.. Slab=.. SUnreclaim=.. Percpu=.. VmallocUsed=..
# SlabObjs=.." in kB, SlabObjs being the bytes of active slab objects.
meminfo() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	sleep 2
	awk '/^(MemAvailable|Slab|SUnreclaim|Percpu|VmallocUsed):/ {
		sub(":", "", $1); printf "%s=%s ", $1, $2 }' /proc/meminfo
	awk 'NR > 2 { s += $2 * $4 } END { printf "SlabObjs=%d\n", s / 1024 }' \
		/proc/slabinfo
}

field() { # field NAME FIGURES: the value of NAME in a meminfo line
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

# ---- stress deps MODULE ARGS ----------------------------------------------
deps() {
	mod=$1
	shift
	name="deps $mod"
	before=$(modules)
	dmesg -c >/dev/null
	if loaded siphash; then
		fail "$name: siphash is loaded already"
		return
	fi
	# shellcheck disable=SC2068
	if insmod "$EXTRA/$mod.ko" $@ 2>/tmp/err; then
		fail "$name: insmod $mod without siphash.ko succeeded"
		rmmod "$mod"
		return
	fi
	unknown=$(dmesg -c | grep -m1 "Unknown symbol sipmod_")
	if [ -z "$unknown" ] || loaded "$mod" || [ "$(modules)" != "$before" ]; then
		fail "$name: insmod before siphash.ko: '$(cat /tmp/err)', log '$unknown'"
		return
	fi
	ok "$name: $mod before siphash.ko refused: ${unknown#*] }"

	# shellcheck disable=SC2068
	if ! insmod "$EXTRA/siphash.ko" || ! insmod "$EXTRA/$mod.ko" $@; then
		fail "$name: insmod siphash.ko then $mod failed"
		unload_new "$before"
		return
	fi
	refcnt=$(cat /sys/module/siphash/refcnt)
	if rmmod siphash 2>/tmp/err || ! loaded siphash || ! loaded "$mod"; then
		fail "$name: rmmod siphash while $mod is loaded was not refused"
		unload_new "$before"
		return
	fi
	ok "$name: rmmod siphash refused while $mod holds it (refcnt $refcnt): $(cat /tmp/err)"

	if ! rmmod "$mod" || ! rmmod siphash || [ "$(modules)" != "$before" ]; then
		fail "$name: unloading $mod, then siphash failed"
		unload_new "$before"
		return
	fi
	# shellcheck disable=SC2068
	if ! modprobe "$mod" $@ || ! modprobe -r "$mod" || ! unload_new "$before"; then
		fail "$name: modprobe $mod after the refused loads failed"
		return
	fi
	kernel_log_clean "$name" &&
		ok "$name: unloading in order works, modprobe $mod works afterwards"
}

# ---- stress cycle N MODULE ARGS -------------------------------------------
cycle() {
	n=$1
	mod=$2
	shift 2
	name="cycle $mod"
	before=$(modules)
	dmesg -c >/dev/null
	i=0
	# Three warm-up cycles: first-use allocations are not leaks.
	# Each cycle costs few processes (TCG is slow at fork and exec): the
	# module and siphash.ko must be gone after each, the kernel log is
	# read every 10 cycles, the full module list compared at the end.
	loaded siphash && keep_siphash=1 || keep_siphash=""
	while [ $i -lt $((n + 3)) ]; do
		[ $i -eq 3 ] && mem0=$(meminfo)
		# shellcheck disable=SC2068
		if ! modprobe "$mod" $@ 2>/tmp/err; then
			fail "$name: load $((i + 1)) failed: $(cat /tmp/err)"
			unload_new "$before"
			return
		fi
		modprobe -r "$mod" 2>/tmp/err
		[ -n "$keep_siphash" ] || [ ! -e /sys/module/siphash ] ||
			rmmod siphash 2>>/tmp/err
		if [ -e "/sys/module/$mod" ] ||
		   { [ -z "$keep_siphash" ] && [ -e /sys/module/siphash ]; }; then
			fail "$name: unload $((i + 1)) failed: $(cat /tmp/err)"
			unload_new "$before"
			return
		fi
		i=$((i + 1))
		[ $((i % 10)) -ne 0 ] || kernel_log_clean "$name, cycle $i" || return
	done
	kernel_log_clean "$name" || return
	if [ "$(modules)" != "$before" ]; then
		fail "$name: modules left after the cycles: $(modules)"
		unload_new "$before"
		return
	fi
	mem1=$(meminfo)
	echo "HARNESS: MEM $mod cycles=$n before: $mem0" >"$S"
	echo "HARNESS: MEM $mod cycles=$n after: $mem1" >"$S"
	# Growth allowed over all cycles, in kB: below one page per cycle (400
	# kB over 100 cycles), above the noise seen without any leak (up to
	# about 80 kB of slab: per-CPU slab caches, RCU, kernfs). Debian's
	# kernel has no kmemleak, so smaller leaks are beyond this check.
	growth=""
	for f in SUnreclaim:256 SlabObjs:256 Percpu:64 VmallocUsed:128; do
		k=${f%:*}
		d=$(($(field "$k" "$mem1") - $(field "$k" "$mem0")))
		[ "$d" -ge 0 ] && growth="$growth $k+$d" || growth="$growth $k$d"
		[ "$d" -le "${f#*:}" ] || {
			fail "$name: $k grew by $d kB over $n cycles (allowed ${f#*:})"
			return
		}
	done
	ok "$name: $n load/unload cycles, no warning, no leftover, growth:$growth kB"
}

# ---- stress badparam MODULE BAD ARGS ---------------------------------------
badparam() {
	mod=$1
	bad=$2
	shift 2
	param=${bad%%=*}
	name="badparam $mod $bad"
	before=$(modules)
	dmesg -c >/dev/null
	if modprobe "$mod" "$bad" 2>/tmp/err; then
		fail "$name: the load succeeded"
		unload_new "$before"
		return
	fi
	log=$(dmesg -c)
	msg=$(echo "$log" | grep -m1 -E "$param.*allowed")
	if ! grep -q "Invalid argument" /tmp/err; then
		fail "$name: not EINVAL: $(cat /tmp/err)"
		unload_new "$before"
	elif [ -z "$msg" ]; then
		fail "$name: no message naming $param and the allowed values"
		unload_new "$before"
	elif loaded "$mod" || [ -e "/sys/module/$mod" ]; then
		fail "$name: $mod is half loaded after the failure"
		unload_new "$before"
	else
		unload_new "$before"
		# shellcheck disable=SC2068
		if modprobe "$mod" $@ 2>/tmp/err && modprobe -r "$mod" &&
		   unload_new "$before" && [ "$(modules)" = "$before" ]; then
			kernel_log_clean "$name" &&
				ok "$name: EINVAL, '${msg#*] }', then a valid load worked"
		else
			fail "$name: the valid load after it failed: $(cat /tmp/err)"
			unload_new "$before"
		fi
	fi
}

cmd=$1
shift
# Mute the console below warnings (console_loglevel 5) while checking.
read -r printk </proc/sys/kernel/printk
echo 5 >/proc/sys/kernel/printk
case "$cmd" in
deps) deps "$@" ;;
cycle) cycle "$@" ;;
badparam) badparam "$@" ;;
*) fail "stress: unknown command '$cmd'" ;;
esac
echo "${printk%% *}" >/proc/sys/kernel/printk
exit $rc
