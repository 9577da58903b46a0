#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh TARGET - take the kernel's own tools for the kernel series
# of one target (its source column in targets.tsv: Debian's linux-source
# package of that series) out of the tarball into the project cache, once:
# checkpatch.pl with spelling.txt
# and const_structs.checkpatch, kernel-doc (with its Python library on new
# series), checker-valid.sh, kunit.py (tools/testing/kunit), which parses
# the modules' KTAP, and lib/siphash.c with its header, which the
# user-space benchmark compiles beside the project's.
#
# Prints the directory that holds scripts/, tools/, lib/ and include/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
PKG=$SOURCE_PKG
if ! suite_on_host "${SUITE%%,*}"; then
	# A suite of its own: resolve and download in the target's build root.
	"$SIPHASH_ROOT/scripts/fetch-kernel.sh" "$TARGET" >&2
	load_target_env "$TARGET"
	PKG=$(target_run apt-cache depends "$SOURCE_PKG" | sed -n 's/^ *Depends: *\(linux-source-[0-9.]*\)$/\1/p' | head -n1)
	[ -n "$PKG" ] || die "cannot resolve $SOURCE_PKG in $SUITE"
	VERSION=$(target_run apt-cache policy "$PKG" | sed -n 's/^ *Candidate: *//p')
else
	apt_setup "$SUITE"
	VERSION=$(apt-cache policy "$PKG" 2>/dev/null | sed -n 's/^ *Candidate: *//p')
fi
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] ||
	die "no candidate for $PKG (try: apt-get update)"
# checker_valid: Debian's 7.x headers lack scripts/checker-valid.sh,
# without which kbuild skips sparse ("C=2 specified, but sparse is not
# available"): put the kernel's own copy of the same series in place
# (a build root's headers).
checker_valid() {
	local common
	[ -n "${BUILD_ROOT:-}" ] || return 0
	common=$(headers_common)
	[ -e "$common/scripts/checker-valid.sh" ] || [ ! -e "$DEST/scripts/checker-valid.sh" ] ||
		install -m 0755 "$DEST/scripts/checker-valid.sh" "$common/scripts/checker-valid.sh"
}

DEST=$SIPHASH_CACHE/linux-source/$PKG-$VERSION
if [ -r "$DEST/.done" ]; then
	checker_valid
	echo "$DEST"
	exit 0
fi

log "extracting the kernel's tools from $PKG $VERSION"
TMP=$SIPHASH_CACHE/linux-source/tmp-$PKG
rm -rf "$TMP" "$DEST"
mkdir -p "$TMP" "$DEST"
if [ -n "${BUILD_ROOT:-}" ]; then
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
checker_valid
echo "$DEST"
