# SPDX-License-Identifier: GPL-2.0
# Shared shell helpers for scripts/ and qemu/. Source it, do not run it.

# Project root and cache; both can be overridden from the environment.
SIPHASH_ROOT=${SIPHASH_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
SIPHASH_CACHE=${SIPHASH_CACHE:-$SIPHASH_ROOT/build/cache}
SUPPORTED_ARCHES="x86_64 i386"

die() {
	echo "error: $*" >&2
	exit 1
}

log() {
	echo ">>> $*" >&2
}

# arch_setup ARCH: set the Debian names that belong to one guest arch.
arch_setup() {
	ARCH=$1
	case "$ARCH" in
	x86_64)
		DEB_ARCH=amd64
		FLAVOUR=amd64
		QEMU=qemu-system-x86_64
		;;
	i386)
		DEB_ARCH=i386
		FLAVOUR=686
		QEMU=qemu-system-i386
		;;
	*)
		die "unknown ARCH '$ARCH'; supported: $SUPPORTED_ARCHES"
		;;
	esac
	ARCH_CACHE=$SIPHASH_CACHE/$ARCH
	ARCH_ENV=$ARCH_CACHE/kernel.env
}

# load_arch_env ARCH: read what scripts/fetch-kernel.sh resolved for ARCH.
load_arch_env() {
	arch_setup "$1"
	[ -r "$ARCH_ENV" ] ||
		die "no kernel for $ARCH in $ARCH_CACHE; run: scripts/fetch-kernel.sh $ARCH"
	# shellcheck disable=SC1090
	. "$ARCH_ENV"
}

# module_params KO: the names of all parameters of the module KO, one a line.
# modinfo lists only those with a description or a module_param() type, so
# the names come from the __param_str_<name> symbols every module_param*()
# defines.
module_params() {
	nm "$1" | sed -n 's/^[0-9a-f]* [a-zA-Z] __param_str_\([a-zA-Z0-9_]*\)$/\1/p' | sort -u
}

# Counted checks for the test scripts: result NAME STATUS (0 = passed),
# then summary prints the failures and the line "N passed, M failed", and
# fails if any check failed.
passed=0
failed=0
failures=()

result() {
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok: $1"
	else
		failed=$((failed + 1))
		failures+=("$1")
		echo "FAILED: $1"
	fi
}

summary() {
	echo
	for f in "${failures[@]}"; do echo "failed: $f"; done
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
