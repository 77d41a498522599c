#!/usr/bin/env python3
"""WebP decoding against libwebp on every readable file of a WebP corpus,
grouped by class (lossy, lossless and lossy+alpha stills; lossy, lossless,
lossy+alpha and mixed animations), in one run: for each file,
`libwebp/webpbench FILE N` and `timeline-demo bench decode FILE --repeat N
--reopen` alternate, ROUNDS times (Benchmarks/webp_vs_libwebp.sh does one
file at a time), and each side's time for the file is the median of its
rounds: on these shared virtual cores one run of a file of a few
milliseconds varies by up to 1.6x on either side (libwebp__lossy_alpha1,
five runs of 10 repeats: libwebp 1.78-2.84 ms, ours 2.70-4.49 ms). Prints
a line per file (both medians, their ratio, the range of the rounds'
ratios, whether the checksums agree) and, per class, the total time of
each side, their ratio and the worst file's ratio. Files the expected
results reject are skipped. Build the harness first (`make -C
Benchmarks/libwebp`).

Usage: Benchmarks/webp_corpus_speed.py BIN CORPUS_DIR [REPEATS [ROUNDS]]
"""
import glob, json, os, struct, subprocess, sys
from alternation import medians

def fields(line):
    return dict(word.split("=", 1) for word in line.split() if "=" in word)

def kind(path):
    data = open(path, "rb").read()
    chunks, animated = set(), False
    def scan(start, end):
        offset = start
        while offset + 8 <= min(end, len(data)):
            tag, size = data[offset:offset + 4], struct.unpack("<I", data[offset + 4:offset + 8])[0]
            if tag == b"ANMF":
                scan(offset + 24, offset + 8 + size)
            chunks.add(tag)
            offset += 8 + size + (size & 1)
    scan(12, len(data))
    animated = b"ANMF" in chunks
    lossy, lossless, alpha = b"VP8 " in chunks, b"VP8L" in chunks, b"ALPH" in chunks
    body = "mixed" if lossy and lossless else "lossless" if lossless else "lossy+alpha" if alpha else "lossy"
    return ("animation " if animated else "still ") + body

def main():
    binary, corpus = sys.argv[1], sys.argv[2]
    repeats = sys.argv[3] if len(sys.argv) > 3 else "5"
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 5
    here = os.path.dirname(os.path.abspath(__file__))
    harness = os.path.join(here, "libwebp", "webpbench")
    classes = {}
    for path in sorted(glob.glob(os.path.join(corpus, "*.webp"))):
        want = json.load(open(path + ".json"))
        if "error" in want or want.get("truncated"):
            continue
        times, failed = [], False
        for _ in range(rounds):
            theirs = subprocess.run([harness, path, repeats], capture_output=True, text=True)
            ours = subprocess.run([binary, "bench", "decode", path, "--repeat", repeats, "--reopen"],
                                  capture_output=True, text=True)
            if theirs.returncode != 0 or ours.returncode != 0:
                print(f"{os.path.basename(path)}: skipped ({theirs.stderr.strip()} {ours.stderr.strip()})")
                failed = True
                break
            a, b = fields(theirs.stdout), fields(ours.stdout)
            frames = int(b["frames"])
            times.append((float(a["ns_per_frame"]) * frames, float(b["ns_per_frame"]) * frames))
        if failed:
            continue
        t, o, spread = medians(times)
        group = classes.setdefault(kind(path), [0.0, 0.0, 0.0, "", 0])
        group[0] += t
        group[1] += o
        group[4] += 1
        if o / t > group[2]:
            group[2], group[3] = o / t, os.path.basename(path)
        print(f"{os.path.basename(path)[-52:]:52} {kind(path):22} {t / 1e3:10.1f} {o / 1e3:10.1f} {o / t:6.2f} "
              f"{min(spread):5.2f}-{max(spread):<5.2f} {a['checksum'] == b['checksum']}")
    print()
    print(f"{'class':24} {'files':>5} {'libwebp_ms':>11} {'ours_ms':>9} {'ratio':>6} {'worst':>6}  worst file")
    for name, (t, o, worst, file, count) in sorted(classes.items()):
        print(f"{name:24} {count:5} {t / 1e6:11.2f} {o / 1e6:9.2f} {o / t:6.2f} {worst:6.2f}  {file}")

main()
