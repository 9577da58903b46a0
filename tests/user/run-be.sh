#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run-be.sh - the user-space suite on a big-endian CPU: test_user built for
# s390x (static; Debian's gcc-12 cross compiler and libc6-dev-s390x-cross,
# unpacked into the cache like the kernel targets' compilers, never
# installed) and run under qemu-s390x-static (qemu-user-static) against the
# same reference table as the x86 variants: libsodium's and OpenSSL's
# values, computed on the host by refgen, read by the s390x binary as data.
#   1. the build (tests/user/be.mk) and proof that the binary is s390x,
#      big-endian, and says so itself;
#   2. every check of test_user, counted;
#   3. negative control: a corrupted seed vector fails it.
# tests/user/run.sh sources this file after its own conformance checks
# (O, R and TABLES set there, results counted there); run alone, it makes
# its own table and ends with "N passed, M failed".
BE_STANDALONE=""
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	BE_STANDALONE=1
	set -uo pipefail
	. "$(dirname "$0")/../../scripts/lib.sh"
	cd "$SIPHASH_ROOT" || exit 1
	O=$SIPHASH_ROOT/build/user
	R=$SIPHASH_ROOT/build/results/user
	mkdir -p "$O" "$R"
fi
BE_CROSS=s390x-linux-gnu BE_DEB_ARCH=s390x

be_run() {
	local tc log rc
	scripts/deps.sh qemu-s390x-static:qemu-user-static \
		/usr/include/sodium.h:libsodium-dev \
		/usr/include/openssl/evp.h:libssl-dev || return 1
	# In a subshell: apt_setup exports the private APT_CONFIG.
	tc=$(apt_setup && fetch_toolchain "$BE_CROSS" "libc6-dev-$BE_DEB_ARCH-cross" &&
		echo "$TOOLCHAIN_PATH:$TOOLCHAIN_LIB") || {
		result "s390x: Debian's $BE_CROSS cross compiler and libc unpacked" 1
		return 1
	}
	log=$R/s390x-build.log
	PATH=${tc%:*}:$PATH LD_LIBRARY_PATH=${tc#*:} make -C tests/user -f be.mk \
		O="$O" BE_CC="$BE_CROSS-gcc-12" be >"$log" 2>&1
	rc=$?
	[ $rc -eq 0 ] || tail -20 "$log"
	result "s390x: test_user built static with Debian's $BE_CROSS-gcc-12 ($log)" $rc
	[ $rc -eq 0 ] || return 1
	if [ -n "$BE_STANDALONE" ]; then
		"$O/refgen" "$O/ref.bin" ${SIPTEST_SEED:-} &&
			python3 tests/user/halfref.py "$O/ref.bin" "$O/half.txt"
		result "refgen, halfref.py: the reference tables" $?
		TABLES=("$O/ref.bin" "$O/half.txt")
	fi

	log=$R/s390x.log
	qemu-s390x-static "$O/s390x/test_user" "${TABLES[@]}" >"$log" 2>&1
	rc=$?
	grep -E '^#|^not ok' "$log"
	readelf -h "$O/s390x/test_user" | grep -q 'IBM S/390' &&
		readelf -h "$O/s390x/test_user" | grep -q 'big endian' &&
		grep -q '^# 64-bit big-endian' "$log"
	result "s390x: the binary is big-endian s390x and runs as such under qemu-s390x-static ($log)" $?
	tap_results s390x "$log"
	grep -qE '^ok [0-9]+ ' "$log" && [ $rc -eq 0 ] || result "s390x: exit status $rc" 1

	log=$R/s390x-negative-vector.log
	SIPTEST_INJECT=1 qemu-s390x-static "$O/s390x/test_user" "${TABLES[@]}" quick >"$log" 2>&1
	rc=$?
	[ $rc -ne 0 ] && grep -q '^not ok .*seed_siphash_vectors' "$log"
	result "s390x: negative control: a corrupted seed vector fails the test ($log)" $?
}

be_run
if [ -n "$BE_STANDALONE" ]; then
	summary
fi
