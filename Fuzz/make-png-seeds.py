#!/usr/bin/env python3
"""Writes seed inputs for the `png` fuzz target (stdlib only).

Usage: Fuzz/make-png-seeds.py OUTDIR

Small PNGs of every colour type and bit depth, plain and Adam7
interlaced, each written twice: prefixed with byte 0 (the file as it is)
and byte 1 (CRCs repaired by the target); plus a few inputs for mode 2
(a header and raw filtered rows). Deterministic: the same files each run.
"""
import os
import random
import struct
import sys
import zlib

FORMATS = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
           (4, 8), (4, 16), (6, 8), (6, 16)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))


def rows(width, height, color, depth, interlaced, rng):
    bits = CHANNELS[color] * depth
    out = bytearray()
    for x0, y0, dx, dy in (PASSES if interlaced else [(0, 0, 1, 1)]):
        w = len(range(x0, width, dx))
        h = len(range(y0, height, dy))
        if w == 0 or h == 0:
            continue
        for _ in range(h):
            out.append(rng.randrange(5))
            out += bytes(rng.randrange(256) for _ in range((w * bits + 7) // 8))
    return bytes(out)


def png(width, height, color, depth, interlaced, rng):
    out = b"\x89PNG\r\n\x1a\n"
    out += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0, 1 if interlaced else 0))
    if color == 3:
        out += chunk(b"PLTE", bytes(rng.randrange(256) for _ in range(3 * min(1 << depth, 16))))
        out += chunk(b"tRNS", bytes([0, 128, 255]))
    elif color in (0, 2):
        out += chunk(b"tRNS", bytes(2 if color == 0 else 6))
    out += chunk(b"IDAT", zlib.compress(rows(width, height, color, depth, interlaced, rng), 6))
    out += chunk(b"IEND", b"")
    return out


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    rng = random.Random(1)
    for color, depth in FORMATS:
        for interlaced in (False, True):
            data = png(rng.randrange(1, 12), rng.randrange(1, 12), color, depth, interlaced, rng)
            name = f"c{color}-d{depth}-i{int(interlaced)}"
            for mode in (0, 1):
                with open(os.path.join(directory, f"{name}-m{mode}.bin"), "wb") as f:
                    f.write(bytes([mode]) + data)
    for index in range(8):
        body = bytes([2]) + bytes(rng.randrange(256) for _ in range(6)) + bytes(rng.randrange(256) for _ in range(200))
        with open(os.path.join(directory, f"synth-{index}.bin"), "wb") as f:
            f.write(body)


if __name__ == "__main__":
    main()
