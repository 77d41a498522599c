#!/usr/bin/env python3
"""Our PNG encoder against zlib level 6, on every composited frame of every
GIF in the corpus.

Usage: Benchmarks/png_vs_zlib.py [GIFDIR] [--repeat N] [--check-pixels]

Builds Benchmarks/out/imagetool (Benchmarks/imagetool/build.sh), which
encodes every frame with RGBAImage.pngData() N times (default 3) and
reports the fastest time and writes the PNG. Then, for each PNG:
- its IDAT data (our zlib stream) is decompressed with Python's zlib,
  which checks the stream and gives our filtered rows;
- the same filtered bytes are compressed with zlib.compress(data, 6),
  N times, fastest time kept;
- size ratio = our zlib stream / zlib's; speed ratio = zlib's time / our
  time for the whole pngData() (filtering, RGB packing, deflate, Adler-32,
  CRC-32 included), so above 1 means ours is faster.
With --check-pixels (needs Pillow), every PNG is also decoded by Pillow and
its RGBA CRC-32 compared with the corpus' expected CRC of that frame.

Prints per-file worst ratios, then the totals; exits 1 if a size ratio
is above 1.10 or the total speed ratio below 0.5.
"""
import json
import os
import shutil
import statistics
import struct
import subprocess
import sys
import time
import zlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def idat_stream(data):
    offset = 8
    stream = bytearray()
    header = None
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        body = data[offset + 8:offset + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            stream += body
        offset += 12 + length
    return header, bytes(stream)


def fastest(function, repeat):
    best = None
    for _ in range(repeat):
        start = time.perf_counter_ns()
        result = function()
        elapsed = time.perf_counter_ns() - start
        best = elapsed if best is None else min(best, elapsed)
    return best, result


def main():
    args = sys.argv[1:]
    repeat = 3
    if "--repeat" in args:
        index = args.index("--repeat")
        repeat = int(args[index + 1])
        del args[index:index + 2]
    check_pixels = "--check-pixels" in args
    if check_pixels:
        args.remove("--check-pixels")
        from PIL import Image  # noqa: F401 (checked early)
    gif_dir = args[0] if args else os.path.join(ROOT, "..", "shared", "corpus", "gif")

    tool = subprocess.check_output(["bash", os.path.join(ROOT, "Benchmarks/imagetool/build.sh")], cwd=ROOT,
                                   text=True).strip().splitlines()[-1]
    out_dir = os.path.join(ROOT, "Benchmarks/out/png-frames")
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    listing = subprocess.check_output([os.path.join(ROOT, tool), "corpus-png", gif_dir, out_dir, "--repeat", str(repeat)],
                                      text=True)
    rows = []
    expected = {}
    for line in listing.splitlines():
        ident, name, frame, width, height, png_bytes, ns = line.split("\t")
        path = os.path.join(out_dir, ident + ".png")
        with open(path, "rb") as f:
            data = f.read()
        header, ours = idat_stream(data)
        filtered = zlib.decompress(ours)
        bpp = 4 if header[3] == 6 else 3
        assert len(filtered) == int(height) * (int(width) * bpp + 1), (name, frame)
        zlib_ns, theirs = fastest(lambda: zlib.compress(filtered, 6), repeat)
        if check_pixels:
            from PIL import Image
            if name not in expected:
                with open(os.path.join(gif_dir, name + ".json")) as f:
                    expected[name] = json.load(f)
            rgba = Image.open(path).convert("RGBA").tobytes()
            want = expected[name]["frames"][int(frame)]["crc32"]
            got = "%08x" % zlib.crc32(rgba)
            assert got == want, f"{name} frame {frame}: CRC {got}, corpus {want}"
        rows.append((name, int(frame), int(width), int(height), len(filtered), len(ours), len(theirs), int(ns), zlib_ns))

    ratios = [r[5] / r[6] for r in rows]
    speed = [r[8] / r[7] for r in rows]
    total_ours = sum(r[5] for r in rows)
    total_zlib = sum(r[6] for r in rows)
    time_ours = sum(r[7] for r in rows)
    time_zlib = sum(r[8] for r in rows)
    worst = max(range(len(rows)), key=lambda i: ratios[i])
    by_file = {}
    for row, ratio in zip(rows, ratios):
        by_file[row[0]] = max(by_file.get(row[0], 0), ratio)
    print("file\tworst_size_ratio")
    for name in sorted(by_file, key=by_file.get, reverse=True)[:10]:
        print(f"{name}\t{by_file[name]:.4f}")
    print()
    print(f"frames={len(rows)} files={len(by_file)} filtered_bytes={sum(r[4] for r in rows)}")
    print(f"size_ratio_worst={ratios[worst]:.4f} ({rows[worst][0]} frame {rows[worst][1]}, "
          f"{rows[worst][5]} vs {rows[worst][6]} bytes)")
    print(f"size_ratio_median={statistics.median(ratios):.4f} size_ratio_best={min(ratios):.4f}")
    print(f"size_ratio_total={total_ours / total_zlib:.4f} ({total_ours} vs {total_zlib} bytes)")
    print(f"speed_ratio_total={time_zlib / time_ours:.3f} (zlib {time_zlib / 1e6:.1f} ms, ours {time_ours / 1e6:.1f} ms; "
          f"above 1: ours faster)")
    print(f"speed_ratio_median={statistics.median(speed):.3f}")
    big = [i for i, r in enumerate(rows) if r[4] >= 100_000]
    if big:
        print(f"speed_ratio_total_frames_over_100KB={sum(rows[i][8] for i in big) / sum(rows[i][7] for i in big):.3f} "
              f"({len(big)} frames)")
    if check_pixels:
        print(f"pixels: all {len(rows)} frames decode (Pillow) to the corpus CRC-32")
    ok = ratios[worst] <= 1.10 and time_zlib / time_ours >= 0.5
    print("targets_met=" + ("true" if ok else "false"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
