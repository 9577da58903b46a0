#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# fetch-kernel.sh TARGET - put what one target of the matrix (ARCH-SERIES,
# see SUPPORTED_TARGETS in lib.sh) needs into the project cache, without
# installing anything on the host:
#   - Debian's kernel image of the series (vmlinuz, its config, and the
#     modules /init loads first, GUEST_KMODS), the exactly matching headers
#     and the host's linux-kbuild of the same version, and a static busybox
#     for the arch, from a private apt (apt_setup in lib.sh);
#   - for a foreign arch, Debian's gcc-12 cross compiler, unpacked into the
#     cache (fetch_toolchain in lib.sh);
#   - for a target of another suite than the private apt's (sid), a build
#     root of that suite made with mmdebstrap that holds its headers, gcc
#     and kbuild tools (they need that suite's libc), and its image;
#   - for a target with a config fragment (the kconfig column: the debug
#     kernel), the kernel built from the series' linux-source by
#     scripts/build-kernel.sh, once.
# Versions come from the metapackages (linux-image-amd64,
# linux-image-6.12-arm64, ...), never from a hard-coded ABI number. A second
# run with the same resolved version only re-checks and exits.
#
# Writes $SIPHASH_CACHE/TARGET/kernel.env (see the end of this file).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
target_setup "$1"
command -v apt-get >/dev/null || die "apt-get not found: this needs a Debian host"
HOST_ARCH=$(dpkg --print-architecture)
DEBS=$TARGET_DIR/debs
ROOT=$TARGET_DIR/root

# pkg_depends PKG PATTERN: the first dependency of PKG matching PATTERN.
pkg_depends() {
	apt-cache depends "$1" 2>/dev/null |
		sed -n 's/^ *|\{0,1\}Depends: *//p' | tr -d '<>' | grep -E -m1 "$2" || true
}

# download DIR PKG=VER...: one apt-get call per package, so an error names
# it; a stamp per package and version lets a second run skip it.
download() {
	local dir=$1 spec stamp
	shift
	mkdir -p "$dir"
	for spec in "$@"; do
		stamp=$dir/.got-$(echo "$spec" | tr ':=/~+' '_____')
		[ -e "$stamp" ] && continue
		(cd "$dir" && apt-get download -q "$spec" >/dev/null 2>"$dir/apt.err") || {
			cat "$dir/apt.err" >&2
			die "download of package $spec failed"
		}
		touch "$stamp"
	done
}

# resolve: IMAGE_PKG, KVER, VERSION and the headers' packages, from the
# metapackage of the series.
resolve() {
	IMAGE_PKG=$(pkg_depends "$IMAGE_META:$DEB_ARCH" '^linux-image-[0-9]')
	IMAGE_PKG=${IMAGE_PKG%%:*}
	[ -n "$IMAGE_PKG" ] || die "cannot resolve $IMAGE_META:$DEB_ARCH in $SUITE"
	KVER=${IMAGE_PKG#linux-image-}
	KVER=${KVER%-unsigned}
	VERSION=$(pkg_version "$IMAGE_PKG:$DEB_ARCH")
	HEADERS_PKG=linux-headers-$KVER
}

# ---- the build root of another suite -------------------------------------------
SUITE_ROOT=$SIPHASH_CACHE/$SUITE-root
SUITE_INCLUDE=gcc,make,libc6-dev,libelf-dev,bc,bison,flex,kmod,pahole,sparse,python3,perl,dkms,linux-headers-$FLAVOUR
suite_chroot() {
	BUILD_ROOT=$SUITE_ROOT target_run "$@"
}

fetch_suite_root() {
	local want have
	if [ -x "$SUITE_ROOT/usr/bin/make" ] && [ -e "$SUITE_ROOT/.complete" ]; then
		suite_chroot apt-get update -q >"$TARGET_DIR/suite-update.log" 2>&1 || {
			cat "$TARGET_DIR/suite-update.log" >&2
			die "apt-get update in the $SUITE root failed"
		}
		want=$(suite_chroot apt-cache policy "linux-headers-$FLAVOUR" | sed -n 's/^ *Candidate: *//p')
		have=$(suite_chroot dpkg-query -W -f='${Version}' "linux-headers-$FLAVOUR" 2>/dev/null || true)
		[ "$want" = "$have" ] && return
		log "$TARGET: $SUITE moved (linux-headers-$FLAVOUR $have -> $want): new build root"
	fi
	command -v mmdebstrap >/dev/null || die "mmdebstrap not found (scripts/deps.sh installs it)"
	log "$TARGET: making the $SUITE build root with mmdebstrap in $SUITE_ROOT"
	rm -rf "$SUITE_ROOT"
	mkdir -p "$TARGET_DIR"
	# This mirror's sid Release file is past its Valid-Until date.
	mmdebstrap --variant=apt --aptopt='Acquire::Check-Valid-Until "false"' \
		--include="$SUITE_INCLUDE" "$SUITE" "$SUITE_ROOT" "$DEBIAN_MIRROR" \
		>"$TARGET_DIR/mmdebstrap.log" 2>&1 || {
		tail -n 30 "$TARGET_DIR/mmdebstrap.log" >&2
		die "mmdebstrap of the $SUITE build root failed"
	}
	suite_chroot apt-get update -q >/dev/null 2>&1 || die "apt-get update in the $SUITE root failed"
	touch "$SUITE_ROOT/.complete"
}

# ---- gcc of an older suite -----------------------------------------------------
# An older suite's headers (bullseye's 5.10) name that suite's gcc (gcc-10),
# which the host's suite lacks. Its packages are unpacked into the cache,
# as fetch_toolchain (lib.sh) does with bookworm's cross compilers, never
# installed. That is simpler than a build root of the suite (mmdebstrap,
# root, mounts), and enough: an older suite's gcc, binutils and
# linux-kbuild tools run on the host's newer glibc (suite_on_host). A
# foreign arch takes the suite's cross binutils too, first on PATH: its
# gcc would otherwise run the host's x86 `as`. The host's own binutils
# assemble and link the host arch's modules.
fetch_suite_gcc() {
	local dep n dir stamp pkgs deb
	# linux-compiler-gcc-10-x86 on x86, gcc-10 elsewhere.
	dep=$(pkg_depends "$HEADERS_PKG:$DEB_ARCH" '^(linux-compiler-)?gcc-[0-9]+')
	n=$(echo "$dep" | sed -n 's/^\(linux-compiler-\)\{0,1\}gcc-\([0-9][0-9]*\).*/\2/p')
	[ -n "$n" ] || die "cannot tell which gcc $HEADERS_PKG needs (no gcc-N dependency)"
	SUITE_GCC=gcc-$n${CROSS:+-$CROSS}
	dir=$SIPHASH_CACHE/toolchain/$SUITE-$SUITE_GCC
	stamp=$dir/.version-$(pkg_version "$SUITE_GCC" | tr ':~+' '___')
	TOOLCHAIN_PATH=$dir/usr/bin
	TOOLCHAIN_LIB=$dir/usr/lib/$(gcc -dumpmachine)
	[ -e "$stamp" ] && return
	log "$TARGET: unpacking $SUITE's $SUITE_GCC into $dir"
	# The compiler's own packages (driver, cc1, its headers and libgcc)
	# of its dependencies; the libraries they need are the host's.
	pkgs=$(apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts \
		--no-breaks --no-replaces --no-enhances "$SUITE_GCC" 2>/dev/null |
		grep -E "^(gcc-$n|cpp-$n|libgcc-$n-dev)[-a-z0-9]*\$${CROSS:+|^binutils-$CROSS\$}" | sort -u)
	[ -n "$pkgs" ] || die "cannot resolve the packages of $SUITE_GCC in $SUITE"
	rm -rf "$dir"
	# shellcheck disable=SC2046
	download "$dir/debs" $(for p in $pkgs; do echo "$p=$(pkg_version "$p")"; done)
	for deb in "$dir"/debs/*.deb; do
		dpkg-deb -x "$deb" "$dir"
	done
	rm -rf "$dir/debs"
	PATH=$TOOLCHAIN_PATH:$PATH LD_LIBRARY_PATH=$TOOLCHAIN_LIB \
		"${CROSS:+$CROSS-}gcc-$n" --version >/dev/null ||
		die "$SUITE's ${CROSS:+$CROSS-}gcc-$n does not run on this host"
	touch "$stamp"
}

# ---- QEMU of another suite ----------------------------------------------------
# Targets with a qemu_suite (targets.tsv says why) boot under its QEMU: a
# root made with mmdebstrap that holds only the emulator, run from bookworm
# through that suite's own dynamic loader and libraries, by a wrapper script that
# write_env names as QEMU.
QEMU_ROOT=$SIPHASH_CACHE/qemu-$QEMU_SUITE
fetch_qemu_root() {
	local wrapper=$QEMU_ROOT/usr/local/bin/$QEMU lib=usr/lib/x86_64-linux-gnu

	if [ ! -e "$QEMU_ROOT/.complete" ]; then
		command -v mmdebstrap >/dev/null || die "mmdebstrap not found (scripts/deps.sh installs it)"
		log "$TARGET: fetching $QEMU from $QEMU_SUITE into $QEMU_ROOT (mmdebstrap)"
		rm -rf "$QEMU_ROOT"
		mkdir -p "$TARGET_DIR"
		mmdebstrap --variant=essential --aptopt='Acquire::Check-Valid-Until "false"' \
			--include="$QEMU" "$QEMU_SUITE" "$QEMU_ROOT" "$DEBIAN_MIRROR" \
			>"$TARGET_DIR/qemu-mmdebstrap.log" 2>&1 || {
			tail -n 30 "$TARGET_DIR/qemu-mmdebstrap.log" >&2
			die "mmdebstrap of $QEMU from $QEMU_SUITE failed"
		}
		mkdir -p "${wrapper%/*}"
		cat >"$wrapper" <<EOF
#!/bin/sh
# $QEMU of Debian $QEMU_SUITE with its own loader and libraries.
R=\$(cd "\$(dirname "\$0")/../../.." && pwd)
QEMU_MODULE_DIR=\$R/$lib/qemu exec "\$R/lib64/ld-linux-x86-64.so.2" \\
	--library-path "\$R/$lib" "\$R/usr/bin/$QEMU" -L "\$R/usr/share/qemu" "\$@"
EOF
		chmod +x "$wrapper"
		"$wrapper" --version >/dev/null || die "$wrapper does not run"
		touch "$QEMU_ROOT/.complete"
	fi
	QEMU=$wrapper
	log "$TARGET: $("$QEMU" --version | head -n1) from $QEMU_SUITE"
}

# write_env: a new file, renamed into place, so that a boot reading the old
# one never sees half of it.
write_env() {
	cat >"$TARGET_ENV.tmp" <<EOF
TARGET=$TARGET
DEB_VERSION=$VERSION
KVER=$KVER
KDIR=$KDIR
VMLINUZ=$VMLINUZ
CONFIG=$CONFIG
BUSYBOX=$BUSYBOX
GUEST_KMOD_DIR=$GUEST_KMOD_DIR
BUILD_ROOT=$BUILD_ROOT
TOOLCHAIN_PATH=$TOOLCHAIN_PATH
TOOLCHAIN_LIB=$TOOLCHAIN_LIB
QEMU=$QEMU
EOF
	mv "$TARGET_ENV.tmp" "$TARGET_ENV"
}

# ---- main -----------------------------------------------------------------------
mkdir -p "$TARGET_DIR"
# A target resolved less than APT_MAX_AGE minutes ago (as old as the lists
# may be) is taken as it is: resolving again costs apt-cache tens of
# seconds of CPU over the lists of every arch, and every boot calls this.
if [ -e "$TARGET_DIR/root/.complete" ] && [ -n "$(find "$TARGET_ENV" -mmin -"${APT_MAX_AGE:-60}" 2>/dev/null)" ]; then
	log "$TARGET: resolved less than ${APT_MAX_AGE:-60} min ago ($TARGET_ENV)"
	exit 0
fi
BUILD_ROOT=""
TOOLCHAIN_PATH="" TOOLCHAIN_LIB=""
if [ -n "$KCONFIG" ]; then
	# A kernel of our own (the debug kernel): built once from Debian's
	# source, and its tree is the headers of M= builds. busybox as below.
	# One caller at a time: make check builds it in the background, and
	# the cell's own call waits here until that is done.
	exec 9>"$TARGET_DIR/fetch.lock"
	flock 9
	KDIR=$("$SIPHASH_ROOT/scripts/build-kernel.sh" "$TARGET")
	apt_setup
	VERSION=$(pkg_version "$SOURCE_PKG")
	KVER=$(cat "$KDIR/include/config/kernel.release")
	# shellcheck disable=SC2046
	VMLINUZ=$KDIR/$(make -s -C "$KDIR" $(kbuild_vars) image_name)
	CONFIG=$KDIR/.config
	BUSYBOX=$ROOT/bin/busybox
	GUEST_KMOD_DIR=$KDIR
	if [ ! -e "$ROOT/.complete" ]; then
		rm -rf "$ROOT" "$DEBS"
		BB_VERSION=$(pkg_version "busybox-static:$DEB_ARCH")
		download "$DEBS" "busybox-static:$DEB_ARCH=$BB_VERSION"
		dpkg-deb -x "$DEBS"/busybox-static_*.deb "$ROOT"
		[ -x "$BUSYBOX" ] || die "busybox-static did not contain /bin/busybox"
		touch "$ROOT/.complete"
	fi
	[ -r "$VMLINUZ" ] || die "$TARGET: no kernel image $VMLINUZ in $KDIR"
	write_env
	log "$TARGET: ready, kernel $KVER built from $SOURCE_PKG $VERSION with $KCONFIG, KDIR=$KDIR"
	exit 0
fi
if ! suite_on_host "$SUITE"; then
	fetch_suite_root
	BUILD_ROOT=$SUITE_ROOT
	IMAGE_PKG=$(suite_chroot apt-cache depends "$IMAGE_META" | sed -n 's/^ *Depends: *\(linux-image-[0-9][^ ]*\)$/\1/p' | head -n1)
	[ -n "$IMAGE_PKG" ] || die "cannot resolve $IMAGE_META in $SUITE"
	KVER=${IMAGE_PKG#linux-image-}
	KVER=${KVER%-unsigned}
	VERSION=$(suite_chroot apt-cache policy "$IMAGE_PKG" | sed -n 's/^ *Candidate: *//p')
	HEADERS_PKG=linux-headers-$KVER
	suite_chroot dpkg-query -W "$HEADERS_PKG" >/dev/null 2>&1 ||
		die "the $SUITE root has no $HEADERS_PKG (image and headers of $SUITE disagree)"
	KDIR=/usr/src/$HEADERS_PKG
elif [ "$SUITE" != "$APT_SUITE" ]; then
	# An older suite (bullseye): its private apt, its gcc in the cache.
	apt_setup "$SUITE"
	resolve
	KDIR=$ROOT/usr/src/$HEADERS_PKG
	fetch_suite_gcc
else
	apt_setup
	resolve
	KDIR=$ROOT/usr/src/$HEADERS_PKG
	[ -z "$CROSS" ] || fetch_toolchain "$CROSS"
fi
[ -z "$QEMU_SUITE" ] || fetch_qemu_root
VMLINUZ=$ROOT/boot/vmlinuz-$KVER
CONFIG=$ROOT/boot/config-$KVER
BUSYBOX=$ROOT/bin/busybox
GUEST_KMOD_DIR=$ROOT/lib/modules/$KVER/kernel


if [ -r "$TARGET_ENV" ] && grep -qx "DEB_VERSION=$VERSION" "$TARGET_ENV" &&
   grep -qx "KVER=$KVER" "$TARGET_ENV" && [ -e "$ROOT/.complete" ]; then
	write_env
	log "$TARGET: kernel $KVER ($VERSION) already in $TARGET_DIR"
	exit 0
fi

log "$TARGET: fetching kernel $KVER, Debian version $VERSION"
rm -rf "$ROOT" "$DEBS"
mkdir -p "$ROOT" "$DEBS"

# busybox-static comes from the private apt's suite for every target:
# user space only.
apt_setup
BB_VERSION=$(pkg_version "busybox-static:$DEB_ARCH")
download "$DEBS" "busybox-static:$DEB_ARCH=$BB_VERSION"
# The kernel's packages from its own suite's private apt (an older suite).
[ -n "$BUILD_ROOT" ] || apt_setup "$SUITE"
if [ -n "$BUILD_ROOT" ]; then
	# Since 7.x the image package is split: vmlinuz is in linux-binary-*,
	# the config in linux-base-*; fetch every linux-*-KVER it depends on
	# but the modules.
	pkgs="$IMAGE_PKG=$VERSION"
	for p in $(suite_chroot apt-cache depends "$IMAGE_PKG" |
		sed -n "s/^ *Depends: *\(linux-[a-z]*-$KVER\)\$/\1/p" | grep -v '^linux-modules-'); do
		pkgs="$pkgs $p=$VERSION"
	done
	suite_chroot sh -c "cd '$DEBS' && apt-get download -q $pkgs" >/dev/null 2>"$DEBS/apt.err" || {
		cat "$DEBS/apt.err" >&2
		die "download of $pkgs in the $SUITE root failed"
	}
else
	# The headers name their -common tree and the kbuild tools; kbuild
	# runs on the host, so it is the host's package of the same version.
	COMMON_PKG=$(pkg_depends "$HEADERS_PKG:$DEB_ARCH" '^linux-headers-.*-common')
	KBUILD_PKG=$(pkg_depends "$HEADERS_PKG:$DEB_ARCH" '^linux-kbuild-')
	[ -n "$COMMON_PKG" ] && [ -n "$KBUILD_PKG" ] ||
		die "cannot resolve the -common and linux-kbuild packages of $HEADERS_PKG"
	download "$DEBS" "$IMAGE_PKG:$DEB_ARCH=$VERSION" "$HEADERS_PKG:$DEB_ARCH=$VERSION" \
		"${COMMON_PKG%%:*}=$VERSION" "${KBUILD_PKG%%:*}:$HOST_ARCH=$VERSION"
fi

for deb in "$DEBS"/*.deb; do
	case "$(basename "$deb")" in
	linux-image-* | linux-binary-* | linux-base-*)
		# Only what a boot needs: vmlinuz, its config, GUEST_KMODS.
		# (7.x keeps them in /usr/lib/modules/KVER/.)
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$ROOT" --wildcards \
			"./boot/vmlinuz-$KVER" "./boot/config-$KVER" \
			"./usr/lib/modules/$KVER/vmlinuz" "./usr/lib/modules/$KVER/config" \
			$(for m in $GUEST_KMODS; do echo "./lib/modules/$KVER/kernel/*/$m.ko*"; done) \
			2>/dev/null || true
		;;
	*)
		dpkg-deb -x "$deb" "$ROOT"
		;;
	esac
done
mkdir -p "$ROOT/boot"
for f in vmlinuz config; do
	[ -e "$ROOT/usr/lib/modules/$KVER/$f" ] &&
		mv "$ROOT/usr/lib/modules/$KVER/$f" "$ROOT/boot/$f-$KVER"
done
for f in "$VMLINUZ" "$CONFIG" $(for m in $GUEST_KMODS; do
	find "$GUEST_KMOD_DIR" -name "$m.ko*" 2>/dev/null | grep . || echo "$GUEST_KMOD_DIR/.../$m.ko"; done); do
	[ -r "$f" ] || die "the packages of $IMAGE_PKG did not contain ${f#"$ROOT"}"
done
[ -x "$BUSYBOX" ] || die "busybox-static did not contain /bin/busybox"

if [ -z "$BUILD_ROOT" ]; then
	# The headers' Makefile includes the -common tree by absolute path.
	common=$(sed -n 's|^include /usr/src/\([^/]*\)/Makefile$|\1|p' "$KDIR/Makefile")
	[ -n "$common" ] && [ -r "$ROOT/usr/src/$common/Makefile" ] ||
		die "unexpected Makefile in $HEADERS_PKG: $(cat "$KDIR/Makefile")"
	sed -i "s|^include /usr/src/$common/Makefile|include $ROOT/usr/src/$common/Makefile|" "$KDIR/Makefile"
fi

touch "$ROOT/.complete"
write_env
log "$TARGET: ready, kernel $KVER, KDIR=$KDIR${BUILD_ROOT:+ (in $BUILD_ROOT)}"
