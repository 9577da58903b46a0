#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dkms-postbuild.sh DIR - the POST_BUILD step of dkms.conf. DKMS runs it in
# its build directory after a successful build, when the build's
# Module.symvers (the sipmod_* exports and their CRCs) still exists. It
# copies that file and siphash.h to DIR, DKMS's directory for this kernel
# and arch (/var/lib/dkms/siphash-oot/<version>/<kernel>/<arch>/), where
# modules that use siphash.ko find them (docs/install.md) and where
# `dkms remove` deletes them.
#
# It also gives a module DKMS compressed with xz the check the kernel's
# own decompressor knows, CRC32: dkms 3.0 (bookworm) runs a plain
# `xz -f`, whose default check is CRC64, before POST_BUILD. A kernel with
# MODULE_DECOMPRESS refuses such a file when kmod 31 or later hands it
# over compressed; the kernel's Makefile.modinst and later dkms use
# --check=crc32 --lzma2=dict=1MiB. The signature, inside, is kept.
set -eu

if [ $# -ne 1 ] || [ ! -d "$1" ]; then
	echo "usage: $0 DKMS-KERNEL-ARCH-DIR (an existing directory)" >&2
	exit 1
fi
if ! grep -q "[[:space:]]sipmod_" Module.symvers; then
	echo "$0: no sipmod_ export in $(pwd)/Module.symvers" >&2
	exit 1
fi
cp Module.symvers siphash.h "$1/"
chmod 0644 "$1/Module.symvers" "$1/siphash.h"
for f in "$1"/module/*.ko.xz; do
	if [ -f "$f" ] && xz --robot --list "$f" | grep -q "^file.*CRC64"; then
		xz -dc "$f" | xz --check=crc32 --lzma2=dict=1MiB >"$f.tmp"
		mv "$f.tmp" "$f"
	fi
done
