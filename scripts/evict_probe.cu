// evict_probe.cu: does an L2 eviction-priority hint on a streamed read change what it costs after
// each flush? (BENCHMARKS.md item 167.) The bench's write flush leaves the L2 full of dirty lines,
// which the read must write back as its own lines displace them; a read whose lines are marked
// evict-first might displace its own, already consumed lines instead. Timed here: the stream
// floor's read (gemv_kernels.cu stream_read_kernel: 16-byte loads, 8 a thread in flight, not
// allocated in L1, L2::256B) with each L2 policy, after each flush:
//   write    512 MiB written (cudaMemset: the bench's flush, dirty lines left behind)
//   write4g  4 GiB written (the leaderboard's 4 GiB randn is a write of that size)
//   read     512 MiB read (clean lines)
// Policies (createpolicy.fractional, the loads' L2::cache_hint operand; sm_90 has no plain
// .L2::evict_first qualifier on 16-byte loads): none (no hint), normal, first, last, unchanged.
// Median of `reps` event-timed reps, best over 5 grid sizes, per size and flush. No torch:
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/ep scripts/evict_probe.cu && /tmp/ep [reps]
#include <stdint.h>

#include <cstring>
#include <string>

#include "probe_common.cuh"  // CK, sink_store, stream_read_xor

enum Policy { kNone, kNormal, kFirst, kLast, kUnchanged };
const char* const kPolicyName[] = {"none", "normal", "first", "last", "unchanged"};

template <int kPol>
__device__ __forceinline__ uint64_t make_policy() {
  uint64_t p = 0;
  if (kPol == kNormal) asm("createpolicy.fractional.L2::evict_normal.b64 %0, 1.0;" : "=l"(p));
  if (kPol == kFirst) asm("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(p));
  if (kPol == kLast) asm("createpolicy.fractional.L2::evict_last.b64 %0, 1.0;" : "=l"(p));
  if (kPol == kUnchanged) asm("createpolicy.fractional.L2::evict_unchanged.b64 %0, 1.0;" : "=l"(p));
  return p;
}

template <int kPol>
__device__ __forceinline__ void ld16p(const uint8_t* a, uint64_t pol, uint4& w) {
  if (kPol == kNone)
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(a));
  else
    asm volatile("ld.global.nc.L1::no_allocate.L2::cache_hint.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4], %5;"
                 : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(a), "l"(pol));
}

// The library's stream_read_kernel with the policy on its loads.
template <int kPol>
__global__ void read_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const uint64_t pol = make_policy<kPol>();
  sink_store(stream_read_xor<8>(data, bytes, [&](const uint8_t* p, uint4& w) { ld16p<kPol>(p, pol, w); }), sink);
}

template <int kPol>
void launch(int grid, int threads, const uint8_t* a, int64_t bytes, uint32_t* sink) {
  read_kernel<kPol><<<grid, threads>>>(a, bytes, sink);
}
void launch_policy(int pol, int grid, int threads, const uint8_t* a, int64_t bytes, uint32_t* sink) {
  switch (pol) {
    case kNone: return launch<kNone>(grid, threads, a, bytes, sink);
    case kNormal: return launch<kNormal>(grid, threads, a, bytes, sink);
    case kFirst: return launch<kFirst>(grid, threads, a, bytes, sink);
    case kLast: return launch<kLast>(grid, threads, a, bytes, sink);
    default: return launch<kUnchanged>(grid, threads, a, bytes, sink);
  }
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs, L2 %d MB, %d reps, median us (best grid)\n", prop.name, sms,
              prop.l2CacheSize >> 20, reps);
  // Weights + scales of: 4096x4096, 7168x2048 (x1), 7168x2048x4, 7168x16384, 4096x7168x8, lm_head.
  const struct { double mb; const char* name; } sizes[] = {
      {9.44, "4096x4096"}, {8.26, "7168x2048"}, {33.03, "7168x2048x4"}, {66.06, "7168x16384"},
      {132.12, "4096x7168x8"}, {350.1, "151936x4096"}};
  const size_t big = size_t(4) << 30;
  uint8_t *data, *flush;
  uint32_t* sink;
  CK(cudaMalloc(&data, size_t(360) << 20));
  CK(cudaMemset(data, 0x5A, size_t(360) << 20));
  CK(cudaMalloc(&flush, big));
  CK(cudaMalloc(&sink, 1 << 20));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const char* flushes[] = {"write", "write4g", "read"};
  const int grids[][2] = {{2, 256}, {3, 256}, {4, 256}, {4, 512}, {8, 256}};
  std::printf("%-12s %-8s", "size", "flush");
  for (const char* p : kPolicyName) std::printf(" %9s", p);
  std::printf("   (grid of the best, CTAs x threads)\n");
  for (auto& s : sizes) {
    const int64_t bytes = (int64_t)(s.mb * 1e6) / 16 * 16;
    for (int f = 0; f < 3; ++f) {
      std::printf("%-12s %-8s", s.name, flushes[f]);
      std::string cfgs;
      for (int pol = 0; pol < 5; ++pol) {
        float best = 1e30f;
        int best_g = 0;
        for (int g = 0; g < 5; ++g) {
          std::vector<float> v;
          for (int r = 0; r < reps + 3; ++r) {
            if (f == 0) CK(cudaMemsetAsync(flush, r & 0xFF, size_t(512) << 20));
            if (f == 1) CK(cudaMemsetAsync(flush, r & 0xFF, big));
            if (f == 2) launch_policy(kNone, 4 * sms, 512, flush + (size_t(1) << 30), int64_t(512) << 20, sink);
            CK(cudaEventRecord(e0));
            launch_policy(pol, grids[g][0] * sms, grids[g][1], data, bytes, sink);
            CK(cudaEventRecord(e1));
            CK(cudaEventSynchronize(e1));
            float ms = 0;
            CK(cudaEventElapsedTime(&ms, e0, e1));
            if (r >= 3) v.push_back(ms * 1000.f);
          }
          std::sort(v.begin(), v.end());
          if (v[v.size() / 2] < best) best = v[v.size() / 2], best_g = g;
        }
        std::printf(" %9.2f", best);
        char c[32];
        std::snprintf(c, sizeof c, " %dx%d", grids[best_g][0], grids[best_g][1]);
        cfgs += c;
      }
      std::printf("  %s\n", cfgs.c_str());
    }
  }
  CK(cudaGetLastError());
  return 0;
}
