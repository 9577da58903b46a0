#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-source.sh - take the kernel's own tools out of Debian's
# linux-source-6.1 tarball into the project cache, once: checkpatch.pl with
# spelling.txt and const_structs.checkpatch, and kunit.py (tools/testing/
# kunit), which parses the modules' KTAP.
#
# Prints the directory that holds scripts/ and tools/ on stdout.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

VERSION=$(apt-cache policy linux-source-6.1 2>/dev/null | sed -n 's/^ *Candidate: *//p')
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] ||
	die "no candidate for linux-source-6.1 (try: apt-get update)"
DEST=$SIPHASH_CACHE/linux-source/$VERSION
if [ -r "$DEST/.done" ]; then
	echo "$DEST"
	exit 0
fi

log "extracting checkpatch and kunit.py from linux-source-6.1 $VERSION"
TMP=$SIPHASH_CACHE/linux-source/tmp
rm -rf "$TMP" "$DEST"
mkdir -p "$TMP" "$DEST"
(cd "$TMP" && apt-get download -q "linux-source-6.1=$VERSION" >/dev/null 2>apt.err) || {
	cat "$TMP/apt.err" >&2
	die "download of package linux-source-6.1=$VERSION failed"
}
dpkg-deb --fsys-tarfile "$TMP"/linux-source-6.1_*.deb |
	tar -xO ./usr/src/linux-source-6.1.tar.xz |
	tar -xJ -C "$DEST" --strip-components=1 \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch \
		linux-source-6.1/tools/testing/kunit ||
	die "could not extract the tools from linux-source-6.1 $VERSION"
rm -rf "$TMP"
touch "$DEST/.done"
echo "$DEST"
