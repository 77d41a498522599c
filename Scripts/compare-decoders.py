#!/usr/bin/env python3
"""Random animated WebP, APNG and GIF files, decoded by timeline-demo and by
a reference decoder, compared pixel for pixel.

Usage: Scripts/compare-decoders.py BIN [--format webp|apng|gif|all] [--count N] [--seed S] [--keep DIR]

- WebP: files written by Pillow's WebP plugin (libwebp's encoder: lossy and
  lossless, with and without alpha, every method, key-frame spacing,
  minimized and mixed animations), read back through Pillow, whose animated
  WebP reader is libwebp's `WebPAnimDecoder`. spec/webp.md follows libwebp,
  so every frame must be equal.
- APNG: files written by Pillow's APNG writer (every colour type Pillow
  writes, random dispose and blend ops, a default image in or out of the
  animation) or, for a third of them, by `apngasm` (its own rectangles,
  ops, colour type and palette choices), read back by `apngdis` (APNG Disassembler, Debian's
  `apngdis`), which composites each frame. A default image that is not
  part of the animation is apngdis's frame 0 and not ours (spec/apng.md),
  so it is left out. Pillow's own APNG reader is not the reference: it
  composites some dispose and blend combinations differently from
  browsers and from the spec.

- GIF: files written by Pillow's GIF writer (a palette of 2 to 256
  colours, random disposal, transparency, durations and loops), half of
  them then rewritten by `gifsicle` (-O1 to -O3, interlaced or not, fewer
  colours), read by Wuffs, Skia's (so Chromium's) GIF decoder, through
  the `skia-python` wheel (`Benchmarks/gif_vs_wuffs.py`'s `SkiaPass`),
  compared by the CRC-32 of every canvas (`info --json --crc`). spec/gif.md
  follows the browsers, so every frame must be equal.

Fully transparent pixels compare as 0,0,0,0 (their colour is not shown).
Each file that differs is kept (with --keep DIR) and printed with the
options that made it; the exit status is 1 when any differs. Needs
Pillow (pip install pillow); for APNG, apngdis (apt-get install apngdis);
for GIF, skia-python (pip install skia-python) and, optionally, gifsicle.
"""
import argparse
import glob
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Benchmarks"))


def normalized(data):
    out = bytearray(data)
    for i in range(0, len(out), 4):
        if out[i + 3] == 0:
            out[i:i + 4] = b"\0\0\0\0"
    return bytes(out)


def random_frame(rng, width, height, alpha):
    """Noise, or a flat colour with a few rectangles (alpha 0, 60, 128 or 255)."""
    if rng.random() < 0.3:
        image = Image.frombytes("RGBA", (width, height), rng.randbytes(width * height * 4))
    else:
        def colour():
            rgb = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
            return rgb + ((rng.choice([0, 60, 128, 255, 255]),) if alpha else (255,))
        image = Image.new("RGBA", (width, height), colour())
        for _ in range(rng.randrange(1, 6)):
            x0, y0 = rng.randrange(width), rng.randrange(height)
            image.paste(colour(), (x0, y0, rng.randrange(x0, width) + 1, rng.randrange(y0, height) + 1))
    return image if alpha else image.convert("RGB").convert("RGBA")


def ours(binary, path, scratch):
    """Our composited frames (normalized RGBA bytes), or None when we refuse the file."""
    folder = os.path.join(scratch, "ours")
    shutil.rmtree(folder, ignore_errors=True)
    result = subprocess.run([binary, "frames", path, "--out", folder, "--format", "pam", "--quiet"], capture_output=True)
    if result.returncode != 0:
        return None
    frames = []
    for name in sorted(glob.glob(os.path.join(folder, "frame-*.pam"))):
        data = open(name, "rb").read()
        frames.append(normalized(data[data.index(b"ENDHDR\n") + 7:]))
    return frames


def pillow_frames(path):
    image = Image.open(path)
    frames = []
    try:
        while True:
            frames.append(normalized(image.convert("RGBA").tobytes()))
            image.seek(image.tell() + 1)
    except EOFError:
        pass
    return frames


def apngdis_frames(path, scratch):
    folder = os.path.join(scratch, "apngdis")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    shutil.copy(path, os.path.join(folder, "in.png"))
    if subprocess.run(["apngdis", "in.png", "frame"], cwd=folder, capture_output=True).returncode != 0:
        return None
    names = sorted(glob.glob(os.path.join(folder, "frame*.png")))
    return [normalized(Image.open(name).convert("RGBA").tobytes()) for name in names]


def side(rng):
    """Mostly small; one in eight up to 400 (several macroblock rows, partitions)."""
    return rng.randrange(1, 400) if rng.random() < 0.125 else rng.randrange(1, 90)


def make_webp(rng, path):
    width, height, count = side(rng), side(rng), rng.randrange(1, 6)
    alpha = rng.random() < 0.6
    frames = [random_frame(rng, width, height, alpha) for _ in range(count)]
    options = dict(lossless=rng.random() < 0.5, quality=rng.randrange(0, 101), method=rng.randrange(0, 7))
    if count > 1:
        options.update(save_all=True, append_images=frames[1:], duration=[rng.randrange(1, 200) for _ in range(count)],
                       loop=rng.randrange(0, 3), minimize_size=rng.random() < 0.5, allow_mixed=rng.random() < 0.3)
        kmax = rng.choice([0, 1, 2, 3])
        if kmax:
            options.update(kmax=kmax, kmin=kmax - 1)
    frames[0].save(path, "WEBP", **options)
    return {k: v for k, v in options.items() if k != "append_images"} | {"size": (width, height), "frames": count, "alpha": alpha}


def make_apng(rng, path):
    width, height, count = side(rng), side(rng), rng.randrange(2, 6)
    alpha = rng.random() < 0.6
    mode = rng.choice(["RGBA", "RGB", "P", "L", "LA"])
    frames = [random_frame(rng, width, height, alpha) for _ in range(count)]
    if mode == "P":
        frames = [frame.convert("RGB").quantize(rng.choice([2, 16, 256])) for frame in frames]
    elif mode != "RGBA":
        frames = [frame.convert(mode) for frame in frames]
    options = dict(save_all=True, append_images=frames[1:], duration=[rng.randrange(1, 200) for _ in range(count)],
                   loop=rng.randrange(0, 3), disposal=[rng.randrange(0, 3) for _ in range(count)],
                   blend=[rng.randrange(0, 2) for _ in range(count)], default_image=rng.random() < 0.2,
                   optimize=rng.random() < 0.3)
    if shutil.which("apngasm") and rng.random() < 0.3:
        # apngasm's own choices of rectangles, dispose and blend ops, colour
        # type and palette (-kp, -kc keep the frames'), zlib or 7-Zip.
        folder = os.path.join(os.path.dirname(path), "apngasm")
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for number, frame in enumerate(frames):
            frame.save(os.path.join(folder, f"frame{number:03}.png"))
        flags = [flag for flag in ("-kp", "-kc") if rng.random() < 0.3] + [rng.choice(["-z0", "-z1"]), "-i1"]
        flags += ["-f"] if rng.random() < 0.2 else []
        delay = [str(rng.randrange(1, 50)), str(rng.randrange(0, 100))]
        subprocess.run(["apngasm", path, os.path.join(folder, "frame*.png"), *delay, f"-l{rng.randrange(0, 3)}", *flags],
                       check=True, capture_output=True)
        return {"apngasm": flags, "delay": delay, "size": (width, height), "mode": mode, "frames": count,
                "default_image": "-f" in flags}
    frames[0].save(path, "PNG", **options)
    return {k: v for k, v in options.items() if k != "append_images"} | {"size": (width, height), "mode": mode}


def make_gif(rng, path):
    width, height, count = side(rng), side(rng), rng.randrange(2, 6)
    alpha = rng.random() < 0.5
    colours = rng.choice([2, 4, 16, 100, 256])
    frames = [random_frame(rng, width, height, alpha).convert("RGB").quantize(colours) for _ in range(count)]
    options = dict(save_all=True, append_images=frames[1:], duration=[rng.randrange(0, 30) * 10 for _ in range(count)],
                   loop=rng.randrange(0, 3), disposal=[rng.randrange(0, 4) for _ in range(count)],
                   optimize=rng.random() < 0.5, interlace=rng.random() < 0.5)
    if rng.random() < 0.5:
        options["transparency"] = rng.randrange(colours)
    frames[0].save(path, "GIF", **options)
    rewrite = []
    if shutil.which("gifsicle") and rng.random() < 0.5:
        rewrite = [rng.choice(["-O1", "-O2", "-O3"])] + (["--interlace"] if rng.random() < 0.3 else [])
        rewrite += ["--colors", str(rng.choice([2, 8, 64]))] if rng.random() < 0.3 else []
        subprocess.run(["gifsicle", "-b", *rewrite, path], check=True, capture_output=True)
    return {k: v for k, v in options.items() if k != "append_images"} | {"size": (width, height), "gifsicle": rewrite}


def skia_crcs(path):
    """The CRC-32 of every canvas Skia's GIF decoder (Wuffs) draws, or None."""
    from gif_vs_wuffs import SkiaPass, skia_module
    crcs = []
    return crcs if SkiaPass(skia_module(), open(path, "rb").read()).run(crcs) is not None else None


def our_crcs(binary, path):
    result = subprocess.run([binary, "info", path, "--json", "--crc"], capture_output=True)
    return [frame["crc32"] for frame in json.loads(result.stdout)["frames"]] if result.returncode == 0 else None


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--format", choices=["webp", "apng", "gif", "all"], default="all")
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", default="")
    settings = parser.parse_args()
    binary = os.path.abspath(settings.binary)
    formats = ["webp", "apng", "gif"] if settings.format == "all" else [settings.format]
    count, seed, keep = settings.count, settings.seed, settings.keep
    if "apng" in formats and shutil.which("apngdis") is None:
        sys.exit("apngdis is missing: apt-get install apngdis")
    scratch = tempfile.mkdtemp(prefix="compare-decoders-")
    failures = 0
    for format in formats:
        rng = random.Random(f"{format}:{seed}")
        checked = frames = 0
        for number in range(count):
            path = os.path.join(scratch, "file." + {"webp": "webp", "apng": "png", "gif": "gif"}[format])
            try:
                options = {"webp": make_webp, "apng": make_apng, "gif": make_gif}[format](rng, path)
            except (OSError, ValueError):
                continue  # Pillow refused these options
            if format == "gif":
                reference, mine = skia_crcs(path), our_crcs(binary, path)
            else:
                reference = pillow_frames(path) if format == "webp" else apngdis_frames(path, scratch)
                mine = ours(binary, path, scratch)
            if reference is None:
                continue
            if format == "apng" and options["default_image"]:
                reference = reference[1:]  # the default image, not part of the animation
            checked += 1
            frames += len(reference)
            same = mine is not None and len(mine) == len(reference) and all(a == b for a, b in zip(mine, reference))
            if not same:
                failures += 1
                detail = "refused" if mine is None else f"{len(mine)} frames against {len(reference)}"
                if mine is not None and len(mine) == len(reference):
                    detail = "frames " + ", ".join(str(i) for i, (a, b) in enumerate(zip(mine, reference)) if a != b) + " differ"
                print(f"{format} #{number} (seed {seed}): {detail}; {options}")
                if keep:
                    os.makedirs(keep, exist_ok=True)
                    shutil.copy(path, os.path.join(keep, f"{format}-{seed}-{number}" + os.path.splitext(path)[1]))
        print(f"{format}: {checked} files, {frames} frames, seed {seed}")
    shutil.rmtree(scratch, ignore_errors=True)
    print("differ:", failures)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
