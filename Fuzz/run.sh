#!/usr/bin/env bash
# Runs one fuzz target for a while: Fuzz/run.sh gif|apng|webp|png|script|timeline|json SECONDS
#
# Builds the target if needed (Fuzz/build.sh), then runs it at the lowest
# priority. The working corpus (Fuzz/out/corpus/TARGET) persists between
# runs; seeds are read from ../shared/corpus/gif/*.gif (gif, when
# present), ../shared/corpus/apng/*.png (apng, when present),
# Fuzz/make-png-seeds.py's output (png, made at run time),
# ../shared/corpus/aseprite/*.json (json, when present) and
# Fuzz/seeds/TARGET/ (when present). Crashing, leaking or slow inputs are
# written to Fuzz/out/crashes/TARGET-*; the script fails if any is found.
# Extra arguments after SECONDS go to libFuzzer (e.g. -max_len=4096).
# The Swift backtracer is off: under ASan it reports its own memory reads
# as crashes and can hang; libFuzzer prints the stack itself.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/run.sh gif|apng|webp|png|script|timeline|json SECONDS [libFuzzer flags]}
seconds=${2:?usage: Fuzz/run.sh gif|apng|webp|png|script|timeline|json SECONDS [libFuzzer flags]}
shift 2

out=Fuzz/out
binary=$(bash Fuzz/build.sh "$target" | tail -1)
corpus="$out/corpus/$target"
crashes="$out/crashes"
mkdir -p "$corpus" "$crashes" "$out/logs"

dirs=("$corpus")
flags=(-timeout=30 -rss_limit_mb=2560 -print_final_stats=1)
case "$target" in
  gif)
    # Only the .gif files (the corpus also holds JSON expectations); linked,
    # never copied, and only while this runs.
    shared_gifs=../shared/corpus/gif
    if [ -d "$shared_gifs" ]; then
      seeds="$out/seeds/gif"
      rm -rf "$seeds"; mkdir -p "$seeds"
      for file in "$shared_gifs"/*.gif; do
        [ -e "$file" ] && ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$seeds/"
      done
      dirs+=("$seeds")
    else
      echo "fuzz: $shared_gifs is absent; no GIF seeds" >&2
    fi
    flags+=(-max_len=65536) ;;
  apng)
    # Only the .png files (the corpus also holds JSON expectations); linked,
    # never copied, and only while this runs. Our own seeds (every op,
    # fdAT splits, Adam7, palettes) are Fuzz/seeds/apng/, written by
    # Fuzz/make-apng-seeds.py.
    shared_apngs=../shared/corpus/apng
    if [ -d "$shared_apngs" ]; then
      seeds="$out/seeds/apng"
      rm -rf "$seeds"; mkdir -p "$seeds"
      for file in "$shared_apngs"/*.png; do
        [ -e "$file" ] && ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$seeds/"
      done
      dirs+=("$seeds")
    else
      echo "fuzz: $shared_apngs is absent; only Fuzz/seeds/apng" >&2
    fi
    flags+=(-max_len=16384 -dict=Fuzz/apng.dict) ;;
  webp)
    # The .webp files of the shared corpus (linked, never copied, only
    # while this runs): every bitstream path (lossy, lossless, alpha, the
    # container) has seeds there. Without it, the dictionary's chunk names.
    shared_webps=../shared/corpus/webp
    if [ -d "$shared_webps" ]; then
      seeds="$out/seeds/webp"
      rm -rf "$seeds"; mkdir -p "$seeds"
      for file in "$shared_webps"/*.webp; do
        [ -e "$file" ] && ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$seeds/"
      done
      dirs+=("$seeds")
    else
      echo "fuzz: $shared_webps is absent; no WebP seeds but Fuzz/seeds/webp" >&2
    fi
    flags+=(-max_len=65536 -dict=Fuzz/webp.dict) ;;
  png)
    # Our own small PNGs of every format (stdlib Python), made afresh.
    seeds="$out/seeds/png"
    rm -rf "$seeds"
    python3 Fuzz/make-png-seeds.py "$seeds"
    dirs+=("$seeds")
    flags+=(-max_len=16384 -dict=Fuzz/png.dict) ;;
  script) flags+=(-max_len=4096 -dict=Fuzz/script.dict) ;;
  timeline) flags+=(-max_len=2048) ;;
  json)
    # Real Aseprite exports, linked (never copied) while this runs.
    shared_json=../shared/corpus/aseprite
    if [ -d "$shared_json" ]; then
      seeds="$out/seeds/json"
      rm -rf "$seeds"; mkdir -p "$seeds"
      for file in "$shared_json"/*.json; do
        [ -e "$file" ] && ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$seeds/"
      done
      dirs+=("$seeds")
    else
      echo "fuzz: $shared_json is absent; no Aseprite seeds" >&2
    fi
    flags+=(-max_len=16384 -dict=Fuzz/json.dict) ;;
esac
[ -d "Fuzz/seeds/$target" ] && dirs+=("Fuzz/seeds/$target")

before=$(find "$crashes" -name "$target-*" | wc -l)
log="$out/logs/$target.log"
echo "== fuzz $target for ${seconds}s (log: $log)"
status=0
SWIFT_BACKTRACE=enable=no nice -n 19 timeout --kill-after=30 $((seconds + 300)) "$binary" \
  -max_total_time="$seconds" -artifact_prefix="$crashes/$target-" "${flags[@]}" "$@" "${dirs[@]}" \
  > "$log" 2>&1 || status=$?
grep -E '^#[0-9]+[[:space:]]+(INITED|DONE)|^stat::' "$log" | tail -8 || true
after=$(find "$crashes" -name "$target-*" | wc -l)
if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
  echo "fuzz $target: FAILED (status $status); new artifacts in $crashes:" >&2
  find "$crashes" -name "$target-*" -newer "$binary" >&2 || true
  grep -E 'ERROR|fuzz invariant|Fatal error|SUMMARY|Test unit written' "$log" | head -20 >&2 || true
  exit 1
fi
echo "fuzz $target: no crash"
