#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""HalfSipHash-1-3 reference values for the -m32 user-space tests, from
tests/vectors/halfsiphash.py (written from the paper, independent of
siphash.c), on the inputs and keys of refgen's table (see harness.h).

Usage: halfref.py REF_TABLE OUT
Writes one line per case: "fill len hash" (hash in hex). Python is slow,
so lengths are 0..1031 (every tail, past the 255 wrap of the length byte)
and a spread up to 4096."""
import struct
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "vectors"))
from halfsiphash import halfsiphash, SEED_VECTORS_32  # noqa: E402

REF_MAX, REF_FILLS = 4096, 3
LENGTHS = list(range(1032)) + [1500, 2047, 2048, 2049, 3001, 4093, 4095, 4096]


def main():
    ref, out = sys.argv[1], sys.argv[2]
    data = Path(ref).read_bytes()
    if data[:7] != b"SIPREF1":
        sys.exit(f"{ref}: not a reference table")
    rnd = data[16:16 + REF_MAX]
    keys = 16 + REF_MAX
    for n, want in enumerate(SEED_VECTORS_32):
        if halfsiphash(bytes(range(8)), bytes(range(n))) != want:
            sys.exit("halfsiphash.py disagrees with the vectors of the patch series")
    lines = []
    for fill in range(REF_FILLS):
        for n in LENGTHS:
            off = keys + (fill * (REF_MAX + 1) + n) * 16
            key = data[off:off + 8]
            msg = rnd[:n] if fill == 2 else bytes([0xff * fill]) * n
            lines.append(f"{fill} {n} {halfsiphash(key, msg):08x}\n")
    Path(out).write_text("".join(lines))
    print(f"halfref: {out}, {len(lines)} cases; halfsiphash.py agrees "
          f"with the vectors of the patch series")


if __name__ == "__main__":
    main()
