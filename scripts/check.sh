#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - every test of the project, as `make check` and CI run it:
#   1. static gates per arch: W=1 build, sparse (C=2), kernel-doc -Werror,
#      checkpatch --strict, each with no warning at all;
#   2. a QEMU boot per arch loading siphash.ko and the KTAP test modules;
#   3. negative controls: boots that must fail (a corrupted vector, an oops,
#      a warning, a hang, a bad module parameter), proving the harness
#      catches each;
#   4. install and reliability (issue 7), per arch: make install and an
#      external consumer built from the installed header and Module.symvers,
#      DKMS add/build/remove, modinfo of every module, a reliability boot
#      (qemu/stress.sh: dependencies, 100 load/unload cycles with memory
#      figures in build/results/stress-ARCH/memory.txt, bad parameters), and
#      their negative controls.
# Ends with one line "N passed, M failed": KTAP results of both boots plus
# one result per static gate and per negative control.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$SIPHASH_ROOT"

ARCHES=${ARCHES:-$SUPPORTED_ARCHES}
SOURCES=$(ls ./*.c ./*.h | sed 's|^\./||' | tr '\n' ' ')

scripts/deps.sh /usr/include/sodium.h:libsodium-dev \
	/usr/include/openssl/evp.h:libssl-dev || exit 1
for arch in $ARCHES; do
	scripts/fetch-kernel.sh "$arch" || exit 1
done
TOOLS=$(scripts/fetch-source.sh) || exit 1
mkdir -p build/results

# ---- 1. static gates -------------------------------------------------
for arch in $ARCHES; do
	load_arch_env "$arch"
	out=build/results/static-$arch.log
	make -C "$SIPHASH_ROOT" modules ARCH="$arch" KDIR="$KDIR" \
		BUILD_DIR="$SIPHASH_ROOT/build/$arch/kbuild" W=1 C=2 >"$out" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && grep -qE "warning:|error:" "$out"; then rc=1; fi
	[ $rc -eq 0 ] || grep -E "warning:|error:" "$out" | head -20
	result "$arch: W=1 build and sparse, no warnings ($out)" $rc

	"$KDIR/scripts/kernel-doc" -none -Werror $SOURCES 2>&1
	result "$arch: kernel-doc -none -Werror" $?
done

# siphash.h must include <linux/siphash.h>, which checkpatch -f takes for
# the file naming itself (EMBEDDED_FILENAME).
checkpatch() {
	perl "$TOOLS/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types "$@"
}
rc=0
checkpatch -f $(echo $SOURCES | tr ' ' '\n' | grep -vxE 'siphash.h|modparam.h') tests/consumer/*.c || rc=1
checkpatch --ignore EMBEDDED_FILENAME -f siphash.h || rc=1
# modparam.h's declaration macro names its parameter three times, as
# module_param() itself does (MACRO_ARG_REUSE).
checkpatch --ignore MACRO_ARG_REUSE -f modparam.h || rc=1
result "checkpatch.pl --strict: no errors, warnings or checks" $rc

# ---- reference values: regenerate from libsodium/OpenSSL/Python, compare ----
make -s -C tests/vectors verify
result "tests/vectors: recorded reference values match their generators" $?

# ---- user space: siphash.c against header shims (tests/user/run.sh) ----
tests/user/run.sh >build/results/test-user.log 2>&1
rc=$?
tail -n1 build/results/test-user.log
result "make test-user: $(tail -n1 build/results/test-user.log) (build/results/test-user.log)" $rc

# The external consumer of every arch, built from `make install`'s output
# only; the boots below load it after the modules.
for arch in $ARCHES; do
	scripts/consumer-build.sh "$arch" "build/$arch/consumer/siphash_consumer.ko" \
		>"build/results/consumer-$arch.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -n 20 "build/results/consumer-$arch.log"
	result "$arch: make install; consumer built from the installed siphash.h and Module.symvers, imports sipmod_* ($(tail -n1 "build/results/consumer-$arch.log"))" $rc
done

# ---- 2. boots ---------------------------------------------------------
# boot_summary LOG RC WHAT: add a run.sh summary to the totals.
boot_summary() {
	local log=$1 rc=$2 what=$3 line p f
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n1)
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed}
		passed=$((passed + p))
		failed=$((failed + f))
	fi
	if [ "$rc" -ne 0 ] || [ -z "$line" ]; then
		failures+=("$what")
		[ -n "$line" ] && [ "${f:-0}" -gt 0 ] || failed=$((failed + 1))
	fi
	echo "$what: ${line:-no summary}"
}

for arch in $ARCHES; do
	log="build/results/boot-$arch.log"
	consumer=$SIPHASH_ROOT/build/$arch/consumer/siphash_consumer.ko
	[ -r "$consumer" ] || consumer=""
	# Benchmarks at low effort: the CSV and plot are always produced.
	ARGS_test_siphash=bench_batches=11 EXTRA_MODULES="$consumer" \
		qemu/run.sh "$arch" 2>&1 | tee "$log"
	boot_summary "$log" "${PIPESTATUS[0]}" "boot $arch"
done

# ---- 3. negative controls ----------------------------------------------
# caught NAME RC LOG EXPECTED-REGEX: a run that must fail did fail (RC is
# non-zero) and its LOG names the expected reason.
caught() {
	if [ "$2" -ne 0 ] && grep -qE "$4" "$3"; then
		result "negative control '$1' caught: $(grep -m1 -E "$4" "$3")" 0
	else
		result "negative control '$1' NOT caught (exit $2, see $3)" 1
	fi
}

# negative NAME EXPECTED-REGEX [VAR=VALUE...]: the boot must fail, and its
# report must name the expected reason.
negative() {
	local name=$1 expect=$2
	shift 2
	local dir=build/results/negative/$name
	local log=$dir.log
	mkdir -p "$dir"
	env RESULTS="$dir" MODULES=test_siphash "$@" qemu/run.sh x86_64 >"$log" 2>&1
	caught "$name" $? "$log" "$expect"
}
negative vector '^FAIL: HARNESS|not ok|\[FAILED\] siphash_vectors' ARGS_test_siphash=inject=vector
negative oops "console has '(BUG:|Oops)'" ARGS_test_siphash=inject=oops
negative warn "console has 'WARNING:'" ARGS_test_siphash=inject=warn
negative hang '^FAIL: timeout' ARGS_test_siphash=inject=hang TIMEOUT=60
negative bad-param '^FAIL: modprobe test_siphash diff_iters=0: exit' ARGS_test_siphash=diff_iters=0

# ---- 4. install and reliability -----------------------------------------
for arch in $ARCHES; do
	scripts/dkms-check.sh "$arch" >"build/results/dkms-$arch.log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -n 20 "build/results/dkms-$arch.log"
	result "$arch: dkms add, build against Debian's headers, remove (build/results/dkms-$arch.log)" $rc

	scripts/modinfo-check.sh "build/$arch/kbuild/"*.ko "build/$arch/consumer/"*.ko
	result "$arch: modinfo: description, license, author, version and every parameter described" $?

	log="build/results/stress-$arch.log"
	consumer=$SIPHASH_ROOT/build/$arch/consumer/siphash_consumer.ko
	[ -r "$consumer" ] || consumer=""
	STRESS=1 TIMEOUT=900 EXTRA_MODULES="$consumer" \
		RESULTS="$SIPHASH_ROOT/build/results/stress-$arch" \
		qemu/run.sh "$arch" >"$log" 2>&1
	rc=$?
	grep -E '^(ok|FAIL):' "$log"
	sed "s/^/memory: $arch /" "build/results/stress-$arch/memory.txt"
	boot_summary "$log" $rc "reliability $arch"
done

# Negative controls of section 4.
dir=build/results/negative
mkdir -p "$dir"
bad=$SIPHASH_ROOT/build/x86_64/consumer-bad/siphash_consumer.ko
scripts/consumer-build.sh x86_64 "$bad" 's/0x726fdb47dd0e0e31ULL/0x726fdb47dd0e0e32ULL/' \
	>"$dir/consumer-vector.log" 2>&1 &&
	env RESULTS="$SIPHASH_ROOT/$dir/consumer-vector" EXTRA_MODULES="$bad" \
		MODULES=test_siphash_smp ARGS_test_siphash_smp=duration_ms=100 \
		qemu/run.sh x86_64 >>"$dir/consumer-vector.log" 2>&1
caught consumer-vector $? "$dir/consumer-vector.log" '\[FAILED\] siphash_seed_vectors_0_16|^FAIL: modprobe siphash_consumer'

scripts/consumer-build.sh x86_64 "$SIPHASH_ROOT/build/x86_64/consumer-bad/undoc.ko" \
	's/^MODULE_LICENSE/static int undoc;\nmodule_param(undoc, int, 0444);\nMODULE_LICENSE/; /^MODULE_AUTHOR/d' \
	>"$dir/modinfo.log" 2>&1 &&
	scripts/modinfo-check.sh "$SIPHASH_ROOT/build/x86_64/consumer-bad/undoc.ko" >>"$dir/modinfo.log" 2>&1
caught modinfo $? "$dir/modinfo.log" 'parameter undoc has no MODULE_PARM_DESC'
grep -q 'undoc.ko: no author' "$dir/modinfo.log"
result "negative control 'modinfo' also caught the missing author" $?

tmp=$(mktemp -d)
cp -r Kbuild Makefile dkms.conf ./*.c ./*.h scripts tests "$tmp/"
sed -i '/^BUILT_MODULE_NAME\[0\]/d' "$tmp/dkms.conf"
SIPHASH_ROOT=$tmp SIPHASH_CACHE=$SIPHASH_CACHE "$tmp/scripts/dkms-check.sh" x86_64 >"$dir/dkms.log" 2>&1
caught dkms $? "$dir/dkms.log" 'dkms.conf BUILT_MODULE_NAME .* differs from Kbuild'
rm -rf "$tmp"

env STRESS=1 CYCLES=2 MODULES=test_siphash_smp BAD_PARAMS=test_siphash_smp:threads=2 \
	RESULTS="$SIPHASH_ROOT/$dir/stress" qemu/run.sh x86_64 >"$dir/stress.log" 2>&1
caught stress-badparam $? "$dir/stress.log" '^FAIL: badparam test_siphash_smp threads=2: the load succeeded'

summary
