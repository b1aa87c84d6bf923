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
