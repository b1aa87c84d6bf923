// decode_rules.cu: the software E2M1 decodes of e2m1_decode.cuh (sm_80 .. sm_90), run on the host.
// Every code at every position of a word, the other 7 values random:
//   decode_e2m1x8: each half of each output register must be the fp16 image sign << 15 |
//     magnitude << 9 (= E2M1 value * 2^-14) of the value pair_k names, and every value must come
//     out exactly once;
//   decode_e2m1x8_u8: byte i % 4 of lo (i < 4) or hi must be kU8Bias + 2 * E2M1 of value i.
// And the integer item's block arithmetic (gemv_kernels.cu, DotStage): for 16-value blocks of
// weights and activations (random, and every extreme: all +-6 by all +-6), 4 dp4a (u8 x s8, as
// dp4a.u32.s32) of the weights' biased bytes against the activation's int8 2 * E2M1, from the
// start kIntMagic - kU8Bias * (the activation's sum), must end on the bits of kIntMagicValue +
// the exact dot of the 2 * E2M1 values.
// Prints "N words checked, B blocks checked, F failures".
#include <cuda_fp16.h>
#include <stdint.h>

#include <cstdio>
#include <cstring>
#include <random>

#include "e2m1_decode.cuh"

using namespace nvfp4::detail;

static const float kE2M1[8] = {0.f, 0.5f, 1.f, 1.5f, 2.f, 3.f, 4.f, 6.f};

// dp4a.u32.s32 on the host (the kernels' dp4a_us, e2m1_decode.cuh): c + the 4 products of a's unsigned
// bytes and b's signed bytes.
static int dp4a_us_host(uint32_t a, uint32_t b, int c) {
  for (int i = 0; i < 4; ++i) c += (int)(a >> (8 * i) & 0xFF) * (int)(int8_t)(b >> (8 * i) & 0xFF);
  return c;
}

// One block (two words each of weight and activation codes): 0 if the integer item's arithmetic
// gives the exact dot, else 1 (and a message).
static int check_block(const uint32_t (&wa)[2], const uint32_t (&wx)[2]) {
  int want = 0, sum = 0;
  uint32_t x8[4];  // the activation as DotStage stores it: int8 2 * E2M1
  for (int j = 0; j < 2; ++j) {
    uint32_t lo, hi;
    decode_e2m1x8_u8(wx[j], lo, hi);
    x8[2 * j] = lo;
    x8[2 * j + 1] = hi;
    for (int i = 0; i < 8; ++i) {
      const uint32_t ca = wa[j] >> (4 * i) & 0xF, cx = wx[j] >> (4 * i) & 0xF;
      const int a2 = (int)(2 * (ca & 8 ? -1.f : 1.f) * kE2M1[ca & 7]);
      const int x2 = (int)(2 * (cx & 8 ? -1.f : 1.f) * kE2M1[cx & 7]);
      want += a2 * x2;
      sum += x2;
    }
  }
  for (int i = 0; i < 4; ++i) {  // biased bytes -> int8, bytewise (the staging's __vsub4)
    uint32_t v = 0;
    for (int b = 0; b < 4; ++b) v |= (uint32_t)(uint8_t)((x8[i] >> (8 * b) & 0xFF) - kU8Bias) << (8 * b);
    x8[i] = v;
  }
  int c = (int)kIntMagic - kU8Bias * sum;
  for (int j = 0; j < 2; ++j) {
    uint32_t lo, hi;
    decode_e2m1x8_u8(wa[j], lo, hi);
    c = dp4a_us_host(lo, x8[2 * j], c);
    c = dp4a_us_host(hi, x8[2 * j + 1], c);
  }
  float f;
  std::memcpy(&f, &c, 4);
  if (f - kIntMagicValue == (float)want) return 0;
  std::printf("block %08x %08x . %08x %08x: %g, want %d\n", wa[0], wa[1], wx[0], wx[1],
              f - kIntMagicValue, want);
  return 1;
}

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
  int blocks = 0;
  const uint32_t extremes[2] = {0x77777777u, 0xFFFFFFFFu};  // +6 and -6 in every nibble
  for (uint32_t ea : extremes)
    for (uint32_t ex : extremes) {
      failures += check_block({ea, ea}, {ex, ex});
      ++blocks;
    }
  for (int rep = 0; rep < 100000; ++rep, ++blocks) {
    const uint32_t wa[2] = {(uint32_t)rng(), (uint32_t)rng()}, wx[2] = {(uint32_t)rng(), (uint32_t)rng()};
    failures += check_block(wa, wx);
  }
  std::printf("%d words checked, %d blocks checked, %d failures\n", words, blocks, failures);
  return failures != 0;
}
