#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# controls-build.sh TARGET - build the negative-control modules of
# tests/controls/ for one target into build/TARGET/controls/ (outside the
# project's Kbuild, so that nothing installs them), against the modules
# of build/TARGET/kbuild (the KTAP controls use sipmod_testlib.ko and the
# tests). Prints that directory.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET"
load_target_env "$1"
DIR=$SIPHASH_ROOT/build/$TARGET/controls
rm -rf "$DIR"
mkdir -p "$DIR"
cp "$SIPHASH_ROOT"/tests/controls/Kbuild "$SIPHASH_ROOT"/tests/controls/*.c "$DIR/"
# shellcheck disable=SC2046
OBJ=$SIPHASH_ROOT/build/$TARGET/kbuild
[ -r "$OBJ/Module.symvers" ] ||
	"$SIPHASH_ROOT/scripts/kmake.sh" "$TARGET" BUILD_DIR="$OBJ" >"$DIR/project-build.log" 2>&1 || {
	cat "$DIR/project-build.log" >&2
	die "$TARGET: the project's modules did not build"
}
"$SIPHASH_ROOT/scripts/kmake.sh" "$TARGET" --run make -C "$KDIR" M="$DIR" \
	$(kbuild_vars) SIPHASH_OOT_SRC="$SIPHASH_ROOT" \
	KBUILD_EXTRA_SYMBOLS="$OBJ/Module.symvers" modules >"$DIR/build.log" 2>&1 || {
	cat "$DIR/build.log" >&2
	die "$TARGET: the control modules did not build"
}
echo "$DIR"
