#!/usr/bin/env python3
"""Our PNG encoder against zlib level 6, on every composited frame of every
GIF in the corpus.

Usage: Benchmarks/png_vs_zlib.py [GIFDIR] [--repeat N] [--check-pixels]
                                 [--pillow] [--previous REV] [--frame FILE:INDEX]...
                                 [--csv PATH] [--shrink F]

Builds Benchmarks/out/imagetool (Benchmarks/imagetool/build.sh), which
encodes every frame with RGBAImage.pngData() N times (default 3) and
reports the fastest time and writes the PNG. Then, for each PNG:
- its IDAT data (our zlib stream) is decompressed with Python's zlib,
  which checks the stream and gives our filtered rows (palette indices
  for an indexed file, filtered RGB or RGBA otherwise);
- the same filtered bytes are compressed with zlib.compress(data, 6),
  N times, fastest time kept;
- size ratio = our zlib stream / zlib's (the target: at most 1.10 on
  every frame); the file totals are also given with zlib's stream in
  place of ours; speed ratio = zlib's time / our time for the whole
  pngData() (colour counting, filtering or packing, deflate, Adler-32,
  CRC-32 included), so above 1 means ours is faster.
Extra references:
- --pillow (needs Pillow): the frame's RGBA (decoded from our PNG by
  Pillow) saved by Pillow as PNG with optimize=False (RGBA, zlib level 6,
  Pillow's filter choice); total bytes compared with ours;
- --previous REV: the encoder of git revision REV (its Sources/AnimTimeline
  and Benchmarks/imagetool, extracted to Benchmarks/out/previous-REV and
  built there) encodes the same frames; total bytes compared with ours.
--frame FILE:INDEX prints every size of that frame (e.g. harvesters.gif:0).
--csv PATH writes one line per frame with every figure.
--shrink F encodes each frame's thumbnail within width/F × height/F instead
(resized(toFit:), outside the timing): images of many colours, which take
the truecolour path (--check-pixels does not apply).
With --check-pixels (needs Pillow), every PNG is also decoded by Pillow and
its RGBA CRC-32 compared with the corpus' expected CRC of that frame.

Prints per-file worst ratios, then the totals; exits 1 if a size ratio
is above 1.10 or the total speed ratio below 0.5.
"""
import io
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
    """(IHDR fields, the IDAT data joined)."""
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


def row_bytes(header):
    """Bytes of one filtered row, filter byte included."""
    width, _, depth, color_type = header[:4]
    samples = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    return (width * samples * depth + 7) // 8 + 1


def encode_corpus(tool, gif_dir, out_dir, repeat, shrink=1):
    """Runs `tool corpus-png`; returns its lines split on tabs."""
    shutil.rmtree(out_dir, ignore_errors=True)
    os.makedirs(out_dir)
    extra = ["--shrink", str(shrink)] if shrink > 1 else []
    listing = subprocess.check_output([tool, "corpus-png", gif_dir, out_dir, "--repeat", str(repeat)] + extra, text=True)
    return [line.split("\t") for line in listing.splitlines()]


def previous_sizes(revision, gif_dir):
    """{(file, frame): PNG bytes} from the encoder of git revision `revision`."""
    commit = subprocess.check_output(["git", "rev-parse", "--short", revision], cwd=ROOT, text=True).strip()
    tree = os.path.join(ROOT, "Benchmarks/out/previous-" + commit)
    if not os.path.isdir(os.path.join(tree, "Sources")):
        os.makedirs(tree, exist_ok=True)
        archive = subprocess.check_output(["git", "archive", commit, "Sources/AnimTimeline", "Benchmarks/imagetool"],
                                          cwd=ROOT)
        subprocess.run(["tar", "-x", "-C", tree], input=archive, check=True)
    tool = subprocess.check_output(["bash", os.path.join(tree, "Benchmarks/imagetool/build.sh")], cwd=tree,
                                   text=True).strip().splitlines()[-1]
    rows = encode_corpus(os.path.join(tree, tool), gif_dir, os.path.join(tree, "png-frames"), 1)
    return commit, {(r[1], int(r[2])): int(r[5]) for r in rows}


def pillow_size(path):
    """Bytes of Pillow's PNG (optimize=False) of the RGBA image in `path`."""
    from PIL import Image
    rgba = Image.open(path).convert("RGBA")
    buffer = io.BytesIO()
    rgba.save(buffer, "PNG", optimize=False)
    return len(buffer.getvalue())


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
    previous = None
    if "--previous" in args:
        index = args.index("--previous")
        previous = args[index + 1]
        del args[index:index + 2]
    shown = set()
    while "--frame" in args:
        index = args.index("--frame")
        name, _, frame = args[index + 1].rpartition(":")
        shown.add((name, int(frame)))
        del args[index:index + 2]
    shrink = 1
    if "--shrink" in args:
        index = args.index("--shrink")
        shrink = int(args[index + 1])
        del args[index:index + 2]
    csv_path = None
    if "--csv" in args:
        index = args.index("--csv")
        csv_path = args[index + 1]
        del args[index:index + 2]
    check_pixels = "--check-pixels" in args
    if check_pixels:
        args.remove("--check-pixels")
    pillow = "--pillow" in args
    if pillow:
        args.remove("--pillow")
    if check_pixels or pillow:
        from PIL import Image  # noqa: F401 (checked early)
    gif_dir = args[0] if args else os.path.join(ROOT, "..", "shared", "corpus", "gif")
    if shrink > 1 and (previous or check_pixels):
        sys.exit("--shrink goes with neither --previous (older imagetools have no --shrink) nor --check-pixels")

    tool = subprocess.check_output(["bash", os.path.join(ROOT, "Benchmarks/imagetool/build.sh")], cwd=ROOT,
                                   text=True).strip().splitlines()[-1]
    out_dir = os.path.join(ROOT, "Benchmarks/out/png-frames")
    listing = encode_corpus(os.path.join(ROOT, tool), gif_dir, out_dir, repeat, shrink)
    before = previous_sizes(previous, gif_dir) if previous else None
    rows = []
    expected = {}
    kinds = {}
    for ident, name, frame, width, height, png_bytes, ns in listing:
        path = os.path.join(out_dir, ident + ".png")
        with open(path, "rb") as f:
            data = f.read()
        header, ours = idat_stream(data)
        filtered = zlib.decompress(ours)
        assert len(filtered) == int(height) * row_bytes(header), (name, frame)
        kind = "indexed %d-bit" % header[2] if header[3] == 3 else {2: "RGB", 6: "RGBA"}[header[3]]
        kinds[kind] = kinds.get(kind, 0) + 1
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
        pillow_bytes = pillow_size(path) if pillow else None
        previous_bytes = before[1].get((name, int(frame))) if before else None
        rows.append((name, int(frame), int(width), int(height), len(filtered), len(ours), len(theirs), int(ns), zlib_ns,
                     len(data), pillow_bytes, previous_bytes, kind))

    if csv_path:
        with open(csv_path, "w") as f:
            f.write("file,frame,width,height,filtered_bytes,our_stream,zlib_stream,our_ns,zlib_ns,our_file,"
                    "pillow_file,previous_file,layout\n")
            for row in rows:
                f.write(",".join("" if value is None else str(value) for value in row) + "\n")
    ratios = [r[5] / r[6] for r in rows]
    speed = [r[8] / r[7] for r in rows]
    total_ours = sum(r[5] for r in rows)
    total_zlib = sum(r[6] for r in rows)
    time_ours = sum(r[7] for r in rows)
    time_zlib = sum(r[8] for r in rows)
    files_ours = sum(r[9] for r in rows)
    worst = max(range(len(rows)), key=lambda i: ratios[i])
    by_file = {}
    for row, ratio in zip(rows, ratios):
        by_file[row[0]] = max(by_file.get(row[0], 0), ratio)
    print("file\tworst_size_ratio")
    for name in sorted(by_file, key=by_file.get, reverse=True)[:10]:
        print(f"{name}\t{by_file[name]:.4f}")
    print()
    for row in rows:
        if (row[0], row[1]) in shown:
            print(f"{row[0]} frame {row[1]} ({row[2]}x{row[3]}, {row[12]}): file {row[9]} bytes; stream {row[5]}, "
                  f"zlib -6 on the same rows {row[6]}"
                  + (f"; Pillow optimize=False {row[10]}" if row[10] is not None else "")
                  + (f"; previous encoder {row[11]}" if row[11] is not None else ""))
    print(f"frames={len(rows)} files={len(by_file)} filtered_bytes={sum(r[4] for r in rows)}")
    print("layouts: " + ", ".join(f"{kind} {count}" for kind, count in sorted(kinds.items())))
    print(f"size_ratio_worst={ratios[worst]:.4f} ({rows[worst][0]} frame {rows[worst][1]}, "
          f"{rows[worst][5]} vs {rows[worst][6]} bytes)")
    print(f"size_ratio_median={statistics.median(ratios):.4f} size_ratio_best={min(ratios):.4f}")
    print(f"size_ratio_total={total_ours / total_zlib:.4f} ({total_ours} vs {total_zlib} bytes of zlib stream)")
    print(f"file_bytes_total={files_ours} (with zlib -6's streams instead: {files_ours - total_ours + total_zlib})")
    if pillow:
        total_pillow = sum(r[10] for r in rows)
        print(f"pillow_optimize_false_total={total_pillow} (ours / Pillow = {files_ours / total_pillow:.4f}; "
              f"frames where ours is larger: {sum(1 for r in rows if r[9] > r[10])})")
    if before:
        matched = [r for r in rows if r[11] is not None]
        total_previous = sum(r[11] for r in matched)
        total_now = sum(r[9] for r in matched)
        print(f"previous_encoder_total={total_previous} (revision {before[0]}, {len(matched)} frames; "
              f"ours now {total_now}, ratio {total_now / total_previous:.4f}; "
              f"frames now larger: {sum(1 for r in matched if r[9] > r[11])})")
    print(f"speed_ratio_total={time_zlib / time_ours:.3f} (zlib {time_zlib / 1e6:.1f} ms, ours {time_ours / 1e6:.1f} ms; "
          f"above 1: ours faster)")
    print(f"speed_ratio_median={statistics.median(speed):.3f}")
    big = [i for i, r in enumerate(rows) if r[2] * r[3] * 4 >= 100_000]
    if big:
        print(f"speed_ratio_total_frames_over_100KB_of_pixels={sum(rows[i][8] for i in big) / sum(rows[i][7] for i in big):.3f} "
              f"({len(big)} frames)")
    if check_pixels:
        print(f"pixels: all {len(rows)} frames decode (Pillow) to the corpus CRC-32")
    ok = ratios[worst] <= 1.10 and time_zlib / time_ours >= 0.5
    print("targets_met=" + ("true" if ok else "false"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
