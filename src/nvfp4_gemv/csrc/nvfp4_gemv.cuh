// nvfp4_gemv.cuh: batched NVFP4 matrix x (1..16 columns) product. Torch-free.
//
//   out[l, m, n] = alpha * sum_k A[l, m, k] * SFA[l, m, k/16] * X[l, n, k]  (+ bias[m])
//
// A is FP4 E2M1 (two per byte, even k in the low nibble), SFA is FP8 E4M3 (one per 16 k).
// X is either FP4 E2M1 with its own E4M3 scales SFB (W4A4) or fp16 / bf16 (W4A16).
// alpha = weight_global_scale * act_global_scale (each optional, read on the device; the weight's
// may instead be one per row, weight_row_scale[m], for fused shards whose scales differ).
//
// How it works. Five kernel families, one header each (gemv_common.cuh lists them), and a launch
// rule (launch_rule.cuh; plan_gemv_for puts it together) that picks one from M, K, L, N, the
// layouts, the activation kind and the device. Each reads every weight byte once, decodes E2M1 in
// registers (the hardware's cvt on sm_100a / sm_120a) and accumulates in fp32:
//   - the row tiles (gemv_kernel: every target, layout and shape; described below);
//   - the row sweep (sweep_kernel; W4A4, one column, row-major weights, sm_90): nothing staged,
//     each thread keeps its fixed pieces of x in registers as int8 and a group of warps streams
//     whole rows, the integer item's dp4a dot products;
//   - the W4A16 row sweep (sweep16_kernel; fp16 / bf16 x at one or two columns, FP4 x at two): the
//     same shape with the products on the tensor core;
//   - the band sweep (band16_kernel; one column at L = 1 on the tiled format, sm_90): x in shared
//     memory as fp16, each warp its k tiles of a 16-row band, the block scales applied to the
//     mma's block sums in fp32;
//   - the tile sweep (sweep8_kernel; 2..16 columns at L = 1, sm_90): x in the registers of a
//     thread block cluster, the weights through shared memory.
// The row tiles (one CTA = 8 warps, a contiguous, balanced range of the L*M rows and a k range):
//   1. The CTA stages its activation columns in shared memory as fp16, already in the order in
//      which the tensor-core fragments want them (W4A4: decoded and multiplied by SFB, exact;
//      fp16: copied; bf16: rescaled by a power of two per column, see stage_activation). A long
//      FP4 column (N = 1, more than 8192 values) arrives on sm_90 by one bulk copy first.
//   2. Each warp streams 16-row x 128-k tiles of A (16 bytes per thread and row), decodes E2M1 to
//      fp16 in registers, multiplies by the block scale (exact, see below) and feeds
//      mma.m16n8k16 with the weights as the A operand (16 weight rows per mma) and up to 8
//      activation columns as B (a second mma for columns 9..16): N columns share one weight read.
//      With one column and short rows (spans_pay in launch_rule.cuh) a warp streams 2-row x 1024-k
//      spans instead (256 contiguous bytes of each row per load), B's 8 columns carrying 8 k spans.
//      W4A4 at one column on sm_90 takes the integer item instead: 2 * E2M1 is an integer for
//      both operands, each lane takes its own dp4a dot products (u8 x s8) into exact int32 block
//      sums and applies the scales in fp32, in the row tiles (compute_item_tile_dot) or, where
//      CTAs have few rows (dot_pays), in the k spans (compute_item_dot).
//      The weight bytes reach registers either by each warp's own 16-byte loads, 4 items ahead
//      (the register window), or, on sm_90+ where a CTA's whole weight stream is small, through
//      a ring of shared-memory stages filled by bulk copies (the TMA's 1-D form) of 1 KB per row.
//   3. Warps split the (row tile, k) work items of all the CTA's rows of one batch in contiguous
//      ranges (one load pipeline per warp from the first row to the last; with the ring, every
//      warp takes its k-steps of every stage); partial sums go to shared memory and are added
//      in warp order: the result is bitwise deterministic.
//   4. When staging N x K activation values per CTA would rival its weight stream (several
//      columns, or few rows per CTA), or, for tiled weights at one column, when 16-row bands are
//      fewer than the SMs and leave the busiest SM much more than the average, K is split over
//      `splits` CTAs per row range; each writes an fp32 partial sum and reduce_splits_kernel (on
//      sm_90+ the GEMV's programmatic dependent launch) adds them in split order (plan_gemv has
//      the rules).
//
// Exactness. The decoded weight times its block scale, A * SFA * 2^-14 on sm_80 .. sm_90 (the
// software decode's own scale; 2^-7 where the hardware converts), is exact in fp16 (at most 6
// significant bits, a multiple of 2^-24, at most 0.16; 21). Products are formed exactly by the
// tensor core and accumulated in fp32 over the whole K; the fp32 epilogue applies 2^14 (2^7), the
// global scales, bias.
// The integer item: each 16-value block sum is an exact int32, times SFA * SFB * 2^-6 (exact in
// fp16), added in fp32; the epilogue applies 2^4.
#pragma once
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stdint.h>

namespace nvfp4 {

// kActQuantF16 / kActQuantBF16: W4A4 with a 16-bit x quantized to NVFP4 inside the GEMV kernel
// (quantize_block.cuh's rule, global multiplier *act_global_scale or 1, which the epilogue also
// applies): bitwise what launch_quantize then the FP4 GEMV give. Planned as FP4; the integer
// plans (row tiles, k spans, row sweep) and the band sweep take it (check_plan), N = 1, x 16-byte
// aligned; the caller asks fused_quant_fits and otherwise quantizes, then runs the FP4 GEMV.
enum ActKind : int { kActFP4 = 0, kActF16 = 1, kActBF16 = 2, kActQuantF16 = 3, kActQuantBF16 = 4 };
// kScaleTiled names the tiled weight format, A and SFA together (see ScaleIndex and GemvParams).
enum ScaleLayout : int { kScaleRowMajor = 0, kScaleBlocked = 1, kScaleTiled = 2 };
enum OutKind : int { kOutF32 = 0, kOutF16 = 1, kOutBF16 = 2 };

// Where the E4M3 scale of (row r, scale column j) lives, for each layout. The offset separates
// into row_offset(r) + col_offset(j), so a thread computes each part once per row / per k.
//   row-major:  r * row_stride + j * col_stride
//   blocked:    (r/128 * k_groups + j/4) * 512 + (r%32) * 16 + (r%128)/32 * 4 + j%4
//               (cuBLAS 128x4 tiles; k_groups = ceil(K/64) tiles per 128-row band)
//   tiled:      r/16 * row_stride + j/8 * 128 + (r%8) * 16 + (j%8)/2 * 4 + (r%16)/8 * 2 + j%2
//               (a 16-row x 128-k tile's 128 scale bytes together, row_stride = bytes per
//               16-row band, in lane order: word 4 (r%8) + (j%8)/2 holds blocks j, j+1 (j even)
//               of rows r, r+8, what lane 4g+t of a warp's row tile wants; format.py)
struct ScaleIndex {
  const uint8_t* base;      // scale bytes of batch 0
  int64_t batch_stride;     // bytes
  int64_t row_stride;       // bytes (row-major; tiled: per 16-row band)
  int64_t col_stride;       // bytes (row-major only)
  int layout;               // ScaleLayout
  int k_groups;             // ceil(K / 64) (blocked only)

  // kTiled: the tiled layout, known at compile time (the tiled kernel variant; a third runtime
  // case in the others' address code made ptxas spill at their register cap).
  template <bool kTiled = false>
  __host__ __device__ int64_t row_offset(int r) const {
    if (kTiled) return (int64_t)(r >> 4) * row_stride + (r & 7) * 16 + ((r >> 3) & 1) * 2;
    if (layout == kScaleBlocked)
      return (int64_t)(r >> 7) * k_groups * 512 + (r & 31) * 16 + ((r >> 5) & 3) * 4;
    return (int64_t)r * row_stride;
  }
  template <bool kTiled = false>
  __host__ __device__ int64_t col_offset(int j) const {
    if (kTiled) return (int64_t)(j >> 3) * 128 + ((j & 7) >> 1) * 4 + (j & 1);
    if (layout == kScaleBlocked) return (int64_t)(j >> 2) * 512 + (j & 3);
    return (int64_t)j * col_stride;
  }
};

struct GemvParams {
  int M, K, L, N;              // rows, logical K, batches, activation columns (1..16)
  // A: bytes, [L, M, K/2] with unit stride along K; or, when sfa.layout == kScaleTiled, the tiled
  // weight format: the E2M1 byte of (m, k) at m/16 * a_row_stride + k/128 * 1024 + (m%16) * 64 +
  // (k%128)/2 (each 16-row x 128-k tile's 1 KB together, a_row_stride = bytes per 16-row band,
  // rows and K zero-padded to whole tiles; format.py), so that a warp's 16-byte loads of one
  // tile read 512 contiguous bytes each and its consecutive tiles are consecutive kilobytes.
  const uint8_t* a;
  int64_t a_batch_stride, a_row_stride;  // bytes
  ScaleIndex sfa;
  // X: [L, N, K] (fp16/bf16 elements) or [L, N, K/2] bytes (FP4), unit stride along K.
  const void* x;
  int64_t x_batch_stride, x_col_stride;  // elements of x's type (bytes for FP4)
  int act;                     // ActKind
  ScaleIndex sfx;              // FP4 activation only
  // out: [L, M, N], any strides (elements) that keep its elements apart (binding.cpp checks).
  void* out;
  int64_t out_batch_stride, out_row_stride, out_col_stride;
  int out_kind;                // OutKind
  const float* weight_global_scale;  // nullable, one fp32 on the device
  const float* act_global_scale;     // nullable
  const float* bias;                 // nullable, [M] fp32
  // Split-K workspace: fp32 [splits, L*M, N] (or [k_sections, M, N]), allocated by the caller
  // when plan_gemv asks for one (GemvLaunch::workspace_bytes > 0); null otherwise.
  float* partials;
  // nullable, [M] fp32: the weight's global scale, one per row (fused shards whose scales differ),
  // in weight_global_scale's place (the binding sets one of them). Last, so that adding it moved
  // no other parameter's offset (the sweeps' loads are placed by ptxas around them).
  const float* weight_row_scale;
};

// Launch configuration chosen on the host from M, K, L, N and the SM count; see plan_gemv.
struct GemvLaunch {
  int grid;             // CTAs = row_blocks * splits
  int row_blocks;       // CTAs along the L*M rows (each a balanced contiguous range)
  int splits;           // CTAs along K (1: no split; > 1: partial sums + a fixed-order reduction)
  int k_split;          // K values per split (a multiple of the k step)
  int k_chunk;          // activation values staged per pass (multiple of the k step)
  int seg_rows;         // most rows per segment (a multiple of 16; the partial sums' capacity);
                        // the row sweeps: min(M, a CTA's rows), which their kernels do not read
  int smem_bytes;
  int chunk_bytes;      // 16 or 8 bytes of A per thread per item
  int ring;             // 1: the weights stream through the bulk-copy ring (sm_90+, see the kernel)
  int spans;            // 1: two-row k spans, one column (SpanStream in the kernel)
  int tiled;            // 1: row tiles from the tiled weight format (sfa.layout == kScaleTiled)
  int integer;          // 1: W4A4 at one column on the integer item (dp4a; row tiles, or k spans
                        // with spans; see the kernel)
  int act_raw_offset;   // > 0: shared-memory offset where bulk copies land the raw FP4 activation
                        // chunk before it is decoded (sm_90, see stage_fp4_activation_bulk)
  int sweep;            // > 0: a row sweep (one column, row-major; W4A4: sweep_kernel, W4A16:
                        // sweep16_kernel, told apart by `integer`), this many 32-value pieces of
                        // every row per thread, the activation in registers
  int sweep_warps;      // the row sweep's warps per row (CTAs of sweep_warps * (8 / sweep_warps))
  int band;             // > 0: the band sweep (band16_kernel: W4A16, one column, L = 1, the tiled
                        // format, sm_90), this many CTAs per thread block cluster (1 or 2), each
                        // k_split values of every band; row_blocks clusters, grid = row_blocks * band
  int cluster;          // > 0: the tile sweep (sweep8_kernel: 2..16 columns, sm_90; tiled: on the
                        // tiled weight format, else row-major), this
                        // many CTAs per thread block cluster, each k_split values of every row;
                        // row_blocks clusters, grid = row_blocks * cluster
  int k_sections;       // > 1: a sweep past the K it holds (L = 1): K in this many equal sections,
                        // at one column the row sweep's batches (k_section_params), at several the
                        // tile sweep's launches (k_section_of), their fp32 sums in the workspace
                        // added in section order by the split reduction
  int64_t workspace_bytes;  // fp32 partial sums the caller must provide (0 when splits == 1 and
                            // k_sections <= 1)
};

constexpr int kWarps = 8;
constexpr int kThreads = kWarps * 32;
constexpr int kActStageBytes = 64 * 1024;          // shared memory for staged activations
constexpr int kSmemHeader = 192;                  // column exponents and maxima
constexpr int kActPadBytes = 8 * 64;               // readable slack after the staged activation
constexpr int kMaxCols = 16;

}  // namespace nvfp4

// Host entry points (defined in gemv_kernels.cu).
namespace nvfp4 {
// What the launch rule needs to know of a device.
struct PlanDevice {
  int sms = 0;
  int cta_smem = 0;         // shared memory one CTA may take, bytes
  int major = 0;            // compute capability
  int resident_per_sm = 0;  // CTAs per SM of every kernel variant; 0: ask the occupancy API
  int smem_optin = 0;       // shared memory a CTA may opt in to, bytes (0: the tile sweep is not planned)
  int cluster_fit[9] = {};  // clusters of c = 1..8 tile-sweep CTAs resident at once (0: sms / c)
  int mem_gbps = 0;         // peak DRAM bandwidth, GB/s (memory clock x bus width x 2; 0: not known)
};
// The launch configuration for p on the current device (no CUDA work beyond reading device
// attributes once), and on a described one (no CUDA work when dev.resident_per_sm > 0: the
// launch rule's tests, on machines without a GPU).
GemvLaunch plan_gemv(const GemvParams& p);
GemvLaunch plan_gemv_for(const GemvParams& p, const PlanDevice& dev);
// 0 when launch_gemv would accept `plan` for p on dev, else cudaErrorInvalidValue.
int check_plan(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev);
// Whether to launch `plan` for p with its activation quantized in the kernel (kActQuantF16 /
// kActQuantBF16): an integer plan (tiled or k spans) over k ranges short enough to pay for it, or
// the row sweep where its CTAs hold rows enough to pay for it; one column, 16-byte aligned x
// (gemv_kernels.cu has the measurements).
bool fused_quant_fits(const GemvParams& p, const GemvLaunch& plan);
// The plan's variant in one word or two ("sweep", "band sweep", "tile sweep", "tiles", "spans+int",
// ...: the kernel family, and for the row tiles how they stage and decode), as tests/cpp/plan_rules.cu
// names the measured rule's choices.
const char* launch_variant(const GemvLaunch& plan);
// What `plan` launches for p, in words: the kernel family and its kernel, grid, clusters, row
// blocks, splits, k range, and the family's own shape (a row sweep's pieces and warps, the band
// sweep's bands and tile slots, K sections). Written into buf (NUL-terminated, at most size
// bytes); returns the length the whole text needs. plan_rules' show mode prints it, and the CUDA
// binding logs it for each new shape under NVFP4_GEMV_LOG=1.
int describe_launch(const GemvParams& p, const GemvLaunch& plan, char* buf, int size);
// Launches `plan` (from plan_gemv on the same p; p.partials set when plan.workspace_bytes > 0).
// Returns a CUDA error code (0 = success).
int launch_gemv(const GemvParams& p, const GemvLaunch& plan, cudaStream_t stream);
// A bare streaming read of `bytes` bytes (the stream floor): sums 16-byte words so nothing is
// optimised away, writes one word per CTA to `sink` (grid entries). grid <= 0: the default rule;
// threads <= 0: kStreamReadMaxThreads; otherwise a multiple of 32 up to kStreamReadMaxThreads.
constexpr int kStreamReadMaxThreads = 512;
int launch_stream_read(const void* data, int64_t bytes, uint32_t* sink, int grid, int threads,
                       cudaStream_t stream);
int stream_read_default_grid(int device);
// NVFP4 quantization of `values` contiguous, 16-byte aligned values (dtype: kActF16, kActBF16, or
// any other value for fp32) into packed E2M1 pairs and row-major E4M3 scales (quantize_kernel.cu).
int launch_quantize(const void* x, int dtype, int64_t values, const float* global_scale,
                    uint8_t* packed, uint8_t* scales, cudaStream_t stream);
// NVFP4 -> out_kind (OutKind): `values` = rows * k values, a's E2M1 pairs contiguous and 8-byte
// aligned, sfa's row-major E4M3 scales contiguous, out contiguous and 16-byte aligned; global_scale
// null, one float, or one per row (global_scale_per_row) (dequantize_kernel.cu).
int launch_dequantize(const uint8_t* a, const uint8_t* sfa, int64_t values, int64_t k, const float* global_scale,
                      bool global_scale_per_row, int out_kind, void* out, cudaStream_t stream);
}  // namespace nvfp4
