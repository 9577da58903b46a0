#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test initramfs: the lines of /etc/harness.conf in order,
# then "HARNESS: PASS" on the success channel, only if every one succeeded:
#   kmod PATH          insmod a module of the image (the channel's driver)
#   status DEV         the success channel; wait for DEV to exist
#   secret NAME...     parameters whose values are never written anywhere
#   mips-unaligned     every unaligned kernel access oopses; report the
#                      emulated-access counter before and after
#   net                bring up the loopback interface
#   modprobe PATH      load and refuse with PATH (and insmod beside it), a
#                      suite's kmod, instead of busybox; say what the kernel
#                      decompresses itself (/sys/module/compression)
#   refuse FILE        insmod FILE must fail (a negative control)
#   sysctl KEY=VALUE   write /proc/sys/KEY
#   load MOD ARGS...   modprobe MOD; it must then be live in /sys/module
#   ktap MOD ARGS...   the same, for a module that reports KTAP
#   stress CMD ARGS... a reliability check of /stress.sh
# An argument NAME=@SYMBOL gets SYMBOL's address from /proc/kallsyms (left
# out if it has none). Failures: "HARNESS: FAIL <reason-code> <details>".
/bin/busybox --install -s /bin
export PATH=/bin:/sbin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp

# Until the status line, reports go to the console (a failed kmod line).
S=/dev/console
SECRETS=""
status() {
	echo "HARNESS: $*" >"$S"
}

# args_for_log ARGS...: ARGS with the values of secret parameters replaced.
args_for_log() {
	for a in "$@"; do
		case " $SECRETS " in
		*" ${a%%=*} "*) printf '%s=<secret> ' "${a%%=*}" ;;
		*) printf '%s ' "$a" ;;
		esac
	done
}

# resolve_args ARGS...: ARGS with @SYMBOL values replaced by addresses.
resolve_args() {
	for a in "$@"; do
		case "$a" in
		*=@*)
			addr=$(grep -m1 " ${a#*=@}\$" /proc/kallsyms | cut -d' ' -f1)
			[ -n "$addr" ] && printf '%s=%s ' "${a%%=*}" "$addr"
			;;
		*) printf '%s ' "$a" ;;
		esac
	done
}

# modload MOD ARGS...: load MOD; the kernel, not modprobe's exit status,
# says whether it is live (modprobe takes an init's -EEXIST for success).
# busybox's loader retries a failed finit_module() with init_module() on
# the same file: a failing init runs twice, and modprobe's message is the
# retry's error. The status line says so.
modload() {
	mod=$1
	shift
	echo "harness: modprobe $mod $(args_for_log "$@")" >/dev/kmsg
	rc=0
	# shellcheck disable=SC2046
	"${MODPROBE:-modprobe}" "$mod" $(resolve_args "$@") 2>/tmp/modprobe.err || rc=$?
	if [ "$rc" -ne 0 ]; then
		status "FAIL modprobe-failed $mod: modprobe exit $rc: $(head -c 300 /tmp/modprobe.err | tr '\n' ' ')(busybox retried finit_module() with init_module(): the error is the second attempt's)"
		return 1
	fi
	state=$(cat "/sys/module/$mod/initstate" 2>/dev/null)
	if [ "$state" != live ]; then
		status "FAIL not-live $mod: modprobe exited 0 but /sys/module/$mod/initstate is '${state:-missing}'"
		return 1
	fi
	status "LOADED $mod"
}

MIPS_DBG=/sys/kernel/debug/mips
status_boot_done=""
ok=1
while read -r kind rest; do
	# shellcheck disable=SC2086
	set -- $rest
	case "$kind" in
	'' | '#'*) continue ;;
	status)
		# Never write to a missing node: on devtmpfs that makes a
		# plain file, and the driver's device node never appears.
		n=0
		while [ ! -c "$1" ] && [ $n -lt 10 ]; do
			sleep 1
			n=$((n + 1))
		done
		[ -c "$1" ] || {
			status "FAIL status-channel $1 is not a character device after ${n}s"; ok=0; break; }
		S=$1
		status "BOOT $(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
		status_boot_done=1
		;;
	secret) SECRETS="$SECRETS $*" ;;
	modprobe)
		MODPROBE=$1
		status "OK loader: $($1 --version | head -n 1), the kernel decompresses: $(cat /sys/module/compression 2>/dev/null || echo nothing)"
		;;
	refuse)
		if "${MODPROBE%/*}/insmod" "$1" 2>/tmp/refuse.err; then
			status "FAIL not-refused $1 loaded"
			rmmod "$(basename "${1%%.ko*}")"
			ok=0
		else
			status "OK refused: $1: $(head -c 200 /tmp/refuse.err | tr '\n' ' ')"
		fi
		;;
	kmod) insmod "$1" || { status "FAIL kmod-failed $1"; ok=0; break; } ;;
	mips-unaligned)
		mount -t debugfs debugfs /sys/kernel/debug
		echo 1 >"$MIPS_DBG/unaligned_action" || {
			status "FAIL mips-unaligned cannot set $MIPS_DBG/unaligned_action"; ok=0; break; }
		status "MIPS-UNALIGNED before $(cat "$MIPS_DBG/unaligned_instructions")"
		;;
	net)
		ip link set lo up && ip addr add 127.0.0.1/8 dev lo 2>/dev/null
		ip link show lo | grep -q UP || { status "FAIL net lo is not up"; ok=0; break; }
		;;
	sysctl)
		echo "${1#*=}" >"/proc/sys/$(echo "${1%%=*}" | tr . /)" ||
			{ status "FAIL sysctl $1"; ok=0; break; }
		;;
	load | ktap) modload "$@" || { ok=0; break; } ;;
	stress)
		# Reliability checks report themselves; a failure does not
		# stop the ones after it.
		/stress.sh "$@" || ok=0
		;;
	*) status "FAIL harness unknown harness.conf line: $kind"; ok=0; break ;;
	esac
done </etc/harness.conf

[ -z "$status_boot_done" ] && echo "harness.conf has no status line" >/dev/console
# Every kernel message of the boot at every level that no check read yet
# (stress.sh forwards what it reads), for the host's scan for secrets.
[ -n "$status_boot_done" ] && dmesg -c | sed 's/^/KLOG /' >"$S"
[ -e "$MIPS_DBG/unaligned_instructions" ] &&
	status "MIPS-UNALIGNED after $(cat "$MIPS_DBG/unaligned_instructions")"
status "TAINT $(cat /proc/sys/kernel/tainted)"
[ "$ok" = 1 ] && status "PASS"
sync
# A virtio console drains asynchronously: give it a moment.
sleep 1
poweroff -f
