#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh TARGET - build the modules for one target of the matrix (ARCH-SERIES,
# a row of targets.tsv, e.g. x86_64-6.1) against Debian's headers of that
# kernel, pack them into a busybox initramfs, boot Debian's kernel in QEMU,
# load siphash.ko and the test modules, and judge the run from the serial
# logs (qemu/analyse.py, which writes verdict.json). Exits 0 only if
# everything passed.
#
# Environment:
#   ACCEL=tcg|kvm       accelerator; default: kvm if usable, else tcg
#   ICOUNT=1            count instructions: TCG with -icount shift=0 and one
#                       vCPU, so the guest's cycle counter advances one tick
#                       per guest instruction (deterministic); idle time
#                       warps (sleep=off) or passes (ICOUNT_SLEEP in lib.sh)
#   MODULES="..."       KTAP modules to load after siphash.ko (default: every
#                       module of Kbuild but siphash and the controls)
#   EXTRA_MODULES="..." paths of extra .ko files to load after them
#   ARGS_<module>="..." parameters for one module, e.g. ARGS_test_siphash;
#                       a value @SYMBOL is SYMBOL's address in /proc/kallsyms
#   PREBUILT=dir        take these .ko files (e.g. built by DKMS) instead of
#                       the ones built here, where both exist
#   TIMEOUT=seconds     boot timeout (default 300)
#   SMP, MEM            vCPUs (default 2, or the machine's maximum) and
#                       memory in MiB (default 512)
#   RESULTS=dir         evidence directory (default build/results/TARGET/boot)
#   STRESS=1            reliability run instead of the KTAP run: qemu/stress.sh
#                       with the plan of qemu/stress-conf.sh; on Debian's
#                       kernels with the checks their config has built in
#                       turned on (detector_args in lib.sh)
#   TCG_TIMING=1        print the benchmark table of a boot without ICOUNT
#                       too (TCG timing: host time); by default only the
#                       instruction counts of an ICOUNT=1 boot are printed
#   KERNEL_ARGS="..."   extra kernel command line
set -euo pipefail
. "$(dirname "$0")/../scripts/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
"$SIPHASH_ROOT/scripts/fetch-kernel.sh" "$TARGET"
load_target_env "$TARGET"
SRC_TOOLS=$("$SIPHASH_ROOT/scripts/fetch-source.sh" "$(role_target reference)")

# By default every module of Kbuild but siphash.ko itself (and the negative
# control modules) reports KTAP.
DEFAULT_MODULES=$(sed -n 's/^obj-m *+= *\([a-z0-9_/]*\)\.o$/\1/p' "$SIPHASH_ROOT/Kbuild" |
	sed 's|.*/||' | grep -vx siphash | tr '\n' ' ')
MODULES=${MODULES:-$DEFAULT_MODULES}
EXTRA_MODULES=${EXTRA_MODULES:-}
TIMEOUT=${TIMEOUT:-300}
SMP=${SMP:-$SMP_MAX}
MEM=${MEM:-512}
RUN=boot
[ -z "${STRESS:-}" ] || RUN=stress
[ -z "${ICOUNT:-}" ] || RUN=icount
RESULTS=${RESULTS:-$TARGET_RESULTS/$RUN}
BUILD=${BUILD:-$SIPHASH_ROOT/build/$TARGET}

case "$TIMEOUT$SMP$MEM" in
*[!0-9]*) die "TIMEOUT, SMP and MEM must be whole numbers" ;;
esac
[ "$SMP" -le "$SMP_MAX" ] || die "SMP=$SMP: the $TARGET machine boots reliably with at most $SMP_MAX vCPUs"

kvm_usable() {
	[ "$KVM_OK" = yes ] || return 1
	grep -qwE 'vmx|svm' /proc/cpuinfo && [ -r /dev/kvm ] && [ -w /dev/kvm ]
}
case "${ACCEL:-auto}" in
auto) if kvm_usable && [ -z "${ICOUNT:-}" ]; then ACCEL=kvm; else ACCEL=tcg; fi ;;
tcg) ;;
kvm) kvm_usable || die "ACCEL=kvm but KVM is not usable here (no vmx/svm flag, no /dev/kvm, or not x86)" ;;
*) die "unknown ACCEL '$ACCEL'; supported: tcg kvm" ;;
esac
ACCEL_OPTS=$ACCEL
LABEL=$ACCEL
if [ -n "${ICOUNT:-}" ]; then
	[ "$ACCEL" = tcg ] || die "ICOUNT=1 needs ACCEL=tcg"
	[ -n "$ICOUNT_SLEEP" ] || die "ICOUNT=1: $TARGET has no instruction-count mode (targets.tsv, icount_sleep)"
	ACCEL_OPTS="tcg -icount shift=0,sleep=$ICOUNT_SLEEP"
	LABEL=icount
	SMP=1
fi

for ko in $EXTRA_MODULES; do
	[ -r "$ko" ] && [ "${ko%.ko}" != "$ko" ] || die "EXTRA_MODULES: '$ko' is not a readable .ko file"
done

mkdir -p "$BUILD"
log "$TARGET: building modules against $KDIR"
"$SIPHASH_ROOT/scripts/kmake.sh" "$TARGET" BUILD_DIR="$BUILD/kbuild" ${KBUILD_FLAGS:-} \
	>"$BUILD/build.log" 2>&1 || {
	cat "$BUILD/build.log" >&2
	die "$TARGET: module build failed"
}

# ko MOD: the module file to boot: PREBUILT's if it has one, else ours.
ko() {
	if [ -n "${PREBUILT:-}" ] && [ -r "$PREBUILT/$1.ko" ]; then
		echo "$PREBUILT/$1.ko"
	else
		find "$BUILD/kbuild" -name "$1.ko" | head -n1
	fi
}

# The initramfs: busybox, /init, the modules in a depmod'ed tree.
STAGE=$BUILD/initramfs
rm -rf "$STAGE"
mkdir -p "$STAGE"/{bin,sbin,etc,proc,sys,dev} "$STAGE/lib/modules/$KVER/extra"
cp "$BUSYBOX" "$STAGE/bin/busybox"
cp "$SIPHASH_ROOT/qemu/init.sh" "$STAGE/init"
cp "$SIPHASH_ROOT/qemu/stress.sh" "$STAGE/stress.sh"
cp "$SIPHASH_ROOT/qemu/bad-log.patterns" "$STAGE/etc/bad-log.patterns"
# MODULES and, transitively, those of ours they depend on (modinfo's
# depends): MODULES=test_secure_seq brings secure_seq_demo along.
need="siphash $MODULES"
staged=" "
while [ -n "$need" ]; do
	set -- $need
	m=$1
	shift
	need="$*"
	case "$staged" in *" $m "*) continue ;; esac
	f=$(ko "$m")
	[ -n "$f" ] || die "module $m.ko was not built"
	cp "$f" "$STAGE/lib/modules/$KVER/extra/"
	staged="$staged$m "
	for d in $(modinfo -F depends "$f" | tr , ' '); do
		[ -z "$(ko "$d")" ] || need="$need $d"
	done
done
for ko in $EXTRA_MODULES; do
	cp "$ko" "$STAGE/lib/modules/$KVER/extra/"
done
for m in $GUEST_KMODS; do
	find "$GUEST_KMOD_DIR" -name "$m.ko*" -exec cp {} "$STAGE/lib/modules/$KVER/" \;
done
# depmod wants these lists; the initramfs has no built-in module info.
for f in modules.order modules.builtin modules.builtin.modinfo; do
	: >"$STAGE/lib/modules/$KVER/$f"
done
depmod -b "$STAGE" "$KVER" || die "depmod failed"

# The plan of /init: drivers (the channel's among them), the channel, what
# is secret, then the modules.
# The values of secret parameters the plan uses are kept in SECRETS_FILE,
# outside the results, for the verdict's check that none reached a log.
SECRETS_FILE=$BUILD/secret-values-$RUN
: >"$SECRETS_FILE"
secrets=""
for f in "$STAGE"/lib/modules/"$KVER"/extra/*.ko; do
	secrets="$secrets $(modinfo -F parmtype "$f" | sed -n 's/^\([a-z0-9_]*\):hexkey.*/\1/p')"
done
{
	for m in $GUEST_KMODS; do
		echo "kmod $(cd "$STAGE" && ls lib/modules/"$KVER"/"$m".ko* | sed 's|^|/|')"
	done
	echo "status $STATUS_DEV"
	echo "secret" $secrets
	[ "$ALIGN_TRAP" != yes ] || echo "mips-unaligned"
	echo "net"
	if [ -n "${STRESS:-}" ]; then
		SECRET_VALUES=$SECRETS_FILE "$SIPHASH_ROOT/qemu/stress-conf.sh" \
			"$STAGE/lib/modules/$KVER/extra" "$MODULES" "$EXTRA_MODULES" ||
			die "could not write the stress plan"
	else
		echo "load siphash"
		for m in $MODULES; do
			var=ARGS_${m//-/_}
			# Symbol addresses a module asks for (parmtype "ksym NAME")
			# come from /proc/kallsyms, unless ARGS set them.
			ksyms=$(modinfo -F parmtype "$STAGE/lib/modules/$KVER/extra/$m.ko" |
				sed -n 's/^\([a-z0-9_]*\):ksym \(.*\)$/\1=@\2/p' |
				grep -v -E "^($(echo ${!var:-} | sed 's/=[^ ]*//g; s/ /|/g'))=" || true)
			# The sysctls a module's cases need (modinfo
			# test_sysctl): set here, never by the module.
			modinfo -F test_sysctl "$STAGE/lib/modules/$KVER/extra/$m.ko" |
				sed 's/^/sysctl /'
			echo "ktap $m ${!var:-}" $ksyms
			for p in $secrets; do
				echo "${!var:-}" | grep -oE "(^| )$p=[^ ]+" | sed 's/^ *[^=]*=//' || true
			done >>"$SECRETS_FILE"
		done
		for ko in $EXTRA_MODULES; do
			m=$(basename "$ko" .ko)
			var=ARGS_${m//-/_}
			echo "load $m ${!var:-}"
		done
	fi
} >"$STAGE/etc/harness.conf"
(cd "$STAGE" && find . | cpio -o -H newc --quiet | gzip -1) >"$BUILD/initramfs-$RUN.cpio.gz"

# The reliability boot of a stock kernel turns on its built-in checks; the
# debug kernel has KASAN and the rest instead.
[ -z "${STRESS:-}" ] || [ -n "$KCONFIG" ] || KERNEL_ARGS="$(detector_args) ${KERNEL_ARGS:-}"
mkdir -p "$RESULTS"
rm -f "$RESULTS"/console.log "$RESULTS"/status.log "$RESULTS"/ktap.txt "$RESULTS"/verdict.*
CPU_ARGS=$QEMU_ARGS
[ "$ACCEL" = kvm ] && CPU_ARGS="-machine pc -cpu host"
log "$TARGET: booting $KVER under $LABEL ($SMP vCPUs, timeout ${TIMEOUT}s)"
# children_cpu: CPU_SECONDS, the CPU time (user + system) of this shell's
# finished children so far. The difference across the boot is QEMU's own
# cost, which unlike the wall time does not grow with the load of a shared
# machine. (Not in a subshell: a subshell's children times start at 0.)
children_cpu() {
	times >"$BUILD/times-$RUN"
	CPU_SECONDS=$(awk 'END { s = 0; for (i = 1; i <= 2; i++) {
		split($i, t, /[ms]/); s += t[1] * 60 + t[2] } printf "%d\n", s }' "$BUILD/times-$RUN")
}
children_cpu
cpu0=$CPU_SECONDS
start=$(date +%s)
rc=0
# log_buf_len: the kernel keeps every message between two reads of the
# guest's log, which forward all of them for the scan for secrets.
# shellcheck disable=SC2046,SC2086
timeout -k 5 "$TIMEOUT" "$QEMU" $CPU_ARGS -accel $ACCEL_OPTS \
	-smp "$SMP" -m "$MEM" -nodefaults -display none -no-reboot \
	-kernel "$VMLINUZ" -initrd "$BUILD/initramfs-$RUN.cpio.gz" \
	-append "console=$CONSOLE loglevel=7 log_buf_len=8M panic=-1 oops=panic panic_on_warn=1 rdinit=/init ${KERNEL_ARGS:-}" \
	-serial file:"$RESULTS/console.log" $(qemu_status_args "$RESULTS/status.log") \
	</dev/null || rc=$?
wall=$(($(date +%s) - start))
children_cpu
cpu=$((CPU_SECONDS - cpu0))
log "$TARGET: qemu exited with $rc after ${wall}s (${cpu}s of CPU)"

ktap_mods=""
[ -n "${STRESS:-}" ] || for m in $MODULES; do ktap_mods="$ktap_mods --ktap $m"; done
# The plan's loads in order, one line each in the verdict.
loads=""
[ -n "${STRESS:-}" ] || for m in siphash $MODULES $EXTRA_MODULES; do
	loads="$loads --load $(basename "$m" .ko)"
done
verdict=0
# shellcheck disable=SC2086
python3 "$SIPHASH_ROOT/qemu/analyse.py" --target "$TARGET" --run "$RUN" \
	--accel "$LABEL" --qemu-rc "$rc" --timeout "$TIMEOUT" --wall "$wall" --cpu "$cpu" \
	--results "$RESULTS" --patterns "$SIPHASH_ROOT/qemu/bad-log.patterns" \
	--secrets "$SECRETS_FILE" \
	--kunit "$SRC_TOOLS/tools/testing/kunit/kunit.py" $ktap_mods $loads || verdict=1
if [ -n "${STRESS:-}" ]; then
	:
elif [ -n "${ICOUNT:-}" ] || [ -n "${TCG_TIMING:-}" ]; then
	python3 "$SIPHASH_ROOT/scripts/bench_report.py" "$RESULTS" || true
elif [ "$(wc -l <"$RESULTS/bench.csv")" -gt 1 ]; then
	python3 "$SIPHASH_ROOT/scripts/bench_report.py" "$RESULTS" >"$RESULTS/bench.txt" || true
	echo "benchmarks: $ACCEL timing, host time, not printed (TCG_TIMING=1 prints it; $RESULTS/bench.txt);" \
		"the instruction counts come from a boot with ICOUNT=1 (make run does one)"
fi
python3 "$SIPHASH_ROOT/scripts/verdict.py" line "$RESULTS/verdict.json"
exit $verdict
