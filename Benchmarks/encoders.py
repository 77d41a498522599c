#!/usr/bin/env python3
"""The GIF and APNG encoders (`timeline-demo convert`) against gifsicle,
apngasm, Pillow and pngquant, in one run, on the same files for every tool
(issue #19, point 4). Installs what is missing first: gifsicle, apngasm,
apngdis and pngquant from Debian packages, Pillow and numpy from PyPI.

Usage: Benchmarks/encoders.py BIN CORPUS [--repeat N] [--limit K] [--sections 1,2,3,4,5] [-v]
  BIN     a release timeline-demo (swift build -c release ...)
  CORPUS  the folder holding gif/, apng/ and webp/ (../shared/corpus)

Sections (each prints one line per file with -v, and its totals):
1. lossless: every animated corpus GIF (frames > 1, no error, not
   truncated) converted to GIF and to APNG; each output decoded by this
   library (`frames --format pam`, `info --json`), by Pillow, by gifsicle
   (`gifsicle -U`, then this library) and by apngdis must give the
   source's composited frames (fully transparent pixels compared as
   0,0,0,0; equal neighbours merged), durations and loop count.
2. size: the GIFs against `gifsicle -O3` on the sources (total and worst
   file); the APNGs against Pillow's APNG writer and apngasm (default
   settings: 7-Zip deflate, 15 iterations) on the same frames.
3. true colour: animated APNGs, animated WebPs and synthetic gradients to
   GIF, ours against Pillow's GIF writer: size, and mean PSNR over frames
   against the source frames; pngquant's per-frame PSNR (a palette of its
   own per frame) as the reference for palette quality.
4. speed: encoding every lossless-section source to GIF, fastest of N
   runs: ours (`convert`, decoding included) against Pillow's GIF writer
   (frames already in memory) and `gifsicle -O1` (from the source GIF);
   and our encoder alone with the frames in memory (`bench encode`), as
   Pillow's writer is timed; and `convert --fast` (one encoding of each
   frame, as gifsicle -O1 does) against `gifsicle -O1`, both from the
   frames written whole (`gifsicle -U`). Each of the 82 files is a
   process on both sides, so build BIN as gifsicle is, a static
   executable (`swift build -c release --static-swift-stdlib -Xswiftc
   -static-executable`: it starts in about 1 ms, as gifsicle does; with
   the dynamic loader, 2 ms).
5. thumbnails: `convert SRC --size 64x64` on every animated corpus GIF:
   the APNG's frames equal `frames --size 64x64` (resized(toFit:), before
   any quantization), and the GIF's total duration equals the source's to
   the centisecond.
"""
import glob, io, json, math, os, shutil, struct, subprocess, sys, tempfile, time, zlib


def ensure_tools():
    missing = [name for name in ("gifsicle", "apngasm", "apngdis", "pngquant") if shutil.which(name) is None]
    if missing:
        packages = {"gifsicle": "gifsicle", "apngasm": "apngasm", "apngdis": "apngdis", "pngquant": "pngquant"}
        subprocess.run(["apt-get", "update"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        subprocess.run(["apt-get", "install", "-y"] + [packages[m] for m in missing], check=True,
                       stdout=subprocess.DEVNULL)
    for module, package in (("PIL", "pillow"), ("numpy", "numpy")):
        try:
            __import__(module)
        except ImportError:
            if subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", package]).returncode != 0:
                subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--break-system-packages", package],
                               check=True)


def run(args, **kwargs):
    return subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)


def info(binary, path):
    result = run([binary, "info", path, "--json"])
    if result.returncode != 0:
        return None
    return json.loads(result.stdout)


def read_pam(path):
    data = open(path, "rb").read()
    header_end = data.index(b"ENDHDR\n") + len(b"ENDHDR\n")
    fields = dict(line.split(b" ", 1) for line in data[:header_end].split(b"\n")[1:-2] if b" " in line)
    width, height = int(fields[b"WIDTH"]), int(fields[b"HEIGHT"])
    return width, height, data[header_end:]


def normalised(rgba):
    """RGBA bytes with every fully transparent pixel as 0,0,0,0."""
    import numpy
    pixels = numpy.frombuffer(rgba, dtype=numpy.uint8).reshape(-1, 4).copy()
    pixels[pixels[:, 3] == 0] = 0
    return pixels.tobytes()


def our_frames(binary, path, scratch, size=None):
    """[(rgba, duration_ms)] and the loop count, as this library decodes."""
    meta = info(binary, path)
    if meta is None:
        return None, None
    folder = tempfile.mkdtemp(dir=scratch)
    args = [binary, "frames", path, "--out", folder, "--format", "pam", "--quiet"]
    if size:
        args += ["--size", size]
    if run(args).returncode != 0:
        return None, None
    frames = []
    for index, frame in enumerate(meta["frames"]):
        _, _, rgba = read_pam(os.path.join(folder, "frame-%03d.pam" % index))
        frames.append((normalised(rgba), frame["delay_ms"]))
    shutil.rmtree(folder)
    return frames, meta["loops"]


def merged(frames):
    """Equal neighbours merged, durations added (what every encoder does)."""
    out = []
    for rgba, duration in frames:
        if out and out[-1][0] == rgba:
            out[-1] = (rgba, out[-1][1] + duration)
        else:
            out.append((rgba, duration))
    return out


def same(a, b):
    return [(zlib.crc32(x), d) for x, d in merged(a)] == [(zlib.crc32(x), d) for x, d in merged(b)]


def pillow_frames(path):
    from PIL import Image
    frames = []
    with Image.open(path) as image:
        loop = image.info.get("loop")
        for index in range(getattr(image, "n_frames", 1)):
            image.seek(index)
            frames.append((normalised(image.convert("RGBA").tobytes()), image.info.get("duration", 0)))
    return frames, loop


def apngdis_frames(path, scratch):
    from PIL import Image
    folder = tempfile.mkdtemp(dir=scratch)
    copy = os.path.join(folder, "anim.png")
    shutil.copy(path, copy)
    if run(["apngdis", copy, "f"], cwd=folder).returncode != 0:
        return None
    frames = []
    for png in sorted(glob.glob(os.path.join(folder, "f*.png"))):
        text = open(png[:-4] + ".txt").read().strip()
        num, den = text.split("=")[1].split("/")
        den = int(den) or 100
        with Image.open(png) as image:
            frames.append((normalised(image.convert("RGBA").tobytes()), round(int(num) * 1000 / den)))
    shutil.rmtree(folder)
    return frames


def psnr_rgb(a, b):
    """PSNR over the colour of the pixels opaque in the source `a` (99 when
    equal), the usual measure of a palette's quality."""
    import numpy
    if len(a) != len(b):
        return float("nan")
    x = numpy.frombuffer(a, dtype=numpy.uint8).reshape(-1, 4)
    y = numpy.frombuffer(b, dtype=numpy.uint8).reshape(-1, 4)
    opaque = x[:, 3] >= 128
    if not opaque.any():
        return 99.0
    difference = x[opaque, :3].astype(numpy.int64) - y[opaque, :3].astype(numpy.int64)
    total = int((difference * difference).sum())
    if total == 0:
        return 99.0
    return 10 * math.log10(255 * 255 * difference.size / total)


def best_time(args, repeat, **kwargs):
    best = None
    for _ in range(repeat):
        start = time.perf_counter()
        result = run(args, **kwargs)
        elapsed = time.perf_counter() - start
        if result.returncode != 0:
            raise RuntimeError(" ".join(args) + ": " + result.stderr.decode(errors="replace"))
        best = elapsed if best is None else min(best, elapsed)
    return best


def pillow_save(frames, size, path, fmt, loop):
    from PIL import Image
    images = [Image.frombytes("RGBA", size, rgba) for rgba, _ in frames]
    # Pillow's GIF writer stores milliseconds / 10 in 16 bits.
    durations = [min(max(d, 1), 655_350) for _, d in frames]
    kwargs = {"save_all": True, "append_images": images[1:], "duration": durations}
    if loop != 1:
        kwargs["loop"] = 0 if loop == "inf" else loop - 1 if fmt == "GIF" else loop
    images[0].save(path, format=fmt, **kwargs)


def main():
    args = sys.argv[1:]
    verbose = "-v" in args
    args = [a for a in args if a != "-v"]
    repeat, limit = 3, None
    if "--repeat" in args:
        i = args.index("--repeat"); repeat = int(args[i + 1]); del args[i:i + 2]
    if "--limit" in args:
        i = args.index("--limit"); limit = int(args[i + 1]); del args[i:i + 2]
    sections = {1, 2, 3, 4, 5}
    if "--sections" in args:
        i = args.index("--sections"); sections = {int(x) for x in args[i + 1].split(",")}; del args[i:i + 2]
    binary, corpus = os.path.abspath(args[0]), args[1]
    ensure_tools()
    from PIL import Image
    scratch = tempfile.mkdtemp(prefix="encoders-")
    print("date:", time.strftime("%Y-%m-%d"), "gifsicle:", run(["gifsicle", "--version"]).stdout.split(b"\n")[0].decode(),
          "| Pillow:", __import__("PIL").__version__)

    # Sources: animated GIFs that decode whole.
    sources = []
    for path in sorted(glob.glob(os.path.join(corpus, "gif", "*.gif"))):
        meta = info(binary, path)
        if meta and len(meta["frames"]) > 1 and not meta["truncated"] and all(f["complete"] for f in meta["frames"]):
            sources.append(path)
    if limit:
        sources = sources[:limit]
    print("sources: %d animated GIFs" % len(sources))

    # 1 + 2: lossless and size.
    if not ({1, 2} & sections):
        sources_for_checks = []
    else:
        sources_for_checks = sources
    failures = {"ours gif": [], "ours png": [], "pillow gif": [], "pillow png": [], "gifsicle": [], "apngdis": []}
    totals = {"ours gif": 0, "gifsicle -O3": 0, "ours png": 0, "pillow png": 0, "apngasm": 0}
    worst_gif = (0, "")
    unreadable = []
    lossy_baseline = []
    not_read = []  # our output that a baseline tool cannot read (its own limits)
    for path in sources_for_checks:
        name = os.path.basename(path)
        frames, loops = our_frames(binary, path, scratch)
        meta = info(binary, path)
        size = (meta["width"], meta["height"])
        out_gif = os.path.join(scratch, "o.gif")
        out_png = os.path.join(scratch, "o.png")
        for out in (out_gif, out_png):
            result = run([binary, "convert", path, "--out", out, "--quiet"])
            if result.returncode != 0:
                print("convert failed:", name, result.stderr.decode(errors="replace").strip())
                continue
        checks = [("ours gif", lambda: our_frames(binary, out_gif, scratch)),
                  ("ours png", lambda: our_frames(binary, out_png, scratch)),
                  ("pillow gif", lambda: pillow_frames(out_gif)),
                  ("pillow png", lambda: pillow_frames(out_png))]
        for label, decode in checks:
            got, got_loops = decode()
            if label.startswith("pillow"):
                # Pillow reports the stored value: NETSCAPE N is N + 1 plays.
                if loops in (1, "inf"):
                    expected_loop = {1: None, "inf": 0}[loops]
                else:
                    expected_loop = loops - 1 if label.endswith("gif") else loops
                loop_ok = got_loops == expected_loop or (expected_loop is None and got_loops in (None, 1))
            else:
                loop_ok = got_loops == loops
            if got is None or not same(got, frames) or not loop_ok:
                failures[label].append(name)
        unoptimized = os.path.join(scratch, "u.gif")
        if run(["gifsicle", "-U", out_gif, "-o", unoptimized]).returncode == 0:
            got, _ = our_frames(binary, unoptimized, scratch)
            if got is None or not same(got, frames):
                failures["gifsicle"].append(name)
        else:
            not_read.append(name + " (gifsicle)")
        got = apngdis_frames(out_png, scratch)
        if got is None:
            not_read.append(name + " (apngdis)")
        elif not same(got, frames):
            failures["apngdis"].append(name)

        ours_gif, ours_png = os.path.getsize(out_gif), os.path.getsize(out_png)
        gifsicle_out = os.path.join(scratch, "g.gif")
        if run(["gifsicle", "-O3", path, "-o", gifsicle_out]).returncode != 0:
            # gifsicle refuses a few damaged-but-readable corpus files.
            unreadable.append(name)
            continue
        gifsicle_size = os.path.getsize(gifsicle_out)
        got, _ = our_frames(binary, gifsicle_out, scratch)
        if got is None or not same(got, frames):
            # gifsicle dropped or changed frames of a damaged file: no
            # like-for-like size.
            lossy_baseline.append(name)
            continue
        pillow_png = os.path.join(scratch, "p.png")
        pillow_save(frames, size, pillow_png, "PNG", loops)
        # apngasm: the composited frames as PNGs with their delays.
        folder = tempfile.mkdtemp(dir=scratch)
        for index, (rgba, duration) in enumerate(frames):
            Image.frombytes("RGBA", size, rgba).save(os.path.join(folder, "frame%03d.png" % (index + 1)))
            open(os.path.join(folder, "frame%03d.txt" % (index + 1)), "w").write("delay=%d/1000" % duration)
        apngasm_out = os.path.join(folder, "a.png")
        if run(["apngasm", apngasm_out, os.path.join(folder, "frame001.png")], cwd=folder).returncode != 0:
            unreadable.append(name + " (apngasm)")
            shutil.rmtree(folder)
            continue
        sizes = {"ours gif": ours_gif, "gifsicle -O3": gifsicle_size, "ours png": ours_png,
                 "pillow png": os.path.getsize(pillow_png), "apngasm": os.path.getsize(apngasm_out)}
        shutil.rmtree(folder)
        for key, value in sizes.items():
            totals[key] += value
        ratio = ours_gif / gifsicle_size
        worst_gif = max(worst_gif, (ratio, name))
        if verbose:
            print("  %-50s %s gif/gifsicle %.3f" % (name, " ".join("%s=%d" % kv for kv in sizes.items()), ratio))
    if {1, 2} & sections:
        print("1. lossless (%d sources): " % len(sources) + ", ".join(
            "%s %d/%d" % (label, len(sources) - len(names) - sum(n.endswith("(" + label + ")") for n in not_read),
                          len(sources) - sum(n.endswith("(" + label + ")") for n in not_read))
            for label, names in failures.items()))
        if not_read:
            print("   not read by the tool (its limits: apngdis refuses very wide canvases): " + " ".join(not_read))
        for label, names in failures.items():
            if names:
                print("   %s differs: %s" % (label, " ".join(names[:12]) + (" ..." if len(names) > 12 else "")))
        if unreadable:
            print("   not in the size totals (a baseline tool refused the file): " + " ".join(unreadable))
        if lossy_baseline:
            print("   not in the size totals (gifsicle -O3 lost or changed frames of the damaged source): " + " ".join(lossy_baseline))
        print("2. size: ours GIF %d bytes, gifsicle -O3 %d: ratio %.3f (worst %.3f %s)" % (
            totals["ours gif"], totals["gifsicle -O3"], totals["ours gif"] / max(1, totals["gifsicle -O3"]), *worst_gif))
        print("   ours APNG %d bytes, Pillow APNG %d (ratio %.3f), apngasm %d (ratio %.3f)" % (
            totals["ours png"], totals["pillow png"], totals["ours png"] / max(1, totals["pillow png"]),
            totals["apngasm"], totals["ours png"] / max(1, totals["apngasm"])))

    # 3: true colour.
    truecolour = []
    if 3 not in sections:
        corpus_folders = ()
    else:
        corpus_folders = (("apng", "*.png"), ("webp", "*.webp"))
    for folder, pattern in corpus_folders:
        for path in sorted(glob.glob(os.path.join(corpus, folder, pattern))):
            meta = info(binary, path)
            if meta and len(meta["frames"]) > 1 and not meta.get("truncated") and meta["width"] * meta["height"] <= 1 << 20:
                truecolour.append(path)
    gradients = os.path.join(scratch, "gradients")
    os.makedirs(gradients)
    for index, (w, h, n) in enumerate([(64, 64, 8), (160, 120, 12), (256, 32, 6)] if 3 in sections else []):
        frames = []
        for k in range(n):
            image = Image.new("RGBA", (w, h))
            image.putdata([((x * 255 // (w - 1) + 16 * k) % 256, y * 255 // (h - 1), (x + y + 9 * k) * 255 // (w + h + 9 * n), 255)
                           for y in range(h) for x in range(w)])
            frames.append(image)
        path = os.path.join(gradients, "gradient-%d.png" % index)
        frames[0].save(path, save_all=True, append_images=frames[1:], duration=50, loop=0)
        truecolour.append(path)
    if limit:
        truecolour = truecolour[:limit]
    sums = {"ours": [0, 0.0], "pillow": [0, 0.0], "pngquant": [0, 0.0]}
    count = 0
    for path in truecolour:
        frames, loops = our_frames(binary, path, scratch)
        if frames is None:
            continue
        meta = info(binary, path)
        size = (meta["width"], meta["height"])
        out_gif = os.path.join(scratch, "t.gif")
        if run([binary, "convert", path, "--out", out_gif, "--quiet"]).returncode != 0:
            print("convert failed:", path)
            continue
        pillow_gif = os.path.join(scratch, "tp.gif")
        pillow_save(frames, size, pillow_gif, "GIF", loops)
        ours, _ = our_frames(binary, out_gif, scratch)
        theirs, _ = pillow_frames(pillow_gif)
        def mean_psnr(decoded):
            # Frames of the decoded file, expanded back to the source's frames by time.
            values = []
            expanded = []
            for rgba, duration in decoded:
                expanded.append((rgba, duration))
            position, index, acc = 0, 0, 0
            timeline = []
            for rgba, duration in decoded:
                timeline.append((acc, rgba)); acc += duration
            for rgba, duration in frames:
                while index + 1 < len(timeline) and timeline[index + 1][0] <= position:
                    index += 1
                values.append(psnr_rgb(rgba, timeline[index][1]))
                position += duration
            return sum(values) / len(values)
        ours_psnr, pillow_psnr = mean_psnr(ours), mean_psnr(theirs)
        quant = []
        for rgba, _ in frames[:8]:
            png = os.path.join(scratch, "q.png")
            Image.frombytes("RGBA", size, rgba).save(png)
            run(["pngquant", "--force", "--output", png + "-q.png", "256", png])
            with Image.open(png + "-q.png") as q:
                quant.append(psnr_rgb(rgba, normalised(q.convert("RGBA").tobytes())))
        sums["ours"][0] += os.path.getsize(out_gif); sums["ours"][1] += ours_psnr
        sums["pillow"][0] += os.path.getsize(pillow_gif); sums["pillow"][1] += pillow_psnr
        sums["pngquant"][1] += sum(quant) / len(quant)
        count += 1
        if verbose:
            print("  %-50s ours %d B %.2f dB, Pillow %d B %.2f dB, pngquant %.2f dB" % (
                os.path.basename(path), os.path.getsize(out_gif), ours_psnr, os.path.getsize(pillow_gif), pillow_psnr,
                sum(quant) / len(quant)))
    if count:
        print("3. true colour (%d files): ours %d bytes, mean PSNR %.2f dB; Pillow %d bytes, %.2f dB (ours %+.2f dB, size ratio %.3f); pngquant per frame %.2f dB" % (
            count, sums["ours"][0], sums["ours"][1] / count, sums["pillow"][0], sums["pillow"][1] / count,
            (sums["ours"][1] - sums["pillow"][1]) / count, sums["ours"][0] / max(1, sums["pillow"][0]),
            sums["pngquant"][1] / count))

    # 4: speed.
    speed_sources = sources if 4 in sections else []
    ours_time = pillow_time = gifsicle_time = 0.0
    ours_full = gifsicle_full = ours_fast = 0.0
    ours_encode = 0.0
    timed = 0
    for path in speed_sources:
        out = os.path.join(scratch, "s.gif")
        full = os.path.join(scratch, "full.gif")
        if run(["gifsicle", "-O1", path, "-o", out]).returncode != 0 or \
                run(["gifsicle", "-U", path, "-o", full]).returncode != 0:
            continue  # gifsicle cannot read it
        timed += 1
        # Alternating, fastest of `repeat`: from the source GIF, and from
        # its frames written whole (`gifsicle -U`), the same frames for both.
        ours_time += best_time([binary, "convert", path, "--out", out, "--quiet"], repeat)
        gifsicle_time += best_time(["gifsicle", "-O1", path, "-o", out], repeat)
        ours_full += best_time([binary, "convert", full, "--out", out, "--quiet"], repeat)
        # The fast effort (one encoding of each frame, as gifsicle -O1).
        ours_fast += best_time([binary, "convert", full, "--out", out, "--quiet", "--fast"], repeat)
        # The encoder alone, in this process, the frames already in memory
        # (as Pillow's writer is timed below): `bench encode`, fastest of
        # `repeat`.
        bench = run([binary, "bench", "encode", path, "--repeat", str(repeat)])
        ours_encode += int(dict(w.split("=", 1) for w in bench.stdout.decode().split() if "=" in w)["fastest_ns"]) / 1e9
        gifsicle_full += best_time(["gifsicle", "-O1", full, "-o", out], repeat)
        frames, loops = our_frames(binary, path, scratch)
        meta = info(binary, path)
        size = (meta["width"], meta["height"])
        best = None
        for _ in range(repeat):
            start = time.perf_counter()
            pillow_save(frames, size, out, "GIF", loops)
            elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
        pillow_time += best
    if 4 in sections:
        print("4. speed (%d GIFs gifsicle reads, fastest of %d): ours %.3f s, Pillow GIF writer %.3f s (ours %.2fx faster), "
              "gifsicle -O1 %.3f s (ours/gifsicle %.2f); from whole frames (gifsicle -U): ours %.3f s, gifsicle -O1 %.3f s (ours/gifsicle %.2f)" % (
            timed, repeat, ours_time, pillow_time, pillow_time / max(ours_time, 1e-9), gifsicle_time,
            ours_time / max(gifsicle_time, 1e-9), ours_full, gifsicle_full, ours_full / max(gifsicle_full, 1e-9)))
        print("   --fast (one encoding of each frame, as gifsicle -O1), from whole frames: ours %.3f s, gifsicle -O1 %.3f s (ours/gifsicle %.2f)" % (
            ours_fast, gifsicle_full, ours_fast / max(gifsicle_full, 1e-9)))
        print("   the encoder alone, frames in memory (bench encode, as Pillow's writer is timed): ours %.3f s, "
              "Pillow %.3f s (ours %.2fx faster)" % (ours_encode, pillow_time, pillow_time / max(ours_encode, 1e-9)))

    # 5: thumbnails.
    bad_frames, bad_durations = [], []
    for path in (sources if 5 in sections else []):
        name = os.path.basename(path)
        thumbs, _ = our_frames(binary, path, scratch, size="64x64")
        out_png, out_gif = os.path.join(scratch, "th.png"), os.path.join(scratch, "th.gif")
        run([binary, "convert", path, "--size", "64x64", "--out", out_png, "--quiet"])
        run([binary, "convert", path, "--size", "64x64", "--out", out_gif, "--quiet"])
        got, _ = our_frames(binary, out_png, scratch)
        if got is None or not same(got, thumbs):
            bad_frames.append(name)
        gif, _ = our_frames(binary, out_gif, scratch)
        if gif is None or sum(d for _, d in gif) != sum(d for _, d in thumbs):
            bad_durations.append(name)
    if 5 in sections:
        print("5. thumbnails (%d GIFs at 64x64): frames equal resized(toFit:) %d/%d, GIF total duration exact %d/%d" % (
            len(sources), len(sources) - len(bad_frames), len(sources), len(sources) - len(bad_durations), len(sources)))
        for label, names in (("frames differ", bad_frames), ("duration differs", bad_durations)):
            if names:
                print("   %s: %s" % (label, " ".join(names[:12])))
    shutil.rmtree(scratch)


if __name__ == "__main__":
    main()
