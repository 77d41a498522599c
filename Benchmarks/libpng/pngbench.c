/* Decodes one PNG file N times to 8-bit RGBA with libpng (the simplified
 * png_image API, zlib inflating), the same work as
 * `timeline-demo bench decode FILE.png --repeat N` on a still PNG (opening,
 * checking and decoding the image each time), and prints one key=value
 * line: the time per decode and a checksum of the first and last pixels
 * (the same fold as Bench.fold), so both sides can be compared.
 *
 * Usage: pngbench FILE.png REPEATS
 */
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "../harness.h"

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: pngbench FILE.png REPEATS\n"); return 2; }
  long size = 0;
  uint8_t *bytes = read_file(argv[1], &size);
  if (!bytes) return 2;
  long repeats = atol(argv[2]);
  uint64_t sum = 0xCBF29CE484222325ULL;
  uint32_t width = 0, height = 0;
  double start = now();
  for (long round = 0; round < repeats; round++) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, size)) { fprintf(stderr, "error: %s\n", image.message); return 2; }
    image.format = PNG_FORMAT_RGBA;
    size_t count = PNG_IMAGE_SIZE(image);
    uint8_t *pixels = malloc(count);
    if (!pixels || !png_image_finish_read(&image, NULL, pixels, 0, NULL)) { fprintf(stderr, "error: %s\n", image.message); return 2; }
    sum = fold(sum, pixels, count);
    width = image.width;
    height = image.height;
    free(pixels);
  }
  double elapsed = now() - start;
  printf("bench=libpng frames=1 repeats=%ld canvas=%ux%u ns_per_frame=%.3f checksum=%016llx\n", repeats, width, height,
         elapsed / repeats, (unsigned long long)sum);
  return 0;
}
