#!/usr/bin/env bash
# Runs one fuzz target for a while: Fuzz/run.sh gif|apng|webp|png|script|timeline|json|encode SECONDS
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

target=${1:?usage: Fuzz/run.sh gif|apng|webp|png|script|timeline|json|encode SECONDS [libFuzzer flags]}
seconds=${2:?usage: Fuzz/run.sh gif|apng|webp|png|script|timeline|json|encode SECONDS [libFuzzer flags]}
shift 2

out=Fuzz/out
binary=$(bash Fuzz/build.sh "$target" | tail -1)
corpus="$out/corpus/$target"
crashes="$out/crashes"
mkdir -p "$corpus" "$crashes" "$out/logs"

dirs=("$corpus")
flags=(-timeout=30 -rss_limit_mb=2560 -print_final_stats=1)
# link_shared FOLDER PATTERN WHAT: the FOLDER files matching PATTERN (a
# shared corpus also holds JSON expectations) as seeds, symlinked into
# $out/seeds/$target (never copied) while this runs; without FOLDER, a
# note of what is missing.
link_shared() {
  local folder=$1 pattern=$2 what=$3
  if [ -d "$folder" ]; then
    local seeds="$out/seeds/$target"
    rm -rf "$seeds"; mkdir -p "$seeds"
    for file in "$folder"/$pattern; do
      [ -e "$file" ] && ln -s "$(cd "$(dirname "$file")" && pwd)/$(basename "$file")" "$seeds/"
    done
    dirs+=("$seeds")
  else
    echo "fuzz: $folder is absent; $what" >&2
  fi
}
case "$target" in
  gif)
    link_shared ../shared/corpus/gif '*.gif' "no GIF seeds"
    flags+=(-max_len=65536) ;;
  apng)
    # Our own seeds (every op, fdAT splits, Adam7, palettes) are
    # Fuzz/seeds/apng/, written by Fuzz/make-apng-seeds.py.
    link_shared ../shared/corpus/apng '*.png' "only Fuzz/seeds/apng"
    flags+=(-max_len=16384 -dict=Fuzz/apng.dict) ;;
  webp)
    # Every bitstream path (lossy, lossless, alpha, the container) has
    # seeds in the shared corpus. Without it, the dictionary's chunk names.
    link_shared ../shared/corpus/webp '*.webp' "no WebP seeds"
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
  encode) flags+=(-max_len=4096) ;;  # an animation's description, not a file
  json)
    # Real Aseprite exports.
    link_shared ../shared/corpus/aseprite '*.json' "no Aseprite seeds"
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
