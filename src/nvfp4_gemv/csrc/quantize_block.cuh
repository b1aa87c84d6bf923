// quantize_block.cuh: the dynamic NVFP4 quantization of one 16-value block, the rule of
// nvfp4_gemv.format.quantize bit for bit; used by quantize_kernel.cu (one thread per block) and by
// the GEMV's fused staging (gemv_kernels.cu, stage_fp4_dot with kQuantize). Torch-free.
//   scale = e4m3_rn_satfinite(amax / 6 / gs)            (gs = global multiplier, 1 when absent)
//   code  = e2m1_rne(clamp(x / (scale * gs), -6, 6)) | signbit(x) << 3, or 0 when scale * gs == 0
// E2M1 rounding counts the midpoints 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5 below |q|, with ties going
// to the even code (">" at midpoints below an odd code, ">=" below an even one).
// A block holding NaN or infinity gets the NaN scale 0x7F, so the GEMV turns it into NaN instead of
// a finite, silently wrong value (the CPU reference raises instead).
#pragma once
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>
#include <stdint.h>

namespace nvfp4 {
namespace detail {

__device__ __forceinline__ float to_float(float v) { return v; }
__device__ __forceinline__ float to_float(__half v) { return __half2float(v); }
__device__ __forceinline__ float to_float(__nv_bfloat16 v) { return __bfloat162float(v); }

__device__ __forceinline__ uint32_t e2m1_code(float q) {
  const float a = fabsf(q);
  const uint32_t mag = (a > 0.25f) + (a >= 0.75f) + (a > 1.25f) + (a >= 1.75f) + (a > 2.5f) +
                       (a >= 3.5f) + (a > 5.0f);
  return mag | (signbit(q) ? 8u : 0u);
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
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      lo |= e2m1_code(fminf(fmaxf(v[i] / step, -6.0f), 6.0f)) << (4 * i);
      hi |= e2m1_code(fminf(fmaxf(v[8 + i] / step, -6.0f), 6.0f)) << (4 * i);
    }
  }
  return s8;
}

// The 16 values of a 16-bit block (two 16-byte words) as floats.
template <typename T>
__device__ __forceinline__ void unpack16(const uint4 (&u)[2], float (&v)[16]) {
#pragma unroll
  for (int i = 0; i < 2; ++i) {
    const T* e = reinterpret_cast<const T*>(&u[i]);
#pragma unroll
    for (int j = 0; j < 8; ++j) v[8 * i + j] = to_float(e[j]);
  }
}

}  // namespace detail
}  // namespace nvfp4
