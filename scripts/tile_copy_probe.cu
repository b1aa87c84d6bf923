// tile_copy_probe.cu: the tile sweep's copy side alone (sweep8_kernel's stream of 16-row tiles into
// shared-memory stages, nothing decoded or multiplied), in forms the kernel could take, each timed
// against the stream floor the bench's way (512 MiB written before each rep, CUDA events, median)
// and checked: every thread XORs the words of the tile that landed, and the grid's XOR must equal
// the XOR of the whole weight and scale arrays (each byte copied once, none lost or doubled).
//
// Why: run 500 (BENCHMARKS.md item 305) timed the library's tile sweep with its compute removed
// at 1.06-1.24x the floor (4096x14336 20.8 us against 16.8, 7168x16384 35.1 against 28.4), a loss
// that grows with the bytes, and run 501 (item 306) found it is neither the barrier a tile nor the
// L2 prefetch hint. What is left to take apart, one form against the other on the same bytes:
//   ldgsts  the library's copies: a CTA of 16 warps, warp w copying row w of the tile, 16 bytes a
//           lane (cp.async.cg), so 512 contiguous bytes a warp instruction; S stages, a tile waited
//           for (cp.async.wait_group) and met at a barrier, then the stage of the tile before refilled
//   bulk    the same stages filled by the TMA's 1-D bulk copies: lane 0 of warp w copies row w's
//           whole k range (16 V bytes) and its scales (2 V bytes) in two instructions, the stage's
//           mbarrier counting the bytes; the warps wait on it, then meet at the barrier as above
// each with the cluster's tiles strided (tile b + i G of cluster b, the library's order) or
// contiguous (cluster b takes tiles b n .. b n + n - 1), and with G as the library plans it
// (clusters of 4 fit 30 at once on an H100 or H200: 120 SMs) or one cluster's CTAs on every SM
// (no cluster launch is needed here: the C CTAs of a "cluster" share no memory in this probe).
// Run 503 (H100) found all of these within 0.03x of each other, 1.13-1.29x the floor, so the
// probe now times (item 308) the forms that could tell the DRAM addresses from the pipeline:
//   flat    the same copies and stages, the bytes read as the floor reads them (see Order)
//   S       as many stages as the shared memory holds (6 where V = 128), strided and flat
// Run 504 (H100) found those no nearer (1.14-1.36x), so (item 309) the probe now times what is
// left: the tiles' loads straight into registers (no stages: the floor's loads at the sweep's
// addresses), one and two CTAs an SM, and the library's launch with no tile at all; with the
// floor's own grids of one and two CTAs an SM printed beside its best.
// Run 505 (H100): the registers' loads 1.02-1.07x the floor, the library's copies 1.17-1.31x; so
// (item 310) the registers' loads with shared memory reserved and unused, and the copies on 2 ..
// the most stages that fit: whether the shared memory's size (the L1 it leaves) is the loss.
//
// Build and run: nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tcp scripts/tile_copy_probe.cu && /tmp/tcp [reps]
// One line a shape: the floor, then each form's median (us) and its ratio to the floor; "BAD" where
// a form's XOR check failed.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"
#include "probe_common.cuh"  // CK, ProbeBench, SplitMix64

using namespace nvfp4::detail;

constexpr int kWarps = 16, kThreads = 32 * kWarps;

// One shape as the library plans its tile sweep (`plan_rules show fp4 rowmajor MxKx1x8`): C CTAs
// split K, V chunks of 32 values each, G clusters at once, S stages.
struct Shape {
  int M, K, C, V, G, S;
};

// A stage: 16 rows of V chunks of weights, then their scales at a padded pitch (the library's).
__host__ __device__ constexpr int stage_bytes_of(int V) { return 16 * (16 * V + 2 * V + 16); }

__device__ __forceinline__ void wait_pending(int n) {  // cp_async_wait<n>, n = 0..5 known at run time
  switch (n) {
    case 0: cp_async_wait<0>(); break;
    case 1: cp_async_wait<1>(); break;
    case 2: cp_async_wait<2>(); break;
    case 3: cp_async_wait<3>(); break;
    case 4: cp_async_wait<4>(); break;
    default: cp_async_wait<5>(); break;
  }
}

// Where a CTA's tiles lie: the library's row-major matrices, the tiles taken strided or
// contiguous, or (kFlat) the same bytes as one flat array cut into the pieces a CTA copies, piece
// (tile t, CTA cr of its cluster) at (t C + cr) x 18 V x 16 bytes, its 16 rows of weights first
// (16 V bytes each), then their scales (2 V bytes each): the copies as the kernel makes them, the
// DRAM addresses as the floor reads them (at step i the grid's pieces are one window of memory).
enum Order { kStrided = 0, kContiguous = 1, kFlat = 2 };

// How a tile's bytes come: cp.async into the stages, the TMA's bulk copies into the stages, or
// straight into registers (no stages: each lane's 16-byte loads of its warp's row, up to 8, all
// issued before the first fold; the floor's loads at the tiles' addresses).
enum Copy { kLdgsts = 0, kBulkCopy = 1, kRegisters = 2 };

// A tile's loads into registers (kRegisters): lane's pieces lane + 32 u of a row of `valid`
// 16-byte pieces and its 16-byte piece of the row's scales, folded after all are issued.
__device__ __forceinline__ uint32_t fold_row(const uint8_t* a_row, const uint8_t* sf_row, int valid, int lane) {
  uint4 w[9];
#pragma unroll
  for (int u = 0; u < 8; ++u) {
    w[u] = make_uint4(0, 0, 0, 0);
    ld16_if(lane + 32 * u < valid, a_row + 16 * (lane + 32 * u), w[u]);
  }
  w[8] = make_uint4(0, 0, 0, 0);
  ld16_if(16 * lane < 2 * valid, sf_row + 16 * lane, w[8]);
  uint32_t acc = 0;
#pragma unroll
  for (int u = 0; u < 9; ++u) acc ^= fold(w[u]);
  return acc;
}

// kCopy: a Copy; order: an Order; empty: no tile at all (the launch and the CTAs' set-up alone,
// with the form's grid and shared memory).
template <int kCopy>
__global__ void __launch_bounds__(kThreads, kCopy == kRegisters ? 2 : 1)
    tile_copy_kernel(const uint8_t* a, const uint8_t* sf, Shape s, int clusters, int order, int empty,
                     uint32_t* sink) {
  constexpr bool kBulk = kCopy == kBulkCopy;
  extern __shared__ __align__(128) uint8_t smem[];
  uint64_t* full = reinterpret_cast<uint64_t*>(smem);  // one mbarrier a stage (bulk)
  uint8_t* stage0 = smem + 128;
  const int row_bytes = 16 * s.V, sf_pitch = 2 * s.V + 16, stage_bytes = stage_bytes_of(s.V);
  const int tid = threadIdx.x, w = tid >> 5, lane = tid & 31;
  const int cr = blockIdx.x % s.C, b = blockIdx.x / s.C, T = s.M / 16, per = (T + clusters - 1) / clusters;
  const int n = empty                  ? 0
                : order == kContiguous ? max(0, min(per, T - b * per))
                                       : (b < T ? (T - b + clusters - 1) / clusters : 0);
  const int c0 = cr * s.V, valid = min(s.V, s.K / 32 - c0);
  const int64_t a_stride = s.K / 2, sf_stride = s.K / 16;
  const auto tile = [&](int i) { return order == kContiguous ? b * per + i : b + i * clusters; };
  const auto rows = [&](int i, const uint8_t*& a_row, const uint8_t*& sf_row) {  // warp w's row of tile(i)
    const int64_t m = 16 * (int64_t)tile(i) + w;
    const uint8_t* piece = a + ((int64_t)tile(i) * s.C + cr) * 288 * s.V;  // kFlat (valid == V there)
    a_row = order == kFlat ? piece + w * 16 * s.V : a + m * a_stride + 16 * c0;
    sf_row = order == kFlat ? piece + 256 * s.V + w * 2 * s.V : sf + m * sf_stride + 2 * c0;
  };
  if constexpr (kCopy == kRegisters) {
    uint32_t acc = 0;
    for (int i = 0; i < n; ++i) {
      const uint8_t *a_row, *sf_row;
      rows(i, a_row, sf_row);
      acc ^= fold_row(a_row, sf_row, valid, lane);
    }
    sink_store(acc, sink);
    return;
  }
  if (kBulk && tid < s.S) mbar_init(&full[tid], 1);
  __syncthreads();
  const auto issue = [&](int i) {
    const int stage = i % s.S;
    uint8_t* st = stage0 + stage * stage_bytes;
    const uint8_t *a_row, *sf_row;
    rows(i, a_row, sf_row);
    if constexpr (kBulk) {
      if (i < n) {
        if (tid == 0) mbar_expect_tx(&full[stage], 16 * (16 * valid + 2 * valid));
        if (lane == 0) {
          bulk_copy(st + w * row_bytes, a_row, 16 * valid, &full[stage]);
          bulk_copy(st + 16 * row_bytes + w * sf_pitch, sf_row, 2 * valid, &full[stage]);
        }
      }
    } else {
      if (i < n) {
        const uint32_t dst = smem_addr(st + w * row_bytes);
        for (int j = lane; j < valid; j += 32) cp_async16(dst + 16 * j, a_row + 16 * j, 16);
        if (16 * lane < 2 * valid) cp_async16(smem_addr(st + 16 * row_bytes + w * sf_pitch) + 16 * lane, sf_row + 16 * lane, 16);
      }
      cp_async_commit();
    }
  };
  for (int i = 0; i < s.S - 1; ++i) issue(i);
  uint32_t acc = 0;
  for (int i = 0; i < n; ++i) {
    if constexpr (kBulk)
      mbar_wait(&full[i % s.S], (i / s.S) & 1);
    else
      wait_pending(s.S - 2);
    __syncthreads();  // tile i landed for every warp; every warp done with tile i - 1's stage
    issue(i + s.S - 1);
    // Each thread folds its share of the tile's valid words: 16 rows x valid chunks of weights,
    // 16 rows x valid / 8 words of scales.
    const uint8_t* st = stage0 + (i % s.S) * stage_bytes;
    for (int q = tid; q < 16 * valid; q += kThreads)
      acc ^= fold(*reinterpret_cast<const uint4*>(st + (q / valid) * row_bytes + 16 * (q % valid)));
    for (int q = tid; q < 16 * (valid / 8); q += kThreads) {
      const int r = q / (valid / 8);
      acc ^= fold(*reinterpret_cast<const uint4*>(st + 16 * row_bytes + r * sf_pitch + 16 * (q % (valid / 8))));
    }
  }
  if (!kBulk) wait_pending(0);
  sink_store(acc, sink);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 20;
  ProbeBench bench(reps);
  // The library's plans on an H100 / H200 (132 SMs) at FP4 x N = 8 (plan_rules show).
  const std::vector<Shape> shapes = {{4096, 14336, 2, 224, 66, 3}, {2048, 7168, 1, 224, 128, 3},
                                     {14336, 4096, 1, 128, 132, 4}, {4096, 4096, 1, 128, 132, 4},
                                     {7168, 16384, 4, 128, 30, 4},  {8192, 28672, 4, 224, 30, 3}};
  size_t most = 0;
  for (const Shape& s : shapes) most = std::max(most, (size_t)s.M * s.K / 2 + (size_t)s.M * s.K / 16);
  uint8_t* d = nullptr;
  CK(cudaMalloc(&d, most));
  uint32_t* xors = nullptr;
  CK(cudaMalloc(&xors, 4096 * sizeof(uint32_t)));
  for (const Shape& s : shapes) {
    const size_t a_bytes = (size_t)s.M * s.K / 2, sf_bytes = (size_t)s.M * s.K / 16;
    std::vector<uint32_t> host((a_bytes + sf_bytes) / 4);
    SplitMix64 rng{(uint64_t)s.M * 131 + s.K};
    uint32_t want = 0;
    for (uint32_t& v : host) want ^= (v = rng());
    CK(cudaMemcpy(d, host.data(), a_bytes + sf_bytes, cudaMemcpyHostToDevice));
    const uint8_t *a = d, *sf = d + a_bytes;
    const float floor_us = bench.floor_us(d, a_bytes + sf_bytes);
    std::printf("%dx%d C=%d V=%d S=%d | floor %.1f (", s.M, s.K, s.C, s.V, s.S, floor_us);
    for (const int ctas : {1, 2})  // the floor's grids of 512 threads: 64 KB an SM in flight a CTA
      std::printf("%s%d/SM %.1f", ctas == 1 ? "" : ", ", ctas, bench.time([&] {
        stream_floor_kernel<<<bench.sms * ctas, 512>>>(d, a_bytes + sf_bytes, bench.sink);
      }).first);
    std::printf(")");
    // The forms. Run 503 found the copy instruction, the tile order and the grid within 0.03x of
    // each other, and run 504 the flat pieces and the deepest stages too (1.13-1.36x the floor);
    // run 505 found the tiles' loads straight into registers at 1.02-1.07x, the library's form at
    // 1.17-1.31x, two CTAs an SM no better. The suspect left (item 310): the shared memory a CTA
    // takes shrinks the L1, which holds the loads in flight. So: the loads into registers with
    // 0 to 200 KB of shared memory reserved and unused, and the copies on 2 stages up to the most
    // that fit (the stages' bytes are the shared memory).
    struct Form {
      int copy, order, clusters, stages, ctas_per_sm, empty, reserve;  // reserve: registers' form, bytes
    };
    std::vector<Form> forms;
    for (const int kb : {0, 64, 128, 200}) forms.push_back({kRegisters, kStrided, s.G, s.S, 1, 0, kb << 10});
    for (int stages = 2; 128 + stages * stage_bytes_of(s.V) <= 232448; ++stages) {
      forms.push_back({kLdgsts, kStrided, s.G, stages, 1, 0, 0});
      forms.push_back({kBulkCopy, kStrided, s.G, stages, 1, 0, 0});
    }
    for (const Form& f : forms) {
      const auto kernel = f.copy == kLdgsts      ? tile_copy_kernel<kLdgsts>
                          : f.copy == kBulkCopy ? tile_copy_kernel<kBulkCopy>
                                                : tile_copy_kernel<kRegisters>;
      const int smem = f.copy == kRegisters ? f.reserve : 128 + f.stages * stage_bytes_of(s.V), grid = f.clusters * s.C;
      Shape run = s;
      run.S = f.stages;
      CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, std::max(smem, 1)));
      const auto launch = [&] { kernel<<<grid, kThreads, smem>>>(a, sf, run, f.clusters, f.order, f.empty, xors); };
      CK(cudaMemset(xors, 0, 4096 * sizeof(uint32_t)));
      launch();
      CK(cudaDeviceSynchronize());
      std::vector<uint32_t> got(grid);
      CK(cudaMemcpy(got.data(), xors, grid * sizeof(uint32_t), cudaMemcpyDeviceToHost));
      uint32_t x = 0;
      for (uint32_t v : got) x ^= v;
      static const char* copy_names[] = {"ldgsts", "bulk", "regs"};
      int fit = 0;  // CTAs an SM holds (the form's ctas_per_sm needs this many)
      CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fit, kernel, kThreads, smem));
      if (fit < f.ctas_per_sm) {
        std::printf(" | %s: only %d CTA an SM fits", copy_names[f.copy], fit);
        continue;
      }
      const float us = bench.time(launch).first;
      static const char* order_names[] = {"strided", "contig", "flat"};
      std::printf(" | %s%s %s G=%d S=%d %d/SM smem %d KB %.1f (%.2fx)%s", f.empty ? "empty " : "",
                  copy_names[f.copy], order_names[f.order], f.clusters, f.stages, f.ctas_per_sm, smem >> 10, us,
                  us / floor_us,
                  f.empty || x == want ? "" : " BAD");
    }
    std::printf("\n");
  }
  return 0;
}
