#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# consumer-build.sh ARCH OUT.ko [SED-EXPR] - build tests/consumer the way a
# third party would: `make install` into a staging root, copy the consumer
# to a directory outside the source tree, build it against Debian's headers
# with only the installed siphash.h (SIPHASH_OOT_INCLUDE) and Module.symvers
# (KBUILD_EXTRA_SYMBOLS), with W=1 and sparse (C=2), and check that it
# imports sipmod_* symbols (nm -u). SED-EXPR, if given, edits the copied
# source first (the negative control: a wrong expected value).
# Writes the module to OUT.ko; extra make flags come from $KBUILD_FLAGS.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] && [ $# -le 3 ] || die "usage: $0 ARCH OUT.ko [SED-EXPR]"
load_arch_env "$1"
OUT=$2
SED=${3:-}

STAGING=$SIPHASH_ROOT/build/$ARCH/install
rm -rf "$STAGING"
make -s -C "$SIPHASH_ROOT" install ARCH="$ARCH" KDIR="$KDIR" \
	BUILD_DIR="$SIPHASH_ROOT/build/$ARCH/kbuild" INSTALL_MOD_PATH="$STAGING" \
	>"$SIPHASH_ROOT/build/$ARCH/install.log" 2>&1 || {
	cat "$SIPHASH_ROOT/build/$ARCH/install.log" >&2
	die "$ARCH: make install failed"
}
VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version)
DEVEL=$STAGING/usr/src/siphash-oot-$VERSION
for f in "$DEVEL/include/siphash.h" "$DEVEL/$KVER/Module.symvers" \
	"$STAGING/lib/modules/$KVER/extra/siphash.ko" "$STAGING/lib/modules/$KVER/modules.dep"; do
	[ -r "$f" ] || die "$ARCH: make install did not produce $f"
done
grep -q 'siphash\.ko:' "$STAGING/lib/modules/$KVER/modules.dep" ||
	die "$ARCH: depmod did not list siphash.ko in modules.dep"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/siphash-consumer.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
cp "$SIPHASH_ROOT"/tests/consumer/Kbuild "$SIPHASH_ROOT"/tests/consumer/*.c "$TMP/"
[ -z "$SED" ] || sed -i "$SED" "$TMP"/*.c
make -C "$KDIR" M="$TMP" ARCH="$ARCH" W=1 C=2 ${KBUILD_FLAGS:-} \
	SIPHASH_OOT_INCLUDE="$DEVEL/include" \
	KBUILD_EXTRA_SYMBOLS="$DEVEL/$KVER/Module.symvers" modules >"$TMP/build.log" 2>&1 || {
	cat "$TMP/build.log" >&2
	die "$ARCH: consumer build failed"
}
if grep -E "warning:|error:" "$TMP/build.log" >&2; then
	die "$ARCH: consumer build has warnings"
fi
KO=$TMP/siphash_consumer.ko
undef=$(nm -u "$KO" | awk '/sipmod_/ {print $2}' | tr '\n' ' ')
[ -n "$undef" ] || die "$ARCH: the consumer imports no sipmod_* symbol"
log "$ARCH: consumer built from $DEVEL; imports: $undef"
mkdir -p "$(dirname "$OUT")"
cp "$KO" "$OUT"
