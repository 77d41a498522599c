#!/usr/bin/env bash
# Builds the library's symbol graph and converts it with its DocC catalog,
# warnings as errors (ambiguous or broken links fail). Uses the toolchain's
# own `docc`, so CI installs nothing: `swift build` emits the symbol graph,
# which is what `swift package generate-documentation` would do through the
# swift-docc-plugin dependency the package does not take.
set -euo pipefail
cd "$(dirname "$0")/.."
docc=${DOCC:-$(command -v docc || true)}
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
out=${DOCS_OUT:-.build/docs}
# The compiler writes the symbol graph only when it compiles the module: a
# second run with nothing changed builds nothing, so the graphs are kept
# between runs (outside the archive's folder), and made again when missing.
graphs=${DOCS_GRAPHS:-.build/symbol-graphs}
rm -rf "$out"
mkdir -p "$out" "$graphs"
build_graphs() {
  swift build --target AnimTimeline -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
}
build_graphs
if [ ! -f "$graphs/AnimTimeline.symbols.json" ]; then
  rm -rf .build/debug/AnimTimeline.build
  build_graphs
fi
"$docc" convert Sources/AnimTimeline/AnimTimeline.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name AnimTimeline --fallback-bundle-identifier org.animtimeline.AnimTimeline \
  --output-path "$out/AnimTimeline.doccarchive" --warnings-as-errors
echo "docs: 0 warnings ($out/AnimTimeline.doccarchive)"
