/*
 * gifbench: decode and composite every frame of a GIF with giflib 5
 * (DGifSlurp), the way shared/spec/gif.md composites them, for comparison
 * with `timeline-demo bench decode`.
 *
 *   gifbench FILE.gif [--repeat N]   one line of key=value figures
 *   gifbench FILE.gif --crc          the CRC-32 of each composited canvas
 *
 * Each repeat opens the in-memory file with DGifOpen, slurps it and
 * composites every frame onto an RGBA canvas (grown to the first frame,
 * transparency, disposal 2 clears the rectangle, 3 and 4 restore the canvas
 * from before the frame, indices beyond the colour table are opaque
 * black). Only the first and last pixel of each canvas are folded into a
 * checksum (the same fold as Bench+GIF.swift), so decoding dominates.
 */
#define _POSIX_C_SOURCE 199309L
#include <gif_lib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

struct memory {
  const uint8_t *bytes;
  size_t size;
  size_t position;
};

static int read_memory(GifFileType *gif, GifByteType *out, int count) {
  struct memory *m = gif->UserData;
  size_t left = m->size - m->position;
  size_t n = (size_t)count < left ? (size_t)count : left;
  memcpy(out, m->bytes + m->position, n);
  m->position += n;
  return (int)n;
}

static uint32_t crc_table[256];

static void crc_init(void) {
  for (uint32_t i = 0; i < 256; i++) {
    uint32_t c = i;
    for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    crc_table[i] = c;
  }
}

static uint32_t crc32_bytes(const uint8_t *p, size_t n) {
  uint32_t c = 0xFFFFFFFFu;
  while (n--) c = crc_table[(c ^ *p++) & 0xFF] ^ (c >> 8);
  return ~c;
}

static uint64_t nanos(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* Pixels are stored as R, G, B, A bytes (little-endian uint32). */
static inline uint32_t rgba(const GifColorType *c) {
  return (uint32_t)c->Red | (uint32_t)c->Green << 8 | (uint32_t)c->Blue << 16 | 0xFF000000u;
}

/* Decodes and composites the whole file once. Returns the number of frames,
 * or -1 on error. */
static int run_once(const uint8_t *bytes, size_t size, uint64_t *sum, int print_crc, uint64_t *canvas_pixels) {
  struct memory m = {bytes, size, 0};
  int error = 0;
  GifFileType *gif = DGifOpen(&m, read_memory, &error);
  if (!gif) {
    fprintf(stderr, "DGifOpen: %s\n", GifErrorString(error));
    return -1;
  }
  if (DGifSlurp(gif) != GIF_OK || gif->ImageCount < 1) {
    fprintf(stderr, "DGifSlurp: %s\n", GifErrorString(gif->Error));
    DGifCloseFile(gif, &error);
    return -1;
  }
  const GifImageDesc *first = &gif->SavedImages[0].ImageDesc;
  int width = gif->SWidth, height = gif->SHeight;
  if (first->Left + first->Width > width) width = first->Left + first->Width;
  if (first->Top + first->Height > height) height = first->Top + first->Height;
  size_t count = (size_t)width * (size_t)height;
  uint32_t *canvas = calloc(count, 4);
  uint32_t *previous = malloc(count * 4);
  uint32_t palette[256];

  for (int f = 0; f < gif->ImageCount; f++) {
    const SavedImage *image = &gif->SavedImages[f];
    const GifImageDesc *d = &image->ImageDesc;
    GraphicsControlBlock gcb = {DISPOSAL_UNSPECIFIED, false, 0, NO_TRANSPARENT_COLOR};
    DGifSavedExtensionToGCB(gif, f, &gcb);
    int disposal = gcb.DisposalMode;
    if (disposal == 3 || disposal == 4) memcpy(previous, canvas, count * 4);

    const ColorMapObject *map = d->ColorMap ? d->ColorMap : gif->SColorMap;
    int colors = map ? map->ColorCount : 0;
    for (int i = 0; i < 256; i++) palette[i] = i < colors ? rgba(&map->Colors[i]) : 0xFF000000u;
    int transparent = gcb.TransparentColor;

    int x0 = d->Left, y0 = d->Top;
    int columns = x0 < width ? (d->Width < width - x0 ? d->Width : width - x0) : 0;
    int rows = y0 < height ? (d->Height < height - y0 ? d->Height : height - y0) : 0;
    /* DGifSlurp de-interlaces in giflib 5 (RasterBits is top row first). */
    for (int y = 0; y < rows; y++) {
      const GifByteType *src = image->RasterBits + (size_t)y * d->Width;
      uint32_t *dst = canvas + (size_t)(y0 + y) * width + x0;
      if (transparent < 0) {
        for (int x = 0; x < columns; x++) dst[x] = palette[src[x]];
      } else {
        for (int x = 0; x < columns; x++)
          if (src[x] != transparent) dst[x] = palette[src[x]];
      }
    }

    /* The frame is shown: fold, or print its CRC. */
    if (print_crc) {
      printf("%08x\n", crc32_bytes((const uint8_t *)canvas, count * 4));
    }
    *sum = (*sum ^ canvas[0]) * 0x100000001B3ull;
    *sum = (*sum ^ canvas[count - 1]) * 0x100000001B3ull;

    if (disposal == 2) {
      for (int y = 0; y < rows; y++) memset(canvas + (size_t)(y0 + y) * width + x0, 0, (size_t)columns * 4);
    } else if (disposal == 3 || disposal == 4) {
      memcpy(canvas, previous, count * 4);
    }
  }
  int frames = gif->ImageCount;
  *canvas_pixels = count;
  free(previous);
  free(canvas);
  DGifCloseFile(gif, &error);
  return frames;
}

int main(int argc, char **argv) {
  const char *path = NULL;
  long repeats = 1;
  int print_crc = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeats = atol(argv[++i]);
    else if (!strcmp(argv[i], "--crc")) print_crc = 1;
    else path = argv[i];
  }
  if (!path || repeats < 1) {
    fprintf(stderr, "usage: gifbench FILE.gif [--repeat N] [--crc]\n");
    return 2;
  }
  FILE *file = fopen(path, "rb");
  if (!file) { perror(path); return 1; }
  fseek(file, 0, SEEK_END);
  long size = ftell(file);
  fseek(file, 0, SEEK_SET);
  uint8_t *bytes = malloc((size_t)size);
  if (fread(bytes, 1, (size_t)size, file) != (size_t)size) { perror(path); return 1; }
  fclose(file);
  crc_init();

  uint64_t sum = 0xCBF29CE484222325ull, pixels = 0;
  if (print_crc) return run_once(bytes, (size_t)size, &sum, 1, &pixels) < 0;
  int frames = 0;
  uint64_t start = nanos();
  for (long r = 0; r < repeats; r++) {
    frames = run_once(bytes, (size_t)size, &sum, 0, &pixels);
    if (frames < 0) return 1;
  }
  uint64_t elapsed = nanos() - start;
  double total = (double)frames * (double)repeats;
  printf("bench=giflib frames=%d repeats=%ld ns_per_frame=%.3f mpixels_per_s=%.2f checksum=%016llx\n", frames,
         repeats, (double)elapsed / total, total * (double)pixels / ((double)elapsed / 1e9) / 1e6,
         (unsigned long long)sum);
  free(bytes);
  return 0;
}
