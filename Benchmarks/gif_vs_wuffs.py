#!/usr/bin/env python3
"""A first play of every multi-frame GIF of a corpus against Wuffs, in one
run (issue #17: `bench decode FILE --repeat 1` within 1.5x of Wuffs).

Wuffs here is the GIF decoder inside Skia (`SkWuffsCodec`), as the
`skia-python` wheel on PyPI ships it: Debian has no Wuffs package, and
PyPI's `pywuffs` decodes a GIF's first frame only. The script installs
`skia-python` with pip when it is missing.

One pass, both sides, includes opening the file from its bytes in memory:
ours is `timeline-demo bench decode FILE --repeat N --reopen` (a fresh
provider each repeat, every frame composited in order, `ns_per_frame`);
Skia's is `Codec.MakeFromData` and then `getPixels` of every frame in order
into one RGBA (unpremultiplied) buffer, each frame drawn on the frame
before it (`fPriorFrame`) as a player does, so no frame is decoded twice;
where a frame restores the previous canvas, the canvas it returns to is
kept aside and copied back, as a player must. Python's call overhead
(about a microsecond a frame) counts against Skia.

The two sides alternate ROUNDS times per file (default 5) and each side's
time is the median of its rounds. Before timing, every frame Skia draws is
compared (CRC-32 of the RGBA canvas) with the corpus's expected result:
files where Skia's pixels differ from the spec's (Skia follows browsers
on some broken files) are listed and left out of the totals, so the two
sides are timed on the same work. Files the expected results reject, and
one-frame files, are skipped.

Usage: Benchmarks/gif_vs_wuffs.py BIN CORPUS_DIR [REPEATS [ROUNDS]]
"""
import glob, json, os, subprocess, sys, time, zlib
from alternation import medians

def skia_module():
    try:
        import skia
    except ImportError:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "skia-python"], check=True)
        import skia
    return skia

def fields(line):
    return dict(word.split("=", 1) for word in line.split() if "=" in word)

class SkiaPass:
    """One composited pass of a GIF through Skia's Wuffs codec."""
    def __init__(self, skia, data):
        self.skia, self.data = skia, skia.Data.MakeWithCopy(data)

    def run(self, crcs=None):
        skia = self.skia
        try:
            codec = skia.Codec.MakeFromData(self.data)
        except RuntimeError:
            return None
        info = codec.getInfo().makeColorType(skia.kRGBA_8888_ColorType).makeAlphaType(skia.kUnpremul_AlphaType)
        row = info.width() * 4
        canvas = bytearray(row * info.height())
        kept = {}
        frames = codec.getFrameInfo()
        options = skia.Codec.Options()
        for index, frame in enumerate(frames):
            required = frame.fRequiredFrame
            prior = -1
            if required != -1:
                previous = frames[index - 1]
                if previous.fDisposalMethod != skia.Codec.DisposalMethod.kRestorePrevious:
                    prior = index - 1
                elif required in kept:
                    canvas[:] = kept[required]
                    prior = required
            if frame.fDisposalMethod == skia.Codec.DisposalMethod.kRestorePrevious and index > 0:
                kept[index - 1] = bytes(canvas)
            options.fFrameIndex = index
            options.fPriorFrame = prior
            result = codec.getPixels(info, canvas, row, options)
            if result not in (skia.Codec.Result.kSuccess, skia.Codec.Result.kIncompleteInput):
                return None
            if crcs is not None:
                crcs.append(f"{zlib.crc32(canvas):08x}")
        return len(frames)

def main():
    binary, corpus = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    skia = skia_module()
    print(f"skia-python {skia.__version__}, repeats {repeats}, rounds {rounds}")
    total_theirs = total_ours = 0.0
    worst, worst_file, compared, differing = 0.0, "", 0, []
    for path in sorted(glob.glob(os.path.join(corpus, "*.gif"))):
        want = json.load(open(path + ".json"))
        if "error" in want or len(want.get("frames", [])) < 2:
            continue
        name = os.path.basename(path)
        wuffs = SkiaPass(skia, open(path, "rb").read())
        crcs = []
        if wuffs.run(crcs) is None or crcs != [frame["crc32"] for frame in want["frames"]]:
            differing.append(name)
            continue
        times = []
        for _ in range(rounds):
            start = time.perf_counter_ns()
            for _ in range(repeats):
                wuffs.run()
            theirs = (time.perf_counter_ns() - start) / repeats
            ours = subprocess.run([binary, "bench", "decode", path, "--repeat", str(repeats), "--reopen"],
                                  capture_output=True, text=True)
            if ours.returncode != 0:
                raise SystemExit(f"error: {name}: {ours.stderr.strip()}")
            got = fields(ours.stdout)
            times.append((theirs, float(got["ns_per_frame"]) * int(got["frames"])))
        t, o, spread = medians(times)
        total_theirs += t
        total_ours += o
        compared += 1
        if o / t > worst:
            worst, worst_file = o / t, name
        print(f"{name[-52:]:52} {len(crcs):5} {t / 1e3:10.1f} {o / 1e3:10.1f} {o / t:6.2f} "
              f"{min(spread):5.2f}-{max(spread):<5.2f}")
    print()
    print(f"files compared: {compared}; Skia's pixels differ from the spec's on {len(differing)}: {' '.join(differing)}")
    print(f"total: wuffs_ms={total_theirs / 1e6:.2f} ours_ms={total_ours / 1e6:.2f} "
          f"ratio={total_ours / total_theirs:.2f} worst={worst:.2f} worst_file={worst_file}")

if __name__ == "__main__":
    main()
