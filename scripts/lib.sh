# SPDX-License-Identifier: GPL-2.0
# Shared shell helpers for scripts/ and qemu/. Source it, do not run it.

# Project root and cache; both can be overridden from the environment.
SIPHASH_ROOT=${SIPHASH_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
SIPHASH_CACHE=${SIPHASH_CACHE:-$SIPHASH_ROOT/build/cache}
SIPHASH_RESULTS=${SIPHASH_RESULTS:-$SIPHASH_ROOT/build/results}
# The Debian mirror every download comes from.
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}

# The support matrix: every target is ARCH-SERIES, a guest architecture and
# a Debian kernel series. make check runs them all; ARCHES= and KERNELS=
# select a subset.
SUPPORTED_TARGETS="x86_64-6.1 i386-6.1 x86_64-6.12 x86_64-6.12-rt x86_64-sid
arm64-6.1 arm64-6.12 armhf-6.1 s390x-6.1 mipsel-6.1 mips64el-6.1"
SUPPORTED_TARGETS=$(echo $SUPPORTED_TARGETS)
SUPPORTED_ARCHES="x86_64 i386 arm64 armhf s390x mipsel mips64el"
# The slowest target under TCG: its reliability boot also loads every
# module with every numeric parameter at its maximum and at its minimum.
SLOWEST_TARGET=i386-6.1
SUPPORTED_SERIES="6.1 6.12 6.12-rt sid"

die() {
	echo "error: $*" >&2
	exit 1
}

log() {
	echo ">>> $*" >&2
}

# selected_targets: the targets of SUPPORTED_TARGETS whose arch is in
# $ARCHES and whose series is in $KERNELS (both default to all), one a line;
# fails naming the allowed values if either names something unknown.
selected_targets() {
	local a s t found
	for a in ${ARCHES:-}; do
		case " $SUPPORTED_ARCHES " in *" $a "*) ;; *)
			die "unknown arch '$a' in ARCHES; supported: $SUPPORTED_ARCHES" ;;
		esac
	done
	for s in ${KERNELS:-}; do
		case " $SUPPORTED_SERIES " in *" $s "*) ;; *)
			die "unknown kernel series '$s' in KERNELS; supported: $SUPPORTED_SERIES" ;;
		esac
	done
	found=""
	for t in $SUPPORTED_TARGETS; do
		a=${t%%-*}
		s=${t#*-}
		case " ${ARCHES:-$a} " in *" $a "*) ;; *) continue ;; esac
		case " ${KERNELS:-$s} " in *" $s "*) ;; *) continue ;; esac
		echo "$t"
		found=1
	done
	[ -n "$found" ] || die "ARCHES='${ARCHES:-}' KERNELS='${KERNELS:-}' select no target of: $SUPPORTED_TARGETS"
}

# target_setup TARGET: the names that belong to one target (ARCH-SERIES):
#   ARCH        the harness's name of the arch (as in uname -m, mostly)
#   KARCH       kbuild's ARCH=
#   SERIES      6.1, 6.12, 6.12-rt or sid
#   DEB_ARCH    Debian's name of the arch
#   IMAGE_META  the metapackage that names the kernel image of the series
#   SUITE       bookworm (bookworm-security included) or sid
#   CROSS       the cross-compiler triplet, empty for the host's own arch
#   QEMU        the system emulator; QEMU_ARGS the machine options
#   CONSOLE     the kernel console; STATUS_DEV the guest's device for the
#               success channel, which QEMU_STATUS_ARGS(FILE) attaches
#   GUEST_KMODS modules of the kernel image /init loads first
#   SMP_MAX     the most vCPUs the machine boots reliably with
#   QEMU_SUITE  empty: the host's (bookworm's) QEMU; sid: sid's, fetched by
#               fetch-kernel.sh, which then names it as QEMU in the env file
#   ICOUNT_SLEEP  -icount sleep= of the instruction-count boot: off (idle
#               time warps to the next timer) or on (it passes in real time)
#   TARGET_DIR  its cache; TARGET_ENV what fetch-kernel.sh resolved
target_setup() {
	TARGET=$1
	ARCH=${TARGET%%-*}
	SERIES=${TARGET#*-}
	case " $SUPPORTED_TARGETS " in *" $TARGET "*) ;; *)
		die "unknown target '$TARGET'; supported: $SUPPORTED_TARGETS" ;;
	esac
	CROSS=""
	GUEST_KMODS=""
	SMP_MAX=2
	QEMU_SUITE=""
	STATUS_DEV=/dev/ttyS1
	ICOUNT_SLEEP=off
	case "$ARCH" in
	x86_64)
		DEB_ARCH=amd64 FLAVOUR=amd64 QEMU=qemu-system-x86_64
		QEMU_ARGS="-machine pc -cpu max,vendor=GenuineIntel"
		CONSOLE=ttyS0
		;;
	i386)
		DEB_ARCH=i386 FLAVOUR=686 QEMU=qemu-system-i386
		QEMU_ARGS="-machine pc -cpu max,vendor=GenuineIntel"
		CONSOLE=ttyS0
		;;
	arm64)
		DEB_ARCH=arm64 FLAVOUR=arm64 QEMU=qemu-system-aarch64
		QEMU_ARGS="-machine virt -cpu cortex-a57"
		CONSOLE=ttyAMA0 STATUS_DEV=/dev/ttyS0 CROSS=aarch64-linux-gnu
		;;
	armhf)
		DEB_ARCH=armhf FLAVOUR=armmp QEMU=qemu-system-arm
		QEMU_ARGS="-machine virt,highmem=off -cpu cortex-a15"
		CONSOLE=ttyAMA0 STATUS_DEV=/dev/ttyS0 CROSS=arm-linux-gnueabihf
		;;
	s390x)
		DEB_ARCH=s390x FLAVOUR=s390x QEMU=qemu-system-s390x
		QEMU_ARGS="-machine s390-ccw-virtio -cpu max"
		# bookworm's QEMU 7.2 corrupts this guest's memory in module
		# load/unload cycles (stack slots found holding module code,
		# 1 in 2 reliability boots oopsed); sid's QEMU did not.
		QEMU_SUITE=sid
		CONSOLE=ttysclp0 STATUS_DEV=/dev/hvc0 CROSS=s390x-linux-gnu
		GUEST_KMODS=virtio_console
		;;
	# malta under -icount sleep=off (QEMU 7.2): an idle guest can wait
	# forever, no timer fires (/init's "sleep 1" after PASS, an RCU grace
	# period); with sleep=on idle time passes in real time, and the
	# counts inside the benchmarks are the same.
	mipsel)
		DEB_ARCH=mipsel FLAVOUR=4kc-malta QEMU=qemu-system-mipsel
		QEMU_ARGS="-machine malta -cpu 24Kf"
		CONSOLE=ttyS0 CROSS=mipsel-linux-gnu SMP_MAX=1 ICOUNT_SLEEP=on
		;;
	mips64el)
		DEB_ARCH=mips64el FLAVOUR=5kc-malta QEMU=qemu-system-mips64el
		QEMU_ARGS="-machine malta -cpu 5KEc"
		CONSOLE=ttyS0 CROSS=mips64el-linux-gnuabi64 SMP_MAX=1 ICOUNT_SLEEP=on
		;;
	esac
	case "$ARCH" in
	x86_64 | i386 | arm64) KARCH=$ARCH ;;
	armhf) KARCH=arm ;;
	s390x) KARCH=s390 ;;
	mips*) KARCH=mips ;;
	esac
	case "$SERIES" in
	6.1) IMAGE_META=linux-image-$FLAVOUR SUITE=bookworm ;;
	6.12) IMAGE_META=linux-image-6.12-$FLAVOUR SUITE=bookworm ;;
	6.12-rt) IMAGE_META=linux-image-6.12-rt-$FLAVOUR SUITE=bookworm ;;
	sid) IMAGE_META=linux-image-$FLAVOUR SUITE=sid ;;
	esac
	TARGET_DIR=$SIPHASH_CACHE/$TARGET
	TARGET_ENV=$TARGET_DIR/kernel.env
	TARGET_RESULTS=$SIPHASH_RESULTS/$TARGET
}

# apt_setup: export APT_CONFIG for a private apt of Debian bookworm (with
# bookworm-security) and every arch of the matrix, kept in the cache, so
# that the host's apt state and dpkg architectures are never touched. The
# package lists are refreshed when older than APT_MAX_AGE minutes (60).
apt_setup() {
	local dir=$SIPHASH_CACHE/apt host arches a
	host=$(dpkg --print-architecture)
	export APT_CONFIG=$dir/apt.conf
	if [ ! -r "$APT_CONFIG" ]; then
		mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial" \
			"$dir/sources.list.d" "$dir/preferences.d" "$dir/apt.conf.d"
		: >"$dir/state/status"
		arches=$(for a in $SUPPORTED_ARCHES; do
			target_setup "$a-6.1" >/dev/null; echo "$DEB_ARCH"; done | sort -u)
		{
			echo "Dir::State \"$dir/state\";"
			echo "Dir::State::status \"$dir/state/status\";"
			echo "Dir::Cache \"$dir/cache\";"
			echo "Dir::Cache::pkgcache \"pkgcache.bin\";"
			echo "Dir::Cache::srcpkgcache \"srcpkgcache.bin\";"
			echo "Dir::Etc::SourceList \"$dir/sources.list\";"
			echo "Dir::Etc::SourceParts \"$dir/sources.list.d\";"
			echo "Dir::Etc::PreferencesParts \"$dir/preferences.d\";"
			echo "Dir::Etc::Parts \"$dir/apt.conf.d\";"
			echo "APT::Architecture \"$host\";"
			echo "APT::Architectures { $(printf '"%s"; ' $arches)};"
			echo "Acquire::Languages \"none\";"
			echo "APT::Sandbox::User \"root\";"
		} >"$APT_CONFIG.tmp"
		# The security archive serves only some arches reliably (an
		# index that fails drops the whole repository): amd64, arm64.
		{
			echo "deb [arch=$(echo $arches | tr ' ' ,) signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $DEBIAN_MIRROR bookworm main"
			echo "deb [arch=amd64,arm64 signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $DEBIAN_SECURITY bookworm-security main"
		} >"$dir/sources.list"
		mv "$APT_CONFIG.tmp" "$APT_CONFIG"
	fi
	apt_lists_fresh && return
	# make check runs cells in parallel, and apt-get refuses to update
	# lists another apt-get holds: one update at a time, and a run that
	# waited takes the lists the other one fetched.
	(
		flock 9
		apt_lists_fresh && exit 0
		log "updating the package lists of $DEBIAN_MIRROR (private apt in $dir)"
		apt-get update -q >"$dir/update.log" 2>&1 || {
			cat "$dir/update.log" >&2
			exit 1
		}
		grep -E '^(W|E):' "$dir/update.log" >&2 || true
		touch "$dir/updated"
	) 9>"$dir/update.lock" || die "apt-get update of the private apt failed (see above)"
}

# apt_lists_fresh: the private apt's lists were updated less than
# APT_MAX_AGE minutes ago. A stamp says when: apt gives the list files the
# server's modification times, so their own age says nothing.
apt_lists_fresh() {
	[ -n "$(find "$SIPHASH_CACHE/apt/updated" -mmin -"${APT_MAX_AGE:-60}" 2>/dev/null)" ]
}

# pkg_version PKG: the candidate version apt would take.
pkg_version() {
	local v
	v=$(apt-cache policy "$1" 2>/dev/null | sed -n 's/^ *Candidate: *//p' | head -n1)
	[ -n "$v" ] && [ "$v" != "(none)" ] || die "no candidate version for $1 in ${SUITE:-bookworm}"
	echo "$v"
}

# fetch_toolchain TRIPLET [PKG...]: Debian's gcc-12 cross compiler for
# TRIPLET, downloaded and unpacked into the cache, never installed (every
# gcc-12-<triplet> conflicts with gcc-multilib, which the user-space tests
# need), and the packages PKG beside it (e.g. libc6-dev-s390x-cross for
# static user-space programs). Needs apt_setup. Sets TOOLCHAIN_PATH (for
# PATH) and TOOLCHAIN_LIB (for LD_LIBRARY_PATH: binutils' own libraries).
fetch_toolchain() {
	local cross=$1 dir=$SIPHASH_CACHE/toolchain/$1 gcc_version pkg want=""
	shift
	gcc_version=$(pkg_version "gcc-12-$cross")
	TOOLCHAIN_PATH=$dir/usr/bin
	TOOLCHAIN_LIB=$dir/usr/lib/$(gcc -dumpmachine)
	if [ ! -x "$TOOLCHAIN_PATH/$cross-gcc-12" ] || [ ! -e "$dir/.version-$gcc_version" ]; then
		log "unpacking Debian's gcc-12 cross compiler for $cross ($gcc_version)"
		rm -rf "$dir"
		want="gcc-12-$cross binutils-$cross"
	fi
	for pkg in "$@"; do
		[ -e "$dir/.extra-$pkg-$(pkg_version "$pkg" | tr ':~+' '___')" ] ||
			want="$want $pkg"
	done
	[ -n "$want" ] || return 0
	mkdir -p "$dir/debs"
	# What apt would install on this host, downloaded only: the cross
	# packages and any library the host lacks.
	# shellcheck disable=SC2086
	(cd "$dir/debs" && APT_CONFIG= apt-get install --download-only -q -y \
		--no-install-recommends -o Dir::Cache::archives="$dir/debs" \
		$want >"$dir/apt.log" 2>&1) || {
		cat "$dir/apt.log" >&2
		die "download of $want failed"
	}
	for deb in "$dir"/debs/*.deb; do
		dpkg-deb -x "$deb" "$dir"
	done
	rm -rf "$dir/debs"
	[ -x "$TOOLCHAIN_PATH/$cross-gcc-12" ] || die "gcc-12-$cross has no $cross-gcc-12"
	touch "$dir/.version-$gcc_version"
	for pkg in "$@"; do
		touch "$dir/.extra-$pkg-$(pkg_version "$pkg" | tr ':~+' '___')"
	done
}

# qemu_status_args FILE: the QEMU options that attach the guest's
# STATUS_DEV to FILE on the host.
qemu_status_args() {
	case "$ARCH" in
	arm64 | armhf)
		echo "-chardev file,id=st,path=$1 -device pci-serial,chardev=st" ;;
	s390x)
		echo "-device virtio-serial-ccw -chardev file,id=st,path=$1 -device virtconsole,chardev=st" ;;
	*)
		echo "-serial file:$1" ;;
	esac
}

# load_target_env TARGET: read what scripts/fetch-kernel.sh resolved.
load_target_env() {
	target_setup "$1"
	[ -r "$TARGET_ENV" ] ||
		die "no kernel for $TARGET in $TARGET_DIR; run: scripts/fetch-kernel.sh $TARGET"
	# shellcheck disable=SC1090
	. "$TARGET_ENV"
}

# target_run CMD...: run CMD in the build environment of the loaded target:
# the cross compiler on PATH, and for sid inside its build root (the project,
# its cache and the directories of TARGET_RUN_MOUNTS are mounted there at the
# same paths, so paths mean the same inside; the mounts live in a private
# namespace and end with CMD).
target_run() {
	if [ -n "${BUILD_ROOT:-}" ]; then
		unshare --mount --propagation private -- sh -c '
			root=$1; shift
			for dir in $1 $2 ${TARGET_RUN_MOUNTS:-}; do
				[ -d "$root$dir" ] && mountpoint -q "$root$dir" && continue
				mkdir -p "$root$dir" && mount --bind "$dir" "$root$dir" || exit 1
			done
			shift 2
			mkdir -p "$root/proc" && mount -t proc proc "$root/proc" &&
			exec chroot "$root" env -u LD_LIBRARY_PATH -u APT_CONFIG "$@"' \
			sh "$BUILD_ROOT" "$SIPHASH_ROOT" "$SIPHASH_CACHE" "$@"
	else
		PATH=${TOOLCHAIN_PATH:+$TOOLCHAIN_PATH:}$PATH \
		LD_LIBRARY_PATH=${TOOLCHAIN_LIB:-} "$@"
	fi
}

# kbuild_vars: ARCH= and CROSS_COMPILE= for a kbuild make of the target.
kbuild_vars() {
	echo "ARCH=$KARCH${CROSS:+ CROSS_COMPILE=$CROSS-}"
}

# module_params KO: the names of all parameters of the module KO, one a line.
# modinfo lists only those with a description or a module_param() type, so
# the names come from the __param_str_<name> symbols every module_param*()
# defines.
module_params() {
	nm "$1" | sed -n 's/^[0-9a-f]* [a-zA-Z] __param_str_\([a-zA-Z0-9_]*\)$/\1/p' | sort -u
}

# Counted checks for the test scripts: result NAME STATUS (0 = passed),
# then summary prints the failures and the line "N passed, M failed", and
# fails if any check failed.
passed=0
failed=0
failures=()

result() {
	if [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok: $1"
	else
		failed=$((failed + 1))
		failures+=("$1")
		echo "FAILED: $1"
	fi
}

# tap_results PREFIX LOG: one result() per "ok N ..."/"not ok N ..." line
# of a test program's output in LOG, named "PREFIX: description".
tap_results() {
	local line
	while read -r line; do
		case "$line" in
		"ok "*) result "$1: ${line#ok [0-9]* }" 0 ;;
		"not ok "*) result "$1: ${line#not ok [0-9]* }" 1 ;;
		esac
	done < <(grep -E '^(not )?ok [0-9]+ ' "$2")
}

summary() {
	echo
	for f in "${failures[@]}"; do echo "failed: $f"; done
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
