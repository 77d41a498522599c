#!/usr/bin/env python3
"""Writes seed inputs for the `apng` fuzz target (stdlib only).

Usage: Fuzz/make-apng-seeds.py OUTDIR   (the committed seeds: Fuzz/seeds/apng)

Small APNGs and still PNGs of our own, made with make-png-seeds.py's row
and chunk writers: every dispose op (NONE, BACKGROUND, PREVIOUS, frame 0's
PREVIOUS included) with both blend ops (SOURCE, OVER) on sub-rectangles;
the default image as frame 0 or outside the animation; image data split
over several IDAT and fdAT chunks; Adam7 frames; palette + tRNS, grey and
RGB colour keys, 16-bit samples; num_plays 0 and 3; delays with den 0,
num 0, 10 ms and less, 1/3 s; still PNGs (an acTL after IDAT too); a
truncated animation, one with a sequence number error and one with a bad
fdAT CRC (both play still). Deterministic: the same files each run.
"""
import importlib.util
import os
import random
import struct
import sys
import zlib

_spec = importlib.util.spec_from_file_location(
    "png_seeds", os.path.join(os.path.dirname(os.path.abspath(__file__)), "make-png-seeds.py"))
png_seeds = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(png_seeds)
chunk, rows = png_seeds.chunk, png_seeds.rows

SIGNATURE = b"\x89PNG\r\n\x1a\n"


class APNG:
    """An APNG (or still PNG) being written, chunk by chunk."""

    def __init__(self, width, height, color=6, depth=8, interlaced=False, seed=1):
        self.width, self.height = width, height
        self.color, self.depth, self.interlaced = color, depth, interlaced
        self.rng = random.Random(seed)
        self.sequence = 0
        self.out = SIGNATURE + chunk(b"IHDR", struct.pack(
            ">IIBBBBB", width, height, depth, color, 0, 0, 1 if interlaced else 0))

    def add(self, kind, data):
        self.out += chunk(kind, data)

    def colours(self, trns=None):
        if self.color == 3:
            self.add(b"PLTE", bytes(self.rng.randrange(256) for _ in range(3 * (1 << min(self.depth, 4)))))
        if trns is not None:
            self.add(b"tRNS", trns)

    def actl(self, frames, plays):
        self.add(b"acTL", struct.pack(">II", frames, plays))

    def fctl(self, width, height, x=0, y=0, delay=(1, 10), dispose=0, blend=0):
        self.add(b"fcTL", struct.pack(">IIIIIHHBB", self.sequence, width, height, x, y, delay[0], delay[1],
                                      dispose, blend))
        self.sequence += 1

    def data(self, width, height):
        return zlib.compress(rows(width, height, self.color, self.depth, self.interlaced, self.rng), 6)

    def idat(self, parts=1):
        data = self.data(self.width, self.height)
        for piece in split(data, parts):
            self.add(b"IDAT", piece)

    def fdat(self, width, height, parts=1):
        for piece in split(self.data(width, height), parts):
            self.add(b"fdAT", struct.pack(">I", self.sequence) + piece)
            self.sequence += 1

    def frame(self, width, height, x=0, y=0, delay=(1, 10), dispose=0, blend=0, parts=1):
        self.fctl(width, height, x, y, delay, dispose, blend)
        self.fdat(width, height, parts)

    def end(self):
        self.add(b"IEND", b"")
        return self.out


def split(data, parts):
    step = max(1, -(-len(data) // parts))
    return [data[i:i + step] for i in range(0, len(data), step)] or [b""]


def every_op(interlaced=False, color=6, depth=8, trns=None, seed=1):
    """Frame 0 the default image, then every dispose x blend pair on
    sub-rectangles, each frame's data over two fdAT chunks."""
    image = APNG(12, 10, color, depth, interlaced, seed)
    image.colours(trns)
    ops = [(d, b) for d in (0, 1, 2) for b in (0, 1)]
    image.actl(1 + len(ops), 0)
    image.fctl(12, 10, dispose=2, blend=1)  # frame 0's PREVIOUS plays as BACKGROUND
    image.idat(parts=2)
    for index, (dispose, blend) in enumerate(ops):
        w, h = 3 + index % 4, 2 + index % 5
        image.frame(w, h, x=index % (12 - w + 1), y=index % (10 - h + 1), delay=(index, 30 if index % 2 else 0),
                    dispose=dispose, blend=blend, parts=2)
    return image.end()


def hidden_default(plays=3):
    """The default image is not shown: frames are the fcTLs after IDAT."""
    image = APNG(8, 8, seed=2)
    image.actl(3, plays)
    image.idat()
    image.frame(8, 8, delay=(1, 3))
    image.frame(4, 4, x=2, y=2, delay=(0, 0), dispose=2, blend=1)
    image.frame(8, 8, delay=(5, 1000), dispose=1)
    return image.end()


def still(color=6, depth=8, interlaced=False, trns=None, seed=3, late_actl=False):
    image = APNG(7, 5, color, depth, interlaced, seed)
    image.colours(trns)
    image.idat()
    if late_actl:  # after IDAT: an ancillary chunk of a still PNG
        image.actl(2, 0)
        image.frame(7, 5)
    return image.end()


def broken_sequence():
    image = APNG(6, 6, seed=4)
    image.actl(2, 1)
    image.fctl(6, 6)
    image.idat()
    image.sequence += 1  # skips a number: plays as the still image
    image.frame(3, 3, x=1, y=1, blend=1)
    return image.end()


def bad_fdat_crc():
    data = bytearray(every_op(seed=5))
    at = data.rfind(b"fdAT")
    length = struct.unpack(">I", data[at - 4:at])[0]
    data[at + 4 + length] ^= 0xFF  # the CRC's first byte
    return bytes(data)


def main():
    directory = sys.argv[1]
    os.makedirs(directory, exist_ok=True)
    seeds = {
        "ops-rgba8": every_op(),
        "ops-rgba8-adam7": every_op(interlaced=True, seed=6),
        "ops-palette4-trns": every_op(color=3, depth=4, trns=bytes([0, 128, 255]), seed=7),
        "ops-grey16-trns-adam7": every_op(interlaced=True, color=0, depth=16, trns=bytes([0, 7]), seed=8),
        "ops-rgb8-trns": every_op(color=2, depth=8, trns=bytes(6), seed=9),
        "hidden-default-plays3": hidden_default(),
        "hidden-default-forever": hidden_default(plays=0),
        "still-rgba8": still(),
        "still-palette2-trns-adam7": still(color=3, depth=2, interlaced=True, trns=bytes([0, 200])),
        "still-grey1": still(color=0, depth=1),
        "still-late-actl": still(late_actl=True),
        "broken-sequence": broken_sequence(),
        "bad-fdat-crc": bad_fdat_crc(),
    }
    whole = seeds["ops-rgba8"]
    seeds["truncated"] = whole[:len(whole) - 40]
    for name, data in seeds.items():
        with open(os.path.join(directory, f"{name}.png"), "wb") as f:
            f.write(data)


if __name__ == "__main__":
    main()
