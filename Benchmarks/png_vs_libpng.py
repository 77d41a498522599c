#!/usr/bin/env python3
"""Still-PNG decoding against libpng (with zlib), in one run: for each
file, `libpng/pngbench FILE N` (libpng's png_image API, from memory: read
the header, inflate, unfilter, expand to RGBA, each repeat) alternating
ROUNDS times (default 5; which goes first alternates too; round r of
every file before round r + 1 of any) with
`timeline-demo bench decode FILE --repeat N --reopen` (each repeat opens a
provider from the bytes in memory and takes its frame, the opening
timed: it is where a still PNG is inflated, to check it, as apng.md
requires; the frame then expands those rows). Each side's time for a file
is the median of its rounds: one run of a file of a few microseconds
varies by up to 2x on these shared cores. Both sides run with glibc's
heap trimming off (alternation.untrimmed_environment; `--default-trim`
keeps it).

Prints a line per file (size, both medians in nanoseconds per decode, the
ratio ours/libpng, the range of the rounds' ratios, whether the checksums
of first and last pixels agree), then the total of each side, their
ratio, the geometric mean of the files' ratios, how many files are above
1.0 and the worst. Installs libpng-dev when /usr/include/png.h is missing
and builds the harness (`make -C Benchmarks/libpng`).

Usage: Benchmarks/png_vs_libpng.py BIN FILE.png... [--repeat N] [--rounds R] [--default-trim]
       (N default 300)
"""
import math, os, statistics, sys
from alternation import alternate, decode_jobs, libpng_harness, medians, untrimmed_environment


def option(arguments, name, default):
    if name in arguments:
        at = arguments.index(name)
        value = arguments[at + 1]
        del arguments[at:at + 2]
        return value
    return default


def main():
    arguments = sys.argv[1:]
    repeats = option(arguments, "--repeat", "300")
    rounds = int(option(arguments, "--rounds", "5"))
    default_trim = "--default-trim" in arguments
    arguments = [a for a in arguments if a != "--default-trim"]
    if len(arguments) < 2:
        sys.exit("usage: png_vs_libpng.py BIN FILE.png... [--repeat N] [--rounds R] [--default-trim]")
    binary, files = os.path.abspath(arguments[0]), [os.path.abspath(f) for f in arguments[1:]]
    harness = libpng_harness("pngbench")
    environment = dict(os.environ) if default_trim else untrimmed_environment()

    trimming = "glibc's default" if default_trim else "off (both sides)"
    print(f"repeats {repeats}, rounds {rounds}; heap trimming {trimming}; times in nanoseconds per decode")
    print(f"{'file':48} {'size':>9} {'libpng_ns':>10} {'ours_ns':>10} {'ratio':>6} {'range':11} same")
    results = []
    runs = alternate(decode_jobs(harness, binary, files, repeats), rounds, environment)
    for path in files:
        rounds_run = runs.get(path)
        if rounds_run is None:
            continue
        a, b = rounds_run[-1]
        t, o, spread = medians([(float(x["ns_per_frame"]), float(y["ns_per_frame"])) for x, y in rounds_run])
        name = os.path.basename(path)
        results.append((name, t, o))
        print(f"{name[-48:]:48} {a.get('canvas', '?'):>9} {t:10.0f} {o:10.0f} {o / t:6.2f} "
              f"{min(spread):5.2f}-{max(spread):<5.2f} {a['checksum'] == b['checksum']}")
    if not results:
        return
    total_theirs = sum(r[1] for r in results)
    total_ours = sum(r[2] for r in results)
    geomean = math.exp(statistics.fmean(math.log(r[2] / r[1]) for r in results))
    worst = max(results, key=lambda r: r[2] / r[1])
    above = sum(1 for r in results if r[2] > r[1])
    print()
    print(f"{len(results)} files: total libpng {total_theirs / 1e3:.1f} us, ours {total_ours / 1e3:.1f} us, "
          f"ratio {total_ours / total_theirs:.2f}; geometric mean {geomean:.2f}; above 1.0: {above}; "
          f"worst {worst[2] / worst[1]:.2f} ({worst[0]})")


main()
