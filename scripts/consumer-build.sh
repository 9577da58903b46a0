#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# consumer-build.sh TARGET OUT.ko [SED-EXPR] - build tests/consumer the way a
# third party would, for one target of the matrix: `make install` into a
# staging root (which must hold siphash.ko and no other module), copy the
# consumer to a directory outside the source tree, build it against
# Debian's headers with only the installed siphash.h
# (SIPHASH_OOT_INCLUDE) and Module.symvers (KBUILD_EXTRA_SYMBOLS), with W=1
# and sparse (C=2), and check that it imports sipmod_* symbols and no
# SipHash symbol of the kernel (nm -u).
# SED-EXPR, if given, edits the copied source first (the negative control:
# a wrong expected value). Writes the module to OUT.ko.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] && [ $# -le 3 ] || die "usage: $0 TARGET OUT.ko [SED-EXPR]"
load_target_env "$1"
OUT=$2
SED=${3:-}
KMAKE="$SIPHASH_ROOT/scripts/kmake.sh $TARGET --run"
MAKE_VARS=$(kbuild_vars)

STAGING=$SIPHASH_ROOT/build/$TARGET/install
rm -rf "$STAGING"
mkdir -p "$SIPHASH_ROOT/build/$TARGET"
# shellcheck disable=SC2086
$KMAKE make -s -C "$SIPHASH_ROOT" install KDIR="$KDIR" $MAKE_VARS \
	BUILD_DIR="$SIPHASH_ROOT/build/$TARGET/kbuild" INSTALL_MOD_PATH="$STAGING" \
	>"$SIPHASH_ROOT/build/$TARGET/install.log" 2>&1 || {
	cat "$SIPHASH_ROOT/build/$TARGET/install.log" >&2
	die "$TARGET: make install failed"
}
VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version)
DEVEL=$STAGING/usr/src/siphash-oot-$VERSION
for f in "$DEVEL/include/siphash.h" "$DEVEL/$KVER/Module.symvers" \
	"$STAGING/lib/modules/$KVER/modules.dep"; do
	[ -r "$f" ] || die "$TARGET: make install did not produce $f"
done
find "$STAGING/lib/modules/$KVER" -name 'siphash.ko*' | grep -q . ||
	die "$TARGET: make install did not install siphash.ko"
# What a host gets is siphash.ko alone: no test or demo module.
others=$(find "$STAGING/lib/modules/$KVER" -name '*.ko*' ! -name 'siphash.ko*')
[ -z "$others" ] || die "$TARGET: make install installed more than siphash.ko: $others"
grep -q 'siphash\.ko' "$STAGING/lib/modules/$KVER/modules.dep" ||
	die "$TARGET: depmod did not list siphash.ko in modules.dep"

# Outside the source tree, but where a build root sees it too.
TMP=$SIPHASH_ROOT/build/$TARGET/consumer-src
rm -rf "$TMP"
mkdir -p "$TMP"
cp "$SIPHASH_ROOT"/tests/consumer/Kbuild "$SIPHASH_ROOT"/tests/consumer/*.c "$TMP/"
[ -z "$SED" ] || sed -i "$SED" "$TMP"/*.c
# shellcheck disable=SC2086
$KMAKE make -C "$KDIR" M="$TMP" $MAKE_VARS W=1 C=2 \
	SIPHASH_OOT_INCLUDE="$DEVEL/include" \
	KBUILD_EXTRA_SYMBOLS="$DEVEL/$KVER/Module.symvers" modules >"$TMP/build.log" 2>&1 || {
	cat "$TMP/build.log" >&2
	die "$TARGET: consumer build failed"
}
NOISE='^builtin:1:9: warning: preprocessor token __ATOMIC_[A-Z_]+ redefined$'
if grep -E "warning:|error:" "$TMP/build.log" | grep -vE "$NOISE" >&2; then
	die "$TARGET: consumer build has warnings"
fi
KO=$TMP/siphash_consumer.ko
undef=$(nm -u "$KO" | awk '/sipmod_/ {print $2}' | tr '\n' ' ')
[ -n "$undef" ] || die "$TARGET: the consumer imports no sipmod_* symbol"
# Every SipHash call reaches siphash.ko, the inline ones of the newest
# header (___siphash_aligned()) included: no kernel SipHash symbol.
case " $undef " in
*" sipmod___siphash_aligned "*) ;;
*) die "$TARGET: the consumer's ___siphash_aligned() does not reach siphash.ko's __siphash_aligned" ;;
esac
kernel=$(nm -u "$KO" | awk '$2 ~ /^_*h?siphash/ {print $2}' | tr '\n' ' ')
[ -z "$kernel" ] || die "$TARGET: the consumer imports the kernel's SipHash: $kernel"
log "$TARGET: consumer built from $DEVEL; imports: $undef"
mkdir -p "$(dirname "$OUT")"
cp "$KO" "$OUT"
