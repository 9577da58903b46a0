# SPDX-License-Identifier: GPL-2.0
# Shared shell helpers for scripts/ and qemu/. Source it, do not run it.

# Project root and cache; both can be overridden from the environment.
SIPHASH_ROOT=${SIPHASH_ROOT:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
SIPHASH_CACHE=${SIPHASH_CACHE:-$SIPHASH_ROOT/build/cache}
SIPHASH_RESULTS=${SIPHASH_RESULTS:-$SIPHASH_ROOT/build/results}
# The Debian mirror every download comes from.
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
# The suite of the private apt (apt_setup): the host's own. A target of
# another suite is built inside a root of that suite (fetch-kernel.sh).
APT_SUITE=bookworm

# The support matrix: the rows of targets.tsv, read by scripts/targets.py.
# make check runs them all; ARCHES= and KERNELS= select a subset.
TARGETS_PY=$SIPHASH_ROOT/scripts/targets.py
SUPPORTED_TARGETS=$(python3 "$TARGETS_PY" list | tr '\n' ' ')
SUPPORTED_TARGETS=${SUPPORTED_TARGETS% }

die() {
	echo "error: $*" >&2
	exit 1
}

log() {
	echo ">>> $*" >&2
}

# selected_targets: the targets of $MATRIX (check: the rows of make check,
# the default; all: every row) whose arch is in $ARCHES and whose series is
# in $KERNELS (both default to all), one a line; fails naming the allowed
# values if any names something unknown.
selected_targets() {
	python3 "$TARGETS_PY" list --matrix "${MATRIX:-check}" \
		--arches "${ARCHES:-}" --kernels "${KERNELS:-}" ||
		die "no targets selected"
}

# target_setup TARGET: the row of TARGET in targets.tsv, as variables:
#   ARCH        the harness's name of the arch (table column arch)
#   KARCH       kbuild's ARCH= (karch)
#   SERIES      the kernel series (series)
#   DEB_ARCH    Debian's name of the arch; FLAVOUR the image flavour
#   IMAGE_META  the metapackage that names the kernel image (image_meta)
#   SUITE       the Debian suite of the kernel (suite); the private apt
#               takes the security archive for the arches of the rows
#               whose security column says yes
#   SOURCE_PKG  the linux-source package of the series (source)
#   KCONFIG     empty: Debian's kernel image; else the config fragment
#               (kconfig) scripts/build-kernel.sh builds SOURCE_PKG with
#   CROSS       the cross-compiler triplet, empty for the host's own arch
#   QEMU        the system emulator; QEMU_ARGS the machine options
#   QEMU_SUITE  empty: the host's QEMU; else that suite's, fetched by
#               fetch-kernel.sh, which then names it as QEMU in the env file
#   CONSOLE     the kernel console; STATUS the kind of the success channel,
#               STATUS_DEV its device in the guest (status_channel,
#               qemu_status_args)
#   GUEST_KMODS modules of the kernel image /init loads first
#   SMP_MAX     the most vCPUs the machine boots reliably with
#   ICOUNT_SLEEP  -icount sleep= of the instruction-count boot
#   KVM_OK      yes if KVM can run this guest on an x86 host
#   BITS, ENDIAN, ALIGN_TRAP  word size, byte order, and whether the
#               kernel traps and counts unaligned loads (MIPS)
#   DKMS        yes if DKMS builds for it on this host
#   RELIABILITY the depth of the reliability boot: full (CYCLES 20 load/
#               unload cycles and the leak control), limits (full, and
#               every numeric parameter at its maximum and minimum), short
#               (CYCLES_SHORT 5 cycles, no leak control)
#   ROLES       what else make check does on it (reference, ...)
#   TARGET_DIR  its cache; TARGET_ENV what fetch-kernel.sh resolved
target_setup() {
	local env
	env=$(python3 "$TARGETS_PY" env "$1") || exit 1
	eval "$env"
	TARGET=$T_TARGET ARCH=$T_ARCH KARCH=$T_KARCH SERIES=$T_SERIES
	DEB_ARCH=$T_DEB_ARCH FLAVOUR=$T_FLAVOUR IMAGE_META=$T_IMAGE_META
	SUITE=$T_SUITE SOURCE_PKG=$T_SOURCE CROSS=$T_CROSS QEMU=$T_QEMU
	QEMU_ARGS=$T_MACHINE QEMU_SUITE=$T_QEMU_SUITE CONSOLE=$T_CONSOLE
	GUEST_KMODS=$T_GUEST_KMODS SMP_MAX=$T_SMP_MAX
	ICOUNT_SLEEP=$T_ICOUNT_SLEEP KVM_OK=$T_KVM BITS=$T_BITS
	ENDIAN=$T_ENDIAN ALIGN_TRAP=$T_ALIGN_TRAP DKMS=$T_DKMS
	RELIABILITY=$T_RELIABILITY ROLES=$T_ROLES KCONFIG=$T_KCONFIG
	status_channel "$T_STATUS"
	TARGET_DIR=$SIPHASH_CACHE/$TARGET
	TARGET_ENV=$TARGET_DIR/kernel.env
	TARGET_RESULTS=$SIPHASH_RESULTS/$TARGET
}

# status_channel KIND[:DEV]: STATUS and STATUS_DEV from the table's status
# column. KIND is how QEMU attaches the channel (qemu_status_args); DEV,
# the name the guest gives it, defaults to what the kind is on the
# machines that have it first (a second -serial: ttyS1; a pci-serial
# beside a PL011: ttyS0; the first virtio console: hvc0; a second
# spapr-vty: hvc1). A machine with its own 8250 numbers a pci-serial
# after it: its row says pci-serial:ttyS1.
status_channel() {
	STATUS=${1%%:*}
	case "$STATUS" in
	serial) STATUS_DEV=ttyS1 ;;
	pci-serial) STATUS_DEV=ttyS0 ;;
	virtconsole) STATUS_DEV=hvc0 ;;
	spapr-vty) STATUS_DEV=hvc1 ;;
	*) die "$TARGET: unknown status channel '$STATUS' in targets.tsv (serial, pci-serial, virtconsole, spapr-vty)" ;;
	esac
	case "$1" in
	*:*) STATUS_DEV=${1#*:} ;;
	esac
	case "$STATUS_DEV" in
	'' | */* | *:*) die "$TARGET: bad device '$STATUS_DEV' in status column '$1' (a name under /dev, e.g. ttyS1)" ;;
	esac
	STATUS_DEV=/dev/$STATUS_DEV
}

# role_target ROLE: the first target of the table with ROLE (reference:
# negative controls and the package's boot; series-control: the series
# build control; align-control: the misaligned-load control; newest: the
# newest kernel, for the controls of what only it has).
role_target() {
	python3 "$TARGETS_PY" role "$1" | head -n1
}

# apt_setup [SUITE]: export APT_CONFIG for a private apt of Debian SUITE
# (default APT_SUITE, bookworm) with SUITE-security, kept in the cache
# (apt/, or apt-SUITE/ for another suite), so that the host's apt state and
# dpkg architectures are never touched. It knows the arches of that
# suite's rows, and takes the security archive for the arches whose rows
# say so. The package lists are refreshed when older than APT_MAX_AGE
# minutes (60).
apt_setup() {
	local suite=${1:-$APT_SUITE} dir=$SIPHASH_CACHE/apt host rows arches sec
	[ "$suite" = "$APT_SUITE" ] || dir=$SIPHASH_CACHE/apt-$suite
	host=$(dpkg --print-architecture)
	export APT_CONFIG=$dir/apt.conf
	if [ ! -r "$APT_CONFIG" ]; then
		mkdir -p "$dir/state/lists/partial" "$dir/cache/archives/partial" \
			"$dir/sources.list.d" "$dir/preferences.d" "$dir/apt.conf.d"
		: >"$dir/state/status"
		# The arches of the rows of this suite; the rows of a suite
		# the host cannot run fetch in a root of their own
		# (fetch-kernel.sh).
		rows=$(python3 "$TARGETS_PY" values deb_arch:security:suite | grep ":$suite\$") ||
			die "apt_setup: no row of targets.tsv has suite $suite"
		arches=$(echo "$rows" | cut -d: -f1 | sort -u)
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
		# index that fails drops the whole repository): the table's
		# security column says which.
		sec=$(echo "$rows" | sed -n 's/:yes:.*$//p' | sort -u | paste -sd,)
		{
			echo "deb [arch=$(echo $arches | tr ' ' ,) signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $DEBIAN_MIRROR $suite main"
			[ -z "$sec" ] ||
				echo "deb [arch=$sec signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $DEBIAN_SECURITY $suite-security main"
		} >"$dir/sources.list"
		mv "$APT_CONFIG.tmp" "$APT_CONFIG"
	fi
	apt_lists_fresh "$dir" && return
	# make check runs cells in parallel, and apt-get refuses to update
	# lists another apt-get holds: one update at a time, and a run that
	# waited takes the lists the other one fetched.
	(
		flock 9
		apt_lists_fresh "$dir" && exit 0
		log "updating the package lists of $DEBIAN_MIRROR $suite (private apt in $dir)"
		apt-get update -q >"$dir/update.log" 2>&1 || {
			cat "$dir/update.log" >&2
			exit 1
		}
		grep -E '^(W|E):' "$dir/update.log" >&2 || true
		touch "$dir/updated"
	) 9>"$dir/update.lock" || die "apt-get update of the private apt of $suite failed (see above)"
}

# apt_lists_fresh DIR: the private apt in DIR had its lists updated less
# than APT_MAX_AGE minutes ago. A stamp says when: apt gives the list files
# the server's modification times, so their own age says nothing.
apt_lists_fresh() {
	[ -n "$(find "$1/updated" -mmin -"${APT_MAX_AGE:-60}" 2>/dev/null)" ]
}

# suite_on_host SUITE: SUITE's programs (its gcc, its linux-kbuild tools)
# run on the host: SUITE is APT_SUITE or an older Debian release, whose
# binaries bookworm's glibc runs. A newer suite's (trixie, sid) need its
# own libc: fetch-kernel.sh builds those in a root of that suite.
suite_on_host() {
	local csv=/usr/share/distro-info/debian.csv mine theirs
	[ "$1" = "$APT_SUITE" ] && return 0
	[ -r "$csv" ] || die "no $csv: install Debian's distro-info-data"
	mine=$(awk -F, -v s="$APT_SUITE" '$3 == s { print $1 }' "$csv")
	theirs=$(awk -F, -v s="$1" '$3 == s { print $1 }' "$csv")
	grep -q "^$1," <(cut -d, -f3- "$csv") ||
		die "unknown Debian suite '$1' (not in $csv)"
	[ -n "$mine" ] || die "$csv gives no version of $APT_SUITE"
	# sid and experimental have no version: never older.
	[ -n "$theirs" ] && [ "${theirs%%.*}" -lt "${mine%%.*}" ]
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
# need), and the packages PKG beside it (e.g. a libc6-dev-<arch>-cross for
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
	case "$STATUS" in
	pci-serial)
		echo "-chardev file,id=st,path=$1 -device pci-serial,chardev=st" ;;
	virtconsole)
		echo "-device virtio-serial-ccw -chardev file,id=st,path=$1 -device virtconsole,chardev=st" ;;
	spapr-vty)
		echo "-chardev file,id=st,path=$1 -device spapr-vty,chardev=st" ;;
	serial)
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

# headers_common: the path on the host of the -common tree that the
# loaded target's headers (KDIR) include from their Makefile. For a
# target of a build root, KDIR (a native one) and that tree are paths
# inside the root.
headers_common() {
	local mk=$KDIR/Makefile common
	[ -r "$mk" ] || mk=${BUILD_ROOT:-}$KDIR/Makefile
	common=$(sed -n 's|^include \(/.*\)/Makefile$|\1|p' "$mk")
	[ -d "$common" ] || common=${BUILD_ROOT:-}$common
	echo "$common"
}

# target_run CMD...: run CMD in the build environment of the loaded target:
# the cross compiler on PATH, and for a target of another suite inside its
# build root (the project, its cache and the directories of
# TARGET_RUN_MOUNTS are mounted there at the same paths, so paths mean the
# same inside; the mounts live in a private namespace and end with CMD).
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

# kbuild_vars: ARCH=, CROSS_COMPILE= and CHECK= for a kbuild make of the
# target. sparse (C=1, C=2) runs through scripts/sparse.sh: sparse 0.6.4
# cannot parse riscv's -march, which the script shortens.
kbuild_vars() {
	echo "ARCH=$KARCH${CROSS:+ CROSS_COMPILE=$CROSS-} CHECK=$SIPHASH_ROOT/scripts/sparse.sh"
}

# detector_args: the kernel command line that turns on, in a reliability
# boot of Debian's kernel (CONFIG), the checks its config builds in but
# leaves off: SLUB's sanity checks, red zones, poisoning and owner tracking
# (slub_debug=FZPU: the one name every kernel of the table parses; since
# 6.8 the kernel calls it slab_debug and keeps slub_debug as its alias),
# zeroing of freed memory, page poisoning, and KFENCE sampling every 1 ms
# (where CONFIG_KFENCE=y; Debian builds it with a sample interval of 0).
# qemu/stress.sh checks in the guest that they took effect.
detector_args() {
	local args=""
	grep -qx CONFIG_SLUB_DEBUG=y "$CONFIG" && args="$args slub_debug=FZPU"
	args="$args init_on_free=1"
	grep -qx CONFIG_PAGE_POISONING=y "$CONFIG" && args="$args page_poison=1"
	grep -qx CONFIG_KFENCE=y "$CONFIG" && args="$args kfence.sample_interval=1"
	echo "${args# }"
}

# module_params KO: the names of all parameters of the module KO, one a line.
# modinfo lists only those with a description or a module_param() type, so
# the names come from the __param_str_<name> symbols every module_param*()
# defines.
module_params() {
	nm "$1" | sed -n 's/^[0-9a-f]* [a-zA-Z] __param_str_\([a-zA-Z0-9_]*\)$/\1/p' | sort -u
}

# Counted checks for the test scripts:
#   result TEXT STATUS [CHECK [REASON [EVIDENCE]]]
# (STATUS 0 = passed, skip = not run, anything else = failed)
# then summary prints the failures and the line "N passed, M failed", and
# fails if any check failed. While make check runs, RECORDS names the file
# of verdict records (scripts/records.py): each result is also one record,
# of the target being checked (TARGET, or "host"), named CHECK (default:
# TEXT), with EVIDENCE (default: TEXT).
passed=0
failed=0
failures=()

result() {
	local verdict=pass
	if [ "$2" = skip ]; then
		verdict=skip
		echo "skipped: $1"
	elif [ "$2" -eq 0 ]; then
		passed=$((passed + 1))
		echo "ok: $1"
	else
		verdict=fail
		failed=$((failed + 1))
		failures+=("$1")
		echo "FAILED: $1"
	fi
	[ -z "${RECORDS:-}" ] ||
		python3 "$SIPHASH_ROOT/scripts/records.py" add --target "${TARGET:-host}" \
			--check "${3:-$1}" --result $verdict --reason "${4:-}" --evidence "${5:-$1}"
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
