// sweep_mem_probe.cu: the row sweep's memory side alone (BENCHMARKS.md items 138-140, 151), outside
// the library. Each kernel reads the bytes of a row-major NVFP4 matrix (E2M1 rows of K / 2 bytes,
// their scales K / 16 bytes a row in a second buffer) and XORs them into a word: no decode, no
// activation. What varies is how the sweep's threads ask for the bytes, so that one call says
// which request pattern the scale stream wants, and how much the bytes in flight matter:
//   floor3x256/U   the stream floor's grid stride over weights + scales as one buffer, U loads of
//                  16 bytes a thread per round (the library's floor: U = 8);
//   floor2s/U      the same grid stride over the weights, with a second grid-stride stream of
//                  2-byte loads over the scales (one per 16-byte load, as the sweep asks);
//   sweep P x W dD /sfM   the library's sweep_kernel at L = 1: P pieces (16 bytes) a thread, W warps
//                  a row, D rows in flight a thread (loads refilled as each row is used), CTAs of 8
//                  warps, rows b, b + G, b + 2G, ... to CTA b of G, the CTA's groups in turn; scale
//                  mode M: 0 none, 1 one 2-byte load a piece and row (the library), 2 one 4-byte
//                  (P = 2) or 8-byte (P = 4) load a row, a warp's pieces contiguous (warp w of the
//                  group holding pieces [32 P w, 32 P (w + 1)), so its scale bytes are 64 P
//                  contiguous bytes), 3 the CTA's rows' scales copied to shared memory first (one
//                  4-byte load a lane, whole lines), then read from there, 4 as 1 with the
//                  pieces of 2 (one 2-byte load a piece and row, a warp's P loads on whole lines);
//                  5 a lane's P pieces side by side (32 P w + P lane + u: each 16-byte load
//                  instruction reads half of each sector it touches, the next the other half) and
//                  its P scale pairs by one 4- or 8-byte load; 6 as 5 with the weights' loads
//                  allocating in L1 (the second half of each sector from there); 7 as 6 without
//                  scales; 8 as 4 with the scale loads allocating in L1;
//   sweep7 1x7 d4 /sfM   4096x7168x8's plan today, one piece on 7 warps (sweep7_kernel: M 0, 1 as
//                  above, 9 and 10 the scales of 4 rows by wider loads and SHFL; item 227, run 357:
//                  all three forms 40.2 us, the scales cost their bytes in any form);
//   ... front      the batched shapes' L * M rows interleaved over the CTAs (CTA b: rows b, b + G,
//                  ...: the whole grid on one front through weights and scales, as at L = 1)
//                  instead of balanced contiguous ranges (BENCHMARKS.md item 238); "8 fronts":
//                  sweep7 with each batch's rows interleaved over its own G / L CTAs (item 150's
//                  order in the library, which timed even with contiguous ranges there).
// Timed as the bench does: L2 flushed by a 512 MiB write before each rep, CUDA events, median of
// 30 reps. Standalone (no torch):
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/smp scripts/sweep_mem_probe.cu && /tmp/smp [reps] [more | batched]
// ("more": the floor variants, /sf3 and 4 rows in flight too). Each shape runs the library's sweep
// shape for it (4096x14336 as 2 x 8: the library's 2 x 7 has 7-warp CTAs); the batched task
// shapes as their rows in contiguous ranges (4096x7168x8: 4 x 2 at 2 CTAs per SM).
#include <stdint.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "probe_common.cuh"  // CK, ld16 (the library's weight load), fold, time_flushed

// ld16 allocating in L1 (a sector fetched by one instruction serves the next).
__device__ __forceinline__ void ld16_l1(const uint8_t* p, uint4& w) {
  asm volatile("ld.global.nc.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(p));
}
__device__ __forceinline__ uint32_t ld_u16_l1(const uint8_t* p) {
  uint16_t h;
  asm volatile("ld.global.nc.u16 %0, [%1];" : "=h"(h) : "l"(p));
  return h;
}
// The library's scale-pair load as it was until BENCHMARKS.md item 154 (gemv_kernels.cu
// ld_scales_if<2, true> into a 16-bit register; it now loads straight into a 32-bit one, and this
// probe keeps the form its runs 221-229 measured), unpredicated, and wider forms of it.
__device__ __forceinline__ uint32_t ld_u16(const uint8_t* p) {
  uint16_t h;
  asm volatile("ld.global.nc.L1::no_allocate.u16 %0, [%1];" : "=h"(h) : "l"(p));
  return h;
}
__device__ __forceinline__ uint32_t ld_u32(const uint8_t* p) {
  uint32_t v;
  asm volatile("ld.global.nc.L1::no_allocate.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ uint2 ld_u64(const uint8_t* p) {
  uint2 v;
  asm volatile("ld.global.nc.L1::no_allocate.v2.u32 {%0, %1}, [%2];" : "=r"(v.x), "=r"(v.y) : "l"(p));
  return v;
}
// The stream floor (gemv_kernels.cu stream_read_kernel) with U loads a round.
template <int U>
__global__ void floor_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  sink_store(stream_read_xor<U>(data, bytes, [](const uint8_t* p, uint4& w) { ld16(p, w); }), sink);
}

// The floor over the weights with the scales as a second grid-stride stream: 16-byte load i of
// the weights and 2-byte load i of the scales (bytes / 8 of them) together.
template <int U>
__global__ void floor2s_kernel(const uint8_t* data, const uint8_t* sf, int64_t bytes, uint32_t* sink) {
  const int64_t n16 = bytes / 16, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + (U - 1) * stride < n16; i += U * stride) {
    uint4 w[U];
    uint32_t s[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      ld16(data + (i + u * stride) * 16, w[u]);
      s[u] = ld_u16(sf + (i + u * stride) * 2);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]) ^ s[u];
  }
  for (; i < n16; i += stride) {
    uint4 w;
    ld16(data + i * 16, w);
    acc ^= fold(w) ^ ld_u16(sf + i * 2);
  }
  sink_store(acc, sink);
}

// The sweep's pattern (see the header). rows x row_bytes of weights, rows x row_bytes / 8 of
// scales; K / 32 = row_bytes / 16 pieces a row, at most W * 32 * P.
template <int P, int W, int D, int M>
__global__ void __launch_bounds__(256) sweep_kernel(const uint8_t* a, const uint8_t* sfa, int rows,
                                                    int row_bytes, bool contiguous, uint32_t* sink) {
  extern __shared__ uint32_t sf_smem[];
  constexpr int groups = 8 / W, gt = 32 * W;
  const int g = threadIdx.x / gt, q = threadIdx.x - g * gt, warp = q >> 5, lane = threadIdx.x & 31;
  const int G = gridDim.x, pieces = row_bytes / 16, sf_bytes = row_bytes / 8;
  // The CTA's rows: b, b + G, b + 2G, ... (L = 1), or (contiguous: L > 1) a balanced range from r0.
  const int r0 = (int)((int64_t)rows * blockIdx.x / G), r1 = (int)((int64_t)rows * (blockIdx.x + 1) / G);
  const int cta_rows = contiguous ? r1 - r0 : (rows - (int)blockIdx.x + G - 1) / G;
  const auto row_of = [&](int r) { return contiguous ? r0 + r : (int)blockIdx.x + r * G; };
  const int n = cta_rows > g ? (cta_rows - g + groups - 1) / groups : 0;  // this group's rows
  // Piece u of this thread: u * gt + q (by group, the library's narrower kernels), 32 P warp + 32 u
  // + lane (by warp: M 2, 4, 8), or 32 P warp + P lane + u (a lane's pieces side by side: M 5-7).
  constexpr bool kByWarp = M == 2 || M == 4 || M == 8, kSideBySide = M >= 5 && M <= 7;
  int piece[P];
  bool ok[P];
#pragma unroll
  for (int u = 0; u < P; ++u) {
    piece[u] = kByWarp ? 32 * P * warp + 32 * u + lane : kSideBySide ? 32 * P * warp + P * lane + u : u * gt + q;
    ok[u] = piece[u] < pieces;
  }
  if (M == 3) {  // the CTA's rows' scales, whole lines, into shared memory
    const int words = sf_bytes / 4;
    for (int i = threadIdx.x; i < cta_rows * words; i += 256) {
      const int r = i / words, c = i - r * words;
      sf_smem[i] = ld_u32(sfa + (int64_t)row_of(r) * sf_bytes + 4 * c);
    }
    __syncthreads();
  }
  const int first = row_of(g), step = contiguous ? groups : groups * G;
  const uint8_t* ap = a + (int64_t)first * row_bytes;
  const uint8_t* sp = sfa + (int64_t)first * sf_bytes;
  uint4 w[D][P];
  uint32_t s[D][P];
  const auto load = [&](int d, bool more) {
#pragma unroll
    for (int u = 0; u < P; ++u) {
      w[d][u] = make_uint4(0, 0, 0, 0);
      if (ok[u] && more) {
        if (M == 6 || M == 7)
          ld16_l1(ap + 16 * piece[u], w[d][u]);
        else
          ld16(ap + 16 * piece[u], w[d][u]);
      }
      s[d][u] = 0;
    }
    if (M == 1 || M == 4) {
#pragma unroll
      for (int u = 0; u < P; ++u)
        if (ok[u] && more) s[d][u] = ld_u16(sp + 2 * piece[u]);
    } else if (M == 8) {
#pragma unroll
      for (int u = 0; u < P; ++u)
        if (ok[u] && more) s[d][u] = ld_u16_l1(sp + 2 * piece[u]);
    } else if ((M == 5 || M == 6) && more && ok[P - 1]) {  // the lane's P scale pairs, side by side
      if (P == 2) {
        s[d][0] = ld_u32(sp + 2 * piece[0]);
      } else {
        const uint2 v = ld_u64(sp + 2 * piece[0]);
        s[d][0] = v.x, s[d][1] = v.y;
      }
    } else if (M == 2 && more && P * (32 * warp + lane) + P - 1 < pieces) {  // the word's last piece in the row
      if (P == 2) {
        s[d][0] = ld_u32(sp + 4 * (32 * warp + lane));
      } else {
        const uint2 v = ld_u64(sp + 8 * (32 * warp + lane));
        s[d][0] = v.x, s[d][1] = v.y;
      }
    }
    ap += (int64_t)step * row_bytes;
    sp += (int64_t)step * sf_bytes;
  };
#pragma unroll
  for (int d = 0; d < D; ++d) load(d, d < n);
  uint32_t acc = 0;
  const uint16_t* sf16 = reinterpret_cast<const uint16_t*>(sf_smem);
  for (int i = 0; i < n; i += D) {
#pragma unroll
    for (int d = 0; d < D; ++d) {
      if (i + d >= n) break;
#pragma unroll
      for (int u = 0; u < P; ++u) {
        acc ^= fold(w[d][u]) ^ s[d][u];
        if (M == 3 && ok[u]) acc ^= sf16[(g + (i + d) * groups) * (sf_bytes / 2) + piece[u]];
      }
      load(d, i + d + D < n);
    }
  }
  sink_store(acc, sink);
}

// The library's one-piece sweep on 7 warps a row (4096x7168x8's plan: CTAs of 7 warps, 4 an SM,
// 4 rows in flight a thread, rows in balanced contiguous ranges) with its scales asked for three
// ways (BENCHMARKS.md item 227): M = 0 none; 1 one 2-byte load a row (the library); 9 one 8-byte
// load a lane for 4 rows (lanes 8 j .. 8 j + 7 the warp's 64 scale bytes of row j), each row's
// 2 bytes then taken from lane 8 j + lane / 4 by 2 SHFL and a select; 10 two 4-byte loads a lane
// for 4 rows (lanes 16 h .. 16 h + 15 row 2 i + h's 64 bytes), each row's 2 bytes by one SHFL from
// lane 16 h + lane / 2. Rows past the CTA's range load nothing. The CTA's rows by kOrder: 0 a
// balanced contiguous range of the L * M rows (the library at L > 1); 1 one front, rows b, b + G,
// ... of the L * M (row i of the CTA at b + i G); 2 a front per batch (item 150's order: batch
// b / C of the L, C = G / L CTAs each, rows b % C, b % C + C, ... of it).
template <int M, int kOrder = 0>
__global__ void __launch_bounds__(224) sweep7_kernel(const uint8_t* a, const uint8_t* sfa, int rows, int row_bytes,
                                                     int batches, uint32_t* sink) {
  constexpr int D = 4;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, G = gridDim.x, b = blockIdx.x;
  const int pieces = row_bytes / 16, sf_bytes = row_bytes / 8, piece = 32 * warp + lane;
  const bool ok = piece < pieces;
  const int C = G / batches, m_rows = rows / batches;  // kOrder 2: CTAs a batch, rows a batch
  const int r0 = kOrder == 1 ? b : kOrder == 2 ? (b / C) * m_rows + b % C : (int)((int64_t)rows * b / G);
  const int n = kOrder == 1   ? (rows - b + G - 1) / G
                : kOrder == 2 ? (b < C * batches ? (m_rows - b % C + C - 1) / C : 0)
                              : (int)((int64_t)rows * (b + 1) / G) - r0;
  const int64_t row_step = kOrder == 1 ? (int64_t)G : kOrder == 2 ? (int64_t)C : 1;  // rows from one of the CTA's to its next
  const uint8_t* ap = a + (int64_t)r0 * row_bytes + 16 * piece;
  const uint8_t* sp = sfa + (int64_t)r0 * sf_bytes + 64 * warp;  // the warp's scale bytes of row r0
  uint4 w[D];
  uint32_t s[D], sw[2];
  const auto load = [&](int i) {  // rows i .. i + 3 of the CTA
#pragma unroll
    for (int d = 0; d < D; ++d) {
      w[d] = make_uint4(0, 0, 0, 0);
      s[d] = 0;
      if (ok && i + d < n) ld16(ap + (i + d) * row_step * row_bytes, w[d]);
      if (M == 1 && ok && i + d < n) s[d] = ld_u16(sp + (i + d) * row_step * sf_bytes + 2 * lane);
    }
    sw[0] = sw[1] = 0;
    if (M == 9 && i + lane / 8 < n && 64 * warp + 8 * (lane % 8) + 8 <= sf_bytes) {
      const uint2 v = ld_u64(sp + (i + lane / 8) * row_step * sf_bytes + 8 * (lane % 8));
      sw[0] = v.x, sw[1] = v.y;
    }
    if (M == 10) {
#pragma unroll
      for (int h = 0; h < 2; ++h)
        if (i + 2 * h + lane / 16 < n && 64 * warp + 4 * (lane % 16) + 4 <= sf_bytes)
          sw[h] = ld_u32(sp + (i + 2 * h + lane / 16) * row_step * sf_bytes + 4 * (lane % 16));
    }
  };
  const auto scales = [&](int d) -> uint32_t {  // row d's 2 bytes of this lane's piece
    if (M == 9) {
      const uint32_t x = __shfl_sync(0xffffffffu, sw[0], 8 * d + lane / 4);
      const uint32_t y = __shfl_sync(0xffffffffu, sw[1], 8 * d + lane / 4);
      return (((lane & 2) ? y : x) >> (16 * (lane & 1))) & 0xFFFFu;
    }
    if (M == 10) return (__shfl_sync(0xffffffffu, sw[d / 2], 16 * (d % 2) + lane / 2) >> (16 * (lane & 1))) & 0xFFFFu;
    return s[d];
  };
  uint32_t acc = 0;
  load(0);
  for (int i = 0; i < n; i += D) {
    uint32_t sd[D];
#pragma unroll
    for (int d = 0; d < D; ++d) sd[d] = scales(d);
#pragma unroll
    for (int d = 0; d < D; ++d) acc ^= fold(w[d]) ^ sd[d];
    load(i + D);
  }
  sink_store(acc, sink);
}

int main(int argc, char** argv) {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  const bool more = argc > 2 && std::string(argv[2]) == "more";  // the floors, /sf3, d4 too
  const size_t flush_bytes = size_t(512) << 20;
  // The L = 1 shapes the sweep interleaves (rows, K), with the library's sweep shape for each.
  // The L = 1 shapes' rows interleaved over the CTAs; the task's batched shapes (4096x7168x8,
  // 7168x2048x4) as their L * M rows in balanced contiguous ranges, as the library reads L > 1.
  // "front": the batched shapes' rows interleaved over the CTAs as at L = 1 (item 238); "batched" as
  // the first argument after reps runs just the batched shapes.
  struct Shape { int rows, K; bool contiguous; const char* name; };
  const Shape all_shapes[] = {
      {7168, 16384, false, "7168x16384"}, {4096, 4096, false, "4096x4096"}, {2048, 7168, false, "2048x7168"},
      {7168, 2048, false, "7168x2048"},   {14336, 4096, false, "14336x4096"}, {4096, 14336, false, "4096x14336"},
      {151936, 4096, false, "151936x4096"}, {4096 * 8, 7168, true, "4096x7168x8"}, {7168 * 4, 2048, true, "7168x2048x4"},
      {4096 * 8, 7168, false, "4096x7168x8 front"}, {7168 * 4, 2048, false, "7168x2048x4 front"}};
  const bool batched_only = argc > 2 && std::string(argv[2]) == "batched";
  std::vector<Shape> shapes;
  for (auto& s : all_shapes)
    if (!batched_only || s.rows == 4096 * 8 || s.rows == 7168 * 4) shapes.push_back(s);
  size_t max_bytes = 0;
  for (auto& s : shapes) max_bytes = std::max(max_bytes, (size_t)s.rows * s.K / 2);
  uint8_t *a, *sfa, *flush;
  uint32_t* sink;
  CK(cudaMalloc(&a, max_bytes + max_bytes / 8));  // weights, then (for the one-buffer floor) scales
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMalloc(&sink, 1 << 20));
  {
    std::vector<uint8_t> h(max_bytes + max_bytes / 8);
    uint32_t x = 12345;
    for (auto& b : h) { x = x * 1664525u + 1013904223u; b = (uint8_t)(x >> 24) | 1; }
    CK(cudaMemcpy(a, h.data(), h.size(), cudaMemcpyHostToDevice));
  }
  CK(cudaMalloc(&sfa, max_bytes / 8));
  CK(cudaMemset(sfa, 0x38, max_bytes / 8));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  std::printf("device %s, %d SMs, %d reps, L2 flushed by a 512 MiB write\n", prop.name, sms, reps);
  for (auto& s : shapes) {
    const int64_t wbytes = (int64_t)s.rows * s.K / 2, row_bytes = s.K / 2;
    float floor_us = 0;
    auto time = [&](const char* pat, auto launch) {
      const std::vector<float> v = time_flushed(reps, flush, flush_bytes, e0, e1, [] {}, launch);
      const float med = v[v.size() / 2];
      if (floor_us == 0) floor_us = med;
      std::printf("%12s %-22s %7.1f us (min %5.1f, max %5.1f) %5.2fx\n", s.name, pat, med, v[0],
                  v.back(), med / floor_us);
    };
    const int64_t total = wbytes + wbytes / 8;
    time("floor3x256/8", [&] { floor_kernel<8><<<3 * sms, 256>>>(a, total, sink); });
    if (more) {  // the floor by loads a round, and with the scales as a second stream
      time("floor3x256/4", [&] { floor_kernel<4><<<3 * sms, 256>>>(a, total, sink); });
      time("floor3x256/2", [&] { floor_kernel<2><<<3 * sms, 256>>>(a, total, sink); });
      time("floor3x256/8 weights", [&] { floor_kernel<8><<<3 * sms, 256>>>(a, wbytes, sink); });
      time("floor2s3x256/8", [&] { floor2s_kernel<8><<<3 * sms, 256>>>(a, sfa, wbytes, sink); });
      time("floor2s3x256/4", [&] { floor2s_kernel<4><<<3 * sms, 256>>>(a, sfa, wbytes, sink); });
    }
    // The library's sweep shape for this shape (sweep_plan): P pieces x W warps a row, CTAs per SM.
    auto sweep = [&](auto kernel, const char* name, int per_sm, int rows_smem) {
      const int grid = std::min(s.rows, per_sm * sms);
      const int smem = rows_smem ? ((s.rows + grid - 1) / grid) * (int)(row_bytes / 8) : 0;
      if (smem > 100 * 1024) return;
      if (smem > 48 * 1024) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      time(name, [&] { kernel<<<grid, 256, smem>>>(a, sfa, s.rows, (int)row_bytes, s.contiguous, sink); });
    };
#define SWEEPS(P, W, PER_SM)                                                                  \
  sweep(sweep_kernel<P, W, 2, 0>, "sweep " #P "x" #W " d2 /sf0", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 1>, "sweep " #P "x" #W " d2 /sf1", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 2>, "sweep " #P "x" #W " d2 /sf2", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 4>, "sweep " #P "x" #W " d2 /sf4", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 1>, "sweep " #P "x" #W " d2 /sf1 again", PER_SM, 0);           \
  sweep(sweep_kernel<P, W, 2, 4>, "sweep " #P "x" #W " d2 /sf4 again", PER_SM, 0);             \
  sweep(sweep_kernel<P, W, 2, 5>, "sweep " #P "x" #W " d2 /sf5", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 6>, "sweep " #P "x" #W " d2 /sf6", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 7>, "sweep " #P "x" #W " d2 /sf7", PER_SM, 0);                 \
  sweep(sweep_kernel<P, W, 2, 8>, "sweep " #P "x" #W " d2 /sf8", PER_SM, 0);                 \
  if (more) {                                                                                 \
    sweep(sweep_kernel<P, W, 2, 3>, "sweep " #P "x" #W " d2 /sf3", PER_SM, 1);               \
    sweep(sweep_kernel<P, W, 4, 1>, "sweep " #P "x" #W " d4 /sf1", PER_SM, 0);               \
    sweep(sweep_kernel<P, W, 4, 2>, "sweep " #P "x" #W " d4 /sf2", PER_SM, 0);               \
  }
    if (s.K == 7168 && s.rows == 4096 * 8) {  // the library's plan today: one piece on 7 warps, 4 CTAs an SM
      const int grid = std::min(s.rows, 4 * sms);
#define SWEEP7(ORDER, TAG)                                                                                  \
  time("sweep7 1x7 d4 /sf0" TAG, [&] { sweep7_kernel<0, ORDER><<<grid, 224>>>(a, sfa, s.rows, (int)row_bytes, 8, sink); });   \
  time("sweep7 1x7 d4 /sf1" TAG, [&] { sweep7_kernel<1, ORDER><<<grid, 224>>>(a, sfa, s.rows, (int)row_bytes, 8, sink); });   \
  time("sweep7 1x7 d4 /sf9" TAG, [&] { sweep7_kernel<9, ORDER><<<grid, 224>>>(a, sfa, s.rows, (int)row_bytes, 8, sink); });   \
  time("sweep7 1x7 d4 /sf10" TAG, [&] { sweep7_kernel<10, ORDER><<<grid, 224>>>(a, sfa, s.rows, (int)row_bytes, 8, sink); });
      for (int pass = 0; pass < 2; ++pass) {
        if (s.contiguous) {
          SWEEP7(0, "")
          SWEEP7(2, " 8 fronts")
        } else {
          SWEEP7(1, "")
        }
      }
#undef SWEEP7
    }
    if (s.K >= 8192) { SWEEPS(2, 8, 3) }  // 4096x14336: the library takes 2 x 7 (7-warp CTAs)
    else if (s.K == 7168 && s.rows == 4096 * 8) { SWEEPS(4, 2, 2) }
    else if (s.K == 7168) { SWEEPS(2, 4, 3) }
    else if (s.K == 2048) { SWEEPS(2, 1, 3) }
    else if (s.K == 4096 && s.rows <= 8192) { SWEEPS(2, 2, 3) }
    else { SWEEPS(4, 1, 2) }
  }
  return 0;
}
