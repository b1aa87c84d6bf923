// quantize_rules.cu: the division-free E2M1 rounding of quantize_block.cuh (e2m1_thresholds,
// e2m1_code), run on the host against the rule it replaces: code = e2m1_rne(clamp(fl(x / step),
// -6, 6)) | sign, fl the IEEE division, the midpoints 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5 counted
// with ">" below an odd code and ">=" below an even one (format.quantize's rule).
// Steps: every positive E4M3 scale times global multipliers (1, and others down to 1e-30 and up
// to 1e30, where the step goes subnormal or infinite); values: 0, each threshold's neighbourhood
// (the midpoint times the step, rounded, and 4 fp32 steps either side), random values over the
// code range and beyond, both signs. A mutant without the half-spacing terms must fail somewhere
// (the check can fail). Prints "S steps, V values checked, F failures, M mutant failures".
#include <cuda_fp16.h>
#include <stdint.h>

#include <cmath>
#include <cstdio>
#include <random>

#include "quantize_block.cuh"

using namespace nvfp4::detail;

// The rule as quantize_kernel.cu wrote it before the thresholds (and format.quantize still does).
static uint32_t code_by_division(float x, float step) {
  const float q = fminf(fmaxf(x / step, -6.0f), 6.0f);
  const float a = fabsf(q);
  const uint32_t mag = (a > 0.25f) + (a >= 0.75f) + (a > 1.25f) + (a >= 1.75f) + (a > 2.5f) +
                       (a >= 3.5f) + (a > 5.0f);
  return mag | (std::signbit(q) ? 8u : 0u);
}

// E4M3 (bias 7, no infinities) byte -> value.
static float e4m3(uint32_t b) {
  const int e = (b >> 3) & 15, m = b & 7;
  const float v = e == 0 ? std::ldexp((float)m, -9) : std::ldexp(1.0f + m / 8.0f, e - 7);
  return (b & 0x80) ? -v : v;
}

int main() {
  const float kMid[7] = {0.25f, 0.75f, 1.25f, 1.75f, 2.5f, 3.5f, 5.0f};
  const float gs_list[] = {1.0f, 0.37f, 3.0f, 1.0f / 3.0f, 1e-3f, 1234.5f, 0.999999f, 1e-30f, 1e30f, 7.1e-39f};
  std::mt19937 rng(2026);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  long steps = 0, values = 0, failures = 0, mutant_failures = 0;
  for (float gs : gs_list) {
    for (uint32_t b = 1; b < 0x7F; ++b) {
      const float step = e4m3(b) * gs;
      if (!(step > 0.0f)) continue;  // the quantizer writes code 0 then (step 0 or NaN)
      ++steps;
      const E2m1Thresholds th = e2m1_thresholds(step);
      E2m1Thresholds mutant;
      for (int i = 0; i < 7; ++i) mutant.t[i] = f32_at_or_above((double)kMid[i] * step);
      const auto check = [&](float x) {
        for (float v : {x, -x}) {
          ++values;
          const uint32_t want = code_by_division(v, step);
          const uint32_t got = e2m1_code(v, th);
          if (got != want && ++failures <= 10)
            std::printf("FAIL step %a (scale %#x, gs %g) x %a: %u, the division %u\n", step, b, gs, v, got, want);
          mutant_failures += e2m1_code(v, mutant) != want;
        }
      };
      check(0.0f);
      for (float m : kMid) {
        float x = (float)((double)m * step);
        for (int k = 0; k < 4; ++k) x = nextafterf(x, 0.0f);
        for (int k = 0; k < 9; ++k, x = nextafterf(x, INFINITY)) check(x);
      }
      for (int r = 0; r < 400; ++r) check(unit(rng) * 8.0f * step);
      check(std::ldexp(1.0f, -149));
      check(3.0e38f);
    }
  }
  std::printf("%ld steps, %ld values checked, %ld failures, %ld mutant failures\n", steps, values, failures,
              mutant_failures);
  return failures ? 1 : 0;
}
