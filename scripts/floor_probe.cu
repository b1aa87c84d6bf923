// floor_probe.cu: is the stream floor as fast as a read of its bytes can be? The library's floor
// kernel until run 286 (now probe_common.cuh stream_read_xor) read in groups of 8 loads a thread
// over a grid stride and then what was left one load at a time, each waited for before the next
// was issued: over 33 MB 4-7 such loads a thread on every grid the bench tries, and landscape.md's
// anchor (12.7 us for 33 MB, write flush) is 1.5 us under the bench's floor there (14.2). Forms
// timed here, each over the grids the bench tries and more:
//   old      the library's kernel until run 286.
//   bounded  old with launch bounds (below): 8 loads really in flight.
//   pred8    the same grid stride, the last group of 8 predicated: every load of a thread's
//            last group in flight at once (the library's floor since run 286:
//            probe_common.cuh stream_floor_kernel).
//   pred16   as pred8 with 16 loads a thread in flight.
//   pipe8    two groups of 8 in flight: the next group issued before the current one is folded.
//   chunk8   each CTA a contiguous range (n16 / grid, rounded up), 8 loads a thread, predicated.
// Timed the bench's way (512 MiB written before each rep, CUDA events, median); bytes are the
// GEMV's bytes of the task shapes and the model layers (bench.py gemv_bytes), and 4 GiB unflushed.
//
// Build and run: nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/fp scripts/floor_probe.cu && /tmp/fp [reps]
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <algorithm>
#include <vector>

#include "probe_common.cuh"

// Up to 64 registers a thread (launch bounds 512 x 2): without them ptxas keeps the library's floor
// at 32 registers, for full occupancy, and folds the first group's words before it issues the
// fifth load, so 4 of the 8 loads are in flight (cuobjdump).
constexpr int kMaxThreads = 512;

// The library's kernel before run 286 (probe_common.cuh stream_read_xor), unbounded and bounded.
__global__ void old_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  sink_store(stream_read_xor<8>(data, bytes, ld16), sink);
}
__global__ void __launch_bounds__(kMaxThreads, 2) bounded_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  sink_store(stream_read_xor<8>(data, bytes, ld16), sink);
}

__global__ void __launch_bounds__(kMaxThreads, 1) pipe8_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  constexpr int U = 8;
  const int64_t n16 = bytes / 16, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  uint4 cur[U];
#pragma unroll
  for (int u = 0; u < U; ++u) {
    cur[u] = make_uint4(0, 0, 0, 0);
    ld16_if(i + u * stride < n16, data + (i + u * stride) * 16, cur[u]);
  }
  for (; i < n16; i += U * stride) {
    uint4 next[U];
    const int64_t j = i + U * stride;
#pragma unroll
    for (int u = 0; u < U; ++u) {
      next[u] = make_uint4(0, 0, 0, 0);
      ld16_if(j + u * stride < n16, data + (j + u * stride) * 16, next[u]);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(cur[u]), cur[u] = next[u];
  }
  sink_store(acc, sink);
}

__global__ void __launch_bounds__(kMaxThreads, 2) chunk8_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  constexpr int U = 8;
  const int64_t n16 = bytes / 16, per_cta = (n16 + gridDim.x - 1) / gridDim.x;
  const int64_t begin = blockIdx.x * per_cta, end = begin + per_cta < n16 ? begin + per_cta : n16;
  uint32_t acc = 0;
  for (int64_t i = begin + threadIdx.x; i < end; i += U * blockDim.x) {
    uint4 w[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      w[u] = make_uint4(0, 0, 0, 0);
      ld16_if(i + u * blockDim.x < end, data + (i + u * blockDim.x) * 16, w[u]);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]);
  }
  sink_store(acc, sink);
}

using Kernel = void (*)(const uint8_t*, int64_t, uint32_t*);
struct Form {
  const char* name;
  Kernel fn;
};
const Form kForms[] = {{"old", old_kernel},
                       {"bounded", bounded_kernel},
                       {"pred8", stream_floor_kernel<8>},
                       {"pred16", stream_floor_kernel<16>},
                       {"pipe8", pipe8_kernel},
                       {"chunk8", chunk8_kernel}};
struct Grid {
  int per_sm, threads;
};
const Grid kGrids[] = {{1, 512}, {2, 256}, {2, 512}, {3, 256}, {4, 256}, {4, 512}, {6, 256}, {8, 256}};

struct Size {
  const char* name;
  int64_t bytes;
};
const Size kSizes[] = {{"7168x2048 (1)", 8273024},       {"4096x4096 (1)", 9447680},
                       {"7168x2048x4", 33092096},        {"14336x4096 (1)", 33061120},
                       {"7168x16384 (1)", 66083840},     {"4096x7168x8", 132218368},
                       {"151936x4096 (1)", 350366720}};

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  ProbeBench bench(reps);
  const int64_t big = int64_t(4) << 30;
  uint8_t* data = nullptr;
  CK(cudaMalloc(&data, big));
  CK(cudaMemset(data, 0x5A, big));
  uint32_t* sink = bench.sink;
  std::printf("%-16s %-7s %8s %8s  %s\n", "bytes", "form", "best us", "p10 us", "grid (per SM x threads); all grids");
  for (const Size& s : kSizes) {
    for (const Form& f : kForms) {
      float best = 1e30f, best_p10 = 0;
      Grid best_grid{};
      char all[512] = "";
      for (const Grid& g : kGrids) {
        const auto t = bench.time([&] { f.fn<<<bench.sms * g.per_sm, g.threads>>>(data, s.bytes, sink); });
        std::snprintf(all + strlen(all), sizeof all - strlen(all), " %.1f", t.first);
        if (t.first < best) best = t.first, best_p10 = t.second, best_grid = g;
      }
      std::printf("%-16s %-7s %8.2f %8.2f  %dx%d;%s\n", s.name, f.name, best, best_p10, best_grid.per_sm,
                  best_grid.threads, all);
    }
  }
  // 4 GiB, not flushed (bench.py read_bandwidth): the asymptote each form reaches.
  cudaEvent_t e0 = bench.e0, e1 = bench.e1;
  for (const Form& f : kForms) {
    float best = 1e30f;
    for (const Grid& g : kGrids) {
      std::vector<float> v;
      for (int r = 0; r < 13; ++r) {
        CK(cudaEventRecord(e0));
        f.fn<<<bench.sms * g.per_sm, g.threads>>>(data, big, sink);
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 3) v.push_back(ms);
      }
      std::sort(v.begin(), v.end());
      best = std::min(best, v[v.size() / 2]);
    }
    std::printf("4 GiB            %-7s %.2f TB/s\n", f.name, big / (best * 1e-3) / 1e12);
  }
  CK(cudaGetLastError());
  return 0;
}
