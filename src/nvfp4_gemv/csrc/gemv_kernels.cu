// gemv_kernels.cu: the GEMV's launchers and entry points (plan_gemv_for, check_plan, launch_gemv)
// over the kernel families (gemv_common.cuh lists them) and the stream-floor kernel. Torch-free;
// CI compiles this file alone for every target (sm_80 .. sm_120a) and checks for spills.
#include "launch_rule.cuh"

#include <cuda_runtime.h>

#include <atomic>
#include <cstdio>
#include <type_traits>

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// Stream floor: the same bytes, read with the same load instruction, nothing computed.
// Each thread keeps kStreamUnroll 16-byte loads in flight over a grid stride; the last group of a
// thread is predicated, so a thread's tail is read in one group, not one waited-for load at a
// time (the earlier form: 4-7 such loads a thread over 33 MB on every grid). Run 286
// (scripts/floor_probe.cu, BENCHMARKS.md item 189): 13.2 us over 33 MB against 14.1 for the
// earlier form on the bench's grids, 21.3 against 21.6 over 66 MB, 38.0 against 38.5 over 132 MB.
// The launch bounds (kStreamReadMaxThreads threads, 2 CTAs an SM: at most 64 registers) put all 8
// loads of a group in flight; without them ptxas kept 32 registers for full occupancy and folded
// the first words before it issued the fifth load (cuobjdump). That alone gained nothing (run 286:
// 14.1 us over 33 MB with the old tail); the tail did.
// ---------------------------------------------------------------------------------------------
constexpr int kStreamUnroll = 8;

__global__ void __launch_bounds__(kStreamReadMaxThreads, 2)
    stream_read_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const int64_t n16 = bytes / 16;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  uint32_t acc = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n16; i += kStreamUnroll * stride) {
    uint32_t w[kStreamUnroll][4] = {};
#pragma unroll
    for (int u = 0; u < kStreamUnroll; ++u) ld_stream_if(i + u * stride < n16, data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < kStreamUnroll; ++u) acc ^= w[u][0] ^ w[u][1] ^ w[u][2] ^ w[u][3];
  }
  if (blockIdx.x == 0 && threadIdx.x < bytes % 16) acc ^= data[n16 * 16 + threadIdx.x];
  // One store per warp keeps the loads alive without adding traffic.
  for (int o = 16; o > 0; o >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicXor(sink + blockIdx.x, acc);
}

// The splits' (or K sections') sums in p.partials added in order into p's output: reduce_splits_kernel
// as a programmatic dependent launch on sm_90+ (the launch's gap behind the GEMV's last CTA
// shrinks), an ordinary one before.
inline int launch_split_sum(const GemvParams& p, int splits, const PlanDevice& dev, cudaStream_t stream) {
  const int64_t n = (int64_t)p.M * p.L * p.N;
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = launch_config((unsigned)((n + 255) / 256), 256, 0, stream, dev.major >= 9, attr);
  if (const cudaError_t err = cudaLaunchKernelEx(&cfg, reduce_splits_kernel, p, splits)) return err;
  return cudaGetLastError();
}

// dev: the current device (launch_gemv reads it once per launch).
template <int kWords, bool kWide, bool kRing, bool kSpans = false, bool kTiled = false,
          bool kInteger = false, bool kQuantAct = false>
int launch_variant(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev,
                   cudaStream_t stream) {
  // Sets the shared-memory limit, once per device.
  resident_per_sm<kWords, kWide, kRing, kSpans, kTiled, kInteger, kQuantAct>(dev);
  gemv_kernel<kWords, kWide, kRing, kSpans, kTiled, kInteger, kQuantAct>
      <<<plan.grid, kThreads, plan.smem_bytes, stream>>>(
      p, plan.row_blocks, plan.splits, plan.k_split, plan.k_chunk, plan.seg_rows,
      plan.act_raw_offset);
  if (plan.splits > 1) return launch_split_sum(p, plan.splits, dev, stream);
  return cudaGetLastError();
}

// launch(std::integral_constant<int, W>{}) for W = warps (kGroupWarps .. kLastWarps, by default 1 ..
// 8): the sweeps' group shape is a template parameter of their kernels (sweep_kernel's comment says
// why).
template <int kGroupWarps = 1, int kLastWarps = kWarps, class Launch>
int with_group_warps(int warps, Launch launch) {
  if constexpr (kGroupWarps < kLastWarps) {
    if (warps != kGroupWarps) return with_group_warps<kGroupWarps + 1, kLastWarps>(warps, launch);
  }
  return launch(std::integral_constant<int, kGroupWarps>{});
}

// The sweep kernel of plan.sweep_warps warps a row.
template <int kPieces, bool kQuantAct>
int launch_sweep(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  constexpr int first_warps = sweep_first_warps(kPieces), last_warps = sweep_last_warps(kPieces, kQuantAct);
  if (plan.sweep_warps < first_warps || plan.sweep_warps > last_warps)  // not built (check_plan)
    return (int)cudaErrorInvalidValue;
  return with_group_warps<first_warps, last_warps>(plan.sweep_warps, [&](auto group_warps) {
    constexpr int threads = group_warps * 32 * (kWarps / group_warps);
    int smem = plan.smem_bytes;
    if constexpr (kQuantAct && kWarps / group_warps > 1) {  // the groups' shared quantized pieces
      smem = sweep_shared_quant_bytes((int)sweep_cta_rows(p, plan.row_blocks, false), group_warps, p.K);
      // Sums of at most kSweepSmemBytes and K <= 8 x 32 x 2 x 32 (2 pieces): within the 48 KB a
      // kernel gets without opting in.
      static_assert(kSweepSmemBytes + 16 + (8 * 32 * 2) * 18 <= 48 * 1024, "sweep shared memory");
      if (smem > 48 * 1024) return (int)cudaErrorInvalidValue;
    }
    sweep_kernel<kPieces, group_warps, kQuantAct><<<plan.grid, threads, smem, stream>>>(
        p, sweep_rows(p, plan.row_blocks, false));
    return (int)cudaGetLastError();
  });
}

// The W4A16 sweep kernel of plan.sweep_warps warps a row, plan.sweep (1 or 2) pieces a thread,
// kCols = p.N (1 or 2, sweep16_fits) columns; kFp4: FP4 x (two columns).
template <int kPieces, bool kBf16, int kCols, bool kFp4 = false>
int launch_sweep16(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  // The group shapes sweep16_builds names: up to kWarps, and for one column the wide range.
  if (!sweep16_builds(kPieces, kCols, plan.sweep_warps)) return (int)cudaErrorInvalidValue;
  const auto launch = [&](auto group_warps) {
    // The instance's CTA: bf16 x at L == 1 may pair its groups (sweep16_groups).
    const int threads = 32 * group_warps * sweep16_groups(kPieces, group_warps, kCols, sweep16_bf16_l1(p));
    cudaLaunchAttribute attr;
    const cudaLaunchConfig_t cfg = launch_config(plan.grid, threads, plan.smem_bytes, stream, false, attr);
    // bf16 x at L > 1 (a column maximum per batch segment) on its own instances (kBatched): the
    // L > 1 plans, 2 pieces on up to 8 warps (check_sweep_plan).
    constexpr bool batched_builds = kBf16 && kCols == 1 && kPieces == 2 && group_warps <= kWarps;
    cudaError_t err = cudaErrorInvalidValue;
    if (!kBf16 || p.L == 1)
      err = cudaLaunchKernelEx(&cfg, sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4>, p,
                               plan.row_blocks);
    else if constexpr (batched_builds)
      err = cudaLaunchKernelEx(&cfg, sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4, true>, p,
                               plan.row_blocks);
    if (err) return (int)err;
    return (int)cudaGetLastError();
  };
  if constexpr (kCols == 1) {
    if (plan.sweep_warps > kWarps)
      return with_group_warps<sweep16_wide_first_warps(kPieces), sweep16_max_group_warps(kPieces, kCols)>(
          plan.sweep_warps, launch);
  }
  return with_group_warps<sweep16_first_warps(kPieces, kCols), kWarps>(plan.sweep_warps, launch);
}
template <bool kBf16>
int launch_sweep16_for(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  if (plan.sweep == 1)
    return p.N == 2 ? launch_sweep16<1, kBf16, 2>(p, plan, stream) : launch_sweep16<1, kBf16, 1>(p, plan, stream);
  return p.N == 2 ? launch_sweep16<2, kBf16, 2>(p, plan, stream) : launch_sweep16<2, kBf16, 1>(p, plan, stream);
}
// FP4 activations at two columns (sweep16_fits): W4A4 on the W4A16 sweep.
inline int launch_sweep16_fp4(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  return plan.sweep == 1 ? launch_sweep16<1, false, 2, true>(p, plan, stream)
                         : launch_sweep16<2, false, 2, true>(p, plan, stream);
}
// A row sweep plan (plan.sweep > 0): the W4A16 sweep (not integer) or the W4A4 one.
inline int launch_row_sweep(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  if (!plan.integer) {  // the W4A16 sweep: 1 or 2 pieces (sweep16_pieces)
    if (p.act == kActFP4) return launch_sweep16_fp4(p, plan, stream);
    return p.act == kActBF16 ? launch_sweep16_for<true>(p, plan, stream) : launch_sweep16_for<false>(p, plan, stream);
  }
  if (plan.sweep == 1)  // the fused quantization with 1 or 2 pieces a thread (sweep_quantizes)
    return quant_act(p) ? launch_sweep<1, true>(p, plan, stream) : launch_sweep<1, false>(p, plan, stream);
  if (plan.sweep == 2)
    return quant_act(p) ? launch_sweep<2, true>(p, plan, stream) : launch_sweep<2, false>(p, plan, stream);
  return launch_sweep<4, false>(p, plan, stream);
}

// Raises kKernel's dynamic shared-memory limit to `bytes` once per device (the first launch there;
// threads launching at once may each raise it, to the same value).
template <auto kKernel>
int smem_opt_in_once(int bytes) {
  static std::atomic<bool> opted_in[64];
  int device = 0;
  cudaGetDevice(&device);
  if (!opted_in[device & 63].load(std::memory_order_relaxed)) {
    if (const cudaError_t err = cudaFuncSetAttribute(kKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes))
      return err;
    opted_in[device & 63].store(true, std::memory_order_relaxed);
  }
  return cudaSuccess;
}

// The tile sweep for x of kind kAct, clusters of plan.cluster CTAs (a launch attribute: one
// kernel for every cluster size).
template <int kAct, int kPieces, int kColBlocks, bool kTiled, bool kScaleWords>
int launch_sweep8_of(const GemvParams& p, const GemvLaunch& plan, const Sweep8Choice& shape, const PlanDevice& dev,
                     cudaStream_t stream) {
  constexpr auto kernel = sweep8_kernel<kAct, kPieces, kColBlocks, kTiled, kScaleWords>;
  if (const int err = smem_opt_in_once<kernel>(dev.smem_optin)) return err;
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config(plan.grid, kSweep8Threads, plan.cluster, plan.smem_bytes, stream, attr);
  return cudaLaunchKernelEx(&cfg, kernel, p, plan.row_blocks, plan.k_split / 32, shape.stages);
}
// The tiled format, or row-major scale rows read in 16-byte pieces or as 4-byte words
// (sweep8_scale_words; sweep8_has_kernel says which exist: sweep8_choice takes only those, and
// check_plan refuses the others).
template <int kAct, int kPieces, int kColBlocks>
int launch_sweep8(const GemvParams& p, const GemvLaunch& plan, const Sweep8Choice& shape, const PlanDevice& dev,
                  cudaStream_t stream) {
  if (plan.tiled) return launch_sweep8_of<kAct, kPieces, kColBlocks, true, false>(p, plan, shape, dev, stream);
  if (!sweep8_scale_words(p, kPieces, kColBlocks))
    return launch_sweep8_of<kAct, kPieces, kColBlocks, false, false>(p, plan, shape, dev, stream);
  if constexpr (sweep8_scale_words_kernel(kAct, kPieces, kColBlocks))
    return launch_sweep8_of<kAct, kPieces, kColBlocks, false, true>(p, plan, shape, dev, stream);
  else
    return cudaErrorInvalidValue;  // never planned: no such kernel
}
template <int kPieces, int kColBlocks = 1>
int launch_sweep8_for(const GemvParams& p, const GemvLaunch& plan, const Sweep8Choice& shape, const PlanDevice& dev,
                      cudaStream_t stream) {
  if (p.act == kActFP4) return launch_sweep8<kActFP4, kPieces, kColBlocks>(p, plan, shape, dev, stream);
  if (p.act == kActBF16) {
    if constexpr (kPieces == 4)
      return cudaErrorInvalidValue;  // never planned (sweep8_choice): no such kernel
    else
      return launch_sweep8<kActBF16, kPieces, kColBlocks>(p, plan, shape, dev, stream);
  }
  return launch_sweep8<kActF16, kPieces, kColBlocks>(p, plan, shape, dev, stream);
}

// The tile sweep, of the shape check_plan found the plan made for.
inline int launch_tile_sweep(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  const Sweep8Choice shape = sweep8_choice(p, dev);
  if (shape.col_blocks == 2)
    return shape.pieces == 2 ? launch_sweep8_for<2, 2>(p, plan, shape, dev, stream)
                             : launch_sweep8_for<1, 2>(p, plan, shape, dev, stream);
  return shape.pieces == 4 ? launch_sweep8_for<4>(p, plan, shape, dev, stream)
                           : launch_sweep8_for<2>(p, plan, shape, dev, stream);
}

// The band sweep: clusters of plan.band CTAs (the launch's cluster attribute), the shared-memory
// opt-in once per device (x's tiles past 48 KB where K > 16384 on one CTA a cluster).
template <int kAct, bool kRagged>
int launch_band16_of(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  if (const int err = smem_opt_in_once<band16_kernel<kAct, kRagged>>(band16_smem_most(dev))) return err;
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config(plan.grid, kBandThreads, plan.band, plan.smem_bytes, stream, attr);
  return cudaLaunchKernelEx(&cfg, band16_kernel<kAct, kRagged>, p, (int)((p.M + 15) / 16));
}
template <int kAct>
int launch_band16_for(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  return band16_ragged(p.K, plan.band) ? launch_band16_of<kAct, true>(p, plan, dev, stream)
                                       : launch_band16_of<kAct, false>(p, plan, dev, stream);
}
inline int launch_band16(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  switch (p.act) {
    case kActBF16: return launch_band16_for<kActBF16>(p, plan, dev, stream);
    case kActFP4: return launch_band16_for<kActFP4>(p, plan, dev, stream);
    case kActQuantF16: return launch_band16_for<kActQuantF16>(p, plan, dev, stream);
    case kActQuantBF16: return launch_band16_for<kActQuantBF16>(p, plan, dev, stream);
    default: return launch_band16_for<kActF16>(p, plan, dev, stream);
  }
}

}  // namespace detail

GemvLaunch plan_gemv(const GemvParams& p) { return plan_gemv_for(p, detail::device_info()); }

GemvLaunch plan_gemv_for(const GemvParams& p, const PlanDevice& dev) {
  using namespace detail;
  if (quant_act(p)) return plan_gemv_for(as_fp4(p), dev);  // its FP4 problem's (check_plan: integer, band)
  const bool wide_n = p.N > 8, tiled = p.sfa.layout == kScaleTiled, integer = integer_fits(p, dev);
  const auto integer_plan = [&] {
    return tiled ? plan_variant<4, false, false, false, true, true>(p, dev)
                 : plan_variant<4, false, false, false, false, true>(p, dev);
  };
  // The band sweep first on the tiled format, where it takes the problem (W4A16 at one column,
  // W4A4 where band16_pays). The integer item takes the row tiles' place (integer_mode): the tiled
  // format's here, the row-major one's below, after the ring's and the k spans' rules; forced, it
  // goes first.
  if (tiled && band16_fits(p, dev) && band16_pays(p, dev)) return band16_plan(p, dev);
  if (integer && (tiled || integer_mode() == 1)) return integer_plan();
  // The tile sweep where it fits and pays (empty, cluster == 0, otherwise; launch_rule.cuh, items
  // 334-335): the tiled format's choice after the band sweep, row-major weights' after the row sweeps.
  const auto tile_sweep = [&] {
    return sweep8_fits(p, dev) && sweep8_pays(p, dev) ? sweep8_plan(p, dev) : GemvLaunch{};
  };
  if (tiled) {
    if (const GemvLaunch sweep8 = tile_sweep(); sweep8.cluster) return sweep8;
    // the row tiles on the tiled weight format, one variant per column count
    return wide_n ? plan_variant<4, true, false, false, true>(p, dev)
                  : plan_variant<4, false, false, false, true>(p, dev);
  }
  if (sweep_fits(p, dev)) {
    const GemvLaunch sweep = sweep_plan(p, dev);
    if (sweep_steps_fit(p, sweep)) return sweep;
  }
  if (sweep16_fits(p, dev)) {
    const GemvLaunch sweep16 = sweep_plan(p, dev, true);
    if (sweep_steps_fit(p, sweep16)) return sweep16;
  }
  if (const GemvLaunch sweep8 = tile_sweep(); sweep8.cluster) return sweep8;
  if (const GemvLaunch sections = k_sections_plan(p, dev); sections.k_sections) return sections;
  // The k spans on the integer item (written for kSpanRows == 2, SpanStream<true>).
  const bool dot = integer && kSpanRows == 2 && spans_fit(p) && dot_mode() != 0;
  const auto dot_plan = [&] { return plan_variant<4, false, false, true, false, true>(p, dev); };
  if (dot && dot_mode() == 1) return dot_plan();  // forced: before the ring, like the others
  if (ring_fits(p, dev)) {
    const GemvLaunch ring = plan_variant<4, false, true, false, false>(p, dev);
    if (ring_mode() == 1 || ring_pays(p, ring)) return ring;
  }
  if (dot) {
    const GemvLaunch spans = dot_plan();
    if (dot_pays(p, spans)) return spans;
  }
  if (spans_fit(p)) {
    const GemvLaunch spans = plan_variant<4, false, false, true, false>(p, dev);
    if (spans_mode() == 1 || spans_pay(p, spans, integer)) return spans;
  }
  if (wide_loads(p)) {
    if (integer) return integer_plan();
    return wide_n ? plan_variant<4, true, false, false, false>(p, dev)
                  : plan_variant<4, false, false, false, false>(p, dev);
  }
  return wide_n ? plan_variant<2, true, false, false, false>(p, dev)
                : plan_variant<2, false, false, false, false>(p, dev);
}

int check_plan(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev) {
  using namespace detail;
  if (quant_act(p)) {  // the integer item's plans, or the band sweep's (it quantizes x too)
    if (!(plan.integer || plan.band) || plan.k_sections || !quant_act_fits(p) ||
        (plan.sweep && (!sweep_quantizes(plan.sweep) || plan.sweep_warps > sweep_last_warps(plan.sweep, true))))
      return cudaErrorInvalidValue;
    return check_plan(as_fp4(p), plan, dev);
  }
  if (plan.k_sections) {  // a sweep over K's sections (k_sections_plan), its sums in the workspace
    const int sections = plan.k_sections;
    if (!k_sections_apply(p) || sections < 2 || sections > kMaxKSections || p.K % (32 * sections) != 0 ||
        !(plan.sweep || plan.cluster) || p.partials == nullptr ||
        plan.workspace_bytes < partial_sums_bytes(p, sections))
      return cudaErrorInvalidValue;
    const GemvParams q = k_section_params(p, sections);
    if (!plan.cluster) return check_sweep_plan(q, section_sweep(plan), dev);
    for (int s = 0; s < sections; ++s)  // the tile sweep: each section a launch of its own
      if (const int err = check_plan(k_section_of(q, s), section_sweep(plan), dev)) return err;
    return cudaSuccess;
  }
  if (plan.splits > 1 && p.partials == nullptr) return cudaErrorInvalidValue;
  if (plan.band) {  // the band sweep: its own plan (band16_plan), whole bands over a cluster's CTAs
    if (!band16_fits(p, dev)) return cudaErrorInvalidValue;
    const GemvLaunch want = band16_plan(p, dev);
    const bool shape = plan.band == want.band && plan.k_split == want.k_split && plan.row_blocks >= 1 &&
                       plan.row_blocks <= band16_clusters(p, dev, plan.band) &&
                       (int64_t)plan.grid == (int64_t)plan.row_blocks * plan.band && plan.splits == 1 &&
                       plan.tiled && !plan.sweep && !plan.cluster && !plan.integer && !plan.ring && !plan.spans &&
                       !plan.k_sections && plan.smem_bytes <= band16_smem_most(dev) &&
                       plan.smem_bytes >= band16_smem_on(p, plan.band, plan.row_blocks);
    return shape ? cudaSuccess : cudaErrorInvalidValue;
  }
  if (plan.cluster) {  // the tile sweep: its own plan (sweep8_plan), whole K over a cluster
    const Sweep8Choice choice = sweep8_choice(p, dev);
    const GemvLaunch want = sweep8_fits(p, dev) ? sweep8_plan_of(p, choice, dev) : GemvLaunch{};
    const int64_t tiles = (p.M + 15) / 16;
    const bool shape = want.cluster == plan.cluster && plan.k_split == want.k_split && plan.row_blocks >= 1 &&
                       plan.row_blocks <= tiles && plan.row_blocks <= kMaxRowBlocks &&
                       (int64_t)plan.grid == (int64_t)plan.row_blocks * plan.cluster && plan.splits == 1 &&
                       !plan.sweep && !plan.integer && plan.tiled == (p.sfa.layout == kScaleTiled) &&
                       !plan.ring && !plan.spans && plan.smem_bytes <= dev.smem_optin &&
                       sweep8_has_kernel(p, choice.pieces, choice.col_blocks) &&
                       plan.smem_bytes >= sweep8_fixed_smem(choice) +
                                              sweep8_extra_smem(choice, plan.cluster,
                                                                (int)((tiles + plan.row_blocks - 1) / plan.row_blocks));
    return shape ? cudaSuccess : cudaErrorInvalidValue;
  }
  if (plan.sweep) return check_sweep_plan(p, plan, dev);
  // The kernel's row arithmetic is 32-bit (see gemv_kernel).
  if (walked_rows(p) >= (int64_t(1) << 31) || plan.row_blocks > kMaxRowBlocks)
    return cudaErrorInvalidValue;
  const bool tiled = p.sfa.layout == kScaleTiled;
  const bool wide = plan.chunk_bytes == 16;
  if (plan.tiled != tiled || (tiled && !(wide && tiled_fits(p) && !plan.ring && !plan.spans)))
    return cudaErrorInvalidValue;
  if (plan.ring && !(wide && ring_fits(p, dev))) return cudaErrorInvalidValue;
  if (plan.integer && !(wide && integer_fits(p, dev) && !plan.ring && plan.act_raw_offset == 0))
    return cudaErrorInvalidValue;
  // k spans: one chunk per CTA (SpanStream's slots are per item of the chunk).
  if (plan.spans && !(wide && spans_fit(p) && plan.k_chunk >= plan.k_split))
    return cudaErrorInvalidValue;
  if (plan.act_raw_offset > 0 &&
      !(bulk_act_fits(p, dev, plan.k_split, plan.k_chunk) && plan.act_raw_offset % 16 == 0))
    return cudaErrorInvalidValue;
  if (plan.smem_bytes > dev.cta_smem) return cudaErrorInvalidValue;
  return cudaSuccess;
}

// Where the fused quantization pays (measured on the H200, run 176, every integer plan fused, bf16
// x, N = 1, against quantize then the W4A4 GEMV): every CTA quantizes its whole k range in its
// staging (seven comparisons a value against thresholds computed once a block), which long
// ranges do not pay back. k ranges up to kFusedQuantMaxK: tiled 0.9-2.5 us faster (7168x16384,
// then split 4 ways, 28.2 against 30.2, 14336x4096 18.3 against 20.1, 4096x4096 11.3 against 13.7,
// 2048x7168 11.8 against 12.7), the row-major integer k spans on 2048x7168 12.7 against 13.4;
// 14336 values slower (4096x14336 tiled 20.6 against 19.7, row-major 23.2 against 22.1), 16384
// even (the row-major 7168x16384 32.6 against 32.4). The row-major integer row tiles lost at K =
// 4096 too (the lm_head 117.2 against 110.3; run 172, with a division a value, 115.1 against 109.1;
// their fused kernel's code is much larger, not understood further), so they keep two kernels.
// Since the even bands (even_row_blocks) the tiled 7168x16384 runs unsplit: two kernels, 28.7-28.9
// us against 28.3-28.4 split and fused before, and 30.2-30.3 fused over K = 16384 (run 181).
constexpr int kFusedQuantMaxK = 8192;
// The row sweep's fused kernels are built for rows up to it (sweep_last_warps: 2 pieces on 4 warps).
static_assert(kFusedQuantMaxK <= 32 * 32 * 2 * detail::sweep_last_warps(2, true), "fused sweep kernels");
// The row sweep (1 or 2 pieces a thread) quantizes once per CTA and batch, its threads' own pieces
// or, with several groups of warps, all of K shared; it pays where that is spread over at least
// kFusedSweepMinCtaRows rows of the CTA. Measured (runs 282-283, docs/runs/run282/dyn_fuse.py and
// run283/dyn_fuse_l.py, two passes, bf16 x, the op fused against quantize then gemv_out;
// BENCHMARKS.md item 188): at L = 1 never faster: 4096xK (8-10 rows a CTA) even at K = 2048, 0.2
// us slower at 4096, 1.2-5.5 slower at 6144-16384 (4096x14336 23.5-23.6 against 18.1-18.3),
// 7168x16384 (18 rows) 30.0-30.4 against 26.8, 2048x7168 13.8 against 11.7-11.9, 7168x2048 (18)
// even; at L > 1 faster from 31 rows (4096x7168x8, 62 rows, 44.0 against 45.4-45.6; 7168x2048x4,
// 72, 17.6-17.7 against 18.0-18.2; 2048x7168x8, 31, 26.8-26.9 against 27.6), slower below
// (4096x4096x2, 21 rows, 14.8 against 14.3-14.5; 1000x4096x2 and 200x2080x4 by 0.3-0.5).
// And only up to K = kFusedQuantMaxK, as the tiled path: past it, with 24-82 rows a CTA, the
// fused 2-piece kernels lost to the two kernels (run 427, docs/runs/run427/ab427.py 20, two orders,
// unchecked, bf16 x, fused against this bound; BENCHMARKS.md item 263): 4096x14336x8 83.6-84.1 us
// against 76.8-77.3, 7168x16384x2 47.1-47.3 against 44.0-44.2, 14336x12288 38.9 against 34.6-34.9,
// 700x12800x16 38.2 against 31.0-31.5, 8192x10240x2 37.8 against 34.3-34.5, 4096x10240x4
// 40.8-40.9 against 34.5-34.7; the lm_head and 4096x7168x8 (fused either way) even.
constexpr int kFusedSweepMinCtaRows = 24;
// The band sweep (tiled, one column, L = 1: dynamic W4A4 where it takes the FP4 problem, item 276)
// quantizes in its prologue each warp's own tiles of x, a block of 16 values a lane at a time, at
// once on every warp of the SM before its first mma: it pays up to the same k range a CTA
// (plan.k_split, K / C) as the integer item's staging. Measured (run 458,
// docs/runs/run456/ab456.py 20, base / fused / fused / base, bf16 x, us, fused everywhere against
// the quantize kernel then the band sweep): k ranges of 4096 or less 0.5-1.9 us faster (1024x4096
// 8.3-8.5 against 10.3, 4096x4096 10.6 against 11.9-12.1, 28672x4096 24.5-24.6 against 26.4-26.6,
// 14336x4096 17.4-17.5 against 18.6, the lm_head 96.2-96.3 against 97.3-97.4, 7168x2048
// 10.6-10.7 against 11.1-11.3), 8192 even (7168x16384 27.6 against 27.6-28.0), 14336 slower
// (4096x14336 22.8-23.0 against 19.3-19.5, 8192x28672 48.9-49.1 against 45.7-45.8).
bool fused_quant_fits(const GemvParams& p, const GemvLaunch& plan) {
  const bool sweep_pays = detail::sweep_quantizes(plan.sweep) && p.K <= kFusedQuantMaxK &&
                          detail::sweep_cta_rows(p, plan.row_blocks, false) >= kFusedSweepMinCtaRows;
  const bool staged_pays = (plan.band || (plan.integer && !plan.sweep && (plan.tiled || plan.spans))) &&
                           plan.k_split <= kFusedQuantMaxK;
  return detail::quant_act(p) && !plan.k_sections && ((plan.integer && sweep_pays) || staged_pays) &&
         detail::quant_act_fits(p);
}

namespace {
// A checked plan.
int launch_plan(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  using namespace detail;
  const bool wide = plan.chunk_bytes == 16, wide_n = p.N > 8;
  if (plan.k_sections) {  // a sweep over K's sections, then their sum in order
    const GemvParams q = k_section_params(p, plan.k_sections);
    if (plan.cluster) {  // the tile sweep: a launch a section
      for (int s = 0; s < plan.k_sections; ++s)
        if (const int err = launch_tile_sweep(k_section_of(q, s), section_sweep(plan), dev, stream)) return err;
    } else if (const int err = launch_row_sweep(q, section_sweep(plan), stream)) {  // the sections as batches
      return err;
    }
    return launch_split_sum(p, plan.k_sections, dev, stream);
  }
  if (plan.band) return launch_band16(p, plan, dev, stream);
  if (plan.cluster) return launch_tile_sweep(p, plan, dev, stream);
  if (plan.sweep) return launch_row_sweep(p, plan, stream);
  if (quant_act(p)) {  // an integer plan (check_plan)
    if (plan.spans)
      return launch_variant<4, false, false, true, false, true, true>(p, plan, dev, stream);
    return plan.tiled
               ? launch_variant<4, false, false, false, true, true, true>(p, plan, dev, stream)
               : launch_variant<4, false, false, false, false, true, true>(p, plan, dev, stream);
  }
  if (plan.integer && plan.spans)
    return launch_variant<4, false, false, true, false, true>(p, plan, dev, stream);
  if (plan.integer)
    return plan.tiled ? launch_variant<4, false, false, false, true, true>(p, plan, dev, stream)
                      : launch_variant<4, false, false, false, false, true>(p, plan, dev, stream);
  if (plan.tiled)
    return wide_n ? launch_variant<4, true, false, false, true>(p, plan, dev, stream)
                  : launch_variant<4, false, false, false, true>(p, plan, dev, stream);
  if (plan.ring) return launch_variant<4, false, true>(p, plan, dev, stream);
  if (plan.spans) return launch_variant<4, false, false, true>(p, plan, dev, stream);
  if (wide)
    return wide_n ? launch_variant<4, true, false>(p, plan, dev, stream)
                  : launch_variant<4, false, false>(p, plan, dev, stream);
  return wide_n ? launch_variant<2, true, false>(p, plan, dev, stream)
                : launch_variant<2, false, false>(p, plan, dev, stream);
}
}  // namespace

const char* launch_variant(const GemvLaunch& g) {
  if (g.band) return "band sweep";
  if (g.cluster) return "tile sweep";
  if (g.sweep) return "sweep";
  if (g.integer) return g.tiled ? "tiled+int" : g.spans ? "spans+int" : "int";
  if (g.tiled) return g.act_raw_offset > 0 ? "tiled+bulk" : "tiled";
  if (g.ring) return "ring";
  if (g.spans) return "spans";
  return g.act_raw_offset > 0 ? "tiles+bulk" : "tiles";
}

int describe_launch(const GemvParams& p, const GemvLaunch& g, char* buf, int size) {
  using namespace detail;
  const char* kernel = g.band      ? "band16_kernel"
                       : g.cluster ? "sweep8_kernel"
                       : g.sweep   ? (g.integer ? "sweep_kernel" : "sweep16_kernel")
                                   : "gemv_kernel";
  int n = std::snprintf(buf, size, "%s%s (%s), grid %d, clusters of %d, row blocks %d, splits %d, k range %d",
                        g.sweep && !g.integer ? "W4A16 " : "", launch_variant(g), kernel, g.grid,
                        g.band ? g.band : g.cluster ? g.cluster : 1, g.row_blocks, g.splits, g.k_split);
  const auto more = [&](int wrote) { n += wrote > 0 ? wrote : 0; };
  const auto rest = [&]() { return n < size ? buf + n : nullptr; };
  const auto room = [&]() { return n < size ? size - n : 0; };
  if (g.sweep)
    more(std::snprintf(rest(), room(), ", %d piece%s a thread x %d warp%s a row", g.sweep, g.sweep > 1 ? "s" : "",
                       g.sweep_warps, g.sweep_warps > 1 ? "s" : ""));
  if (g.band) {
    const long long per_cta = ((p.M + 15) / 16 + g.row_blocks - 1) / g.row_blocks;
    const int slots = band16_warp_tiles(p.K, g.band);
    more(std::snprintf(rest(), room(), ", %lld band%s a CTA x %d slots a warp = %lld", per_cta,
                       per_cta == 1 ? "" : "s", slots, per_cta * slots));
  }
  if (g.k_sections > 1) more(std::snprintf(rest(), room(), ", %d K sections", g.k_sections));
  return n;
}

int launch_gemv(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream) {
  using namespace detail;
  const PlanDevice dev = device_info();
  if (const int err = check_plan(p, plan, dev)) return err;
  return launch_plan(p, plan, dev, stream);
}

int stream_read_default_grid(int device) {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  return sms * 4;
}

int launch_stream_read(const void* data, int64_t bytes, uint32_t* sink, int grid, int threads,
                       cudaStream_t stream) {
  if (threads <= 0) threads = kStreamReadMaxThreads;
  if (threads % 32 || threads > kStreamReadMaxThreads) return cudaErrorInvalidValue;
  if (grid <= 0) {
    int dev = 0;
    cudaGetDevice(&dev);
    grid = stream_read_default_grid(dev);
  }
  detail::stream_read_kernel<<<grid, threads, 0, stream>>>(static_cast<const uint8_t*>(data),
                                                            bytes, sink);
  return cudaGetLastError();
}

}  // namespace nvfp4