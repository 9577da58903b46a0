#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""sparse, as kbuild's CHECK, with two differences: the ISA extensions that
a -march= value names after an underscore (riscv's rv64imac_zicsr_zifencei)
are left out: sparse 0.6.4 (bookworm's, trixie's) rejects them and checks
nothing; it reads -march only to predefine the base ISA's macros. And
--root=DIR runs the sparse of the Debian root DIR (sid's) with that root's
own loader and libraries, for a kernel whose checker-valid.sh refuses the
build's own."""
import os
import re
import sys

args = [re.sub(r"^(-march=[^_]*)_.*", r"\1", a) for a in sys.argv[1:]]
cmd = ["sparse"]
if args and args[0].startswith("--root="):
    r = args.pop(0).removeprefix("--root=")
    cmd = [f"{r}/lib64/ld-linux-x86-64.so.2", "--library-path", f"{r}/usr/lib/x86_64-linux-gnu",
           f"{r}/usr/bin/sparse"]
os.execvp(os.environ.get("SPARSE", cmd[0]), cmd + args)
