#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# controls-build.sh TARGET - build the negative-control modules of
# tests/controls/ for one target into build/TARGET/controls/ (outside the
# project's Kbuild, so that nothing installs them). Prints that directory.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: $0 TARGET"
load_target_env "$1"
DIR=$SIPHASH_ROOT/build/$TARGET/controls
rm -rf "$DIR"
mkdir -p "$DIR"
cp "$SIPHASH_ROOT"/tests/controls/Kbuild "$SIPHASH_ROOT"/tests/controls/*.c "$DIR/"
# shellcheck disable=SC2046
"$SIPHASH_ROOT/scripts/kmake.sh" "$TARGET" --run make -C "$KDIR" M="$DIR" \
	$(kbuild_vars) modules >"$DIR/build.log" 2>&1 || {
	cat "$DIR/build.log" >&2
	die "$TARGET: the control modules did not build"
}
echo "$DIR"
