#!/usr/bin/env bash
# Builds one libFuzzer target: Fuzz/build.sh gif|script|timeline
#
# SwiftPM is not involved. The library is compiled once into a static
# module (Fuzz/out/lib) with ASan, edge + compare coverage and the
# library's internal invariant checks (ANIMTIMELINE_INTERNAL_CHECKS); each
# target links it with `-sanitize=fuzzer,address`, which brings libFuzzer's
# main. The script target also compiles the demo's script parser and
# runner into its own module; the timeline target, the test suite's
# reference model.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/build.sh gif|script|timeline}
case "$target" in
  gif|script|timeline) ;;
  *) echo "unknown fuzz target '$target' (gif, script, timeline)" >&2; exit 2 ;;
esac

out=Fuzz/out
swiftc=${SWIFTC:-swiftc}
common=(-O -g -swift-version 6 -warnings-as-errors -sanitize=address)
link=(-use-ld=lld)  # gold warns about ASan's local symbols

mapfile -t lib_sources < <(find Sources/AnimTimeline -name '*.swift' | LC_ALL=C sort)
lib="$out/lib/libAnimTimeline.a"
newer() {  # newer OUTPUT INPUT...: true when OUTPUT is missing or older than an input
  local output=$1; shift
  [ -f "$output" ] || return 0
  [ -n "$(find "$@" -newer "$output" -print -quit)" ]
}
if newer "$lib" "${lib_sources[@]}" Fuzz/build.sh; then
  echo "== fuzz: library (ASan + coverage)" >&2
  mkdir -p "$out/lib"
  "$swiftc" "${common[@]}" -parse-as-library -whole-module-optimization \
    -sanitize=fuzzer -D ANIMTIMELINE_INTERNAL_CHECKS \
    -module-name AnimTimeline -emit-module -emit-module-path "$out/lib/AnimTimeline.swiftmodule" \
    -emit-library -static -o "$lib" "${lib_sources[@]}"
fi

sources=(Fuzz/Support/*.swift "Fuzz/Targets/$target"/*.swift Sources/TimelineDemo/SplitMix64.swift)
case "$target" in
  script)
    # The demo's script parser and runner (the rest of the demo is its CLI).
    sources+=(Sources/TimelineDemo/{ScriptCommand,NumberSyntax,ScriptRunner}.swift) ;;
  timeline)
    # The test suite's independent reference model is the differential oracle.
    sources+=(Tests/AnimTimelineTests/Support/ReferenceTimeline.swift) ;;
esac

binary="$out/fuzz-$target"
if newer "$binary" "$lib" "${sources[@]}" Fuzz/build.sh; then
  echo "== fuzz: $target" >&2
  "$swiftc" "${common[@]}" -parse-as-library -sanitize=fuzzer \
    "${link[@]}" -module-name "Fuzz_$target" -I "$out/lib" -L "$out/lib" -lAnimTimeline \
    -o "$binary" "${sources[@]}"
fi
echo "$binary"
