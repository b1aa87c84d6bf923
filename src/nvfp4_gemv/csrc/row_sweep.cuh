// row_sweep.cuh: sweep_kernel, W4A4 at one FP4 column on row-major weights (sm_90): nothing is
// staged, each thread keeps its pieces of x in registers as the integer item's int8 values and a
// group of warps streams whole rows. Torch-free.
#pragma once
#include "gemv_common.cuh"
#include "quantize_block.cuh"

#include <type_traits>

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// The row sweep: W4A4 at one FP4 column, row-major weights and scales, sm_90 (sweep_fits and
// sweep_plan in the launcher). BENCHMARKS.md item 134.
//
// Why: gemv_kernel stages its CTA's activation in shared memory before its first weight load,
// 2-4 us of every CTA with no weight bytes in flight (items 39, 56, 64), and then reads the staged
// values back for every row. Here nothing is staged: each thread owns the same kPieces 32-value
// pieces of every row and keeps those pieces of the activation in registers, decoded once per
// batch the way the integer item stages them (SweepPiece). Its first weight loads go out at once.
//
// What: kPieces 32-value pieces of a row a thread (SweepPieces: by group, or by warp where a row
// takes 7 or 8 warps), group_warps * 32 * kPieces >= K / 32. The CTA's groups take its rows in turn
// (group g its rows g, g + groups, ...); its rows are a contiguous range where L > 1 (a CTA reads
// front to back, like the floor's blocks, item 56's "blk"), and at L == 1 every G-th row of the
// matrix (the G CTAs on one front, like the floor's grid stride: 0.3-2.6 us faster on the large
// layers, sweep_steps_fit). Each thread keeps sweep_depth rows in flight (2, or 4 with one piece).
// Per row a thread adds its pieces' dp4a block sums times SFA * SFB in fp32 (compute_item_dot's
// steps), its warp adds the lanes' sums by shuffles (a fixed butterfly, two rows in one) and writes
// one float a row to shared memory; after the CTA's last row the warps' sums of each row are added
// in warp order and the epilogue applies 2^-kIntAccLog2, alpha and the bias. Bitwise deterministic.
//
// Cost (sm_90a SASS, scripts/sass_loop.py): the 2-piece, 8-warp hot loop takes 271 instructions for
// 2 rows (4 pieces: 68 per 32 values; 281 before the unchecked loop, item 250, 291 with 16-bit
// scale registers, item 154, 288 with the pieces by group, item 151, 323 with a butterfly per row,
// item 140): per piece the decode (4 PRMT + 3 LOP3 + 2 IMAD.HI a word: 36), 8 dp4a, the scales
// (F2FP, HMUL2, 2 HADD2, 2 FADD, 2 FFMA) and two loads; per warp and 2 rows 5 SHFL and one
// shared-memory store each. No other shared-memory traffic (tests/test_compile_targets.py holds the
// count). One piece a thread: 292-295 for 4 rows (73 per 32 values: the butterflies and stores are
// shared by fewer values).
// Outcome (runs 188-195): against the kernels it replaces (row-major, W4A4, one column), through
// the op: 7168x16384 27.2 us against 29.3, 4096x7168x8 46.2 against 46.5, 7168x2048x4 16.9
// against 18.7, 4096x4096 9.7 against 11.2, 14336x4096 17.4 against 19.1, the lm_head 100.1
// against 107.0; 4096x14336 (7 warps a row) 19.6 against 19.1. The same kernel standalone
// (scripts/regact_probe.cu, its group shape and data fixed) ran 0.5-1.1 us faster still (25.5 on
// 7168x16384): not understood (the hot loops' SASS differs by 5%).
// ---------------------------------------------------------------------------------------------
// One piece of the activation (32 values, blocks 2j and 2j + 1) as DotStage holds it: int8
// 2 * E2M1 in k order, each block's dp4a start kIntMagic - kU8Bias * (its sum), and the two
// blocks' SFB * 2^-6 as half2.
struct SweepPiece {
  uint32_t v[8];
  int c[2];
  __half2 sf;
};

// Piece `piece` (32 values) of batch l's 16-bit x (act kActQuantF16 / BF16) quantized by
// quantize_block.cuh's rule with global multiplier gs: the same codes and scales as
// launch_quantize, so the same sums as the FP4 sweep of its output.
__device__ __forceinline__ void quantize_piece(const GemvParams& p, int l, int piece, float gs,
                                               uint32_t (&w)[4], uint32_t& sc) {
  const uint4* src = reinterpret_cast<const uint4*>(static_cast<const uint16_t*>(p.x) +
                                                    l * p.x_batch_stride) + 4 * piece;
#pragma unroll
  for (int b = 0; b < 2; ++b) {
    const uint4 raw[2] = {src[2 * b], src[2 * b + 1]};
    sc |= quantize_x16_block(raw, p.act == kActQuantBF16, gs, w[2 * b], w[2 * b + 1]) << 8 * b;
  }
}

// The SweepPiece of 32 E2M1 codes (w, k order) and their two blocks' scales (sc's low 16 bits).
__device__ __forceinline__ SweepPiece sweep_piece_of(const uint32_t (&w)[4], uint32_t sc) {
  SweepPiece r;
#pragma unroll
  for (int b = 0; b < 2; ++b) {
    uint32_t v[4];
    r.c[b] = int8_block(w[2 * b], w[2 * b + 1], v);
#pragma unroll
    for (int i = 0; i < 4; ++i) r.v[4 * b + i] = v[i];
  }
  r.sf = decode_e4m3x2<0>(sc, 1.0f / 64);
  return r;
}

// The thread's piece of the activation, read (FP4) or quantized (kQuantAct: quantize_piece); a
// zero piece where !ok.
template <bool kQuantAct>
__device__ __forceinline__ SweepPiece sweep_piece(bool ok, const GemvParams& p, int l, int piece,
                                                  float gs) {
  uint32_t w[4] = {0, 0, 0, 0}, sc = 0;
  if (ok && kQuantAct) {
    quantize_piece(p, l, piece, gs, w, sc);
  } else if (ok) {
    // One 16-byte load of x and one 16-bit load of its two scales, nothing else (sweep_fits: x
    // 16-byte aligned, its scales row-major, contiguous and 2-byte aligned; other activations take
    // the other kernels). Every CTA's threads read the same few KB here at once: with four 4-byte
    // loads a piece (4x the L2 requests on those lines) the kernel took ~1.2 us longer on every
    // shape (runs 192-194); with a second path each for 8-byte aligned x and for other scale
    // layouts, chosen at run time, 0.2-1.1 us longer (run 199, "lean": the 4-piece plans ~1 us).
    const uint4 t = *reinterpret_cast<const uint4*>(static_cast<const uint8_t*>(p.x) + l * p.x_batch_stride +
                                                    16 * piece);
    w[0] = t.x, w[1] = t.y, w[2] = t.z, w[3] = t.w;
    sc = *reinterpret_cast<const uint16_t*>(p.sfx.base + l * p.sfx.batch_stride + 2 * piece);
  }
  return sweep_piece_of(w, sc);
}

// A row sweep's units (rows; the W4A16 sweep's row pairs at L == 1) over its `blocks` CTAs, units
// = q * blocks + rem, divided on the host (sweep_rows). sweep_kernel takes it: its prologue had
// run two 32-bit divisions by the grid before the first weight load (at L == 1 ~57 SASS, two
// MUFU.RCP chains; sm_90a). Without them (BENCHMARKS.md items 253-254): 0.1-0.3 us less on four of
// five short L = 1 layers (run 414) and on most L > 1 shapes (run 415: 7168x2048x4 14.7 us against
// 14.9, 5120x5120x4 22.1-22.2 against 22.4-22.5), even elsewhere.
struct SweepRows {
  int blocks;
  unsigned q, rem;
  // How many units CTA b takes interleaved (b, b + blocks, b + 2 blocks, ...: sweep_kernel at L == 1).
  __host__ __device__ int interleaved(unsigned b) const { return (int)(q + (b < rem ? 1u : 0u)); }
  // The most units a CTA holds: the host's sweep_cta_rows, and sweep_kernel's shared quantization
  // block, which finds its place with it.
  __host__ __device__ int most() const { return (int)(q + (rem ? 1u : 0u)); }
  // Where CTA b's contiguous range starts (sweep_kernel at L > 1): q units each, one more for the
  // first rem CTAs (balanced_bound spreads those rem over the grid, with a division).
  __host__ __device__ int first(unsigned b) const { return (int)(b * q + (b < rem ? b : rem)); }
};

// The W4A16 sweep divides in the kernel: given a SweepRows, ptxas moved its hot loops' first loads
// and it took 0.3-1.5 us longer on 7168x16384 and the lm_head (runs 216 and 414, items 148 and
// 253). How many of `units` (its row pairs at L == 1) interleaved over row_blocks CTAs CTA b takes,
// and the most a CTA takes:
__device__ __forceinline__ int sweep_interleaved_units(int units, int b, int row_blocks) {
  return (units - b + row_blocks - 1) / row_blocks;
}
__device__ __forceinline__ int sweep_units_per_cta(int units, int row_blocks) {
  return (units + row_blocks - 1) / row_blocks;
}

// Which 32-value pieces of a row (16 bytes of E2M1 and 2 scale bytes each) a sweep thread holds:
// piece u (u < kPieces) is first(...) + kStep u. By group (thread q of the group: u * group_threads
// + q), a group's 16-byte loads of piece u read group_threads * 16 contiguous bytes, and warps 2j
// and 2j + 1 share each 128-byte line of its scales. By warp (warp w of the group, lane `lane`:
// 32 kPieces w + 32 u + lane), a warp's loads of piece u read 512 contiguous bytes and its kPieces
// scale loads whole lines of their own. The rows' bytes alone (scripts/sweep_mem_probe.cu, run
// 223, two passes; BENCHMARKS.md item 151) read the same by either where a row takes 1-4 warps
// (4096x4096 7.8-7.9 us, 2048x7168 7.6-7.8), and faster by warp on 8 (7168x16384 21.9-22.0
// against 22.8-23.1). Through the kernels (run 222, time_shapes.py and next_sweep16.py, two
// orders): by warp 7168x16384 W4A4 24.5-24.7 us against 25.2-25.5, W4A16 bf16 27.2 against
// 27.7-27.8, 4096x14336 (7 warps) W4A4 16.0-16.3 against 16.3-16.4; but 4096x4096 (2 warps) 9.4
// against 8.9-9.0, 2048x7168 (4) 9.4-9.5 against 8.7-9.0, 4096x7168x8 (4 pieces x 2 warps) 45.5-45.6
// against 44.9-45.0, where ptxas scheduled the narrower kernels' loads differently. So by warp where
// a row takes 7 or 8 warps (K > 12288 at 2 pieces a thread), by group below.
template <int kPieces, int kGroupWarps>
struct SweepPieces {
  static constexpr bool kByWarp = kGroupWarps >= 7;
  static constexpr int kStep = kByWarp ? 32 : 32 * kGroupWarps;  // pieces from one of a thread's to the next
  // q: the thread's place in its group; warp = q / 32; lane = q % 32.
  __device__ static __forceinline__ int first(int q, int warp, int lane) {
    return kByWarp ? 32 * kPieces * warp + lane : q;
  }
};

// Where the CTA's groups share the fused quantization (sweep_kernel with kQuantAct and more than
// one group): the batch's K / 32 pieces as 16 bytes of codes each, then their 16-bit scales,
// after the per-row sums (16-byte aligned). Shared memory bytes for a CTA of cta_rows rows:
__host__ __device__ inline int sweep_shared_quant_offset(int cta_rows, int group_warps) {
  return (cta_rows * group_warps * 4 + 15) / 16 * 16;
}
__host__ __device__ inline int sweep_shared_quant_bytes(int cta_rows, int group_warps, int K) {
  return sweep_shared_quant_offset(cta_rows, group_warps) + (K >> 5) * 18;
}

// acc + one piece of one row (16 bytes of E2M1 in w, the two blocks' SFA in the low 16 bits of
// sfa) dotted with x, 2^kIntAccLog2 times the true sum.
__device__ __forceinline__ float sweep_piece_dot(const uint32_t (&w)[4], uint32_t sfa,
                                                 const SweepPiece& x, float acc) {
  int c[2] = {x.c[0], x.c[1]};
  dp4a_piece(w, x.v, c);
  const float2 sc = __half22float2(__hmul2(decode_e4m3x2<0>(sfa, 1.0f), x.sf));
  acc = fmaf(__int_as_float(c[0]) - kIntMagicValue, sc.x, acc);
  return fmaf(__int_as_float(c[1]) - kIntMagicValue, sc.y, acc);
}

// Two rows' warp sums in one shuffle butterfly (the row sweeps' pair form): the half warps swap a
// row each at offset 16, then reduce their own; lanes 0..15 end with row0's sum, 16..31 with
// row1's. 5 SHFL for the pair where a butterfly per row takes 10.
__device__ __forceinline__ float pair_warp_sum(float row0, float row1, int lane) {
  const int half = lane >> 4;
  float v = (half ? row1 : row0) + __shfl_xor_sync(0xffffffffu, half ? row0 : row1, 16);
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
// The W4A16 sweep's two rows from its mma's diagonal (sweep16_kernel): D[g][g] (row r) and
// D[g + 8][g] (row r + 1) of quad g sit in lane L_g = 4 g + g / 2, as acc[g & 1] and acc[2 + (g & 1)].
// The eight lanes L_g pair up under XOR 4 (L_g, L_g+1 for even g), 9 and 18, so three shuffles add
// them, with no lane outside them: each even-g lane keeps row r and sends row r + 1, each odd-g
// lane the other way round, then both rows' partial sums travel apart. Lane 0 ends with row r's
// sum, lane 4 with row r + 1's ((D0 + D1) + (D2 + D3)) + ((D4 + D5) + (D6 + D7)); the other lanes
// hold partial or meaningless sums. 3 SHFL, 3 FADD and 2 FSEL a pair, where zeroing the other lanes
// and a butterfly over the warp (pair_warp_sum) took 5, 5 and 6. Selects, not an index into acc (an
// index put the 2-piece kernels' acc in local memory).
__device__ __forceinline__ float diag_pair_sum(const float (&acc)[4], int quad) {
  const bool odd = quad & 1;
  float v = (odd ? acc[3] : acc[0]) + __shfl_xor_sync(0xffffffffu, odd ? acc[1] : acc[2], 4);
  v += __shfl_xor_sync(0xffffffffu, v, 9);
  return v + __shfl_xor_sync(0xffffffffu, v, 18);
}
// A store to a 32-bit shared-memory address (the sweeps step their sums' slots as one).
__device__ __forceinline__ void st_shared_f32(uint32_t addr, float v) {
  asm volatile("st.shared.f32 [%0], %1;" :: "r"(addr), "f"(v) : "memory");
}

// The row sweeps' epilogue (sweep_kernel, sweep16_kernel), after the CTA's last row: row i of the
// CTA (matrix row row_of(i)) is the sum of its warps' partial sums in red[i][warp], added in warp
// order, times alpha and 2^-sum_log2 (the sums' fixed-point scale), plus the bias.
// With kCols columns (sweep16_kernel) red holds [CTA row][column][warp], columns past p.N unused;
// warp_unscale (if not null: [column][kWarps]) multiplies warp v's sums of column c first.
template <int kCols = 1, typename RowOf>
__device__ __forceinline__ void sweep_epilogue(const GemvParams& p, const float* red, int cta_rows,
                                               int group_warps, int cta_threads, int sum_log2,
                                               RowOf row_of, const float* warp_unscale = nullptr) {
  __syncthreads();
  const float alpha = global_alpha(p);
  for (int i = threadIdx.x; i < cta_rows * kCols; i += cta_threads) {
    const int row = kCols == 1 ? i : i / kCols, c = i - row * kCols;
    if (kCols > 1 && c >= p.N) continue;
    float sum = 0.f;
    for (int v = 0; v < group_warps; ++v) {
      const float part = red[i * group_warps + v];
      sum += warp_unscale ? part * warp_unscale[c * kWarps + v] : part;
    }
    // At L == 1 no division (its ~25 dependent SASS sit at the end of every CTA, where nothing
    // overlaps them; run 408, BENCHMARKS.md item 251: 0-0.3 us less on the L = 1 shapes).
    const int r = row_of(row), l = p.L == 1 ? 0 : r / p.M, m = r - l * p.M;
    if (kCols > 1 && r >= p.M) continue;  // L == 1: past the matrix's last row
    store_sum(p, l, m, c, sum, alpha, sum_log2);
  }
}

// Rows in flight a thread (kSweepDepth in sweep_kernel) and CTAs per SM (its launch bounds and
// sweep_plan's grid) by pieces a thread: 2 rows at 3 CTAs per SM with 2 pieces (80 registers), or
// at 4 where a CTA is one group of 5, 6 or 7 warps (72-96 registers: 20, 24 or 28 warps an SM, not
// 15, 18 or 21; 2 pieces quantizing x are built on up to 4 warps only, sweep_last_warps), 2 at 2
// with 4 (128), or 3 where a CTA is one group of 5 warps (15 warps an SM, not 10; those of 6-8
// warps spill at 3), and with one piece 4 rows (the same 16-byte loads in flight a thread as 2 x 2)
// at 4 CTAs per SM where a CTA has fewer than 256 threads (3, 5 or 7 warps a row: 72-100
// registers), else 3 (at 64 registers the fused quantization spills). The 2-piece 5- and 6-warp
// kernels at 4 against 3 (run 424, docs/runs/run424/ab424.py 20, two orders, unchecked, W4A4 at one
// FP4 column; BENCHMARKS.md item 260): 14336x10240 27.3-27.4 us against 27.8, 2048x12288x4
// 21.3-21.4 against 21.8-21.9, 4096x10240x2 18.7-18.8 against 19.1, 8192x10240 18.3 against
// 18.5-18.6, 4096x12288 13.5-13.6 against 13.8, 8192x12288 20.7-20.8 against 20.9, 4096x10240 even
// (12.2-12.3 against 12.3). The 2-piece 7-warp kernel at 4 against 3 and the 4-piece 5-warp one at
// 3 against 2 (run 425, docs/runs/run425/ab425.py 20, the same way; item 261): 4096x14336 14.5-14.6
// against 15.0, 2048x14336x4 23.5-23.6 against 24.1, 4096x13312 14.1-14.3 against 14.5, 8192x14336
// 23.0-23.2 against 23.2-23.4, 1024x14336 7.8-7.9 against 8.0-8.1; 3584x18944 16.4 against
// 16.7-16.8, 3584x18944x2 27.3-27.4 against 27.8, 7168x18432 26.2-26.3 against 26.6, 4096x20480
// 18.9-19.2 against 19.1-19.2. Not taken (runs 428-429, items 264-265): the 2-piece CTAs of 8 warps
// at 4 spill 44-56 bytes in the hot loop, 2.4-20 us slower (7168x16384 25.6-25.7 against
// 22.8-23.1, the lm_head 114.9-115.3 against 94.7-94.8); 2 groups of 3 warps at 4 gained on
// 100000x6144 (93.8-94.0 against 95.5-95.7) but, holding 24 warps as one piece on 6 does, moved
// sweep_pieces' K = 5121..6144 plans off one piece, which lost (4096x6144x4 21.2-21.3 against
// 20.9; dynamic 1.0-1.3 us). Measured for one piece (run 237, 4096x7168x8 at 7 warps): 4 CTAs per SM
// 41.5-41.7 us, 3 41.8-41.9; the plain one-piece kernels of 1, 2, 4, 8 warps at 4 (run 350, item
// 224) even to 0.5 us slower (2048x2048 6.5-6.6 against 6.0-6.1: more prologues over the same rows).
// More rows in flight for 2 pieces, at 2 CTAs per SM, measured slower (run 236, time_shapes.py, two
// orders; BENCHMARKS.md item 157): 4 rows 7168x16384 23.7-23.8 us against 23.8-24.0 but 4096x4096
// 9.3-9.5 against 8.8-9.1, 4096x14336 15.5-15.6 against 15.2-15.4; 6 rows 0.8-1.2 us slower on
// every shape.
__host__ __device__ constexpr int sweep_depth(int pieces) { return pieces == 1 ? 4 : 2; }
// The fewest and most warps a row built: 4 pieces a thread only past K = 16384 (sweep_pieces), so
// on 5-8; x quantized in the kernel (kQuantAct) only up to K = 8192 (fused_quant_fits), so 2
// pieces on up to 4.
__host__ __device__ constexpr int sweep_first_warps(int pieces) { return pieces == 4 ? kWarps / 2 + 1 : 1; }
__host__ __device__ constexpr int sweep_last_warps(int pieces, bool quant_act) {
  return quant_act && pieces == 2 ? kWarps / 2 : kWarps;
}
__host__ __device__ constexpr int sweep_ctas_per_sm(int pieces, int group_warps) {
  const bool small_cta = kWarps % group_warps != 0;  // fewer than 8 warps: 8 / w groups of w warps
  const bool one_group_of_5_to_7 = group_warps > kWarps / 2 && group_warps < kWarps;
  if (pieces == 1) return small_cta ? 4 : 3;
  if (pieces == 2) return one_group_of_5_to_7 ? 4 : 3;
  return group_warps == 5 ? 3 : 2;
}
// CTAs per SM of the W4A16 sweep (sweep16_kernel's launch bounds and sweep_plan's grid): 2 with 2
// pieces a thread; with one (sweep16_pieces), the most that keep at most kSweep16OneWarps warps a
// SM, at least 2: 4 CTAs of 5 warps, 3 of 6 (2 groups of 3), 2 of 7 or 8 (82-96 registers, no
// spills). Measured (run 242, docs/runs/run242/ctas.py, two orders, unchecked, fp16 / bf16; at most
// 14 warps = 2 CTAs everywhere): 13824x5120 18.5 / 18.6 us against 21.8-21.9 / 22.5-22.6 (16
// warps: 18.7-18.8 / 19.1-19.2), 5120x5120 10.9-11.0 / 11.4-11.5 against 12.0 / 12.4-12.5,
// 8192x3072 10.8 / 11.2 against 11.0 / 11.3-11.5, but 3072x3072 7.8-7.9 / 8.2-8.3 against 7.6 /
// 7.9-8.1; at 24 (3 CTAs of 7 warps) 2048x7168 9.5 / 10.0 against 9.1-9.2 / 9.5-9.6.
constexpr int kSweep16OneWarps = 20;
// The W4A16 sweep's group shapes (warps a row) past kWarps: one column at L = 1 past K = 16384
// (sweep16_pieces), a CTA of one group, one CTA per SM: one piece a thread on 17..24 warps (K <=
// 24576; 78-82 registers, BENCHMARKS.md item 202), else 2 pieces on 13..16 (K <= 32768; the
// 2-piece kernel's 114-120 registers fit 512 threads' share, not two CTAs of 9 or more warps: item
// 200). The kernel's static_assert, its launcher, sweep16_fits and check_plan all ask these.
constexpr int kSweep16OneMaxGroupWarps = 24, kSweep16MaxGroupWarps = 16;
__host__ __device__ constexpr int sweep16_max_group_warps(int pieces, int cols) {
  return cols == 1 ? (pieces == 1 ? kSweep16OneMaxGroupWarps : kSweep16MaxGroupWarps) : kWarps;
}
__host__ __device__ constexpr int sweep16_wide_first_warps(int pieces) {
  return pieces == 1 ? 2 * kWarps + 1 : kSweep16OneMaxGroupWarps / 2 + 1;
}
// The fewest warps a row built: 1, but 5 for two columns of 2 pieces (K > 8192 only,
// sweep16_pieces; the bf16 kernel of one warp spilled 4 bytes).
__host__ __device__ constexpr int sweep16_first_warps(int pieces, int cols) {
  return cols == 2 && pieces == 2 ? 5 : 1;
}
// Whether sweep16_kernel is built for group_warps warps a row: sweep16_first_warps .. kWarps, and
// for one column the wide range above.
__host__ __device__ constexpr bool sweep16_builds(int pieces, int cols, int group_warps) {
  return (group_warps >= sweep16_first_warps(pieces, cols) && group_warps <= kWarps) ||
         (cols == 1 && group_warps >= sweep16_wide_first_warps(pieces) &&
          group_warps <= sweep16_max_group_warps(pieces, cols));
}
// A sweep CTA's groups of group_warps warps (kWarps / group_warps of them, or one past kWarps) and
// its warps.
__host__ __device__ constexpr int sweep_groups(int group_warps) {
  return group_warps > kWarps ? 1 : kWarps / group_warps;
}
__host__ __device__ constexpr int sweep_cta_warps(int group_warps) { return sweep_groups(group_warps) * group_warps; }
// The W4A16 sweep's groups a CTA (sweep16_kernel): sweep_groups', but twice as many for the
// one-column 2-piece kernel (1..8 warps a row) with bf16 x at L == 1 (bf16_l1): one CTA an SM
// holding the groups of the two it replaces (2 x 8 / w groups of w warps), so that all of them
// share x's conversion (kXGroupShared; BENCHMARKS.md item 231), each converting half as much; x's
// shared copy is one group's (sweep16_x_shared_bytes of the unpaired CTA is at least that), and
// the per-row sums' bytes are the unpaired CTA's (sweep_sums_bytes_max): a tall matrix's plan
// takes more waves of them. fp16 x has no conversion to share.
// Measured (two orders, bf16 x, us; fp16 and the unchanged kernels within 0.1-0.3): run 389 on
// 5..8 warps (docs/runs/run389/ab_groups.py 20, base / paired / paired / base; BENCHMARKS.md item
// 241): 7168x16384 25.5 / 25.2 / 24.9 / 25.6, 8192x16384 27.5 / 26.6 / 26.8 / 27.6, 4096x14336 (7
// warps) 17.5 / 16.9 / 16.9 / 17.4, 5120x13824 (7) 19.9 / 19.1 / 19.2 / 20.0, 4096x10240 (5) 15.2 /
// 14.7 / 14.9 / 15.1; 4096x12288 (6) 15.3 / 15.4 / 15.4 / 15.3 and 2048x16384 (8 warps, 4 pairs a
// group) 13.2 throughout: even. Run 391 on 1..4 warps (docs/runs/run391/ab_all_paired.py 20; item
// 242): the lm_head (2) 96.1 / 94.8 / 94.9 / 96.2, 65536x4096 45.8 / 45.2 / 45.4 / 45.8,
// 24576x8192 (4) 37.6 / 37.2 / 37.1 / 37.6, 18432x7168 27.7 / 27.2 / 27.2 / 27.4; 14336x4096,
// 100000x2048 (1), 32768x6144 (3) within 0.2 either way. The 1..4-warp kernels' hot loops are
// the same SASS; on 5..8 warps ptxas allocated them otherwise, their source unchanged (8 warps 686
// SASS against 679, 7 675 against 689, 5 and 6 684 against 675).
__host__ __device__ constexpr bool sweep16_paired_groups(int pieces, int group_warps, int cols, bool bf16_l1) {
  return bf16_l1 && cols == 1 && pieces == 2 && group_warps <= kWarps;
}
__host__ __device__ constexpr int sweep16_groups(int pieces, int group_warps, int cols, bool bf16_l1) {
  return (sweep16_paired_groups(pieces, group_warps, cols, bf16_l1) ? 2 : 1) * sweep_groups(group_warps);
}
// The one-column 2-piece W4A16 sweep of up to kWarps warps a row keeps x's converted words in
// shared memory (static, [piece][word group][thread], 64 bytes a piece and thread; one LDS.128 per
// 8 words of a pair), not in 32 registers a thread: at the same 2 CTAs per SM and 2 row pairs in
// flight the registers freed let ptxas issue the weight loads earlier (their mean lead 482-562 SASS
// before first use against 454-529 in registers; hot loop 675-699 SASS per 2 pairs against 689-703;
// 107-129 registers against 114-127). Measured (run 344, docs/runs/run344/make_xs.py 2 and
// time_shapes.py / next_six_k.py 20, two orders, fp16 / bf16, us, against x in registers;
// BENCHMARKS.md item 221): 7168x16384 24.5-24.7 / 25.3 against 25.2-25.4 / 25.5, the lm_head
// 96.5-96.8 / 99.6-99.7 against 99.5-99.9 / 99.4, 18432x7168 27.8 / 28.6 against 29.2 / 28.8-29.1,
// 14336x4096 16.0-16.1 / 16.6 against 16.3-16.4 / 16.8-16.9, 4096x14336 16.7-16.8 / 17.6-17.7
// against 17.1-17.2 / 17.6; with 3 pairs in flight (xs3, 1.5x the bytes, small spills outside the
// loop at the 128-register cap) 0.5-1.1 us slower. Item 203's one pair at 3 CTAs had lost.
__host__ __device__ constexpr bool sweep16_x_shared(int pieces, int group_warps, int cols) {
  return cols == 1 && pieces == 2 && group_warps <= kWarps;
}
__host__ __device__ constexpr int sweep16_x_shared_bytes(int pieces, int group_warps, int cols) {
  return sweep16_x_shared(pieces, group_warps, cols) ? 16 * 4 * pieces * 32 * sweep_cta_warps(group_warps) : 0;
}
// A row pair's 16 mma (2 pieces x 4 words x 2) in two accumulator chains, by word parity, added
// after the pair's last mma: a dependent chain of 8 rather than 16. Where an SM runs one CTA of
// 13..16 warps of the 2-piece loop (one column, 24576 < K <= 32768), too few warps to hide the longer
// chain. Measured (run 382, docs/runs/run361/ab.py 20, base / two chains / two chains / base, fp16
// / bf16, us; BENCHMARKS.md item 239) with two chains in every one-column kernel: 8192x28672 (2
// pieces on 14 warps) 44.0-44.1 / 44.0-44.2 against 44.9-45.2 / 45.1-45.3; at 2 CTAs an SM even
// (7168x16384 on 8 warps 24.9-25.2 / 25.0-25.2 against 25.0 / 25.2-25.3, 18432x7168) or slower (the
// lm_head on 2 warps 98.0-98.3 / 98.0-98.4 against 97.0-97.1 / 97.6-97.9, 24576x8192 0.2-1.4, where
// 4 of those kernels spilled 8 bytes at the 128-register cap; the one-piece kernels 0-0.3). Run 383,
// this rule: 0.7-2.9 us off every shape it takes (8192x28672 44.1-44.4 / 43.9-44.4 against 45.2-45.4
// / 45.2-45.7, 8192x30720 45.0-45.2 against 47.3-47.5); the one-piece kernels on 17..24 warps with
// two chains too (run 384) even.
__host__ __device__ constexpr int sweep16_mma_chains(int pieces, int group_warps, int cols) {
  return cols == 1 && pieces == 2 && group_warps > kWarps ? 2 : 1;
}
// sweep16_kernel's static shared memory besides x's: at most this (its static_assert).
constexpr int kSweep16StaticBytes = 256;
// With several activation columns (kCols > 1: their pieces in registers too) 2; 1 where the
// groups are paired (sweep16_paired_groups).
__host__ __device__ constexpr int sweep16_ctas_per_sm(int pieces, int group_warps, int cols = 1, bool bf16_l1 = false) {
  if (sweep16_paired_groups(pieces, group_warps, cols, bf16_l1)) return 1;
  const int cta_warps = sweep_cta_warps(group_warps), ctas_within = kSweep16OneWarps / cta_warps;
  return group_warps > kWarps ? 1 : pieces == 1 && cols == 1 && ctas_within > 2 ? ctas_within : 2;
}
// Whether the sweep of `pieces` a thread quantizes a 16-bit activation itself (kQuantAct): with 1
// or 2, not with 4 (ptxas spills at the 128-register cap). check_plan and fused_quant_fits ask it.
__host__ __device__ constexpr bool sweep_quantizes(int pieces) { return pieces == 1 || pieces == 2; }

// One CTA (kGroupWarps * (8 / kGroupWarps) warps): L > 1, a contiguous range of the flattened L * M
// rows (SweepRows::first), in segments of one batch each; L == 1, rows blockIdx.x + i * rows.blocks.
// Shared memory: [CTA row][warp of its group] fp32. CTAs per SM: sweep_ctas_per_sm.
// kQuantAct: see sweep_piece; 1 or 2 pieces only (sweep_quantizes: with 4, ptxas spills at the
// 128-register cap, whichever order the loads take). The group's shape is a template parameter:
// with it at run time the pieces' address arithmetic moved each row's weight loads ~60
// instructions later in the hot loop (sm_90a SASS), and the kernel took 28.3 us on 7168x16384
// against 25.5 (runs 190-191).
template <int kPieces, int kGroupWarps, bool kQuantAct>
__global__ void
__launch_bounds__(kGroupWarps * 32 * (kWarps / kGroupWarps), sweep_ctas_per_sm(kPieces, kGroupWarps))
    sweep_kernel(const GemvParams p, const SweepRows rows) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
  // The launcher picks the sweep on 9.x devices only (integer_fits), which never run this SASS;
  // on sm_100a and sm_120a its body spills at the register cap (no such GPU here to tune it for).
  __trap();
#else
  static_assert(!kQuantAct || sweep_quantizes(kPieces), "the fused quantization's pieces");
  extern __shared__ float red[];
  constexpr int kSweepDepth = sweep_depth(kPieces);  // rows in flight per thread
  // Two rows' warp sums in one butterfly (below), measured (run 206, time_shapes.py, two orders,
  // against a butterfly per row; BENCHMARKS.md item 140): 7168x16384 25.2-25.3 us against
  // 26.3-26.5, 4096x14336 16.3-16.4 against 17.1-17.2, 4096x7168x8 (4 x 2) 44.4-44.8 against
  // 45.1-45.2, 7168x2048x4, 4096x4096, 2048x7168 0.3-0.5 less; slower then with 4 pieces on one
  // warp (14336x4096 16.5-16.7 against 16.1-16.3, the lm_head 97.4 against 96.1), but even there
  // on today's loop (run 417, item 256: 4 x 1 hot loop 516 -> 491 SASS; the lm_head 94.8 against
  // 94.8-94.9, 14336x4096 15.1-15.3 against 15.1-15.2), so every kernel takes it now and the
  // butterfly per row is gone. The fused quantization's kernels too (run 211, next_dynamic.py, two
  // orders, dynamic W4A4 on bf16 x): 7168x16384 33.3-33.7 us against 34.2, the other layers within
  // 0.2-0.5 either way.
  constexpr int group_warps = kGroupWarps, group_threads = 32 * kGroupWarps;
  constexpr int groups = kWarps / kGroupWarps, cta_threads = group_threads * groups;
  // The lane from thread_index(), held in a register: from threadIdx.x, with the epilogue's loop
  // over the CTA's rows after the hot loop, NVVM re-read %tid.x inside it (the butterflies' lane
  // tests; an S2R) and ptxas issued the 2 x 8 loop's first 16-byte load 90 SASS into the 271-SASS
  // loop, against 55 of 266 (sm_90a; with no epilogue, run 469's faster diagnostic, 48 of 270).
  // Not in the 2-piece kernel of 7 warps: at its 72 registers (4 CTAs an SM) ptxas spilled 4
  // bytes. BENCHMARKS.md item 285: 7168x16384 0.2 us faster on an H100 (run 476); on the H200
  // every W4A4 shape even with and without it, side by side (run 484, item 290).
  constexpr bool kLaneHeld = !(kPieces == 2 && kGroupWarps == 7);
  const int g = threadIdx.x / group_threads, q = threadIdx.x - g * group_threads;
  const int warp = q >> 5, lane = (kLaneHeld ? thread_index() : threadIdx.x) & 31;
  // The CTA's rows (rows: the L * M rows over the grid). L > 1: a contiguous range [r_begin,
  // r_end) of the L * M rows, rows.q or rows.q + 1 of them, in segments of one batch each (a
  // segment's activation pieces are that batch's). L == 1: rows interleaved over the G CTAs, b, b +
  // G, b + 2 G, ... (the grid on one front through the matrix, as the stream floor reads it;
  // sweep_steps_fit): r below then counts the CTA's rows, one segment.
  const bool inter = p.L == 1;
  const int G = rows.blocks;
  const int r_begin = inter ? 0 : rows.first(blockIdx.x);
  const int r_end = inter ? rows.interleaved(blockIdx.x) : rows.first(blockIdx.x + 1);
  using Pieces = SweepPieces<kPieces, kGroupWarps>;
  const int piece0 = Pieces::first(q, warp, lane);  // the thread's piece u: piece0 + Pieces::kStep u
  bool ok[kPieces];  // whether the thread's piece u lies inside K (the same for every row)
#pragma unroll
  for (int u = 0; u < kPieces; ++u) ok[u] = piece0 + Pieces::kStep * u < (p.K >> 5);
  constexpr int piece_bytes = Pieces::kStep * 16, piece_sf = Pieces::kStep * 2;
  for (int r = r_begin; r < r_end;) {
    const int l = inter ? 0 : r / p.M, m = inter ? r : r - l * p.M;
    const int seg_rows = inter ? r_end - r : min(r_end - r, p.M - m);
    const int n = seg_rows > g ? (seg_rows - g + groups - 1) / groups : 0;  // this group's rows
    // The group's first row, and the matrix rows from one of the CTA's rows to its next.
    const int first = inter ? (int)blockIdx.x + g * G : m + g, stride = inter ? G : 1;
    const uint8_t* a = p.a + l * p.a_batch_stride + (int64_t)first * p.a_row_stride + 16 * piece0;
    // Row-major scales only (sweep_weights_fit): no layout branch before the first loads.
    const uint8_t* sf = p.sfa.base + l * p.sfa.batch_stride + (int64_t)first * p.sfa.row_stride + 2 * piece0;
    // Row steps in 32 bits (sweep_steps_fit), the load pointers advanced a row at a time: with
    // 64-bit steps times the row index, the steps were reloaded from the parameters inside the hot
    // loop and ptxas issued each row's loads late (sm_90a SASS).
    const int a_step = groups * stride * (int)p.a_row_stride;
    const int sf_step = groups * stride * (int)p.sfa.row_stride;
    uint32_t w[kSweepDepth][kPieces][4], s[kSweepDepth][kPieces];
#pragma unroll
    for (int d = 0; d < kSweepDepth; ++d) {
#pragma unroll
      for (int u = 0; u < kPieces; ++u) {
        w[d][u][0] = w[d][u][1] = w[d][u][2] = w[d][u][3] = 0;  // pieces past K stay zero
        ld_stream_if(ok[u] && d < n, a + u * piece_bytes, w[d][u]);
        s[d][u] = ld_scales_if<2, true>(ok[u] && d < n, sf + u * piece_sf);
      }
      a += a_step;
      sf += sf_step;
    }
    // Asking for the CTA's later rows here too lost on every shape, the layers that fit in L2
    // included: by L2 prefetches (run 374, BENCHMARKS.md item 234) and by bulk copies of the
    // CTA's rows into shared memory (run 376, item 236). The short layers' one-piece plans ask for
    // all but 1-2 rows a group in this window already, and from L2 the sweep reads at 3.5-3.9 TB/s
    // (item 235): what it lacks is pace after the bytes land, not requests.
    // The activation's pieces after the first weight loads (as the probe's compiler ordered them,
    // runs 189-193). With sweep_piece's single load path either order measured the same or better
    // (run 199); with its run-time paths, loading x first had been 1.0-1.4 us faster (runs 192-194).
    SweepPiece x[kPieces];
    if constexpr (kQuantAct && groups > 1) {
      // The fused quantization shared by the CTA's groups: its threads quantize the batch's pieces
      // once (piece pc by thread pc % cta_threads) into shared memory (sweep_shared_quant_bytes),
      // then each thread decodes its own; otherwise every group would quantize all of K. Barriers:
      // the last segment's reads done, then this segment's writes. Measured (run 207, dynamic W4A4
      // on row-major weights, bf16 x, next_dynamic.py, two orders; BENCHMARKS.md item 141):
      // 4096x4096 (2 warps a row, 4 groups) 12.8 us against 18.2-18.3, 7168x2048 (1 warp) 12.2
      // against 17.9-18.1, 2048x7168 (4 warps) 14.3-14.4 against 18.0-18.1; with one group a CTA
      // (7168x16384, 8 warps) 34.7-35.0 against 34.2, so one group quantizes its own pieces.
      const int cta_rows_max = rows.most();
      uint4* codes = reinterpret_cast<uint4*>(reinterpret_cast<char*>(red) +
                                              sweep_shared_quant_offset(cta_rows_max, group_warps));
      uint16_t* scales = reinterpret_cast<uint16_t*>(codes + (p.K >> 5));
      const float gs = p.act_global_scale ? *p.act_global_scale : 1.0f;
      __syncthreads();
      for (int pc = threadIdx.x; pc < (p.K >> 5); pc += cta_threads) {
        uint32_t w[4], sc = 0;
        quantize_piece(p, l, pc, gs, w, sc);
        codes[pc] = make_uint4(w[0], w[1], w[2], w[3]);
        scales[pc] = (uint16_t)sc;
      }
      __syncthreads();
#pragma unroll
      for (int u = 0; u < kPieces; ++u) {
        const int piece = piece0 + Pieces::kStep * u;
        if (ok[u]) {
          const uint4 c = codes[piece];
          const uint32_t w[4] = {c.x, c.y, c.z, c.w};
          x[u] = sweep_piece_of(w, scales[piece]);
        } else {
          const uint32_t w[4] = {0, 0, 0, 0};
          x[u] = sweep_piece_of(w, 0);
        }
      }
    } else {
      const float gs = kQuantAct && p.act_global_scale ? *p.act_global_scale : 1.0f;
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
        x[u] = sweep_piece<kQuantAct>(ok[u], p, l, piece0 + Pieces::kStep * u, gs);
    }
    // Row i's warp sums go to red[i][warp], two rows in one butterfly (the half warps swap one row
    // each at offset 16, then each half reduces its own: 5 SHFL for 2 rows), through a 32-bit
    // shared address stepped a row at a time (ptxas had recomputed a generic address every row).
    // The lanes' additions come in a fixed order, the same on every run.
    float* out_row = red + (r - r_begin + g) * group_warps + warp;
    uint32_t out_addr = (uint32_t)__cvta_generic_to_shared(out_row);
    constexpr uint32_t out_step = groups * group_warps * 4;  // bytes from a row's sums to the next's
    static_assert(kSweepDepth % 2 == 0, "one butterfly for two rows");
    // The group's rows i .. i + kSweepDepth - 1: their dot products and sums, and the loads of
    // the window's next rows. Checked: rows and loads past the group's n left out. Unchecked
    // (that row and the next window all inside n): no row-count predicates on the loads or the
    // stores; the break before each row stays in both, a basic-block boundary without which
    // ptxas sank the rows' loads to 37-107 SASS before their first use (from 177-270).
    const auto rows_step = [&](int i, auto checked) {
      constexpr bool kChecked = decltype(checked)::value;
      float acc[kSweepDepth] = {};
#pragma unroll
      for (int d = 0; d < kSweepDepth; ++d) {
        if (i + d >= n) break;
#pragma unroll
        for (int u = 0; u < kPieces; ++u) acc[d] = sweep_piece_dot(w[d][u], s[d][u], x[u], acc[d]);
        const bool more = !kChecked || i + d + kSweepDepth < n;  // a and sf: that row's
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          ld_stream_if(ok[u] && more, a + u * piece_bytes, w[d][u]);
          s[d][u] = ld_scales_if<2, true>(ok[u] && more, sf + u * piece_sf);
        }
        a += a_step;
        sf += sf_step;
      }
      const int half = lane >> 4;  // the row this half warp reduces
#pragma unroll
      for (int h = 0; h < kSweepDepth; h += 2) {
        const float v = pair_warp_sum(acc[h], acc[h + 1], lane);
        if ((lane & 15) == 0 && (!kChecked || i + h + half < n))
          st_shared_f32(out_addr + (h + half) * out_step, v);
      }
      out_addr += kSweepDepth * out_step;
    };
    // The iterations whose rows and next window are all inside n unchecked, in a loop of their
    // own, the last one or two checked: the 2 x 8 hot loop 281 -> 271 SASS, 1 x 7 304 -> 293,
    // 4 x 2 509 -> 490 (sm_90a). Measured (run 407, docs/runs/run407/ab407.py 20, two
    // orders, unchecked, against one checked loop; BENCHMARKS.md item 250): 7168x16384
    // 23.2-23.4 us against 23.4-23.6, 2048x7168 8.3 against 8.7-8.8, 4096x7168x8 41.8-42.2
    // against 42.0-42.3, 16384x6144 21.2-21.4 against 21.5, 7168x2048 and 7168x2048x4 0.1 less
    // (2048x7168's groups run the checked loop only: there the gain is the prologue's schedule,
    // ptxas now issuing x's loads before the first window's in every one-piece kernel).
    // With 4 pieces even (run 411, docs/runs/run411/ab411.py 20: 16384x8192 and 28672x8192 on 4 x
    // 2, 8192x28672 on 4 x 7, within 0.3 us); the same split of the W4A16 sweep's ~630-660-SASS
    // loops lost 0.2-1.2 us on the long shapes (run 407: two copies of a long loop body, likely
    // the instruction cache), so that sweep keeps one loop. Not where the kernel quantizes x
    // (kQuantAct): there ptxas put 8-24 bytes of the second butterfly's divergent path on the
    // stack.
    int i = 0;
    if constexpr (!kQuantAct)
      for (; i + 2 * kSweepDepth <= n; i += kSweepDepth) rows_step(i, std::false_type{});
    for (; i < n; i += kSweepDepth) rows_step(i, std::true_type{});
    r += seg_rows;
  }
  sweep_epilogue(p, red, r_end - r_begin, group_warps, cta_threads, kIntAccLog2,
                 [&](int i) { return inter ? (int)blockIdx.x + i * G : r_begin + i; });
#endif
}

}  // namespace detail
}  // namespace nvfp4
