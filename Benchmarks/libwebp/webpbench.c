/* Decodes one WebP file N times with libwebp, the work of
 * `timeline-demo bench decode FILE.webp --repeat N --reopen`: a still with
 * WebPDecodeRGBA, an animation with a fresh WebPAnimDecoder (default
 * options: RGBA, straight alpha, one thread) playing every frame once per
 * repeat. Prints one key=value line: the time per frame and a checksum of
 * the first and last pixel of every canvas (the fold of Bench.fold), so
 * both sides can be compared.
 *
 * Usage: webpbench FILE.webp REPEATS
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <webp/decode.h>
#include <webp/demux.h>
#include "../harness.h"

int main(int argc, char **argv) {
  if (argc != 3) { fprintf(stderr, "usage: webpbench FILE.webp REPEATS\n"); return 2; }
  long size = 0;
  uint8_t *bytes = read_file(argv[1], &size);
  if (!bytes) return 2;
  long repeats = atol(argv[2]);
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(bytes, size, &features) != VP8_STATUS_OK) { fprintf(stderr, "error: not a WebP file\n"); return 2; }
  uint64_t sum = 0xCBF29CE484222325ULL;
  long frames = 0;
  int width = 0, height = 0;
  double start = now();
  for (long round = 0; round < repeats; round++) {
    if (!features.has_animation) {
      uint8_t *pixels = WebPDecodeRGBA(bytes, size, &width, &height);
      if (!pixels) { fprintf(stderr, "error: the still does not decode\n"); return 2; }
      sum = fold(sum, pixels, (size_t)width * height * 4);
      WebPFree(pixels);
      frames = 1;
      continue;
    }
    WebPData data = {bytes, (size_t)size};
    WebPAnimDecoderOptions options;
    WebPAnimDecoderOptionsInit(&options);
    WebPAnimDecoder *decoder = WebPAnimDecoderNew(&data, &options);
    if (!decoder) { fprintf(stderr, "error: the animation does not open\n"); return 2; }
    WebPAnimInfo info;
    WebPAnimDecoderGetInfo(decoder, &info);
    width = info.canvas_width;
    height = info.canvas_height;
    frames = 0;
    while (WebPAnimDecoderHasMoreFrames(decoder)) {
      uint8_t *canvas;
      int timestamp;
      if (!WebPAnimDecoderGetNext(decoder, &canvas, &timestamp)) break;
      sum = fold(sum, canvas, (size_t)width * height * 4);
      frames++;
    }
    WebPAnimDecoderDelete(decoder);
  }
  double elapsed = now() - start;
  printf("bench=libwebp frames=%ld repeats=%ld canvas=%dx%d ns_per_frame=%.3f checksum=%016llx\n", frames, repeats,
         width, height, elapsed / (repeats * (frames ? frames : 1)), (unsigned long long)sum);
  return 0;
}
