#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh - make sure the host tools this project uses are installed, all
# from Debian's packages. As root, installs what is missing; otherwise
# prints the exact command to run and fails.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# command:package pairs; a path checks for a file instead of a command.
# The emulators are the table's (targets.tsv).
NEEDS="
make:make
gcc-12:gcc-12
ld:binutils
perl:perl
python3:python3
$(python3 "$TARGETS_PY" values qemu:qemu_pkg)
pahole:dwarves
mmdebstrap:mmdebstrap
unshare:util-linux
cpio:cpio
gzip:gzip
xz:xz-utils
depmod:kmod
sparse:sparse
flex:flex
bison:bison
bc:bc
/usr/include/gelf.h:libelf-dev
gnuplot:gnuplot-nox
timeout:coreutils
dpkg-deb:dpkg
apt-get:apt
/usr/share/distro-info/debian.csv:distro-info-data
$*"

missing=""
for pair in $NEEDS; do
	cmd=${pair%%:*}
	pkg=${pair#*:}
	if [ "${cmd#/}" != "$cmd" ]; then
		[ -e "$cmd" ] && continue
	else
		command -v "$cmd" >/dev/null 2>&1 && continue
	fi
	case " $missing " in *" $pkg "*) ;; *) missing="$missing $pkg" ;; esac
done

[ -z "$missing" ] && exit 0
missing=${missing# }
if [ "$(id -u)" -ne 0 ]; then
	echo "error: missing packages: $missing" >&2
	echo "run as root: apt-get update && apt-get install -y --no-install-recommends $missing" >&2
	exit 1
fi
log "installing: $missing"
# A failing index (a mirror mid-sync) is not fatal by itself; the install
# below fails loudly, naming the packages, if anything is really missing.
apt-get update -q || log "apt-get update reported errors; going on"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing ||
	die "apt-get install failed for: $missing"
