#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmake.sh TARGET [MAKE-ARGS...] - build the modules for one target of the
# matrix with the kernel's kbuild, in that target's build environment: the
# headers scripts/fetch-kernel.sh fetched, the cross compiler for a foreign
# arch, and for sid its build root. MAKE-ARGS go to the project's Makefile
# (BUILD_DIR=, W=1, C=2, ...). kmake.sh TARGET --run CMD... runs CMD in that
# environment instead, with KDIR, KVER and MAKE_VARS (ARCH=, CROSS_COMPILE=)
# exported.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 TARGET [MAKE-ARGS...] | TARGET --run CMD..."
load_target_env "$1"
shift
MAKE_VARS=$(kbuild_vars)
export KDIR KVER MAKE_VARS
if [ "${1:-}" = --run ]; then
	shift
	target_run "$@"
	exit
fi
# shellcheck disable=SC2086
target_run make -C "$SIPHASH_ROOT" modules KDIR="$KDIR" $MAKE_VARS "$@"
