#!/usr/bin/env python3
"""RGBAImage.resized(toFit:) against Pillow's Image.reduce(factor).

Usage: Benchmarks/resize_vs_pillow.py [GIFDIR] [--frames-per-file K]
Needs Pillow and numpy (pip install pillow numpy).

Images: the first, middle and last composited frame (K = 3) of every GIF
in the corpus (written as PNG by Benchmarks/imagetool corpus-png and
read back with Pillow), and synthetic images (noise with random alpha,
alpha ramps, opaque gradients, sparse transparency). Each is cropped to a
multiple of the factor (2, 3, 4, 5, 8), so the whole-factor reduction of
both sides covers the same pixels, and shrunk by ours to fit
(width / f, height / f) and by Pillow's reduce(f).

Pillow reduces RGBA in premultiplied form stored as 8-bit values
(RGBA -> RGBa -> reduce -> RGBA), which loses colour precision where alpha
is low; ours averages exactly. So the comparison is split:
- alpha: every value, must be within ±1;
- colour where every source pixel of the block is opaque: within ±1;
- colour of translucent results: compared premultiplied
  (colour * alpha / 255), within ±1 plus Pillow's own rounding of the
  premultiplied source (reported as a distribution, not a pass/fail);
- and against an exact reference computed here with numpy in 64-bit
  integers from the definition (area average in premultiplied alpha,
  rounded half up): must be equal everywhere.
"""
import os
import random
import subprocess
import sys

import numpy as np
from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Benchmarks/out/resize")
FACTORS = [2, 3, 4, 5, 8]


def write_pam(path, array):
    h, w, _ = array.shape
    with open(path, "wb") as f:
        f.write(f"P7\nWIDTH {w}\nHEIGHT {h}\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".encode())
        f.write(array.astype(np.uint8).tobytes())


def read_pam(path):
    data = open(path, "rb").read()
    end = data.index(b"ENDHDR\n")
    fields = dict(line.split(b" ", 1) for line in data[:end].split(b"\n")[1:] if b" " in line)
    w, h = int(fields[b"WIDTH"]), int(fields[b"HEIGHT"])
    return np.frombuffer(data[end + 7:], dtype=np.uint8).reshape(h, w, 4)


def exact_reduce(array, f):
    """Area average of f×f blocks in premultiplied alpha, exact, halves up."""
    a = array.astype(np.int64)
    h, w = a.shape[0] // f, a.shape[1] // f
    blocks = a.reshape(h, f, w, f, 4)
    alpha = blocks[..., 3]
    asum = alpha.sum(axis=(1, 3))
    out = np.zeros((h, w, 4), dtype=np.int64)
    n = f * f
    out[..., 3] = (2 * asum + n) // (2 * n)
    for c in range(3):
        csum = (blocks[..., c] * alpha).sum(axis=(1, 3))
        with np.errstate(divide="ignore", invalid="ignore"):
            out[..., c] = np.where(asum > 0, (2 * csum + asum) // np.maximum(2 * asum, 1), 0)
    out[out[..., 3] == 0] = 0
    return out


def synthetic(rng):
    images = []
    for kind in ("noise", "alpha-ramp", "gradient", "sparse", "low-alpha"):
        for w, h in ((40, 40), (64, 24), (17, 120)):
            r = np.random.default_rng(rng.randrange(1 << 30))
            a = r.integers(0, 256, size=(h, w, 4))
            if kind == "alpha-ramp":
                a[..., 3] = (np.arange(w)[None, :] * 255 // max(1, w - 1))
            elif kind == "gradient":
                a[..., 0] = np.arange(w)[None, :] * 7 % 256
                a[..., 1] = np.arange(h)[:, None] * 5 % 256
                a[..., 3] = 255
            elif kind == "sparse":
                a[..., 3] = np.where(r.random((h, w)) < 0.8, 0, 255)
            elif kind == "low-alpha":
                a[..., 3] = r.integers(0, 8, size=(h, w))
            images.append((f"synthetic-{kind}-{w}x{h}", a.astype(np.uint8)))
    return images


def main():
    args = sys.argv[1:]
    per_file = 3
    if "--frames-per-file" in args:
        i = args.index("--frames-per-file")
        per_file = int(args[i + 1])
        del args[i:i + 2]
    gif_dir = args[0] if args else os.path.join(ROOT, "..", "shared", "corpus", "gif")
    tool = os.path.join(ROOT, subprocess.check_output(
        ["bash", os.path.join(ROOT, "Benchmarks/imagetool/build.sh")], cwd=ROOT, text=True).strip().splitlines()[-1])
    os.makedirs(OUT, exist_ok=True)
    frames_dir = os.path.join(OUT, "frames")
    os.makedirs(frames_dir, exist_ok=True)
    listing = subprocess.check_output([tool, "corpus-png", gif_dir, frames_dir, "--repeat", "1"], text=True)
    by_file = {}
    for line in listing.splitlines():
        ident, name, frame = line.split("\t")[:3]
        by_file.setdefault(name, []).append(ident)
    images = []
    for name, idents in sorted(by_file.items()):
        picks = sorted({idents[0], idents[len(idents) // 2], idents[-1]})[:per_file]
        for ident in picks:
            rgba = np.asarray(Image.open(os.path.join(frames_dir, ident + ".png")).convert("RGBA"))
            images.append((f"{name}#{ident}", rgba))
    images += synthetic(random.Random(1))

    jobs = []
    for index, (label, array) in enumerate(images):
        for f in FACTORS:
            h, w = array.shape[0] // f * f, array.shape[1] // f * f
            if h == 0 or w == 0:
                continue
            crop = np.ascontiguousarray(array[:h, :w])
            source = os.path.join(OUT, f"{index}-{f}.in.pam")
            target = os.path.join(OUT, f"{index}-{f}.out.pam")
            write_pam(source, crop)
            jobs.append((label, f, crop, source, target))
    with open(os.path.join(OUT, "list.txt"), "w") as f:
        for label, factor, crop, source, target in jobs:
            f.write(f"{source} {target} {crop.shape[1] // factor} {crop.shape[0] // factor}\n")
    results = subprocess.check_output([tool, "resize", os.path.join(OUT, "list.txt"), "--repeat", "1"], text=True).splitlines()
    assert len(results) == len(jobs)

    counts = {"alpha": [0, 0], "opaque colour": [0, 0], "translucent colour, premultiplied": [0, 0]}
    worst = {k: 0 for k in counts}
    exact_mismatch = 0
    values = 0
    for (label, f, crop, source, target), result in zip(jobs, results):
        ours = read_pam(target).astype(np.int64)
        pillow = np.asarray(Image.fromarray(crop, "RGBA").reduce(f)).astype(np.int64)
        assert ours.shape == pillow.shape, (label, f, ours.shape, pillow.shape)
        exact = exact_reduce(crop, f)
        exact_mismatch += int((exact != ours).sum())
        values += ours.size
        d_alpha = np.abs(ours[..., 3] - pillow[..., 3])
        counts["alpha"][0] += d_alpha.size
        counts["alpha"][1] += int((d_alpha > 1).sum())
        worst["alpha"] = max(worst["alpha"], int(d_alpha.max()))
        h, w = ours.shape[:2]
        opaque_blocks = (crop[..., 3].reshape(h, f, w, f) == 255).all(axis=(1, 3))
        d_colour = np.abs(ours[..., :3] - pillow[..., :3]).max(axis=2)
        sel = d_colour[opaque_blocks]
        counts["opaque colour"][0] += sel.size * 3
        counts["opaque colour"][1] += int((np.abs(ours[..., :3] - pillow[..., :3])[opaque_blocks] > 1).sum())
        if sel.size:
            worst["opaque colour"] = max(worst["opaque colour"], int(sel.max()))
        translucent = ~opaque_blocks & (ours[..., 3] > 0)
        pre_ours = ours[..., :3] * ours[..., 3:4] / 255.0
        pre_pillow = pillow[..., :3] * pillow[..., 3:4] / 255.0
        d_pre = np.abs(pre_ours - pre_pillow)[translucent]
        counts["translucent colour, premultiplied"][0] += d_pre.size
        counts["translucent colour, premultiplied"][1] += int((d_pre > 2).sum())
        if d_pre.size:
            worst["translucent colour, premultiplied"] = max(worst["translucent colour, premultiplied"], float(d_pre.max()))
    print(f"images={len(images)} reductions={len(jobs)} factors={FACTORS} output_values={values}")
    print(f"exact_reference_mismatches={exact_mismatch}")
    for key, (total, bad) in counts.items():
        limit = "2" if key.startswith("translucent") else "1"
        print(f"{key}: {total - bad} of {total} within ±{limit} of Pillow (worst difference {worst[key]})")
    ok = exact_mismatch == 0 and counts["alpha"][1] == 0 and counts["opaque colour"][1] == 0
    print("agreement=" + ("true" if ok else "false"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
