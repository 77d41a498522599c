#!/bin/sh
# Builds timeline-demo (release) and the giflib harness, checks that both
# composite the same canvases (CRC-32 of every frame), then times both on
# each file, alternating (A B A B ...), and prints the Swift/giflib ratio
# (giflib ns per frame / Swift ns per frame: above 1 means Swift is faster).
#
# Usage: Benchmarks/compare.sh [ROUNDS] [REPEAT_SCALE]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
corpus=${CORPUS:-/work/shared/corpus/gif}
rounds=${1:-3}
scale=${2:-1}
out="$here/out"
mkdir -p "$out"

swift build --package-path "$root" --scratch-path "$root/.build-perf-rel" -c release --product timeline-demo >/dev/null
make -s -C "$here/giflib" >/dev/null
swiftbin="$root/.build-perf-rel/release/timeline-demo"
cbin="$here/giflib/gifbench"

noise="$out/noise-500x500x100.gif"
[ -f "$noise" ] || python3 "$here/make-noise-gif.py" "$noise"

# file and repeat count (about a second of work each)
set -- \
  "$corpus/gifplayer-muybridge.gif" $((10 * scale)) \
  "$corpus/harvesters.gif" $((60 * scale)) \
  "$corpus/hibiscus.regular.gif" $((400 * scale)) \
  "$noise" $((4 * scale))

field() { tr ' ' '\n' | sed -n "s/^$1=//p"; }

printf '%-28s %12s %12s %8s %s\n' file swift_ns/fr giflib_ns/fr ratio canvases
while [ $# -gt 0 ]; do
  file=$1 repeat=$2
  shift 2
  name=$(basename "$file")
  # Same pixels? Every frame's CRC-32, ours (info --crc) against giflib's.
  "$swiftbin" info "$file" --json --crc | python3 -c '
import json, sys; print("\n".join(f["crc32"] for f in json.load(sys.stdin)["frames"]))' >"$out/$name.swift.crc"
  "$cbin" "$file" --crc >"$out/$name.giflib.crc"
  if cmp -s "$out/$name.swift.crc" "$out/$name.giflib.crc"; then same=identical; else same=DIFFERENT; fi
  s_total=0 c_total=0
  r=0
  while [ $r -lt "$rounds" ]; do
    s=$("$swiftbin" bench decode "$file" --repeat "$repeat" | field ns_per_frame)
    c=$("$cbin" "$file" --repeat "$repeat" | field ns_per_frame)
    s_total=$(python3 -c "print($s_total + $s)")
    c_total=$(python3 -c "print($c_total + $c)")
    r=$((r + 1))
  done
  python3 -c "
s, c = $s_total / $rounds, $c_total / $rounds
print(f'%-28s %12.0f %12.0f %8.2f %s' % ('$name'[:28], s, c, c / s, '$same'))"
done
