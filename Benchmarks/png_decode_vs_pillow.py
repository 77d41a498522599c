#!/usr/bin/env python3
"""RGBAImage(pngData:) against Pillow on PNGs of every colour type, bit
depth and interlace method.

Usage: Benchmarks/png_decode_vs_pillow.py [--time]
Needs Pillow (pip install pillow).

Files (in Benchmarks/out/png-decode/), for each size in SIZES and a few
random contents:
- written by Pillow where Pillow can write the format: 1-bit grey
  (mode "1"), 8-bit grey, grey + alpha, RGB and RGBA, 16-bit grey ("I;16"),
  indexed at 1, 2, 4 and 8 bits (with and without tRNS), 8-bit grey and
  RGB with a tRNS colour key;
- written by this script (zlib + struct, every row with a random filter
  type) for what Pillow cannot write: 2- and 4-bit grey, 16-bit grey +
  alpha, RGB and RGBA, 16-bit grey and RGB with tRNS, and every format
  Adam7-interlaced.
Each is decoded by Pillow (the reference: `convert("RGBA")`; for 16-bit
images Pillow's samples are reduced to their high byte, and a tRNS key is
applied by the script to the full 16-bit samples it wrote, since Pillow
compares keys after reducing) and by ours (Benchmarks/imagetool decode),
and the RGBA bytes must be equal.

With --time, also times decoding the corpus frames written by
png_vs_zlib.py (Benchmarks/out/png-frames) with both, fastest of 3.
"""
import io
import os
import random
import struct
import subprocess
import sys
import time
import zlib

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Benchmarks/out/png-decode")
SIZES = [(1, 1), (7, 5), (33, 17), (64, 9)]
CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
PASSES = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
FORMATS = [(0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
           (4, 8), (4, 16), (6, 8), (6, 16)]


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def write_png(width, height, color, depth, samples, interlaced, rng, palette=None, trns=None):
    """Our own writer: samples is a flat list, CHANNELS[color] per pixel."""
    channels = CHANNELS[color]
    bpp = max(1, channels * depth // 8)
    data = bytearray()
    for x0, y0, dx, dy in (PASSES if interlaced else [(0, 0, 1, 1)]):
        xs = range(x0, width, dx)
        ys = range(y0, height, dy)
        if not xs or not ys:
            continue
        previous = None
        for y in ys:
            bits = []
            raw = bytearray()
            for x in xs:
                for c in range(channels):
                    v = samples[(y * width + x) * channels + c]
                    if depth == 16:
                        raw += struct.pack(">H", v)
                    elif depth == 8:
                        raw.append(v)
                    else:
                        bits += [(v >> b) & 1 for b in reversed(range(depth))]
            if depth < 8:
                bits += [0] * (-len(bits) % 8)
                raw = bytearray(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))
            above = previous or bytearray(len(raw))
            kind = rng.randrange(5)
            out = bytearray([kind])
            for i, v in enumerate(raw):
                a = raw[i - bpp] if i >= bpp else 0
                b = above[i]
                c = above[i - bpp] if i >= bpp else 0
                pred = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
                out.append((v - pred) & 0xFF)
            data += out
            previous = raw
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color, 0, 0,
                                                            1 if interlaced else 0))
    if palette is not None:
        png += chunk(b"PLTE", bytes(palette))
    if trns is not None:
        png += chunk(b"tRNS", bytes(trns))
    stream = zlib.compress(bytes(data), 9)
    half = len(stream) // 2
    png += chunk(b"IDAT", stream[:half]) + chunk(b"IDAT", stream[half:])
    return png + chunk(b"IEND", b"")


def reference(data, color, depth, samples, trns):
    """Pillow's RGBA for a file; 16-bit keys applied from the samples."""
    im = Image.open(io.BytesIO(data))
    im.load()
    if depth == 16:
        if color == 0:
            values = list(struct.unpack("<%dH" % (im.width * im.height), im.tobytes("raw", "I;16")))
            grey = [v >> 8 for v in values]
            key = struct.unpack(">H", bytes(trns))[0] if trns else None
            return bytes(sum(([g, g, g, 0 if key is not None and s == key else 255]
                              for g, s in zip(grey, samples)), []))
        rgba = im.convert("RGBA").tobytes() if color != 2 else im.convert("RGB").tobytes()
        if color == 2:
            key = struct.unpack(">HHH", bytes(trns)) if trns else None
            out = bytearray()
            for i in range(len(samples) // 3):
                s = tuple(samples[3 * i:3 * i + 3])
                out += rgba[3 * i:3 * i + 3] + bytes([0 if key == s else 255])
            return bytes(out)
        return rgba
    if color == 0 and depth < 8 and trns:
        # Pillow compares a grey key with the scaled 8-bit value (so a key
        # of 3 at 2 bits never matches 255); PNG compares the raw sample.
        key = struct.unpack(">H", bytes(trns))[0]
        grey = im.convert("L").tobytes()
        return bytes(sum(([g, g, g, 0 if s == key else 255] for g, s in zip(grey, samples)), []))
    return im.convert("RGBA").tobytes()


def cases(rng):
    out = []
    for width, height in SIZES:
        for color, depth in FORMATS:
            for interlaced in (False, True):
                for keyed in ((False, True) if color in (0, 2, 3) else (False,)):
                    channels = CHANNELS[color]
                    top = min(1 << depth, 200) if color == 3 else 1 << depth
                    samples = [rng.randrange(top) for _ in range(width * height * channels)]
                    palette = trns = None
                    if color == 3:
                        entries = min(1 << depth, 200)
                        palette = [rng.randrange(256) for _ in range(3 * entries)]
                        if keyed:
                            trns = [rng.randrange(256) for _ in range(min(entries, 7))]
                    elif keyed:
                        # A key equal to a sample that occurs, so it matters.
                        first = samples[:channels]
                        trns = list(b"".join(struct.pack(">H", v) for v in first))
                    pillow_can_write = not interlaced and (
                        (color, depth) in [(0, 1), (0, 8), (4, 8), (2, 8), (6, 8), (0, 16), (3, 1), (3, 2), (3, 4),
                                           (3, 8)] and not (depth == 16 and keyed) and not (depth == 1 and keyed))
                    if pillow_can_write:
                        data = pillow_png(width, height, color, depth, samples, palette, trns)
                        writer = "pillow"
                    else:
                        data = write_png(width, height, color, depth, samples, interlaced, rng, palette, trns)
                        writer = "script"
                    label = f"c{color}-d{depth}-{'adam7' if interlaced else 'plain'}-{'trns' if keyed else 'none'}-{width}x{height}-{writer}"
                    out.append((label, data, color, depth, samples, trns))
    return out


def pillow_png(width, height, color, depth, samples, palette, trns):
    buffer = io.BytesIO()
    if color == 0 and depth == 1:
        im = Image.frombytes("1", (width, height), bytes(pack_bits(samples, width, height)))
    elif color == 0 and depth == 16:
        im = Image.frombytes("I;16", (width, height), b"".join(struct.pack("<H", v) for v in samples))
    elif color == 0:
        im = Image.frombytes("L", (width, height), bytes(samples))
    elif color == 4:
        im = Image.frombytes("LA", (width, height), bytes(samples))
    elif color == 2:
        im = Image.frombytes("RGB", (width, height), bytes(samples))
    elif color == 6:
        im = Image.frombytes("RGBA", (width, height), bytes(samples))
    else:
        im = Image.frombytes("P", (width, height), bytes(samples))
        im.putpalette(palette)
    options = {}
    if color == 3:
        options["bits"] = depth
        if trns is not None:
            options["transparency"] = bytes(trns)
    elif trns is not None:
        values = struct.unpack(">" + "H" * (len(trns) // 2), bytes(trns))
        options["transparency"] = values[0] if color == 0 else values
    im.save(buffer, "PNG", **options)
    return buffer.getvalue()


def pack_bits(samples, width, height):
    out = []
    for y in range(height):
        row = samples[y * width:(y + 1) * width] + [0] * (-width % 8)
        out += [int("".join(str(b) for b in row[i:i + 8]), 2) for i in range(0, len(row), 8)]
    return out


def header_of(data):
    return struct.unpack(">IIBBBBB", data[16:29])


def main():
    timing = "--time" in sys.argv[1:]
    tool = os.path.join(ROOT, subprocess.check_output(
        ["bash", os.path.join(ROOT, "Benchmarks/imagetool/build.sh")], cwd=ROOT, text=True).strip().splitlines()[-1])
    os.makedirs(OUT, exist_ok=True)
    rng = random.Random(7)
    all_cases = cases(rng)
    listing = []
    for index, (label, data, *_rest) in enumerate(all_cases):
        path = os.path.join(OUT, f"{index:04d}-{label}.png")
        with open(path, "wb") as f:
            f.write(data)
        listing.append((path, path[:-4] + ".pam"))
    with open(os.path.join(OUT, "list.txt"), "w") as f:
        f.writelines(f"{a} {b}\n" for a, b in listing)
    results = subprocess.check_output([tool, "decode", os.path.join(OUT, "list.txt"), "--repeat", "1"], text=True).splitlines()
    agree = 0
    failures = []
    formats = set()
    for (label, data, color, depth, samples, trns), (png, pam), result in zip(all_cases, listing, results):
        # The file's header, as written (Pillow may pick another format).
        _, _, file_depth, file_color, _, _, file_interlace = header_of(data)
        formats.add((file_color, file_depth, file_interlace, trns is not None))
        if not result.startswith("ok"):
            failures.append(f"{label}: ours failed: {result}")
            continue
        raw = open(pam, "rb").read()
        ours = raw[raw.index(b"ENDHDR\n") + 7:]
        want = reference(data, file_color, file_depth, samples, trns)
        if ours == want:
            agree += 1
        else:
            diff = next(i for i in range(min(len(ours), len(want))) if ours[i] != want[i]) if len(ours) == len(want) else -1
            failures.append(f"{label}: differs at byte {diff} (ours {len(ours)} bytes, Pillow {len(want)})")
    print(f"files={len(all_cases)} agree={agree} differ={len(all_cases) - agree}")
    print(f"formats covered (colour type, depth, interlace, tRNS): {len(formats)}")
    for line in failures[:20]:
        print("  " + line)
    if timing:
        frames = os.path.join(ROOT, "Benchmarks/out/png-frames")
        names = sorted(n for n in os.listdir(frames) if n.endswith(".png"))
        with open(os.path.join(OUT, "frames.txt"), "w") as f:
            f.writelines(f"{os.path.join(frames, n)} {os.path.join(OUT, 'frame.pam')}\n" for n in names)
        ours_ns = sum(int(line.split("\t")[1]) for line in subprocess.check_output(
            [tool, "decode", os.path.join(OUT, "frames.txt"), "--repeat", "3"], text=True).splitlines())
        pillow_ns = 0
        for n in names:
            data = open(os.path.join(frames, n), "rb").read()
            best = None
            for _ in range(3):
                start = time.perf_counter_ns()
                Image.open(io.BytesIO(data)).convert("RGBA").tobytes()
                elapsed = time.perf_counter_ns() - start
                best = elapsed if best is None else min(best, elapsed)
            pillow_ns += best
        print(f"decode time, {len(names)} corpus frames: ours {ours_ns / 1e6:.1f} ms, Pillow {pillow_ns / 1e6:.1f} ms "
              f"(ratio Pillow/ours {pillow_ns / ours_ns:.2f})")
    return 0 if agree == len(all_cases) else 1


if __name__ == "__main__":
    sys.exit(main())
