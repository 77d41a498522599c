#!/usr/bin/env python3
"""Runs the oracle (apng_oracle.decode, in process) over every corpus PNG and compares
with NAME.png.json as shared/tools/check_image_corpus.py does: every key of the expected
JSON except "note" (and a frame's "sha256"); "animation_error" by null-ness only; an
expected {"error"} must be an error.  --sha256 also checks each frame's canvas SHA-256
(apng_oracle.decode(data, with_sha256=True)).

--cli runs `python3 apng_oracle.py FILE` as a subprocess instead (exit status must be 0,
stdout one JSON object); --sha256 is then not available.

Usage: check_apng_oracle.py [DIR] [--sha256 | --cli]    (DIR defaults to ../shared/corpus/apng beside the repository)
Last line: 'files matching: X/Y'.
"""
import glob
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import apng_oracle  # noqa: E402

from expectations import differences  # noqa: E402


def compare(got, want):
    found = differences(got, want)
    return "; ".join(found) if found else None


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    sha = "--sha256" in argv
    cli = "--cli" in argv
    oracle = os.path.join(os.path.dirname(os.path.abspath(__file__)), "apng_oracle.py")
    d = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "shared", "corpus", "apng")
    files = sorted(glob.glob(os.path.join(d, "*.png")))
    ok = 0
    t0 = time.time()
    for path in files:
        jpath = path + ".json"
        if not os.path.exists(jpath):
            continue
        want = json.load(open(jpath))
        with open(path, "rb") as fh:
            data = fh.read()
        t = time.time()
        try:
            if cli:
                p = subprocess.run([sys.executable, oracle, path], capture_output=True, text=True)
                if p.returncode != 0:
                    raise RuntimeError("exit %d: %s" % (p.returncode, p.stderr.strip()[-200:]))
                got = json.loads(p.stdout)
            else:
                got = apng_oracle.decode(data, with_sha256=sha)
            why = compare(got, want)
        except Exception as e:  # noqa: BLE001 - an oracle crash is a mismatch
            why = "oracle crashed: %r" % e
        dt = time.time() - t
        if why is None:
            ok += 1
        else:
            print("%s: %s" % (os.path.basename(path), why))
        if dt > 5:
            print("  (slow: %s took %.1f s)" % (os.path.basename(path), dt))
    n = sum(1 for f in files if os.path.exists(f + ".json"))
    print("total time %.1f s" % (time.time() - t0))
    print("files matching: %d/%d" % (ok, n))
    return 0 if ok == n and n else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
