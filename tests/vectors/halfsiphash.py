#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""HalfSipHash-1-3 with a 32-bit output, written from the SipHash paper and
the HalfSipHash reference description, independently of siphash.c.

It first checks itself against the seed's 64 vectors for 32-bit hsiphash
(key 00..07, message 00..len-1), then prints the long-message values of
test_siphash.c (message and lengths from long_msg.h)."""
import re
import sys
from pathlib import Path

M32 = 0xFFFFFFFF


def rotl(x, b):
    return ((x << b) | (x >> (32 - b))) & M32


def sipround(v):
    v0, v1, v2, v3 = v
    v0 = (v0 + v1) & M32; v1 = rotl(v1, 5); v1 ^= v0; v0 = rotl(v0, 16)
    v2 = (v2 + v3) & M32; v3 = rotl(v3, 8); v3 ^= v2
    v0 = (v0 + v3) & M32; v3 = rotl(v3, 7); v3 ^= v0
    v2 = (v2 + v1) & M32; v1 = rotl(v1, 13); v1 ^= v2; v2 = rotl(v2, 16)
    return [v0, v1, v2, v3]


def halfsiphash(key: bytes, msg: bytes, c=1, d=3) -> int:
    k0 = int.from_bytes(key[0:4], "little")
    k1 = int.from_bytes(key[4:8], "little")
    v = [k0, k1, 0x6C796765 ^ k0, 0x74656462 ^ k1]
    full = len(msg) - len(msg) % 4
    blocks = [msg[i:i + 4] for i in range(0, full, 4)]
    last = msg[full:] + bytes(3 - len(msg) % 4) + bytes([len(msg) & 0xFF])
    for blk in blocks + [last]:
        m = int.from_bytes(blk, "little")
        v[3] ^= m
        for _ in range(c):
            v = sipround(v)
        v[0] ^= m
    v[2] ^= 0xFF
    for _ in range(d):
        v = sipround(v)
    return v[1] ^ v[3]


SEED_VECTORS_32 = [
    0x5814c896, 0xe7e864ca, 0xbc4b0e30, 0x01539939, 0x7e059ea6, 0x88e3d89b,
    0xa0080b65, 0x9d38d9d6, 0x577999b1, 0xc839caed, 0xe4fa32cf, 0x959246ee,
    0x6b28096c, 0x66dd9cd6, 0x16658a7c, 0xd0257b04, 0x8b31d501, 0x2b1cd04b,
    0x06712339, 0x522aca67, 0x911bb605, 0x90a65f0e, 0xf826ef7b, 0x62512deb,
    0x57150ad7, 0x5d473507, 0x1ec47442, 0xab64afd3, 0x0a4100d0, 0x6d2ce652,
    0x2331b6a3, 0x08d8791a, 0xbc6dda8d, 0xe0f6c934, 0xb0652033, 0x9b9851cc,
    0x7c46fb7f, 0x732ba8cb, 0xf142997a, 0xfcc9aa1b, 0x05327eb2, 0xe110131c,
    0xf9e5e7c0, 0xa7d708a6, 0x11795ab1, 0x65671619, 0x9f5fff91, 0xd89c5267,
    0x007783eb, 0x95766243, 0xab639262, 0x9c7e1390, 0xc368dda6, 0x38ddc455,
    0xfa13d379, 0x979ea4e8, 0x53ecd77e, 0x2ee80657, 0x33dbb66a, 0xae3f0577,
    0x88b4c4cc, 0x3e7f480b, 0x74c1ebf8, 0x87178304,
]


def main():
    key = bytes(range(8))
    for n, want in enumerate(SEED_VECTORS_32):
        got = halfsiphash(key, bytes(range(n)))
        if got != want:
            sys.exit(f"halfsiphash.py disagrees with the seed at len {n}: "
                     f"{got:#010x} != {want:#010x}")
    hdr = (Path(__file__).parent / "long_msg.h").read_text()
    mul, add = (int(x, 16) for x in re.search(
        r"LONG_MSG_BYTE\(i\)\s+\(\(unsigned char\)\(\(i\) \* (0x[0-9a-f]+) \+ (0x[0-9a-f]+)\)\)",
        hdr).groups())
    lens = [int(x) for x in re.search(
        r"LONG_MSG_LENGTHS \\\n\s*([0-9, ]+)", hdr).group(1).split(",")]
    msg = bytes((i * mul + add) & 0xFF for i in range(max(lens)))
    print("/* HalfSipHash-1-3, tests/vectors/halfsiphash.py */")
    for n in lens:
        print(f"\t0x{halfsiphash(key, msg[:n]):08x}U, /* len {n} */")


if __name__ == "__main__":
    main()
