#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# target-check.sh TARGET - every per-target check of make check, for one cell
# of the support matrix (ARCH-SERIES, see SUPPORTED_TARGETS in lib.sh):
#   1. build: the modules with W=1 and sparse (C=2), no warning at all, and
#      sparse must really have checked every file;
#   2. the external consumer: make install, then tests/consumer built from
#      the installed siphash.h and Module.symvers only;
#   3. boot: every module and the consumer (qemu/run.sh, KTAP verdict),
#      with at least 8 live_ cases passed (the demos against the kernel);
#   4. an instruction-count boot (qemu/run.sh ICOUNT=1): the benchmarks of
#      test_siphash and both demos in guest instructions, deterministic;
#   5. reliability boot (qemu/run.sh STRESS=1) at the depth of the table's
#      reliability column: full, limits (every numeric parameter at its
#      maximum and minimum too) or short (fewer cycles, no leak control);
#   6. DKMS add/build/remove against the target's headers (where the
#      table's dkms column says yes: DKMS does not cross-build) and modinfo
#      of every module.
# Results go to build/results/TARGET/ (boot/, stress/, cell.log). Prints
# one "ok:"/"FAILED:" line per check; with RECORDS set (make check), each
# is also a verdict record (scripts/records.py) named by its step (fetch,
# build, consumer, boot, live, icount, reliability, dkms, modinfo), and
# every KTAP case and harness check of each boot is one record too: the
# cell's row of matrix.csv is computed from them. Exits non-zero if any
# check failed.
#
# Environment: STATIC_ONLY=1 stops after step 1 (the build-failure negative
# control).
# MODULES="..." (qemu/run.sh) limits every boot to those modules (and
# those they depend on), e.g. MODULES=test_siphash for a quick look.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$SIPHASH_ROOT"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
mkdir -p "$TARGET_RESULTS"
scripts/fetch-kernel.sh "$TARGET" >"$TARGET_RESULTS/fetch.log" 2>&1 || {
	tail -n 20 "$TARGET_RESULTS/fetch.log"
	result "$TARGET: fetching the kernel failed ($TARGET_RESULTS/fetch.log)" 1 fetch
	summary
	exit 1
}
load_target_env "$TARGET"
R=$TARGET_RESULTS
if [ -n "$KCONFIG" ]; then
	result "$TARGET: kernel $KVER, built from $SOURCE_PKG $DEB_VERSION with $KCONFIG ($(cat "$KDIR/.build-info" 2>/dev/null))" 0 fetch "" "$KVER"
	# The built kernel's config, and every line of the fragment in it.
	cp "$CONFIG" "$R/kernel.config"
	lost=$(grep -E '^CONFIG_' "$SIPHASH_ROOT/$KCONFIG" | grep -vxFf "$R/kernel.config")
	result "$TARGET: kernel.config has every CONFIG_ line of $KCONFIG${lost:+; not: $(echo $lost)}" \
		"$([ -z "$lost" ]; echo $?)" kconfig
else
	result "$TARGET: kernel $KVER, Debian version $DEB_VERSION" 0 fetch "" "$KVER"
fi
# The modules whose benchmarks the instruction-count boot runs: of
# MODULES, when that selects the modules of every boot.
BENCH_MODULES="test_siphash test_secure_seq test_syncookie"
[ -z "${MODULES:-}" ] || BENCH_MODULES=$(for m in $BENCH_MODULES; do
	case " $MODULES " in *" $m "*) echo "$m" ;; esac; done | tr '\n' ' ')
mkdir -p "$R"
# boot_records RUN: one record per KTAP case and harness check of a boot.
boot_records() {
	[ -z "${RECORDS:-}" ] ||
		python3 scripts/records.py boot "$TARGET" "$1" "$R/$1/verdict.json"
}

# ---- 1. build: W=1, sparse --------------------------------------------------
BUILD=build/$TARGET
out=$R/build.log
scripts/kmake.sh "$TARGET" BUILD_DIR="$SIPHASH_ROOT/$BUILD/kbuild" W=1 C=2 >"$out" 2>&1
rc=$?
# sparse on mips reports the kernel headers' own __ATOMIC_* redefinitions
# for every file; that exact line, and nothing broader, is not ours.
NOISE='^builtin:1:9: warning: preprocessor token __ATOMIC_[A-Z_]+ redefined$'
warnings=$(grep -E "warning:|error:" "$out" | grep -vE "$NOISE")
sources=$(grep -c '^obj-m +=' Kbuild)
checked=$(grep -cE '^ +CHECK +' "$out")
if [ $rc -eq 0 ] && [ -n "$warnings" ]; then rc=1; fi
if [ $rc -eq 0 ] && [ "$checked" -lt "$sources" ]; then
	echo "$TARGET: sparse checked $checked of $sources files:" \
		"$(grep -m1 'not available' "$out" || echo 'see the log')"
	rc=1
fi
[ $rc -eq 0 ] || echo "$warnings" | head -20
result "$TARGET: W=1 build and sparse of $checked files, no warnings ($out)" $rc build
build_rc=$rc
# The library is the library alone: siphash.o was compiled from no
# include/net/ header, siphash.ko exports exactly the <linux/siphash.h>
# functions (sipmod_-prefixed), and test_siphash.ko calls the kernel's own
# SipHash as well as siphash.ko's, so its differential cases compare two.
K=$BUILD/kbuild
net=$(grep -o '[^ ]*include/net/[^ ]*' "$K/.siphash.o.cmd" 2>/dev/null | head -n3 | tr '\n' ' ')
[ -r "$K/.siphash.o.cmd" ] && [ -z "$net" ]
result "$TARGET: .siphash.o.cmd names no include/net/ header${net:+: $net}" $? lib-includes
want=$(printf 'sipmod_%s\n' __siphash_aligned __siphash_unaligned siphash_1u64 siphash_2u64 \
	siphash_3u64 siphash_4u64 siphash_1u32 siphash_3u32 __hsiphash_aligned \
	__hsiphash_unaligned hsiphash_1u32 hsiphash_2u32 hsiphash_3u32 hsiphash_4u32 | sort)
got=$(awk -F'\t' '$3 ~ /(^|\/)siphash$/ { print $2 }' "$K/Module.symvers" 2>/dev/null | sort)
[ "$got" = "$want" ]
result "$TARGET: siphash.ko exports exactly the kernel API, sipmod_-prefixed ($(echo "$got" | grep -c .) symbols)" $? lib-exports
undef=$(nm -u "$K/test_siphash.ko" 2>/dev/null)
echo "$undef" | grep -qE ' U __siphash_(un)?aligned$' &&
	echo "$undef" | grep -qE ' U sipmod___siphash_(un)?aligned$'
result "$TARGET: nm -u test_siphash.ko lists the kernel's and siphash.ko's __siphash_*: $(echo "$undef" | grep -oE '(sipmod_)?__siphash_(un)?aligned$' | sort -u | tr '\n' ' ')" $? differential-link
[ -z "${STATIC_ONLY:-}" ] || { summary; exit; }
# What needs the modules does not run without them: each is a record.
if [ $build_rc -ne 0 ]; then
	for step in consumer boot live icount reliability dkms modinfo; do
		result "$TARGET: $step not run: the build failed" skip $step "build failed"
	done
	summary
	exit
fi

# ---- 2. the external consumer -----------------------------------------------
consumer=$SIPHASH_ROOT/$BUILD/consumer/siphash_consumer.ko
scripts/consumer-build.sh "$TARGET" "$consumer" >"$R/consumer.log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -n 20 "$R/consumer.log"
result "$TARGET: make install; consumer built from the installed siphash.h and Module.symvers ($R/consumer.log)" $rc consumer
[ $rc -eq 0 ] || consumer=""

# ---- 3. boot -------------------------------------------------------------------
# Benchmarks at low effort: the CSV and plot are always produced. The boots
# build with W=1, the flags of the build above, so nothing recompiles; sparse
# (C=2, which checks every file again whatever changed) ran there, once.
env ARGS_test_siphash=bench_batches=11 EXTRA_MODULES="$consumer" \
	KBUILD_FLAGS=W=1 RESULTS="$R/boot" qemu/run.sh "$TARGET" >"$R/boot.log" 2>&1
rc=$?
grep -E '^(FAIL|skipped)' "$R/boot.log"
result "$TARGET: boot, $(python3 scripts/verdict.py line "$R/boot/verdict.json") ($R/boot.log)" $rc boot
boot_records boot
# The demos against the running kernel: both test modules' live_ cases
# must have run and passed, the handshakes among them.
live=$(python3 scripts/verdict.py live "$R/boot/verdict.json" 8)
result "$TARGET: boot, $live (at least 8 ok, none not ok)" $? live

# ---- 4. instruction counts ---------------------------------------------------------
# Not on a kernel whose instrumentation (KASAN, lockdep) is in every
# figure: the table gives it no icount mode.
if [ -z "$ICOUNT_SLEEP" ]; then
	result "$TARGET: no instruction-count boot: an instrumented kernel's counts gate nothing" skip icount "no icount mode in targets.tsv"
else
	env ICOUNT=1 MODULES="$BENCH_MODULES" ARGS_test_siphash="bench_batches=11 diff_iters=64" \
		KBUILD_FLAGS=W=1 RESULTS="$R/icount" qemu/run.sh "$TARGET" >"$R/icount.log" 2>&1
	rc=$?
	grep -E '^FAIL' "$R/icount.log"
	result "$TARGET: instruction-count boot, $(python3 scripts/verdict.py line "$R/icount/verdict.json") ($R/icount.log)" $rc icount
	boot_records icount
	# The regression gate: instruction counts, not time, so exact and repeatable.
	out=$(python3 scripts/bench_report.py gate "$R/icount/bench.csv")
	result "$TARGET: icount gate: $out" $? icount-gate
fi
# One bench.csv per target: the TCG timing rows and the icount rows.
{ cat "$R/boot/bench.csv"; tail -n +2 "$R/icount/bench.csv"; } >"$R/bench.csv" 2>/dev/null

# ---- 5. reliability --------------------------------------------------------------
# The depth of the table's reliability column (lib.sh, target_setup).
checks="detectors kmemleak deps cycle leakcontrol badparam secret"
case "$RELIABILITY" in
full) cycles=${CYCLES:-20} limits=0 ;;
limits) cycles=${CYCLES:-20} limits=1 checks="$checks limits" ;;
short) cycles=${CYCLES_SHORT:-5} limits=0 checks=${checks/leakcontrol /} ;;
*) die "$TARGET: unknown reliability '$RELIABILITY' in targets.tsv (full, limits, short)" ;;
esac
env STRESS=1 CYCLES=$cycles LIMITS=$limits STRESS_CHECKS="$checks" TIMEOUT=1500 \
	EXTRA_MODULES="$consumer" KBUILD_FLAGS=W=1 \
	RESULTS="$R/stress" qemu/run.sh "$TARGET" >"$R/stress.log" 2>&1
rc=$?
grep -E '^FAIL' "$R/stress.log"
sed -n 's/^HARNESS: MEM //p' "$R/stress/status.log" | tr -d '\r' >"$R/stress/memory.txt"
result "$TARGET: reliability boot, $(python3 scripts/verdict.py line "$R/stress/verdict.json") ($R/stress.log)" $rc reliability
boot_records stress

# ---- 6. DKMS and modinfo -----------------------------------------------------
if [ "$DKMS" = yes ]; then
	scripts/dkms-check.sh "$TARGET" >"$R/dkms.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -n 20 "$R/dkms.log"
	result "$TARGET: dkms add, build against Debian's headers, remove ($R/dkms.log)" $rc dkms
fi
scripts/modinfo-check.sh $(find "$BUILD/kbuild" -name '*.ko') ${consumer:+"$consumer"} >"$R/modinfo.log" 2>&1
rc=$?
[ $rc -eq 0 ] || cat "$R/modinfo.log"
result "$TARGET: modinfo: description, license, author, version and every parameter described" $rc modinfo

summary
