#!/usr/bin/env bash
# Builds one libFuzzer target: Fuzz/build.sh gif|apng|webp|png|script|timeline|json|encode
#
# SwiftPM is not involved. The library and the script language
# (Sources/TimelineScript: commands, parser, runner, SplitMix64) are each
# compiled once into a static module (Fuzz/out/lib) with ASan, edge +
# compare coverage and the library's internal invariant checks
# (ANIMTIMELINE_INTERNAL_CHECKS); each target links both with
# `-sanitize=fuzzer,address`, which brings libFuzzer's main. The timeline
# target also compiles the test suite's reference model (with its section 8
# segments, queue, cues and ModelEvent) and its `apply(ScriptCommand)`; the
# json target, the test suite's walk model of Aseprite's tag playback.
set -euo pipefail
cd "$(dirname "$0")/.."

target=${1:?usage: Fuzz/build.sh gif|apng|webp|png|script|timeline|json|encode}
case "$target" in
  gif|apng|webp|png|script|timeline|json|encode) ;;
  *) echo "unknown fuzz target '$target' (gif, apng, webp, png, script, timeline, json, encode)" >&2; exit 2 ;;
esac

out=Fuzz/out
swiftc=${SWIFTC:-swiftc}
common=(-O -g -swift-version 6 -warnings-as-errors -sanitize=address)
link=(-use-ld=lld)  # gold warns about ASan's local symbols

newer() {  # newer OUTPUT INPUT...: true when OUTPUT is missing or older than an input
  local output=$1; shift
  [ -f "$output" ] || return 0
  [ -n "$(find "$@" -newer "$output" -print -quit)" ]
}
module() {  # module NAME [LIBRARY...]: Sources/NAME into Fuzz/out/lib/libNAME.a, using LIBRARY...
  local name=$1 sources
  shift
  mapfile -t sources < <(find "Sources/$name" -name '*.swift' | LC_ALL=C sort)
  local library="$out/lib/lib$name.a"
  if newer "$library" "${sources[@]}" "$@" Fuzz/build.sh; then
    echo "== fuzz: $name (ASan + coverage)" >&2
    mkdir -p "$out/lib"
    # Whole-module, with LLVM's code generation on both cores.
    "$swiftc" "${common[@]}" -parse-as-library -whole-module-optimization -num-threads 2 \
      -sanitize=fuzzer -D ANIMTIMELINE_INTERNAL_CHECKS -I "$out/lib" \
      -module-name "$name" -emit-module -emit-module-path "$out/lib/$name.swiftmodule" \
      -emit-library -static -o "$library" "${sources[@]}"
  fi
}
module AnimTimeline
module TimelineScript "$out/lib/libAnimTimeline.a"
libraries=("$out/lib/libAnimTimeline.a" "$out/lib/libTimelineScript.a")

sources=(Fuzz/Support/*.swift "Fuzz/Targets/$target"/*.swift)
case "$target" in
  timeline)
    # The test suite's independent reference model is the differential
    # oracle: its core, its ranges (Segment), queue, cues and ModelEvent
    # (section 8), and its apply(ScriptCommand).
    sources+=(Tests/AnimTimelineTests/Support/{ReferenceTimeline,ReferenceTimeline+Segment,ReferenceTimeline+ScriptCommand}.swift) ;;
  json)
    # The independent model of Aseprite's tag playback.
    sources+=(Tests/AnimTimelineTests/SpriteSheet/AsepriteWalkModel.swift) ;;
  gif|apng|webp)
    # The checks every animated-image target run on their provider.
    sources+=(Fuzz/Support/Animated/*.swift) ;;
esac

binary="$out/fuzz-$target"
if newer "$binary" "${libraries[@]}" "${sources[@]}" Fuzz/build.sh; then
  echo "== fuzz: $target" >&2
  "$swiftc" "${common[@]}" -parse-as-library -sanitize=fuzzer \
    "${link[@]}" -module-name "Fuzz_$target" -I "$out/lib" -L "$out/lib" -lTimelineScript -lAnimTimeline \
    -o "$binary" "${sources[@]}"
fi
echo "$binary"
