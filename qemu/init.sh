#!/bin/busybox sh
# SPDX-License-Identifier: GPL-2.0
#
# /init of the test initramfs (busybox). Loads the modules listed in
# /etc/harness.conf in order with modprobe ("stress" lines run /stress.sh
# instead), then reports on the second
# serial port (ttyS1), the harness's success channel, and powers off.
# "HARNESS: PASS" is written only after every load succeeded.
/bin/busybox --install -s /bin
export PATH=/bin:/sbin

mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
mkdir -p /tmp

S=/dev/ttyS1
status() {
	echo "HARNESS: $*" >"$S"
}

status "BOOT $(uname -r) cpus=$(grep -c ^processor /proc/cpuinfo)"
ok=1
while read -r kind mod args; do
	case "$kind" in
	''|'#'*) continue ;;
	stress)
		# Reliability checks (qemu/stress.sh); they report themselves
		# and a failure does not stop the ones after it.
		# shellcheck disable=SC2086
		/stress.sh "$mod" $args || ok=0
		continue
		;;
	esac
	echo "harness: modprobe $mod $args" >/dev/kmsg
	# shellcheck disable=SC2086
	if modprobe "$mod" $args 2>/tmp/modprobe.err; then
		status "LOADED $mod"
	else
		status "FAIL modprobe $mod $args: exit $? $(head -c 300 /tmp/modprobe.err)"
		ok=0
		break
	fi
done </etc/harness.conf

status "TAINT $(cat /proc/sys/kernel/tainted)"
[ "$ok" = 1 ] && status "PASS"
sync
poweroff -f
