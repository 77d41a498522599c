#!/usr/bin/env python3
"""APNG playing against libpng (with zlib) on every valid animated file of
an APNG corpus, in one run. Debian's libpng has no APNG support, so
`libpng/apngbench FILE N` does what an APNG-patched libpng or apngdis does:
each repeat walks the chunks, builds a standalone PNG stream for each frame
(IHDR of the frame's size, the file's PLTE and tRNS, the frame's data as
IDAT chunks), decodes it with libpng to RGBA and composites it as
shared/spec/apng.md says; against it, `timeline-demo bench decode FILE
--repeat N --reopen` (a fresh provider from the bytes in memory each
repeat, the opening timed, every frame composited). Both print
ns_per_frame over all repeats; a file's time is per play (ns_per_frame x
frames).

Files: the expected JSON has no `error`, is not `truncated`, has no
`animation_error` and has 2 frames or more. Each is first checked:
`apngbench FILE --crc` must give the JSON's per-frame CRC-32s; files where
it does not are left out and listed. Then the two sides alternate ROUNDS
times (default 5; which goes first alternates too; round r of every file
before round r + 1 of any) and each side's time for the file is the
median of its rounds: on these shared virtual cores one run of a small
file varies by more than the difference being measured.

Prints a line per file (canvas, frames, both medians in microseconds per
play, ratio ours/libpng, the range of the rounds' ratios, whether the
checksums of first and last pixels agree) and, for all files and split
into tiny canvases (width and height <= 64) and the rest: the total time
of each side, their ratio (ours/libpng: the large files weigh most), the
geometric mean of the files' ratios (each file weighs the same), the worst
file's ratio and how many files are above 1.0 (slower than libpng); then
the worst files. Last, on the smallest canvases (at most 16 pixels, where
pixel work is negligible), a least-squares fit of each side's time per
play to a fixed cost per file plus a cost per frame. Installs libpng-dev
when /usr/include/png.h is missing and builds the harness (`make -C
Benchmarks/libpng`).

Both sides run with glibc's heap trimming off (the environment's
GLIBC_TUNABLES=glibc.malloc.trim_threshold, the same for both). With it
on, whether the memory of the provider released after each repeat ends at
the top of the heap, to be given back to the kernel and faulted in again
by the next opening, flips with any change in the order of allocations:
between two builds of the same engine, 14 of the 126 files changed by
thousands of page faults per run, some up, some down
(synth__many_small_frames.png: 616 -> 2,127 faults, 1.1 -> 2.1 us a
frame; the same binaries without trimming: 1.1 -> 0.9 us). libpng's side
frees less than the threshold per frame and is not affected.
`--default-trim` keeps glibc's default.

Usage: Benchmarks/apng_vs_libpng.py BIN CORPUS_DIR [REPEATS [ROUNDS]] [--default-trim]
       (REPEATS default 200)
"""
import glob, json, math, os, statistics, subprocess, sys
from alternation import alternate, decode_jobs, libpng_harness, medians, untrimmed_environment

SMALL = 16  # canvas pixels of the files the fixed-cost fit uses (4x4)


def solve(matrix, vector):
    """Gaussian elimination with partial pivoting (small systems)."""
    n = len(vector)
    a = [row[:] + [vector[i]] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if a[col][col] == 0:
            return None
        for r in range(n):
            if r != col:
                k = a[r][col] / a[col][col]
                a[r] = [x - k * y for x, y in zip(a[r], a[col])]
    return [a[i][n] / a[i][i] for i in range(n)]


def fit(rows):
    """Least squares of time ~ fixed + per_frame * frames, each row divided
    by its time (relative error). rows: (frames, time_ns)."""
    xs = [[1 / t, f / t] for f, t in rows]
    ata = [[sum(x[i] * x[j] for x in xs) for j in range(2)] for i in range(2)]
    atb = [sum(x[i] for x in xs) for i in range(2)]
    return solve(ata, atb)


def main():
    arguments = [a for a in sys.argv[1:] if a != "--default-trim"]
    if len(arguments) < 2:
        sys.exit("usage: apng_vs_libpng.py BIN CORPUS_DIR [REPEATS [ROUNDS]] [--default-trim]")
    binary, corpus = arguments[0], arguments[1]
    repeats = arguments[2] if len(arguments) > 2 else "200"
    rounds = int(arguments[3]) if len(arguments) > 3 else 5
    environment = dict(os.environ) if "--default-trim" in sys.argv else untrimmed_environment()
    harness = libpng_harness("apngbench")

    chosen, skipped, differ = [], {"error": 0, "truncated": 0, "animation error": 0, "one frame": 0}, []
    for path in sorted(glob.glob(os.path.join(corpus, "*.png"))):
        want = json.load(open(path + ".json"))
        if "error" in want:
            skipped["error"] += 1
        elif want.get("truncated"):
            skipped["truncated"] += 1
        elif want.get("animation_error") is not None:
            skipped["animation error"] += 1
        elif len(want["frames"]) < 2:
            skipped["one frame"] += 1
        else:
            check = subprocess.run([harness, path, "--crc"], capture_output=True, text=True)
            crcs = [frame["crc32"] for frame in want["frames"]]
            if check.returncode != 0 or check.stdout.split() != crcs:
                got = check.stdout.split()
                bad = [i for i in range(len(crcs)) if i >= len(got) or got[i] != crcs[i]]
                differ.append(f"{os.path.basename(path)}: frames {bad[:8]} of {len(crcs)} "
                              f"{check.stderr.strip()[:80]}")
            else:
                chosen.append((path, want))
    print(f"{len(chosen)} files; skipped: " + ", ".join(f"{n} {why}" for why, n in skipped.items()))
    print(f"left out, CRCs differ from the JSON: {len(differ)}")
    for line in differ:
        print("  " + line)
    trimming = "glibc's default" if "--default-trim" in sys.argv else "off (both sides)"
    print(f"repeats {repeats}, rounds {rounds}; heap trimming {trimming}; times in microseconds per play")
    print()
    print(f"{'file':56} {'canvas':>9} {'frames':>6} {'libpng_us':>10} {'ours_us':>10} {'ratio':>6} {'range':11} same")

    results = []
    runs = alternate(decode_jobs(harness, binary, [path for path, _ in chosen], repeats), rounds, environment)
    for path, want in chosen:
        rounds_run = runs.get(path)
        if rounds_run is None:
            continue
        a, b = rounds_run[-1]
        if any(x["frames"] != y["frames"] for x, y in rounds_run):
            print(f"{os.path.basename(path)}: skipped (frames: libpng {a['frames']}, ours {b['frames']})")
            continue
        frames = int(b["frames"])
        times = [(float(x["ns_per_frame"]) * frames, float(y["ns_per_frame"]) * frames) for x, y in rounds_run]
        t, o, spread = medians(times)
        width, height = want["width"], want["height"]
        name = os.path.basename(path)
        results.append(dict(name=name, tiny=width <= 64 and height <= 64, frames=frames, canvas=width * height,
                            theirs=t, ours=o))
        print(f"{name[-56:]:56} {f'{width}x{height}':>9} {frames:6} {t / 1e3:10.1f} {o / 1e3:10.1f} {o / t:6.2f} "
              f"{min(spread):5.2f}-{max(spread):<5.2f} {a['checksum'] == b['checksum']}")

    print()
    print(f"{'group':22} {'files':>5} {'libpng_ms':>10} {'ours_ms':>9} {'ratio':>6} {'geomean':>7} {'>1.0':>5} "
          f"{'worst':>6}  worst file")
    groups = [("all", results), ("tiny (<= 64x64)", [r for r in results if r["tiny"]]),
              ("larger", [r for r in results if not r["tiny"]])]
    for label, group in groups:
        if not group:
            continue
        t = sum(r["theirs"] for r in group)
        o = sum(r["ours"] for r in group)
        worst = max(group, key=lambda r: r["ours"] / r["theirs"])
        above = sum(1 for r in group if r["ours"] > r["theirs"])
        geomean = math.exp(statistics.fmean(math.log(r["ours"] / r["theirs"]) for r in group))
        print(f"{label:22} {len(group):5} {t / 1e6:10.2f} {o / 1e6:9.2f} {o / t:6.2f} {geomean:7.2f} {above:5} "
              f"{worst['ours'] / worst['theirs']:6.2f}  {worst['name']}")
    print()
    print("worst files (ours/libpng):")
    for r in sorted(results, key=lambda r: r["ours"] / r["theirs"], reverse=True)[:8]:
        print(f"  {r['ours'] / r['theirs']:5.2f}  {r['name']} ({r['frames']} frames, "
              f"{r['theirs'] / 1e3:.1f} vs {r['ours'] / 1e3:.1f} us)")
    smallest = [r for r in results if r["canvas"] <= SMALL]
    if len(smallest) >= 3 and len({r["frames"] for r in smallest}) >= 2:
        print()
        print(f"fit on the {len(smallest)} files of at most {SMALL} canvas pixels (pixel work negligible): "
              "time per play ~ fixed + per frame (least squares, relative)")
        for side, label in (("theirs", "libpng"), ("ours", "ours")):
            fixed, per_frame = fit([(r["frames"], r[side]) for r in smallest])
            print(f"  {label:7} fixed {fixed / 1e3:6.2f} us  per frame {per_frame / 1e3:6.2f} us  "
                  f"(fixed: {fixed / (fixed + 2 * per_frame):4.0%} of a 2-frame file)")

main()
