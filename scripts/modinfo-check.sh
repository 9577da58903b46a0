#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# modinfo-check.sh KO... - every module must carry a description, license,
# author and version (SIPHASH_OOT_VERSION), and a description for every
# parameter (names from module_params in lib.sh, so parameters modinfo
# does not list are caught too). Prints each problem; exits non-zero if any.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: $0 KO..."
VERSION=$(make -s --no-print-directory -C "$SIPHASH_ROOT" version)
bad=0
problem() { # problem CODE TEXT: one problem, with its reason code
	echo "modinfo: [$1] ${*:2}" >&2
	bad=1
}

for ko in "$@"; do
	[ -r "$ko" ] || { problem missing "$ko: missing"; continue; }
	m=$(basename "$ko")
	for f in description license author version; do
		[ -n "$(modinfo -F "$f" "$ko")" ] || problem "no-$f" "$m: no $f"
	done
	v=$(modinfo -F version "$ko")
	[ -z "$v" ] || [ "$v" = "$VERSION" ] ||
		problem version "$m: version $v, not SIPHASH_OOT_VERSION $VERSION"
	# The raw .modinfo strings: modinfo -F parm also shows "name: (type)"
	# for a parameter that has a type but no description. readelf reads
	# a module of any arch (the host's objcopy knows only its own).
	descs=$(readelf -p .modinfo "$ko" | sed -n 's/^ *\[ *[0-9a-f]*\]  parm=//p')
	n=0
	for p in $(module_params "$ko"); do
		n=$((n + 1))
		echo "$descs" | grep -qE "^$p:.*[^ ]" ||
			problem no-param-desc "$m: parameter $p has no MODULE_PARM_DESC"
	done
	echo "$m: description, license, author, version $v; $n parameters checked"
done
exit $bad
