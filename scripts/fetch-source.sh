#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh - take the kernel's own files out of Debian's
# linux-source-6.1 tarball into the project cache, once: checkpatch.pl with
# spelling.txt and const_structs.checkpatch, kunit.py (tools/testing/kunit),
# which parses the modules' KTAP, and lib/siphash.c with
# include/linux/siphash.h, which tests/user builds beside siphash.c to
# compare with (never copied into the project).
#
# Prints the directory that holds scripts/, tools/, lib/ and include/ on
# stdout.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

VERSION=$(apt-cache policy linux-source-6.1 2>/dev/null | sed -n 's/^ *Candidate: *//p')
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] ||
	die "no candidate for linux-source-6.1 (try: apt-get update)"
DEST=$SIPHASH_CACHE/linux-source/$VERSION
FILES=(
	scripts/checkpatch.pl
	scripts/spelling.txt
	scripts/const_structs.checkpatch
	tools/testing/kunit
	lib/siphash.c
	include/linux/siphash.h
)
# Done when every path is there: a cache from before a path was added to
# FILES is extracted again.
done=y
for f in "${FILES[@]}"; do
	[ -e "$DEST/$f" ] || done=
done
if [ -n "$done" ] && [ -r "$DEST/.done" ]; then
	echo "$DEST"
	exit 0
fi

log "extracting ${FILES[*]} from linux-source-6.1 $VERSION"
TMP=$SIPHASH_CACHE/linux-source/tmp
rm -rf "$TMP" "$DEST"
mkdir -p "$TMP" "$DEST"
(cd "$TMP" && apt-get download -q "linux-source-6.1=$VERSION" >/dev/null 2>apt.err) || {
	cat "$TMP/apt.err" >&2
	die "download of package linux-source-6.1=$VERSION failed"
}
dpkg-deb --fsys-tarfile "$TMP"/linux-source-6.1_*.deb |
	tar -xO ./usr/src/linux-source-6.1.tar.xz |
	tar -xJ -C "$DEST" --strip-components=1 "${FILES[@]/#/linux-source-6.1/}" ||
	die "could not extract ${FILES[*]} from linux-source-6.1 $VERSION"
rm -rf "$TMP"
touch "$DEST/.done"
echo "$DEST"
