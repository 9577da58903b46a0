#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""sparse, as kbuild's CHECK, with one difference: the ISA extensions that
a -march= value names after an underscore (riscv's rv64imac_zicsr_zifencei)
are left out. sparse 0.6.4 (bookworm's, trixie's) rejects them and checks
nothing; it reads -march only to predefine the base ISA's macros."""
import os
import re
import sys

args = [re.sub(r"^(-march=[^_]*)_.*", r"\1", a) for a in sys.argv[1:]]
os.execvp(os.environ.get("SPARSE", "sparse"), ["sparse"] + args)
