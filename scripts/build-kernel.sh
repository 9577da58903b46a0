#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# build-kernel.sh TARGET - build the kernel of a target whose kconfig column
# names a config fragment (the debug kernel: no Debian package ships one),
# from Debian's linux-source package of its source column, once, and print
# the tree's directory. The tree is tinyconfig plus the fragment, checked
# line by line after olddefconfig (an option whose dependencies are not met
# is dropped silently by kconfig: that is an error here). It is cached in
# $SIPHASH_CACHE/kernel-build/PKG-VERSION-HASH, keyed by the source
# package's version and the fragment's hash, and stays the headers tree of
# M= builds: .config, Module.symvers, the kbuild tools and objtool.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
[ -n "$KCONFIG" ] || die "$TARGET has no kconfig column: its kernel is Debian's (scripts/fetch-kernel.sh)"
FRAG=$SIPHASH_ROOT/$KCONFIG
[ -r "$FRAG" ] || die "$TARGET: no config fragment $FRAG"
for c in flex bison bc; do
	command -v "$c" >/dev/null || die "$c not found (scripts/deps.sh installs it)"
done

apt_setup
VERSION=$(pkg_version "$SOURCE_PKG")
[ -n "$VERSION" ] || die "no candidate for $SOURCE_PKG (try: apt-get update)"
HASH=$(sha256sum "$FRAG" | cut -c1-12)
DEST=$SIPHASH_CACHE/kernel-build/$SOURCE_PKG-$VERSION-$HASH
if [ -e "$DEST/.complete" ]; then
	echo "$DEST"
	exit 0
fi

# An unfinished tree (no .complete) is built again from scratch.
start=$(date +%s)
K=$DEST
rm -rf "$K"
mkdir -p "$K"
log "$TARGET: building a kernel from $SOURCE_PKG $VERSION with $KCONFIG (once; $K/build.log)"
(cd "$K" && apt-get download -q "$SOURCE_PKG=$VERSION" >/dev/null 2>apt.err) || {
	cat "$K/apt.err" >&2
	die "download of package $SOURCE_PKG=$VERSION failed"
}
dpkg-deb --fsys-tarfile "$K/${SOURCE_PKG}_"*.deb |
	tar -xO --wildcards "./usr/src/$SOURCE_PKG.tar.*" |
	xz -dc | tar -x -C "$K" --strip-components=1
rm -f "$K/${SOURCE_PKG}_"*.deb "$K/apt.err"

MAKE_VARS=$(kbuild_vars)
kmk() {
	# shellcheck disable=SC2086
	make -C "$K" $MAKE_VARS "$@"
}
{
	kmk tinyconfig
	"$K/scripts/kconfig/merge_config.sh" -m -O "$K" "$K/.config" "$FRAG"
	kmk olddefconfig
} >"$K/config.log" 2>&1 || {
	tail -n 20 "$K/config.log" >&2
	die "$TARGET: configuring the kernel failed ($K/config.log)"
}
# Every line of the fragment must have taken: "CONFIG_X=v" as it is,
# "# CONFIG_X is not set" as not set.
lost=$(grep -E '^(CONFIG_|# CONFIG_.* is not set$)' "$FRAG" | while read -r line; do
	case "$line" in
	"# "*) opt=${line#\# }; opt=${opt%% *}
	       grep -q "^$opt=" "$K/.config" && echo "$line" ;;
	*) grep -qxF "$line" "$K/.config" || echo "$line" ;;
	esac
done)
[ -z "$lost" ] || die "$TARGET: kconfig dropped these lines of $KCONFIG (unmet dependencies?): $(echo $lost)"

jobs=$(($(nproc) + 1))
kmk -j"$jobs" all >"$K/build.log" 2>&1 || {
	tail -n 30 "$K/build.log" >&2
	die "$TARGET: the kernel build failed ($K/build.log)"
}
secs=$(($(date +%s) - start))
echo "$SOURCE_PKG $VERSION, $KCONFIG $HASH: built in $secs s on $(nproc) CPUs" >"$K/.build-info"
touch "$K/.complete"
log "$TARGET: kernel $(cat "$DEST/include/config/kernel.release") built in $secs s"
echo "$DEST"
