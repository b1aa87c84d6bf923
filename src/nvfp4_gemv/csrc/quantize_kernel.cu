// quantize_kernel.cu: dynamic NVFP4 quantization of activations on the GPU (for W4A4), one thread
// per 16-value block, the rule of quantize_block.cuh (nvfp4_gemv.format.quantize, bit for bit).
// Torch-free.
#include "nvfp4_gemv.cuh"
#include "quantize_block.cuh"

#include <cuda_runtime.h>

namespace nvfp4 {
namespace detail {

template <typename T>
__global__ void quantize_kernel(const T* __restrict__ x, int64_t blocks, const float* gs_ptr,
                                uint8_t* __restrict__ packed, uint8_t* __restrict__ scales) {
  const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= blocks) return;
  // 16 values = 32 bytes (fp16/bf16) or 64 bytes (fp32), 16-byte aligned (checked by the caller).
  const uint4* src = reinterpret_cast<const uint4*>(x + b * 16);
  uint4 u[sizeof(T)];
#pragma unroll
  for (int i = 0; i < (int)sizeof(T); ++i) u[i] = src[i];
  float v[16];
  unpack16<T>(u, v);
  const float gs = gs_ptr ? *gs_ptr : 1.0f;
  uint32_t lo, hi;
  scales[b] = (uint8_t)quantize_block16(v, gs, lo, hi);
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
