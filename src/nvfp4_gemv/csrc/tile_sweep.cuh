// tile_sweep.cuh: sweep8_kernel, 2..16 activation columns at L = 1 (and one column past K = 16384)
// on row-major or tiled weights (sm_90): x held in the registers of a thread block cluster, the
// weights through shared memory. Torch-free.
#pragma once
#include "gemv_common.cuh"
#include "smem_copy.cuh"

#include <type_traits>

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// The tile sweep (sweep8_kernel): 2 to 16 activation columns at L = 1 (fp16 / bf16 / FP4 x),
// row-major weights and scales or the tiled weight format (kTiled, item 270), sm_90, K <= 32768,
// and one column where K > 16384 (BENCHMARKS.md items 184, 194, 199, 273; scripts/cols8_probe.cu
// is its first form, standalone).
//
// Why: the row tiles (N > 2 until then) have each warp load 16 rows x 64 bytes per step, a
// pattern that reads 1.4x slower than a stream (pattern_probe.cu "tile/4"), and stage x in shared
// memory; the row sweeps read 512 contiguous bytes of a row per warp load and keep x in
// registers, but use 1/8 of each mma (the diagonal: one column), so 8 columns would cost 8x the
// mma. Here every mma entry is a product we keep: A = 16 weight rows x 16 k, B = 16 k x the 8
// columns, D = 16 rows x 8 columns, and the weights reach the A fragments through shared memory.
//
// Shape: CTAs of 16 warps, one per SM (kSweep8Warps), each thread kPieces chunks of 32 values of
// a row (2, or 4 where K > 4096 and the clusters of 2-8 CTAs that 2 need would leave more work:
// sweep8_choice; 1 or 2 at 9..16 columns, below). A thread block cluster of C = ceil(K / (32 x 64
// kPieces)) CTAs (up to 8 where that keeps the rounds and fills more SMs: sweep8_spread) takes
// the 16-row tiles b, b + G, b + 2 G, ... (G clusters); its CTA of rank c
// holds V chunks of every row (chunks c V .. c V + V - 1 of K, V = sweep8_chunks: K split evenly,
// in multiples of 8). Per tile each CTA
// copies its 16 rows x V chunks and their scales into one of Sweep8Shape's stages (cp.async, 16
// bytes a copy: a warp's copies read 512 contiguous bytes of one row, the sweep's load shape;
// stages in flight hold no registers), or, in the kernels sweep8_register_staged names (1 or 2
// chunks a thread, but bf16 x at 9..16 columns), loads them into registers a tile ahead in the
// same shape and stores them to one of 2 stages (items 311, 315-316: the copies stream slower).
// Lane (g, t) of warp w takes chunks j = 64 u + 4 w + t (u < kPieces) of rows g and g + 8 (one
// LDS.128 each; the chunk index XOR 4 on odd rows keeps the quads' reads conflict-free; it stops
// where the CTA's chunks end, with 4 pieces where the warp's do) and holds column g of x at the
// same chunks in registers (16 half2 a chunk in pair_k order, as the sweeps' B), so its k slots in
// A and in B agree and D[g][2t..], D[g + 8][2t..] are whole dot products over the warp's chunks.
// Per 32 values of a row: the decode (44 SASS), 16 HMUL2 for the block scales, 4 mma (as the
// W4A16 sweep at one column, for 8 columns here), one LDS.128 and one 16-bit scale load. Columns
// past N are zero in B and not stored.
// 9..16 columns (kColBlocks = 2): the lane holds columns g and g + 8 of x, each block its own B and
// D (two mma chains more per word: 8 mma per 32 values of a row, the decode and block scales
// shared), on one chunk a thread (x at 32 registers; K over clusters of up to 8 CTAs, ceil(K /
// 2048)) or, where a cluster takes enough tiles, on two (x at 64; clusters of up to 4, item 197:
// 7168x16384 N = 9..16 33.2-34.9 us against 35.7-37.8 on one). One chunk, measured (run 299,
// docs/runs/run299/cols16_ab.py, two orders, unchecked, against NVFP4_GEMV_SWEEP8=0: the row tiles
// with split K; fp16 / bf16 / FP4 x): 7168x16384 N = 16 36.4-36.7 / 37.5-37.7 / 36.4 us against
// 46.4 / 47.6-47.8 / 42.4-42.5, N = 9 35.8-36.1 / 37.1-37.2 / 36.2-36.3 against 40.0-40.1 /
// 40.7-41.2 / 38.0-38.3; 28672x8192 N = 16 64.1-64.2 / 65.4-66.1 / 64.2-64.5 against 125.6-125.7 /
// 141.9-142.0 / 114.1-114.2; 14336x4096, 4096x4096, 2048x7168 and 7168x2048 1.2-1.6x faster;
// 4096x14336 (clusters of 7) faster but FP4 N = 9 (24.7-24.8 against 24.4), so wherever it fits.
// The 16 columns cost what 9 do: ~6 us over 8 columns on 2 chunks (7168x16384 fp16 30.0-30.4), the
// clusters of 8 on 128 SMs and half the values a tile; on two chunks 4 us less (above). After each
// tile the warps' D go to shared memory and 128 threads (256 at 16 columns) add the 16 warps' in
// warp order and, with C == 1, store them (the rows' epilogue factors read a tile ahead into
// shared memory, item 319); with C > 1 each CTA keeps its tiles' sums and, after a cluster
// barrier, the C CTAs each add a share of the outputs over the C CTAs' sums in rank order
// (distributed shared memory) and store them: deterministic, one kernel.
// Exact as the sweeps: weights E2M1 * SFA * kWeightBias in fp16, products exact, fp32 accumulation;
// bf16 x rescaled per warp and column by a power of two (column_exponent of the quad's maximum;
// a column's B sits in one quad of each warp), undone on the warp's sums; FP4 x decoded once as
// E2M1 * SFB * kWeightBias (the sums carry kWeightBias^2).
// The tiled weight format (kTiled): a stage holds what the format's tiles hold, 16 rows x 128
// values a k tile, and a CTA's k tiles of a band lie together there (1 KB each, then 128 scale
// bytes each), so the CTA copies them as they lie (thread q: 16-byte pieces q, q + 512, ... of
// the weights, piece q of the scales) and warp w reads k tile 16 u + w whole: rows g and g + 8 at
// 16 lane and 512 + 16 lane (512 contiguous bytes a LDS.128, no swizzle), and one 4-byte scale
// word for both rows (word 4 g + t: the format's lane order) where row-major takes two 16-bit
// loads; the same products in the same order, so the same bits as row-major. Hot loops 439 / 443
// / 440 SASS (fp16 / bf16 / FP4, 2 chunks) against 458 / 464 / 459. Measured (run 441,
// docs/runs/run441/ab441.py, two orders, unchecked, against the format's row tiles; bf16 / fp16 /
// FP4 x, us): 7168x16384 N = 8 30.4 / 29.5-29.6 / 29.1-29.2 against 34.2 / 34.4 / 32.1-32.2 (row-major
// weights 31.0-31.1 bf16), N = 16 34.7-35.0 / 34.5 / 32.9 against 44.0-44.1 / 42.7-42.8 / 38.9-39.0;
// the lm_head (151936x4096) N = 8 103.3-103.7 against 137.6-138.1, N = 16 120.7 against 258.8-258.9;
// 8192x28672 N = 16 63.3-63.5 / 62.7 / 61.1 against 114.8-115.2 / 98.6-98.7 / 92.9-93.3;
// 14336x4096, 4096x4096, 2048x7168 and 4096x14336 at 8 and 16 columns 0.9-9.5 us faster; 3 columns
// 0.7-3.0 faster on 7168x16384, 14336x4096, 4096x4096 and 2048x7168, but slower on 4096x14336
// (bf16 21.4-21.6 against 20.6, FP4 19.8-20.0 against 19.6), 8192x28672 (bf16 53.1 against
// 50.8-51.4, FP4 49.9 against 47.9-48.4; fp16 0.6-1.2 faster) and the lm_head (0.5-1.5), and 2
// columns on 8192x28672 (bf16 / FP4 0.5-0.9 slower, fp16 2.3-2.9 faster): taken then wherever it
// fits, as for row-major weights; at 2-3 columns as sweep8_pays says (items 273, 335-337: the row
// tiles on many rows below K = 8192 where the memory is fast, below K = 2048 where it is not).
// ---------------------------------------------------------------------------------------------
constexpr int kSweep8Warps = 16, kSweep8Threads = 32 * kSweep8Warps;
constexpr int kSweep8MaxCluster = 8;  // the portable cluster size (PlanDevice::cluster_fit's range)
constexpr int kSweep8MaxK = 32768;    // 2 chunks a thread on clusters of kSweep8MaxCluster
// A CTA's shape by its chunks a thread and row (kPieces) and its blocks of 8 columns (kColBlocks):
// 2 chunks (a CTA holds up to 128 chunks of a row: clusters of up to 4 at K = 16384, 4 stages of
// 37 KB) or 4 (256 chunks: clusters of 2, all 132 SMs rather than the 30 clusters of 4 that fit at
// once, stages of 74 KB; x then takes 64 registers, 128 in all at the cap, no spills), both for
// 3..8 columns; 9..16 columns (2 blocks) take 1 chunk (64 chunks: clusters of up to 8, 4 stages of
// 18 KB; x, two columns a lane, again at 32 registers) or 2 (as 2 chunks above, with tile sums
// twice as wide; x at 64 registers, 116-124 in all, no spills: sweep8_choice).
// 4 chunks take 3 stages where they fit in the opt-in shared memory with the cluster's tile sums
// (sweep8_choice_at: 224.8 KiB of the H100's and H200's 227 KiB, so up to 4 tiles a cluster where C >
// 1), else 2; and the warps' sums of one tile at a time (8 KB; two tiles' would leave no room for
// the third stage), at the cost of a barrier a tile before a tile's sums overwrite the last's.
// Why 3: with 2 a tile's copies start only when the previous tile has landed (the stage they go to
// was being read), so one tile is in flight at a time and each pays the whole DRAM latency again;
// with 3 the next tile's copies are in flight while the current one lands. Measured (run 498, H100,
// docs/runs/run498/ab.py 20, two orders, unchecked, fp16 / FP4 x at N = 4 and 8; BENCHMARKS.md item
// 304): 0.3-0.6 us faster where single CTAs take several tiles (8000x6144 FP4 N = 8 20.1-20.2 us
// against 20.6-20.7, 14336x5120 fp16 N = 8 26.9-27.0 against 27.1-27.6), 4096x14336 (4 tiles a
// cluster of 2) even to 0.4 faster, not the 2-3 us predicted; on 2 stages (8192x14336, 3000x18944)
// even within 0.3.
// Since item 328 these copies go a unit (a quarter tile) at a time, at most a tile ahead
// (kUnitStream, below), so the third stage no longer holds more bytes in flight; whether 2 would
// now do as well is not measured.
// Which kernels stage their tiles through registers (sweep8_kernel's kRegStaged, on two stages)
// rather than by cp.async: every kernel of 1 or 2 chunks a thread, row-major or tiled, but bf16 x
// at 9..16 columns; 4 chunks (their x alone takes 64 registers) keep the copies. Measured (run
// 507, docs/runs/run507, H100, one build against main's, FP4 x N = 8 in two orders; BENCHMARKS.md
// item 311) on the fp16 and FP4 kernels of 2 chunks at N = 8: 14336x4096 20.3-20.6 / 20.6 us
// against 21.8-22.1 / 22.1, 7168x16384 34.0-34.4 / 34.0 against 38.5-38.8 / 39.5, 4096x4096
// 11.3-11.4 / 11.7 against 11.7 / 12.2. bf16 x and two column blocks were slower there (4096x14336
// bf16 28.8 against 24.7): a store waited on the next tile's loads (item 313), which the loop's
// order now rules out (below). With that order (run 513, docs/runs/run513, H100, one build each
// against main's, one order, unchecked; items 315-316), against the copies: bf16 x at N = 8
// 8192x28672 59.2 against 66.9-67.0, 7168x16384 34.8 against 39.6-39.7, 14336x4096 20.6 against
// 22.6, 4096x14336 22.9 against 24.5-24.7; the tiled format at N = 8 (FP4 / fp16 / bf16 x)
// 8192x28672 57.0 / 57.9 / 57.7 against 63.5 / 64.7 / 66.4, 7168x16384 32.9 / 33.5 / 33.4 against
// 38.6 / 38.7 / 39.5; at N = 16 FP4 x 7168x16384 35.2 against 39.9, 14336x4096 21.1 against 22.5,
// the others 0.3-1.2 faster; fp16 x even to 4.5 faster. bf16 x at N = 16 gained on 7168x16384
// only (38.0 against 40.8) and lost 0.4-1.4 on the five others (4096x14336 27.2 against 26.2,
// 8192x28672 70.4 against 69.0), so it keeps the copies (and the tiled kernel of 2 chunks would
// spill 40 bytes staged: 128 registers with a tile's loads in flight, sm_90a).
// The kernels for scale rows on 4 bytes (kScaleWords, below) are register-staged whatever x: the
// copies need 16-byte rows, and bf16 x at 9..16 columns on the row tiles is slower still.
__host__ __device__ constexpr bool sweep8_register_staged(int act, int pieces, int col_blocks,
                                                          bool scale_words = false) {
  return pieces <= 2 && (scale_words || !(act == kActBF16 && col_blocks == 2));
}
// Which shapes have a kScaleWords kernel: 1 or 2 chunks, but bf16 x at 9..16 columns 1 only (2
// chunks staged there spill 62 bytes, sm_90a), so K <= 16384 there (sweep8_fits).
__host__ __device__ constexpr bool sweep8_scale_words_kernel(int act, int pieces, int col_blocks) {
  return pieces == 1 || (pieces == 2 && !(act == kActBF16 && col_blocks == 2));
}

template <int kPieces, int kColBlocks>
struct Sweep8Shape {
  static_assert(kColBlocks == 1 ? kPieces == 2 || kPieces == 4 : kColBlocks == 2 && kPieces <= 2, "shapes");
  static constexpr int kChunks = 4 * kSweep8Warps * kPieces;  // a CTA's chunks of a row, at most
  static constexpr int kStages = kPieces == 4 ? 3 : 4;        // the most (4 chunks: 2 where 3 do not fit)
  static constexpr int kRowBytes = 16 * kChunks;              // a stage's row of weights
  static constexpr int kSfRow = 2 * kChunks + 16;             // of scales, padded: no bank conflicts
  static constexpr int kStageBytes = 16 * (kRowBytes + kSfRow);
  static constexpr int kTileOutputs = 128 * kColBlocks;       // a tile's 16 rows x 8 kColBlocks columns
  static constexpr int kRedBuffers = kPieces == 4 ? 1 : 2;    // tiles' warp sums held at once
  static constexpr int kRedBytes = kRedBuffers * kSweep8Warps * kTileOutputs * 4;
  static constexpr int kTileSumBytes = kTileOutputs * 4;      // a tile's sums kept for the cluster
  static constexpr int kRowFactorBytes = 2 * 16 * 4;          // a tile's row scales and biases, C = 1
  static constexpr int fixed_smem(int stages) { return stages * kStageBytes + kRedBytes; }
};

// kAct: kActF16, kActBF16 or kActFP4; kPieces, kColBlocks: Sweep8Shape's; kTiled: the tiled
// weight format (format.py) in place of row-major weights and scales; kScaleWords: row-major scale
// rows read as four 4-byte words a lane, not one 16-byte load, so rows on 4 bytes (contiguous ones
// of K % 256 != 0, as checkpoints hold them) take the register-staged kernels too (item 323). Its
// own kernels, not a branch: the words cost the loop 7-8 SASS, 0.3 us at 4096x14336 fp16 x N = 16
// (run 524), which rows on 16 bytes need not pay.
template <int kAct, int kPieces, int kColBlocks, bool kTiled, bool kScaleWords>
__global__ void __launch_bounds__(kSweep8Threads, 1)
    sweep8_kernel(const GemvParams p, int clusters, int chunks, int stages) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
  __trap();  // the launcher picks it on 9.x devices only
#else
  static_assert(kAct != kActBF16 || kPieces != 4, "bf16 x takes 2 chunks a thread (sweep8_choice)");
  using Shape = Sweep8Shape<kPieces, kColBlocks>;
  constexpr int W = kSweep8Warps, CB = kColBlocks, TO = Shape::kTileOutputs, RB = Shape::kRedBuffers;
  // Register-staged tiles (below) on 2 stages; else the plan's (sweep8_choice_at) with 4 chunks, 2
  // or 3; else the shape's 4.
  static_assert(!kScaleWords || (!kTiled && sweep8_scale_words_kernel(kAct, kPieces, kColBlocks)), "scale words");
  constexpr bool kRegStaged = sweep8_register_staged(kAct, kPieces, kColBlocks, kScaleWords);
  const int S = kRegStaged ? 2 : kPieces == 4 ? (stages == 3 ? 3 : 2) : Shape::kStages;
  extern __shared__ __align__(16) uint8_t smem8[];
  // The tiled kernels reach shared memory through a held pointer: from smem8 itself NVVM formed the
  // stage's address again in the hot loop (2-3 S2R SR_CgaCtaId a pass; the loops up to 30 SASS
  // shorter without). Not the row-major ones, whose loops it made 5-7 SASS longer (sm_90a; item 286),
  // but for 4 chunks, whose stage is a running index since item 304 (3 S2UR SR_CgaCtaId a pass
  // without it, 816 SASS a tile with it against 829).
  uint8_t* const smem = kTiled || kPieces == 4 ? held_shared(smem8) : smem8;
  float* red = reinterpret_cast<float*>(smem + S * Shape::kStageBytes);  // [RB][W][TO]
  float* tile_sums = red + RB * W * TO;                                   // [tiles][TO], C > 1
  const int tid = threadIdx.x, w = tid >> 5, lane = tid & 31, g = lane >> 2, t = lane & 3;
  const unsigned C = cluster_ctas(), cr = cluster_rank();
  const int b = blockIdx.x / C;  // the cluster (1-D clusters: consecutive CTAs)
  const int T = (p.M + 15) >> 4, n = b < T ? (T - b + clusters - 1) / clusters : 0;
  const int c0 = cr * chunks, valid = min(chunks, (p.K >> 5) - c0);  // the CTA's chunks within K
  const uint8_t* a_cta = p.a + 16 * (int64_t)c0;
  const uint8_t* sf_cta = p.sfa.base + 2 * (int64_t)c0;
  const uint32_t stage0 = smem_addr(smem);
  // The epilogue's row factors (NVFP4Linear's weight scale per row of fused shards, a bias) where
  // a single CTA (C == 1) stores each tile's outputs in the loop (reduce): read there from global
  // memory, each tile's stores waited a memory latency while the other warps waited at the next
  // barrier (run 518, H100, FP4 x N = 8: 18944x3584 21.6 us plain against 23.5 with both, 8000x6144
  // 19.5 against 21.8). So tile j's 16 rows' factors come with tile j + 1's bytes (its copies'
  // group, or right after its register loads' issue), by 4-byte cp.async of the last warp (lanes
  // 0..15 the scales, 16..31 the biases), into the slot of tile j + 1's stage in a ring of S where
  // the cluster's tile sums would be; reduce(j) reads them there a tile later, in tile j + 1's
  // pass, while that pass copies tile j + S - 1's into another (Sweep8Shape::kRowFactorBytes).
  // Measured (run 519, docs/runs/run519, H100, two orders, FP4 x N = 8 with both factors, old /
  // this): 18944x3584 23.5-23.6 / 21.4-21.6 us, 8000x6144 22.0-22.1 / 20.1-20.2, 14336x4096 20.9-21.2
  // / 19.8-20.0, within 0.2 of the same calls without factors; clusters (C > 1) even. Costs 14-32
  // SASS in each loop (sm_90a), mostly in branches that calls without factors skip.
  const bool copies_row_factors = C == 1 && (p.weight_row_scale || p.bias) && w == W - 1;
  float* const factors = tile_sums;  // [S][2][16]
  const auto copy_row_factors = [&](int j, int stage) {
    if (copies_row_factors && j >= 0 && j < n) {
      const int m = 16 * (b + j * clusters) + (lane & 15);
      const float* src = lane < 16 ? p.weight_row_scale : p.bias;
      if (src && m < p.M) cp_async4(smem_addr(factors + 32 * stage + lane), src + m);
    }
  };
  // Tile i of the cluster (rows 16 (b + i G) ..) into stage i % S, warp w copying row w (its
  // lanes' copies 512 contiguous bytes at a time, then the row's scales). Every slot of the stage
  // is written each tile, no branch: chunks past the CTA's valid ones and rows past M are
  // zero-filled (src-size 0 reads nothing; their scales too, so no stale NaN scale meets a zero),
  // which also keeps the slots past the CTA's chunks zero, where the thread reads without a mask.
  static_assert(kSweep8Warps == 16, "a warp copies each of a tile's 16 rows");
  const uint8_t* a_lane = a_cta + 16 * lane;
  const uint8_t* sf_lane = sf_cta + 16 * lane;
  const uint32_t a_dst = stage0 + w * Shape::kRowBytes + 16 * (lane ^ ((w & 1) << 2));  // + 512 jj
  const uint32_t sf_dst = stage0 + 16 * Shape::kRowBytes + w * Shape::kSfRow + 16 * lane;
  const int sf_bytes = min(16, max(0, 2 * valid - 16 * lane));  // lane's 8 chunks' scale pairs
  // Warp w's row of tile i, and whether the lane's 16 bytes jj of it lie within M and the CTA's
  // chunks: the copies' and the register-staged loads' sources alike.
  const auto tile_row = [&](int i) { return 16 * (b + i * clusters) + w; };
  const auto row_piece_ok = [&](bool row_ok, int jj) { return row_ok && lane + 32 * jj < valid; };
  // Copies jj0 .. jj1 - 1 of warp w's row of a tile (512 contiguous bytes each, from a_row) to
  // stage offset st, zero-filled past M and the CTA's chunks: a whole tile's (issue_rows) or a
  // unit's (issue_unit).
  const auto copy_row_weights = [&](const uint8_t* a_row, bool row_ok, uint32_t st, int jj0, int jj1) {
#pragma unroll
    for (int jj = jj0; jj < jj1; ++jj) {
      const bool ok = row_piece_ok(row_ok, jj);
      cp_async16(a_dst + st + 512 * jj, ok ? a_row + 512 * jj : p.a, ok ? 16 : 0);
    }
  };
  const auto issue_rows = [&](int i, int stage) {
    if (i < n) {
      const int m = tile_row(i);
      const bool row_ok = m < p.M;
      const uint32_t st = stage * Shape::kStageBytes;
      copy_row_weights(a_lane + (int64_t)m * p.a_row_stride, row_ok, st, 0, Shape::kChunks / 32);
      if (lane < Shape::kChunks / 8) {
        const int bytes = row_ok ? sf_bytes : 0;
        cp_async16(sf_dst + st, bytes ? sf_lane + (int64_t)m * p.sfa.row_stride : p.sfa.base, bytes);
      }
    }
    cp_async_commit();
  };
  // The tiled format: the CTA's k tiles of a band lie together (1 KB each, then 128 bytes of scales
  // each), as the stage holds them: thread q copies 16-byte pieces q, q + 512, ... of the weights and
  // piece q of the scales, tiles past the CTA's chunks zero-filled; rows past M are the format's
  // zero padding.
  const int tiles_valid = (valid + 3) >> 2;
  const uint8_t* a_next = p.a + b * p.a_row_stride + 256 * c0 + 16 * tid;  // tile c0 / 4 of the band
  const uint8_t* sf_next = p.sfa.base + b * p.sfa.row_stride + 32 * c0 + 16 * tid;
  // Thread tid's weight piece jj and its scale piece within the CTA's k tiles (copies and loads).
  const auto tiled_piece_ok = [&](int jj) { return tid + kSweep8Threads * jj < 64 * tiles_valid; };
  const bool tiled_scale_ok = tid < 8 * tiles_valid;
  const auto next_band = [&] {  // the cluster's next band: G bands on
    a_next += clusters * p.a_row_stride;
    sf_next += clusters * p.sfa.row_stride;
  };
  // Thread tid's weight pieces jj0 .. jj1 - 1 of the band's CTA k tiles to stage offset st (with
  // 16 tid added), and where `scales` its scale piece: a whole tile's copies (issue_tiled) or a
  // unit's (issue_unit).
  const auto copy_tiled_pieces = [&](uint32_t st, int jj0, int jj1, bool scales) {
#pragma unroll
    for (int jj = jj0; jj < jj1; ++jj) {
      const bool ok = tiled_piece_ok(jj);
      cp_async16(st + 16 * kSweep8Threads * jj, ok ? a_next + 16 * kSweep8Threads * jj : p.a, ok ? 16 : 0);
    }
    if (scales)
      cp_async16(st + 16 * Shape::kRowBytes, tiled_scale_ok ? sf_next : p.sfa.base, tiled_scale_ok ? 16 : 0);
  };
  const auto issue_tiled = [&](int i, int stage) {
    if (i < n) {
      copy_tiled_pieces(stage0 + stage * Shape::kStageBytes + 16 * tid, 0, Shape::kChunks / 32, tid < 2 * Shape::kChunks);
      next_band();
    }
    cp_async_commit();
  };
  const auto issue = [&](int i, int stage) {
    copy_row_factors(i - 1, stage);  // in tile i's group
    if constexpr (kTiled)
      issue_tiled(i, stage);
    else
      issue_rows(i, stage);
  };
  // The 4-chunk copies kernels (kUnitStream) stream a tile as kPieces units, piece u of tile i
  // (chunks 64 u .. 64 u + 63 of its 16 rows, 16 KB, and their scales: the 512-byte copies 2 u and
  // 2 u + 1 of a warp's row, scale lanes 8 u .. 8 u + 7; tiled, thread q's pieces 2 u, 2 u + 1 and
  // the scale pieces of threads 128 u .. 128 u + 127), one commit group each, D units in flight:
  // unit s + D is issued when unit s has landed, and the warps then compute unit s. D = 2 where the
  // CTA takes one tile, else a tile's kPieces.
  // Why: issued a tile (74 KB) or more at once, a CTA's copies land in whatever order DRAM serves
  // them, so a CTA with one tile (2048x7168 at 8 columns: 128 single CTAs, one round) computed its
  // whole tile (~3 us at 16 warps) after its last byte landed, and waiting a piece at a time with
  // every piece issued at once gained nothing (item 305: even to 0.5 us slower). Issued 2 units at a
  // time, its units land nearly in order and mostly the last unit's compute is left after the
  // stream; where a CTA takes several tiles, its stream needs a tile in flight (run 536, H100, FP4
  // x N = 8, us: 2048x7168 11.8-12.1 -> 11.1 at D = 2, 12.3 at 4; 8000x6144, 4 tiles a CTA, 20.0 ->
  // 22.2 at 2, 19.7 at 4). This form (run 537, H100, N = 8, two orders, unchecked, us, before /
  // this): FP4 x 2048x7168 11.8-11.9 / 11.2-11.4, 999x16384 (clusters of 2) 13.6-13.7 / 13.1-13.2,
  // tiled 2048x7168 11.6 / 11.1-11.2, 8000x6144 20.1 / 19.7-20.0; fp16 x 2048x7168 12.8 / 12.2-12.3,
  // 999x16384 15.0 / 14.3-14.4; but one-tile CTAs of K = 5120-6144 (3 units of data) 0.1-0.5 slower
  // (2048x5120 fp16 x 10.8 / 11.0-11.3, FP4 9.8-10.0 / 10.1). A pass runs ~17% more SASS (a
  // wait, a barrier and a unit's copies 4 times: 988 against 844 with one schedule, run 536's
  // build; the loop holds both schedules' copies, 1222). No more shared memory: the units land in
  // the stages the tiles had. Units s + D and s - 1 never share a slot: D <= kPieces < S kPieces.
  constexpr bool kUnitStream = kPieces == 4 && !kRegStaged;
  const bool deep_units = n > 1;  // D = kPieces, else 2
  // The tile whose units are being issued (units go out in order): its rows' sources, whether
  // its row lies within M, and its stage's offset, formed once a tile at its first unit.
  const uint8_t *unit_a_row = p.a, *unit_sf_row = p.sfa.base;
  bool unit_row_ok = false;
  uint32_t unit_st = 0;
  const auto issue_unit = [&](int i, int u, int stage) {
    if (u == 0) {
      copy_row_factors(i - 1, stage);  // in tile i's first group
      const int m = tile_row(i);
      unit_row_ok = m < p.M;
      unit_a_row = a_lane + (int64_t)m * p.a_row_stride;
      unit_sf_row = sf_lane + (int64_t)m * p.sfa.row_stride;
      unit_st = stage * Shape::kStageBytes;
    }
    if (i < n) {
      if constexpr (kTiled) {
        copy_tiled_pieces(stage0 + unit_st + 16 * tid, 2 * u, 2 * u + 2, tid >= 128 * u && tid < 128 * u + 128);
        if (u == kPieces - 1) next_band();
      } else {
        copy_row_weights(unit_a_row, unit_row_ok, unit_st, 2 * u, 2 * u + 2);
        if (lane >= 8 * u && lane < 8 * u + 8) {  // the unit's scales
          const int bytes = unit_row_ok ? sf_bytes : 0;
          cp_async16(sf_dst + unit_st, bytes ? unit_sf_row : p.sfa.base, bytes);
        }
      }
    }
    cp_async_commit();
  };
  // Register-staged tiles (kRegStaged: sweep8_register_staged's kernels): tile i + 1's bytes come
  // into registers by plain loads (the same bytes and zero fills as the copies above) right after
  // the barrier that starts tile i, and go to the other of two stages after its compute; one tile
  // in flight a CTA. The barrier between a tile's stores and the next tile's loads matters: every
  // load of a tile sets one scoreboard, so a store that ptxas placed after the next loads waited
  // for them too (item 313: the bf16 and two-column-block kernels lost ~0.5 us a tile so, with the
  // stores and loads side by side at the end of the loop; tests/test_compile_targets.py looks for
  // such waits in every hot loop).
  // Why: the copy side alone streams at 1.13-1.36x the floor by cp.async or by the TMA's bulk
  // copies, whatever their order, grid, depth or shared memory, and at 1.01-1.08x by loads into
  // registers at the same addresses (scripts/tile_copy_probe.cu, runs 503-507, BENCHMARKS.md items
  // 307-310). Costs up to 20 registers a thread (4 loads of 16 bytes and the scales' 16), 103-128
  // in all (sm_90a, no spills), and ~20 SASS a tile in the loop (FP4 x at N <= 8: 488 against 465).
  constexpr int kLoads = Shape::kChunks / 32;
  uint4 ra[kLoads], rs;
  uint32_t rs_tail = 0;  // kScaleWords: a row's last 2 scale bytes where it ends mid-word
  const auto load_tile = [&](int i) {  // called for i = 0, 1, 2, ... in turn
    if constexpr (kTiled) {  // issue_tiled's pieces: thread q's q, q + 512, ... and scale piece q
      const bool on = i < n;
#pragma unroll
      for (int jj = 0; jj < kLoads; ++jj) {
        ra[jj] = make_uint4(0, 0, 0, 0);
        ld_stream_if(on && tiled_piece_ok(jj), a_next + 16 * kSweep8Threads * jj,
                     reinterpret_cast<uint32_t(&)[4]>(ra[jj]));
      }
      rs = make_uint4(0, 0, 0, 0);  // tid < 8 tiles_valid <= 2 kChunks
      ld_stream_if(on && tiled_scale_ok, sf_next, reinterpret_cast<uint32_t(&)[4]>(rs));
      if (on) next_band();
      return;
    }
    const int m = tile_row(i);
    const bool row_ok = i < n && m < p.M;
    const uint8_t* a_row = a_lane + (int64_t)m * p.a_row_stride;
#pragma unroll
    for (int jj = 0; jj < kLoads; ++jj) {
      ra[jj] = make_uint4(0, 0, 0, 0);
      ld_stream_if(row_piece_ok(row_ok, jj), a_row + 512 * jj, reinterpret_cast<uint32_t(&)[4]>(ra[jj]));
    }
    const int bytes = row_ok && lane < Shape::kChunks / 8 ? sf_bytes : 0;
    const uint8_t* sf_row = sf_lane + (int64_t)m * p.sfa.row_stride;
    if constexpr (kScaleWords) {  // each whole word straight into its register (nothing reads it
      // before store_tile); a row ending mid-word's last 2 bytes into a register of their own, which
      // store_tile writes over that word's low half (item 325). Not ORed here, which waits for the
      // loads; nor a 16-bit load into the word's register beside the 4-byte one, which waits for
      // the first (a write after write: scripts/sass_scoreboards.py); nor a 16-byte load and 4-byte
      // ones into the same registers behind a branch (a CS2R that waited).
      uint32_t r[4];
#pragma unroll
      for (int q = 0; q < 4; ++q) r[q] = ld_scale_word_if(4 * q + 4 <= bytes, sf_row + 4 * q);
      rs = make_uint4(r[0], r[1], r[2], r[3]);
      rs_tail = ld_scales_if<2, true>(bytes % 4 == 2, sf_row + (bytes & ~3));
    } else {  // bytes is 16 or 0: these kernels run only where K % 256 == 0 (sweep8_scale_words
      // takes the word kernels elsewhere) and a CTA's chunks are a multiple of 8 (sweep8_chunks;
      // check_plan refuses any other split), so every piece of a row's scales is whole. Until item
      // 329 a branch here ORed 16-bit loads of a partial piece, unreached since item 325; without
      // it the loops are 29-35 SASS shorter (sm_90a) and the calls 0.4-1.4 us faster at 8 columns
      // with 16-bit x (run 540, H100: bf16 x 7168x16384 34.3 -> 32.9 us, 4096x4096 11.7 -> 10.7).
      rs = make_uint4(0, 0, 0, 0);
      ld_stream_if(bytes == 16, sf_row, reinterpret_cast<uint32_t(&)[4]>(rs));
    }
  };
  const auto store_tile = [&](int stage) {  // where issue_rows' or issue_tiled's copies put them
    if constexpr (kTiled) {
      const uint32_t st = stage0 + stage * Shape::kStageBytes + 16 * tid;
      if (tid < 2 * Shape::kChunks) sts128(st + 16 * Shape::kRowBytes, rs);
#pragma unroll
      for (int jj = 0; jj < kLoads; ++jj) sts128(st + 16 * kSweep8Threads * jj, ra[jj]);
      return;
    }
    const uint32_t st = stage * Shape::kStageBytes;
    if (lane < Shape::kChunks / 8) sts128(sf_dst + st, rs);
    if constexpr (kScaleWords)  // after the word it overwrites half of (0 there), in this thread's order
      if (lane < Shape::kChunks / 8 && sf_bytes % 4 == 2) sts16(sf_dst + st + (sf_bytes & ~3), rs_tail);
#pragma unroll
    for (int jj = 0; jj < kLoads; ++jj) sts128(a_dst + st + 512 * jj, ra[jj]);
  };
  if constexpr (kRegStaged)
    load_tile(0);  // to its stage after x is loaded: the loads' latency under x's
  else if constexpr (kUnitStream)
    for (int s = 0; s < (deep_units ? kPieces : 2); ++s) issue_unit(0, s, 0);
  else
    for (int s = 0; s < S - 1; ++s) issue(s, s);
  // The stages of tile i (i % S) and of tile i + S - 1: with the plan's S (4 chunks) running
  // indices, no division in the loop; with the shape's 4, i % 4.
  int read_stage = 0, write_stage = S - 1;
  const auto next_stage = [&](int stage) { return stage + 1 == S ? 0 : stage + 1; };
  // x: columns g + 8 cb (cb < kColBlocks) at the thread's chunks, 16 half2 each in pair_k order;
  // zero past N and K.
  uint32_t xh[CB][kPieces][16];
  // bf16: 2^-e of this warp's columns 8 cb + 2t, 8 cb + 2t + 1, in registers (bf16 x takes 1 or 2
  // chunks a thread: sweep8_choice).
  float unscale[CB][2];
#pragma unroll
  for (int cb = 0; cb < CB; ++cb) {
    const int col_index = g + 8 * cb;
    const bool col = col_index < p.N;
    unscale[cb][0] = unscale[cb][1] = 1.f;
    if constexpr (kAct == kActFP4) {
      const uint8_t* xs = static_cast<const uint8_t*>(p.x) + col_index * p.x_col_stride + 16 * (int64_t)c0;
      const uint8_t* sx = p.sfx.base + (col ? p.sfx.row_offset(col_index) : 0) + 2 * (int64_t)c0;
#pragma unroll
      for (int u = 0; u < kPieces; ++u) {
        const int j = 64 * u + 4 * w + t;
        const bool on = col && j < valid;
        fp4_piece_pair_k(on ? *reinterpret_cast<const uint4*>(xs + 16 * j) : make_uint4(0, 0, 0, 0),
                         on ? *reinterpret_cast<const uint16_t*>(sx + 2 * j) : 0u, xh[cb][u]);
      }
    } else {
      const uint4* xs = reinterpret_cast<const uint4*>(static_cast<const uint16_t*>(p.x) +
                                                       col_index * p.x_col_stride + 32 * (int64_t)c0);
      // The thread's 16-byte word q of chunk u (zero past N and K).
      const auto x_word = [&](int u, int q) {
        const int j = 64 * u + 4 * w + t;
        return col && j < valid ? xs[4 * j + q] : make_uint4(0, 0, 0, 0);
      };
      // bf16: the quad's maximum is column g + 8 cb's over this warp's chunks.
      const auto quad_exponent = [&](unsigned mx) {
        mx = max(mx, __shfl_xor_sync(0xffffffffu, mx, 1));
        mx = max(mx, __shfl_xor_sync(0xffffffffu, mx, 2));
        return bf16_sweep_exponent(mx << 16);
      };
      if constexpr (kPieces <= 2) {  // every word held at once, bf16's maximum folded as they arrive
        uint4 raw[kPieces][4];
        unsigned mx = 0;  // (after them all: 66 more SASS in the loop)
#pragma unroll
        for (int u = 0; u < kPieces; ++u)
#pragma unroll
          for (int q = 0; q < 4; ++q) {
            raw[u][q] = x_word(u, q);
            if (kAct == kActBF16) mx = max(mx, bf16x8_max_bits(raw[u][q]));
          }
        int e = 0;
        if constexpr (kAct == kActBF16) {
          e = quad_exponent(mx);
          unscale[cb][0] = ldexpf(1.f, -__shfl_sync(0xffffffffu, e, 8 * t));
          unscale[cb][1] = ldexpf(1.f, -__shfl_sync(0xffffffffu, e, 8 * t + 4));
        }
        pieces_pair_k<kAct == kActBF16>(raw, e, xh[cb]);
      } else {  // 4 pieces (fp16: see the static_assert): the raw words and xh together pass the
                // register cap, so a piece's words at a time
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          uint4 raw[1][4];
#pragma unroll
          for (int q = 0; q < 4; ++q) raw[0][q] = x_word(u, q);
          pieces_pair_k<false>(raw, 0, reinterpret_cast<uint32_t(&)[1][16]>(xh[cb][u]));
        }
      }
    }
  }
  const float alpha = global_alpha(p);
  constexpr int sum_log2 = (kAct == kActFP4 ? 2 : 1) * kWeightBiasLog2;
  // Output o of tile i: column block o / 128, then D-fragment order (lane o % 128 / 4, entry o % 4);
  // stored with its row's factors from p (C > 1), or from the ring's slot `stage` (C == 1).
  const auto store_with = [&](int i, int o, float sum, auto from_ring, int stage) {
    const int cb = CB == 1 ? 0 : o >> 7, ln = (CB == 1 ? o : o & 127) >> 2, e = o & 3;
    const int r = (ln >> 2) + 8 * (e >> 1), m = 16 * (b + i * clusters) + r, c = 8 * cb + 2 * (ln & 3) + (e & 1);
    if (m < p.M && c < p.N) {
      if constexpr (decltype(from_ring)::value)
        store_sum_with(p, 0, m, c, sum, alpha, sum_log2, factors + 32 * stage, factors + 32 * stage + 16, r);
      else
        store_sum(p, 0, m, c, sum, alpha, sum_log2);
    }
  };
  // Tile i's 16 x 8 kColBlocks sums, the warps' in warp order, in tile i + 1's pass (its stage's
  // ring slot: read_stage then, also after the loop).
  const auto reduce = [&](int i) {
    if (tid < TO) {
      const float* rb = red + (RB == 2 ? i & 1 : 0) * W * TO + tid;
      float v = 0.f;
#pragma unroll
      for (int u = 0; u < W; ++u) v += rb[u * TO];
      if (C == 1)
        store_with(i, tid, v, std::true_type{}, kPieces == 4 ? read_stage : (i + 1) % S);
      else
        tile_sums[i * TO + tid] = v;
    }
  };
  if constexpr (kRegStaged) store_tile(0);
  for (int i = 0; i < n; ++i) {
    const int tile_stage = read_stage;  // 4 chunks (else i % S, below)
    if constexpr (kUnitStream) {
      // waits, barriers and issues a unit at a time, in the piece loop
    } else if constexpr (!kRegStaged) {
      if (kPieces == 4 && S == 3)
        cp_async_wait<1>();
      else
        cp_async_wait<Shape::kStages == 4 ? 2 : 0>();
    } else if (copies_row_factors) {
      cp_async_wait<0>();  // tile i - 1's row factors
    }
    if constexpr (!kUnitStream)
      __syncthreads();  // tile i landed; every warp is done with tile i - 1's stage and sums
    // Tile i + 1 into registers, stored after this tile's compute: the barrier keeps every store of
    // a tile before the next tile's loads, so no store waits on a scoreboard the next loads share.
    if constexpr (kRegStaged) {
      load_tile(i + 1);
      if (copies_row_factors) {
        copy_row_factors(i, (i + 1) & 1);
        cp_async_commit();
      }
    }
    if (!kUnitStream && i > 0) reduce(i - 1);
    if constexpr (!kRegStaged && !kUnitStream) issue(i + S - 1, kPieces == 4 ? write_stage : (i + S - 1) % S);
    // Plain C++ reads of the stage (not asm volatile: ptxas may move them among the mma).
    const uint8_t* sw = smem + (kPieces == 4 ? tile_stage : i % S) * Shape::kStageBytes;
    if constexpr (!kUnitStream) {
      read_stage = next_stage(read_stage);
      write_stage = next_stage(write_stage);
    }
    const uint8_t* ss = sw + 16 * Shape::kRowBytes;
    float acc[CB][2][4] = {};
#pragma unroll
    for (int u = 0; u < kPieces; ++u) {
      if constexpr (kUnitStream) {
        if (deep_units)
          cp_async_wait<kPieces - 1>();
        else
          cp_async_wait<1>();
        __syncthreads();  // unit (i, u) landed; every warp is done with the unit before it
        // reduce reads tile i's ring slot (read_stage) for tile i - 1's row factors
        if (u == 0 && i > 0) reduce(i - 1);
        if (deep_units)  // unit s + kPieces: piece u of tile i + 1
          issue_unit(i + 1, u, next_stage(tile_stage));
        else  // unit s + 2: of tile i + (u + 2) / kPieces (tile i + 1 is past the CTA's one tile)
          issue_unit(i + (u + 2) / kPieces, (u + 2) % kPieces, (u + 2) / kPieces ? next_stage(tile_stage) : tile_stage);
        if (64 * u + 4 * w >= valid) continue;  // the warp's chunks end before this piece
      } else if (kPieces == 1 ? false : kPieces == 2 ? 64 * u >= valid : 64 * u + 4 * w >= valid) {
        // The chunks end before this piece: the CTA's (2 pieces; a per-warp test cost 0.5-1 us
        // there, run 280) or the warp's (4 pieces; valid % 8 == 0). One piece: never (valid > 0).
        break;
      }
      uint4 wa, wb;
      __half2 sa, sb;
      if constexpr (kTiled) {  // chunk j is word t of k tile 16 u + w: the warp reads that tile whole
        const int kt = 16 * u + w;
        wa = *reinterpret_cast<const uint4*>(sw + 1024 * kt + 16 * lane);        // row g
        wb = *reinterpret_cast<const uint4*>(sw + 1024 * kt + 512 + 16 * lane);  // row g + 8
        const uint32_t sf = *reinterpret_cast<const uint32_t*>(ss + 128 * kt + 4 * lane);
        sa = decode_e4m3x2<0>(sf, kWeightBias / kDecodeScale);
        sb = decode_e4m3x2<1>(sf, kWeightBias / kDecodeScale);
      } else {
        const int j = 64 * u + 4 * w + t, pos = j ^ ((g & 1) << 2);
        wa = *reinterpret_cast<const uint4*>(sw + g * Shape::kRowBytes + 16 * pos);
        wb = *reinterpret_cast<const uint4*>(sw + (g + 8) * Shape::kRowBytes + 16 * pos);
        const uint32_t sa_bits = *reinterpret_cast<const uint16_t*>(ss + g * Shape::kSfRow + 2 * j);
        const uint32_t sb_bits = *reinterpret_cast<const uint16_t*>(ss + (g + 8) * Shape::kSfRow + 2 * j);
        sa = decode_e4m3x2<0>(sa_bits, kWeightBias / kDecodeScale);
        sb = decode_e4m3x2<0>(sb_bits, kWeightBias / kDecodeScale);
      }
      const uint32_t words_a[4] = {wa.x, wa.y, wa.z, wa.w}, words_b[4] = {wb.x, wb.y, wb.z, wb.w};
#pragma unroll
      for (int wd = 0; wd < 4; ++wd) {
        uint32_t ha[4], hb[4];
        scaled_word_pair(words_a[wd], words_b[wd], sa, sb, wd >= 2, ha, hb);
        // Two accumulators a column block: two independent mma chains.
#pragma unroll
        for (int cb = 0; cb < CB; ++cb) {
          mma_16816(acc[cb][0], ha[0], hb[0], ha[1], hb[1], xh[cb][u][4 * wd], xh[cb][u][4 * wd + 1]);
          mma_16816(acc[cb][1], ha[2], hb[2], ha[3], hb[3], xh[cb][u][4 * wd + 2], xh[cb][u][4 * wd + 3]);
        }
      }
    }
    // D[g][2t], D[g][2t + 1], D[g + 8][2t], D[g + 8][2t + 1] of each column block (bf16: this
    // warp's scaling undone). One buffer of sums: wait until tile i - 1's have been added.
    // (kUnitStream: the barriers of units 1..3 came after reduce(i - 1).)
    if (RB == 1 && !kUnitStream) __syncthreads();
#pragma unroll
    for (int cb = 0; cb < CB; ++cb) {
      const float u0 = unscale[cb][0], u1 = unscale[cb][1];
      const float(&d4)[2][4] = acc[cb];
      const float4 d = make_float4((d4[0][0] + d4[1][0]) * u0, (d4[0][1] + d4[1][1]) * u1,
                                   (d4[0][2] + d4[1][2]) * u0, (d4[0][3] + d4[1][3]) * u1);
      *reinterpret_cast<float4*>(red + (RB == 2 ? i & 1 : 0) * W * TO + w * TO + 128 * cb + 4 * lane) = d;
    }
    if constexpr (kRegStaged) store_tile((i + 1) % S);  // the other stage: every warp is past tile i - 1's
    if constexpr (kUnitStream) read_stage = next_stage(read_stage);
  }
  cp_async_wait<0>();
  __syncthreads();
  if (n > 0) reduce(n - 1);
  // Every CTA of the cluster adds and stores its share of the outputs, 512 at a time. Rank 0 alone:
  // 1 us slower at 7168x16384 N = 8 (run 297, BENCHMARKS.md item 193: 1920 outputs x 4 remote
  // loads on one CTA while the others waited at the barrier).
  if (C > 1)
    cluster_rank_order_sums(tile_sums, n * TO, C, cr, kSweep8Threads,
                            [&](int o, float v) { store_with(o / TO, o % TO, v, std::false_type{}, 0); });
#endif
}

}  // namespace detail
}  // namespace nvfp4
