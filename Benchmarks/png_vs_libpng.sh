#!/usr/bin/env bash
# Still-PNG decoding against libpng (with zlib), in one run: for each file,
# `pngbench FILE N` (libpng's png_image API, from memory: read the header,
# inflate, unfilter, expand to RGBA, each round) alternating with
# `timeline-demo bench decode FILE --repeat N --reopen` (a release build:
# each round opens a provider from the bytes in memory and takes its
# frames, the opening timed). Installs libpng-dev when it is missing.
#
# The opening is timed because it is where a still PNG is inflated (to
# check it, as apng.md requires); the frame then expands those rows. Both
# print ns_per_frame (for a still PNG, per file).
#
# Usage: Benchmarks/png_vs_libpng.sh BIN [N] FILE.png...
set -euo pipefail
cd "$(dirname "$0")"
bin=${1:?usage: png_vs_libpng.sh BIN [N] FILE.png...}
shift
repeats=200
if [[ ${1:-} =~ ^[0-9]+$ ]]; then repeats=$1; shift; fi
if [ ! -f /usr/include/png.h ]; then
  apt-get install -y libpng-dev >/dev/null || sudo apt-get install -y libpng-dev >/dev/null
fi
make -s -C libpng
printf '%-48s %12s %12s %7s\n' file libpng_ns ours_ns ratio
for file in "$@"; do
  libpng=$(./libpng/pngbench "$file" "$repeats" | tr ' ' '\n' | sed -n 's/^ns_per_frame=//p')
  ours=$("$bin" bench decode "$file" --repeat "$repeats" --reopen | tr ' ' '\n' | sed -n 's/^ns_per_frame=//p')
  python3 -c "import sys; a,b=float(sys.argv[2]),float(sys.argv[3]); print(f'{sys.argv[1][-48:]:48} {a:12.0f} {b:12.0f} {b/a:7.2f}')" "$file" "$libpng" "$ours"
done
