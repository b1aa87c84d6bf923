// probe_common.cuh: what the standalone probes (pattern_probe.cu, regact_probe.cu, evict_probe.cu,
// sweep_mem_probe.cu) share: the CUDA error check, the weight stream's load, and the bench's
// timing (L2 flushed by a 512 MiB write before each rep, CUDA events). No torch.
#pragma once
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

// The library's weight load (gemv_kernels.cu ld_stream_if), unpredicated: 16 bytes, not allocated
// in L1, with the L2::256B prefetch hint.
__device__ __forceinline__ void ld16(const uint8_t* p, uint4& w) {
  asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(p));
}
__device__ __forceinline__ uint32_t fold(const uint4& w) { return w.x ^ w.y ^ w.z ^ w.w; }

// One word per warp stored, so that the loads stay alive without adding traffic.
__device__ __forceinline__ void sink_store(uint32_t acc, uint32_t* sink) {
  for (int o = 16; o > 0; o >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicXor(sink + blockIdx.x, acc);
}

// The stream floor's read (gemv_kernels.cu stream_read_kernel): a grid stride over `bytes` in
// 16-byte loads, U of them a thread in flight, XORed together; load(p, w) is the probe's load
// instruction (ld16, or a variant of it).
template <int U, class Load>
__device__ __forceinline__ uint32_t stream_read_xor(const uint8_t* data, int64_t bytes, Load load) {
  const int64_t n16 = bytes / 16, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + (U - 1) * stride < n16; i += U * stride) {
    uint4 w[U];
#pragma unroll
    for (int u = 0; u < U; ++u) load(data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]);
  }
  for (; i < n16; i += stride) {
    uint4 w;
    load(data + i * 16, w);
    acc ^= fold(w);
  }
  return acc;
}

// launch() timed between CUDA events `reps` times after 3 warm-up reps, each rep after prepare()
// and after `flush_bytes` of `flush` written (the bench's write flush, outside the interval):
// the times in us, sorted.
template <class Prepare, class Launch>
std::vector<float> time_flushed(int reps, uint8_t* flush, size_t flush_bytes, cudaEvent_t e0, cudaEvent_t e1,
                                Prepare prepare, Launch launch) {
  std::vector<float> v;
  for (int r = 0; r < reps + 3; ++r) {
    prepare();
    CK(cudaMemsetAsync(flush, r & 0xFF, flush_bytes));
    CK(cudaEventRecord(e0));
    launch();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    if (r >= 3) v.push_back(ms * 1000.f);
  }
  CK(cudaGetLastError());
  std::sort(v.begin(), v.end());
  return v;
}
