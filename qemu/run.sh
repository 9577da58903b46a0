#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh ARCH - build the modules for ARCH (x86_64 or i386) against Debian's
# kernel headers, pack them into a busybox initramfs, boot Debian's kernel in
# QEMU, load siphash.ko and the test modules, and judge the run from the
# serial logs. Exits 0 only if everything passed.
#
# Environment:
#   ACCEL=tcg|kvm       accelerator; default: kvm if usable, else tcg
#   MODULES="..."       KTAP modules to load after siphash.ko (default: every
#                       module in Kbuild)
#   EXTRA_MODULES="..." paths of extra .ko files to load after them
#   ARGS_<module>="..." parameters for one module, e.g. ARGS_test_siphash
#   TIMEOUT=seconds     boot timeout (default 300)
#   SMP, MEM            vCPUs (default 2) and memory in MiB (default 512)
#   RESULTS=dir         evidence directory (default build/results/ARCH)
#   BUILD=dir           build and initramfs directory (default build/ARCH)
#   STRESS=1            reliability run instead of the KTAP run: qemu/stress.sh
#                       checks dependencies, CYCLES (default 100) load/unload
#                       cycles of every module with memory figures (written
#                       to RESULTS/memory.txt), and bad parameters; modules
#                       load with CYCLE_ARGS_<module> there (defaults below)
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 1 ] || die "usage: $0 ARCH (one of: $SUPPORTED_ARCHES)"
arch_setup "$1"
"$SIPHASH_ROOT/scripts/fetch-kernel.sh" "$ARCH"
load_arch_env "$ARCH"
SRC_TOOLS=$("$SIPHASH_ROOT/scripts/fetch-source.sh")

# By default every module of Kbuild but siphash.ko itself reports KTAP.
DEFAULT_MODULES=$(sed -n 's/^obj-m *+= *\([a-z0-9_]*\)\.o$/\1/p' "$SIPHASH_ROOT/Kbuild" | grep -vx siphash | tr '\n' ' ')
MODULES=${MODULES:-$DEFAULT_MODULES}
EXTRA_MODULES=${EXTRA_MODULES:-}
TIMEOUT=${TIMEOUT:-300}
SMP=${SMP:-2}
MEM=${MEM:-512}
RESULTS=${RESULTS:-$SIPHASH_ROOT/build/results/$ARCH}
BUILD=${BUILD:-$SIPHASH_ROOT/build/$ARCH}

case "$TIMEOUT$SMP$MEM" in
*[!0-9]*) die "TIMEOUT, SMP and MEM must be whole numbers" ;;
esac

kvm_usable() {
	grep -qwE 'vmx|svm' /proc/cpuinfo && [ -r /dev/kvm ] && [ -w /dev/kvm ]
}
case "${ACCEL:-auto}" in
auto) if kvm_usable; then ACCEL=kvm; else ACCEL=tcg; fi ;;
tcg) ;;
kvm) kvm_usable || die "ACCEL=kvm but KVM is not usable here (no vmx/svm flag or no /dev/kvm)" ;;
*) die "unknown ACCEL '$ACCEL'; supported: tcg kvm" ;;
esac

for ko in $EXTRA_MODULES; do
	[ -r "$ko" ] && [ "${ko%.ko}" != "$ko" ] || die "EXTRA_MODULES: '$ko' is not a readable .ko file"
done

mkdir -p "$BUILD"
log "$ARCH: building modules against $KDIR"
make -s -C "$SIPHASH_ROOT" modules ARCH="$ARCH" KDIR="$KDIR" \
	BUILD_DIR="$BUILD/kbuild" ${KBUILD_FLAGS:-} >"$BUILD/build.log" 2>&1 || {
	cat "$BUILD/build.log" >&2
	die "$ARCH: module build failed"
}

# The initramfs: busybox, /init, the modules in a depmod'ed tree.
STAGE=$BUILD/initramfs
rm -rf "$STAGE"
mkdir -p "$STAGE"/{bin,sbin,etc,proc,sys,dev} "$STAGE/lib/modules/$KVER/extra"
cp "$BUSYBOX" "$STAGE/bin/busybox"
cp "$SIPHASH_ROOT/qemu/init.sh" "$STAGE/init"
cp "$SIPHASH_ROOT/qemu/stress.sh" "$STAGE/stress.sh"
for m in siphash $MODULES; do
	cp "$BUILD/kbuild/$m.ko" "$STAGE/lib/modules/$KVER/extra/" ||
		die "module $m.ko was not built"
done
for ko in $EXTRA_MODULES; do
	cp "$ko" "$STAGE/lib/modules/$KVER/extra/"
done
# depmod wants these lists; the initramfs has no built-in module info.
for f in modules.order modules.builtin modules.builtin.modinfo; do
	: >"$STAGE/lib/modules/$KVER/$f"
done
depmod -b "$STAGE" "$KVER" || die "depmod failed"

if [ -n "${STRESS:-}" ]; then
	"$SIPHASH_ROOT/qemu/stress-conf.sh" "$BUILD/kbuild" "$MODULES" "$EXTRA_MODULES" \
		>"$STAGE/etc/harness.conf" || die "could not write the stress plan"
else {
	echo "# kind module parameters"
	echo "load siphash"
	for m in $MODULES; do
		var=ARGS_${m//-/_}
		echo "ktap $m ${!var:-}"
	done
	for ko in $EXTRA_MODULES; do
		m=$(basename "$ko" .ko)
		var=ARGS_${m//-/_}
		echo "load $m ${!var:-}"
	done
} >"$STAGE/etc/harness.conf"
fi
(cd "$STAGE" && find . | cpio -o -H newc --quiet | gzip -1) >"$BUILD/initramfs.cpio.gz"

mkdir -p "$RESULTS"
rm -f "$RESULTS"/console.log "$RESULTS"/status.log "$RESULTS"/ktap.txt
CPU=max,vendor=GenuineIntel
[ "$ACCEL" = kvm ] && CPU=host
log "$ARCH: booting $KVER under $ACCEL ($SMP vCPUs, timeout ${TIMEOUT}s)"
start=$(date +%s)
rc=0
timeout -k 5 "$TIMEOUT" "$QEMU" -machine pc,accel="$ACCEL" -cpu "$CPU" \
	-smp "$SMP" -m "$MEM" -nodefaults -display none -no-reboot \
	-kernel "$VMLINUZ" -initrd "$BUILD/initramfs.cpio.gz" \
	-append "console=ttyS0,115200 loglevel=7 panic=-1 oops=panic panic_on_warn=1 rdinit=/init" \
	-serial file:"$RESULTS/console.log" -serial file:"$RESULTS/status.log" \
	</dev/null || rc=$?
log "$ARCH: qemu exited with $rc after $(($(date +%s) - start))s"

ktap_mods=""
[ -n "${STRESS:-}" ] || for m in $MODULES; do ktap_mods="$ktap_mods --ktap $m"; done
rm -f "$RESULTS/memory.txt"
[ -z "${STRESS:-}" ] ||
	sed -n 's/^HARNESS: MEM //p' "$RESULTS/status.log" | tr -d '\r' >"$RESULTS/memory.txt"
# Output: the KTAP report and any failure reasons, the benchmark table,
# then the verdict's last line, "N passed, M failed".
verdict=0
# shellcheck disable=SC2086
python3 "$SIPHASH_ROOT/qemu/analyse.py" --arch "$ARCH" --accel "$ACCEL" \
	--qemu-rc "$rc" --timeout "$TIMEOUT" --results "$RESULTS" \
	--kunit "$SRC_TOOLS/tools/testing/kunit/kunit.py" $ktap_mods \
	>"$RESULTS/verdict.txt" || verdict=1
head -n -1 "$RESULTS/verdict.txt"
python3 "$SIPHASH_ROOT/scripts/bench_report.py" "$RESULTS" || verdict=1
tail -n 1 "$RESULTS/verdict.txt"
exit $verdict
