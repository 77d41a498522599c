/* Plays an APNG N times with libpng (with zlib), which has no APNG support
 * in Debian: the work of `timeline-demo bench decode FILE.png --repeat N
 * --reopen` on an animated PNG, done the way an APNG-patched libpng or
 * apngdis does it. Each repeat (all of it timed) walks the chunks of the
 * file in memory and, for each frame of the animation, builds a standalone
 * PNG stream in a reused buffer (the signature; an IHDR of the frame's
 * width and height with the file's bit depth, colour type and interlace
 * method; the file's PLTE and tRNS, if any, copied; the frame's data as
 * IDAT chunks: the default image's IDATs copied, or each fdAT's payload
 * after its 4-byte sequence number, with a CRC computed by zlib's crc32;
 * IEND), decodes it with libpng to 8-bit RGBA (png_read_image: palette,
 * low bit depths and tRNS keys expanded, 16-bit samples cut to their high
 * byte, grey to RGB, opaque alpha added, Adam7 passes merged; no gamma),
 * and composites it onto the canvas as shared/spec/apng.md says: the
 * canvas clear at the start of each play, the fcTL rectangle, blend op
 * SOURCE or OVER (the spec's integer formula, rounding down), dispose op
 * NONE, BACKGROUND or PREVIOUS (the rectangle saved before drawing; on
 * frame 0, PREVIOUS disposes as BACKGROUND), the default image left out
 * when no fcTL comes before the first IDAT.
 *
 * Prints one key=value line: the time per frame (all repeats) and a
 * checksum of the first and last pixel of every canvas (the fold of
 * Bench.fold), so both sides can be compared. Valid files only: a file
 * the spec plays as its still image (an animation error, a truncation) is
 * not handled as the spec says.
 *
 * Usage: apngbench FILE.png REPEATS   one key=value line
 *        apngbench FILE.png --crc     the CRC-32 of each composited canvas
 *                                     (after drawing it, before disposing
 *                                     it), one a line, lowercase hex
 */
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include "../harness.h"

static const uint8_t signature[8] = {137, 80, 78, 71, 13, 10, 26, 10};

static uint32_t be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static uint8_t *put32(uint8_t *p, uint32_t v) {
  p[0] = v >> 24, p[1] = v >> 16, p[2] = v >> 8, p[3] = v;
  return p + 4;
}

/* Appends a chunk of `type` whose data is `data` (may be NULL when `size`
 * is 0) at `p`, with its CRC (over type and data), and returns its end. */
static uint8_t *put_chunk(uint8_t *p, const char *type, const uint8_t *data, uint32_t size) {
  uint8_t *start = put32(p, size);
  memcpy(start, type, 4);
  if (size) memcpy(start + 4, data, size);
  uint32_t crc = (uint32_t)crc32(0, start, 4 + size);
  return put32(start + 4 + size, crc);
}

/* The file: its IHDR fields, and where its PLTE and tRNS chunks (whole,
 * CRC included) are. */
struct file {
  const uint8_t *bytes;
  size_t size;
  uint32_t width, height;
  uint8_t depth, colour, interlace;
  const uint8_t *plte, *trns;
  size_t plte_size, trns_size;
};

/* One frame being gathered: its fcTL fields and its PNG stream so far. */
struct frame {
  uint32_t width, height, x, y;
  uint8_t dispose, blend;
  uint8_t *end; /* the end of the stream built so far */
};

/* libpng's input: a stream in memory. */
struct source {
  const uint8_t *bytes;
  size_t size, position;
};

static void read_source(png_structp png, png_bytep out, size_t count) {
  struct source *s = png_get_io_ptr(png);
  if (count > s->size - s->position) png_error(png, "stream ends early");
  memcpy(out, s->bytes + s->position, count);
  s->position += count;
}

static void on_error(png_structp png, png_const_charp message) {
  fprintf(stderr, "libpng: %s\n", message);
  png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) { (void)png, (void)message; }

/* Decodes the PNG stream `bytes` (an image of width x height) into `out`
 * as 8-bit RGBA rows, width * 4 bytes each (`rows`: room for `height`
 * row pointers). Returns 0 on an error (reported on standard error). */
static int decode(const uint8_t *bytes, size_t size, uint32_t width, uint32_t height, uint8_t *out, png_bytep *rows) {
  png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, on_error, on_warning);
  if (!png) return 0;
  png_infop info = png_create_info_struct(png);
  if (!info) { png_destroy_read_struct(&png, NULL, NULL); return 0; }
  struct source source = {bytes, size, 0};
  if (setjmp(png_jmpbuf(png))) { png_destroy_read_struct(&png, &info, NULL); return 0; }
  png_set_read_fn(png, &source, read_source);
  png_read_info(png, info);
  int colour = png_get_color_type(png, info);
  png_set_expand(png); /* palette to RGB, grey below 8 bits to 8, tRNS to alpha */
  if (png_get_bit_depth(png, info) == 16) png_set_strip_16(png); /* the high byte */
  if (!(colour & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER); /* only where there is no alpha */
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  if (png_get_image_width(png, info) != width || png_get_image_height(png, info) != height ||
      png_get_rowbytes(png, info) != (size_t)width * 4)
    png_error(png, "unexpected layout");
  for (uint32_t row = 0; row < height; row++) rows[row] = out + (size_t)row * width * 4;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  png_destroy_read_struct(&png, &info, NULL);
  return 1;
}

/* Draws the decoded frame `pixels` onto `canvas` (canvas_width wide). */
static void draw(uint8_t *canvas, uint32_t canvas_width, const struct frame *f, const uint8_t *pixels) {
  for (uint32_t row = 0; row < f->height; row++) {
    uint8_t *to = canvas + ((size_t)(f->y + row) * canvas_width + f->x) * 4;
    const uint8_t *from = pixels + (size_t)row * f->width * 4;
    if (f->blend == 0) { memcpy(to, from, (size_t)f->width * 4); continue; }
    for (uint32_t column = 0; column < f->width; column++, to += 4, from += 4) {
      uint32_t a = from[3], A = to[3];
      if (a == 0) continue;
      if (a == 255 || A == 0) { memcpy(to, from, 4); continue; }
      uint32_t u = a * 255, v = (255 - a) * A, w = u + v;
      to[0] = (uint8_t)((from[0] * u + to[0] * v) / w);
      to[1] = (uint8_t)((from[1] * u + to[1] * v) / w);
      to[2] = (uint8_t)((from[2] * u + to[2] * v) / w);
      to[3] = (uint8_t)(w / 255);
    }
  }
}

/* Copies the frame's rectangle of `canvas` to `saved` (save = 1), or back. */
static void copy_rect(uint8_t *canvas, uint32_t canvas_width, const struct frame *f, uint8_t *saved, int save) {
  for (uint32_t row = 0; row < f->height; row++) {
    uint8_t *at = canvas + ((size_t)(f->y + row) * canvas_width + f->x) * 4;
    uint8_t *keep = saved + (size_t)row * f->width * 4;
    if (save) memcpy(keep, at, (size_t)f->width * 4);
    else memcpy(at, keep, (size_t)f->width * 4);
  }
}

/* The buffers a play reuses, allocated once. */
struct play {
  uint8_t *canvas, *pixels, *saved, *stream;
  png_bytep *rows;
  uint64_t sum;
  int print_crc;
};

/* Decodes the gathered frame `index`, draws it, folds (or prints the CRC
 * of) the canvas, then disposes of it. Returns 0 on an error. */
static int finish_frame(const struct file *file, struct play *play, struct frame *f, long index) {
  f->end = put_chunk(f->end, "IEND", NULL, 0);
  if (!decode(play->stream, (size_t)(f->end - play->stream), f->width, f->height, play->pixels, play->rows)) return 0;
  int dispose = f->dispose == 2 && index == 0 ? 1 : f->dispose;
  if (dispose == 2) copy_rect(play->canvas, file->width, f, play->saved, 1);
  draw(play->canvas, file->width, f, play->pixels);
  size_t count = (size_t)file->width * file->height * 4;
  if (play->print_crc) printf("%08x\n", (unsigned)crc32(0, play->canvas, count));
  play->sum = fold(play->sum, play->canvas, count);
  if (dispose == 1) {
    for (uint32_t row = 0; row < f->height; row++)
      memset(play->canvas + ((size_t)(f->y + row) * file->width + f->x) * 4, 0, (size_t)f->width * 4);
  } else if (dispose == 2) {
    copy_rect(play->canvas, file->width, f, play->saved, 0);
  }
  return 1;
}

/* One play of the animation from the bytes: walks the chunks after IHDR,
 * building, decoding and drawing each frame. Returns the number of frames
 * drawn, or -1 on an error. */
static long play_once(const struct file *file, struct play *play) {
  memset(play->canvas, 0, (size_t)file->width * file->height * 4);
  struct frame f = {0};
  int gathering = 0, seen_idat = 0;
  long frames = 0;
  size_t at = 8;
  while (at + 12 <= file->size) {
    const uint8_t *chunk = file->bytes + at;
    uint32_t length = be32(chunk);
    if (length > file->size - at - 12) { fprintf(stderr, "error: chunk cut at %zu\n", at); return -1; }
    const uint8_t *type = chunk + 4, *data = chunk + 8;
    at += 12 + (size_t)length;
    if (!memcmp(type, "fcTL", 4)) {
      if (length != 26) { fprintf(stderr, "error: fcTL of %u bytes\n", length); return -1; }
      if (gathering && !finish_frame(file, play, &f, frames++)) return -1;
      f.width = be32(data + 4), f.height = be32(data + 8), f.x = be32(data + 12), f.y = be32(data + 16);
      f.dispose = data[24], f.blend = data[25];
      if (!f.width || !f.height || f.width > file->width || f.height > file->height || f.x > file->width - f.width ||
          f.y > file->height - f.height || f.dispose > 2 || f.blend > 1) {
        fprintf(stderr, "error: fcTL out of the canvas or of range\n");
        return -1;
      }
      uint8_t header[13];
      put32(header, f.width), put32(header + 4, f.height);
      header[8] = file->depth, header[9] = file->colour, header[10] = 0, header[11] = 0, header[12] = file->interlace;
      uint8_t *p = play->stream;
      memcpy(p, signature, 8);
      p = put_chunk(p + 8, "IHDR", header, 13);
      if (file->plte) memcpy(p, file->plte, file->plte_size), p += file->plte_size;
      if (file->trns) memcpy(p, file->trns, file->trns_size), p += file->trns_size;
      f.end = p;
      gathering = 1;
    } else if (!memcmp(type, "IDAT", 4)) {
      seen_idat = 1;
      if (gathering) { /* the default image is frame 0: its chunks as they are */
        memcpy(f.end, chunk, 12 + (size_t)length);
        f.end += 12 + (size_t)length;
      }
    } else if (!memcmp(type, "fdAT", 4)) {
      if (!gathering || !seen_idat || length < 4) { fprintf(stderr, "error: misplaced fdAT\n"); return -1; }
      f.end = put_chunk(f.end, "IDAT", data + 4, length - 4);
    } else if (!memcmp(type, "IEND", 4)) {
      break;
    }
  }
  if (gathering && !finish_frame(file, play, &f, frames++)) return -1;
  return frames;
}

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: apngbench FILE.png REPEATS | apngbench FILE.png --crc\n"); return 2; }
  long size = 0;
  uint8_t *bytes = read_file(argv[1], &size);
  if (!bytes) return 2;
  int print_crc = !strcmp(argv[2], "--crc");
  long repeats = print_crc ? 1 : atol(argv[2]);
  /* Checked once, untimed: a PNG whose first chunk is IHDR and whose acTL
   * comes before its first IDAT. PLTE and tRNS are taken from before the
   * first IDAT. */
  struct file file = {.bytes = bytes, .size = (size_t)size};
  if (size < 33 || memcmp(bytes, signature, 8) || be32(bytes + 8) != 13 || memcmp(bytes + 12, "IHDR", 4)) {
    fprintf(stderr, "error: not a PNG\n");
    return 2;
  }
  file.width = be32(bytes + 16), file.height = be32(bytes + 20);
  file.depth = bytes[24], file.colour = bytes[25], file.interlace = bytes[28];
  int animated = 0;
  for (size_t at = 33; at + 12 <= (size_t)size;) {
    uint32_t length = be32(bytes + at);
    if (length > (size_t)size - at - 12) break;
    const uint8_t *type = bytes + at + 4;
    if (!memcmp(type, "IDAT", 4)) break;
    if (!memcmp(type, "acTL", 4)) animated = 1;
    if (!memcmp(type, "PLTE", 4)) file.plte = bytes + at, file.plte_size = 12 + (size_t)length;
    if (!memcmp(type, "tRNS", 4)) file.trns = bytes + at, file.trns_size = 12 + (size_t)length;
    at += 12 + (size_t)length;
  }
  if (!animated) { fprintf(stderr, "error: not an APNG (no acTL before IDAT)\n"); return 2; }
  if (!file.width || !file.height || (uint64_t)file.width * file.height > 16777216) {
    fprintf(stderr, "error: canvas %ux%u\n", file.width, file.height);
    return 2;
  }
  size_t canvas_bytes = (size_t)file.width * file.height * 4;
  /* A frame's stream is never longer than the file plus a signature, an
   * IHDR and an IEND: each chunk of it is a chunk of the file, or an fdAT
   * four bytes shorter. */
  struct play play = {
      .canvas = malloc(canvas_bytes), .pixels = malloc(canvas_bytes), .saved = malloc(canvas_bytes),
      .stream = malloc((size_t)size + 64), .rows = malloc(sizeof(png_bytep) * file.height),
      .sum = 0xCBF29CE484222325ULL, .print_crc = print_crc,
  };
  if (!play.canvas || !play.pixels || !play.saved || !play.stream || !play.rows) { fprintf(stderr, "error: out of memory\n"); return 2; }
  long frames = 0;
  double start = now();
  for (long round = 0; round < repeats; round++) {
    frames = play_once(&file, &play);
    if (frames < 0) return 2;
  }
  double elapsed = now() - start;
  if (print_crc) return 0;
  printf("bench=libpng-apng frames=%ld repeats=%ld canvas=%ux%u ns_per_frame=%.3f checksum=%016llx\n", frames, repeats,
         file.width, file.height, frames && repeats ? elapsed / ((double)repeats * frames) : 0.0,
         (unsigned long long)play.sum);
  return 0;
}
