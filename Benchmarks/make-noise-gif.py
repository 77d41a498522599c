#!/usr/bin/env python3
"""Writes a 500x500, 100-frame GIF of random noise (256 colours, real LZW
with a clear code whenever the table fills), for the decode benchmarks.

Odd frames set a transparent index (0), so both compositing paths run.
Standard library only; the output is deterministic for a given seed.

Usage: make-noise-gif.py OUT.gif [--size 500] [--frames 100] [--seed 1]
"""
import argparse
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Scripts"))
from gifwrite import lzw, sub_blocks  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--frames", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    size = args.size
    gif = bytearray(b"GIF89a")
    gif += size.to_bytes(2, "little") * 2 + bytes([0xF7, 0, 0])  # global table, 256 entries
    gif += bytes(rng.randrange(256) for _ in range(768))
    gif += b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00"
    for frame in range(args.frames):
        transparent = frame % 2 == 1
        packed = (1 << 2) | (1 if transparent else 0)
        gif += bytes([0x21, 0xF9, 4, packed, 4, 0, 0, 0])
        gif += b"\x2C" + bytes(4) + size.to_bytes(2, "little") * 2 + b"\x00"
        gif += b"\x08" + sub_blocks(lzw(rng.randbytes(size * size), 8))
    gif += b"\x3B"
    with open(args.out, "wb") as f:
        f.write(gif)


if __name__ == "__main__":
    main()
