/* What the C comparison harnesses (libpng/pngbench.c, libwebp/webpbench.c)
 * share: the checksum fold of Bench.fold (the first and last pixel of a
 * canvas), a monotonic clock in nanoseconds, and reading a whole file. */
#ifndef ANIMTIMELINE_BENCH_HARNESS_H
#define ANIMTIMELINE_BENCH_HARNESS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static inline uint64_t fold(uint64_t sum, const uint8_t *pixels, size_t count) {
  if (count < 4) return sum;
  size_t last = count - 4;
  uint32_t first = pixels[0] | pixels[1] << 8 | pixels[2] << 16 | (uint32_t)pixels[3] << 24;
  uint32_t final = pixels[last] | pixels[last + 1] << 8 | pixels[last + 2] << 16 | (uint32_t)pixels[last + 3] << 24;
  sum = (sum ^ first) * 0x00000100000001B3ULL;
  sum = (sum ^ final) * 0x00000100000001B3ULL;
  return sum;
}

static inline double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e9 + t.tv_nsec;
}

/* The bytes of the file at `path` (its size in *size), or NULL with a
 * message on standard error. */
static inline uint8_t *read_file(const char *path, long *size) {
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); return NULL; }
  fseek(file, 0, SEEK_END);
  *size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc(*size > 0 ? *size : 1);
  if (!bytes || fread(bytes, 1, *size, file) != (size_t)*size) { fprintf(stderr, "%s: cannot read\n", path); fclose(file); return NULL; }
  fclose(file);
  return bytes;
}

#endif
