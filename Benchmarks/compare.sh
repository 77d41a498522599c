#!/bin/sh
# Builds timeline-demo (release) and the giflib harness, checks that both
# composite the same canvases (CRC-32 of every frame), then times both on
# each file, alternating (A B A B ...), and prints the Swift/giflib ratios
# (giflib ns per frame / Swift ns per frame: above 1 means Swift is faster)
# for `bench decode` (frames taken with frame(at:)) and `bench decode
# --borrow` (frames looked at through withFrame(at:_:)).
#
# With OLD=/path/to/an/older/timeline-demo, that binary's `bench decode`
# runs in the same rotation too (its column "old"), so a change can be
# compared with the code before it in one run, under the same load.
#
# Usage: [OLD=...] Benchmarks/compare.sh [ROUNDS] [REPEAT_SCALE]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
corpus=${CORPUS:-/work/shared/corpus/gif}
rounds=${1:-3}
scale=${2:-1}
old=${OLD:-}
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
mean() { python3 -c "import sys; v=[float(x) for x in sys.argv[1:]]; print(sum(v)/len(v))" "$@"; }

if [ -n "$old" ]; then
  printf '%-24s %10s %10s %10s %10s %7s %7s %7s %s\n' \
    file old_ns/fr copy_ns/fr borrow_ns/fr giflib_ns/fr old copy borrow canvases
else
  printf '%-24s %10s %10s %10s %7s %7s %s\n' file copy_ns/fr borrow_ns/fr giflib_ns/fr copy borrow canvases
fi
while [ $# -gt 0 ]; do
  file=$1 repeat=$2
  shift 2
  name=$(basename "$file")
  # Same pixels? Every frame's CRC-32, ours (info --crc) against giflib's.
  "$swiftbin" info "$file" --json --crc | python3 -c '
import json, sys; print("\n".join(f["crc32"] for f in json.load(sys.stdin)["frames"]))' >"$out/$name.swift.crc"
  "$cbin" "$file" --crc >"$out/$name.giflib.crc"
  if cmp -s "$out/$name.swift.crc" "$out/$name.giflib.crc"; then same=identical; else same=DIFFERENT; fi
  o_all="" s_all="" b_all="" c_all=""
  r=0
  while [ $r -lt "$rounds" ]; do
    if [ -n "$old" ]; then
      o_all="$o_all $("$old" bench decode "$file" --repeat "$repeat" | field ns_per_frame)"
    fi
    s_all="$s_all $("$swiftbin" bench decode "$file" --repeat "$repeat" | field ns_per_frame)"
    c_all="$c_all $("$cbin" "$file" --repeat "$repeat" | field ns_per_frame)"
    b_all="$b_all $("$swiftbin" bench decode "$file" --repeat "$repeat" --borrow | field ns_per_frame)"
    r=$((r + 1))
  done
  s=$(mean $s_all) b=$(mean $b_all) c=$(mean $c_all)
  if [ -n "$old" ]; then
    o=$(mean $o_all)
    python3 -c "
o, s, b, c = $o, $s, $b, $c
print('%-24s %10.0f %10.0f %10.0f %10.0f %7.2f %7.2f %7.2f %s' % ('$name'[:24], o, s, b, c, c / o, c / s, c / b, '$same'))"
  else
    python3 -c "
s, b, c = $s, $b, $c
print('%-24s %10.0f %10.0f %10.0f %7.2f %7.2f %s' % ('$name'[:24], s, b, c, c / s, c / b, '$same'))"
  fi
done
