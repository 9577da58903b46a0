#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh SERIES - take the kernel's own tools for one kernel series
# (6.1, 6.12 or sid; 6.12-rt is 6.12) out of Debian's linux-source tarball of
# that series into the project cache, once: checkpatch.pl with spelling.txt
# and const_structs.checkpatch, kernel-doc (with its Python library on new
# series), checker-valid.sh, kunit.py (tools/testing/kunit), which parses
# the modules' KTAP, and lib/siphash.c with its header, which the
# user-space benchmark compiles beside the project's.
#
# Prints the directory that holds scripts/, tools/, lib/ and include/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 SERIES (one of: $SUPPORTED_SERIES)"
SERIES=${1%-rt}
case "$SERIES" in
6.1 | 6.12) PKG=linux-source-$SERIES ;;
sid) PKG=linux-source ;;
*) die "unknown series '$1'; supported: $SUPPORTED_SERIES" ;;
esac

if [ "$SERIES" = sid ]; then
	"$SIPHASH_ROOT/scripts/fetch-kernel.sh" x86_64-sid >&2
	load_target_env x86_64-sid
	PKG=$(target_run apt-cache depends linux-source | sed -n 's/^ *Depends: *\(linux-source-[0-9.]*\)$/\1/p' | head -n1)
	[ -n "$PKG" ] || die "cannot resolve linux-source in sid"
	VERSION=$(target_run apt-cache policy "$PKG" | sed -n 's/^ *Candidate: *//p')
else
	apt_setup
	VERSION=$(apt-cache policy "$PKG" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
fi
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] ||
	die "no candidate for $PKG (try: apt-get update)"
DEST=$SIPHASH_CACHE/linux-source/$PKG-$VERSION
if [ -r "$DEST/.done" ]; then
	echo "$DEST"
	exit 0
fi

log "extracting the kernel's tools from $PKG $VERSION"
TMP=$SIPHASH_CACHE/linux-source/tmp-$PKG
rm -rf "$TMP" "$DEST"
mkdir -p "$TMP" "$DEST"
if [ "$SERIES" = sid ]; then
	target_run sh -c "cd '$TMP' && apt-get download -q '$PKG=$VERSION'" >/dev/null 2>"$TMP/apt.err"
else
	(cd "$TMP" && apt-get download -q "$PKG=$VERSION" >/dev/null 2>apt.err)
fi || {
	cat "$TMP/apt.err" >&2
	die "download of package $PKG=$VERSION failed"
}
TOP=${PKG}
# The tarball's top directory is the package name (linux-source-6.1/...).
dpkg-deb --fsys-tarfile "$TMP"/"$PKG"_*.deb |
	tar -xO --wildcards "./usr/src/$PKG.tar.*" |
	xz -dc | tar -x -C "$DEST" --strip-components=1 --wildcards \
		"$TOP/scripts/checkpatch.pl" "$TOP/scripts/spelling.txt" \
		"$TOP/scripts/const_structs.checkpatch" "$TOP/scripts/kernel-doc*" \
		"$TOP/scripts/lib/kdoc" "$TOP/scripts/checker-valid.sh" \
		"$TOP/tools/docs" "$TOP/tools/lib/python" \
		"$TOP/tools/testing/kunit" "$TOP/lib/siphash.c" \
		"$TOP/include/linux/siphash.h" 2>"$TMP/tar.err" || {
	# A series may lack one of the optional paths (scripts/lib/kdoc is
	# new); the ones that every series has are checked below.
	grep -v 'Not found in archive\|Exiting with failure' "$TMP/tar.err" >&2 || true
}
for f in scripts/checkpatch.pl scripts/kernel-doc tools/testing/kunit/kunit.py lib/siphash.c; do
	[ -e "$DEST/$f" ] || die "$PKG $VERSION has no $f"
done
rm -rf "$TMP"
touch "$DEST/.done"
echo "$DEST"
if [ "$SERIES" = sid ]; then
	# Debian's sid headers lack scripts/checker-valid.sh, without which
	# kbuild skips sparse ("C=2 specified, but sparse is not available"):
	# put the kernel's own copy of the same series in place.
	common=$BUILD_ROOT$(sed -n 's|^include \(/usr/src/[^/]*\)/Makefile$|\1|p' "$BUILD_ROOT$KDIR/Makefile")
	[ -e "$common/scripts/checker-valid.sh" ] ||
		install -m 0755 "$DEST/scripts/checker-valid.sh" "$common/scripts/checker-valid.sh"
fi
