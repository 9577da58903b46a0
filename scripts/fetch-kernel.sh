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
#   - for a target of another suite than the private apt's (sid, trixie),
#     a build root of that suite made with mmdebstrap, shared by every row
#     of the suite, that holds its gcc (and each cross row's
#     gcc-<triplet>) and the native rows' headers: its kbuild tools need
#     that suite's libc. A cross row's image, headers and the amd64
#     linux-kbuild of their version are extracted into the target's cache,
#     as above; the newest version of the metapackage whose files the
#     mirror serves is taken, the ones it does not are named;
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
# One root per suite, shared by every row of the table with that suite:
# that suite's gcc and the tools kbuild runs (they need its libc), the
# headers of each native row's kernel (installed: DKMS builds against
# them), and each cross row's gcc-<triplet> (the suite's default gcc for
# that triplet). The cross
# rows' arches are foreign arches of the root's dpkg, so that apt in the
# root resolves and downloads their images and headers; those are
# extracted into the target's cache, as for the cross targets of the host's
# suite, with the amd64 linux-kbuild of the same version beside them
# (each target may take its own version: one root cannot install two).
#
# A row may name several suites (suite column "sid,forky,trixie-backports":
# the newest kernel): each gets its root, and the row takes the newest
# version any of them can fetch (suite_resolve), built in that suite's
# root. A -backports suite's root is its base suite with the backports
# archive beside it.

# use_suite SUITE: ROOT_SUITE and SUITE_ROOT, the root the functions below
# work on.
use_suite() {
	ROOT_SUITE=$1
	SUITE_ROOT=$SIPHASH_CACHE/$1-root
	ROOT_BASE=${1%-backports}
}
use_suite "${SUITE%%,*}"
suite_chroot() {
	BUILD_ROOT=$SUITE_ROOT target_run "$@"
}

# The root gets what the target being fetched needs: a root shared by
# several rows grows with each row fetched into it (an existing root
# installs what is missing), so that make check's rows build a root with
# only what they need, not the cross compilers of every wide row of that
# suite.

# suite_include: the packages of the root, comma-separated: the suite's
# build tools, and a cross target's gcc-<triplet>.
suite_include() {
	echo "gcc,make,libc6-dev,libelf-dev,bc,bison,flex,kmod,pahole,sparse,python3,perl,dkms${CROSS:+,gcc-$CROSS}"
}

# suite_arches: the root's arches, the host's first, comma-separated: a
# cross target's arch is a foreign arch of the root's dpkg.
suite_arches() {
	echo "$HOST_ARCH${CROSS:+,$DEB_ARCH}"
}

# suite_sources: the root's apt sources, one a line: the suite, its
# security archive if the target's row takes it (the security column),
# and a -backports suite beside its base suite.
suite_sources() {
	echo "deb $DEBIAN_MIRROR $ROOT_BASE main"
	[ "$(python3 "$TARGETS_PY" values security "$TARGET")" != yes ] ||
		echo "deb $DEBIAN_SECURITY $ROOT_BASE-security main"
	[ "$ROOT_BASE" = "$ROOT_SUITE" ] || echo "deb $DEBIAN_MIRROR $ROOT_SUITE main"
	return 0
}

# suite_stale: say so if the root's index of its suite is past its
# Valid-Until date (apt is told to take it anyway: this mirror's sid and
# forky are): its versions may be older than the archive's.
suite_stale() {
	local f until
	for f in "$SUITE_ROOT"/var/lib/apt/lists/*_dists_"${ROOT_SUITE}"_InRelease; do
		[ -r "$f" ] || continue
		until=$(sed -n 's/^Valid-Until: //p' "$f" | head -n1)
		[ -n "$until" ] || continue
		[ "$(date -d "$until" +%s 2>/dev/null || echo 0)" -ge "$(date +%s)" ] ||
			log "$TARGET: the index of $ROOT_SUITE is stale (Valid-Until $until): its versions may lag the archive"
	done
}

# fetch_suite_root: make the root, or bring one made before up to date:
# the arches and packages the table asks for now, at the suite's current
# versions. One caller at a time (the cells of a suite share the root).
fetch_suite_root() {
	local include arches a
	include=$(suite_include)
	arches=$(suite_arches)
	exec 8>"$SUITE_ROOT.lock"
	flock 8
	if [ -x "$SUITE_ROOT/usr/bin/make" ] && [ -e "$SUITE_ROOT/.complete" ]; then
		for a in $(echo "${arches#*,}" | tr , ' '); do
			[ "$a" = "$arches" ] && break
			suite_chroot dpkg --print-foreign-architectures | grep -qx "$a" ||
				suite_chroot dpkg --add-architecture "$a"
		done
		suite_chroot apt-get update -q >"$TARGET_DIR/suite-update.log" 2>&1 || {
			cat "$TARGET_DIR/suite-update.log" >&2
			die "apt-get update in the $ROOT_SUITE root failed"
		}
		# shellcheck disable=SC2046
		suite_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends $(echo "$include" | tr , ' ') \
			>"$TARGET_DIR/suite-install.log" 2>&1 || {
			tail -n 30 "$TARGET_DIR/suite-install.log" >&2
			die "apt-get install in the $ROOT_SUITE root failed"
		}
		flock -u 8
		return
	fi
	command -v mmdebstrap >/dev/null || die "mmdebstrap not found (scripts/deps.sh installs it)"
	log "$TARGET: making the $ROOT_SUITE build root with mmdebstrap in $SUITE_ROOT (arches $arches)"
	rm -rf "$SUITE_ROOT"
	mkdir -p "$TARGET_DIR"
	local -a sources
	mapfile -t sources < <(suite_sources)
	# This mirror's sid Release file is past its Valid-Until date.
	mmdebstrap --variant=apt --aptopt='Acquire::Check-Valid-Until "false"' \
		--architectures="$arches" --include="$include" "$ROOT_BASE" "$SUITE_ROOT" \
		"${sources[@]}" >"$TARGET_DIR/mmdebstrap.log" 2>&1 || {
		tail -n 30 "$TARGET_DIR/mmdebstrap.log" >&2
		die "mmdebstrap of the $ROOT_SUITE build root failed"
	}
	suite_chroot apt-get update -q >/dev/null 2>&1 || die "apt-get update in the $ROOT_SUITE root failed"
	touch "$SUITE_ROOT/.complete"
	flock -u 8
}

# suite_candidates: "VERSION IMAGE_PKG SUITE" for every version of the
# metapackage IMAGE_META:DEB_ARCH that the lists of the roots of the
# row's suites know (a suite and its security archive), newest first
# across them: the image it depends on, at the version it asks for.
suite_candidates() {
	local s
	for s in ${SUITE//,/ }; do
		use_suite "$s"
		suite_chroot apt-cache show "$IMAGE_META:$DEB_ARCH" 2>/dev/null | awk -v suite="$s" '
			/^Version: / { v = $2 }
			/^Depends: / {
				n = split(substr($0, 10), d, /, */)
				for (i = 1; i <= n; i++)
					if (d[i] ~ /^linux-image-[0-9]/) {
						split(d[i], w, /[ ():=]+/)
						print (w[2] != "" ? w[2] : v), w[1], suite
						break
					}
			}'
	done | sort -u | sort -k1,1Vr
}

# suite_fetch_candidate IMAGE_PKG VERSION DIR: download into DIR the image
# packages (since 7.x the image is split: vmlinuz is in linux-binary-*,
# the config in linux-base-*; every linux-*-KVER it depends on, the
# modules only for a row with GUEST_KMODS), busybox, and for a cross target the headers, their -common
# tree and the host's linux-kbuild of the same version. Fails, saying
# why, if a file cannot be fetched (a pool file missing on the mirror).
suite_fetch_candidate() {
	local img=$1 ver=$2 dir=$3 kver p pkgs deps common kbuild
	kver=${img#linux-image-}
	kver=${kver%-unsigned}
	pkgs="$img:$DEB_ARCH=$ver"
	for p in $(suite_chroot apt-cache depends "$img:$DEB_ARCH" |
		sed -n "s/^ *Depends: *\(linux-[a-z]*-$kver\)\(:$DEB_ARCH\)\{0,1\}\$/\1/p" |
		{ if [ -n "$GUEST_KMODS" ]; then cat; else grep -v '^linux-modules-'; fi; }); do
		pkgs="$pkgs $p:$DEB_ARCH=$ver"
	done
	pkgs="$pkgs busybox-static:$DEB_ARCH"
	if [ -n "$CROSS" ]; then
		deps=$(suite_chroot apt-cache depends "linux-headers-$kver:$DEB_ARCH" | tr -d '<>' |
			sed -n 's/^ *|\{0,1\}Depends: *\([^ :]*\).*$/\1/p')
		common=$(echo "$deps" | grep -m1 '^linux-headers-.*-common$' || true)
		kbuild=$(echo "$deps" | grep -m1 '^linux-kbuild-' || true)
		[ -n "$common" ] && [ -n "$kbuild" ] || {
			log "$TARGET: cannot resolve the -common and linux-kbuild packages of linux-headers-$kver:$DEB_ARCH"
			return 1
		}
		pkgs="$pkgs linux-headers-$kver:$DEB_ARCH=$ver $common=$ver $kbuild:$HOST_ARCH=$ver"
	fi
	rm -rf "$dir"
	mkdir -p "$dir"
	suite_chroot sh -c "cd '$dir' && apt-get download -q $pkgs" >/dev/null 2>"$dir/apt.err" || {
		log "$TARGET: cannot fetch $img $ver from $ROOT_SUITE: $(grep '^E:' "$dir/apt.err" | head -n3 | tr '\n' ' ')"
		return 1
	}
	if [ -z "$CROSS" ]; then
		# A native target builds against the root's installed headers.
		suite_chroot env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
			--no-install-recommends "linux-headers-$kver=$ver" >"$dir/install.log" 2>&1 || {
			log "$TARGET: cannot install linux-headers-$kver $ver in the $ROOT_SUITE root: $(grep -E '^(E|W):' "$dir/install.log" | head -n3 | tr '\n' ' ')"
			return 1
		}
	fi
}

# suite_resolve DIR: IMAGE_PKG, KVER, VERSION and HEADERS_PKG of the
# newest version of IMAGE_META that can be fetched, its packages in DIR;
# or, when kernel.env already holds that version, nothing downloaded
# (DIR empty). A version whose files the mirror does not serve is named,
# and the next one taken.
suite_resolve() {
	local dir=$1 img ver suite tried=""
	while read -r ver img suite; do
		use_suite "$suite"
		KVER=${img#linux-image-}
		KVER=${KVER%-unsigned}
		IMAGE_PKG=$img VERSION=$ver HEADERS_PKG=linux-headers-$KVER
		if [ -r "$TARGET_ENV" ] && grep -qx "DEB_VERSION=$VERSION" "$TARGET_ENV" &&
		   grep -qx "KVER=$KVER" "$TARGET_ENV" && grep -qx "BUILD_ROOT=$SUITE_ROOT" "$TARGET_ENV" &&
		   [ -e "$ROOT/.complete" ]; then
			rm -rf "$dir"
			return 0
		fi
		suite_fetch_candidate "$img" "$ver" "$dir" && return 0
		tried="$tried $img=$ver($suite)"
		log "$TARGET: taking the next version of $IMAGE_META:$DEB_ARCH"
	done < <(suite_candidates)
	[ -n "$tried" ] || die "cannot resolve $IMAGE_META:$DEB_ARCH in the roots of $SUITE"
	die "no version of $IMAGE_META:$DEB_ARCH in $SUITE can be fetched; tried:$tried"
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

# root_paths: VMLINUZ, CONFIG, BUSYBOX and GUEST_KMOD_DIR in the target's
# extracted packages. The image as the package ships it: a compressed
# vmlinuz, or (riscv64, ppc64el) an uncompressed vmlinux that QEMU's
# -kernel loads as it is; busybox of a merged-/usr suite (trixie on) is in
# /usr/bin.
root_paths() {
	VMLINUZ=$ROOT/boot/vmlinuz-$KVER
	[ -e "$VMLINUZ" ] || [ ! -e "$ROOT/boot/vmlinux-$KVER" ] || VMLINUZ=$ROOT/boot/vmlinux-$KVER
	CONFIG=$ROOT/boot/config-$KVER
	BUSYBOX=$ROOT/bin/busybox
	[ -e "$BUSYBOX" ] || [ ! -e "$ROOT/usr/bin/busybox" ] || BUSYBOX=$ROOT/usr/bin/busybox
	GUEST_KMOD_DIR=$ROOT/lib/modules/$KVER/kernel
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
# A suite the host cannot run the tools of: its root. (A list of suites
# is of one kind: the first says which.)
if [ "$SUITE" != "$APT_SUITE" ] && ! suite_on_host "${SUITE%%,*}"; then
	for s in ${SUITE//,/ }; do
		use_suite "$s"
		fetch_suite_root
		suite_stale
	done
	suite_resolve "$TARGET_DIR/fetched"
	BUILD_ROOT=$SUITE_ROOT
	log "$TARGET: $IMAGE_PKG $VERSION from $ROOT_SUITE"
	if [ -n "$CROSS" ]; then
		KDIR=$ROOT/usr/src/$HEADERS_PKG
	else
		KDIR=/usr/src/$HEADERS_PKG
		suite_chroot dpkg-query -W "$HEADERS_PKG" >/dev/null 2>&1 ||
			die "the $SUITE root has no $HEADERS_PKG (image and headers of $SUITE disagree)"
	fi
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
root_paths


if [ -r "$TARGET_ENV" ] && grep -qx "DEB_VERSION=$VERSION" "$TARGET_ENV" &&
   grep -qx "KVER=$KVER" "$TARGET_ENV" && [ -e "$ROOT/.complete" ]; then
	write_env
	log "$TARGET: kernel $KVER ($VERSION) already in $TARGET_DIR"
	exit 0
fi

log "$TARGET: fetching kernel $KVER, Debian version $VERSION"
rm -rf "$ROOT" "$DEBS"
mkdir -p "$ROOT" "$DEBS"

if [ -n "$BUILD_ROOT" ]; then
	# suite_resolve fetched them, busybox-static of the suite with them.
	mv "$TARGET_DIR/fetched"/*.deb "$DEBS/"
	rm -rf "$TARGET_DIR/fetched"
else
	# busybox-static: user space only, from the private apt's suite;
	# the kernel's packages from its own suite's (an older suite's too).
	apt_setup
	BB_VERSION=$(pkg_version "busybox-static:$DEB_ARCH")
	download "$DEBS" "busybox-static:$DEB_ARCH=$BB_VERSION"
	apt_setup "$SUITE"
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
	linux-image-* | linux-binary-* | linux-base-* | linux-modules-*)
		# Only what a boot needs: vmlinuz, its config, GUEST_KMODS.
		# (7.x keeps them in /usr/lib/modules/KVER/.)
		dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$ROOT" --wildcards \
			"./boot/vmlinuz-$KVER" "./boot/vmlinux-$KVER" "./boot/config-$KVER" \
			"./usr/lib/modules/$KVER/vmlinuz" "./usr/lib/modules/$KVER/config" \
			$(for m in $GUEST_KMODS; do echo "./lib/modules/$KVER/kernel/*/$m.ko*" \
				"./usr/lib/modules/$KVER/kernel/*/$m.ko*"; done) \
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
# The modules of a merged-/usr package are where GUEST_KMOD_DIR looks.
if [ -d "$ROOT/usr/lib/modules/$KVER/kernel" ] && [ ! -e "$ROOT/lib/modules/$KVER/kernel" ]; then
	mkdir -p "$ROOT/lib/modules/$KVER"
	mv "$ROOT/usr/lib/modules/$KVER/kernel" "$ROOT/lib/modules/$KVER/kernel"
fi
root_paths
for f in "$VMLINUZ" "$CONFIG" $(for m in $GUEST_KMODS; do
	find "$GUEST_KMOD_DIR" -name "$m.ko*" 2>/dev/null | grep . || echo "$GUEST_KMOD_DIR/.../$m.ko"; done); do
	[ -r "$f" ] || die "the packages of $IMAGE_PKG did not contain ${f#"$ROOT"}"
done
[ -x "$BUSYBOX" ] || die "busybox-static did not contain /bin/busybox or /usr/bin/busybox"

if [ -z "$BUILD_ROOT" ] || [ -n "$CROSS" ]; then
	# The headers' Makefile includes the -common tree by absolute path.
	common=$(sed -n 's|^include /usr/src/\([^/]*\)/Makefile$|\1|p' "$KDIR/Makefile")
	[ -n "$common" ] && [ -r "$ROOT/usr/src/$common/Makefile" ] ||
		die "unexpected Makefile in $HEADERS_PKG: $(cat "$KDIR/Makefile")"
	sed -i "s|^include /usr/src/$common/Makefile|include $ROOT/usr/src/$common/Makefile|" "$KDIR/Makefile"
	# Since 7.x it also names its own tree as the output directory.
	sed -i "s|^KBUILD_OUTPUT=/usr/src/$HEADERS_PKG\$|KBUILD_OUTPUT=$KDIR|" "$KDIR/Makefile"
fi

touch "$ROOT/.complete"
write_env
# Headers that check sparse with scripts/checker-valid.sh but lack it
# (Debian's 7.x): fetch-source.sh puts the series' own copy in place.
common=$(headers_common)
if [ -n "$BUILD_ROOT" ] && grep -q checker-valid.sh "$common/Makefile" &&
   [ ! -e "$common/scripts/checker-valid.sh" ]; then
	"$SIPHASH_ROOT/scripts/fetch-source.sh" "$TARGET" >/dev/null ||
		die "$TARGET: fetching the kernel's tools for scripts/checker-valid.sh failed"
fi
log "$TARGET: ready, kernel $KVER, KDIR=$KDIR${BUILD_ROOT:+ (in $BUILD_ROOT)}"
