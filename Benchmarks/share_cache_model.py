#!/usr/bin/env python3
"""A model of `timeline-demo bench share FILE --timelines N`: which frames
the timelines ask for, tick by tick, and how many of those requests a cache
of K composited frames could answer without drawing.

The timelines are set up as the bench sets them up (a rate drawn from the
same eight, a random start in the loop; Python's generator, not
SplitMix64, so the figures are statistical), advance 1/60 s a tick, and
ask for their frame in timeline order. For each K the model reports the
hit rate of an LRU cache of K frames, the distinct frames asked for per
tick, and the share of the loop's time spent in the K longest frames (what
a cache that pinned them would hit).

A request the cache cannot answer costs at least one canvas copy (the
start the drawing goes on from) plus its drawing, so with the hit rate
and a measured copy time this bounds what any cache policy can reach
under the budget.

Usage: Benchmarks/share_cache_model.py BIN FILE [--timelines N] [--ticks T]
       [--slots K,K,...]
"""
import argparse
import bisect
import random
import re
import subprocess
from collections import OrderedDict


def durations(binary, path):
    """Frame durations in milliseconds, from `timeline-demo info`."""
    text = subprocess.run([binary, "info", path], capture_output=True, text=True, check=True).stdout
    found = [int(ms) for ms in re.findall(r"^frame \d+: .*\((\d+) ms\)", text, re.MULTILINE)]
    if not found:
        raise SystemExit(f"error: no frame durations in `info {path}`")
    return found


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("binary")
    parser.add_argument("file")
    parser.add_argument("--timelines", type=int, default=1000)
    parser.add_argument("--ticks", type=int, default=60)
    parser.add_argument("--slots", default="0,30,60,90,119,200")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()

    frame_ms = durations(options.binary, options.file)
    loop = sum(frame_ms)
    starts = [0]
    for ms in frame_ms:
        starts.append(starts[-1] + ms)
    rates = [0.5, 0.75, 1.0, 1.0, 1.0, 1.25, 1.5, 2.0]
    generator = random.Random(options.seed)
    timelines = [(generator.randrange(max(loop, 1)), generator.choice(rates)) for _ in range(options.timelines)]
    longest = sorted(frame_ms, reverse=True)
    print(f"frames={len(frame_ms)} loop_ms={loop} timelines={options.timelines} ticks={options.ticks}")
    for slots in [int(k) for k in options.slots.split(",")]:
        cache = OrderedDict()
        hits = requests = 0
        distinct_total = 0
        positions = [start for start, _ in timelines]
        for _ in range(options.ticks):
            seen = set()
            for index, (_, rate) in enumerate(timelines):
                positions[index] = (positions[index] + rate * 1000 / 60) % loop
                frame = bisect.bisect_right(starts, positions[index]) - 1
                seen.add(frame)
                requests += 1
                if frame in cache:
                    hits += 1
                    cache.move_to_end(frame)
                elif slots > 0:
                    cache[frame] = True
                    if len(cache) > slots:
                        cache.popitem(last=False)
            distinct_total += len(seen)
        pinned = sum(longest[:slots]) / loop if loop else 0
        print(
            f"slots={slots} lru_hit_rate={hits / requests:.3f} longest_frames_time_share={pinned:.3f} "
            f"distinct_frames_per_tick={distinct_total / options.ticks:.0f}"
        )


if __name__ == "__main__":
    main()
