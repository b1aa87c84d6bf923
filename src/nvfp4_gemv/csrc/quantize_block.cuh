// quantize_block.cuh: the dynamic NVFP4 quantization of one 16-value block, the rule of
// nvfp4_gemv.format.quantize bit for bit; used by quantize_kernel.cu (one thread per block) and by
// the GEMV's fused quantization (row_tiles.cuh's stage_fp4_dot with kQuantize, the row and band
// sweeps' prologues). Torch-free.
//   scale = e4m3_rn_satfinite(amax / 6 / gs)            (gs = global multiplier, 1 when absent)
//   code  = e2m1_rne(clamp(x / (scale * gs), -6, 6)) | signbit(x) << 3, or 0 when scale * gs == 0
// E2M1 rounding counts the midpoints 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5 below |q|, with ties going
// to the even code (">" at midpoints below an odd code, ">=" below an even one). The division is
// not taken: each midpoint test on fl(|x| / step) is a test of |x| against a threshold computed
// once per block (e2m1_thresholds, below), the same bits with 7 comparisons a value.
// A block holding NaN or infinity gets the NaN scale 0x7F, so the GEMV turns it into NaN instead of
// a finite, silently wrong value (the CPU reference raises instead).
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <math.h>
#include <stdint.h>

namespace nvfp4 {
namespace detail {

__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }

// The code magnitudes' thresholds for a block of step `step` (> 0): |x| >= t[i] exactly where
// fl(|x| / step) passes midpoint i, fl being IEEE division (round to nearest, ties to even).
// fl(a / step) > m  <=>  a / step > m + h  (h: half the fp32 spacing above m; at the tie fl rounds
// to m, whose mantissa is even) and fl(a / step) >= m  <=>  a / step >= m - h' (h': half the
// spacing below m; the tie rounds to m). The bounds (m +- h) * step are exact in fp64 (at most 25
// and 24 significant bits), and a is an fp32, so each test is a >= the smallest fp32 at or above
// the bound (strictly above for ">"). Checked on the host against the division for every scale
// and values at and around every threshold (tests/cpp/quantize_rules.cu).
struct E2m1Thresholds {
  float t[7];
};
__host__ __device__ inline float f32_at_or_above(double b) {
#ifdef __CUDA_ARCH__
  return __double2float_ru(b);
#else
  float f = (float)b;
  if ((double)f < b) f = nextafterf(f, INFINITY);
  return f;
#endif
}
__host__ __device__ inline E2m1Thresholds e2m1_thresholds(float step) {
  // Midpoint 0.25 (">"), 0.75 (">="), 1.25 (">"), 1.75 (">="), 2.5 (">"), 3.5 (">="), 5 (">").
  constexpr double kBound[7] = {0.25 + 0x1p-26, 0.75 - 0x1p-25, 1.25 + 0x1p-24, 1.75 - 0x1p-24,
                                2.5 + 0x1p-23,  3.5 - 0x1p-23,  5.0 + 0x1p-22};
  E2m1Thresholds r;
#pragma unroll
  for (int i = 0; i < 7; ++i) {
    const double b = kBound[i] * (double)step;
    float f = f32_at_or_above(b);
    if (i % 2 == 0 && (double)f == b) f = nextafterf(f, INFINITY);  // ">": strictly above
    r.t[i] = f;
  }
  return r;
}

// The E2M1 code of x: its magnitude by the thresholds, its sign bit.
__host__ __device__ inline uint32_t e2m1_code(float x, const E2m1Thresholds& th) {
  const float a = fabsf(x);
  uint32_t mag = 0;
#pragma unroll
  for (int i = 0; i < 7; ++i) mag += a >= th.t[i];
  return mag | (signbit(x) ? 8u : 0u);
}

// Quantizes v[0..15] with global multiplier gs: the E2M1 codes of values 0-7 in lo and 8-15 in hi
// (value i in bits 4i..4i+3, format.py's packing), and the E4M3 scale byte.
__device__ __forceinline__ uint32_t quantize_block16(const float (&v)[16], float gs, uint32_t& lo,
                                                     uint32_t& hi) {
  float amax = 0.f;
  bool finite = true;
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    amax = fmaxf(amax, fabsf(v[i]));
    finite = finite && isfinite(v[i]);
  }
  uint32_t s8 = __nv_cvt_float_to_fp8(amax / 6.0f / gs, __NV_SATFINITE, __NV_E4M3);
  if (!finite) s8 = 0x7F;
  const float step = __half2float(__half(__nv_cvt_fp8_to_halfraw(s8, __NV_E4M3))) * gs;
  lo = hi = 0;
  if (step > 0.f) {
    const E2m1Thresholds th = e2m1_thresholds(step);
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      lo |= e2m1_code(v[i], th) << (4 * i);
      hi |= e2m1_code(v[8 + i], th) << (4 * i);
    }
  }
  return s8;
}

// The 16 values of a block as floats, from its sizeof(T) 16-byte words (fp16 / bf16: 2, fp32: 4).
template <typename T>
__device__ __forceinline__ void unpack16(const uint4 (&u)[sizeof(T)], float (&v)[16]) {
  constexpr int kPerWord = 16 / sizeof(T);
#pragma unroll
  for (int i = 0; i < (int)sizeof(T); ++i) {
    const T* e = reinterpret_cast<const T*>(&u[i]);
#pragma unroll
    for (int j = 0; j < kPerWord; ++j) v[kPerWord * i + j] = to_float(e[j]);
  }
}

// A 16-bit x's block (its two 16-byte words; bf16 or fp16 as `bf16` says) quantized with global
// multiplier gs: quantize_block16's codes in lo / hi, its scale byte returned. The GEMV kernels
// that quantize x themselves (row tiles, row sweep, band sweep) take it, so their codes are the
// quantize kernel's.
__device__ __forceinline__ uint32_t quantize_x16_block(const uint4 (&raw)[2], bool bf16, float gs, uint32_t& lo,
                                                       uint32_t& hi) {
  float v[16];
  if (bf16)
    unpack16<__nv_bfloat16>(raw, v);
  else
    unpack16<__half>(raw, v);
  return quantize_block16(v, gs, lo, hi);
}

}  // namespace detail
}  // namespace nvfp4
