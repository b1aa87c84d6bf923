// scale_stage_probe.cu: does the row sweep's scale stream cost less as bulk copies into shared
// memory than as its 2-byte loads? (BENCHMARKS.md item 279.)
//
// The W4A4 row sweep (row_sweep.cuh) reads each 16-byte piece of a row with one load and that
// piece's two block scales with a 2-byte load, a window of rows ahead. Its memory pattern alone,
// scales included, reads 7168x16384 in 21.8-21.9 us against the stream floor's 21.1-21.4 over the
// same bytes (compute_pace_probe.cu, items 248-249), and a second grid-stride stream of 2-byte
// loads costs the floor itself 1.3-1.4 us (sweep_mem_probe.cu, item 151). Staging a CTA's scales
// with its own loads before any weight load lost 2 us (item 151, /sf3): the weights waited. Not
// tried until now: the TMA's bulk copies (cp.async.bulk, one per row: its K / 16 scale bytes)
// into shared memory, issued after the first rows' weight loads, each row's scales read there
// (one LDS a piece) once that row's mbarrier completes. Modes, each on the library's sweep shape
// for the matrix (pieces a thread, warps a row, CTAs an SM, rows in flight; rows interleaved over
// the CTAs at L = 1, balanced contiguous ranges at L > 1), the weights by the library's 16-byte
// load, no decode (the bytes XORed together):
//   loads  the library: one 2-byte load a piece and row, with the row's weights;
//   all    every CTA row's scales copied at the start (thread t copies CTA row t): the whole scale
//          stream asked for in the kernel's first microseconds, in K / 16-byte requests;
//   ahead  each group's first thread copies the group's row i + 3 x (rows in flight) when it
//          reaches row i (the first ones at the start): bulk requests paced with the weights.
// Every mode must XOR together the same bytes as `loads` (a row read before its copy landed would
// not): checked per shape and mode. Timed as the bench times: L2 flushed by a 512 MiB write before
// each rep, CUDA events, median (and 10th percentile) of `reps`; the modes in the order loads,
// all, ahead, ahead, all, loads; the floor as the bench takes it (best of 6 grids) over the same
// bytes. Standalone (no torch):
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/ssp scripts/scale_stage_probe.cu && /tmp/ssp [reps]
#include <stdint.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"  // mbar_init / mbar_expect_tx / mbar_wait, bulk_copy
#include "probe_common.cuh"                       // CK, ld16, ld_scales_if, fold, sink_store, ProbeBench, SplitMix64

using nvfp4::detail::bulk_copy;
using nvfp4::detail::mbar_expect_tx;
using nvfp4::detail::mbar_init;
using nvfp4::detail::mbar_wait;

enum Mode { kLoads = 0, kAll = 1, kAhead = 2 };
const char* const kModeNames[] = {"loads", "all", "ahead"};

// Shared memory of a CTA holding at most cta_rows rows: their mbarriers, then their scale rows.
__host__ __device__ inline int bars_bytes(int cta_rows) { return (8 * cta_rows + 15) / 16 * 16; }
__host__ __device__ inline int stage_bytes(int cta_rows, int sf_bytes) {
  return bars_bytes(cta_rows) + cta_rows * sf_bytes;
}

// P pieces (16 bytes) a thread, W warps a row (groups of W warps in a CTA of 8 warps, or one of
// 7), D rows in flight a thread, as sweep_kernel has them. rows x row_bytes of weights at a,
// rows x row_bytes / 8 of scales at sfa.
template <int P, int W, int kMode>
__global__ void __launch_bounds__(W * 32 * (8 / W)) sweep_probe(const uint8_t* a, const uint8_t* sfa, int rows,
                                                                int row_bytes, bool contiguous, int most_rows,
                                                                uint32_t* sink) {
  extern __shared__ __align__(16) uint8_t smem[];
  constexpr int D = P == 1 ? 4 : 2, groups = 8 / W, group_threads = 32 * W, threads = group_threads * groups;
  constexpr int kAheadRows = 3 * D;  // kAhead: the group's rows between a copy's issue and its use
  const int g = threadIdx.x / group_threads, q = threadIdx.x - g * group_threads;
  const int warp = q >> 5, lane = threadIdx.x & 31;
  const int G = gridDim.x, pieces = row_bytes / 16, sf_bytes = row_bytes / 8;
  // The CTA's rows: a balanced contiguous range (L > 1), or rows b, b + G, ... (L = 1).
  const int r0 = contiguous ? (int)((int64_t)rows * blockIdx.x / G) : (int)blockIdx.x;
  const int cta_rows = contiguous ? (int)((int64_t)rows * (blockIdx.x + 1) / G) - r0
                                  : (rows - (int)blockIdx.x + G - 1) / G;
  const int64_t row_step = contiguous ? 1 : G;  // matrix rows from one CTA row to the next
  const int n = cta_rows > g ? (cta_rows - g + groups - 1) / groups : 0;  // the group's rows g, g + groups, ...
  // The thread's pieces (row_sweep.cuh SweepPieces): by warp where a row takes 7-8 warps, else by group.
  int piece[P];
  bool ok[P];
#pragma unroll
  for (int u = 0; u < P; ++u) {
    piece[u] = W >= 7 ? 32 * P * warp + 32 * u + lane : u * group_threads + q;
    ok[u] = piece[u] < pieces;
  }
  uint64_t* bar = reinterpret_cast<uint64_t*>(smem);
  const uint8_t* sf_smem = smem + bars_bytes(most_rows);
  const auto copy_row = [&](int i) {  // CTA row i's scales into shared memory, completing bar[i]
    mbar_expect_tx(bar + i, sf_bytes);
    bulk_copy(smem + bars_bytes(most_rows) + i * sf_bytes, sfa + (r0 + i * row_step) * sf_bytes, sf_bytes, bar + i);
  };
  const uint8_t* ap = a + (r0 + g * row_step) * row_bytes;
  const uint8_t* sp = sfa + (r0 + g * row_step) * sf_bytes;
  const int64_t a_step = groups * row_step * row_bytes, sf_step = groups * row_step * sf_bytes;
  uint4 w[D][P];
  uint32_t s[D][P];
  const auto load = [&](int d, bool more) {  // the next row's weights (and scales: kLoads) into slot d
#pragma unroll
    for (int u = 0; u < P; ++u) {
      w[d][u] = make_uint4(0, 0, 0, 0);
      s[d][u] = 0;
      if (ok[u] && more) {
        ld16(ap + 16 * piece[u], w[d][u]);
        if (kMode == kLoads) s[d][u] = ld_scales_if(true, sp + 2 * piece[u]);
      }
    }
    ap += a_step;
    sp += sf_step;
  };
#pragma unroll
  for (int d = 0; d < D; ++d) load(d, d < n);
  if (kMode != kLoads) {
    for (int i = threadIdx.x; i < cta_rows; i += threads) mbar_init(bar + i, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    __syncthreads();  // every barrier initialised before any copy completes on it or anyone waits
    if (kMode == kAll)
      for (int i = threadIdx.x; i < cta_rows; i += threads) copy_row(i);
    if (kMode == kAhead && q == 0)
      for (int j = 0; j < kAheadRows && j < n; ++j) copy_row(g + j * groups);
  }
  uint32_t acc = 0;
  for (int i = 0; i < n; i += D) {
#pragma unroll
    for (int d = 0; d < D; ++d) {
      if (i + d >= n) break;
      const int row = g + (i + d) * groups;  // the CTA row
      if (kMode != kLoads) {
        mbar_wait(bar + row, 0);
#pragma unroll
        for (int u = 0; u < P; ++u)
          if (ok[u]) s[d][u] = *reinterpret_cast<const uint16_t*>(sf_smem + row * sf_bytes + 2 * piece[u]);
      }
#pragma unroll
      for (int u = 0; u < P; ++u) acc ^= fold(w[d][u]) ^ s[d][u];
      load(d, i + d + D < n);
      if (kMode == kAhead && q == 0 && i + d + kAheadRows < n) copy_row(row + kAheadRows * groups);
    }
  }
  sink_store(acc, sink);
}

struct Shape {
  int rows, K;
  bool contiguous;  // L > 1: the L * M rows in balanced contiguous ranges
  const char* name;
};

template <int P, int W>
void run_shape(ProbeBench& bench, const Shape& s, int per_sm, const uint8_t* a) {
  const int64_t row_bytes = s.K / 2, wbytes = (int64_t)s.rows * row_bytes;
  const uint8_t* sfa = a + wbytes;  // the scales right after the weights: the floor reads both as one buffer
  const int grid = std::min(s.rows, per_sm * bench.sms), most = (s.rows + grid - 1) / grid;
  const int smem = stage_bytes(most, (int)row_bytes / 8);
  const float floor_us = bench.floor_us(a, wbytes + wbytes / 8);
  std::printf("%s (%d x %d, %d CTAs an SM, %s; %d rows a CTA, %.1f KB of scales): floor %.1f us\n", s.name, P, W,
              per_sm, s.contiguous ? "contiguous" : "interleaved", most, smem / 1024.0, floor_us);
  void (*kernels[3])(const uint8_t*, const uint8_t*, int, int, bool, int, uint32_t*) = {
      sweep_probe<P, W, kLoads>, sweep_probe<P, W, kAll>, sweep_probe<P, W, kAhead>};
  bool fits[3] = {true, true, true};
  for (int m = 1; m < 3; ++m) {
    CK(cudaFuncSetAttribute(kernels[m], cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int resident = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&resident, kernels[m], W * 32 * (8 / W), smem));
    fits[m] = resident >= per_sm;
    if (!fits[m]) std::printf("  %-6s %d CTAs an SM do not fit (%d do)\n", kModeNames[m], per_sm, resident);
  }
  const auto launch = [&](int m) {
    kernels[m]<<<grid, W * 32 * (8 / W), m == kLoads ? 0 : smem>>>(a, sfa, s.rows, (int)row_bytes, s.contiguous,
                                                                  most, bench.sink);
  };
  // Every mode XORs the same bytes: one launch each into a cleared sink, compared with kLoads'.
  std::vector<uint32_t> want(grid), got(grid);
  for (int m = 0; m < 3; ++m) {
    if (!fits[m]) continue;
    CK(cudaMemset(bench.sink, 0, 4 * grid));
    launch(m);
    CK(cudaMemcpy(m == kLoads ? want.data() : got.data(), bench.sink, 4 * grid, cudaMemcpyDeviceToHost));
    if (m != kLoads && got != want) {
      std::printf("  %-6s FAILED: its bytes differ from the 2-byte loads' (a row read before its copy landed?)\n",
                  kModeNames[m]);
      fits[m] = false;
    }
  }
  for (const int m : {kLoads, kAll, kAhead, kAhead, kAll, kLoads}) {
    if (!fits[m]) continue;
    const std::pair<float, float> t = bench.time([&] { launch(m); });
    std::printf("  %-6s %6.1f us (p10 %5.1f)  %.2fx the floor\n", kModeNames[m], t.first, t.second, t.first / floor_us);
  }
}

int main(int argc, char** argv) {
  ProbeBench bench(argc > 1 ? std::atoi(argv[1]) : 30);
  // The library's plans on the H200 (plan_rules show fp4 rowmajor ...): pieces x warps a row, CTAs an SM.
  const Shape s16k{7168, 16384, false, "7168x16384"}, s7kx8{4096 * 8, 7168, true, "4096x7168x8"},
      s2kx4{7168 * 4, 2048, true, "7168x2048x4"}, s14k{4096, 14336, false, "4096x14336"},
      s4k{4096, 4096, false, "4096x4096"}, s14kr{14336, 4096, false, "14336x4096"},
      s2k{7168, 2048, false, "7168x2048"}, s7k{2048, 7168, false, "2048x7168"},
      head{151936, 4096, false, "151936x4096"};
  size_t most_bytes = 0;
  for (const Shape& s : {s16k, s7kx8, s2kx4, s14k, s4k, s14kr, s2k, s7k, head})
    most_bytes = std::max(most_bytes, (size_t)s.rows * s.K / 2 * 9 / 8);
  uint8_t* a;
  CK(cudaMalloc(&a, most_bytes));
  {
    std::vector<uint8_t> h(most_bytes);
    SplitMix64 rng{279};
    for (size_t i = 0; i < h.size(); i += 4) {
      const uint32_t v = rng();
      for (size_t j = 0; j < 4 && i + j < h.size(); ++j) h[i + j] = (uint8_t)(v >> (8 * j));
    }
    CK(cudaMemcpy(a, h.data(), h.size(), cudaMemcpyHostToDevice));
  }
  std::printf("L2 flushed by a 512 MiB write before each rep; %d reps\n", bench.reps);
  run_shape<2, 8>(bench, s16k, 3, a);
  run_shape<1, 7>(bench, s7kx8, 4, a);
  run_shape<2, 1>(bench, s2kx4, 3, a);
  run_shape<2, 7>(bench, s14k, 4, a);
  run_shape<1, 4>(bench, s4k, 3, a);
  run_shape<1, 4>(bench, s14kr, 3, a);
  run_shape<1, 2>(bench, s2k, 3, a);
  run_shape<1, 7>(bench, s7k, 4, a);
  run_shape<2, 2>(bench, head, 3, a);
  return 0;
}
