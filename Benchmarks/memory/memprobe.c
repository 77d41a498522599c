/*
 * What this machine's memory can do for `timeline-demo bench many`: the
 * time to stream through a large array, and the time per cache line when
 * lines of it are read at random but independently (so the memory system
 * can serve many at once). A timeline that changes frame at 10^6 timelines
 * must fetch its state like the second case; Docs/Performance.md uses these
 * figures to bound what any layout can reach.
 *
 *   cc -O2 -o memprobe memprobe.c && ./memprobe
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void) {
  const size_t count = (size_t)32 << 20; /* 256 MB of int64 */
  int64_t *a = malloc(count * sizeof *a);
  if (!a) return 1;
  for (size_t i = 0; i < count; i++) a[i] = (int64_t)i;
  volatile int64_t sink = 0;

  double stream = 1e9;
  for (int round = 0; round < 5; round++) {
    double t = now();
    int64_t s = 0;
    for (size_t i = 0; i < count; i++) s += a[i];
    sink = s;
    t = now() - t;
    if (t < stream) stream = t;
  }

  const size_t lines = count / 8, reads = 4000000;
  uint64_t x = 1;
  int64_t s = 0;
  double t = now();
  for (size_t k = 0; k < reads; k++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17; /* xorshift64 */
    s += a[(x % lines) * 8];
  }
  sink = s;
  t = now() - t;

  printf("stream_read_gb_per_s=%.1f random_line_ns=%.1f\n",
         (double)(count * sizeof *a) / stream / 1e9, t / (double)reads * 1e9);
  free(a);
  return (int)(sink & 0);
}
