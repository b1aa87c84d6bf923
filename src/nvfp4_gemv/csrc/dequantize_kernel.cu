// dequantize_kernel.cu: NVFP4 -> fp32 / fp16 / bf16 on the GPU (launch_dequantize), the weight that
// NVFP4Linear's fallback (more than 16 rows of x: prefill) hands to cuBLAS. One thread per 16-value
// block: 8 bytes of E2M1 pairs and one E4M3 scale in, 16 values out. Torch-free.
//
// Bitwise nvfp4_gemv.format.dequantize(a, sfa) * global_scale, cast to the output dtype: each value
// is (E2M1 x E4M3) x global in fp32. The first product is exact (3 and 4 significant bits, at least
// 2^-10), the second rounds once, to nearest even, as torch's fp32 multiplication does; the cast to
// fp16 / bf16 rounds to nearest even, as torch's .to() does. Both decodes build the fp32 bits from
// the code's fields (no table), so NaN scales (E4M3 0x7F / 0xFF) come out NaN as in torch.
// Memory-bound: 9 bytes in and 32 (fp16 / bf16) or 64 (fp32) out per 16 values, against torch's
// formula-and-gather path, which makes ~10 full-size fp32 passes (BENCHMARKS.md item 295).
#include "nvfp4_gemv.cuh"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <type_traits>

namespace nvfp4 {
namespace detail {

// E2M1 code s e1 e0 m (the low 4 bits of c) -> fp32: 0 or 0.5 where e == 0, else (1 + m / 2) 2^(e - 1).
__device__ __forceinline__ float e2m1_to_float(uint32_t c) {
  const uint32_t e = (c >> 1) & 3u, m = c & 1u;
  const uint32_t magnitude = e == 0 ? (m ? 0x3F000000u : 0u) : ((e + 126u) << 23 | m << 22);
  return __uint_as_float(magnitude | (c & 8u) << 28);
}

// E4M3 (fn: no infinities, 0x7F / 0xFF NaN) -> fp32: m 2^-9 where e == 0, else (1 + m / 8) 2^(e - 7).
// Not gemv_common.cuh's decode_e4m3x2: on sm_80 / sm_86 that one reads a NaN scale as a finite
// number (the GEMV's fp16 image path), where this op must give torch's NaN on every target.
__device__ __forceinline__ float e4m3_to_float(uint32_t b) {
  const uint32_t e = (b >> 3) & 15u, m = b & 7u, sign = (b & 0x80u) << 24;
  if (e == 15u && m == 7u) return __uint_as_float(sign | 0x7FC00000u);
  if (e == 0u) return __uint_as_float(sign | __float_as_uint((float)m * 0.001953125f));
  return __uint_as_float(sign | (e + 120u) << 23 | m << 20);
}

template <typename T>
__device__ __forceinline__ uint32_t pack2(float lo, float hi);
template <>
__device__ __forceinline__ uint32_t pack2<__half>(float lo, float hi) {
  const __half2 h = __halves2half2(__float2half_rn(lo), __float2half_rn(hi));
  return *reinterpret_cast<const uint32_t*>(&h);
}
template <>
__device__ __forceinline__ uint32_t pack2<__nv_bfloat16>(float lo, float hi) {
  const __nv_bfloat162 h = __halves2bfloat162(__float2bfloat16_rn(lo), __float2bfloat16_rn(hi));
  return *reinterpret_cast<const uint32_t*>(&h);
}

// Block b (values 16 b .. 16 b + 15 of the flattened [rows, K]): a's 8 bytes at 8 b (8-byte
// aligned: checked by the caller), sfa[b], the global scale gs[0], gs[b / blocks_per_row] (one per
// row) or none; out's 16 values at 16 b (16-byte aligned: a fresh tensor).
template <typename T>
__global__ void dequantize_kernel(const uint8_t* __restrict__ a, const uint8_t* __restrict__ sfa,
                                  int64_t blocks, int64_t blocks_per_row, const float* __restrict__ gs,
                                  bool gs_per_row, T* __restrict__ out) {
  const int64_t b = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (b >= blocks) return;
  const uint2 codes = reinterpret_cast<const uint2*>(a)[b];
  const float scale = e4m3_to_float(sfa[b]);
  const float global = gs ? gs[gs_per_row ? b / blocks_per_row : 0] : 1.0f;
  float v[16];
#pragma unroll
  for (int i = 0; i < 16; ++i) {
    const uint32_t word = i < 8 ? codes.x : codes.y;
    const uint32_t c = word >> (4 * (i % 8));  // value 2j in byte j's low nibble
    v[i] = __fmul_rn(__fmul_rn(e2m1_to_float(c), scale), global);
  }
  if constexpr (std::is_same_v<T, float>) {
    float4* dst = reinterpret_cast<float4*>(out + 16 * b);
#pragma unroll
    for (int q = 0; q < 4; ++q) dst[q] = make_float4(v[4 * q], v[4 * q + 1], v[4 * q + 2], v[4 * q + 3]);
  } else {
    uint32_t w[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) w[j] = pack2<T>(v[2 * j], v[2 * j + 1]);
    uint4* dst = reinterpret_cast<uint4*>(out + 16 * b);
    dst[0] = make_uint4(w[0], w[1], w[2], w[3]);
    dst[1] = make_uint4(w[4], w[5], w[6], w[7]);
  }
}

}  // namespace detail

int launch_dequantize(const uint8_t* a, const uint8_t* sfa, int64_t values, int64_t k, const float* global_scale,
                      bool global_scale_per_row, int out_kind, void* out, cudaStream_t stream) {
  const int64_t blocks = values / 16;
  if (blocks == 0) return 0;
  const int threads = 256;
  const unsigned grid = (unsigned)((blocks + threads - 1) / threads);
  const int64_t per_row = k / 16;
  if (out_kind == kOutF16)
    detail::dequantize_kernel<<<grid, threads, 0, stream>>>(a, sfa, blocks, per_row, global_scale,
                                                            global_scale_per_row, static_cast<__half*>(out));
  else if (out_kind == kOutBF16)
    detail::dequantize_kernel<<<grid, threads, 0, stream>>>(a, sfa, blocks, per_row, global_scale,
                                                            global_scale_per_row,
                                                            static_cast<__nv_bfloat16*>(out));
  else
    detail::dequantize_kernel<<<grid, threads, 0, stream>>>(a, sfa, blocks, per_row, global_scale,
                                                            global_scale_per_row, static_cast<float*>(out));
  return cudaGetLastError();
}

}  // namespace nvfp4
