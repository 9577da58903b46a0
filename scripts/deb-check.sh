#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deb-check.sh - prove the Debian package siphash-oot-dkms the way a user
# gets it, in a clean Debian 12 root (as root; everything stays in build/):
#
#   1. `make deb`, then lintian on the .deb: no error and no warning.
#   2. A bookworm amd64 root made with mmdebstrap, holding the headers of
#      6.1 (linux-headers-amd64) and of 6.12 (linux-headers-6.12-amd64, from
#      bookworm-security), versions resolved from those metapackages. It is
#      cached in build/cache/deb/ and never changed: each run mounts it
#      read-only under an empty overlay at build/deb/root/. When the archive
#      has newer headers than the cached root, the root is made again.
#   3. `apt-get install ./siphash-oot-dkms_<version>_all.deb` in the root:
#      apt pulls in dkms, and DKMS builds and installs siphash.ko for both
#      kernels: `dkms status` says installed for each, `modinfo -k
#      <release> siphash` finds it, and no test or demo module is installed.
#   4. tests/consumer, built in the root for each kernel against the paths
#      docs/install.md gives (the package's siphash.h and the Module.symvers
#      DKMS keeps), imports sipmod_* symbols.
#   5. A further headers package, 6.1's cloud flavour, installed after the
#      package: DKMS's kernel hook builds and installs siphash.ko for it.
#   6. `apt-get purge siphash-oot-dkms`: dkms status is empty and no file
#      named after the project is left that another package does not own
#      (modules, sources, the DKMS tree); what DKMS and depmod leave in
#      their own places (depmod's indexes) is listed.
#   7. Install and purge again, the dependencies now in place: the root must
#      be path for path as before.
#
# For the QEMU boot of the package's build, the modules DKMS built for the
# 6.1 amd64 kernel go to build/deb/dkms-modules/<release>/ (with the kept
# Module.symvers and a dkms-modules.env saying where they came from), and
# the consumer built against them to build/deb/consumer/<release>/.
#
# Output: one line per check ("ok: ..." or "FAILED: ..."), lines starting
# "lintian:", "dkms status:", "dpkg -c:" and "time:" with the evidence, and
# last "N passed, M failed"; exits non-zero if any check failed. The full
# log of every command is build/deb/deb-check.log.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

[ "$(id -u)" -eq 0 ] || die "$0 needs root (mmdebstrap --mode=root, chroot, mount)"
# A private mount namespace: the overlay and proc mounted for the root
# vanish with this process, however it ends, and the host never sees them.
if [ -z "${SIPHASH_DEB_CHECK_NS:-}" ]; then
	SIPHASH_DEB_CHECK_NS=1 exec unshare --mount --propagation private "$0" "$@"
fi

"$SIPHASH_ROOT/scripts/deps.sh" mmdebstrap:mmdebstrap lintian:lintian || exit 1

SUITE=$APT_SUITE
MIRROR=$DEBIAN_MIRROR
SECURITY_MIRROR=$DEBIAN_SECURITY
# The two kernel series the package must build for, by metapackage, and
# the headers installed after the package to trigger DKMS's kernel hook:
# 6.1's cloud flavour shares its common headers with the generic one and
# needs no image package, so it costs a few seconds.
META_61=linux-headers-amd64
META_612=linux-headers-6.12-amd64
META_NEW=linux-headers-cloud-amd64
DKMS_ARCH=x86_64

VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version) || exit 1
NAME=siphash-oot
PKG=siphash-oot-dkms
DEB=$SIPHASH_ROOT/build/deb/${PKG}_${VERSION}_all.deb
CACHE=$SIPHASH_CACHE/deb
PRISTINE=$CACHE/$SUITE-amd64-headers
WORK=$SIPHASH_ROOT/build/deb
ROOT=$WORK/root
LOG=$WORK/deb-check.log
OUT_MODULES=$WORK/dkms-modules
OUT_CONSUMER=$WORK/consumer
mkdir -p "$CACHE" "$WORK"
: >"$LOG"
start=$SECONDS
phase_start=$SECONDS

# ---- helpers -------------------------------------------------------------
# lap WHAT: print the time since the last lap.
lap() {
	echo "time: $1: $((SECONDS - phase_start)) s"
	phase_start=$SECONDS
}

# run WHAT CMD...: run CMD with its output in the log; on failure show the
# end of it.
run() {
	local what=$1 rc
	shift
	echo "### $what: $*" >>"$LOG"
	"$@" >>"$LOG" 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "--- $what failed (exit $rc); end of $LOG:" >&2
		tail -n 25 "$LOG" >&2
	fi
	return $rc
}

# inroot CMD...: run CMD inside the root, with a clean environment.
inroot() {
	chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin \
		HOME=/root LC_ALL=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"
}

apt_in() {
	inroot apt-get -q -y -o APT::Color=0 -o Dpkg::Use-Pty=0 "$@"
}

# release_of META: the kernel release a linux-headers metapackage installs
# in the root (its dependency linux-headers-<release>).
release_of() {
	inroot dpkg-query -W -f='${Depends}' "$1" 2>/dev/null |
		sed -n 's/^linux-headers-\([^ ,]*\).*/\1/p'
}

# fs_list: every path in the root but apt's, dpkg's and the logs' state
# and the scratch directories, sorted.
fs_list() {
	inroot find / -xdev \( -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/cache \
		-o -path /var/log -o -path /tmp -o -path /var/tmp -o -path /root \) \
		-prune -o -print | sort
}

# owned_list: every path some installed package owns, spelled as find sees
# it (usrmerge: /lib/x is /usr/lib/x), sorted.
owned_list() {
	cat "$ROOT"/var/lib/dpkg/info/*.list |
		sed -E 's#^/(bin|sbin|lib|lib32|lib64|libx32)(/|$)#/usr/\1\2#' | sort -u
}

# install_deb: apt-get install the package in the root. DKMS's
# common.postinst builds for the running kernel and for the newest one with
# an image; in a chroot the running kernel is the host's, so without
# autoinstall_all_kernels (a DKMS framework setting, read from the
# environment too) it would build for none of the root's kernels. On a
# booted system the two would be the running kernel and the newest.
install_deb() {
	cp "$DEB" "$ROOT/tmp/"
	echo "### apt-get install ./$(basename "$DEB")" >>"$LOG"
	inroot sh -c "cd /tmp && autoinstall_all_kernels=y apt-get -q -y -o Dpkg::Use-Pty=0 install ./$(basename "$DEB")" >>"$LOG" 2>&1
	local rc=$?
	rm -f "$ROOT/tmp/$(basename "$DEB")"
	[ $rc -eq 0 ] || tail -n 30 "$LOG"
	return $rc
}

# ---- 1. the package and lintian -------------------------------------------
run "make deb" make -s -C "$SIPHASH_ROOT" deb
[ -r "$DEB" ] || die "make deb did not produce $DEB (see $LOG)"
dpkg-deb -c "$DEB" | awk '{print "dpkg -c: " $0}'
# The package is the library alone: no source of it may need the network
# stack, kprobes or ptrace (the test modules' needs), or DKMS would fail on
# an arch the tests never ran on.
bad=$(dpkg-deb --fsys-tarfile "$DEB" | tar -xOf - --wildcards './usr/src/*.[ch]' |
	grep -E '^#[[:space:]]*include[[:space:]]*<(net/|linux/kprobes\.h|(linux|asm)/ptrace\.h)')
[ -z "$bad" ]
result "the package's sources include no net/, kprobe or ptrace header${bad:+: $bad}" $?
dpkg-deb -f "$DEB" Package Version Depends | sed 's/^/dpkg -f: /'
# The package's modules: BUILT_MODULE_NAME of the dkms.conf it installs.
# shellcheck disable=SC1091,SC2034,SC2154
MODS=$(dpkg-deb --fsys-tarfile "$DEB" | tar -xOf - "./usr/src/$NAME-$VERSION/dkms.conf" |
	(kernel_source_dir=K dkms_tree=T kernelver=V arch=A
	. /dev/stdin && printf '%s\n' "${BUILT_MODULE_NAME[@]}"))
[ -n "$MODS" ] || die "no BUILT_MODULE_NAME in the package's dkms.conf"
lintian_out=$WORK/lintian.txt
# lintian warns against running as root; it only reads the .deb, as
# nobody, from a copy: nobody may not be able to enter the tree (a clone
# in root's home, mode 0700).
LINTIAN_DIR=$(mktemp -d /tmp/siphash-lintian.XXXXXX) || die "mktemp failed"
cp "$DEB" "$LINTIAN_DIR/"
chmod 0755 "$LINTIAN_DIR"
chmod 0644 "$LINTIAN_DIR/$(basename "$DEB")"
(cd "$LINTIAN_DIR" && env HOME=/tmp runuser -u nobody -- lintian --display-info --pedantic \
	--fail-on error,warning "$LINTIAN_DIR/$(basename "$DEB")") >"$lintian_out" 2>&1
rc=$?
rm -rf "$LINTIAN_DIR"
if [ -s "$lintian_out" ]; then
	sed 's/^/lintian: /' "$lintian_out"
else
	echo "lintian: no tags at all (errors, warnings, infos, pedantic)"
fi
result "lintian $(lintian --print-version): no error and no warning on $(basename "$DEB")" $rc
lap "make deb and lintian"

# ---- 2. the clean root ------------------------------------------------------
# The cached root's recipe; a change to it makes the root again.
RECIPE="mmdebstrap --mode=root --format=directory --variant=apt
--include=$META_61,$META_612
suite $SUITE: $MIRROR $SUITE main, $MIRROR $SUITE-updates main, $SECURITY_MIRROR $SUITE-security main
essential-hook: divert update-initramfs to true"

make_pristine() {
	log "making the $SUITE root with mmdebstrap (cached in $PRISTINE)"
	rm -rf "$PRISTINE" "$PRISTINE.tmp" "$PRISTINE.recipe"
	mkdir -p "$WORK/tmp"
	# The root never boots, so building initrds for the 6.12 image that
	# 6.12's headers depend on would only cost time: update-initramfs is
	# diverted to true before any kernel package is installed.
	TMPDIR=$WORK/tmp run mmdebstrap mmdebstrap --mode=root --format=directory --variant=apt \
		--include="$META_61,$META_612" \
		--essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"' \
		"$SUITE" "$PRISTINE.tmp" \
		"deb $MIRROR $SUITE main" \
		"deb $MIRROR $SUITE-updates main" \
		"deb $SECURITY_MIRROR $SUITE-security main" || {
		rm -rf "$PRISTINE.tmp"
		die "mmdebstrap failed (see $LOG)"
	}
	mv "$PRISTINE.tmp" "$PRISTINE"
	echo "$RECIPE" >"$PRISTINE.recipe"
	lap "mmdebstrap (cold cache)"
}

# mount_root: the pristine root, read-only under an empty overlay, at
# $ROOT: every run starts from the same clean root and never changes it.
mount_root() {
	umount -R "$ROOT" 2>/dev/null
	rm -rf "$WORK/upper" "$WORK/overlay-work"
	mkdir -p "$WORK/upper" "$WORK/overlay-work" "$ROOT"
	mount -t overlay overlay \
		-o "lowerdir=$PRISTINE,upperdir=$WORK/upper,workdir=$WORK/overlay-work" "$ROOT" ||
		die "cannot mount an overlay of $PRISTINE on $ROOT"
	cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
	# objtool reads /proc (read_stack_limit); dkms, apt and dpkg want it too.
	mount -t proc proc "$ROOT/proc" || die "cannot mount proc in $ROOT"
}

if [ ! -d "$PRISTINE" ] || [ "$(cat "$PRISTINE.recipe" 2>/dev/null)" != "$RECIPE" ]; then
	make_pristine
fi
for attempt in 1 2; do
	mount_root
	run "apt-get update" apt_in update || die "apt-get update failed in the root"
	# Newer headers in the archive than in the cached root: make it again,
	# so that the run tests the kernels users get today.
	newer=$(apt_in -s install "$META_61" "$META_612" 2>>"$LOG" | sed -n 's/^Inst \([^ ]*\).*/\1/p' | tr '\n' ' ')
	[ -z "$newer" ] && break
	[ $attempt -eq 1 ] || die "the root is still missing: $newer"
	log "the archive has newer kernel headers ($newer): making the root again"
	umount -R "$ROOT"
	make_pristine
done
R61=$(release_of "$META_61")
R612=$(release_of "$META_612")
[ -n "$R61" ] && [ -n "$R612" ] || die "cannot resolve the releases of $META_61 and $META_612 in the root"
for r in "$R61" "$R612"; do
	inroot test -e "/lib/modules/$r/build/include" || die "no headers for $r in the root"
done
echo "kernels: $META_61 -> $R61 ($(inroot dpkg-query -W -f='${Version}' "linux-headers-$R61")), $META_612 -> $R612 ($(inroot dpkg-query -W -f='${Version}' "linux-headers-$R612"))"
# (pahole may be there: Debian's 6.12 kbuild package depends on it too.)
for p in dkms "$PKG"; do
	! inroot dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q "ok installed" ||
		die "$p is already installed in the clean root"
done
lap "clean root mounted and up to date"

# ---- 3. apt install the package -------------------------------------------------
before=$WORK/fs-before.txt
fs_list >"$before"
install_deb
rc=$?
result "apt-get install ./$(basename "$DEB") in a clean $SUITE root; now installed: $(inroot dpkg-query -W -f='${Package} ${Version}, ' dkms pahole 2>/dev/null | sed 's/, $//')" $rc
[ $rc -eq 0 ] || {
	summary
	exit 1
}
lap "apt-get install (DKMS builds for two kernels)"

dkms_status() {
	inroot dkms status -m "$NAME" 2>>"$LOG" | tee -a "$LOG" | sed 's/^/dkms status: /'
}
status_out=$(dkms_status)
echo "$status_out"

# check_installed RELEASE WHAT: dkms status (in $status_out) and modinfo
# say DKMS installed the package's modules for RELEASE, and nothing else is
# in the kernel's updates/.
check_installed() {
	local rel=$1 what=$2 m f others rc=0 bad=""
	echo "$status_out" | grep -q "^dkms status: $NAME/$VERSION, $rel, $DKMS_ARCH: installed" || {
		bad="dkms status does not say installed"
		rc=1
	}
	for m in $MODS; do
		f=$(inroot modinfo -k "$rel" -F filename "$m" 2>/dev/null)
		echo "modinfo -k $rel $m: ${f:-not found}"
		case "$f" in
		/lib/modules/$rel/updates/dkms/$m.ko*) ;;
		*)
			bad="$bad; modinfo -k $rel $m finds '${f:-nothing}'"
			rc=1
			continue
			;;
		esac
		[ "$(inroot modinfo -k "$rel" -F version "$m")" = "$VERSION" ] || {
			bad="$bad; $m is not version $VERSION"
			rc=1
		}
		[ -z "$(inroot modinfo -k "$rel" -F test "$m")" ] || {
			bad="$bad; $m is a test module"
			rc=1
		}
	done
	# Nothing else in the kernel's updates/, where DKMS installs.
	others=$(inroot find "/lib/modules/$rel/updates" -name '*.ko*' |
		grep -vE "/updates/dkms/($(echo $MODS | tr ' ' '|'))\.ko(\.[a-z]+)?$")
	[ -z "$others" ] || {
		bad="$bad; also installed: $(echo $others)"
		rc=1
	}
	bad=${bad#; }
	result "$what: dkms status installed for $rel, modinfo -k finds $(echo $MODS) $VERSION in updates/dkms, no other module${bad:+ ($bad)}" $rc
}
check_installed "$R61" "apt install, 6.1"
check_installed "$R612" "apt install, 6.12"

# 6.12 headers ship a BTF vmlinux: the module gets BTF from pahole.
ko612=$(inroot modinfo -k "$R612" -F filename siphash 2>/dev/null)
if [ -n "$ko612" ]; then
	case "$ko612" in
	*.xz) xz -dc "$ROOT$ko612" >"$WORK/siphash-6.12.ko" ;;
	*) cp "$ROOT$ko612" "$WORK/siphash-6.12.ko" ;;
	esac
	rc=0
	readelf -S --wide "$WORK/siphash-6.12.ko" 2>/dev/null | grep -q ' \.BTF ' || rc=1
	result "6.12: siphash.ko carries BTF from pahole ($ko612)" $rc
fi

# ---- 4. a consumer module against the documented paths -----------------
for rel in "$R61" "$R612"; do
	dir=/var/lib/dkms/$NAME/kernel-$rel-$DKMS_ARCH
	rm -rf "$ROOT/tmp/consumer"
	mkdir -p "$ROOT/tmp/consumer"
	cp "$SIPHASH_ROOT/tests/consumer/Kbuild" "$SIPHASH_ROOT"/tests/consumer/*.c "$ROOT/tmp/consumer/"
	clog=$WORK/consumer-$rel.log
	inroot make -C "/lib/modules/$rel/build" M=/tmp/consumer \
		SIPHASH_OOT_INCLUDE="$dir" KBUILD_EXTRA_SYMBOLS="$dir/Module.symvers" modules >"$clog" 2>&1
	rc=$?
	cat "$clog" >>"$LOG"
	imports=""
	if [ $rc -eq 0 ]; then
		imports=$(inroot nm -u /tmp/consumer/siphash_consumer.ko | awk '/sipmod_/ {print $2}' | tr '\n' ' ' | sed 's/ $//')
		[ -n "$imports" ] || rc=1
		# A symbol modpost could not resolve, or a warning of any kind.
		grep -E "warning:|WARNING:|undefined" "$clog" && rc=1
	else
		tail -n 20 "$clog"
	fi
	result "$rel: consumer built with SIPHASH_OOT_INCLUDE=$dir and its Module.symvers, imports ${imports:-no sipmod_* symbol}" $rc
	if [ "$rel" = "$R61" ] && [ $rc -eq 0 ]; then
		rm -rf "${OUT_CONSUMER:?}"
		mkdir -p "$OUT_CONSUMER/$rel"
		cp "$ROOT/tmp/consumer/siphash_consumer.ko" "$OUT_CONSUMER/$rel/"
	fi
done
rm -rf "$ROOT/tmp/consumer"

# The modules DKMS built for 6.1 amd64, for the QEMU boot.
rm -rf "${OUT_MODULES:?}"
mkdir -p "$OUT_MODULES/$R61"
rc=0
for m in $MODS; do
	f=$(inroot modinfo -k "$R61" -F filename "$m" 2>/dev/null)
	case "$f" in
	*.ko) cp "$ROOT$f" "$OUT_MODULES/$R61/" || rc=1 ;;
	*.ko.xz) xz -dc "$ROOT$f" >"$OUT_MODULES/$R61/$m.ko" || rc=1 ;;
	*) rc=1 ;;
	esac
done
cp "$ROOT/var/lib/dkms/$NAME/kernel-$R61-$DKMS_ARCH/Module.symvers" "$OUT_MODULES/$R61/" || rc=1
cat >"$OUT_MODULES/$R61/dkms-modules.env" <<EOF
# Written by scripts/deb-check.sh: what DKMS built from $(basename "$DEB")
KVER=$R61
HEADERS_DEB_VERSION=$(inroot dpkg-query -W -f='${Version}' "linux-headers-$R61")
PACKAGE_VERSION=$VERSION
MODULES="$(echo $MODS)"
EOF
result "DKMS's build for $R61 copied to ${OUT_MODULES#"$SIPHASH_ROOT"/}/$R61/: $(cd "$OUT_MODULES/$R61" && echo *.ko)" $rc
lap "checks and consumer builds"

# ---- 5. a new kernel's headers after the package: DKMS's hook -------------
echo "### apt-get install $META_NEW" >>"$LOG"
apt_in install "$META_NEW" >"$WORK/autoinstall.log" 2>&1
rc=$?
cat "$WORK/autoinstall.log" >>"$LOG"
RNEW=$(release_of "$META_NEW")
grep -iE "dkms|siphash" "$WORK/autoinstall.log" | sed 's/^/autoinstall: /'
result "apt-get install $META_NEW ($RNEW)" $rc
status_out=$(dkms_status)
echo "$status_out"
[ -n "$RNEW" ] && check_installed "$RNEW" "autoinstall on a headers install after the package"
lap "third headers and autoinstall"

# ---- 6. purge ---------------------------------------------------------------
# check_purged WHAT: nothing of the package is left.
check_purged() {
	local status_out ours rc=0
	status_out=$(inroot dkms status -m "$NAME" 2>>"$LOG")
	# Anything named after the project that no package owns (the kernel
	# headers' own linux/siphash.h is theirs): sources, DKMS tree, modules.
	ours=$(inroot find / -xdev \( -path /proc -o -path /tmp \) -prune -o \
		\( -iname '*siphash*' -o -iname '*sipmod*' \) -print | sort | comm -23 - <(owned_list))
	[ -z "$status_out" ] && [ -z "$ours" ] || rc=1
	result "$1: dkms status lists no $NAME, no file named *siphash* or *sipmod* outside other packages${status_out:+ (dkms status: $status_out)}${ours:+ (left: $(echo $ours))}" $rc
}

run "apt-get purge $PKG" apt_in purge "$PKG"
result "apt-get purge $PKG" $?
check_purged "after purge"
after=$WORK/fs-after-purge.txt
fs_list >"$after"
# What the install left that no package owns: the dependencies' own
# (alternatives, ...), DKMS's signing key and depmod's indexes; shown for
# the places DKMS writes to.
comm -13 "$before" "$after" | comm -23 - <(owned_list) |
	grep -E '^/(usr/src|var/lib/dkms|usr/lib/modules|etc/dkms)(/|$)' |
	sed 's/^/purge: not owned, left by dkms or depmod: /'
lap "purge"

# ---- 7. install and purge again: no trace ---------------------------------
# With the dependencies now in place, a second install and purge must leave
# the root exactly as it was before them, path for path.
install_deb
rc=$?
n=$(inroot dkms status -m "$NAME" 2>>"$LOG" | grep -c ": installed$")
[ "$n" -eq 3 ] || rc=1
result "apt-get install again after the purge: DKMS installs for the $n kernels" $rc
run "apt-get purge $PKG (again)" apt_in purge "$PKG"
result "apt-get purge $PKG (again)" $?
check_purged "after the second purge"
again=$WORK/fs-after-purge2.txt
fs_list >"$again"
diff=$(diff "$after" "$again" | sed -n 's/^\([<>]\) /\1/p')
rc=0
[ -z "$diff" ] || rc=1
result "install and purge again: the root is path for path as before${diff:+ (< gone, > new: $(echo $diff))}" $rc
lap "install and purge again"

echo "time: deb-check total: $((SECONDS - start)) s"
summary
