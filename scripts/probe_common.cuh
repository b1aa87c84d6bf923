// probe_common.cuh: what the standalone probes (pattern_probe.cu, regact_probe.cu, evict_probe.cu,
// sweep_mem_probe.cu, cols8_probe.cu, scale_layout_probe.cu) share: the CUDA error check, the
// weight stream's load, the stream floor, the bench's timing (L2 flushed by a 512 MiB write before
// each rep, CUDA events), and the host side's random bytes and reference decodes. No torch.
#pragma once
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#define CK(x)                                                                               \
  do {                                                                                      \
    cudaError_t e_ = (x);                                                                   \
    if (e_ != cudaSuccess) {                                                                \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)

// The library's weight load (gemv_common.cuh ld_stream_if), unpredicated: 16 bytes, not allocated
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

// A grid stride over `bytes` in 16-byte loads, in groups of U a thread and then one at a time,
// XORed together; load(p, w) is the probe's load instruction (ld16, or a variant of it). The
// library's stream floor until run 286 (BENCHMARKS.md item 189; its one-at-a-time tail cost up to
// 0.9 us over 33 MB); evict_probe.cu and sweep_mem_probe.cu time their load variants with it.
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

// ld16 where p holds; w is left as it was where p does not.
__device__ __forceinline__ void ld16_if(bool p, const uint8_t* a, uint4& w) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n\t}"
               : "+r"(w.x), "+r"(w.y), "+r"(w.z), "+r"(w.w) : "l"(a), "r"((int)p));
}

// The library's scale-pair load (gemv_common.cuh ld_scales_if<2, true>): 0 where p does not hold.
__device__ __forceinline__ uint32_t ld_scales_if(bool p, const uint8_t* sf) {
  uint32_t v;
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.u16 %0, [%1];\n\t}"
               : "=r"(v) : "l"(sf), "r"((int)p));
  return v;
}

// The library's stream floor's rounds (gemv_kernels.cu stream_read_kernel, since run 286): a grid
// stride over n16 16-byte chunks in groups of U loads a thread, each thread's last group
// predicated; the words XORed together.
template <int U>
__device__ __forceinline__ uint32_t predicated_stream_xor(const uint8_t* data, int64_t n16) {
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  uint32_t acc = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += U * stride) {
    uint4 w[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      w[u] = make_uint4(0, 0, 0, 0);
      ld16_if(i + u * stride < n16, data + (i + u * stride) * 16, w[u]);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]);
  }
  return acc;
}

// The library's stream-floor kernel: those rounds with U = 8 by default; at most 64 registers
// (launch bounds 512 x 2), so ptxas issues the 8 loads of a group before the first fold.
template <int U = 8>
__global__ void __launch_bounds__(512, U > 8 ? 1 : 2) stream_floor_kernel(const uint8_t* data, int64_t bytes,
                                                                          uint32_t* sink) {
  sink_store(predicated_stream_xor<U>(data, bytes / 16), sink);
}

// A probe's timing set-up: the device's SM count, the 512 MiB flush buffer, a sink for the floor,
// two events. time(fn): (median, 10th percentile) of `reps` flushed reps, us; floor_us: the stream
// floor over `bytes` at data, best of the bench's grids (bench.py READ_GRIDS).
struct ProbeBench {
  int sms = 0, reps;
  size_t flush_bytes = size_t(512) << 20;
  uint8_t* flush = nullptr;
  uint32_t* sink = nullptr;
  cudaEvent_t e0, e1;
  explicit ProbeBench(int reps_) : reps(reps_) {
    CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    cudaDeviceProp prop;
    CK(cudaGetDeviceProperties(&prop, 0));
    std::printf("device %s, %d SMs\n", prop.name, sms);
    CK(cudaMalloc(&flush, flush_bytes));
    CK(cudaMalloc(&sink, 1 << 20));
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
  }
  template <class Launch>
  std::pair<float, float> time(Launch fn) {
    const std::vector<float> v = time_flushed(reps, flush, flush_bytes, e0, e1, [] {}, fn);
    return std::make_pair(v[v.size() / 2], v[v.size() / 10]);
  }
  float floor_us(const uint8_t* data, int64_t bytes) {
    float best = 1e30f;
    const int grids[][2] = {{1, 512}, {2, 512}, {3, 256}, {4, 256}, {4, 512}, {8, 256}};
    for (const auto& g : grids)
      best = std::min(best, time([&] { stream_floor_kernel<<<sms * g[0], g[1]>>>(data, bytes, sink); }).first);
    return best;
  }
};

// splitmix64 (no short periods in the low bits): the probes' random bytes, from a seed.
struct SplitMix64 {
  uint64_t state;
  uint32_t operator()() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (uint32_t)(z ^ (z >> 31));
  }
};

// The host references' decodes: an E2M1 code (sign in bit 3) and an E4M3 byte, exactly.
inline double e2m1(int code) {
  static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (code & 8 ? -1 : 1) * mag[code & 7];
}
inline double e4m3(uint8_t b) {
  const int s = b >> 7, e = (b >> 3) & 15, m = b & 7;
  const double v = e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1 + m / 8.0, e - 7);
  return s ? -v : v;
}
