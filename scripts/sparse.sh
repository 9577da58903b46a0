#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# sparse.sh ARGS... - sparse, as kbuild's CHECK (kmake.sh passes it), with
# one difference: the ISA extensions that a -march= value names after an
# underscore (riscv's -march=rv64imac_zicsr_zifencei) are left out.
# sparse 0.6.4 (bookworm's and trixie's) rejects them with "invalid
# argument to '-march'" and checks nothing, which fails the build; 0.6.5
# knows them. sparse reads -march only to predefine the macros of the
# base ISA's letters (__riscv_mul, __riscv_compressed, ...); these
# extensions name instructions (CSR access, fence.i) it never looks at.
# Every other argument goes to sparse unchanged.
set -u
[ $# -ge 1 ] || { echo "usage: $0 SPARSE-ARGS... FILE" >&2; exit 2; }
args=()
for a in "$@"; do
	case "$a" in
	-march=*_*) args+=("${a%%_*}") ;;
	*) args+=("$a") ;;
	esac
done
exec "${SPARSE:-sparse}" "${args[@]}"
