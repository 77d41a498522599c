#!/usr/bin/env bash
# Builds Benchmarks/out/imagetool: the library (Sources/AnimTimeline, -O,
# whole-module) as a static module, and main.swift linked against it
# through its public API only. SwiftPM is not involved, and nothing here
# is part of the package. Prints the binary's path.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=Benchmarks/out/imagetool-build
swiftc=${SWIFTC:-swiftc}
mkdir -p "$out"
mapfile -t sources < <(find Sources/AnimTimeline -name '*.swift' | LC_ALL=C sort)
library="$out/libAnimTimeline.a"
if [ ! -f "$library" ] || [ -n "$(find "${sources[@]}" Benchmarks/imagetool/build.sh -newer "$library" -print -quit)" ]; then
  echo "== imagetool: AnimTimeline (-O)" >&2
  "$swiftc" -O -swift-version 6 -parse-as-library -whole-module-optimization \
    -module-name AnimTimeline -emit-module -emit-module-path "$out/AnimTimeline.swiftmodule" \
    -emit-library -static -o "$library" "${sources[@]}"
fi
binary=Benchmarks/out/imagetool
if [ ! -f "$binary" ] || [ -n "$(find "$library" Benchmarks/imagetool/main.swift -newer "$binary" -print -quit)" ]; then
  echo "== imagetool" >&2
  "$swiftc" -O -swift-version 6 -I "$out" -L "$out" -lAnimTimeline -o "$binary" Benchmarks/imagetool/main.swift
fi
echo "$binary"
