#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /stress.sh of the test initramfs: one reliability check for each "stress"
# line of /etc/harness.conf (qemu/boot.py writes them from modinfo; ARGS are
# split on purpose, hence SC2068 below):
#   deps MOD DEPS ARGS       insmod before DEPS fails ("Unknown symbol"),
#                            rmmod of each is refused while MOD holds it,
#                            unloading in order and a modprobe then work
#   cycle N MOD ARGS         N load/unload cycles: nothing bad logged, no
#                            module left, no memory growth beyond thresholds
#   leakcontrol N MOD ARGS   the same with a module that leaks on purpose:
#                            the growth check must catch it
#   limits MOD ARGS          one load at the parameters' maximum or minimum
#   badparam MOD N BAD.. ARGS  each BAD (PARAM=VALUE|WORDS) fails with EINVAL
#                            (ERANGE for a number too large), a kernel message
#                            with every one of WORDS (comma-separated: the
#                            parameter, a range's bounds), nothing left loaded;
#                            then MOD ARGS loads
#   secret MOD BAD ARGS      the same for a malformed secret, never printed
#   detectors                the checks of the command line are really on
#   kmemleak clear|scan      on a kernel with kmemleak: forget its suspects,
#                            or scan twice and fail on any it reports
# Each check writes "HARNESS: OK ..." or "HARNESS: FAIL <code> ...", the
# memory figures ("HARNESS: MEM") and its duration ("HARNESS: TIME") to
# the status channel. The console is muted below warnings meanwhile; the
# kernel log is read after every step, matched against
# /etc/bad-log.patterns, and forwarded whole ("KLOG " lines) for the
# host's scan for secrets. Loops use builtins where they can: under TCG
# every fork of the guest costs tens of milliseconds.
# shellcheck disable=SC2068
S=$(sed -n 's/^status //p' /etc/harness.conf)
mkdir -p /tmp
BAD_LOG=$(grep -v '^#' /etc/bad-log.patterns | sed -n 's/^[a-z-]*[[:space:]]*//p' |
	tr '\n' '|' | sed 's/|$//')
rc=0
# A kernel with kmemleak (the debug kernel) reports every leaked object.
KMEMLEAK=/sys/kernel/debug/kmemleak

ok() {
	echo "HARNESS: OK $*" >"$S"
}

fail() { # fail CODE TEXT
	code=$1
	shift
	echo "HARNESS: FAIL $code $*" >"$S"
	rc=1
}

loaded() { # loaded MODULE: is MODULE in /proc/modules?
	[ -e "/sys/module/$1/initstate" ]
}

modules() { # the loaded modules, newest first, space-separated
	l=""
	while read -r m _; do
		l="$l $m"
	done </proc/modules
	echo "$l"
}

# klog: the kernel log since the last read, which it clears: every message
# at every level, printed, and forwarded to the status channel as "KLOG "
# lines. Every read of the log goes through here, so the host sees all of
# it (the boot's log_buf_len holds what the reads in between gather).
klog() {
	dmesg -c >/tmp/klog
	sed 's/^/KLOG /' /tmp/klog >"$S"
	cat /tmp/klog
}

# kernel_log_clean WHAT: fail if the kernel logged a problem since the last
# call; the log is cleared either way.
kernel_log_clean() {
	bad=$(klog | grep -E "$BAD_LOG" | head -n 3)
	[ -z "$bad" ] && return 0
	fail bad-log "$1: kernel log: $bad"
	return 1
}

# unload_new BEFORE: remove every module that is not in the list BEFORE
# (as modules printed it), newest first, so dependencies go last.
unload_new() {
	now=""
	while read -r m _; do
		now="$now $m"
	done </proc/modules
	for m in $now; do
		case "$1 " in
		*" $m "*) ;;
		*) rmmod "$m" || return 1 ;;
		esac
	done
}

# meminfo: "MemAvailable=.. Slab=.. SUnreclaim=.. Percpu=.. VmallocUsed=..
# SlabObjs=.." in kB, SlabObjs being the bytes of active slab objects.
meminfo() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	sleep 1
	awk '/^(MemAvailable|Slab|SUnreclaim|Percpu|VmallocUsed):/ {
		sub(":", "", $1); printf "%s=%s ", $1, $2 }' /proc/meminfo
	awk 'NR > 2 { s += $2 * $4 } END { printf "SlabObjs=%d\n", s / 1024 }' \
		/proc/slabinfo
}

field() { # field NAME FIGURES: the value of NAME in a meminfo line
	echo "$2" | tr ' ' '\n' | sed -n "s/^$1=//p"
}

deps() {
	mod=$1
	depends=$(echo "$2" | tr ',' ' ')
	shift 2
	name="deps $mod"
	before=$(modules)
	klog >/dev/null
	for d in $depends; do
		if loaded "$d"; then
			fail deps "$name: $d is loaded already"
			return
		fi
	done
	if insmod "$EXTRA/$mod.ko" $@ 2>/tmp/err; then
		fail deps "$name: insmod $mod without$depends succeeded"
		rmmod "$mod"
		return
	fi
	unknown=$(klog | grep -m1 "Unknown symbol")
	if [ -z "$unknown" ] || loaded "$mod" || [ "$(modules)" != "$before" ]; then
		fail deps "$name: insmod before$depends: '$(cat /tmp/err)', log '$unknown'"
		return
	fi
	ok "$name: $mod before$depends refused: ${unknown#*] }"

	if ! modprobe "$mod" $@; then
		fail deps "$name: modprobe $mod failed"
		unload_new "$before"
		return
	fi
	for d in $depends; do
		refcnt=$(cat "/sys/module/$d/refcnt")
		if rmmod "$d" 2>/tmp/err || ! loaded "$d" || ! loaded "$mod"; then
			fail deps "$name: rmmod $d while $mod is loaded was not refused"
			unload_new "$before"
			return
		fi
		ok "$name: rmmod $d refused while $mod holds it (refcnt $refcnt): $(cat /tmp/err)"
	done
	if ! unload_new "$before" || [ "$(modules)" != "$before" ]; then
		fail deps "$name: unloading $mod, then$depends failed"
		return
	fi
	if ! modprobe "$mod" $@ || ! unload_new "$before"; then
		fail deps "$name: modprobe $mod after the refused loads failed"
		return
	fi
	kernel_log_clean "$name" &&
		ok "$name: unloading in order works, modprobe $mod works afterwards"
}

# cycles N MODULE ARGS: N load/unload cycles; sets GROWTH (a summary) and
# returns 0, 1 after a failed load or unload (reported), 2 when a figure grew
# beyond its threshold (LEAKED names it).
cycles() {
	n=$1
	mod=$2
	shift 2
	before=$(modules)
	klog >/dev/null
	i=0
	# Three warm-up cycles: first-use allocations are not leaks.
	# Each cycle costs few processes (TCG is slow at fork and exec): the
	# module and what it pulled in must be gone after each, the kernel log
	# is read every 10 cycles, the full module list compared at the end.
	while [ $i -lt $((n + 3)) ]; do
		[ $i -eq 3 ] && mem0=$(meminfo)
		if ! modprobe "$mod" $@ 2>/tmp/err || [ ! -e "/sys/module/$mod" ]; then
			fail cycle-load "$name: load $((i + 1)) failed: $(cat /tmp/err)"
			unload_new "$before"
			return 1
		fi
		if ! unload_new "$before" 2>/tmp/err; then
			fail cycle-unload "$name: unload $((i + 1)) failed: $(cat /tmp/err)"
			return 1
		fi
		i=$((i + 1))
		[ $((i % 10)) -ne 0 ] || kernel_log_clean "$name, cycle $i" || return 1
	done
	kernel_log_clean "$name" || return 1
	if [ "$(modules)" != "$before" ]; then
		fail leftover "$name: modules left after the cycles: $(modules)"
		unload_new "$before"
		return 1
	fi
	mem1=$(meminfo)
	echo "HARNESS: MEM $mod cycles=$n before: $mem0" >"$S"
	echo "HARNESS: MEM $mod cycles=$n after: $mem1" >"$S"
	# Growth allowed over the cycles, in kB: the noise seen without any
	# leak is a one-time cost, not one per cycle (per-CPU slab caches, RCU,
	# kernfs, kthread stacks: up to 68 kB SUnreclaim, 82 kB SlabObjs and
	# 16 kB VmallocUsed over 100 cycles on x86_64). The leak control (4 KiB
	# of kmalloc and a 4 KiB vmalloc page per load) grows by 4 kB per
	# cycle in each of SUnreclaim, SlabObjs and VmallocUsed: 80 kB in 20,
	# which VmallocUsed's threshold catches.
	# Where kmemleak runs, it judges leaks, object by object: there KASAN's
	# quarantine holds freed objects, and slab grows by hundreds of kB
	# over 10 cycles of a module that leaks nothing.
	GROWTH=""
	LEAKED=""
	for f in SUnreclaim:100 SlabObjs:120 Percpu:32 VmallocUsed:64; do
		k=${f%:*}
		allowed=${f#*:}
		d=$(($(field "$k" "$mem1") - $(field "$k" "$mem0")))
		[ "$d" -ge 0 ] && GROWTH="$GROWTH $k+$d" || GROWTH="$GROWTH $k$d"
		[ -e "$KMEMLEAK" ] || [ "$d" -le "$allowed" ] ||
			LEAKED="$LEAKED $k grew by $d kB over $n cycles (allowed $allowed)"
	done
	[ ! -e "$KMEMLEAK" ] || GROWTH="$GROWTH (not judged: kmemleak judges leaks here)"
	[ -z "$LEAKED" ] || return 2
}

cycle() {
	name="cycle $2"
	cycles "$@"
	case $? in
	0) ok "$name: $1 load/unload cycles, nothing bad logged, no leftover, growth:$GROWTH kB" ;;
	2) fail leak "$name:$LEAKED" ;;
	esac
}

leakcontrol() {
	name="leakcontrol $2"
	cycles "$@"
	case $? in
	0) fail leak-missed "$name: the leaking module grew only$GROWTH kB: the threshold would miss a leak" ;;
	2) ok "$name: the threshold catches a module that leaks on purpose:$LEAKED" ;;
	esac
}

limits() {
	mod=$1
	shift
	name="limits $mod $*"
	before=$(modules)
	klog >/dev/null
	if ! modprobe "$mod" $@ 2>/tmp/err || [ "$(cat "/sys/module/$mod/initstate" 2>/dev/null)" != live ]; then
		# The console is muted: the failed KTAP cases, with the two
		# diagnostic lines before each, come from the kernel log.
		why=$(klog | grep -E ': (# |not ok )' | grep -B2 ': not ok ' |
			sed 's/^\[[^]]*\] //' | head -n 9 | tr '\n' ' ')
		fail limits "$name: the load failed: $(cat /tmp/err) ${why:+(KTAP: $why)}"
		unload_new "$before"
		return
	fi
	unload_new "$before"
	kernel_log_clean "$name" && ok "$name: loaded, nothing bad logged, taint $(cat /proc/sys/kernel/tainted)"
}

# refused NAME MODULE PARAM=VALUE|WORDS CODE: the load must fail with EINVAL
# (or ERANGE for a number too large),
# a kernel message must hold every one of WORDS, and nothing may be left
# loaded. Sets MSG to that message; returns 1 after reporting a failure.
refused() {
	name=$1
	mod=$2
	bad=${3%%|*}
	words=$(echo "${3#*|}" | tr ',' ' ')
	before=$(modules)
	klog >/dev/null
	if modprobe "$mod" "$bad" 2>/tmp/err && [ -e "/sys/module/$mod" ]; then
		fail "$4-accepted" "$name: the load succeeded"
		unload_new "$before"
		return 1
	fi
	msg=$(klog | grep -v "taints kernel")
	for w in $words; do
		msg=$(echo "$msg" | grep -F -e "$w")
	done
	msg=$(echo "$msg" | head -n1)
	# EINVAL, or ERANGE: the kernel's own number parsers (kstrtouint(),
	# param_set_ulong()) refuse an overflowing value with it.
	if ! grep -qE "Invalid argument|Numerical result out of range" /tmp/err; then
		fail "$4-errno" "$name: not EINVAL or ERANGE: $(cat /tmp/err)"
	elif [ -z "$msg" ]; then
		fail "$4-message" "$name: no kernel message naming all of: $words"
	elif loaded "$mod" || [ -e "/sys/module/$mod" ]; then
		fail "$4-half-loaded" "$name: $mod is half loaded after the failure"
	else
		unload_new "$before"
		MSG=${msg#*] }
		return 0
	fi
	unload_new "$before"
	return 1
}

# valid_after NAME MODULE ARGS: a valid load works after a refused one.
valid_after() {
	name=$1
	mod=$2
	shift 2
	before=$(modules)
	if modprobe "$mod" $@ 2>/tmp/err && [ -e "/sys/module/$mod" ] &&
	   unload_new "$before" && [ "$(modules)" = "$before" ]; then
		kernel_log_clean "$name" && return 0
	else
		fail valid-after "$name: the valid load after it failed: $(cat /tmp/err)"
		unload_new "$before"
	fi
	return 1
}

badparam() {
	mod=$1
	n=$2
	shift 2
	while [ "$n" -gt 0 ]; do
		name="badparam $mod ${1%%|*}"
		refused "$name" "$mod" "$1" badparam && ok "$name: EINVAL, '$MSG'"
		n=$((n - 1))
		shift
	done
	name="badparam $mod: a valid load after the refused ones"
	valid_after "$name" "$mod" "$@" && ok "$name worked"
}

# init_on_free and page_poison have no runtime view; SLUB's checks and
# KFENCE's interval have one each.
detectors() {
	on=""
	for arg in $(cat /proc/cmdline); do
		case "$arg" in
		slub_debug=* | slab_debug=*)
			# The smallest kmalloc cache: 64 on x86, 128 where
			# ARCH_DMA_MINALIGN is larger (64-bit ARM, MIPS).
			for f in /sys/kernel/slab/kmalloc-64 /sys/kernel/slab/kmalloc-128 \
				/sys/kernel/slab/kmalloc-192; do
				[ -d "$f" ] && break
			done
			for a in sanity_checks red_zone poison store_user; do
				if [ "$(cat "$f/$a" 2>/dev/null)" != 1 ]; then
					fail detectors "$arg: $f/$a is not 1"
					return
				fi
			done
			on="$on $arg (${f##*/}: sanity_checks red_zone poison store_user)"
			;;
		kfence.sample_interval=*)
			v=$(cat /sys/module/kfence/parameters/sample_interval 2>/dev/null)
			if [ "$v" != "${arg#*=}" ]; then
				fail detectors "$arg: /sys/module/kfence/parameters/sample_interval is '$v'"
				return
			fi
			on="$on $arg"
			;;
		esac
	done
	[ -z "$on" ] || ok "detectors on:$on"
}

# Documentation/dev-tools/kmemleak.rst: "clear", test, "scan", read the
# report. An object is reported once it is MSECS_MIN_AGE (5 s in
# mm/kmemleak.c) old, and a pointer still in a register or on a stack
# during one scan is gone by the next: wait, then scan twice.
kmemleak() {
	[ -e "$KMEMLEAK" ] || mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
	[ -e "$KMEMLEAK" ] || return 0
	case "$1" in
	clear)
		echo clear >"$KMEMLEAK"
		ok "kmemleak: suspects so far cleared"
		;;
	scan)
		sleep 6
		echo scan >"$KMEMLEAK"
		echo scan >"$KMEMLEAK"
		cat "$KMEMLEAK" >/tmp/kmemleak
		# The report's first lines to the console (level err), where the
		# host's scan of the log reads them too.
		head -n 40 /tmp/kmemleak | while read -r line; do
			echo "<3>kmemleak report: $line" >/dev/kmsg
		done
		n=$(grep -c '^unreferenced object' /tmp/kmemleak)
		if [ "$n" -eq 0 ]; then
			ok "kmemleak: two scans after the load/unload cycles, no unreferenced object"
		else
			fail kmemleak "kmemleak: $n unreferenced objects: $(grep -m1 -A6 '^unreferenced object' /tmp/kmemleak | tr -s ' \n' ' ')"
		fi
		;;
	esac
}

# The value is never written to the status channel, the console or the kernel
# log by this script: names only.
secret() {
	mod=$1
	bad=$2
	shift 2
	val=${bad%%|*}
	val=${val#*=}
	name="secret $mod ${bad%%=*}=<${#val} characters>"
	refused "$name" "$mod" "$bad" secret || return
	valid_after "$name" "$mod" "$@" && ok "$name: EINVAL, '$MSG', then a valid load worked"
}

cmd=$1
shift
KVER=$(uname -r)
EXTRA=/lib/modules/$KVER/extra
# Mute the console below warnings (console_loglevel 5) while checking.
read -r printk </proc/sys/kernel/printk
echo 5 >/proc/sys/kernel/printk
read -r t0 _ </proc/uptime
case "$cmd" in
deps | cycle | leakcontrol | limits | badparam | secret | kmemleak | detectors) "$cmd" "$@" ;;
*) fail harness "stress: unknown command '$cmd'" ;;
esac
echo "${printk%% *}" >/proc/sys/kernel/printk
# What the check left in the kernel log, for the host's scan too.
klog >/dev/null
# What each check costs, in guest seconds (under TCG, host time), named by
# command, module and the name of its first parameter: never a value, which
# may be a secret one.
read -r t1 _ </proc/uptime
echo "HARNESS: TIME $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") $cmd ${1:-} ${2%%=*}" >"$S"
exit $rc
