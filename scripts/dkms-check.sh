#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# dkms-check.sh TARGET - prove dkms.conf with Debian's real dkms: `dkms add`,
# `dkms build` against the fetched Debian headers of TARGET (not the running
# kernel's), check that the modules for users, and only those, were built
# for that kernel and arch, with the Module.symvers and siphash.h that
# dkms-postbuild.sh keeps for consumers, then `dkms remove` and check that
# nothing is left. Everything happens in a private --sourcetree and
# --dkmstree, so the host's /usr/src and /var/lib/dkms are never touched.
# Exits 0 only if all of that held. (scripts/deb-check.sh proves the Debian
# package built from the same dkms.conf.)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET (one of: $SUPPORTED_TARGETS)"
"$SIPHASH_ROOT/scripts/deps.sh" dkms:dkms
load_target_env "$1"
# dkms runs in the target's build environment (for a target of another
# suite: its build root).
in_env() {
	"$SIPHASH_ROOT/scripts/kmake.sh" "$TARGET" --run "$@"
}

NAME=siphash-oot
VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version)
# dkms.conf read the way dkms reads it, with dummy values for what dkms sets.
dkms_conf() {
	# shellcheck disable=SC1090,SC2034
	kernel_source_dir=KDIR dkms_tree=TREE kernelver=KVER arch=ARCH
	. "$SIPHASH_ROOT/dkms.conf"
}
conf() { # conf VAR: one value of dkms.conf
	(dkms_conf; eval "echo \"\${$1}\"")
}
# kbuild_modules SELECTION: the names of the modules Kbuild builds with
# SIPHASH_OOT_MODULES=SELECTION, sorted, one a line; make reads Kbuild.
kbuild_modules() {
	printf 'sipmod-print-obj-m:\n\t@echo $(obj-m)\n' |
		make -s --no-print-directory -f "$SIPHASH_ROOT/Kbuild" -f - \
			SIPHASH_OOT_MODULES="$1" srctree=/nonexistent objtree=/nonexistent \
			sipmod-print-obj-m | tr ' ' '\n' | sed -n 's|^\(.*/\)\{0,1\}\([^/]*\)\.o$|\2|p' | sort
}
MODS=$(kbuild_modules user)
ALL_MODS=$(kbuild_modules all)
# shellcheck disable=SC2154
CONF_MODS=$(dkms_conf; printf '%s\n' "${BUILT_MODULE_NAME[@]}" | sed '/^$/d' | sort)

[ "$(conf PACKAGE_NAME)" = "$NAME" ] || die "dkms.conf: PACKAGE_NAME is not $NAME"
[ "$(conf PACKAGE_VERSION)" = "#MODULE_VERSION#" ] ||
	die "dkms.conf: PACKAGE_VERSION is '$(conf PACKAGE_VERSION)', not the placeholder #MODULE_VERSION# (the version is set in siphash.h only)"
[ "$(conf AUTOINSTALL)" = yes ] || die "dkms.conf: AUTOINSTALL is not yes"
case " $(conf 'MAKE[0]') " in
*" SIPHASH_OOT_MODULES=user "*) ;;
*) die "dkms.conf: MAKE[0] does not pass SIPHASH_OOT_MODULES=user: $(conf 'MAKE[0]')" ;;
esac
[ -n "$MODS" ] || die "Kbuild: no module in sipmod-user"
[ "$MODS" = "$CONF_MODS" ] ||
	die "[dkms-conf-drift] dkms.conf BUILT_MODULE_NAME ($(echo $CONF_MODS)) differs from Kbuild's modules for users, sipmod-user ($(echo $MODS))"
log "dkms.conf builds $(echo $MODS) of Kbuild's $(echo $ALL_MODS)"

mkdir -p "$SIPHASH_ROOT/build/$TARGET"
TMP=$(mktemp -d "$SIPHASH_ROOT/build/$TARGET/dkms-check.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
# The package's sources, exactly the files debian/siphash-oot-dkms.install
# lists (so a file the library needs and the package lacks fails here),
# with the version filled into dkms.conf as dh_dkms -V does.
STAGE=$TMP/$NAME-$VERSION
mkdir -p "$STAGE"
while read -r file dest; do
	case $file in '#'* | '') continue ;; esac
	mkdir -p "$STAGE/${dest#\$\{env:SIPHASH_OOT_DKMS_SRC\}}"
	cp "$SIPHASH_ROOT/$file" "$STAGE/${dest#\$\{env:SIPHASH_OOT_DKMS_SRC\}}/"
done <"$SIPHASH_ROOT/debian/siphash-oot-dkms.install"
cp "$SIPHASH_ROOT/dkms.conf" "$STAGE/"
sed -i "s/#MODULE_VERSION#/$VERSION/g" "$STAGE/dkms.conf"
DKMS=(in_env dkms --sourcetree "$TMP/src" --dkmstree "$TMP/tree")
mkdir -p "$TMP/src" "$TMP/tree"

log "$TARGET: dkms add, build for $KVER against $KDIR"
"${DKMS[@]}" add "$STAGE"
"${DKMS[@]}" build -m "$NAME" -v "$VERSION" -k "$KVER" -a "$ARCH" \
	--kernelsourcedir "$KDIR" || {
	cat "$TMP/tree/$NAME/$VERSION/build/make.log" >&2 || true
	die "$TARGET: dkms build failed"
}
"${DKMS[@]}" status -m "$NAME" -v "$VERSION" -k "$KVER" -a "$ARCH" | tee "$TMP/status"
grep -q "$NAME/$VERSION, $KVER, $ARCH: built" "$TMP/status" || die "$TARGET: dkms status does not say built"

OUT=$TMP/tree/$NAME/$VERSION/$KVER/$ARCH
# What kbuild linked, from its "LD [M]  .../name.ko" lines.
BUILT=$(sed -n 's|^ *LD \[M\] *\(.*/\)\{0,1\}\([^/ ]*\)\.ko$|\2|p' "$OUT/log/make.log" | sort -u)
[ "$BUILT" = "$MODS" ] ||
	die "$TARGET: the DKMS build made $(echo $BUILT), not exactly Kbuild's modules for users ($(echo $MODS))"

class=ELF$BITS
for m in $MODS; do
	ko=$OUT/module/$m.ko
	[ -r "$ko" ] || ko=$(ls "$ko".* 2>/dev/null | head -n1)
	[ -r "$ko" ] || die "$TARGET: dkms did not produce $m.ko"
	vermagic=$(modinfo -F vermagic "$ko")
	[ "${vermagic%% *}" = "$KVER" ] || die "$TARGET: $m.ko has vermagic '$vermagic', not $KVER"
	readelf -h "$ko" | grep -q "Class: *$class" || die "$TARGET: $m.ko is not $class"
	[ -z "$(modinfo -F test "$ko")" ] || die "$TARGET: $m.ko is a test module (modinfo test: Y) in the package's build"
	log "$TARGET: dkms built $m.ko ($class, vermagic $KVER)"
done

# What dkms-postbuild.sh keeps for modules that use siphash.ko.
grep -q "[[:space:]]sipmod_siphash_1u64[[:space:]]" "$OUT/Module.symvers" ||
	die "$TARGET: no Module.symvers with the sipmod_* exports in $OUT"
cmp -s "$OUT/siphash.h" "$SIPHASH_ROOT/siphash.h" || die "$TARGET: no copy of siphash.h in $OUT"
log "$TARGET: Module.symvers ($(grep -c sipmod_ "$OUT/Module.symvers") sipmod_* exports) and siphash.h kept in the DKMS tree"

"${DKMS[@]}" remove -m "$NAME" -v "$VERSION" --all
[ ! -e "$TMP/tree/$NAME" ] || die "$TARGET: dkms remove left $TMP/tree/$NAME behind"
# The sources in --sourcetree stay, as /usr/src/NAME-VERSION does: the
# package that put them there owns them, not dkms.
"${DKMS[@]}" status | grep -q . && die "$TARGET: dkms status still lists: $("${DKMS[@]}" status)"
log "$TARGET: dkms add, build and remove all worked"
