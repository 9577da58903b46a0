#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kmake.sh TARGET [MAKE-ARGS...] - build the modules for one target of the
# matrix with the kernel's kbuild, in that target's build environment: the
# headers scripts/fetch-kernel.sh fetched, the cross compiler for a foreign
# arch, and for a target of another suite its build root. MAKE-ARGS go to
# the project's Makefile (BUILD_DIR=, W=1, C=2, ...).
#
# kmake.sh TARGET M=DIR [MAKE-ARGS...] builds your own module in DIR (its
# Kbuild or Makefile) against the same kernel, the one `make run` boots:
# the project's modules are built first (build/TARGET/kbuild/), then DIR
# with SIPHASH_OOT_INCLUDE (a directory holding siphash.h alone, for your
# `ccflags-y += -I$(SIPHASH_OOT_INCLUDE)`) and KBUILD_EXTRA_SYMBOLS
# (siphash.ko's Module.symvers) set. Boot the result with
# `make run EXTRA_MODULES=DIR/your.ko`.
#
# kmake.sh TARGET --run CMD... runs CMD in that environment instead, with
# KDIR, KVER and MAKE_VARS (ARCH=, CROSS_COMPILE=) exported.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 TARGET [MAKE-ARGS...] | TARGET M=DIR [MAKE-ARGS...] | TARGET --run CMD..."
fetched=$1
# A module of one's own: the target's kernel is fetched if it is not yet.
case "${2:-}" in
M=*) target_setup "$1" && "$SIPHASH_ROOT/scripts/fetch-kernel.sh" "$TARGET" >&2 ;;
esac
load_target_env "$1"
shift
MAKE_VARS=$(kbuild_vars)
export KDIR KVER MAKE_VARS
if [ "${1:-}" = --run ]; then
	shift
	target_run "$@"
	exit
fi
case "${1:-}" in
M=*)
	dir=${1#M=}
	shift
	[ -d "$dir" ] || die "M=$dir: no such directory"
	dir=$(cd "$dir" && pwd)
	[ -r "$dir/Kbuild" ] || [ -r "$dir/Makefile" ] || die "M=$dir: no Kbuild or Makefile there"
	obj=$SIPHASH_ROOT/build/$TARGET/kbuild
	mkdir -p "$obj"
	"$0" "$fetched" BUILD_DIR="$obj" >"$SIPHASH_ROOT/build/$TARGET/build.log" 2>&1 || {
		cat "$SIPHASH_ROOT/build/$TARGET/build.log" >&2
		die "$TARGET: the project's modules did not build"
	}
	# siphash.h alone, as make install puts it: no other header of the
	# project can shadow one of DIR's.
	inc=$SIPHASH_ROOT/build/$TARGET/include
	mkdir -p "$inc"
	cp "$SIPHASH_ROOT/siphash.h" "$inc/"
	# A build root (another suite) sees the project and the cache; DIR too.
	export TARGET_RUN_MOUNTS=$dir
	# shellcheck disable=SC2086
	target_run make -C "$KDIR" M="$dir" $MAKE_VARS SIPHASH_OOT_INCLUDE="$inc" \
		KBUILD_EXTRA_SYMBOLS="$obj/Module.symvers" "$@" modules
	log "$TARGET: built $(find "$dir" -maxdepth 1 -name '*.ko' -printf '%f ')in $dir against $KVER; boot: make run ARCH=$ARCH KERNEL=$SERIES EXTRA_MODULES=$dir/<module>.ko"
	exit
	;;
esac
# shellcheck disable=SC2086
target_run make -C "$SIPHASH_ROOT" modules KDIR="$KDIR" $MAKE_VARS "$@"
