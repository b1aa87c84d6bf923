// scale_layout_probe.cu: does the task's blocked scale layout (sfa_permuted, cuBLAS's 128x4 tiles)
// let a row sweep fetch its scales in fewer requests than the row-major layout it reads today?
// BENCHMARKS.md item 225. Like sweep_mem_probe.cu it reads the bytes of a row-major NVFP4 matrix
// (E2M1 rows of K / 2 bytes; the scales, K / 16 bytes a row, in a second buffer) and XORs them into
// a word: no decode, no activation; only the request pattern varies.
//
// The blocked layout: row i and 4-block column group c (64 values) of row tile R = i / 128 sit at
//   (R * K / 64 + c) * 512 + 16 (i mod 32) + 4 ((i / 32) mod 4) + (block mod 4),
// so the 16 bytes at 16 (i mod 32) of a tile are rows i, i + 32, i + 64, i + 96 times 4 blocks.
// The sweep here takes a thread's rows in quads {i, i + 32, i + 64, i + 96} (quad Q: row tile
// Q / 32, i = 128 (Q / 32) + Q mod 32), quads interleaved over the CTAs and their groups of W warps,
// 2 rows of weights in flight a thread (P pieces of 16 bytes a row, piece 32 P w + 32 u + lane of
// warp w, as the library's 7- and 8-warp sweeps lay them). Scale modes:
//   sf0  none (the weights alone);
//   sf1  row-major, one 2-byte load a piece and row (the library's form);
//   sfB  blocked, one 16-byte load a piece and quad (a lane pair shares it: pieces 2m and 2m + 1
//        are the two halves of group m's 4 bytes), not allocated in L1;
//   sfBL as sfB, allocated in L1 (each 32-byte sector holds two quads' 16 bytes: rows i and i + 1).
// Timed as the bench does (512 MiB write before each rep, CUDA events, median of 30; ProbeBench),
// next to the library's stream floor over weights + scales. Run 352 ran it as first committed
// (a5072d4: the same kernels, its own set-up and an LCG's bytes).
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/slp scripts/scale_layout_probe.cu && /tmp/slp [reps]
#include <string>

#include "probe_common.cuh"  // CK, ld16, fold, sink_store, stream_floor_kernel, ProbeBench, SplitMix64

__device__ __forceinline__ uint32_t ld_u16_na(const uint8_t* p) {
  uint16_t h;
  asm volatile("ld.global.nc.L1::no_allocate.u16 %0, [%1];" : "=h"(h) : "l"(p));
  return h;
}
__device__ __forceinline__ uint4 ld16_scales(const uint8_t* p, bool l1) {
  uint4 w;
  if (l1)
    asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(p));
  else
    asm volatile("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
                 : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(p));
  return w;
}
__device__ __forceinline__ uint32_t word(const uint4& v, int j) {
  return j == 0 ? v.x : j == 1 ? v.y : j == 2 ? v.z : v.w;
}

enum Mode { kNone = 0, kRowMajor = 1, kBlocked = 2, kBlockedL1 = 3 };

template <int P, int W, int M>
__global__ void __launch_bounds__(256) quad_sweep_kernel(const uint8_t* a, const uint8_t* sf, int rows, int K,
                                                         uint32_t* sink) {
  constexpr int groups = 8 / W, gt = 32 * W;
  const int g = threadIdx.x / gt, q = threadIdx.x - g * gt, warp = q >> 5, lane = threadIdx.x & 31;
  const int row_bytes = K / 2, sf_bytes = K / 16, pieces = K / 32, tiles_k = K / 64;
  int piece[P];
  bool ok[P];
#pragma unroll
  for (int u = 0; u < P; ++u) {
    piece[u] = 32 * P * warp + 32 * u + lane;
    ok[u] = piece[u] < pieces;
  }
  const int quads = rows / 4, G = gridDim.x;
  const int first = blockIdx.x + g * G, step = groups * G;  // this group's quads: first, first + step, ...
  const int n = first < quads ? (quads - 1 - first) / step + 1 : 0;
  const auto row_of = [&](int quad, int j) { return 128 * (quad >> 5) + (quad & 31) + 32 * j; };
  uint4 w[2][P];
  uint32_t s[2][P];
  uint4 qs[P], qs_next[P];  // a quad's blocked scale words, and the next quad's
  // Row k = 4 t + j of the group (quad t), into slot j & 1; at j == 0 the quad's blocked scales.
  const auto load = [&](int t, int j, int slot, uint4 (&qdst)[P]) {
    const bool more = t < n;
    const int quad = first + t * step, r = more ? row_of(quad, j) : 0;
#pragma unroll
    for (int u = 0; u < P; ++u) {
      w[slot][u] = make_uint4(0, 0, 0, 0);
      s[slot][u] = 0;
      if (!(more && ok[u])) continue;
      ld16(a + (int64_t)r * row_bytes + 16 * piece[u], w[slot][u]);
      if (M == kRowMajor) s[slot][u] = ld_u16_na(sf + (int64_t)r * sf_bytes + 2 * piece[u]);
      if ((M == kBlocked || M == kBlockedL1) && j == 0)
        qdst[u] = ld16_scales(sf + ((int64_t)(quad >> 5) * tiles_k + (piece[u] >> 1)) * 512 + 16 * (quad & 31),
                              M == kBlockedL1);
    }
  };
#pragma unroll
  for (int u = 0; u < P; ++u) qs[u] = qs_next[u] = make_uint4(0, 0, 0, 0);
  load(0, 0, 0, qs);
  load(0, 1, 1, qs);
  uint32_t acc = 0;
  for (int t = 0; t < n; ++t) {
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int slot = j & 1;
#pragma unroll
      for (int u = 0; u < P; ++u) {
        acc ^= fold(w[slot][u]) ^ s[slot][u];
        if (M == kBlocked || M == kBlockedL1) acc ^= (word(qs[u], j) >> (16 * (lane & 1))) & 0xFFFFu;
      }
      // The row two behind: j + 2 of this quad, or j - 2 of the next (its scales at j == 0).
      if (j < 2)
        load(t, j + 2, slot, qs);
      else
        load(t + 1, j - 2, slot, qs_next);
    }
#pragma unroll
    for (int u = 0; u < P; ++u) qs[u] = qs_next[u];
  }
  sink_store(acc, sink);
}

int main(int argc, char** argv) {
  ProbeBench bench(argc > 1 ? std::atoi(argv[1]) : 30);
  const int sms = bench.sms;
  // rows (a multiple of 128: the batched task shapes as their L * M rows), K.
  const struct { int rows, K; const char* name; } shapes[] = {
      {7168, 16384, "7168x16384"}, {4096 * 8, 7168, "4096x7168x8"}, {7168 * 4, 2048, "7168x2048x4"},
      {151936, 4096, "151936x4096"}};
  size_t max_bytes = 0;
  for (auto& s : shapes) max_bytes = std::max(max_bytes, (size_t)s.rows * s.K / 2);
  uint8_t* a;
  CK(cudaMalloc(&a, max_bytes + max_bytes / 8));  // weights, then the scales (one buffer for the floor)
  {
    std::vector<uint8_t> h(max_bytes + max_bytes / 8);
    SplitMix64 rng{12345};
    for (auto& b : h) b = (uint8_t)rng() | 1;  // never zero
    CK(cudaMemcpy(a, h.data(), h.size(), cudaMemcpyHostToDevice));
  }
  uint32_t* sink = bench.sink;
  std::printf("%d reps, L2 flushed by a 512 MiB write; median and 10th percentile, us\n", bench.reps);
  for (int pass = 0; pass < 2; ++pass) {
    for (auto& s : shapes) {
      const int64_t wbytes = (int64_t)s.rows * s.K / 2;
      const uint8_t* sf = a + wbytes;  // the scales right after the weights
      float floor_us = 0;
      auto time = [&](const char* pat, auto launch) {
        const auto [med, p10] = bench.time(launch);
        if (floor_us == 0) floor_us = med;
        std::printf("%12s %-18s %7.1f us (p10 %5.1f) %5.2fx\n", s.name, pat, med, p10, med / floor_us);
      };
      time("floor", [&] { stream_floor_kernel<8><<<sms, 512>>>(a, wbytes + wbytes / 8, sink); });
      const int grid = std::min(s.rows / 4, 3 * sms);
#define QUADS(P, W)                                                                                    \
  time("quads " #P "x" #W " sf0", [&] { quad_sweep_kernel<P, W, kNone><<<grid, 256>>>(a, sf, s.rows, s.K, sink); }); \
  time("quads " #P "x" #W " sf1", [&] { quad_sweep_kernel<P, W, kRowMajor><<<grid, 256>>>(a, sf, s.rows, s.K, sink); }); \
  time("quads " #P "x" #W " sfB", [&] { quad_sweep_kernel<P, W, kBlocked><<<grid, 256>>>(a, sf, s.rows, s.K, sink); }); \
  time("quads " #P "x" #W " sfBL", [&] { quad_sweep_kernel<P, W, kBlockedL1><<<grid, 256>>>(a, sf, s.rows, s.K, sink); });
      if (s.K == 16384) { QUADS(2, 8) }
      else if (s.K == 7168) { QUADS(2, 4) }
      else if (s.K == 2048) { QUADS(2, 1) }
      else { QUADS(2, 2) }
#undef QUADS
    }
  }
  return 0;
}
