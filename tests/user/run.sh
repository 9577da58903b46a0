#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh - `make test-user`: the module's siphash.c built and tested in
# user space (see tests/user/Makefile):
#   1. conformance of every variant (x86_64 word-at-a-time tail, x86_64
#      byte tail, i386) against the seed's vectors, libsodium, OpenSSL and
#      halfsiphash.py, each check counted; the demos' known answers of this
#      CPU's byte order against their hashing (kat_model.c);
#   2. the same under ASan + UBSan (full) and valgrind memcheck (quick);
#   3. negative controls: a corrupted vector, and the kernel's over-reading
#      tail load, which ASan and memcheck must both report;
#   4. the libFuzzer differential target for FUZZ_SECONDS (default 60);
#   5. the benchmark against the kernel's own lib/siphash.c (compiled from
#      the linux-source-6.1 tarball, scripts/fetch-source.sh), a second
#      copy of it (the A/A control) and libsodium: a table of cycles and
#      instructions per call, build/results/user/bench.csv and bench.txt.
#      Its targets are printed; only wrong results or missing rows fail.
# Ends with "N passed, M failed"; exits non-zero on any failure.
set -uo pipefail
. "$(dirname "$0")/../../scripts/lib.sh"
cd "$SIPHASH_ROOT"

O=$SIPHASH_ROOT/build/user
R=$SIPHASH_ROOT/build/results/user
FUZZ_SECONDS=${FUZZ_SECONDS:-60}

scripts/deps.sh gcc:gcc objcopy:binutils clang:clang valgrind:valgrind \
	qemu-i386-static:qemu-user-static \
	/usr/include/sodium.h:libsodium-dev \
	/usr/include/openssl/evp.h:libssl-dev \
	/usr/lib/gcc/x86_64-linux-gnu/12/32/libasan.so:gcc-multilib \
	/usr/lib/gcc/x86_64-linux-gnu/12/32/libubsan.so:gcc-multilib \
	/usr/include/valgrind/callgrind.h:valgrind || exit 1
# libFuzzer's runtime, of the clang that is installed.
scripts/deps.sh "$(clang -print-runtime-dir)/libclang_rt.fuzzer-x86_64.a:libclang-rt-$(clang -dumpversion | cut -d. -f1)-dev" ||
	exit 1
# valgrind needs glibc's symbols for -m32 too (libc6-dbg:i386): unpacked
# from the private apt into the cache and named with
# --extra-debuginfo-path, so that the host's dpkg architectures and
# packages are never touched.
apt_setup
DBG32=$SIPHASH_CACHE/libc6-dbg-i386
dbg_version=$(pkg_version libc6-dbg:i386)
if [ ! -e "$DBG32/.version-$dbg_version" ]; then
	rm -rf "$DBG32"
	mkdir -p "$DBG32"
	(cd "$DBG32" && apt-get download -q "libc6-dbg:i386=$dbg_version" >/dev/null) &&
		dpkg-deb -x "$DBG32"/libc6-dbg_*.deb "$DBG32" ||
		die "could not fetch libc6-dbg:i386 $dbg_version into $DBG32"
	rm -f "$DBG32"/*.deb
	touch "$DBG32/.version-$dbg_version"
fi
mkdir -p "$O" "$R"

# The kernel's lib/siphash.c and <linux/siphash.h>, for the benchmark.
KSRC=$(scripts/fetch-source.sh "$(role_target reference)") && [ -r "$KSRC/lib/siphash.c" ]
rc=$?
result "kernel source: lib/siphash.c of the reference target (${KSRC:-none})" $rc
[ $rc -eq 0 ] || { summary; exit 1; }

make -C tests/user -j"$(nproc)" O="$O" KSRC="$KSRC" >"$R/build.log" 2>&1
rc=$?
[ $rc -eq 0 ] || tail -20 "$R/build.log"
result "build: 3 variants plain and ASan+UBSan, fuzzer, bench with the kernel's lib/siphash.c ($R/build.log)" $rc
[ $rc -eq 0 ] || { echo "$passed passed, $failed failed"; exit 1; }

"$O/refgen" "$O/ref.bin" ${SIPTEST_SEED:-}
result "refgen: libsodium and OpenSSL reproduce the seed vectors; table written" $?
python3 tests/user/halfref.py "$O/ref.bin" "$O/half.txt"
result "halfref.py: halfsiphash.py reproduces the seed vectors; table written" $?
TABLES=("$O/ref.bin" "$O/half.txt")
"$O/kat_model" >"$R/kat_model.log" 2>&1
result "kat_model: the demos' known answers for this CPU agree with their hashing over siphash.c ($R/kat_model.log)" $?

# sanitizer_clean LOG: no ASan, UBSan or memcheck report in LOG.
sanitizer_clean() {
	! grep -qE 'ERROR: AddressSanitizer|runtime error:|ERROR SUMMARY: [1-9]|Invalid read|uninitialised' "$1"
}

VG="valgrind -q --extra-debuginfo-path=$DBG32/usr/lib/debug --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite"
# A host kernel without IA32 emulation cannot execute -m32 programs (the
# shell reports 126): the i386 variant then runs under qemu-i386-static,
# which runs neither ASan's shadow memory nor valgrind, so those two are
# skipped, with the reason, rather than failed.
RUN32=""
NO32=""
"$O/i386/test_user" --probe >/dev/null 2>&1
if [ $? -eq 126 ]; then
	RUN32=qemu-i386-static
	NO32="this host's kernel cannot execute 32-bit x86 programs (no IA32 emulation); the i386 checks ran under qemu-i386-static"
	echo "note: $NO32"
fi
for v in x86_64-wat x86_64-byte i386; do
	run=""
	[ "$v" != i386 ] || run=$RUN32
	log=$R/$v.log
	$run "$O/$v/test_user" "${TABLES[@]}" >"$log" 2>&1
	rc=$?
	grep -E '^#|^not ok' "$log"
	tap_results "$v" "$log"
	grep -qE '^ok [0-9]+ ' "$log" && [ $rc -eq 0 ] || result "$v: exit status $rc" 1

	if [ -n "$run" ]; then
		result "$v: ASan + UBSan and valgrind memcheck not run: $NO32" skip "$v: sanitizers" "no-ia32"
		continue
	fi

	log=$R/$v-asan.log
	"$O/$v/test_user-asan" "${TABLES[@]}" >"$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] && sanitizer_clean "$log" || rc=1
	[ $rc -eq 0 ] || tail -20 "$log"
	result "$v: all checks under ASan + UBSan, no report ($log)" $rc

	log=$R/$v-memcheck.log
	$VG "$O/$v/test_user" "${TABLES[@]}" quick >"$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] && sanitizer_clean "$log" || rc=1
	[ $rc -eq 0 ] || tail -20 "$log"
	result "$v: quick checks under valgrind memcheck, no report ($log)" $rc
done
. tests/user/run-be.sh	# the same checks big-endian: s390x under qemu-user

# ---- negative controls: each must be caught --------------------------
log=$R/negative-vector.log
SIPTEST_INJECT=1 "$O/x86_64-wat/test_user" "${TABLES[@]}" >"$log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q '^not ok .*seed_siphash_vectors' "$log"
result "negative control: a corrupted seed vector fails the test ($log)" $?

log=$R/negative-overread-asan.log
"$O/overread/test_user-asan" "${TABLES[@]}" >"$log" 2>&1
rc=$?
[ $rc -ne 0 ] && grep -q 'ERROR: AddressSanitizer: heap-buffer-overflow' "$log"
result "negative control: ASan reports the kernel-style tail over-read ($log)" $?

log=$R/negative-overread-memcheck.log
$VG "$O/overread/test_user" "${TABLES[@]}" quick >"$log" 2>&1
rc=$?
[ $rc -eq 99 ] && grep -q 'Invalid read of size 8' "$log"
result "negative control: memcheck reports the kernel-style tail over-read ($log)" $?

# ---- fuzzing ------------------------------------------------------------
log=$R/fuzz.log
mkdir -p "$O/fuzz-corpus"
"$O/fuzz_siphash" -max_total_time="$FUZZ_SECONDS" -max_len=4200 \
	-print_final_stats=1 "$O/fuzz-corpus" >"$log" 2>&1
rc=$?
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
[ $rc -eq 0 ] && [ -n "$execs" ] && ! grep -q MISMATCH "$log" || rc=1
[ $rc -eq 0 ] || tail -20 "$log"
result "fuzz: ${execs:-?} inputs in ${FUZZ_SECONDS}s, both tails agree with libsodium and OpenSSL ($log)" $rc

# ---- benchmark ------------------------------------------------------------
tests/user/bench.sh "$O" "$R"
result "bench: ours, the kernel's, its copy and libsodium computed equal results; $R/bench.csv has every row" $?

summary
