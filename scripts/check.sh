#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh - every test of the project, as `make check` and CI run it:
#   1. static gates per arch: W=1 build, sparse (C=2), kernel-doc -Werror,
#      checkpatch --strict, each with no warning at all;
#   2. a QEMU boot per arch loading siphash.ko and the KTAP test modules;
#   3. negative controls: boots that must fail (a corrupted vector, an oops,
#      a warning, a hang, a bad module parameter), proving the harness
#      catches each.
# Ends with one line "N passed, M failed": KTAP results of both boots plus
# one result per static gate and per negative control.
set -uo pipefail
. "$(dirname "$0")/lib.sh"
cd "$SIPHASH_ROOT"

ARCHES=${ARCHES:-$SUPPORTED_ARCHES}
SOURCES=$(ls ./*.c ./*.h | sed 's|^\./||' | tr '\n' ' ')
passed=0
failed=0
failures=()

result() { # result NAME STATUS(0=pass)
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok: $1"
	else
		failed=$((failed + 1))
		failures+=("$1")
		echo "FAILED: $1"
	fi
}

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
# the file naming itself (EMBEDDED_FILENAME); nothing else is ignored.
checkpatch() {
	perl "$TOOLS/scripts/checkpatch.pl" --strict --no-tree --quiet --show-types "$@"
}
rc=0
checkpatch -f $(echo $SOURCES | tr ' ' '\n' | grep -v '^siphash.h$') || rc=1
checkpatch --ignore EMBEDDED_FILENAME -f siphash.h || rc=1
result "checkpatch.pl --strict: no errors, warnings or checks" $rc

# ---- reference values: regenerate from libsodium/OpenSSL/Python, compare ----
make -s -C tests/vectors verify
result "tests/vectors: recorded reference values match their generators" $?

# ---- user space: siphash.c against header shims (tests/user/run.sh) ----
tests/user/run.sh >build/results/test-user.log 2>&1
rc=$?
tail -n1 build/results/test-user.log
result "make test-user: $(tail -n1 build/results/test-user.log) (build/results/test-user.log)" $rc

# ---- 2. boots ---------------------------------------------------------
for arch in $ARCHES; do
	log="build/results/boot-$arch.log"
	# Benchmarks at low effort: the CSV and plot are always produced.
	ARGS_test_siphash=bench_batches=11 qemu/run.sh "$arch" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n1)
	if [ -n "$line" ]; then
		p=${line%% passed*}
		f=${line#*passed, }
		f=${f%% failed}
		passed=$((passed + p))
		failed=$((failed + f))
	fi
	if [ $rc -ne 0 ] || [ -z "$line" ]; then
		failures+=("$arch boot")
		[ -n "$line" ] && [ "${f:-0}" -gt 0 ] || failed=$((failed + 1))
	fi
	echo "boot $arch: ${line:-no summary}"
done

# ---- 3. negative controls ----------------------------------------------
# negative NAME EXPECTED-REGEX [VAR=VALUE...]: the boot must fail, and its
# report must name the expected reason.
negative() {
	local name=$1 expect=$2
	shift 2
	local dir=build/results/negative/$name
	local log=$dir.log
	mkdir -p "$dir"
	env RESULTS="$dir" MODULES=test_siphash "$@" qemu/run.sh x86_64 >"$log" 2>&1
	local rc=$?
	if [ $rc -ne 0 ] && grep -qE "$expect" "$log"; then
		result "negative control '$name' caught: $(grep -m1 -E "$expect" "$log")" 0
	else
		result "negative control '$name' NOT caught (exit $rc, see $log)" 1
	fi
}
negative vector '^FAIL: HARNESS|not ok|\[FAILED\] siphash_vectors' ARGS_test_siphash=inject=vector
negative oops "console has '(BUG:|Oops)'" ARGS_test_siphash=inject=oops
negative warn "console has 'WARNING:'" ARGS_test_siphash=inject=warn
negative hang '^FAIL: timeout' ARGS_test_siphash=inject=hang TIMEOUT=60
negative bad-param '^FAIL: modprobe test_siphash diff_iters=0: exit' ARGS_test_siphash=diff_iters=0

echo
for f in "${failures[@]}"; do echo "failed: $f"; done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
