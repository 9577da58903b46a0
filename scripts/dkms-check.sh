#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dkms-check.sh ARCH - prove dkms.conf with Debian's real dkms: `dkms add`,
# `dkms build` against the fetched Debian headers of ARCH (not the running
# kernel's), check that every module of Kbuild was built for that kernel and
# arch, then `dkms remove` and check that nothing is left. Everything happens
# in a private --sourcetree and --dkmstree, so the host's /usr/src and
# /var/lib/dkms are never touched. Exits 0 only if all of that held.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 ARCH (one of: $SUPPORTED_ARCHES)"
"$SIPHASH_ROOT/scripts/deps.sh" dkms:dkms
load_arch_env "$1"

NAME=siphash-oot
VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version)
conf() { # conf VAR: a value of dkms.conf, read the way dkms reads it
	(kernel_source_dir=KDIR dkms_tree=TREE; . "$SIPHASH_ROOT/dkms.conf"; eval "echo \"\${$1}\"")
}
MODS=$(sed -n 's/^obj-m *+= *\([a-z0-9_]*\)\.o$/\1/p' "$SIPHASH_ROOT/Kbuild" | sort)
# shellcheck disable=SC1090,SC2154
CONF_MODS=$(kernel_source_dir=KDIR dkms_tree=TREE; . "$SIPHASH_ROOT/dkms.conf"; printf '%s\n' "${BUILT_MODULE_NAME[@]}" | sort)

[ "$(conf PACKAGE_NAME)" = "$NAME" ] || die "dkms.conf: PACKAGE_NAME is not $NAME"
[ "$(conf PACKAGE_VERSION)" = "$VERSION" ] ||
	die "dkms.conf: PACKAGE_VERSION $(conf PACKAGE_VERSION) is not SIPHASH_OOT_VERSION $VERSION"
[ "$(conf AUTOINSTALL)" = yes ] || die "dkms.conf: AUTOINSTALL is not yes"
[ "$MODS" = "$CONF_MODS" ] ||
	die "dkms.conf BUILT_MODULE_NAME ($(echo $CONF_MODS)) differs from Kbuild obj-m ($(echo $MODS))"

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dkms-check.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# The package's sources as a release tarball would hold them.
STAGE=$TMP/$NAME-$VERSION
mkdir -p "$STAGE"
(cd "$SIPHASH_ROOT" && cp -r Kbuild Makefile dkms.conf ./*.c ./*.h tests "$STAGE/")
DKMS=(dkms --sourcetree "$TMP/src" --dkmstree "$TMP/tree")
mkdir -p "$TMP/src" "$TMP/tree"

log "$ARCH: dkms add, build for $KVER against $KDIR"
"${DKMS[@]}" add "$STAGE"
"${DKMS[@]}" build -m "$NAME" -v "$VERSION" -k "$KVER" -a "$ARCH" \
	--kernelsourcedir "$KDIR" || {
	cat "$TMP/tree/$NAME/$VERSION/build/make.log" >&2 || true
	die "$ARCH: dkms build failed"
}
"${DKMS[@]}" status -m "$NAME" -v "$VERSION" -k "$KVER" -a "$ARCH" | tee "$TMP/status"
grep -q "$NAME/$VERSION, $KVER, $ARCH: built" "$TMP/status" || die "$ARCH: dkms status does not say built"

case "$ARCH" in
x86_64) class=ELF64 ;;
i386) class=ELF32 ;;
esac
for m in $MODS; do
	ko=$TMP/tree/$NAME/$VERSION/$KVER/$ARCH/module/$m.ko
	[ -r "$ko" ] || ko=$(ls "$ko".* 2>/dev/null | head -n1)
	[ -r "$ko" ] || die "$ARCH: dkms did not produce $m.ko"
	vermagic=$(modinfo -F vermagic "$ko")
	[ "${vermagic%% *}" = "$KVER" ] || die "$ARCH: $m.ko has vermagic '$vermagic', not $KVER"
	readelf -h "$ko" | grep -q "Class: *$class" || die "$ARCH: $m.ko is not $class"
	log "$ARCH: dkms built $m.ko ($class, vermagic $KVER)"
done

"${DKMS[@]}" remove -m "$NAME" -v "$VERSION" --all
[ ! -e "$TMP/tree/$NAME" ] || die "$ARCH: dkms remove left $TMP/tree/$NAME behind"
# The sources in --sourcetree stay, as /usr/src/NAME-VERSION does: the
# package that put them there owns them, not dkms.
"${DKMS[@]}" status | grep -q . && die "$ARCH: dkms status still lists: $("${DKMS[@]}" status)"
log "$ARCH: dkms add, build and remove all worked"
