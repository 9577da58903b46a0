#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-kernel.sh ARCH - put Debian's kernel image, the exactly matching
# headers, the host linux-kbuild of the same version and a static busybox
# for ARCH (x86_64 or i386) into the project cache, without installing any
# of them. Versions come from the metapackages (linux-image-amd64,
# linux-image-686), never from a hard-coded ABI number. A second run with
# the same resolved version only re-checks and exits.
#
# Writes $SIPHASH_CACHE/ARCH/kernel.env with KVER, KDIR, VMLINUZ, BUSYBOX.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 ARCH (one of: $SUPPORTED_ARCHES)"
arch_setup "$1"

command -v apt-cache >/dev/null || die "apt-cache not found: this needs a Debian host"

# pkg_depends PKG PATTERN: the first dependency of PKG matching PATTERN.
pkg_depends() {
	apt-cache depends "$1" 2>/dev/null |
		sed -n 's/^ *Depends: *//p' | tr -d '<>' | grep -E -m1 "$2" || true
}

# pkg_version PKG: the candidate version apt would take.
pkg_version() {
	apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n1
}

ensure_i386_lists() {
	[ "$DEB_ARCH" = i386 ] || return 0
	dpkg --print-foreign-architectures | grep -qx i386 && return 0
	[ "$(id -u)" -eq 0 ] ||
		die "i386 packages need: dpkg --add-architecture i386 && apt-get update (as root)"
	log "adding the i386 architecture to dpkg"
	dpkg --add-architecture i386
	# One index failing (a mirror mid-sync) must not stop us: the
	# resolution below fails loudly if what we need is really missing.
	apt-get update -q || log "apt-get update reported errors; going on"
}

ensure_i386_lists

META=linux-image-$FLAVOUR:$DEB_ARCH
IMAGE_PKG=$(pkg_depends "$META" '^linux-image-[0-9]')
if [ -z "$IMAGE_PKG" ] && [ "$(id -u)" -eq 0 ]; then
	log "$META unknown to apt; running apt-get update"
	apt-get update -q || log "apt-get update reported errors; going on"
	IMAGE_PKG=$(pkg_depends "$META" '^linux-image-[0-9]')
fi
[ -n "$IMAGE_PKG" ] ||
	die "cannot resolve $META (try: apt-get update; for i386 also dpkg --add-architecture i386)"
IMAGE_PKG=${IMAGE_PKG%%:*}
KVER=${IMAGE_PKG#linux-image-}
VERSION=$(pkg_version "$IMAGE_PKG:$DEB_ARCH")
[ -n "$VERSION" ] && [ "$VERSION" != "(none)" ] ||
	die "no candidate version for $IMAGE_PKG:$DEB_ARCH"
HEADERS_PKG=linux-headers-$KVER
COMMON_PKG=$(pkg_depends "$HEADERS_PKG:$DEB_ARCH" '^linux-headers-.*-common')
COMMON_PKG=${COMMON_PKG%%:*}
[ -n "$COMMON_PKG" ] || die "cannot resolve the -common package of $HEADERS_PKG"

ROOT=$ARCH_CACHE/root
KDIR=$ROOT/usr/src/linux-headers-$KVER
VMLINUZ=$ROOT/boot/vmlinuz-$KVER
BUSYBOX=$ROOT/bin/busybox

if [ -r "$ARCH_ENV" ] && grep -qx "DEB_VERSION=$VERSION" "$ARCH_ENV" &&
   [ -r "$VMLINUZ" ] && [ -r "$KDIR/Makefile" ] && [ -x "$BUSYBOX" ]; then
	log "$ARCH: kernel $KVER ($VERSION) already in $ARCH_CACHE, KDIR=$KDIR"
	exit 0
fi

log "$ARCH: fetching kernel $KVER, Debian version $VERSION"
DEBS=$ARCH_CACHE/debs
mkdir -p "$DEBS"
rm -rf "$ROOT"
mkdir -p "$ROOT"

# download PKG=VER...: one apt-get call per package, so an error names it.
# A stamp per package and version lets a second run skip the download.
download() {
	local spec stamp
	for spec in "$@"; do
		stamp=$DEBS/.got-$(echo "$spec" | tr ':=/' '___')
		[ -e "$stamp" ] && continue
		(cd "$DEBS" && apt-get download -q "$spec" >/dev/null 2>"$DEBS/apt.err") || {
			cat "$DEBS/apt.err" >&2
			die "download of package $spec failed"
		}
		touch "$stamp"
	done
}

# The kbuild tools (fixdep, modpost) run on the host, so they are the host's
# linux-kbuild of the very same version, whatever the guest arch is.
HOST_ARCH=$(dpkg --print-architecture)
BB_VERSION=$(pkg_version "busybox-static:$DEB_ARCH")
[ -n "$BB_VERSION" ] && [ "$BB_VERSION" != "(none)" ] ||
	die "no candidate for busybox-static:$DEB_ARCH"
download "$IMAGE_PKG:$DEB_ARCH=$VERSION" "$HEADERS_PKG:$DEB_ARCH=$VERSION" \
	"$COMMON_PKG=$VERSION" "linux-kbuild-6.1:$HOST_ARCH=$VERSION" \
	"busybox-static:$DEB_ARCH=$BB_VERSION"

for deb in "$DEBS"/*.deb; do
	case "$deb" in
	*"_${VERSION}_"*|*busybox-static_*) dpkg-deb -x "$deb" "$ROOT" ;;
	esac
done

[ -r "$VMLINUZ" ] || die "$IMAGE_PKG did not contain /boot/vmlinuz-$KVER"
[ -x "$BUSYBOX" ] || die "busybox-static did not contain /bin/busybox"

# The headers' one-line Makefile includes the -common tree by absolute path.
COMMON_DIR=$ROOT/usr/src/$COMMON_PKG
[ -r "$COMMON_DIR/Makefile" ] || die "$COMMON_PKG has no Makefile"
sed -i "s|^include /usr/src/$COMMON_PKG/Makefile|include $COMMON_DIR/Makefile|" "$KDIR/Makefile"
grep -q "^include $COMMON_DIR/Makefile" "$KDIR/Makefile" ||
	die "unexpected Makefile in $HEADERS_PKG: $(cat "$KDIR/Makefile")"

cat >"$ARCH_ENV" <<EOF
ARCH=$ARCH
DEB_VERSION=$VERSION
KVER=$KVER
KDIR=$KDIR
VMLINUZ=$VMLINUZ
BUSYBOX=$BUSYBOX
QEMU=$QEMU
EOF
log "$ARCH: ready, KDIR=$KDIR"
