#!/usr/bin/env python3
"""Checks that timeline-demo plays Aseprite tags exactly as Aseprite does.

For every tag of every Aseprite JSON export given (files, or folders of
them), and for a set of exports this script writes itself (every direction
x repeat 0..3 x tag length 1..4, at odd frame durations), it runs

    timeline-demo --aseprite FILE --clip TAG --ticks N --json

and compares each tick's "sheet_frame" with the frame Aseprite shows at
that tick's instant ("at"), from a model of Aseprite's playback written
here from Aseprite's documented rules (Docs/SpriteSheets.md, "Tag playback:
Aseprite's rules"), pass by pass, independently of the library's code:

- a play is `repeat` passes, or when the tag has none (repeat 0: it loops
  forever in a game), passes forever; a forward (ping-pong) pass runs from
  `from` to `to`, a reverse (ping-pong reverse) one from `to` to `from`;
- forward and reverse passes start again at the same end; ping-pong passes
  turn around without showing the frame they turn on again; a one-frame
  tag shows its frame once per pass;
- a finite play stops on its last frame.

Frame i shows during [start, start + duration) of the expanded sequence.
Tags whose name an earlier tag of the same file already has cannot be
chosen by --clip; they are counted and skipped.

Usage: Scripts/check-aseprite.py PATH/TO/timeline-demo [FILE.json|DIR ...]
Last line: 'aseprite tags agreeing: X/Y (F files)'; exit 1 if any differs.
"""
import json
import math
import os
import subprocess
import sys
import tempfile

HZ = 60


def passes_of(tag):
    return tag["repeat"]


def expansion(tag, steps):
    """The first `steps` sheet frames of the tag's play, walked pass by pass."""
    lo, hi, direction = tag["from"], tag["to"], tag["direction"]
    forward = direction in ("forward", "pingpong")
    pingpong = direction.startswith("pingpong")
    out = []
    passes = 0
    limit = tag["repeat"] or math.inf
    while len(out) < steps and passes < limit:
        frames = list(range(lo, hi + 1)) if forward else list(range(hi, lo - 1, -1))
        if pingpong and passes > 0 and len(frames) > 1:
            frames = frames[1:]  # the turn: the frame turned on is not shown again
        out.extend(frames)
        passes += 1
        if pingpong:
            forward = not forward
    return out[:steps]


def expected_frames(tag, durations, instants):
    """The sheet frame Aseprite shows at each instant (ns)."""
    needed = max(instants) if instants else 0
    # Expand far enough to cover the last instant.
    shortest = min(durations[tag["from"]:tag["to"] + 1])
    steps = needed // shortest + 2
    sequence = expansion(tag, steps)
    ends = []
    total = 0
    for frame in sequence:
        total += durations[frame]
        ends.append(total)
    result = []
    k = 0
    for t in instants:
        while k < len(ends) and ends[k] <= t:
            k += 1
        result.append(sequence[min(k, len(sequence) - 1)])
    return result


def read_export(path):
    with open(path, "rb") as f:
        root = json.loads(f.read().decode("utf-8-sig"))
    frames = root["frames"]
    frames = list(frames.values()) if isinstance(frames, dict) else frames
    durations = [int(f["duration"]) * 1_000_000 for f in frames]
    tags = []
    for t in root.get("meta", {}).get("frameTags", []):
        tags.append({
            "name": t["name"], "from": int(t["from"]), "to": int(t["to"]),
            "direction": t.get("direction", "forward"), "repeat": int(t.get("repeat", 0)),
        })
    return durations, tags


def check_file(binary, path, report):
    durations, tags = read_export(path)
    seen = set()
    agreed = checked = skipped = 0
    for tag in tags:
        if tag["name"] in seen:
            skipped += 1
            continue
        seen.add(tag["name"])
        checked += 1
        # Cover at least two full plays or cycles, and 2 s.
        n = tag["to"] - tag["from"] + 1
        cycle = sum(durations[tag["from"]:tag["to"] + 1]) * (2 if tag["direction"].startswith("pingpong") else 1)
        plays = max(tag["repeat"], 1) + 1
        ticks = min(20_000, max(2 * HZ, math.ceil(cycle * plays * HZ / 1e9) + 10))
        run = subprocess.run(
            [binary, "--aseprite", path, "--clip", tag["name"], "--ticks", str(ticks), "--json"],
            capture_output=True, timeout=120)
        if run.returncode != 0:
            report(f"{os.path.basename(path)} tag {tag['name']!r}: exit {run.returncode}: {run.stderr.decode(errors='replace').strip()}")
            continue
        lines = [json.loads(line) for line in run.stdout.decode().splitlines() if line.strip()]
        ticks_out = [line for line in lines if "tick" in line]
        instants = [line["at"] for line in ticks_out]
        got = [line.get("sheet_frame") for line in ticks_out]
        want = expected_frames(tag, durations, instants)
        if got == want and len(got) == ticks:
            agreed += 1
            continue
        for i, (g, w) in enumerate(zip(got, want)):
            if g != w:
                report(f"{os.path.basename(path)} tag {tag['name']!r} ({tag['direction']}, repeat {tag['repeat']}, "
                       f"{n} frames): tick {i + 1} at {instants[i]} ns shows {g}, Aseprite {w}")
                break
        else:
            report(f"{os.path.basename(path)} tag {tag['name']!r}: {len(got)} ticks for {ticks}")
    return agreed, checked, skipped


def synthetic_exports(folder):
    """Exports of every direction x repeat 0..3 x length 1..4, frames of
    odd durations, in both layouts."""
    paths = []
    durations = [70, 110, 30, 90, 50, 130, 20, 60]
    for layout in ("hash", "array"):
        tags = []
        for direction in ("forward", "reverse", "pingpong", "pingpong_reverse"):
            for repeat in range(4):
                for length in range(1, 5):
                    start = (repeat + length) % 4
                    tag = {"name": f"{direction}-r{repeat}-n{length}", "from": start, "to": start + length - 1,
                           "direction": direction, "color": "#000000ff"}
                    if repeat:
                        tag["repeat"] = str(repeat)
                    tags.append(tag)
        frames = []
        for i, ms in enumerate(durations):
            frames.append({"filename": f"t {i}.aseprite", "frame": {"x": 4 * i, "y": 0, "w": 4, "h": 4},
                           "rotated": False, "trimmed": False,
                           "spriteSourceSize": {"x": 0, "y": 0, "w": 4, "h": 4},
                           "sourceSize": {"w": 4, "h": 4}, "duration": ms})
        if layout == "hash":
            frames = {f.pop("filename"): f for f in frames}
        root = {"frames": frames, "meta": {"app": "check-aseprite.py", "image": "t.png",
                                             "size": {"w": 4 * len(durations), "h": 4}, "frameTags": tags}}
        path = os.path.join(folder, f"synthetic-{layout}.json")
        with open(path, "w") as f:
            json.dump(root, f, indent=1)
        paths.append(path)
    return paths


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    files = []
    for arg in sys.argv[2:]:
        if os.path.isdir(arg):
            files += sorted(os.path.join(arg, n) for n in os.listdir(arg) if n.endswith(".json"))
        else:
            files.append(arg)
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        total = {"agreed": 0, "checked": 0, "skipped": 0}
        for group, paths in (("synthetic", synthetic_exports(folder)), ("given", files)):
            agreed = checked = skipped = 0
            for path in paths:
                a, c, s = check_file(binary, path, failures.append)
                agreed, checked, skipped = agreed + a, checked + c, skipped + s
            if paths:
                print(f"{group}: {agreed}/{checked} tags agree in {len(paths)} files"
                      + (f" ({skipped} tags with a repeated name skipped)" if skipped else ""))
            total["agreed"] += agreed
            total["checked"] += checked
    for failure in failures:
        print(failure)
    print(f"aseprite tags agreeing: {total['agreed']}/{total['checked']} ({len(files) + 2} files)")
    sys.exit(0 if total["agreed"] == total["checked"] else 1)


main()
