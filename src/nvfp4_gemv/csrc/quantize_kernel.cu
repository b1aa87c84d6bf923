// quantize_kernel.cu: dynamic NVFP4 quantization of activations on the GPU (for W4A4). Torch-free.
//
// Same rule as nvfp4_gemv.format.quantize, bit for bit, one thread per 16-value block:
//   scale = e4m3_rn_satfinite(amax / 6 / gs)            (gs = global multiplier, 1 when absent)
//   code  = e2m1_rne(clamp(x / (scale * gs), -6, 6)) | signbit(x) << 3, or 0 when scale * gs == 0
// E2M1 rounding counts the midpoints 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5 below |q|, with ties going
// to the even code (">" at midpoints below an odd code, ">=" below an even one).
// A block holding NaN or infinity gets the NaN scale 0x7F, so the GEMV turns it into NaN instead of
// a finite, silently wrong value (the CPU reference raises instead).
#include "nvfp4_gemv.cuh"

#include <cuda_fp8.h>
#include <cuda_runtime.h>

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

template <typename T>
__global__ void quantize_kernel(const T* __restrict__ x, int64_t blocks, const float* gs_ptr,
                                uint8_t* __restrict__ packed, uint8_t* __restrict__ scales) {
  const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= blocks) return;
  float v[16];
  // 16 values = 32 bytes (fp16/bf16) or 64 bytes (fp32), 16-byte aligned (checked by the caller).
  constexpr int kPerVec = 16 / sizeof(T);
  const uint4* src = reinterpret_cast<const uint4*>(x + b * 16);
#pragma unroll
  for (int i = 0; i < 16 / kPerVec; ++i) {
    const uint4 u = src[i];
    const T* e = reinterpret_cast<const T*>(&u);
#pragma unroll
    for (int j = 0; j < kPerVec; ++j) v[i * kPerVec + j] = to_float(e[j]);
  }
  float amax = 0.f;
  bool finite = true;
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    amax = fmaxf(amax, fabsf(v[i]));
    finite = finite && isfinite(v[i]);
  }
  const float gs = gs_ptr ? *gs_ptr : 1.0f;
  uint8_t s8 = __nv_cvt_float_to_fp8(amax / 6.0f / gs, __NV_SATFINITE, __NV_E4M3);
  if (!finite) s8 = 0x7F;
  scales[b] = s8;
  const float step = __half2float(__half(__nv_cvt_fp8_to_halfraw(s8, __NV_E4M3))) * gs;
  uint32_t lo = 0, hi = 0;
  if (step > 0.f) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      lo |= e2m1_code(fminf(fmaxf(v[i] / step, -6.0f), 6.0f)) << (4 * i);
      hi |= e2m1_code(fminf(fmaxf(v[8 + i] / step, -6.0f), 6.0f)) << (4 * i);
    }
  }
  reinterpret_cast<uint2*>(packed)[b] = make_uint2(lo, hi);
}

}  // namespace detail

int launch_quantize(const void* x, int dtype, int64_t values, const float* global_scale,
                    uint8_t* packed, uint8_t* scales, cudaStream_t stream) {
  const int64_t blocks = values / 16;
  if (blocks == 0) return 0;
  const int threads = 256;
  const unsigned grid = (unsigned)((blocks + threads - 1) / threads);
  if (dtype == kActF16)
    detail::quantize_kernel<<<grid, threads, 0, stream>>>(static_cast<const __half*>(x), blocks,
                                                          global_scale, packed, scales);
  else if (dtype == kActBF16)
    detail::quantize_kernel<<<grid, threads, 0, stream>>>(
        static_cast<const __nv_bfloat16*>(x), blocks, global_scale, packed, scales);
  else
    detail::quantize_kernel<<<grid, threads, 0, stream>>>(static_cast<const float*>(x), blocks,
                                                          global_scale, packed, scales);
  return cudaGetLastError();
}

}  // namespace nvfp4
