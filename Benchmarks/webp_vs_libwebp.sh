#!/usr/bin/env bash
# WebP decoding against libwebp itself, in one run: for each file,
# `webpbench FILE N` (WebPDecodeRGBA for a still; a fresh WebPAnimDecoder
# playing every frame, for an animation) alternating with `timeline-demo
# bench decode FILE --repeat N --reopen` (a release build: a fresh provider
# each repeat, its opening timed with the frames). Installs libwebp-dev
# when it is missing. Prints both times per frame and their ratio, and
# whether the two checksums of every canvas's first and last pixels agree.
#
# Usage: Benchmarks/webp_vs_libwebp.sh BIN [N] FILE.webp...
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:?usage: webp_vs_libwebp.sh BIN [N] FILE.webp...}
shift
repeats=20
if [[ ${1:-} =~ ^[0-9]+$ ]]; then repeats=$1; shift; fi
if [ ! -f /usr/include/webp/demux.h ]; then
  apt-get install -y libwebp-dev >/dev/null || sudo apt-get install -y libwebp-dev >/dev/null
fi
make -s -C libwebp
printf '%-48s %7s %12s %12s %7s %s\n' file frames libwebp_ns ours_ns ratio same
for file in "$@"; do
  theirs=$(./libwebp/webpbench "$file" "$repeats")
  ours=$("$bin" bench decode "$file" --repeat "$repeats" --reopen)
  python3 - "$file" "$theirs" "$ours" <<'PY'
import sys
def fields(line): return dict(word.split("=", 1) for word in line.split() if "=" in word)
name, theirs, ours = sys.argv[1], fields(sys.argv[2]), fields(sys.argv[3])
a, b = float(theirs["ns_per_frame"]), float(ours["ns_per_frame"])
print(f'{name[-48:]:48} {ours["frames"]:>7} {a:12.0f} {b:12.0f} {b / a:7.2f} {theirs["checksum"] == ours.get("checksum")}')
PY
done
