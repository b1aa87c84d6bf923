// decode_rules.cu: the software E2M1 decodes of e2m1_decode.cuh (sm_80 .. sm_90), run on the host.
// Every code at every position of a word, the other 7 values random:
//   decode_e2m1x8: each half of each output register must be the fp16 image sign << 15 |
//     magnitude << 9 (= E2M1 value * 2^-14) of the value pair_k names, and every value must come
//     out exactly once;
//   decode_e2m1x8_u8: byte i % 4 of lo (i < 4) or hi must be kU8Bias + 2 * E2M1 of value i.
// Prints "N words checked, F failures".
#include <cuda_fp16.h>
#include <stdint.h>

#include <cstdio>
#include <random>

#include "e2m1_decode.cuh"

using namespace nvfp4::detail;

static const float kE2M1[8] = {0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f, 4.f, 6.f};

int main() {
  static_assert(!NVFP4_HW_E2M1, "the host pass has no FP4 hardware");
  int failures = 0, words = 0;
  int seen[8] = {};
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 2; ++j) ++seen[pair_k(i, j)];
  for (int v = 0; v < 8; ++v)
    if (seen[v] != 1) {
      std::printf("pair_k names value %d %d times\n", v, seen[v]);
      ++failures;
    }
  std::mt19937 rng(7);
  for (int pos = 0; pos < 8; ++pos)
    for (uint32_t code = 0; code < 16; ++code)
      for (int rep = 0; rep < 64; ++rep, ++words) {
        const uint32_t w = (rng() & ~(0xFu << (4 * pos))) | code << (4 * pos);
        uint32_t h[4];
        decode_e2m1x8(w, h);
        for (int i = 0; i < 4; ++i)
          for (int j = 0; j < 2; ++j) {
            const uint32_t c = w >> (4 * pair_k(i, j)) & 0xF;
            const uint16_t bits = h[i] >> (16 * j) & 0xFFFF;
            const uint16_t want = (c & 8) << 12 | (c & 7) << 9;
            __half_raw raw;
            raw.x = bits;
            const float got = __half2float(__half(raw)) * 16384.f;
            const float value = (c & 8 ? -1.f : 1.f) * kE2M1[c & 7];
            if (bits != want || got != value) {
              if (++failures <= 10)
                std::printf("word %08x register %d half %d: %04x (%g), want %04x (%g)\n", w, i, j,
                            bits, got, want, value);
            }
          }
        uint32_t lo, hi;
        decode_e2m1x8_u8(w, lo, hi);
        for (int i = 0; i < 8; ++i) {
          const uint32_t c = w >> (4 * i) & 0xF;
          const int got = (int)((i < 4 ? lo : hi) >> (8 * (i % 4)) & 0xFF) - kU8Bias;
          const float value = (c & 8 ? -1.f : 1.f) * kE2M1[c & 7];
          if (got != 2 * value) {
            if (++failures <= 10)
              std::printf("word %08x value %d: u8 decode %d, want %g\n", w, i, got, 2 * value);
          }
        }
      }
  std::printf("%d words checked, %d failures\n", words, failures);
  return failures != 0;
}
