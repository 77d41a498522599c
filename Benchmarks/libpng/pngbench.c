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

static uint64_t fold(uint64_t sum, const uint8_t *pixels, size_t count) {
  if (count < 4) return sum;
  size_t last = count - 4;
  uint32_t first = pixels[0] | pixels[1] << 8 | pixels[2] << 16 | (uint32_t)pixels[3] << 24;
  uint32_t final = pixels[last] | pixels[last + 1] << 8 | pixels[last + 2] << 16 | (uint32_t)pixels[last + 3] << 24;
  sum = (sum ^ first) * 0x00000100000001B3ULL;
  sum = (sum ^ final) * 0x00000100000001B3ULL;
  return sum;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: pngbench FILE.png REPEATS\n"); return 2; }
  FILE *file = fopen(argv[1], "rb");
  if (!file) { perror(argv[1]); return 2; }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(size);
  if (!bytes || fread(bytes, 1, size, file) != (size_t)size) { fprintf(stderr, "cannot read\n"); return 2; }
  fclose(file);
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
