// launch_rule.cuh: the host side of the launch rule: what the device offers (device_info) and,
// family by family, each kernel's fit (what it can run), pay (where it measured faster) and plan
// (grid, splits, shared memory) functions, the measurements behind a rule in its comment;
// plan_gemv_for and check_plan (gemv_kernels.cu) put them together. Torch-free; host code only.
#pragma once
#include "band_sweep.cuh"
#include "row_sweep.cuh"
#include "row_sweep16.cuh"
#include "row_tiles.cuh"
#include "tile_sweep.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// The device and the launch configurations every family uses.
// Shared memory of one CTA at most: what two CTAs per SM may each use (H100 / H200: 113 KB), where
// that holds a full activation stage and 64 rows of 16-column partial sums; else (sm_80 .. sm_89)
// the per-block maximum, one CTA per SM.
constexpr int kSmemTwoPerSmMin = kSmemHeader + kActStageBytes + kActPadBytes + 64 * kWarps * kMaxCols * 4;

// A cudaLaunchKernelEx configuration: grid CTAs of `threads` with `smem` bytes of dynamic shared
// memory on `stream`, as a programmatic dependent launch when `dependent` (the kernel may start
// before the previous one on the stream ends; a griddepcontrol.wait in it, or the implicit one at
// its end, orders its reads of what that kernel wrote). attr: the attribute cfg points to, which
// the caller keeps alive (cluster_config puts its cluster shape there instead).
inline cudaLaunchConfig_t launch_config(unsigned grid, unsigned threads, int smem, cudaStream_t stream,
                                        bool dependent, cudaLaunchAttribute& attr) {
  attr.id = cudaLaunchAttributeProgrammaticStreamSerialization;
  attr.val.programmaticStreamSerializationAllowed = 1;
  cudaLaunchConfig_t cfg = {};
  cfg.gridDim = dim3(grid);
  cfg.blockDim = dim3(threads);
  cfg.dynamicSmemBytes = smem;
  cfg.stream = stream;
  cfg.attrs = &attr;
  cfg.numAttrs = dependent ? 1 : 0;
  return cfg;
}
// A launch of `grid` CTAs of `threads` in clusters of `cluster` (attr: the cluster attribute, which
// cfg points to): the tile sweep's and the band sweep's.
inline cudaLaunchConfig_t cluster_config(int grid, int threads, int cluster, int smem, cudaStream_t stream,
                                         cudaLaunchAttribute& attr) {
  cudaLaunchConfig_t cfg = launch_config(grid, threads, smem, stream, false, attr);
  attr.id = cudaLaunchAttributeClusterDimension;
  attr.val.clusterDim.x = cluster;
  attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
  cfg.numAttrs = 1;
  return cfg;
}
// How many clusters of c = 1..8 tile-sweep CTAs (one per SM) the device holds at once: a
// cluster's CTAs share a GPC, so on the H200 30 clusters of 4 fit, not 132 / 4 = 33 (run 274); a
// grid of more would run its last clusters in a second wave.
// Asked of one kernel: every tile-sweep kernel is one CTA of 512 threads per SM at the opt-in
// shared memory, whatever its chunks a thread and column blocks (Sweep8Shape).
inline void sweep8_cluster_fit(PlanDevice& d) {
  const auto kernel = sweep8_kernel<kActF16, 2, 1, false, false>;
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, d.smem_optin) != cudaSuccess) {
    cudaGetLastError();
    return;
  }
  for (int c = 1; c <= kSweep8MaxCluster; ++c) {
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = cluster_config(c * std::max(1, d.sms / c), kSweep8Threads, c, d.smem_optin, 0, attr);
    int fit = 0;
    if (cudaOccupancyMaxActiveClusters(&fit, kernel, &cfg) != cudaSuccess) {
      cudaGetLastError();
      fit = 0;
    }
    d.cluster_fit[c] = fit;
  }
}

// The current device (PlanDevice::resident_per_sm 0: asked per kernel variant, resident_per_sm),
// queried once per device: call_once, so that threads making their first calls at once all see
// every field filled.
inline PlanDevice device_info() {
  static PlanDevice cache[64];
  static std::once_flag filled[64];
  int dev = 0;
  cudaGetDevice(&dev);
  PlanDevice& d = cache[dev & 63];
  std::call_once(filled[dev & 63], [&d, dev] {
    int per_sm = 0, reserved = 0, optin = 0;
    cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev);
    cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev);
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    const int two = per_sm / 2 - reserved;
    d.cta_smem = two >= kSmemTwoPerSmMin ? two : optin;
    d.smem_optin = optin;
    cudaDeviceGetAttribute(&d.major, cudaDevAttrComputeCapabilityMajor, dev);
    cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev);
    int clock_khz = 0, bus_bits = 0;  // double data rate: 2 x clock x bus width / 8 bytes a second
    cudaDeviceGetAttribute(&clock_khz, cudaDevAttrMemoryClockRate, dev);
    cudaDeviceGetAttribute(&bus_bits, cudaDevAttrGlobalMemoryBusWidth, dev);
    d.mem_gbps = (int)((int64_t)clock_khz * bus_bits / 4000000);
    if (d.major == 9) sweep8_cluster_fit(d);
  });
  return d;
}

// Resident CTAs per SM of a variant on the current device, read once per device at the largest
// shared-memory size we ever ask for (so the grid rule does not depend on K); dev's own number
// when it has one (a device described rather than queried).
template <int kWords, bool kWide, bool kRing, bool kSpans, bool kTiled, bool kInteger,
          bool kQuantAct = false>
int resident_per_sm(const PlanDevice& dev_info) {
  if (dev_info.resident_per_sm > 0) return dev_info.resident_per_sm;
  static std::atomic<int> cache[64];  // 0: not asked yet (threads asking at once get the same answer)
  int dev = 0;
  cudaGetDevice(&dev);
  if (const int known = cache[dev & 63].load(std::memory_order_relaxed)) return known;
  const int smem = dev_info.cta_smem;
  auto kernel = gemv_kernel<kWords, kWide, kRing, kSpans, kTiled, kInteger, kQuantAct>;
  int occ = 0;
  if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess ||
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kernel, kThreads, smem) != cudaSuccess || occ < 1)
    occ = 1;
  cache[dev & 63].store(occ, std::memory_order_relaxed);
  return occ;
}

// ---------------------------------------------------------------------------------------------
// The row tiles' variants (gemv_kernel, row_tiles.cuh): loads, weight ring, k spans, integer item.
// Which variant runs: 16-byte loads (kWords = 4) need 16-byte aligned rows, whole 32-value chunks
// and adjacent, 2-byte aligned scale pairs (one 16-bit load for two blocks; always true of the
// blocked layout's 4-byte groups); otherwise 8-byte loads (K % 16 == 0 and 8-byte alignment are
// checked by the caller). A second accumulator set (kWide) for N > 8.
inline bool wide_loads(const GemvParams& p) {
  const ScaleIndex& sf = p.sfa;
  const bool scale_pairs = reinterpret_cast<uintptr_t>(sf.base) % 2 == 0 && sf.batch_stride % 2 == 0 &&
                           (sf.layout == kScaleBlocked || (sf.col_stride == 1 && sf.row_stride % 2 == 0));
  return p.K % 32 == 0 && reinterpret_cast<uintptr_t>(p.a) % 16 == 0 && p.a_row_stride % 16 == 0 &&
         p.a_batch_stride % 16 == 0 && scale_pairs;
}

// Rows the kernel walks: L * M, or, for tiled weights, whole 16-row bands of each batch (the
// format's padding rows included, computed and not stored; see gemv_kernel).
inline int64_t walked_rows(const GemvParams& p) {
  const int64_t batch_rows = p.sfa.layout == kScaleTiled ? ((int64_t)p.M + 15) / 16 * 16 : p.M;
  return batch_rows * p.L;
}

// The tiled weight format (GemvParams; one variant, 16-byte loads): 16-byte aligned A and band
// and batch strides; 4-byte aligned scale words (ld_scale_word_if; the format keeps a tile's 128
// scale bytes together, so only the base and the strides can break that).
inline bool tiled_fits(const GemvParams& p) {
  const ScaleIndex& sf = p.sfa;
  return reinterpret_cast<uintptr_t>(p.a) % 16 == 0 && p.a_row_stride % 16 == 0 &&
         p.a_batch_stride % 16 == 0 && reinterpret_cast<uintptr_t>(sf.base) % 4 == 0 &&
         sf.row_stride % 4 == 0 && sf.batch_stride % 4 == 0;
}

// An A/B switch from the environment: "0" -> 0 (never), "1" -> 1 (wherever it fits), anything
// else or unset -> 2 (where the launch rule says it pays). Read once per process by the callers.
inline int env_mode(const char* name) {
  const char* v = std::getenv(name);
  return v && v[0] == '0' ? 0 : v && v[0] == '1' ? 1 : 2;
}
// A forced shape from the environment, "A,B" (NVFP4_GEMV_SWEEP8_SHAPE, NVFP4_GEMV_SWEEP16_SHAPE):
// the two numbers, or {0, 0} where it is unset or not two numbers. Read once per process by the
// callers.
struct EnvShape {
  int first = 0, second = 0;
};
inline EnvShape env_shape(const char* name) {
  EnvShape s;
  const char* v = std::getenv(name);
  return v && std::sscanf(v, "%d,%d", &s.first, &s.second) == 2 ? s : EnvShape{};
}

// The weight ring (see kRingStageK): sm_90 or later, at most 8 columns, the 16-byte variant's
// alignment, row-major scales with unit column stride and 16-byte aligned rows and batches,
// K % 256 == 0 (whole 16-byte scale copies at every chunk end). NVFP4_GEMV_RING (env_mode):
// ring_pays decides when unset.
inline int ring_mode() {
  static const int mode = env_mode("NVFP4_GEMV_RING");
  return mode;
}
inline bool ring_fits(const GemvParams& p, const PlanDevice& dev) {
  const ScaleIndex& sf = p.sfa;
  return ring_mode() != 0 && dev.major >= 9 && p.N <= 8 && wide_loads(p) &&
         p.K % kRingK == 0 && sf.layout == kScaleRowMajor && sf.col_stride == 1 &&
         sf.row_stride % 16 == 0 && (p.L == 1 || sf.batch_stride % 16 == 0) &&
         reinterpret_cast<uintptr_t>(sf.base) % 16 == 0;
}

// Bulk-copied activation staging (stage_fp4_activation_bulk, stage_f16_activation_bulk): sm_90
// (9.x), one column, K, splits and chunks multiples of 256 values (whole 16-byte copies), 16-byte
// aligned activation (and FP4 scales: row-major, unit column stride) per batch. The plan
// adds when it pays and whether the raw chunk fits in shared memory.
inline bool bulk_act_fits(const GemvParams& p, const PlanDevice& dev, int k_split, int k_chunk) {
  const auto aligned = [](const void* ptr) { return reinterpret_cast<uintptr_t>(ptr) % 16 == 0; };
  if (dev.major != 9 || p.N != 1 || p.K % 256 != 0 || k_split % 256 != 0 ||
      k_chunk % 256 != 0 || !aligned(p.x))
    return false;
  if (p.act != kActFP4) return p.L == 1 || p.x_batch_stride * 2 % 16 == 0;
  const ScaleIndex& sf = p.sfx;
  return sf.layout == kScaleRowMajor && sf.col_stride == 1 && aligned(sf.base) &&
         (p.L == 1 || (p.x_batch_stride % 16 == 0 && sf.batch_stride % 16 == 0));
}

// The most rows a CTA of a row-major plan takes (the launch rules below weigh them).
inline int64_t plan_cta_rows(const GemvParams& p, const GemvLaunch& plan) {
  return ((int64_t)p.M * p.L + plan.row_blocks - 1) / plan.row_blocks;
}

// Whether the ring beats the register window (unset NVFP4_GEMV_RING): when a CTA's whole weight
// stream is at most half the ring (kRingStages / 2 items), all of it requested before the
// activation staging. Measured on the H200 (runs 50-51, N = 1): 2 items per CTA, 4096x4096 11.3
// us against 12.6 and 7168x2048 11.2 against 12.0; 4 items (2048x7168) 13.3-13.5 against
// 13.1-13.3; 8 or more, slower (14336x4096 23.9 against 20.2, 7168x16384 38.6 against 31.3): the
// ring's decode shares the SM with its copies badly (BENCHMARKS.md, log item 30).
inline bool ring_pays(const GemvParams& p, const GemvLaunch& plan) {
  const int64_t cta_rows = plan_cta_rows(p, plan);
  const int64_t stages = (plan.k_split + kRingStageK - 1) / kRingStageK;
  return (cta_rows + 15) / 16 * stages * 2 <= kRingStages;
}

// k spans (SpanStream): one column, the 16-byte variant's alignment, row-major scales with unit
// column stride (the tile-1 scales at an immediate offset). NVFP4_GEMV_SPANS (env_mode):
// spans_pay decides when unset.
inline int spans_mode() {
  static const int mode = env_mode("NVFP4_GEMV_SPANS");
  return mode;
}
inline bool spans_fit(const GemvParams& p) {
  const ScaleIndex& sf = p.sfa;
  // The pointer steps (SpanStream::a_pair: two rows) are 32-bit.
  const int64_t limit = int64_t(1) << 29;
  return spans_mode() != 0 && p.N == 1 && wide_loads(p) && sf.layout == kScaleRowMajor &&
         sf.col_stride == 1 && p.a_row_stride < limit && sf.row_stride < limit;
}

// Whether the k spans beat the row tiles (unset NVFP4_GEMV_SPANS). Measured on the H200
// (BENCHMARKS.md item 42): the k-span kernel's compute side is lighter (weights served from L2:
// 27.0 / 37.9 / 16.0 us on the task shapes against 29.0 / 41.4 / 19.5, the lm_head 91.9 against
// 98.3, run 71: fewer load instructions and addresses per byte, and rows padded to 2, not 16) but
// its memory side heavier on long streams (decode replaced by an XOR: 30.3 against 27.3 us on
// 7168x16384, 107.1 against 101.8 on the 151936x4096 lm_head). So: rows of at most kSpanMaxK
// values and CTAs of at most kSpanMaxCtaRows rows. Same machine, twice each (run 75): 7168x2048x4
// 19.9 / 19.6 -> 18.9 / 18.7 us, 2048x7168 13.1 / 13.0 -> 11.5 / 11.4, 14336x4096 19.9 / 19.4 ->
// 19.2 / 19.2, 4096x7168x8 48.4 / 47.9 -> 47.9 / 48.1; left to the row tiles, where every k-span
// order tried lost (runs 69-73, 76): 7168x16384 (30.0 against 30.5 - 33.0), the lm_head (107.9
// against 109.7 - 115.4).
// Where the integer row tiles are the alternative (integer_fits: W4A4, one column, sm_90) their
// lighter compute moves the line to kSpanMaxKInteger: the fp16 k spans against the integer row
// tiles, same builds (runs 167-168, 3 and 5 times): 4096x7168x8 (K = 7168) 47.2 against 46.5 us
// on average, 14336x4096 (4096) 19.0 against 19.0, 7168x2048x4 (2048) 18.7 against 19.1.
constexpr int kSpanMaxK = 8192;
constexpr int kSpanMaxKInteger = 4096;
constexpr int kSpanMaxCtaRows = 256;
inline bool spans_pay(const GemvParams& p, const GemvLaunch& plan, bool integer) {
  const int64_t cta_rows = plan_cta_rows(p, plan);
  return p.K <= (integer ? kSpanMaxKInteger : kSpanMaxK) && cta_rows <= kSpanMaxCtaRows;
}

// The integer item (compute_item_tile_dot): W4A4 at one column in row tiles (row-major or tiled
// weights), on sm_90, where it was measured (Blackwell converts E2M1 in hardware; Ampere/Ada keep
// the fp16 item, not measured here). NVFP4_GEMV_IMMA (env_mode): 0 never, 1 wherever it fits
// (before the ring and the k spans), unset: in place of the fp16 row tiles (plan_gemv_for).
// Measured on the H200 against the fp16 item in its mma form (run 140, twice each): equal or
// faster wherever the row tiles run (tiled 4096x14336 18.0 against 18.8 us, row-major 20.1
// against 20.9; 7168x16384 28.5 / 29.5 against 28.7 / 29.7), except the tiled lm_head (103.1
// against 102.4); slower in place of the ring or the k spans (2048x7168 12.2 against 11.3). The
// dp4a form is 0.15-0.85 us faster than the mma form on every tiled row (run 163, item 116).
inline int integer_mode() {
  static const int mode = env_mode("NVFP4_GEMV_IMMA");
  return mode;
}
inline bool integer_fits(const GemvParams& p, const PlanDevice& dev) {
  return integer_mode() != 0 && dev.major == 9 && p.act == kActFP4 && p.N == 1 &&
         (p.sfa.layout == kScaleTiled ? tiled_fits(p) : wide_loads(p));
}

// The fused activation quantization (kActQuantF16 / kActQuantBF16): planned as the FP4 problem
// it stands for, and launched only where that plan is an integer one, one column, and x's blocks
// are 16-byte aligned (stage_fp4_dot<.., true> loads each as two 16-byte words).
inline bool quant_act(const GemvParams& p) {
  return p.act == kActQuantF16 || p.act == kActQuantBF16;
}
// The stand-in keeps x (the 16-bit values) and has no activation scales (sfx.base null: the
// quantization makes them), which sweep_act_fits reads as "quantized here".
inline GemvParams as_fp4(const GemvParams& p) {
  GemvParams q = p;
  q.act = kActFP4;
  q.sfx = ScaleIndex{};
  return q;
}
inline bool quant_act_fits(const GemvParams& p) {
  return p.N == 1 && reinterpret_cast<uintptr_t>(p.x) % 16 == 0 &&
         (p.L == 1 || p.x_batch_stride * 2 % 16 == 0);
}

// The k spans on the integer item (SpanStream<true>, compute_item_dot): where both fit (integer_fits,
// spans_fit). NVFP4_GEMV_DOT (env_mode): dot_pays decides when unset.
inline int dot_mode() {
  static const int mode = env_mode("NVFP4_GEMV_DOT");
  return mode;
}

// Whether the integer k spans beat the plan that would run otherwise (unset NVFP4_GEMV_DOT): CTAs
// of at most kDotMaxCtaRows rows. Measured on the H200 (run 160, twice each; BENCHMARKS.md item
// 115) by rows per CTA: 8 (2048x7168, against the fp16 k spans) 11.1 / 10.7 us against 11.5 /
// 11.6; 16 (4096x14336, against the integer row tiles) 19.6 / 19.4 against 20.3 / 20.4; 27
// (7168x16384) 29.6 / 29.4 against 29.7 / 29.7; 54 and 108 (14336x4096, 7168x2048x4) even with the
// fp16 k spans; 124 (4096x7168x8) 48.0 / 47.8 against 47.2 / 47.2; 575 (the lm_head) 109.5 against
// the row tiles' 105.8. (With K long the fp16 k spans' compute is what they lose to the row tiles:
// 7168x16384 31.4 against the integer k spans' 29.5.)
constexpr int kDotMaxCtaRows = 32;
inline bool dot_pays(const GemvParams& p, const GemvLaunch& plan) {
  const int64_t cta_rows = plan_cta_rows(p, plan);
  return cta_rows <= kDotMaxCtaRows;
}

// ---------------------------------------------------------------------------------------------
// Row blocks and K splits of the row tiles.
// Row blocks at most: the kernel's row range arithmetic is 32-bit (rb * (R % row_blocks)).
constexpr int64_t kMaxRowBlocks = 65535;

// The tiled weight format: its CTAs take whole 16-row bands, so where the bands are not a
// multiple of the CTAs some CTAs get one band fewer than others (7168x16384: 448 bands over 264
// CTAs, 2 or 1 each). Those finish early, and the rest of the stream then runs on fewer CTAs.
// Where the bands number at least the SMs and K is not split, every CTA takes the same number of
// whole bands, with fewer CTAs where that leaves slots empty (even_row_blocks; 7168x16384 at one
// column: 224 CTAs of 2 bands, no split).
// Measured on the H200 (run 180, BENCHMARKS.md item 129; both orders, W4A4): 7168x16384 25.7 /
// 25.8 us against 27.2 / 27.4 for the 4-way split of K that tiled_balance_splits chose (it kept the
// busiest SM's bytes down, at the split's ~2 us), 14336x4096 (224 CTAs of 4 bands) 16.8 / 16.8
// against 17.7 / 17.6 unsplit on 264 CTAs of 3-4 bands, 4096x7168x8 42.0 / 42.1 against 42.9 /
// 42.6, 7168x2048x4 16.5 / 16.6 against 17.1 / 16.9. Item 90's probe had read the matrix that way
// at the stream floor. At N = 2..8 where K is not split (run 182, item 130): 14336x4096 0.65-0.9 us
// faster (N = 2, 4; W4A4 and W4A16 bf16), 4096x7168x8 0.3-1.0. Fewer bands than SMs at one
// column: tiled_balance_splits below. (The row-major integer k spans take the same rule in rows,
// see plan_variant.)
// At most row_blocks CTAs, each the same number of row units (bands, or rows) but the last.
inline int64_t even_row_blocks(int64_t units, int64_t row_blocks) {
  const int64_t per_cta = (units + row_blocks - 1) / row_blocks;
  return (units + per_cta - 1) / per_cta;
}

// Splits for the tiled weight format at one column where the bands are fewer than the SMs. Split
// K S ways deals out S times as many band pieces at a fixed cost: the partial sums and the
// reduction kernel, ~2 us with its programmatic dependent launch (run 107). So: the S (a power of
// two up to max_splits) that leaves the busiest SM (its CTAs, at most the resident ones, times the
// busiest CTA's band pieces) the fewest bytes, where that saves at least kSplitPaysBytes there
// (~2 us of an SM's stream at the ~3 TB/s the GEMV reaches); otherwise 1 (40 bands of K = 16384:
// 16 splits). Where bands are fewer than the CTAs but the split saves nothing per SM (2048x7168's
// 128) S = 2 only fills the other CTA slots, and is slower: 12.8 against 11.2 us (run 109).
constexpr int64_t kSplitPaysBytes = 45 << 10;
inline int tiled_balance_splits(int64_t bands, int K, int k_grain, int64_t wave, int sms,
                                int max_splits) {
  const auto busiest_sm_bytes = [&](int s) {
    const int64_t row_blocks = std::min(bands, std::max<int64_t>(1, wave / s));
    const int64_t k_split = ((int64_t)K / s + k_grain - 1) / k_grain * k_grain;
    const int64_t cta_bands = (bands + row_blocks - 1) / row_blocks;
    const int64_t ctas_per_sm = std::min(wave / sms, (row_blocks * s + sms - 1) / sms);
    return ctas_per_sm * cta_bands * 16 * k_split * 9 / 16;  // 4.5 bits a weight
  };
  const int64_t unsplit = busiest_sm_bytes(1);
  int best = 1;
  int64_t best_bytes = unsplit;
  for (int s = 2; s <= max_splits; s *= 2) {
    const int64_t bytes = busiest_sm_bytes(s);
    if (bytes + kSplitPaysBytes <= unsplit && bytes < best_bytes) {
      best = s;
      best_bytes = bytes;
    }
  }
  return best;
}

// The split at N > 1 columns, refined by a cost estimate. plan_variant's rule (S0, from the
// staging's share of a CTA's weight work) was set in run 37, before the reduction's dependent
// launch. Each CTA stages (converts into shared memory) N * K / S activation values before its
// first weight load, DRAM idle meanwhile, at about kStageUs each whatever its rows; a split costs
// kSplitUs (the reduction kernel: 1.8-2.4 us at N = 2..16 on 7168x16384, run 168) and its partial
// sums, S * rows * N fp32 written and read, at kPartialBytesPerUs. S: the cheapest of S0 / 2, S0
// and 2 S0, the range measured (runs 169-170: 7168x16384, 4096x4096, 4096x14336, 14336x4096,
// 2048x7168, 7168x2048; W4A4 and W4A16 bf16, both layouts, N = 2..16), within max_splits, and 2 S0
// at most kMaxRefinedSplits (16 splits lost wherever measured, by 1.6-11 us). Against S0 there:
// 7168x16384 N = 2 at 4, 31.3 / 28.5 us row-major / tiled against 32.1 / 31.5; 7168x2048 N = 16
// at 2, 17.2 / 16.9 against 19.7 / 19.2; 4096x4096 N = 2 unsplit, 11.8 / 11.3 against 13.2 /
// 13.4. Over the 48 measured cases the picks sum to 9.8 us (row-major + tiled) over each case's
// fastest S, S0 to 52; the worst pick costs 2.5 (14336x4096 bf16 N = 16 at 2, S0's 4 the
// fastest; S0's worst 4.8). BENCHMARKS.md item 123.
constexpr double kStageUs = 0.13 / 1024;
constexpr double kSplitUs = 2.0;
constexpr double kPartialBytesPerUs = 1.5e6;
constexpr int kMaxRefinedSplits = 8;
inline int refine_column_splits(int s0, int n, int k, int64_t rows, int max_splits) {
  const auto cost = [&](int s) {
    const double stage = kStageUs * n * (double)k / s;
    return s == 1 ? stage : stage + kSplitUs + 8.0 * s * (double)rows * n / kPartialBytesPerUs;
  };
  int best = s0;
  if (s0 > 1 && cost(s0 / 2) < cost(best)) best = s0 / 2;
  if (2 * s0 <= std::min(max_splits, kMaxRefinedSplits) && cost(2 * s0) < cost(best))
    best = 2 * s0;
  return best;
}

// ---------------------------------------------------------------------------------------------
// The row sweep (sweep_kernel): W4A4 at one column on sm_90 (integer_fits: the integer item's
// decode, measured there), row-major weights and scales with unit column stride (sweep_weights_fit),
// the activation as sweep_act_fits says, K a multiple of 32 up to kSweepMaxK (8 warps x 32
// threads x 4 pieces of 32 values), row steps in 32 bits (sweep_weights_fit, sweep_steps_fit),
// and its per-row sums within shared memory (sweep_plan). NVFP4_GEMV_SWEEP (env_mode): 0 never, 1
// or unset: wherever it fits, standing aside while another variant is forced
// (other_variant_forced).
constexpr int kSweepMaxK = 8 * 32 * 4 * 32;
constexpr int kSweepSmemBytes = 32 << 10;  // per-row sums of a CTA at most (3 CTAs per SM fit)
// A sweep kernel's per-row sums at most: kSweepSmemBytes, and with the W4A16 sweep's x in shared
// memory (sweep16_x_shared_bytes) within the 48 KB a kernel takes without opting in, less its
// other static shared memory (kSweep16StaticBytes, checked by the kernel).
constexpr int sweep_sums_bytes_max(bool w4a16, int pieces, int group_warps, int cols) {
  return w4a16 ? std::min(kSweepSmemBytes, 48 * 1024 - kSweep16StaticBytes -
                                               sweep16_x_shared_bytes(pieces, group_warps, cols))
               : kSweepSmemBytes;
}
// Row steps of up to 16 rows (sweep16_kernel's 8 groups of pairs) in 32 bits.
constexpr int64_t kSweepMaxRowStride = int64_t(1) << 27;
inline int sweep_mode() {
  static const int mode = env_mode("NVFP4_GEMV_SWEEP");
  return mode;
}
// The most L * M rows a sweep takes: kMaxRowBlocks CTAs of the fewest rows' sums any sweep kernel
// of up to 8 warps a row holds (the W4A16 sweep with x in shared memory: 16 KB of sums, 504 rows
// in pairs). Not a bound for the W4A16 sweep's wider groups past K = 16384 (13..24 warps a row:
// 341-630 rows a CTA, 22.3M-41.3M rows): there that many rows are over 280 GB of weights; a plan
// past it would fail check_plan's kMaxRowBlocks, an error, not a wrong answer.
inline int64_t sweep_rows_limit() {
  return kMaxRowBlocks * (sweep_sums_bytes_max(true, 2, kWarps, 1) / (4 * kWarps));
}
// Where another variant is forced (NVFP4_GEMV_RING / SPANS / IMMA / DOT = 1) the sweeps stand aside
// unless forced themselves, so that that variant's tests still reach it.
inline bool other_variant_forced() {
  return ring_mode() == 1 || spans_mode() == 1 || integer_mode() == 1 || dot_mode() == 1;
}
// What both sweeps ask of the weights: row-major scales with unit column stride, row strides
// within kSweepMaxRowStride, the L * M rows' sums within the CTAs' shared memory.
inline bool sweep_weights_fit(const GemvParams& p) {
  const ScaleIndex& sf = p.sfa;
  return sf.layout == kScaleRowMajor && sf.col_stride == 1 && (int64_t)p.M * p.L <= sweep_rows_limit() &&
         p.a_row_stride < kSweepMaxRowStride && sf.row_stride < kSweepMaxRowStride;
}
// sweep_piece's single load path for an FP4 activation: x 16-byte aligned in every batch, its
// scales row-major and contiguous (a piece's two in one aligned 16-bit word). One quantized in the
// kernel (16-bit x; as_fp4's stand-in while planning): quant_act_fits.
inline bool sweep_act_fits(const GemvParams& p) {
  if (quant_act(p) || p.sfx.base == nullptr) return quant_act_fits(p);
  const ScaleIndex& sf = p.sfx;
  return reinterpret_cast<uintptr_t>(p.x) % 16 == 0 && (p.L == 1 || p.x_batch_stride % 16 == 0) &&
         sf.layout == kScaleRowMajor && sf.col_stride == 1 && reinterpret_cast<uintptr_t>(sf.base) % 2 == 0 &&
         (p.L == 1 || sf.batch_stride % 2 == 0);
}
inline bool sweep_fits(const GemvParams& p, const PlanDevice& dev) {
  return sweep_mode() != 0 && (sweep_mode() == 1 || !other_variant_forced()) && integer_fits(p, dev) &&
         sweep_weights_fit(p) && p.K <= kSweepMaxK && sweep_act_fits(p);
}


// The 2-or-4 rule, the row sweep's shape before the warps an SM were measured as its pace (items
// 258-262; sweep_pieces now takes 4 pieces only past K = 16384, one piece by the rules below, which
// compare with this rule's kernel; the W4A16 sweep at L > 1 follows it). Pieces per thread: 2 (CTAs
// of up to 8 warps cover K <= 16384), or 4 where K is longer, or where CTAs take at least
// kSweepFourMinCtaRows rows at 2 per SM and 4-piece rows leave at most 1/8 of the threads' pieces
// past K. CTAs per SM: sweep_ctas_per_sm (the kernel is compiled for it). Chosen on the H200 (run 189,
// scripts/regact_probe.cu, the kernel standalone; each shape's best in brackets):
// 2 pieces: 7168x16384 25.5 us [25.5; 4 pieces 26.0], 7168x2048x4 15.9 [15.9];
// 4 pieces: 4096x7168x8 45.7 [45.7; 2 pieces 47.8-48.6], 14336x4096 15.8 [15.8], the 151936x4096
// lm_head 100.0 [100.0; 2 pieces 104.9-106.2]. A K = 2048 row in 4 pieces leaves half the
// threads' pieces empty (7168x2048x4 20.5 us); one piece a thread with 8 rows in flight lost
// everywhere (7168x2048x4 18.9-20.1, the lm_head 130-152; before item 154, when each row waited on
// its fresh scale loads); one piece a thread now where it leaves fewer pieces empty
// (sweep_pieces). The probe had run the smaller 2-piece shapes at 2 CTAs per SM compiled for 2
// (128 registers); the library's kernel, compiled for 3, ran them faster at 3 per SM than at 2
// (run 198, time_shapes.py, two orders): 4096x14336 17.3-17.4 us against 19.7, 4096x4096 9.3-9.4
// against 9.7, 2048x7168 9.4-9.5 against 9.7-9.8 (compiled for 2 at 2 per SM: 17.7-17.8, 9.3,
// 9.4-9.5).
constexpr int kSweepFourMinCtaRows = 32;
// The CTA's row step (sweep_kernel: groups x stride rows, stride = the grid where L == 1, the rows
// interleaved over the CTAs, else 1; sweep16_kernel: twice that, a row pair each) in 32 bits.
// Interleaved rows against balanced contiguous ranges (run 203 and its repeat in the other order,
// time_shapes.py, unchecked; the kernel tests on that code, 463 passed): the lm_head 96.7 / 96.8
// us against 99.3 / 99.4, 7168x16384 26.1 / 26.6 against 26.8 / 26.9, 14336x4096 16.1 / 16.2
// against 16.4 / 16.4, 4096x14336 16.9 / 17.0 against 17.2 / 17.3, 2048x7168 even, 4096x4096 9.3
// / 9.4 against 9.1 / 9.2 (the one loss).
// The W4A16 sweep's instance for p: bf16 x at L == 1 (sweep16_groups; the kernel's kBf16 && !kBatched).
inline bool sweep16_bf16_l1(const GemvParams& p) { return p.act == kActBF16 && p.L == 1; }
inline bool sweep_steps_fit(const GemvParams& p, const GemvLaunch& plan) {
  const int rows_per_group = plan.integer ? 1 : 2;  // W4A16 (sweep16_kernel): row pairs
  const int groups = plan.integer ? sweep_groups(plan.sweep_warps)
                                  : sweep16_groups(plan.sweep, plan.sweep_warps, p.N, sweep16_bf16_l1(p));
  const int64_t rows = (int64_t)rows_per_group * groups * (p.L == 1 ? plan.row_blocks : 1);
  return rows * std::max(p.a_row_stride, p.sfa.row_stride) < (int64_t(1) << 31);
}
// A row sweep's units over row_blocks CTAs (SweepRows): the L * M rows, or where the W4A16 sweep
// takes row pairs interleaved (L == 1) its ceil(M / 2) pairs. Units < 2^31 (walked_rows).
inline SweepRows sweep_rows(const GemvParams& p, int64_t row_blocks, bool w4a16) {
  const int64_t units = w4a16 && p.L == 1 ? (p.M + 1) / 2 : (int64_t)p.M * p.L;
  return {(int)row_blocks, (unsigned)(units / row_blocks), (unsigned)(units % row_blocks)};
}
// The most rows a sweep CTA of row_blocks holds (its per-row sums in shared memory; sweep_kernel's
// and sweep16_kernel's r_end - r_begin): ceil(units / row_blocks), in rows.
inline int64_t sweep_cta_rows(const GemvParams& p, int64_t row_blocks, bool w4a16) {
  return (w4a16 && p.L == 1 ? 2 : 1) * (int64_t)sweep_rows(p, row_blocks, w4a16).most();
}
inline int sweep_warps_for(int K, int per_thread) { return (K / 32 + 32 * per_thread - 1) / (32 * per_thread); }
// One batch's weight bytes (E2M1 and scales: 18 bytes per 32 values), the sweeps' measure of a
// short stream (sweep_pieces, sweep16_fits).
inline int64_t sweep_weight_bytes(const GemvParams& p) { return (int64_t)p.M * p.K / 32 * 18; }
// Columns of per-row sums a sweep CTA holds in shared memory: the W4A16 sweep's N (1 or 2), else 1.
inline int sweep_sum_cols(const GemvParams& p, bool w4a16) { return w4a16 ? p.N : 1; }
// 2 or 4 pieces a thread (the rule above).
inline int sweep_pieces_2_or_4(const GemvParams& p, const PlanDevice& dev) {
  const int64_t rows = (int64_t)p.M * p.L;
  const bool four_fill = (int64_t)(p.K / 32) * 8 >= (int64_t)sweep_warps_for(p.K, 4) * 128 * 7;
  const bool four_rows = rows >= (int64_t)2 * dev.sms * kSweepFourMinCtaRows;
  return sweep_warps_for(p.K, 2) > 8 || (four_fill && four_rows) ? 4 : 2;
}
// One piece a thread where that leaves fewer of a row's thread pieces past K than 2 or 4, a row
// within 8 warps: ceil(K / 1024) odd (K = 7168: 1 piece x 7 warps where 4 x 2 or 2 x 4 leave 1/8
// of the pieces empty), and K <= 1024 (2 pieces on one warp leave half of them empty). Measured
// (runs 237 and 239, two orders, unchecked, against the 2-or-4 rule; pieces x warps): 4096x7168x8
// 41.5-41.8 us against 42.0-42.5 (1 x 7 against 4 x 2), 2048x7168 8.8-8.9 against 8.6-8.9 (1 x 7
// against 2 x 4); 7168x1024 7.1-7.2 against 7.6-7.9, 28672x1024 10.7-10.8 against 12.4-12.5,
// 4096x1024x8 11.8-11.9 against 13.9-14.1 (1 x 1 against 2 x 1); run 244 (K = 3072, 5120):
// 13824x5120 16.8 against 17.6-17.9 (1 x 5 against 2 x 3), 5120x5120 10.4-10.5 against 10.8-10.9,
// 5120x5120x4 22.2-22.3 against 23.4, 8192x3072 10.0 against 10.1-10.2 (1 x 3 against 2 x 2),
// 3072x3072 7.6 against 7.7; 1024x5120 6.9-7.0 against 6.8.
// At L = 1 also one piece wherever a row fits 8 warps of one and the weights are at most
// kSweepOnePieceMaxBytes: a short stream is bound by latency, which one piece a thread on twice the
// warps a row, 4 rows in flight, serves better; a long one by the one-piece loop's instructions
// (76 SASS per 32 values against 70). Measured for the W4A16 sweep first (sweep16_pieces, run 250),
// then for this one (run 251, docs/runs/run251/w4a4_one.py, two orders, unchecked, FP4 x / bf16 x
// quantized in the sweep, against the rule above): 4096x4096 8.9-9.1 / 11.9-12.0 us against 8.9-9.2
// / 12.3, 7168x2048 8.7-8.9 / 11.4-11.5 against 8.8-8.9 / 11.8-11.9, 1024x4096 6.3-6.5 / 9.2-9.3
// against 6.3-6.5 / 9.4-9.5, 4096x6144 9.9-10.0 / 14.0-14.1 against 10.1-10.4 / 14.1-14.2.
constexpr int64_t kSweepOnePieceMaxBytes = int64_t(1) << 24;
// One piece by the rules above (fewer pieces past K than two_or_four's, sweep_pieces_2_or_4; a
// short stream): the W4A16 sweep's rule starts from it (sweep16_pieces).
inline bool sweep_one_piece_fills(const GemvParams& p, int two_or_four) {
  const int one_warps = sweep_warps_for(p.K, 1);
  const int two_or_four_slots = sweep_warps_for(p.K, two_or_four) * two_or_four;  // 32-piece rounds a row
  const bool fewer_past_k = one_warps < two_or_four_slots;
  const bool short_stream = p.L == 1 && sweep_weight_bytes(p) <= kSweepOnePieceMaxBytes;
  return one_warps <= kWarps && (fewer_past_k || short_stream);
}
// Warps an SM of a row sweep with `pieces` a thread on rows of K: the W4A4 sweep's CTAs
// (sweep_ctas_per_sm) or the one-column W4A16 sweep's (w4a16: sweep16_ctas_per_sm).
inline int sweep_warps_per_sm(int pieces, int K, bool w4a16 = false) {
  const int group_warps = sweep_warps_for(K, pieces);
  const int ctas = w4a16 ? sweep16_ctas_per_sm(pieces, group_warps) : sweep_ctas_per_sm(pieces, group_warps);
  return ctas * sweep_cta_warps(group_warps);
}
// Also one piece wherever a row fits 8 warps of one, that holds more warps an SM than 2 or 4 pieces
// (24 against 16 where 4 pieces run 2 CTAs an SM: K = 3584..4096 and 7169..8192 on many rows; 24
// against 18 where 2 pieces take 3 warps a row: K = 5121..6144), and all L batches' weights are at
// most kSweepMoreWarpsMaxBytes. Four rows of 16 bytes in flight a thread on 24 warps an SM (48 KB)
// beat two rows of 64 bytes on 16 (64 KB): the one-piece loop's latencies are hidden by more warps,
// not by more bytes. Measured (two orders, unchecked, W4A4 at one FP4 column, against the rules
// above; BENCHMARKS.md items 258-259): run 420 (docs/runs/run420, one piece up to 64 MiB at any L)
// 4096x4096x4 16.4-16.5 us against 17.8-18.0 (1 x 4 against 4 x 1), 12288x4096 13.6 against 14.3,
// 14336x4096 14.7-14.8 against 15.2-15.3, 16384x6144 20.5-20.7 against 21.2-21.3 (1 x 6 against 2 x
// 3); where both hold 24 warps an SM even or slower, so not taken: 7168x2048x4 15.0-15.1 against
// 14.8-15.0, 28672x2048 14.9-15.1 against 14.6-14.9 (1 x 2 against 2 x 1), 8192x4096 and
// 4096x4096x2 even (1 x 4 against 2 x 2), 2048x8192x2 11.1 against 10.9-11.1 (1 x 8 against 2 x 4).
// Run 421 (docs/runs/run421, this rule at any length): 28672x4096 23.0-23.1 against 23.7-23.9,
// 28672x8192 39.5 against 40.0-40.1 (1 x 8 against 4 x 2), 16384x8192 25.4 against 25.6-25.8,
// 32768x6144 35.0 against 35.7, 4096x6144x4 21.2 against 21.5-21.6, 14336x4096x2 24.0-24.2 against
// 24.1-24.4; but the 311 MB lm_head (151936x4096) 95.0-95.2 against 94.7-94.8: on a long stream the
// 4-piece loop's fewer instructions a value win (61 SASS per 32 values against 73), so past 256 MiB
// (between 132 MB, a gain, and 311 MB, a loss) the rules above stand.
// Where no one-piece rule applies, 2 pieces wherever a row fits 8 warps of them (K <= 16384), not
// where the 2-or-4 rule gives 4: a 2-piece kernel holds 18-28 warps an SM, a 4-piece one on up to 4
// warps 12-16 (run 189 had measured 4 against 2 pieces at 16 warps an SM each). So 4 pieces only
// past K = 16384 (5-8 warps a row, sweep_first_warps). Measured (run 426, docs/runs/run426/ab426.py
// 20, two orders, unchecked, W4A4 at one FP4 column, against the 2-or-4 rule; BENCHMARKS.md item
// 262): 7168x16384x2 40.6-40.9 us against 43.3-44.1 (2 x 8 against 4 x 4), 4096x14336x8 75.1-75.3
// against 77.5-77.7, 14336x14336 35.8 against 36.5-37.1 (2 x 7 against 4 x 4); even where 4 pieces
// left none past K on 3 warps or one: 14336x12288 31.5 against 31.3-31.4, 8192x12288x2 36.4-36.5
// against 36.2-36.4 (2 x 6 against 4 x 3), the lm_head 96.1-96.4 against 96.0-96.2 (2 x 2 against
// 4 x 1), taken there too for the one rule.
constexpr int64_t kSweepMoreWarpsMaxBytes = int64_t(1) << 28;
inline int sweep_pieces(const GemvParams& p, const PlanDevice& dev) {
  const int two_or_four = sweep_pieces_2_or_4(p, dev);
  const bool more_warps = sweep_warps_for(p.K, 1) <= kWarps &&
                          sweep_weight_bytes(p) * p.L <= kSweepMoreWarpsMaxBytes &&
                          sweep_warps_per_sm(1, p.K) > sweep_warps_per_sm(two_or_four, p.K);
  if (sweep_one_piece_fills(p, two_or_four) || more_warps) return 1;
  return sweep_warps_for(p.K, 2) <= kWarps ? 2 : 4;
}
// The W4A16 sweep's pieces a thread: at L = 1 one where the W4A4 sweep's first rules take one
// (sweep_one_piece_fills: ceil(K / 1024) odd, K <= 1024, or a short stream; on a long stream with K
// > 1024 only where that holds more warps an SM, below), else 2. Measured against 2 pieces
// everywhere (two orders, unchecked, fp16 / bf16; one piece at 2 CTAs per SM, before
// sweep16_ctas_per_sm; run 241, docs/runs/run241/w4a16_one.py): 28672x1024 11.3-11.5 / 11.7-11.8 us
// against 14.2-14.4 / 14.8-15.0, 7168x1024 7.3-7.4 / 7.7-7.8 against 8.2-8.3 / 9.0-9.1, 4096x512
// 5.8-6.0 / 6.6 against 6.4-6.5 / 7.7-7.8, 2048x7168 9.2-9.4 / 9.5-9.6 against 9.8 / 10.7,
// 8192x3072 11.0-11.1 / 11.4-11.5 against 11.6 / 12.4-12.5; lost: 4096x7168 fp16 12.2 against
// 11.8-11.9 (bf16 12.5 against 12.9), 5120x5120 12.0 / 12.4-12.5 against 11.5 / 11.9-12.0 (at 4
// CTAs per SM since run 242; run 246, the final form against 2 pieces: 11.0 / 11.1-11.2 against
// 11.4-11.5 / 11.9, 13824x5120 18.4 / 18.7 against 18.9-19.0 / 19.8-19.9, 3072x3072 7.9 / 8.2-8.3
// against 8.3-8.4 / 9.3). At L > 1 one piece lost (run 240, 4096x7168x8 on contiguous rows:
// 47.9-48.1 / 50.8-51.1 against the row tiles' 46.8-46.9 / 48.0-48.2). Two columns (L == 1,
// sweep16_fits): one piece wherever a row fits 8 warps of one (K <= 8192; the 2-piece kernel holds
// one row pair in flight, not 2: the same bytes in flight a thread), else 2. Measured (run 248,
// docs/runs/run248/two_cols_ab.py, two orders, unchecked, fp16 / bf16) against the one-column rule
// (one piece only where ceil(K / 1024) is odd or K <= 1024): 4096x4096 9.8 / 11.7-11.8 us against
// 10.1 / 13.3-13.5, 7168x2048 9.3-9.4 / 11.3 against 10.0 / 13.7-13.9, 14336x4096 17.5-17.7 /
// 19.6-19.9 against 17.5 / 20.5-20.6; but the lm_head 121.1-121.2 / 124.0-124.2 against 110.8-110.9
// / 114.7-114.8 (both behind the row tiles: sweep16_fits). One column: also one piece wherever a
// row fits 8 warps of one and the weights are at most kSweepOnePieceMaxBytes (sweep_pieces' short
// stream): short streams are bound by latency, which the one-piece kernel's 2 row pairs of 16 bytes
// on twice the warps a row serve better, long ones by its 102-103 SASS per 32 values. Measured (run
// 250, docs/runs/run250/one_piece.py, two orders, unchecked, fp16 / bf16, against 2 pieces):
// 4096x4096 (9.4 MB) 9.3-9.4 / 9.7 us against 10.1-10.2 / 10.6-10.7, 7168x2048 8.8-9.0 / 9.1
// against 9.7 / 9.9, 1024x4096 6.4-6.5 / 6.7-6.8 against 6.9-7.0 / 7.8, 4096x6144 (14 MB) 11.0-11.1
// / 11.5 against 11.0 / 11.5-11.6; slower from 33 MB: 14336x4096 16.8-16.9 / 17.2-17.3 against 16.2
// / 16.8, 8192x8192 18.4 / 18.7-18.8 against 17.9 / 18.3, 28672x8192 46.9-47.1 / 47.6 against
// 43.2-43.4 / 43.5, the lm_head 112.8-112.9 / 113.4-113.6 against 98.4 / 98.2-98.4. One column past
// K = 16384 (L = 1; one CTA of one group per SM): one piece a thread on 17..24 warps a row wherever
// that holds K (K <= 24576), else 2 on 13..16. With 2 pieces on 9..12 warps an SM held 9-12 warps,
// too few to hide the W4A16 loop's latencies (1.36-1.51x the floor, item 200); one piece doubles
// them at 102-103 SASS per 32 values against 87. Measured (run 318, docs/runs/run318/one_wide.py,
// two orders, unchecked, fp16 / bf16, against 2 pieces in a build of its own; BENCHMARKS.md item
// 202): 4096x16640 (17 warps against 9) 20.6-20.7 / 19.9-20.0 us against 21.1-21.3 / 22.0-22.1,
// 3584x18944 (19 / 10) 19.4-19.5 / 18.7-18.8 against 20.0 / 20.8-20.9, 5120x20480 (20 / 10) 25.0 /
// 23.9 against 25.4-25.5 / 26.8; at 22-24 warps (11-12 of 2) fp16 from 0.2 faster to 0.5 slower,
// bf16 0.3-1.0 faster (4096x22528, 3072x24576, 5120x24576). One column on a long stream (past
// kSweepOnePieceMaxBytes, K > 1024) where ceil(K / 1024) is odd: one piece only where its CTAs hold
// more warps an SM than the 2-piece kernel's (sweep_warps_per_sm): the loop is issue-bound (item
// 137), and one piece's 102-103 SASS per 32 values against 85-87 pay only with more warps to hide
// its latencies. K = 3072: 18 warps an SM against 16, K = 5120: 20 against 12 (one piece); K =
// 7168: 14 against 16 (2 pieces on 4 warps). Measured (run 339, docs/runs/run339/odd_k.py, two
// orders, unchecked, fp16 / bf16, against one piece at any size; BENCHMARKS.md item 218): 8192x7168
// (33 MB) 17.3-17.4 / 17.0-17.3 us against 18.1-18.2 / 17.7, 18432x7168 28.9-29.1 / 28.9 against
// 32.1-32.2 / 31.6, 32768x7168 (132 MB) 45.1-45.2 / 44.9-45.1 against 51.7-51.8 / 51.0-51.1; 2
// pieces lost where one piece holds more warps: 13824x5120 19.2 / 19.6 against 18.9-19.0 /
// 18.5-18.6, 28672x3072 23.3-23.6 / 23.5 against 22.3-22.5 / 22.1. Where ceil(K / 1024) is even, 2
// pieces leave no thread's piece past K and win even against more warps: one piece at K = 6144 (18
// warps an SM against 12) measured slower (run 341, docs/runs/next_six_k.py; item 219): 16384x6144
// 24.4-24.9 us against 22.5 / 23.3, 32768x6144 42.1-42.9 against 36.9 / 39.0-39.1.
inline int sweep16_pieces(const GemvParams& p, const PlanDevice& dev) {
  if (p.N == 2) return sweep_warps_for(p.K, 1) <= kWarps ? 1 : 2;
  if (p.L == 1 && sweep_warps_for(p.K, 2) > kWarps)  // past K = 16384: the wide CTAs (item 202)
    return sweep_warps_for(p.K, 1) <= kSweep16OneMaxGroupWarps ? 1 : 2;
  if (p.L != 1 || !sweep_one_piece_fills(p, sweep_pieces_2_or_4(p, dev))) return 2;
  const bool long_stream = p.K > 1024 && sweep_weight_bytes(p) > kSweepOnePieceMaxBytes;
  return !long_stream || sweep_warps_per_sm(1, p.K, true) > sweep_warps_per_sm(2, p.K, true) ? 1 : 2;
}
// The sweep plan of per_thread pieces a thread on group_warps warps a row; w4a16: the W4A16 sweep
// (sweep16_kernel; sweep16_ctas_per_sm).
inline GemvLaunch sweep_plan_at(const GemvParams& p, const PlanDevice& dev, bool w4a16, int per_thread,
                                int group_warps) {
  const int64_t rows = (int64_t)p.M * p.L;
  const int cols = sweep_sum_cols(p, w4a16);
  const int per_sm = w4a16 ? sweep16_ctas_per_sm(per_thread, group_warps, cols, sweep16_bf16_l1(p))
                           : sweep_ctas_per_sm(per_thread, group_warps);
  int64_t row_blocks = std::min<int64_t>(rows, (int64_t)per_sm * dev.sms);
  const int64_t cta_rows_max =  // more rows: more CTAs, in waves
      sweep_sums_bytes_max(w4a16, per_thread, group_warps, cols) / (4 * group_warps * cols);
  row_blocks = std::max(row_blocks, (rows + cta_rows_max - 1) / cta_rows_max);
  if (w4a16 && p.L == 1) {  // row pairs interleaved (sweep16_kernel): 2 ceil(pairs / G) rows a CTA
    const int64_t pairs = (p.M + 1) / 2, pairs_max = cta_rows_max / 2;
    row_blocks = std::min<int64_t>(row_blocks, pairs);
    row_blocks = std::max(row_blocks, (pairs + pairs_max - 1) / pairs_max);
  }
  const int64_t cta_rows = sweep_cta_rows(p, row_blocks, w4a16);
  GemvLaunch plan{};
  plan.row_blocks = (int)row_blocks;
  plan.splits = 1;
  plan.grid = (int)row_blocks;
  plan.k_split = plan.k_chunk = p.K;
  plan.seg_rows = (int)std::min<int64_t>(p.M, cta_rows);
  plan.smem_bytes = (int)(cta_rows * group_warps * 4 * cols);
  plan.chunk_bytes = 16;
  plan.integer = !w4a16;  // W4A4: the integer item's decode and dot products
  plan.sweep = per_thread;
  plan.sweep_warps = group_warps;
  return plan;
}
// NVFP4_GEMV_SWEEP16_SHAPE="P,W" (an expert A/B knob, read once per process, like
// NVFP4_GEMV_SWEEP8_SHAPE): the W4A16 sweep's shape forced to P pieces a thread on W warps a row,
// for timing shapes the rule does not take without a build of each. Taken only at one column
// where the rule takes that sweep (sweep16_fits), in the family the rule's own shapes keep
// (tests/cpp/plan_rules.cu, check_row_sweep): P 1 or 2, one piece at L = 1 only; W warps of P
// pieces holding K, a group shape sweep16_builds names; past 8 warps (K > 16384, L = 1) none of
// them idle; the plan's row steps within 32 bits. Else (or unset, or not two numbers) the rule's
// shape: the knob never makes a call fail nor runs a shape the rule could not.
struct Sweep16Forced {
  int pieces = 0, warps = 0;
};
inline Sweep16Forced sweep16_forced_env() {
  static const EnvShape s = env_shape("NVFP4_GEMV_SWEEP16_SHAPE");
  return {s.first, s.second};
}
inline bool sweep16_forced_fits(const GemvParams& p, Sweep16Forced f) {
  const int pieces = p.K / 32;
  return p.N == 1 && (f.pieces == 2 || (f.pieces == 1 && p.L == 1)) && sweep16_builds(f.pieces, 1, f.warps) &&
         f.warps * 32 * f.pieces >= pieces &&
         (f.warps <= kWarps || (p.L == 1 && (f.warps - 1) * 32 * f.pieces < pieces));
}
// w4a16: the W4A16 sweep (sweep16_kernel; sweep16_pieces, sweep16_fits, sweep16_forced_env).
inline GemvLaunch sweep_plan(const GemvParams& p, const PlanDevice& dev, bool w4a16 = false) {
  if (const Sweep16Forced f = sweep16_forced_env(); w4a16 && f.pieces != 0 && sweep16_forced_fits(p, f)) {
    const GemvLaunch forced = sweep_plan_at(p, dev, true, f.pieces, f.warps);
    if (sweep_steps_fit(p, forced)) return forced;
  }
  const int per_thread = w4a16 ? sweep16_pieces(p, dev) : sweep_pieces(p, dev);
  return sweep_plan_at(p, dev, w4a16, per_thread, sweep_warps_for(p.K, per_thread));
}

// ---------------------------------------------------------------------------------------------
// The W4A16 row sweep (sweep16_kernel): fp16 / bf16 x at one column (two, and FP4: below) on sm_90,
// row-major weights and scales, 16-byte aligned x per batch, K <= 16384 (8 warps of 2 pieces a
// thread). At L = 1, where its row pairs are interleaved over the CTAs, every such K, and at one
// column K up to 32768 on 9..16 warps a row, a CTA of one group on each SM (item 200: run 311,
// docs/runs/run311/wide16.py, two orders, unchecked, fp16 / bf16, against the tile sweep that item
// 199 had given them and the row tiles before it: 8192x28672 45.3-45.6 / 45.0-45.3 us against
// 50.7-51.0 / 55.7-55.8 and 53.6 / 54.0-54.2, 3584x18944 19.7-19.8 / 20.7-20.8 against 22.9-23.0 /
// 24.3 and 24.4-24.5 / 25.2-25.3, 4096x32768 28.4-28.5 against 32.4-33.6 and 37.9-38.9, 1024x32768
// 13.2-13.4 against 16.1-17.2 and 32.4-32.6; 1.21-1.51x their floors, the fewest warps a row the
// furthest: 4096x16640 on 9 at 1.44 / 1.51; since item 202 one piece on 17..24 warps up to K =
// 24576, sweep16_pieces); at L > 1 (contiguous row ranges; bf16 x on the kBatched instances)
// wherever 2 pieces a thread fit 8 warps, K <= 16384. Until item 332 only where the W4A4 2-or-4
// rule gave 2 pieces (sweep_pieces_2_or_4), after run 212 (next_sweep16.py) had timed 4096x7168x8
// on the sweep of then 47.0-47.3 / 47.8-48.0 us against the row tiles' 46.5-46.8 / 47.6; its loop
// has since lost ~70 SASS a pair (items 221-289). Measured (run 545, H100, docs/runs/run545/call.sh,
// two orders, unchecked, fp16 / bf16, against the row tiles that the old rule gave each of these,
// NVFP4_GEMV_SWEEP16=0; BENCHMARKS.md item 332): 4096x7168x8 57.1-57.2 / 57.8-57.9 us against
// 61.4-61.5 / 61.3-61.8 (floor 51.4-51.5), 4096x14336x4 57.2-57.5 / 57.3-57.4 against 63.4-63.7 /
// 64.3, 7168x16384x2 56.6 / 57.6-57.8 against 63.4-63.7 / 65.2-66.1, 14336x4096x2 32.6-33.0 /
// 32.5-33.0 against 36.1-36.3 / 36.3-36.5, 4096x4096x8 35.1-35.4 / 35.9-36.0 against 39.1-39.5 /
// 39.9-40.1, 8192x8192x2 36.0-36.1 / 36.1-36.2 against 40.4-40.5 / 40.5-40.8, 2048x7168x8
// 32.1-32.4 / 32.9-33.1 against 35.2 / 35.8-36.3. Two columns (kCols = 2: both columns' pieces in registers) at L =
// 1, the second column 16-byte aligned too; on one piece a thread (K <= 8192, sweep16_pieces) only
// up to kSweep16TwoColsOnePieceMaxBytes of weights: that loop (109 SASS per 32 values and row)
// keeps up where the stream is short and latency bounds it, not on long ones, while the 2-piece
// loop (94) stayed ahead of the row tiles on every size measured. Measured (runs 247-248, two
// orders each, unchecked, fp16 / bf16, against the row tiles that N = 2 took before,
// NVFP4_GEMV_SWEEP16=0): 7168x16384 (66 MB) 26.6-27.0 / 30.1-30.2 us against 31.5-31.8 / 31.8-31.9,
// 4096x14336 18.4-18.5 / 22.7-22.9 against 22.5-22.6 / 22.9-23.0 (bf16 there with the column maxima
// found one column at a time, run 247), 14336x4096 17.4-17.7 / 19.6-19.9 against 20.2-20.3 /
// 20.8-20.9, 2048x7168 9.6-9.7 / 11.6 against 13.0-13.1 / 13.5, 4096x4096 9.6-9.8 / 11.7-11.8
// against 12.6-12.7 / 11.7-11.8, 7168x2048 9.2-9.4 / 11.3 against 11.6 / 11.2-11.3; the 151936x4096
// lm_head (350 MB) 119.5-121.2 / 121.9-124.2 against 107.6-108.2. Runs 253-254
// (docs/runs/run254/crossover.py, two orders each; the sweep with the bound at 2^29 against the row
// tiles): one piece 28672x8192 (132 MB) 49.2-49.6 / 51.0-51.7 against 49.6-50.0 / 49.8-50.0,
// 40960x8192 (189 MB) 67.7-67.8 / 69.8-69.9 against 65.4-65.9 / 65.5-66.0, 57344x8192 (264 MB)
// 92.0-92.1 / 94.1 against 86.0-86.5 / 86.4-86.8; 2 pieces 28672x16384 (264 MB) 82.3-82.7 /
// 85.7-85.9 against 90.1-90.6 / 90.8-91.1. Run 261 (docs/runs/run261/crossover.py, two orders,
// the bound at 2^27 against 2^25): one piece 10240x8192 (47 MB) 22.0-22.3 / 22.9-23.1 against
// 27.1-27.2 / 27.3, 14336x8192 (66 MB) 27.7-28.0 / 28.9-29.3 against 31.7-31.9 / 32.0, 28672x4096
// (66 MB) 27.8 / 29.1-29.5 against 29.4-29.6 / 29.7-29.9, 20480x8192 (94 MB) 37.0-37.4 / 37.8-38.3
// against 39.1-39.2 / 39.4-39.6. Run 267 (docs/runs/run267/crossover.py, two orders, the bound at
// 2^28 against 96 MiB, after item 177; BENCHMARKS.md item 179): one piece 28672x8192
// (132 MB) 48.7-48.8 / 49.4-49.6 against 50.1-50.3 / 50.4, 32768x8192 (151 MB) 54.8 / 55.4 against
// 54.9-55.0 / 55.2-55.3, 36864x8192 (170 MB) 61.5-61.7 / 61.9-62.0 against 60.4-60.6 / 60.8-61.0.
// So one piece up to 2^27 bytes (132 MB faster, 151 MB even), 2 pieces at any size (the row count
// bounded by sweep_rows_limit). NVFP4_GEMV_SWEEP16 (env_mode): 0 never, else where it fits.
// FP4 activations (W4A4) take the same kernel at two columns (one: sweep_kernel, faster there),
// the codes decoded as the weights' are (the fp16 hot loop; only the prologue differs), with their
// own one-piece bound: their row tiles are faster than the 16-bit ones. Measured (runs 270-271,
// docs/runs/run270/w4a4_two_cols.py, two orders, unchecked, against NVFP4_GEMV_SWEEP16=0; BENCHMARKS.md
// item 181): 2 pieces 7168x16384 26.6-26.9 us against 30.7-30.9, 4096x14336 17.6 against 21.8; one
// piece 4096x4096 9.5-9.6 against 11.6, 2048x7168 9.5-9.6 against 13.1, 14336x4096 17.6 against
// 19.6-19.7, 10240x8192 (47 MB) 22.4 against 25.9-26.0, 14336x8192 (66 MB) 27.8-28.0 against
// 30.2-30.4, 20480x8192 (94 MB) 37.3-37.4 against 37.9, 24576x8192 (113 MB) 43.3 against 43.2-43.4,
// 28672x8192 (132 MB) 49.3-49.5 against 48.5-48.6. So FP4 one piece up to 96 MiB.
constexpr int64_t kSweep16TwoColsOnePieceMaxBytes = int64_t(1) << 27;
constexpr int64_t kSweep16Fp4TwoColsOnePieceMaxBytes = int64_t(3) << 25;
// x in 16-byte pieces per column, as the W4A16 kernels load it (sweep16_kernel, sweep8_kernel):
// fp16 / bf16 elements 16-byte aligned in every batch and column; FP4 with each column's pieces
// loaded as sweep_kernel loads its one (sweep_act_fits: 16-byte x, a piece's two scales one aligned
// 16-bit word of row-major scales), its codes and scale rows 16- and 2-byte aligned too.
inline bool column_pieces_fit(const GemvParams& p) {
  if (p.act == kActFP4)
    return p.sfx.base != nullptr && sweep_act_fits(p) && p.x_col_stride % 16 == 0 && p.sfx.row_stride % 2 == 0;
  return (p.act == kActF16 || p.act == kActBF16) && reinterpret_cast<uintptr_t>(p.x) % 16 == 0 &&
         (p.L == 1 || p.x_batch_stride * 2 % 16 == 0) && (p.N == 1 || p.x_col_stride * 2 % 16 == 0);
}
// The W4A16 sweep takes FP4 x at two columns only.
inline bool sweep16_act_fits(const GemvParams& p) { return (p.act != kActFP4 || p.N == 2) && column_pieces_fit(p); }
// k_sections_plan's sections (batches of one row's sections) take it as any L > 1 (past K = 32768
// the row tiles took 1.26-4.96x the floor, run 321).
inline bool sweep16_fits(const GemvParams& p, const PlanDevice& dev) {
  static const int mode = env_mode("NVFP4_GEMV_SWEEP16");
  return mode != 0 && (mode == 1 || !other_variant_forced()) && dev.major == 9 && sweep16_act_fits(p) &&
         (p.N == 1 || (p.N == 2 && p.L == 1)) && wide_loads(p) && sweep_weights_fit(p) &&
         sweep_warps_for(p.K, 2) <= (p.L == 1 ? sweep16_max_group_warps(2, p.N) : kWarps) &&
         (p.N == 1 || ((int64_t)p.M * 2 <= sweep_rows_limit() &&
                       (sweep16_pieces(p, dev) == 2 ||
                        sweep_weight_bytes(p) <= (p.act == kActFP4 ? kSweep16Fp4TwoColsOnePieceMaxBytes
                                                                    : kSweep16TwoColsOnePieceMaxBytes))));
}

// ---------------------------------------------------------------------------------------------
// K in sections (GemvLaunch::k_sections): past the longest row a sweep holds (K > kSweepMaxK),
// one column at L = 1, the row sweep runs over the matrix as S batches of M rows of K / S values:
// section s of row m is batch s (the weights, their scales and x each offset by s K / S values, a
// batch stride), and writes its fp32 sums to the workspace [S, M, 1] with no alpha and no bias;
// reduce_splits_kernel then adds the S sums of each row in section order (deterministic), applies
// alpha and the bias and stores the output. S: the fewest sections of a multiple of 32 values
// each (x and every section's rows 16-byte aligned) that a sweep holds at L = S: W4A4 (sweep_fits)
// up to 32768 values a section, W4A16 2 pieces on 8 warps (sweep16_fits at L > 1) up to
// 16384; none where K is not such a multiple within kMaxKSections sections, or x is quantized in
// the kernel (its sections would be quantized with the global scale the epilogue leaves out).
// Several columns: the tile sweep once a section (k_tile_sections_plan, below).
// Without them these rows took the row tiles, 1.26-4.96x the floor (run 321). Measured (run 322,
// docs/runs/run322/sections_ab.py, two orders, unchecked, FP4 / fp16 / bf16 x, against the row
// tiles in a build of HEAD's kernel files; BENCHMARKS.md item 204): Llama-3.1-405B's 16384x53248
// 137.8-138.2 / 157.0-158.0 / 158.8-159.8 us against 173.6-173.7 / 156.9-157.4 / 160.9-161.2
// (floor 126.1), 4096x40960 34.0-34.4 / 37.4-37.5 / 40.0-40.4 against 39.2-39.5 / 46.7-47.0 /
// 48.6-48.9 (floor 28.1-28.5), 8192x36864 55.1-55.4 / 54.9-55.3 / 58.4-58.9 against 61.6-62.0 /
// 67.9-68.0 / 68.5-68.6 (47), 2048x65536 28.9-29.0 / 29.8-30.0 / 30.8 against 34.8-34.9 /
// 58.9-59.7 / 64.3-64.8 (23.5-23.8), 1024x131072 28.9-29.0 / 29.8-29.9 / 30.7-30.8 against
// 34.6-34.8 / 104.9-105.5 / 118.0-118.6, 4096x32800 (5 sections) 29.9-30.3 / 33.0 / 35.0 against
// 34.6-34.8 / 49.9-50.3 / 50.9-51.4: faster everywhere but 16384x53248 at 16-bit x (even; 4
// sections on 7 warps, 1.25x the floor, where the wide one-batch kernels run 8192x28672 at 1.20x).
constexpr int kMaxKSections = 16;
// The workspace of `parts` partial sums of every output, fp32 [parts, L * M, N] as
// reduce_splits_kernel reads it: the splits' (plan_variant) or the K sections'.
inline int64_t partial_sums_bytes(const GemvParams& p, int parts) { return (int64_t)parts * p.M * p.L * p.N * 4; }
// A sections' sweep plan (of k_section_params' batches or of one section) as the plan of p's
// sections; section_sweep below undoes it.
inline GemvLaunch with_k_sections(GemvLaunch plan, const GemvParams& p, int sections) {
  plan.k_sections = sections;
  plan.workspace_bytes = partial_sums_bytes(p, sections);
  return plan;
}
// x's strides count elements of its type (GemvParams): bytes for FP4 x, two codes a byte, and
// 16-bit elements otherwise. `values` activation values in those units, and one unit's bytes:
inline int64_t x_stride_of_values(const GemvParams& p, int64_t values) {
  return p.act == kActFP4 ? values / 2 : values;
}
inline int x_stride_unit_bytes(const GemvParams& p) { return p.act == kActFP4 ? 1 : 2; }
// Section s of p (p.L == 1) as batch s of S: K / S values, strides of K / S values along each row.
inline GemvParams k_section_params(const GemvParams& p, int sections) {
  GemvParams q = p;
  const int k = p.K / sections;
  q.K = k;
  q.L = sections;
  q.a_batch_stride = k / 2;                                  // bytes: two E2M1 codes a byte
  q.sfa.batch_stride = k / 16 * p.sfa.col_stride;            // one E4M3 scale per 16 values
  q.x_batch_stride = x_stride_of_values(p, k);
  q.sfx.batch_stride = k / 16 * p.sfx.col_stride;            // FP4 x's scales (row-major)
  q.out = p.partials;
  q.out_kind = kOutF32;
  q.out_batch_stride = (int64_t)p.M * p.N;
  q.out_row_stride = p.N;
  q.out_col_stride = 1;
  q.weight_global_scale = q.weight_row_scale = q.act_global_scale = nullptr;  // alpha and the bias:
  q.bias = nullptr;                                                            // after the sum
  q.partials = nullptr;
  return q;
}
inline bool k_sections_apply(const GemvParams& p) {
  return p.L == 1 && p.N <= kMaxCols && p.K > kSweepMaxK && !quant_act(p) && p.sfa.layout == kScaleRowMajor;
}
// The row sweep plan of p's sections at one column (k_sections_plan), its k_sections and workspace
// set; empty (k_sections == 0) where no row sweep holds them.
inline GemvLaunch k_row_sections_plan(const GemvParams& p, const PlanDevice& dev) {
  if (!k_sections_apply(p) || p.N != 1) return GemvLaunch{};
  for (int sections = 2; sections <= kMaxKSections; ++sections) {
    if (p.K % (32 * sections) != 0) continue;
    const GemvParams q = k_section_params(p, sections);
    const bool w4a4 = sweep_fits(q, dev);
    if (!w4a4 && !sweep16_fits(q, dev)) continue;
    const GemvLaunch plan = sweep_plan(q, dev, !w4a4);
    if (sweep_steps_fit(q, plan)) return with_k_sections(plan, p, sections);
  }
  return GemvLaunch{};
}
// check_plan of a row sweep plan (sweep_plan): one split, whole-K rows of p (p may be
// k_sections_plan's sections).
inline int check_sweep_plan(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev) {
  // The kernel's row arithmetic is 32-bit (see gemv_kernel).
  if (walked_rows(p) >= (int64_t(1) << 31) || plan.row_blocks > kMaxRowBlocks) return cudaErrorInvalidValue;
  const int w = plan.sweep_warps, pieces = p.K / 32;
  const int64_t rows = (int64_t)p.M * p.L;
  const int64_t cta_rows = plan.row_blocks > 0 ? sweep_cta_rows(p, plan.row_blocks, !plan.integer) : 0;
  const bool shape = (plan.sweep == 1 || plan.sweep == 2 || plan.sweep == 4) && w >= 1 &&
                     (plan.integer ? w >= sweep_first_warps(plan.sweep) && w <= kWarps
                                   : sweep16_builds(plan.sweep, p.N, w)) &&
                     w * 32 * plan.sweep >= pieces && plan.splits == 1 && plan.row_blocks >= 1 &&
                     plan.row_blocks <= kMaxRowBlocks && plan.row_blocks <= rows && plan.grid == plan.row_blocks &&
                     plan.smem_bytes >= cta_rows * w * 4 * sweep_sum_cols(p, !plan.integer) &&
                     plan.smem_bytes <= std::min(dev.cta_smem, sweep_sums_bytes_max(!plan.integer, plan.sweep, w,
                                                                                     sweep_sum_cols(p, !plan.integer)));
  // bf16 x at L > 1 runs the kBatched instances of sweep16_kernel: 2 pieces on up to 8 warps.
  const bool batched_bf16_builds =
      plan.integer || p.act != kActBF16 || p.L == 1 || (plan.sweep == 2 && w <= kWarps);
  const bool fits = (plan.integer ? sweep_fits(p, dev)
                                  : sweep16_fits(p, dev) && (plan.sweep == 1 || plan.sweep == 2)) &&
                    batched_bf16_builds && sweep_steps_fit(p, plan);
  return shape && fits ? cudaSuccess : cudaErrorInvalidValue;
}
// The sweep plan of the sections themselves (k_section_params), as check_plan and launch_gemv take
// it: with_k_sections undone.
inline GemvLaunch section_sweep(GemvLaunch plan) {
  plan.k_sections = 0;
  plan.workspace_bytes = 0;
  return plan;
}
// ---------------------------------------------------------------------------------------------
// The tile sweep (sweep8_kernel): 2..16 columns at L = 1 on sm_90, x loaded a 16-byte piece per
// column as the W4A16 sweep loads its two (column_pieces_fit);
// row-major weights with 16-byte aligned rows (cp.async copies of 16 bytes), row-major scales with
// unit column stride and 16-byte aligned rows, or the tiled format (tiled_fits) with 16-byte
// aligned scale tiles and bands (item 270; the same plan and shape), K a multiple of 32 up to
// 32768 (clusters of up to 8 CTAs x 128 chunks, 4 x 256; at 9..16 columns 8 x 64, or 8 x 128 past
// 16384), and the opt-in shared memory for its stages (and the cluster's tile sums). One column too where K > 16384
// (the one-column sweeps come first in plan_gemv_for); two at any K since item 273 (the
// two-column row sweep first; sweep8_pays for where the launch rule takes it, item 335). Past K = 16384
// (item 199: run 310, docs/runs/run310/large_k.py, two orders, unchecked, fp16 / bf16 / FP4 x at
// N = 2, 4, 8, 16, against NVFP4_GEMV_SWEEP8=0: the row tiles, split K at N > 1): 8192x28672 N =
// 8 51.5-52.1 / 56.5-57.0 / 51.5 us against 84.0-84.1 / 84.4-84.6 / 80.6-81.0, N = 16 66.0 / 66.0-66.4 / 63.8-64.1 against 127.5-127.8 / 140.6 / 116.5; 3584x18944 N =
// 2 23.2-23.4 / 24.2-24.3 / 23.8-24.0 against 25.0-25.1 / 25.7-25.9 / 24.7-24.8; 5120x27648 and
// 4096x32768 faster at every N; slower only bf16 at N = 2-4 on 8192x28672 (2 chunks, 10% more
// work than fp16's 4 there: 55.8-56.2 against 55.5-55.7).
// NVFP4_GEMV_SWEEP8 (env_mode): 0 never, 1 wherever it fits (sweep8_pays not asked), unset:
// by the launch rule, standing aside while another variant is forced. Measured (run 275,
// docs/runs/run275/cols_ab.py, two orders, unchecked, against NVFP4_GEMV_SWEEP8=0 in the same build: the row tiles; fp16 / bf16 /
// FP4 x; BENCHMARKS.md item 184): at N = 8 7168x16384 33.9-34.1 / 34.9-35.0 / 32.9-33.1 us against
// 37.1-37.3 / 37.5-37.6 / 35.2-35.9, 14336x4096 20.7-20.9 / 21.6-21.7 / 19.8-20.0 against 26.7 /
// 26.5-26.6 / 24.7-24.8, 4096x4096 11.9-12.0 / 12.8-13.1 / 11.0-11.1 against 15.5-15.6 / 15.4 /
// 14.4-14.5, 28672x8192 53.5-53.6 / 54.5-54.7 / 52.7-52.8 against 67.3-67.4 / 71.0-71.1 /
// 62.5-62.8; at N = 3-4 faster on every shape of K <= 8192 (4096x4096 N = 3 10.8-11.0 against 14.0)
// but 28672x8192 N = 3 (52.8-53.1 against 52.3-52.6), slower on clusters of 4 (4096x14336 N = 3 / 4
// fp16 24.5-24.8 against 22.6 / 23.4; 7168x16384 even). At N = 5 (run 278, item 185) faster on
// 7168x16384 (fp16 / FP4 33.2-33.3 / 33.1-33.2 against 34.4 / 33.6) and everywhere K <= 8192
// (14336x4096 20.0 against 51.5), slower on 4096x14336 (24.7 / 24.7-24.8 against 24.1 / 23.4, 16
// of each CTA's 128 chunk slots empty at K = 14336); N = 6-7 not measured, taken as N = 5 and 8.
// Since 4096x14336 takes 4 chunks a thread (item 186) it is faster at N = 5 too (run 281: fp16 22.2
// against the row tiles' 24.1 in run 278) but still not at N = 3-4 (run 279: 22.9 / 23.5 against
// 22.5 / 23.3), so until item 191 it ran only from N = 5 where K > 8192. With its copies
// branch-free (item 191) it is faster at N = 3-4 there too (run 291, two orders, fp16 / bf16 / FP4
// at N = 3): 7168x16384 30.5 / 31.4-31.5 / 30.5-30.7 us against 32.9-33.0 / 33.3-33.4 / 31.7-31.8,
// 4096x14336 20.6 / 22.5-22.8 / 20.5-20.7 against 22.5-22.7 / 23.0-23.1 / 22.0; at N = 3-4 on
// 2048x16384 and 4096x10240 fp16 / FP4 1.1-2.4 us faster, bf16 even to 0.6 faster; so wherever it
// fits.
// Chunks a thread and row (Sweep8Shape's kPieces), the cluster that takes K at that and the clusters
// resident at once. 4 pieces only where K > 4096 (2 pieces need clusters of 2-4 there, of which
// fewer fit: 66 of 2, 30 of 4 on 120 SMs) and only where the model below says at least 10% less
// work: a CTA computes rounds of tiles (ceil(tiles / clusters)), each of its chunk slots (2 pieces: the
// 64-chunk pieces it starts, the skip being CTA-wide; 4: its chunks, the skip per warp). Runs
// 279-280 (BENCHMARKS.md item 186): 4096x14336 N = 8 (model 896 against 1152) fp16 / bf16 / FP4
// 22.7-22.8 / 24.7-24.9 / 21.6-21.9 us against 25.2-25.4 / 26.0-26.2 / 24.5-24.9, N = 5 2.5-3 us
// faster; 7168x16384 (1792 against 1920) fp16 / FP4 even, bf16 1.7-2.0 us slower (shared-memory
// scales), so 2 pieces. With the branch-free copies (item 191, run 291) 4 pieces there are
// 1.1-1.8 us slower (fp16 32.6-33.0 us against 31.2-31.5): the margin stays. At 4096 < K <= 8192
// (run 308, docs/runs/run308/four_ab.py, two orders, unchecked, fp16 / FP4 at N = 3, 4, 8, 4 chunks
// forced against 2; BENCHMARKS.md item 198): where the model says less work, 14336x5120 (1120
// against 1792: 160 chunks, 80 a CTA on 2 pieces compute 128 slots) 23.4-24.1 us against
// 26.4-27.0, 4096x6144 (384 / 512) 11.8-13.3 against 13.9-14.8; at K = 8192 (the same work either
// way, so 2) 4 pieces were 0.1-1.4 us faster on 28672x8192, 4096x8192 and 2048x8192 but 0-0.8
// slower on 8192x8192. Where 2 pieces hold K in one CTA (K <= 4096) 4 would only skip slots: not
// measured, so 2.
// Where 2 pieces stage their tiles through registers (sweep8_register_staged: fp16 and FP4 x here,
// either layout; items 311, 315-316), 4 pieces (on the copies) only where their CTAs hold K alone (K <=
// 8192) or take one tile each: where 4 need a cluster and several tiles, the copies' slower stream
// costs more than the model's 10-25% more work of 2 (item 312). Measured (run 510, H100,
// docs/runs/run510, one build each, two orders, unchecked, FP4 x at N = 8, us; fp16 x and FP4 at N =
// 4 alike), 2 pieces against 4: 4096x14336 (model 1024 against 896) 23.0-23.1 against 24.0-24.3,
// 2048x16384 (640 / 512) 17.2-17.3 against 19.3, 3000x16384 20.8 against 22.2-22.6, 8192x14336
// 35.8-36.0 against 39.0-39.1, 8192x28672 (4480 / 4032) 61.2 against 63.6-64.3, 3000x18944 (clusters
// of 5 against 3) 22.9-23.1 against 24.0-24.3; but where 4 take single CTAs, 14336x5120 (1792 /
// 1120) 29.0-29.1 against 25.8-26.0 and 8000x6144 (1024 / 768) 21.2-21.3 against 19.6-19.9, and at
// one round 2048x7168 (run 509: 12.4 against 11.7). The tiled format's copies on that rule were
// mixed (one order: fp16 x 0.6-3.4 faster on five of the shapes, 0.3-1.2 slower on three; FP4 x
// 0.5-1.3 faster on two, 0.6-2.0 slower on four); staged through registers it takes the rule
// (item 316; run 513, FP4 x N = 8 4096x14336 21.7 against 23.9 on the copies' 4 chunks).
// Single CTAs of 4 chunks over several rounds: only where the model gives them 20% less work than
// 2 over two rounds, 30% over more (10% at one round; 20% over any from item 318 to item 330,
// whose runs are below the ones that set it).
// With item 316's loop order the registers' stream pays for 10-20% more work:
// run 516 (docs/runs/run516, H100, 2 chunks forced against the rule, two orders, FP4 x N = 8, us)
// 18432x7168 (model 2016 against 2304) 41.7-41.8 on 4 chunks against 37.6, 4096x6144 (384 / 512)
// 15.1 against 14.5, but 14336x5120 (1120 / 1792) 26.6 against 26.9-27.0 and 8000x6144 (768 /
// 1024) 19.9-20.0 against 20.0-20.1; and at one round 2048x7168 11.5-11.6 against 12.0-12.1.
// Item 318, run 517 (docs/runs/run517, H100, against the 10% rule, two orders, FP4 / fp16 x N =
// 8): 18432x7168 37.2-37.3 / 37.9 against 41.5-41.6 / 42.4, 14336x6912 30.1-30.5 / 30.7 against
// 33.1 / 34.0, 5120x6144 16.1 / 16.6 against 17.2-17.5 / 18.1, 4096x7168, 8192x7168 and 7168x6144
// 0.5-1.7 faster, the tiled format alike; 3072x5120 (320 / 384) FP4 x 12.4-12.5 against 12.2
// (fp16 x 12.7 against 13.3).
// Item 330: item 329 made the 2-chunk kernels 0.4-1.4 us faster with 16-bit x (0-0.5 with FP4).
// K = 6144's single CTAs (model 0.75 of 2 chunks' work at every M) now lose to them where they
// take more than two rounds, by more the more rounds (the copies' stream against the registers',
// items 307-311), and win at two (the clusters' fixed costs over twice the rounds): run 542
// (docs/runs/run542, H100, the 20% rule against 30% everywhere, two orders, unchecked, us), FP4 x
// N = 8 / fp16 x N = 4 / FP4 x N = 4 on 4 chunks against 2: 18432x6144 (9 rounds) 35.9-36.0 /
// 35.3-35.6 / 35.2-35.3 against 33.1-33.4 / 32.8-32.9 / 33.0-33.2, 14336x6144 (7) 29.6-29.7 /
// 29.4-29.5 / 29.1-29.4 against 28.2-28.3 / 27.4-27.6 / 28.0-28.2, 8000x6144 (4) 20.1-20.3 /
// 19.8 / 19.3-19.5 against 19.7 / 19.5-19.6 / 19.5-19.7 (run 541: fp16 x N = 8 21.2 against 19.9),
// but 4096x6144 (2) 14.0-14.1 / 13.7-13.8 / 13.7 against 14.8 / 14.2-14.3 / 14.5. K = 5120's
// (0.625) stay on 4 (run 541, rule against 2 forced, N = 8 / 4): 14336x5120 (7 rounds) FP4 x
// 26.7-26.8 / 26.6 against 27.4-27.5 / 27.3, 4096x5120 (2) 13.1-13.2 against 13.8-13.9.
// And 16-bit x at many columns: a 4-chunk CTA loads its x from L2 before its first tile, 2 N
// bytes a value over its K range (114 KB at N = 8 and K = 7168), which 2 chunks on clusters of 2
// halve; past kSweep8FourXBytes (96 KB) 2 chunks (item 330). Run 541 (as above), fp16 x N = 8, 2
// chunks against 4: 2048x7168 (114 KB) 11.6-11.7 against 12.2-12.3, 1024x16384 (clusters of 2, 128
// KB) 13.4 against 14.6-14.7, 1024x14336 (114 KB) 12.6-12.8 against 13.6-13.7; 1536x7168 (114 KB)
// 11.6-11.9 against 11.8-11.9; but at N = 4 (57 KB at K = 7168) 4 chunks 0.4-1.1 faster (1536x7168
// 10.5 against 11.3-11.6), as FP4 x's (at most 36 KB) at N = 8 and 4 (1536x7168 N = 8 10.3
// against 11.2-11.4). Run 542 (as above, 64 KB against none), fp16 x at N = 5 / 6 / 7: 2048x7168
// (72 / 86 / 100 KB) 11.2-11.3 / 11.6-11.7 / 11.9-12.0 on 4 chunks against 11.5-11.6 / 11.4-11.6 /
// 11.6 on 2, 1536x7168 10.4-10.5 / 10.9-11.0 / 11.2-11.3 against 11.4 / 11.3-11.5 / 11.5,
// 2048x6144 (61 / 74 / 86 KB) 10.6 / 11.0-11.1 / 11.3-11.4 against 10.7 / 11.3 / 11.3-11.4: hence
// 96 KB, not 64 (at 80-96 KB, K = 5120-6144 at 8 columns, 2 chunks were even to 0.6 faster).
// 9..16 columns: two column blocks (Sweep8Shape; item 194), one piece (two where that pays:
// kSweep8TileCost1x2 below, item 197); one piece on the fewest CTAs that hold K, or where a
// cluster takes more than one tile, on the cluster size up to kSweep8MaxCluster with the fewest
// rounds and then the most SMs busy (CTAs x clusters at once), every CTA holding some
// of K: a CTA computes its 64 chunk slots a tile however few of them hold K, so at the same rounds
// more, shorter CTAs only spread the bytes (4096x14336: 15 clusters of 8 x 56 chunks on 120 SMs
// rather than of 7 x 64 on 105). Measured (run 302, docs/runs/run302/cols16_c.py, two orders,
// unchecked, fp16 / bf16 / FP4 x at N = 9, 12, 16; BENCHMARKS.md item 195): 4096x14336 0.2-0.5 us
// faster (fp16 24.6 / 24.6 / 25.1-25.2 against 24.9-25.1 / 24.9-25.1 / 25.4-25.6), 512x14336
// 0.1-0.2; at one round more CTAs did not pay: 128x2048 on 8 clusters of 8 0.3-1.1 us slower than
// on one CTA each (fp16 6.7-6.9 against 5.9-6.3), 256x4096 on clusters of 6 against 2 bf16 0.6-0.8
// faster but FP4 0.1-0.3 slower.
struct Sweep8Choice {
  int pieces, col_blocks, ctas, chunks, clusters;
  int rounds;  // tiles a cluster takes, at most: ceil(tiles / clusters)
  int stages;  // shared-memory stages of tiles (sweep8_choice_at)
};
// 9..16 columns on 2 chunks a thread (Sweep8Shape<2, 2>: x at 64 registers, 116-124 in all, no
// spills) where its fewer rounds save at least two of its tiles' worth of issue over one chunk: a
// tile takes 516 / 527 / 521 SASS a thread on 2 chunks against 338 / 344 / 337 on one (fp16 / bf16
// / FP4 hot loops, sm_90a: 24% fewer a value, a tile's copies, barrier, reduction and stores spread
// over twice the values), here 20 and 13 units; the two tiles pay for its longer prologue (x at two
// chunks, bf16's exponents over them) and first stage. Measured (run 306,
// docs/runs/run306/cols16_p2.py, two orders, unchecked, against one chunk in the same build;
// BENCHMARKS.md item 197), fp16 / bf16 / FP4 at N = 9, 12, 16: 7168x16384 (model 390 against 300)
// 33.2-34.9 us against 35.7-37.8, 28672x8192 (780 / 560) 54.5-56.5 against 63.5-65.8, 14336x4096
// (182 / 140) 1.0-1.5 faster, 4096x14336 (234 / 180) 0.1-1.1 faster; 2048x7168 (65 / 40) and
// 4096x4096 (52 / 40) fp16 and FP4 from 0.2 slower to 0.5 faster, bf16 1.0-1.5 slower; 512x14336
// (39 / 40) 0.9-2.0 slower, 7168x2048, 256x4096 and 128x2048 (one round, one CTA's chunks or fewer)
// even to 1.2 slower.
constexpr int kSweep8TileCost1x2 = 13, kSweep8TileCost2x2 = 20;
inline int sweep8_chunks(int K, int ctas) { return (((K >> 5) + ctas - 1) / ctas + 7) & ~7; }
// The shared memory a CTA of that shape takes before the cluster's tile sums, a tile's sums, and
// all of it.
inline int sweep8_fixed_smem(const Sweep8Choice& s) {
  if (s.col_blocks == 2)
    return s.pieces == 2 ? Sweep8Shape<2, 2>::fixed_smem(s.stages) : Sweep8Shape<1, 2>::fixed_smem(s.stages);
  return s.pieces == 4 ? Sweep8Shape<4, 1>::fixed_smem(s.stages) : Sweep8Shape<2, 1>::fixed_smem(s.stages);
}
inline int sweep8_tile_sum_bytes(const Sweep8Choice& s) {
  return s.col_blocks == 2 ? Sweep8Shape<1, 2>::kTileSumBytes : Sweep8Shape<2, 1>::kTileSumBytes;
}
// Past the fixed part: a cluster's tile sums (C > 1, `rounds` tiles), or a single CTA's ring of
// row factors (a slot a stage).
inline int sweep8_extra_smem(const Sweep8Choice& s, int ctas, int rounds) {
  return ctas > 1 ? rounds * sweep8_tile_sum_bytes(s) : s.stages * Sweep8Shape<2, 1>::kRowFactorBytes;
}
inline int sweep8_smem(const Sweep8Choice& s) { return sweep8_fixed_smem(s) + sweep8_extra_smem(s, s.ctas, s.rounds); }
// The weight scale rows' alignment: 16-byte rows (base and stride) take every tile-sweep kernel;
// 4-byte ones (row-major scales of K % 256 != 0, contiguous, as checkpoints hold them: K / 16
// bytes a row) only kernels of their own (kScaleWords, item 323; sweep8_scale_words_kernel: 1 or 2
// chunks, bf16 x at 9..16 columns 1), which read them as 4-byte words and stage their tiles through
// registers: the copies' 16-byte cp.async would need 16.
inline bool sweep8_scale_rows_16(const GemvParams& p) {
  return reinterpret_cast<uintptr_t>(p.sfa.base) % 16 == 0 && p.sfa.row_stride % 16 == 0;
}
inline bool sweep8_scale_rows_4(const GemvParams& p) {
  return p.sfa.layout == kScaleRowMajor && reinterpret_cast<uintptr_t>(p.sfa.base) % 4 == 0 &&
         p.sfa.row_stride % 4 == 0;
}
// Whether the launch takes the 4-byte-word kernels (launch_sweep8) for a shape of `pieces` chunks
// and `col_blocks`: on 4-byte rows; and on 16-byte rows where a row's last 16-byte scale piece is
// partial (K % 256 != 0: padded rows, as NVFP4Linear keeps them), in place of the other
// register-staged kernels, whose 16-bit loads of that piece, ORed together, make the loop wait on
// them early. Run 526 (H100, us, padded rows, two orders): FP4 x at N = 8 5120x2880 12.3-12.5
// against 11.1-11.3, 6912x1152 10.8-11.1 / 9.3-9.4, at N = 4 11.0 / 9.3; fp16 x at N = 16
// 14.4-14.5 / 13.3-13.4, 6912x1152 11.4-11.5 / 10.0-10.2; bf16 x at N = 8 13.2-13.3 / 12.2-12.3 (at
// 9..16 columns the copies either way, even). Rows ending mid-word (K % 64 == 32) too since item
// 325, whose word kernels load the last 2 bytes into a register of their own, no OR (before it
// they ORed 16-bit loads, and 4096x4384 fp16 x N = 16 took 17.5-17.6 us against 17.0, run 526).
// Run 531 (H100, padded rows, old / new / new / old): 8192x16416 FP4 x N = 8 53.2 -> 42.1-42.2,
// fp16 x N = 16 66.2-66.3 -> 53.1-53.3; 4096x4384 fp16 x N = 16 16.7-16.9 -> 15.0; whole-word rows
// even (within 0.2).
inline bool sweep8_scale_words(const GemvParams& p, int pieces, int col_blocks) {
  if (p.sfa.layout != kScaleRowMajor) return false;
  return !sweep8_scale_rows_16(p) || (p.K % 256 != 0 && sweep8_register_staged(p.act, pieces, col_blocks));
}
// Whether launch_sweep8 has a kernel for p at `pieces` chunks a thread and `col_blocks`
// (Sweep8Shape's shapes, bf16 x not on 4 chunks): where the launch reads the scale rows as words
// (sweep8_scale_words), the word kernels' shapes on 4-byte rows; else 16-byte rows. What
// sweep8_choice, its forced shape and check_plan each ask.
inline bool sweep8_has_kernel(const GemvParams& p, int pieces, int col_blocks) {
  const bool shape = col_blocks == 1 ? pieces == 2 || (pieces == 4 && p.act != kActBF16)
                                     : col_blocks == 2 && (pieces == 1 || pieces == 2);
  if (!shape) return false;
  return sweep8_scale_words(p, pieces, col_blocks)
             ? sweep8_scale_rows_4(p) && sweep8_scale_words_kernel(p.act, pieces, col_blocks)
             : sweep8_scale_rows_16(p);
}
// clusters == 0: no such shape (more CTAs than a cluster may hold). Stages: Sweep8Shape's 4, 2 for
// the register-staged kernels (sweep8_register_staged), or with 4 chunks its 3 where they fit in
// the opt-in shared memory with the cluster's tile sums, else 2 (Sweep8Shape says why 3).
inline Sweep8Choice sweep8_choice_at(const GemvParams& p, const PlanDevice& dev, int pieces, int ctas = 0) {
  const int most = 4 * kSweep8Warps * pieces, tiles = (p.M + 15) / 16;
  if (ctas == 0) ctas = ((p.K >> 5) + most - 1) / most;  // the fewest that hold K
  const int col_blocks = p.N > 8 ? 2 : 1;
  if (ctas > kSweep8MaxCluster) return {pieces, col_blocks, ctas, 0, 0, 0, 0};
  const int fit = dev.cluster_fit[ctas] > 0 ? dev.cluster_fit[ctas] : dev.sms / ctas;
  const int clusters = std::max(1, std::min(tiles, fit)), rounds = (tiles + clusters - 1) / clusters;
  Sweep8Choice s{pieces, col_blocks, ctas, sweep8_chunks(p.K, ctas), clusters, rounds, Sweep8Shape<2, 1>::kStages};
  if (sweep8_register_staged(p.act, pieces, col_blocks, sweep8_scale_words(p, pieces, col_blocks))) s.stages = 2;
  if (pieces == 4) {
    s.stages = Sweep8Shape<4, 1>::kStages;
    if (sweep8_smem(s) > dev.smem_optin) s.stages = 2;
  }
  return s;
}
inline int64_t sweep8_work(const Sweep8Choice& s) {
  const int slots = s.pieces == 2 ? 64 * ((s.chunks + 63) / 64) : s.chunks;
  return (int64_t)s.rounds * slots;
}
// The activation bytes a CTA of s loads before its first tile: p's N columns over its K range,
// 16-bit x 2 bytes a value, FP4 x half a byte and a scale byte per 16 values.
inline int64_t sweep8_x_bytes(const GemvParams& p, const Sweep8Choice& s) {
  const int64_t values = 32LL * s.chunks * p.N;
  return p.act == kActFP4 ? values / 2 + values / 16 : 2 * values;
}
constexpr int64_t kSweep8FourXBytes = 96 << 10;  // the most a 4-chunk CTA's x may take (item 330)
// bf16 x takes 2 chunks wherever it fits: the 4-chunk kernel at the register cap kept its
// per-warp exponents in shared memory, read each tile, and was slower on every shape timed (run
// 304, docs/runs/run304/pieces_ab.py, two orders, unchecked, against 2 chunks everywhere;
// BENCHMARKS.md item 196): 4096x14336 N = 3 / 4 / 8 22.0-22.2 / 22.2-22.3 / 23.5-23.6 us against 21.7 / 21.9 /
// 22.4, 2048x16384 17.4-17.5 / 17.5-17.7 / 19.4-19.5 against 17.2-17.4 / 17.2-17.3 / 18.3,
// 1024x14336 13.3 / 13.6-13.7 / 14.9-15.0 against 13.0-13.2 / 13.0-13.2 / 13.7-13.8 (7168x16384 N =
// 8: 1.7-2.0 us, item 186), while fp16 and FP4 x stay faster on 4 (fp16 0.3-1.1 us, FP4 0.2-1.2
// on those shapes). Again on item 328's unit kernels with the exponents in registers (128, no
// spills; branch bf16-four-chunks, run 540, H100, N = 8 / 4): 0.1-2.9 us slower on every shape
// (2048x7168 N = 8 13.9 against 12.1-12.2, 8000x6144 22.8-22.9 against 20.0-20.1).
// The cluster size for `fewest` (the fewest CTAs that hold K at its chunks a thread) with the
// fewest rounds and then the most SMs busy, every CTA holding some of K; where one round is all
// there is, the fewest CTAs (item 195, for one chunk at 9..16 columns). For 2 chunks it changes
// only K = 27648-28672 on the H200 (8 CTAs where 7 hold K: 15 clusters of either, 120 SMs against
// 105), even there (run 313, docs/runs/run313/spread_ab.py, two orders, unchecked, separate builds:
// 8192x28672 bf16 N = 2 / 8 / 16 55.3-55.5 / 56.0-56.4 / 65.0-65.7 us against 55.6 / 56.4-56.6 /
// 65.7-65.9; BENCHMARKS.md item 201): one rule for every tile-sweep shape.
inline Sweep8Choice sweep8_spread(const GemvParams& p, const PlanDevice& dev, Sweep8Choice fewest) {
  if (fewest.clusters == 0 || fewest.rounds <= 1) return fewest;
  Sweep8Choice best = fewest;
  for (int c = fewest.ctas + 1; c <= kSweep8MaxCluster; ++c) {
    const Sweep8Choice s = sweep8_choice_at(p, dev, fewest.pieces, c);
    if ((c - 1) * s.chunks >= (p.K >> 5)) continue;  // its last CTA would hold none of K
    if (s.rounds < best.rounds || (s.rounds == best.rounds && c * s.clusters > best.ctas * best.clusters)) best = s;
  }
  return best;
}
// NVFP4_GEMV_SWEEP8_SHAPE="P,C" (an expert A/B knob, read once per process, like env_mode's): the
// tile sweep's shape forced to P chunks a thread on clusters of C CTAs, for timing shapes the rule
// does not take without a build of each. Taken only where such a kernel exists for p (P 2 or 4 at
// 2..8 columns, 1 or 2 at 9..16; bf16 x not 4; 4 only on 16-byte scale rows; the word kernels'
// shapes on rows that need them) and the shape fits: C CTAs each holding some of K, no more
// chunks a CTA than its warps hold, shared memory within the opt-in. Else (or unset, or not two
// numbers) the rule's shape: the knob never makes a call fail.
struct Sweep8Forced {
  int pieces = 0, ctas = 0;
};
inline Sweep8Forced sweep8_forced_env() {
  static const EnvShape s = env_shape("NVFP4_GEMV_SWEEP8_SHAPE");
  return {s.first, s.second};
}
inline Sweep8Choice sweep8_forced_choice(const GemvParams& p, const PlanDevice& dev, Sweep8Forced f) {
  const Sweep8Choice none{};
  const int col_blocks = p.N > 8 ? 2 : 1;
  if (!sweep8_has_kernel(p, f.pieces, col_blocks) || f.ctas < 1 || f.ctas > kSweep8MaxCluster) return none;
  const Sweep8Choice s = sweep8_choice_at(p, dev, f.pieces, f.ctas);
  const bool fits = s.clusters > 0 && s.chunks <= 4 * kSweep8Warps * f.pieces &&
                    (f.ctas - 1) * s.chunks < (p.K >> 5) && sweep8_smem(s) <= dev.smem_optin;
  return fits ? s : none;
}

// The rule in short (the measurements above): 9..16 columns take one chunk a thread, or two where
// they save two tiles' cost; 3..8 columns take 2 chunks where K <= 4096 or x is bf16, else 4 (on
// the copies) only where a CTA's x takes at most kSweep8FourXBytes and, over several rounds, they
// run single CTAs with 20% less modeled work than 2 (which come through registers) over two
// rounds and 30% less over more, or, at one round, 10% less.
inline Sweep8Choice sweep8_choice(const GemvParams& p, const PlanDevice& dev) {
  if (const Sweep8Forced f = sweep8_forced_env(); f.pieces != 0) {
    const Sweep8Choice forced = sweep8_forced_choice(p, dev, f);
    if (forced.clusters > 0) return forced;
  }
  if (p.N > 8) {  // two column blocks: one chunk, the cluster size as above; or two chunks (below)
    const Sweep8Choice one = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 1));
    const Sweep8Choice two = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 2));
    if (one.clusters == 0) return two;  // K > 16384: one chunk would need clusters of more than 8
    if (!sweep8_has_kernel(p, 2, 2)) return one;
    const bool two_pays = kSweep8TileCost1x2 * one.rounds - kSweep8TileCost2x2 * two.rounds >= 2 * kSweep8TileCost2x2;
    return two_pays && sweep8_smem(two) <= dev.smem_optin ? two : one;
  }
  const Sweep8Choice two = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 2));
  if (p.K <= 4096 || !sweep8_has_kernel(p, 4, 1)) return two;  // bf16 x, or 4-byte scale rows
  const Sweep8Choice four = sweep8_choice_at(p, dev, 4);
  if (sweep8_x_bytes(p, four) > kSweep8FourXBytes) return two;  // item 330
  if (sweep8_register_staged(p.act, 2, 1) && four.rounds > 1) {
    if (four.ctas > 1) return two;              // item 312
    const int most = four.rounds <= 2 ? 8 : 7;  // tenths of 2 chunks' work: items 318, 330
    return 10 * sweep8_work(four) <= most * sweep8_work(two) ? four : two;
  }
  return 10 * sweep8_work(four) <= 9 * sweep8_work(two) ? four : two;
}
inline int sweep8_mode() {
  static const int mode = env_mode("NVFP4_GEMV_SWEEP8");
  return mode;
}
inline bool sweep8_fits(const GemvParams& p, const PlanDevice& dev) {
  const int mode = sweep8_mode();
  const ScaleIndex& sf = p.sfa;
  // 4-byte rows: not 4 chunks (sweep8_choice), nor bf16 x at 9..16 columns where one chunk cannot
  // hold K (past 16384: clusters of more than 8)
  const bool scales = sweep8_scale_rows_16(p) ||
                      (sweep8_scale_rows_4(p) && (sweep8_scale_words_kernel(p.act, 2, p.N > 8 ? 2 : 1) ||
                                                  sweep8_choice_at(p, dev, 1).clusters > 0));
  const bool weights = sf.layout == kScaleTiled ? tiled_fits(p)
                                                : sf.layout == kScaleRowMajor && sf.col_stride == 1 &&
                                                      reinterpret_cast<uintptr_t>(p.a) % 16 == 0 &&
                                                      p.a_row_stride % 16 == 0;
  return mode != 0 && (mode == 1 || !other_variant_forced()) && dev.major == 9 &&
         p.L == 1 && (p.N >= 2 || sweep_warps_for(p.K, 2) > kWarps) && p.N <= 16 && p.K % 32 == 0 &&
         p.K <= kSweep8MaxK && weights && scales && column_pieces_fit(p);
}
// sweep8_pays: where the tile sweep fits at 2-3 columns, does it beat the row tiles? Its mma does 8
// columns' work at 2 or 3, the row tiles N's, and its CTAs take rounds of tiles (16 rows by 128
// values), a barrier and a refill each, where the row tiles stream. The rule, timed on the H200
// and the H100 (items 273, 335-337; plan_gemv_for asks it on the tiled format after the band sweep,
// on row-major weights after the row sweeps):
//   K >= 8192, or 1 or 4..16 columns      the tile sweep
//   memory below 4 TB/s (the H100's 3.35) the tile sweep up to 2^16 rows or from K = 2048, the row
//                                         tiles past 2^16 rows below K = 2048
//   from 4 TB/s (the H200's 4.9), or a device described without it:
//   tiled weights                         the tile sweep up to 2^16 rows, the row tiles past them
//   row-major, three columns              the tile sweep from K = 4096 or up to 2^16 rows
//   row-major, two columns                the tile sweep from K = 4096 past 2^27 bytes, else the
//                                         row tiles (asked only past the two-column row sweep's
//                                         bounds, sweep16_fits: FP4 x past 96 MiB of one-piece
//                                         rows, 16-bit x past 2^27 bytes)
// NVFP4_GEMV_SWEEP8=1 skips it. Why the memory: the tile sweep's pace on these layers tops out near
// 2.3 TB/s on either card (140000x2048 at three columns, 161 MB: 70.7-71.4 us on the H100, 68.4-69.3
// on the H200), the row tiles' follows the card's (75.7-77.4 against 58.3-59.5), so the row tiles pass it
// only where the memory is fast; below K = 2048 the tile sweep's rounds of short rows lose on both
// (item 337 below). How the rule came to be, with its measurements:
// Item 273 (runs 450-451, H200) kept the row tiles at 2-3 columns on tiled weights past 2^26 bytes
// up to K = 16384 and at two columns on row-major ones below 2^27 bytes or K = 4096 (tiled
// 100000x2048 two columns 48.4-49.7 us on the tile sweep against 40.1-40.9). Item 334 (run 547,
// H100, docs/runs/run547/call.sh) found the tile sweep 4-10 us ahead there since its
// register-staged loads (items 307-330), on the H100: tiled two columns 26624x8192 53.3-54.4
// against 58.0-60.4 us, the lm_head 130.6-132.0 against 138.4-139.5, row-major FP4 x 28672x8192
// 57.3 against 64.3-64.4, 100000x2048 52.1-52.5 against 55.9-56.3 (fp16 / bf16 / FP4 x); and took
// it wherever it fits (run 549, H100, against the rule before: 3-9 us faster on every large layer
// but bf16 x at K = 2048). The H200 disagrees below K = 8192 (run 555, 2026-12-06,
// docs/runs/run555/call.sh, that rule against NVFP4_GEMV_SWEEP8=0, the row tiles; two orders,
// unchecked, fp16 / bf16 / FP4 x, us): at K = 2048 the row tiles 7-11 us ahead (tiled 100000x2048
// two columns 40.2-40.3 / 40.7 / 40.2-40.4 against 48.8-48.9 / 40.8-41.1 (item 335's bf16 rows) /
// 49.5-49.7, three 41.3-41.6 / 42.4 / 41.2-41.4 against 48.9-49.1 / 53.4-53.5 / 49.4; row-major
// FP4 x 100000x2048 44.1-44.4 against 50.9-51.1, 16-bit x 140000x2048 58.1-58.6 against
// 68.8-69.8); at K = 4096 mixed (the tiled lm_head two columns 101.6-102.0 / 100.4 against
// 104.4-107.9 / 103.5-103.9, 65536x4096 50.4-51.0 / 50.3-50.4 against 49.0-51.6 / 49.6); at K =
// 8192 the tile sweep ahead but FP4 x at two tiled columns (26624x8192 43.3-43.4 / 42.9-43.1 against
// 44.8 / 44.3-44.4, three columns 43.4 / 42.8-43.3 against 47.1-47.5; FP4 x two columns 43.3-43.5
// against 42.5-42.7; row-major FP4 x 28672x8192 46.1-46.2 against 48.6-48.7, 26624x8192 43.5
// against 46.2-46.6). The H100 had K = 2048 even or the tile sweep ahead (runs 547-553); the H200 is
// the target, so item 335: the tile sweep at 2-3 columns past item 273's bounds from K = 8192
// (kSweep8FewColsMinK), item 273's row tiles below it. What that costs on the H100 (runs 547-549):
// the tiled lm_head at two columns ~8 us, 65536x4096 ~5, row-major FP4 x 100000x2048 ~3, 16-bit
// 140000x2048 ~5. Past 2^27 bytes at two row-major columns from K = 4096 the tile sweep stays
// (item 273's H200 measurements; run 557 below).
// Below K = 8192 what turns the lead is the rows, not the bytes (item 336): up to 2^16 rows the
// tile sweep, past them the row tiles, on tiled weights at 2-3 columns (item 335: by 2^26 bytes)
// and on row-major weights at three columns below K = 4096 (item 335: the tile sweep at any size);
// row-major weights from K = 4096 as item 273 (three columns the tile sweep, two past 2^27 bytes).
// Run 557 (H200, 2026-12-06, docs/runs/run557/call.sh, item
// 335's rule against the other plan; two orders, unchecked, fp16 / bf16 / FP4 x, us): row-major
// three columns 100000x2048 on the tile sweep 51.2-51.6 / 51.3-51.5 / 51.1-51.2 against the row
// tiles' 45.3-45.6 / 46.4-46.6 / 44.9, 140000x2048 68.4-69.3 against 58.3-59.5; tiled 36864x4096
// (85 MB, past 2^26 bytes) on the row tiles two columns 32.6-32.7 / 33.0-33.1 / 31.8-32.0 against
// the tile sweep's 30.6-31.1 / 32.4-32.5 / 31.4, three 33.7-33.8 / 34.6-34.7 / 32.6-32.9 against
// 30.9-31.1 / 32.4-32.5 / 31.3-31.7; 100000x4096 within 2 us either way (two columns 71.1-71.8 /
// 69.7-69.9 FP4 against 70.9-74.0 / 70.9-71.2). Run 555: 65536x4096 the tile sweep 0.7-2.8 ahead
// (but bf16 x at two columns, 0.5 behind), the tiled lm_head (151936 rows) the row tiles 3-6 ahead.
// Run 554: tiled 120001x1024 bf16 x at two columns 29.1 on the row tiles, 60.9-61.0 on the tile
// sweep (fp16 x's tile sweep 55.6-55.7). Row-major two columns on the lm_head (run 557): the tile
// sweep 106.8-107.8 / 107.1-107.2 (16-bit / FP4 x) against the row tiles' 109.9-110.4 /
// 108.5-109.2; three there untimed, so K = 4096 keeps item 273's rule on row-major weights.
// Item 337: item 336's rows bound on the H100 (runs 559 and 561, 2026-12-07, docs/runs/run559 and
// run561, the rule against the other plan, two orders, unchecked, fp16 / bf16 / FP4 x, us): below
// K = 2048 it holds (tiled two columns 100000x1024 on the row tiles 31.2-32.0 against the tile
// sweep's 47.6-52.6, 200000x512 32.4-33.2 against 87.3-97.8), from K = 2048 it does not (row-major
// three columns 80000x2048 on the row tiles 49.1-50.3 against 43.2-43.9, 100000x2048 56.4-57.4
// against 52.6-53.0, 140000x2048 75.7-77.4 against 70.7-71.4; run 549 had the tiled lm_head ~8 us
// and 65536x4096 ~5 faster on the tile sweep). The memory's bound sits between the two cards
// measured (3352 and 4916 GB/s as device_info reads them). Run 562 (H100, docs/runs/run562, this
// rule against the other plan, as above): K = 1536 takes the row tiles (tiled 100000x1536 two
// columns 41.1-42.0 against the tile sweep's 48.4-53.0; row-major 70001x1536 three 36.9-38.2
// against 37.4-38.3), the tiled lm_head at two columns the tile sweep (130.4-132.0 against
// 138.2-139.7).
constexpr int kSweep8FewColsMinK = 8192;
constexpr int kSweep8FewColsMaxRows = 1 << 16;
constexpr int64_t kSweep8TwoColsRowMajorMinBytes = int64_t(1) << 27;
constexpr int kSweep8FastMemoryGBps = 4000;
constexpr int kSweep8SlowMemoryMinK = 2048;
inline bool sweep8_pays(const GemvParams& p, const PlanDevice& dev) {
  if (sweep8_mode() == 1 || p.N == 1 || p.N >= 4 || p.K >= kSweep8FewColsMinK) return true;
  const bool many_rows = p.M > kSweep8FewColsMaxRows;
  const bool slow_memory = dev.mem_gbps > 0 && dev.mem_gbps < kSweep8FastMemoryGBps;
  if (slow_memory) return !many_rows || p.K >= kSweep8SlowMemoryMinK;
  if (p.sfa.layout == kScaleTiled) return !many_rows;
  if (p.N == 2) return p.K >= 4096 && sweep_weight_bytes(p) > kSweep8TwoColsRowMajorMinBytes;
  return p.K >= 4096 || !many_rows;
}

// The plan of sweep8_choice's shape: as many clusters as fit at once (one CTA per SM) up to one per
// 16-row tile, each of its CTAs (the fewest that hold K at the shape's chunks of a row, or at 9..16
// columns on one chunk more where that pays), K split evenly among them rounded up to 8 (a 16-byte
// copy of their scales); the tiles' sums of a cluster (C > 1) in shared memory too, or the plan is
// empty (cluster == 0: not taken).
inline GemvLaunch sweep8_plan_of(const GemvParams& p, const Sweep8Choice& shape, const PlanDevice& dev) {
  GemvLaunch plan{};
  if (shape.clusters == 0) return plan;
  plan.smem_bytes = sweep8_smem(shape);
  if (plan.smem_bytes > dev.smem_optin) return GemvLaunch{};
  plan.cluster = shape.ctas;
  plan.row_blocks = shape.clusters;
  plan.splits = 1;
  plan.grid = shape.clusters * shape.ctas;
  plan.k_split = plan.k_chunk = 32 * shape.chunks;
  plan.seg_rows = std::min(p.M, 16 * shape.rounds);
  plan.chunk_bytes = 16;
  plan.tiled = p.sfa.layout == kScaleTiled;
  return plan;
}
inline GemvLaunch sweep8_plan(const GemvParams& p, const PlanDevice& dev) {
  return sweep8_plan_of(p, sweep8_choice(p, dev), dev);
}

// ---------------------------------------------------------------------------------------------
// The band sweep (band16_kernel) where it fits: W4A16 (fp16 / bf16 x) and W4A4 (FP4 x, where
// band16_pays) at one column and L = 1 on the tiled format, sm_90, K up to kBandMaxK (where K is
// no multiple of kBandKGrain C, each warp's last group partly empty: kRagged), x 16-byte aligned
// and, at 3 CTAs an SM, x's tiles and the bands' sums within a third of the SM's shared memory
// (band16_plan); elsewhere the row tiles (W4A4: the integer item's).
// NVFP4_GEMV_BAND16=0 turns it off (the A/B's switch), =1 takes it wherever it fits. Partly empty
// groups measured (run 444, BENCHMARKS.md item 271, two orders, bf16, us, against the row tiles):
// 2048x7168 10.4 against 11.4, 5120x13824 20.8 against 23.9-24.0, 3584x18944 20.9-21.0 against the
// tile sweep's 23.3, 4096x11008 15.6-15.7 against 16.7, 3584x3584 9.1-9.2 against 10.5; and at
// short K, forced then, faster too: 4096x1024 6.8 against 8.0, 7168x1536 8.4 against 10.2.
inline int band16_mode() {
  static const int mode = env_mode("NVFP4_GEMV_BAND16");
  return mode;
}
// The shared memory a band-sweep CTA may take: a third of the two-CTA share's total (cta_smem is
// half an SM less its reservation; the reservation of the third CTA is left out: 1 KB on sm_90).
inline int band16_smem_most(const PlanDevice& dev) { return (2 * dev.cta_smem) / kBandCtasPerSm - 1024; }
// Clusters of c CTAs resident at once, assumed: the SM's 3 CTAs pair up within its GPC (run 435:
// 198 clusters of 2 on the H200's 132 SMs); a device whose GPCs leave an odd CTA over runs its
// last clusters in a second wave (slower, not wrong).
inline int band16_clusters_max(const PlanDevice& dev, int c) { return std::max(1, kBandCtasPerSm * dev.sms / c); }
// A plan's clusters: at most those resident and one a band.
inline int band16_clusters(const GemvParams& p, const PlanDevice& dev, int c) {
  return (int)std::min<int64_t>(band16_clusters_max(dev, c), (p.M + 15) / 16);
}
// A CTA's shared memory on `clusters` clusters of c CTAs (its bands: ceil(bands / clusters)).
inline int band16_smem_on(const GemvParams& p, int c, int64_t clusters) {
  const int64_t bands = (p.M + 15) / 16;
  return band16_smem(p.K, c, (int)((bands + clusters - 1) / clusters));
}
inline int band16_smem_for(const GemvParams& p, const PlanDevice& dev, int c) {
  return band16_smem_on(p, c, band16_clusters(p, dev, c));
}
// CTAs a cluster: 2 where that leaves a CTA fewer tile slots a warp to go through (its bands
// times a band's slots, band16_warp_tiles: a CTA of a cluster of 2 reads half of each of its
// bands, but where a warp's tiles do not halve into whole groups the empty slots stay) and
// splitting leaves no group partly empty that one CTA fills (K = 14336: 14 tiles a warp on one,
// 7 of 8 on two; not measured, so as before), else 1.
// Measured (run 435, the probe, fp16, us): 7168x16384 (448 bands: 2 a CTA x 16 slots at C = 1, 3
// x 8 at 2) 24.2 against 26.6-26.7, 8192x28672 42.7-43.0 against 47.6-47.9, 14336x4096 15.2-15.4
// against 15.5; 4 and 8 hold fewer CTAs (368, 360) and were slower (7168x16384 24.4-25.1); one
// CTA where the bands divide evenly (6336x16384 22.0 against 22.5-22.7 on clusters of 8). With
// empty slots (run 444, bf16, us): 13824x5120 on clusters of 2 (5 bands x 4 slots, 2.5 of them
// real, against 3 x 6 on one) 22.8-22.9, slower than the row tiles' 20.0-20.2: the rule then
// counted bands only.
inline int band16_cluster(const GemvParams& p, const PlanDevice& dev) {
  const int64_t bands = (p.M + 15) / 16;
  const auto work = [&](int c) {  // a CTA's bands times a band's tile slots a warp
    const int64_t clusters = band16_clusters(p, dev, c);
    return (bands + clusters - 1) / clusters * band16_warp_tiles(p.K, c);
  };
  const bool two = (!band16_ragged(p.K, 2) || band16_ragged(p.K, 1)) &&
                   band16_smem_for(p, dev, 2) <= band16_smem_most(dev);
  return two && (work(2) < work(1) || band16_smem_for(p, dev, 1) > band16_smem_most(dev)) ? 2 : 1;
}
// The activations it takes: fp16 / bf16, FP4 with its scales row-major and contiguous (one byte a
// block), and a 16-bit x it quantizes itself (dynamic W4A4: quant_act, planned through as_fp4's
// stand-in, which has no scales yet): the same bits as quantize and the FP4 call.
inline bool band16_act_fits(const GemvParams& p) {
  return p.act == kActF16 || p.act == kActBF16 || quant_act(p) ||
         (p.act == kActFP4 &&
          (p.sfx.base == nullptr || (p.sfx.layout == kScaleRowMajor && p.sfx.col_stride == 1)));
}
inline bool band16_fits(const GemvParams& p, const PlanDevice& dev) {
  const int mode = band16_mode();
  return mode != 0 && (mode == 1 || !other_variant_forced()) && dev.major == 9 && p.sfa.layout == kScaleTiled &&
         band16_act_fits(p) && p.N == 1 && p.L == 1 && p.K <= kBandMaxK &&
         reinterpret_cast<uintptr_t>(p.x) % 16 == 0 && tiled_fits(p) &&
         band16_smem_for(p, dev, band16_cluster(p, dev)) <= band16_smem_most(dev);
}
// W4A4 (FP4 x, and the fused quantization's stand-in, which plans as it) takes the band sweep only
// where no warp's last group is partly empty (K a multiple of kBandKGrain C); there its integer row
// tiles, which lose less to such K than the fp16 row tiles W4A16 had. Measured (run 456,
// docs/runs/run456/ab456.py 20, base / band / band / base, tiled FP4 x at one column, us, against
// the integer row tiles): 7168x2048 8.4-8.5 against 10.4-10.5, 4096x4096 9.0 against 10.6-10.7,
// 14336x4096 15.7-15.8 against 17.0, 28672x4096 23.6-23.8 against 25.5-25.6, 7168x16384
// 24.6-24.7 against 25.9-26.0, the lm_head 95.7-95.9 against 98.0-98.6, 4096x1024 and 1024x4096
// 0.3-0.5 less; 4096x14336 and 8192x28672 even; where K leaves groups partly empty 0.5-1.0 slower
// on 13824x5120 (19.3-19.5 against 18.8-18.9), 4096x11008 and 3584x18944 (20.0-20.1 against
// 19.0-19.2), even on 2048x7168, faster on 5120x13824 (19.8 against 20.7-20.8) and 18432x7168
// (26.9-27.0 against 27.7). NVFP4_GEMV_BAND16=1 takes it wherever it fits.
inline bool band16_pays(const GemvParams& p, const PlanDevice& dev) {
  return (p.act != kActFP4 && !quant_act(p)) || band16_mode() == 1 || !band16_ragged(p.K, band16_cluster(p, dev));
}
inline GemvLaunch band16_plan(const GemvParams& p, const PlanDevice& dev) {
  const int c = band16_cluster(p, dev);
  GemvLaunch plan{};
  plan.band = c;
  plan.row_blocks = band16_clusters(p, dev, c);
  plan.grid = plan.row_blocks * c;
  plan.splits = 1;
  plan.k_split = plan.k_chunk = 128 * band16_cta_tiles(p.K, c);
  plan.seg_rows = (int)std::min<int64_t>(p.M, 16);
  plan.smem_bytes = band16_smem_for(p, dev, c);
  plan.chunk_bytes = 16;
  plan.tiled = 1;
  return plan;
}

// ---------------------------------------------------------------------------------------------
// K in sections on the tile sweep (several columns past its longest row).
// Batch s of k_section_params's q on its own (L = 1): a section the tile sweep takes, which holds
// one batch a launch (sweep8_kernel at L = 1 only).
inline GemvParams k_section_of(const GemvParams& q, int s) {
  GemvParams r = q;
  r.L = 1;
  r.a = q.a + s * q.a_batch_stride;
  r.sfa.base = q.sfa.base + s * q.sfa.batch_stride;
  r.x = static_cast<const uint8_t*>(q.x) + s * q.x_batch_stride * x_stride_unit_bytes(q);
  if (q.sfx.base) r.sfx.base = q.sfx.base + s * q.sfx.batch_stride;
  if (q.out) r.out = static_cast<float*>(q.out) + s * q.out_batch_stride;
  return r;
}
// K sections for several columns (K > kSweep8MaxK, L = 1): the tile sweep launched once a section,
// S launches into the workspace, then their sum in order as for the row sweeps
// (k_row_sections_plan). Sections of a multiple of 256 values (each section's scale rows 16-byte
// aligned for the tile sweep's copies), the fewest the tile sweep holds. Taken at 9..16 columns,
// and at 3..8 where each launch's clusters take at least kTileSectionMinRounds 16-row tiles (the
// launches' fixed cost, x's prologue and the cluster's epilogue, spread over enough tiles); at 2
// columns, and on fewer tiles, the row tiles split K. Measured (run 323, docs/runs/run323/
// tile_sections_ab.py, once each, unchecked, FP4 / fp16 / bf16 x, against the row tiles in a build
// of HEAD 5be73c7's kernel files; BENCHMARKS.md item 205): N = 16 16384x53248 251.4 / 257.3 /
// 258.3 us against 363.2 / 402.9 / 442.1, 4096x40960 58.7 / 61.4 / 61.4 against 94.6 / 102.6 /
// 116.3, 2048x65536 49.3 / 52.2 / 52.9 against 73.7 / 80.9 / 91.3; N = 8 16384x53248 (35 tiles a
// cluster, bf16 69) 167.2 / 168.2 / 201.1 against 262.8 / 273.8 / 292.6, but 4096x40960 (12)
// 52.1 / 53.4 / 55.5 against 48.9 / 52.8 / 54.5 and 2048x65536 (9) 43.9 / 45.4 / 47.7 against
// 39.5 / 43.2 / 44.5; N = 2 slower on all three (16384x53248 164.9 / 164.4 / 199.8 against 154.1 /
// 158.9 / 162.1, 4096x40960 51.4 / 51.3 / 52.6 against 40.2 / 42.1 / 42.6). The bound 24 lies
// between the 12 tiles that lost and the 35 that won; shapes between them are not measured.
constexpr int kTileSectionMinRounds = 24;
inline GemvLaunch k_tile_sections_plan(const GemvParams& p, const PlanDevice& dev) {
  if (!k_sections_apply(p) || p.N < 3) return GemvLaunch{};
  for (int sections = 2; sections <= kMaxKSections; ++sections) {
    if (p.K % (256 * sections) != 0) continue;
    const GemvParams first = k_section_of(k_section_params(p, sections), 0);
    if (!sweep8_fits(first, dev)) continue;
    const Sweep8Choice shape = sweep8_choice(first, dev);
    const GemvLaunch plan = sweep8_plan_of(first, shape, dev);
    if (!plan.cluster) continue;
    if (p.N <= 8 && shape.rounds < kTileSectionMinRounds) return GemvLaunch{};  // the fewest sections decide
    return with_k_sections(plan, p, sections);
  }
  return GemvLaunch{};
}
// K sections (GemvLaunch::k_sections): the row sweeps' at one column, else the tile sweep's.
inline GemvLaunch k_sections_plan(const GemvParams& p, const PlanDevice& dev) {
  const GemvLaunch rows = k_row_sections_plan(p, dev);
  return rows.k_sections ? rows : k_tile_sections_plan(p, dev);
}

// ---------------------------------------------------------------------------------------------
// The row tiles' plan: grid, K splits, chunks and shared memory of one variant.
template <int kWords, bool kWide, bool kRing, bool kSpans, bool kTiled, bool kInteger = false>
GemvLaunch plan_variant(const GemvParams& p, const PlanDevice& dev) {
  using G = Geometry<kWords, kSpans>;
  constexpr int kGrain = kRing ? kRingK : G::kStep;  // k granularity of splits and chunks
  const int64_t rows = (int64_t)p.M * p.L;
  const int64_t kernel_rows = walked_rows(p);
  const int64_t units = kTiled ? kernel_rows / 16 : rows;  // row ranges in whole bands (kernel)
  const int64_t wave =
      (int64_t)resident_per_sm<kWords, kWide, kRing, kSpans, kTiled, kInteger>(dev) * dev.sms;
  // Split rule (S0; at N > 1 refine_column_splits then weighs S0 / 2 and 2 S0). Every CTA stages
  // (converts) the activation of its k range, N * k values, while it streams rows * k * 0.5625
  // bytes of weights. With one wave of CTAs over all rows that staging is
  // about 3.6 * N * wave / rows of the weight work; split K into S parts (S CTAs per row range,
  // rows * S / wave rows each) until it is at most 1/4: S = the power of two >= 14 * N * wave /
  // rows, at most 16 and at most one split per two k-steps. One column is not split for its
  // staging: that is small (K values, loaded kFp4StageBatch groups at a time), and the second
  // kernel and the partial sums cost more (measured on the H200: 2048x7168, N = 1, 13.4 us
  // unsplit, 14.6 split); tiled weights at one column take even whole bands (even_row_blocks)
  // or, where bands are fewer than the SMs, split to even them out (tiled_balance_splits).
  // More than 8 columns (the kWide variant: two mma sets, 2 items in flight, not 4) stop at 1/2
  // (factor 7): on 7168x16384 (run 37) N = 16 took 49.2 us that way against 56.1 (W4A4) and 58.8
  // against 64.2 (bf16), while factor 7 for N = 2..8 was slower (bf16 +1..4.5 us), as was 3.5.
  int splits = 1;
  const double factor = kWide ? 7.0 : 14.0;
  const double want = p.N == 1 ? 1.0 : factor * p.N * (double)wave / (double)rows;
  const int max_splits = std::min(16, std::max(1, p.K / (2 * G::kStep)));
  while (splits < want && splits * 2 <= max_splits) splits *= 2;
  if (p.N > 1) splits = refine_column_splits(splits, p.N, p.K, rows, max_splits);
  const bool even_bands = kTiled && units >= dev.sms;  // see even_row_blocks
  if (kTiled && p.N == 1 && !even_bands)
    splits = tiled_balance_splits(units, p.K, kGrain, wave, dev.sms, max_splits);
  int k_split = 0;
  const auto split_k = [&](int parts) {  // k_split for `parts` splits, in whole grains; no empty split
    k_split = (p.K / parts + kGrain - 1) / kGrain * kGrain;
    splits = (p.K + k_split - 1) / k_split;
  };
  split_k(splits);
  // The k range is staged in chunks that fit kActStageBytes (all of it for N * k <= 32768) and,
  // with the ring, leave room for a few rows of partial sums.
  const int free_smem = dev.cta_smem - (kRing ? kRingBytes : 0) - kSmemHeader;
  const int act_limit = std::min(kActStageBytes, free_smem - kActPadBytes - 16 * kWarps * p.N * 4);
  int k_chunk = std::max(kGrain, act_limit / act_stage_bytes<kInteger, kSpans>(kGrain, p.N) * kGrain);
  if (kSpans && k_chunk < k_split)  // k spans take one chunk per CTA: split K further instead
    split_k((p.K + k_chunk - 1) / k_chunk);
  if (k_chunk > k_split) k_chunk = k_split;
  // Partial sums (see flush) in the shared memory the activation stage leaves: a slot (16 rows x N
  // fp32) per pair and warp, or packed, one per pair plus kWarps - 1 (N > 8, one chunk); k spans:
  // a slot (2 rows x 8 parts) per pair and k-step (SpanStream).
  const bool packed = kWide && !kRing && k_chunk >= k_split;
  const int act_bytes = act_stage_bytes<kInteger, kSpans>(k_chunk, p.N) + kActPadBytes;
  const int slot_bytes = 16 * p.N * 4;
  const int free_slots = (free_smem - act_bytes) / slot_bytes;
  const int pair_slots = kSpans ? (k_chunk + G::kStep - 1) / G::kStep : packed ? 1 : kWarps;
  const int cap = G::kPairRows * std::max(1, packed ? free_slots - (kWarps - 1) : free_slots / pair_slots);
  // Row blocks: one wave of CTAs in all. Without a split, more CTAs (in whole waves) only when a
  // CTA would get more rows than a segment holds; never more row blocks than rows. (Adding waves
  // to keep CTAs at 64 rows, the rule before one segment per batch, cost 3.3 us on 4096x7168x8
  // and 3.2 on 7168x2048x4: run 43.)
  int64_t row_blocks = std::max<int64_t>(1, wave / splits);
  if (splits == 1) {
    const int64_t need = (kernel_rows + cap - 1) / cap;
    if (need > row_blocks) row_blocks = (need + wave - 1) / wave * wave;
  }
  if (row_blocks > units) row_blocks = units;
  // Equal row units per CTA: the tiled bands (even_row_blocks) and the integer k spans' rows
  // (7168x16384: 256 CTAs of 28 rows, 29.2 us against 29.4 on 264 of 27-28, 224 of 32 rows 30.3;
  // run 186, BENCHMARKS.md item 133).
  if (splits == 1 && (even_bands || (kSpans && kInteger)))
    row_blocks = even_row_blocks(units, row_blocks);
  if (row_blocks > kMaxRowBlocks) row_blocks = kMaxRowBlocks;  // CTAs then run several segments
  const int64_t cta_rows = (kernel_rows + row_blocks - 1) / row_blocks;
  const int seg_rows =
      (int)std::min<int64_t>(cap, (cta_rows + G::kPairRows - 1) / G::kPairRows * G::kPairRows);
  GemvLaunch plan{};
  plan.row_blocks = (int)row_blocks;
  plan.splits = splits;
  plan.grid = (int)(row_blocks * splits);
  plan.k_split = k_split;
  plan.k_chunk = k_chunk;
  plan.seg_rows = seg_rows;
  const int seg_pairs = seg_rows / G::kPairRows;
  plan.smem_bytes = (kRing ? kRingBytes : 0) + kSmemHeader + act_bytes +
                    (packed ? seg_pairs + kWarps - 1 : seg_pairs * pair_slots) * slot_bytes;
  // Bulk staging (bulk_act_fits) in the register-window kernel where the load path would take
  // more than one round trip per thread: FP4 chunks of more than kFp4StageBatch * kThreads groups,
  // 16-bit chunks of more than kThreads groups (the whole k range in one chunk: the bf16 exponent
  // comes from it), with the raw chunk after the partial sums. FP4 measured against the load loop
  // (run 63): 7168x16384 30.8 -> 29.9 us, 4096x14336 21.9 -> 21.4; one round (K <= 8192) gains
  // nothing (2048x7168 13.1 -> 13.5); in the ring kernel its copies queue behind the ring's
  // (4096x4096 11.3 -> 11.8); N = 8 / 16 got slower (36.8 -> 43.8 / 43.6 -> 55.2, not understood).
  const bool fp4 = p.act == kActFP4;
  const int raw_bytes = fp4 ? k_chunk / 2 + k_chunk / 16 : k_chunk * 2;
  const bool bulk_pays = fp4 ? k_chunk > kFp4StageBatch * kThreads * 8
                             : k_chunk > kThreads * 8 && k_chunk >= k_split;
  if (!kRing && !kInteger && bulk_pays && bulk_act_fits(p, dev, k_split, k_chunk) &&
      plan.smem_bytes + raw_bytes <= dev.cta_smem) {
    plan.act_raw_offset = plan.smem_bytes;
    plan.smem_bytes += raw_bytes;
  }
  plan.ring = kRing;
  plan.spans = kSpans;
  plan.tiled = kTiled;
  plan.integer = kInteger;
  plan.chunk_bytes = kWords * 4;
  plan.workspace_bytes = splits > 1 ? partial_sums_bytes(p, splits) : 0;
  return plan;
}

}  // namespace detail
}  // namespace nvfp4
