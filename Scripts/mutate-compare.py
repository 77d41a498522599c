#!/usr/bin/env python3
"""Damaged files against an independent reading of the spec.

Usage: Scripts/mutate-compare.py BIN --format apng|gif [--corpus DIR] [--count N] [--seed S]
                                 [--max-bytes B] [--keep DIR]

Takes the files of a corpus (`../shared/corpus/FORMAT`, files up to
--max-bytes, default 65,536), damages copies of them at random, and
compares `timeline-demo info FILE --json --crc` with the result of the
format's oracle in `Scripts/oracles/` (`apng_oracle.py`, `gif_oracle.py`:
decoders written in Python, standard library only, from
`shared/spec/FORMAT.md` and the corpus README alone, never from this
project's sources; each matches every file of its corpus:
`check_apng_oracle.py`, `check_gif_oracle.py`; each names at its top the
readings it takes where the spec is silent). The
comparison is the corpus checker's: every key the oracle writes,
`animation_error` by whether it is null, an error against an error.

The damage, for PNG files chunk by chunk (a chunk's CRC recomputed
unless the damage is to the CRC itself): the file cut at a random byte;
a random byte changed, with or without the CRC mended; a chunk removed,
repeated, or moved before its neighbour; a field of `acTL` or `fcTL` set
to an edge value (sequence numbers, sizes, offsets, ops, counts); an
unknown ancillary or critical chunk, a `tEXt` or a stray `IDAT` or `fdAT`
put in; a chunk's length field changed. For GIF files, byte by byte: the
file cut; bytes changed (more often in the first 64), put in or taken
out; several of these at once.

Each file that differs is printed with its source and damage, and kept
with --keep DIR; the exit status is 1 when any differs.
"""
import argparse
import glob
import json
import os
import random
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "oracles"))
import expectations  # noqa: E402

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def chunks(data):
    """(offset, length, type) of every whole chunk after the signature, up to the first that does not fit."""
    out, offset = [], 8
    while offset + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        if offset + 12 + length > len(data):
            break
        out.append((offset, length, kind))
        offset += 12 + length
    return out


def chunk(kind, payload):
    return struct.pack(">I", len(payload)) + kind + payload + struct.pack(">I", zlib.crc32(kind + payload))


def mend(data, offset, length):
    """The chunk at `offset` with its CRC recomputed."""
    body = data[offset + 4:offset + 8 + length]
    return data[:offset + 8 + length] + struct.pack(">I", zlib.crc32(body)) + data[offset + 12 + length:]


def damage_png(rng, data):
    found = chunks(data)
    if not found:
        return data[:rng.randrange(len(data) + 1)], "cut"
    choice = rng.randrange(9)
    offset, length, kind = rng.choice(found)
    name = kind.decode("latin-1")
    if choice == 0:
        cut = rng.randrange(8, len(data))
        return data[:cut], f"cut at {cut}"
    if choice in (1, 2) and length > 0:
        at = offset + 8 + rng.randrange(length)
        value = rng.randrange(256)
        changed = data[:at] + bytes([value]) + data[at + 1:]
        if choice == 1:
            return mend(changed, offset, length), f"{name} byte {at - offset - 8} = {value}, CRC mended"
        return changed, f"{name} byte {at - offset - 8} = {value}"
    whole = data[offset:offset + 12 + length]
    if choice == 3 and kind != b"IHDR":
        return data[:offset] + data[offset + 12 + length:], f"{name} at {offset} removed"
    if choice == 4:
        return data[:offset] + whole + data[offset:], f"{name} at {offset} repeated"
    if choice == 5:
        index = found.index((offset, length, kind))
        if index > 0:
            before = found[index - 1][0]
            return data[:before] + whole + data[before:offset] + data[offset + 12 + length:], f"{name} at {offset} moved up"
    if choice == 6:
        fields = [(o, l, k) for o, l, k in found if k in (b"acTL", b"fcTL")]
        if fields:
            offset, length, kind = rng.choice(fields)
            name = kind.decode("latin-1")
            layout = [0, 4] if kind == b"acTL" else [0, 4, 8, 12, 16, 20, 22, 24, 25]
            field = rng.choice([f for f in layout if f < length])
            size = 1 if field >= 24 else 2 if field >= 20 else 4
            value = rng.choice({4: [0, 1, 2, 3, 4, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF],
                                2: [0, 1, 100, 0xFFFF], 1: [0, 1, 2, 3, 0xFF]}[size])
            if size == 4 and rng.random() < 0.5:
                old = struct.unpack(">I", data[offset + 8 + field:offset + 12 + field])[0]
                value = (old + rng.choice([-1, 1])) & 0xFFFFFFFF
            at = offset + 8 + field
            packed = value.to_bytes(size, "big")
            changed = data[:at] + packed + data[at + size:]
            return mend(changed, offset, length), f"{name} field {field} = {value}"
    if choice == 7:
        kind = rng.choice([b"zzZz", b"CRIT", b"tEXt", b"IDAT", b"fdAT", b"tRNS", b"PLTE"])
        payload = bytes(rng.randrange(256) for _ in range(rng.randrange(0, 8)))
        if kind == b"tEXt":
            payload = b"k\0v"
        elif kind == b"fdAT":
            payload = struct.pack(">I", rng.randrange(6)) + zlib.compress(b"\0" * rng.randrange(4))
        elif kind == b"IDAT":
            payload = zlib.compress(b"\0" * rng.randrange(4))
        return data[:offset] + chunk(kind, payload) + data[offset:], f"{kind.decode()} put in at {offset}"
    if choice == 8:
        value = rng.choice([0, length - 1, length + 1, 0x7FFFFFFF, 0x80000000, 0xFFFFFFFF]) & 0xFFFFFFFF
        return data[:offset] + struct.pack(">I", value) + data[offset + 4:], f"{name} length {value}"
    cut = rng.randrange(8, len(data))
    return data[:cut], f"cut at {cut}"


def damage_gif(rng, data):
    steps = []
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        choice = rng.randrange(5)
        if choice == 0 and len(data) > 6:
            cut = rng.randrange(6, len(data))
            data = data[:cut]
            steps.append(f"cut at {cut}")
        elif choice in (1, 2) and data:
            at = rng.randrange(min(64, len(data))) if choice == 1 else rng.randrange(len(data))
            value = rng.randrange(256)
            data = data[:at] + bytes([value]) + data[at + 1:]
            steps.append(f"byte {at} = {value}")
        elif choice == 3:
            at = rng.randrange(len(data) + 1)
            extra = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 4)))
            data = data[:at] + extra + data[at:]
            steps.append(f"{extra.hex()} put in at {at}")
        elif len(data) > 7:
            at = rng.randrange(6, len(data))
            count = rng.randrange(1, 4)
            data = data[:at] + data[at + count:]
            steps.append(f"{count} bytes at {at} taken out")
    return data, "; ".join(steps)


def ours(binary, path):
    result = subprocess.run([binary, "info", path, "--json", "--crc"], capture_output=True)
    if result.returncode == 2 and result.stderr.startswith(b"error:"):
        return {"error": result.stderr.decode(errors="replace").strip()}
    if result.returncode != 0:
        return {"crash": result.returncode, "stderr": result.stderr.decode(errors="replace")[-300:]}
    return json.loads(result.stdout)


def differences(mine, expected):
    if "crash" in mine:
        return [f"exit status {mine['crash']}: {mine['stderr']}"]
    return expectations.differences(mine, expected)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("binary")
    parser.add_argument("--format", choices=["apng", "gif"], default="apng")
    parser.add_argument("--corpus", default="")
    parser.add_argument("--count", type=int, default=500)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--max-bytes", type=int, default=65536)
    parser.add_argument("--keep", default="")
    settings = parser.parse_args()
    binary, format, keep = os.path.abspath(settings.binary), settings.format, settings.keep
    corpus = settings.corpus or os.path.join(HERE, "..", "..", "shared", "corpus", format)
    pattern = "*.png" if format == "apng" else "*.gif"
    sources = [path for path in sorted(glob.glob(os.path.join(corpus, pattern)))
               if os.path.getsize(path) <= settings.max_bytes]
    if not sources:
        sys.exit(f"no {format} files in {corpus}")
    oracle = __import__("apng_oracle" if format == "apng" else "gif_oracle")
    rng = random.Random(f"{format}:{settings.seed}")
    scratch = tempfile.mkdtemp(prefix="mutate-compare-")
    differing = 0
    count = settings.count
    for number in range(count):
        source = rng.choice(sources)
        data = open(source, "rb").read()
        damaged, how = (damage_png if format == "apng" else damage_gif)(rng, data)
        path = os.path.join(scratch, "damaged" + os.path.splitext(source)[1])
        with open(path, "wb") as file:
            file.write(damaged)
        expected = oracle.decode(damaged)
        found = differences(ours(binary, path), expected)
        if found:
            differing += 1
            print(f"#{number} {os.path.basename(source)}: {how}")
            for line in found[:6]:
                print("    " + line)
            if keep:
                os.makedirs(keep, exist_ok=True)
                name = f"{format}-{settings.seed}-{number}-{os.path.basename(source)}"
                with open(os.path.join(keep, name), "wb") as file:
                    file.write(damaged)
    print(f"{format}: {count} damaged files from {len(sources)} sources, seed {settings.seed}: {differing} differ")
    sys.exit(1 if differing else 0)


if __name__ == "__main__":
    main()
