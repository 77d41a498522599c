#!/usr/bin/env python3
"""Run gif_oracle.decode over every corpus GIF and compare with NAME.gif.json the way
the corpus checkers do: every key of the expected JSON (frames frame by frame, every
key of each expected frame) except "sha256" and "note"; an expected {"error"} must be
an error. Prints each mismatch and a total.
Usage: check_gif_oracle.py [DIR]   (default ../shared/corpus/gif beside the repository)
"""
import glob
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gif_oracle  # noqa: E402

from expectations import differences  # noqa: E402


def compare(got, want):
    found = differences(got, want)
    return "; ".join(found) if found else None


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus", "gif")
    files = sorted(glob.glob(os.path.join(d, "*.gif")))
    ok = 0
    t0 = time.time()
    for path in files:
        want = json.load(open(path + ".json"))
        try:
            got = gif_oracle.decode(open(path, "rb").read(), want_sha256=False)
            why = compare(got, want)
        except Exception as e:  # noqa: BLE001 - an oracle crash is a mismatch
            why = f"oracle crashed: {type(e).__name__}: {e}"
        if why is None:
            ok += 1
        else:
            print(f"{os.path.basename(path)}: {why}")
    print(f"files matching: {ok}/{len(files)}  ({time.time() - t0:.1f}s)")
    return 0 if files and ok == len(files) else 1


if __name__ == "__main__":
    sys.exit(main())
