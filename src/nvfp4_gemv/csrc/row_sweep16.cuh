// row_sweep16.cuh: sweep16_kernel, the row sweep for W4A16 (fp16 / bf16 x, one column, or two at
// L = 1) and for W4A4 at two columns, row-major weights (sm_90): x converted once in the prologue
// into registers as mma fragments, whole rows streamed by groups of warps. Torch-free.
#pragma once
#include "row_sweep.cuh"
#include "smem_copy.cuh"

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// The row sweep for W4A16 (sweep16_kernel; fp16 / bf16 activations, one column, or two at L = 1
// (kCols), row-major weights and scales, sm_90, K <= 16384: 2 pieces a thread on up to 8 warps a
// row, or 1 where sweep16_pieces says; one column at L = 1 up to K = 32768 on 17..24 warps of one
// piece or 13..16 of 2, one group a CTA, sweep16_max_group_warps); with kFp4, W4A4 at two columns
// on the same loop (the FP4 activation decoded once, in the prologue, as the weights are:
// BENCHMARKS.md item 181).
//
// The sweep's shape (sweep_kernel, row_sweep.cuh), with the products on the tensor core:
// mma.m16n8k16 takes A's 16 rows as (chunk g of row r, chunk g of row r + 1) and B's 8 columns as the
// activation's chunks, where chunk g is what the 4 lanes of quad g hold. A lane puts its own
// decoded weights of rows r and r + 1 in a0..a3 and its own activation (fp16, in pair_k order) in
// b0, b1, so D[g][g] and D[g + 8][g] accumulate the quad's dot products of rows r and r + 1 with
// its activation; the other 112 entries of D pair one quad's weights with another's activation
// and are not read. Exact as in gemv_kernel: weights E2M1 * SFA * kWeightBias exact in fp16,
// products exact, fp32 accumulation; bf16 activations rescaled by a power of two: per warp and
// column at L = 1 (undone in the epilogue), per column and batch segment at L > 1 (the CTA's
// threads together hold all of K, so the CTA's maximum is the column's; undone after the segment).
// A warp takes rows in pairs; per pair the 8 lanes holding a diagonal entry add both rows in 3
// shuffles (diag_pair_sum). Per 32 values of one row: the decode (44 SASS), 16 HMUL2 for the block
// scales, 4 mma, the loads. The 8-warp hot loop (sm_90a, scripts/sass_loop.py): 663 / 657
// instructions per 2 pairs of 2 pieces (fp16 / bf16, 81-83 per 32 values; bf16 650 until item
// 285, 642 with items 285-288, 657 with item 289's S2R of %tid.x in the loop) since item 244 (the
// diagonal sum, 3 SHFL, 3 FADD and 2 FSEL a pair where the butterfly over the warp took 5, 5 and
// 6; the block scales with no HMUL2 of their own, kWeightBias); run 395 (two orders, us, base /
// new): 7168x16384 fp16 24.7 / 24.5, bf16 24.9-25.0 / 24.5-24.8, 8192x28672 fp16 43.9-44.0 /
// 42.9-43.4, bf16 44.2-44.3 / 43.1-43.2, 18432x7168 27.4-27.6 / 26.8-27.1, 4096x14336 at two
// columns fp16 18.7 / 17.8-18.0, the lm_head even. Before: 679 / 686 (bf16 679 before its CTA
// took two groups, item 241; 694 before item 231's prologue), with x in shared memory
// (sweep16_x_shared, item 221: 8 LDS.128 per 2 pairs; 693 / 694 with x in registers); 711 with
// 16-bit scale registers (item 154), 747 / 761 with a butterfly per row (item 143), 728 / 763
// before the row pairs were interleaved (item 141).
// Two columns (kCols = 2, BENCHMARKS.md item 164): each column's pieces in registers, two mma per
// column and 16 values, a diagonal sum per column; 347 / 345 SASS per pair of 2 pieces on 8 warps
// (86-87 per 32 values and row, both columns), 401 / 392 per 2 pairs of one piece on 7 (98-100).
// Outcome (run 200, fp16 / bf16, row-major, one column, against NVFP4_GEMV_SWEEP16=0 in the same
// call; BENCHMARKS.md item 137): 7168x16384 28.0-28.2 / 29.1-29.4 us against 29.4 / 30.8, 4096x4096
// 10.1-10.2 / 11.1-11.2 against 11.4 / 11.6, 4096x14336 18.5 / 19.5 against 20.7 / 21.7, 2048x7168
// 10.0-10.1 / 10.8-10.9 against 11.7 / 12.0, 7168x2048x4 17.1 / 18.0-18.1 against 18.2 / 19.0.
// With the activation loaded before the first weight loads (run 199, another call) bf16 was 0-0.9
// us slower (7168x2048 11.1 against 10.2).
// ---------------------------------------------------------------------------------------------
template <int kPieces, int kGroupWarps, bool kBf16, int kCols = 1, bool kFp4 = false, bool kBatched = false>
__global__ void
__launch_bounds__(32 * kGroupWarps * sweep16_groups(kPieces, kGroupWarps, kCols, kBf16 && !kBatched),
                 sweep16_ctas_per_sm(kPieces, kGroupWarps, kCols, kBf16 && !kBatched))
    sweep16_kernel(const GemvParams p, int row_blocks) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
  __trap();  // the launcher picks it on 9.x devices only
#else
  __shared__ unsigned col_max_bits;  // bf16 at L > 1: the segment's maximum (fp32 bits)
  // x's converted words in shared memory (sweep16_x_shared): [u][w][thread], 4 words each.
  constexpr bool kXShared = sweep16_x_shared(kPieces, kGroupWarps, kCols);
  constexpr int kMmaChains = sweep16_mma_chains(kPieces, kGroupWarps, kCols);
  static_assert(kMmaChains == 1 || kCols == 1, "the second chain is added to column 0's sums only");
  __shared__ uint4 x_shared[kXShared ? sweep16_x_shared_bytes(kPieces, kGroupWarps, kCols) / 16 : 1];
  static_assert(sweep16_builds(kPieces, kCols, kGroupWarps), "a group shape the launcher builds");
  constexpr int unscale_slots = kGroupWarps > kWarps ? kGroupWarps : kWarps;
  __shared__ float warp_unscale[kCols][unscale_slots];  // bf16 at L == 1: 2^-e of warp v of the groups
  static_assert(sizeof(col_max_bits) + sizeof(warp_unscale) <= kSweep16StaticBytes, "sweep_sums_bytes_max");
  extern __shared__ float red[];
  static_assert(kCols == 1 || kCols == 2, "one or two activation columns");
  static_assert(!kFp4 || (kCols == 2 && !kBf16), "FP4 activations: two columns (one: sweep_kernel)");
  static_assert(!kBatched || (kBf16 && kCols == 1 && kPieces == 2 && kGroupWarps <= kWarps),
                "bf16 at L > 1: one column, 2 pieces on up to 8 warps (the L > 1 plans)");
  // Row pairs in flight per thread: 2; 1 where the activation takes 64 registers (2 columns of 2
  // pieces: with 2 pairs ptxas spilled 100-144 bytes at the 128-register cap).
  constexpr int kSweepDepth = kCols * kPieces > 2 ? 1 : 2;
  constexpr int group_warps = kGroupWarps, group_threads = 32 * kGroupWarps;
  constexpr int groups = sweep16_groups(kPieces, kGroupWarps, kCols, kBf16 && !kBatched);
  constexpr int cta_threads = group_threads * groups;
  // The lane from threadIdx.x, not thread_index() as sweep_kernel's. NVVM then re-reads %tid.x in
  // the hot loop (one S2R), which timed as nothing; the held lane (item 285) made ptxas issue the
  // loads later (summed lag 89 -> 214 SASS on the bf16 <2, 7> kernel), and the H200 timed it 0.1-1.9
  // us slower on the four large layers, most on the lm_head (run 482, item 289). At two columns it
  // also read a load's registers 33 SASS after issue (of 347; test_sweeps_read_each_load_a_row_later).
  const int g = threadIdx.x / group_threads, q = threadIdx.x - g * group_threads;
  const int warp = q >> 5, lane = threadIdx.x & 31, quad = lane >> 2;
  // bf16 x at L == 1 in shared memory: one copy for the CTA's groups ([word][q]), each group
  // converting a share of it, then a barrier, wherever the CTA pairs its groups (every such kernel
  // keeps x in shared memory); otherwise each thread's own slots ([word][thread]).
  constexpr bool kXGroupShared = sweep16_paired_groups(kPieces, kGroupWarps, kCols, kBf16 && !kBatched);
  static_assert(!kXGroupShared || (kXShared && groups > 1), "paired groups share x's shared copy");
  constexpr int x_stride = kXGroupShared ? group_threads : cta_threads;
  static_assert(!kXShared || sizeof(x_shared) >= 16 * 4 * kPieces * x_stride, "x's words [u][w][slot]");
  const int x_slot = kXGroupShared ? q : (int)threadIdx.x;
  // The thread's slot of x_shared as a 32-bit shared address, held: from x_shared[...] NVVM formed
  // the symbol's address again in the hot loop (S2R SR_TID.X and SR_CgaCtaId each pass).
  const uint32_t x_addr = held(smem_addr(&x_shared[x_slot]));
  constexpr uint32_t x_word_bytes = 16 * x_stride;  // from one of a slot's 16-byte words to the next
  const int R = p.M * p.L;
  const unsigned bq = (unsigned)R / row_blocks, rem = (unsigned)R - bq * row_blocks;
  const auto row_bound = [&](unsigned b) { return balanced_bound(b, bq, rem, row_blocks); };
  // The CTA's rows. L > 1: a balanced contiguous range of the L * M rows, in segments of one batch
  // each. L == 1 (as sweep_kernel's rows, a row pair at a time): the matrix's row pairs b, b + G,
  // b + 2 G, ... (pair j: rows 2 j, 2 j + 1), one segment whose r counts the CTA's rows; the
  // matrix's odd last pair, if any, is the last pair of the CTA that holds it (sweep_plan sizes
  // the CTAs' shared memory for ceil(pairs / G) pairs; sweep_steps_fit keeps the step in 32 bits).
  // Outcome (run 207, next_sweep16.py, two orders, against contiguous ranges; BENCHMARKS.md item
  // 141): bf16 4096x4096 10.8 us against 11.2, 2048x7168 10.4-10.5 against 11.0-11.1, 7168x16384
  // 28.4-28.6 against 28.8-29.2; fp16 4096x14336 18.1 against 18.5-18.7; and at L = 4, where the
  // rows are unchanged, fp16 7168x2048x4 17.6 against 17.2 (its SASS moved; not understood).
  const int G = row_blocks, b = blockIdx.x;
  const bool inter = kCols > 1 || p.L == 1;  // several columns: L == 1 only (sweep16_fits)
  const int P = (p.M + 1) >> 1, nbp = inter ? sweep_interleaved_units(P, b, G) : 0;
  const bool odd_tail = inter && (p.M & 1) && nbp > 0 && (P - 1 - b) % G == 0;
  const int r_begin = inter ? 0 : row_bound(b);
  const int r_end = inter ? 2 * nbp - (odd_tail ? 1 : 0) : row_bound(b + 1);
  using Pieces = SweepPieces<kPieces, kGroupWarps>;
  const int piece0 = Pieces::first(q, warp, lane);  // the thread's piece u: piece0 + Pieces::kStep u
  bool ok[kPieces];
#pragma unroll
  for (int u = 0; u < kPieces; ++u) ok[u] = piece0 + Pieces::kStep * u < (p.K >> 5);
  constexpr int piece_bytes = Pieces::kStep * 16, piece_sf = Pieces::kStep * 2;
  for (int r = r_begin; r < r_end;) {
    const int l = inter ? 0 : r / p.M, m = inter ? 0 : r - l * p.M;
    const int seg_rows = inter ? r_end - r : min(r_end - r, p.M - m);
    const int pairs = (seg_rows + 1) >> 1;
    const int n = pairs > g ? (pairs - g + groups - 1) / groups : 0;  // this group's pairs
    // The pairs: rows m + 2 j, m + 2 j + 1 for j = g, g + groups, ...; kSweepDepth pairs in flight,
    // their first loads before the activation's (as in sweep_kernel; bf16 waits for its column maximum).
    const int stride = inter ? G : 1, first = inter ? 2 * (b + g * G) : m + 2 * g;
    const int a_step = 2 * groups * stride * (int)p.a_row_stride;
    const int sf_step = 2 * groups * stride * (int)p.sfa.row_stride;
    const int a_next = (int)p.a_row_stride, sf_next = (int)p.sfa.row_stride;  // row r + 1
    const uint8_t* a = p.a + l * p.a_batch_stride + (int64_t)first * p.a_row_stride + 16 * piece0;
    const uint8_t* sf = p.sfa.base + l * p.sfa.batch_stride + p.sfa.row_offset(first) + 2 * piece0;
    const int last_odd = seg_rows & 1 ? pairs - 1 : -1;  // the pair whose second row is past the segment
    uint32_t wr[kSweepDepth][2][kPieces][4], s[kSweepDepth][2][kPieces];
#pragma unroll
    for (int d = 0; d < kSweepDepth; ++d) {
      const int pair = g + d * groups;
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const bool ld = ok[u] && d < n && !(h == 1 && pair == last_odd);
          wr[d][h][u][0] = wr[d][h][u][1] = wr[d][h][u][2] = wr[d][h][u][3] = 0;
          ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
          s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
        }
      a += a_step;
      sf += sf_step;
    }
    // The activation: 32 values a piece and column, as 16 half2 in pair_k order (word q of
    // column c: xh[c][u][4 q + i]); columns past p.N zero (kCols > 1 rounds N up). bf16: each
    // column rescaled by its own power of two (column_exponent of the CTA's maximum).
    uint32_t xh[kCols][kPieces][16];
    const uint16_t* x_batch = static_cast<const uint16_t*>(p.x) + l * p.x_batch_stride;
    const auto load_column = [&](int c, uint4 (&raw)[kPieces][4]) {
      const uint4* xs = reinterpret_cast<const uint4*>(x_batch + c * p.x_col_stride);
      const bool col = kCols == 1 || c < p.N;
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int w = 0; w < 4; ++w)
          raw[u][w] = col && ok[u] ? xs[4 * (piece0 + Pieces::kStep * u) + w] : make_uint4(0, 0, 0, 0);
    };
    // FP4 (W4A4 at two columns): each piece decoded as the weights are (fp4_piece_pair_k), so the
    // products carry kWeightBias^2 (sweep_epilogue's sum_log2 below).
    if constexpr (kFp4) {
#pragma unroll
      for (int c = 0; c < kCols; ++c) {
        const uint4* xs = reinterpret_cast<const uint4*>(static_cast<const uint8_t*>(p.x) +
                                                         l * p.x_batch_stride + c * p.x_col_stride);
        const uint16_t* sx = reinterpret_cast<const uint16_t*>(p.sfx.base + l * p.sfx.batch_stride +
                                                               p.sfx.row_offset(c));
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          const int piece = piece0 + Pieces::kStep * u;
          const bool on = c < p.N && ok[u];
          fp4_piece_pair_k(on ? xs[piece] : make_uint4(0, 0, 0, 0), on ? sx[piece] : 0u, xh[c][u]);
        }
      }
    } else {
      // bf16 at L == 1 (one segment; every kernel of several columns): each warp converts its
      // pieces with its own power of two 2^e per column, column_exponent of the warp's maximum (one
      // REDUX), and the epilogue multiplies the warp's sums by 2^-e: no barrier and no
      // shared-memory round trip before the first rows' compute. Warp v of every group holds the
      // same pieces, so the same e: group 0's is kept (warp_unscale[c][v]). One exponent a warp is
      // enough: a quad's lanes (one mma's diagonal sum) sit in one warp, and the warps' sums stay
      // apart until the epilogue. At least as accurate as the CTA's maximum: x 2^e is exact in fp16
      // down to 2^-24, and a warp's e is never smaller than the CTA's. At L > 1 (kBatched, the
      // launcher's choice) a CTA's rows may span batches, each its own exponent: there the CTA's
      // maximum per segment, undone after the segment's rows. Apart in their own instances since
      // BENCHMARKS.md item 228: with the L > 1 code in the L = 1 kernels ptxas scheduled their hot
      // loops otherwise (run 358, docs/runs/run358/bf16_loops.py, two orders, bf16 x, against that
      // form: 32768x6144 36.9-37.0 us against 38.8 (fp16 36.2-36.6), 16384x6144 22.7 against
      // 23.6-23.8, 8192x28672 45.0-45.4 against 45.6-45.7, 14336x4096 and 7168x16384 even,
      // 18432x7168 29.1 against 28.7-28.9). The per-warp exponent measured (run 261, two orders,
      // unchecked, against the CTA's maximum at L = 1 too; BENCHMARKS.md item 173): bf16 N = 2
      // 7168x16384 28.5 us against 29.1-29.3, 4096x14336 19.5-19.6 against 20.9-21.2, 4096x4096
      // 10.1 against 10.8-10.9; N = 1 4096x4096 9.2 against 9.6, 2048x7168 9.1 against 9.4-9.6,
      // 7168x16384 25.1-25.2 against 25.3-25.4 (its hot loop 694 -> 702 SASS); at L = 4 (this path
      // unchanged, its SASS moved) 7168x2048x4 17.1-17.2 against 16.8. Undone at each store in the
      // hot loop or by each warp after its rows instead, ptxas spilled 4-40 bytes at the
      // 128-register cap; undone in a pass after the rows with barriers (item 146) it was slower.
      // The prologue's own cost (BENCHMARKS.md item 231): all warps of an SM convert at once, and
      // ~375 SASS a thread more than fp16's before the first mma landed bf16's first rows 0.3-1 us
      // late (item 229e). So the maximum on 16-bit lanes (pieces_max_bits), one HMUL2.BF16 a pair
      // (bf16_sweep_exponent), and with several groups a CTA one shared copy of x that each group
      // converts a share of (kXGroupShared). Run 366 (two orders, us, against the per-thread
      // form): the lm_head 98.3 / 97.8 against 99.5 / 99.7, 18432x7168 27.8 / 27.6 against 29.2 /
      // 29.7, 24576x8192 37.3 / 37.4 against 38.4 / 38.8, 65536x4096 46.1 / 46.0 against 46.8 /
      // 47.0, two columns on 7168x16384 27.0 / 27.3 against 27.8 / 28.1, the rest even to 0.4 faster.
#pragma unroll
      for (int c = 0; c < kCols; ++c) {
        uint4 raw[kPieces][4];
        load_column(c, raw);
        int e = 0;
        if constexpr (kBf16) {
          const unsigned mx = pieces_max_bits(raw);
          if constexpr (!kBatched) {
            e = bf16_sweep_exponent(__reduce_max_sync(0xffffffffu, mx) << 16);  // fp32 bits
            if (g == 0 && lane == 0) warp_unscale[c][warp] = ldexpf(1.f, -e);
          } else {
            if (threadIdx.x == 0) col_max_bits = 0;
            __syncthreads();
            warp_column_max(mx, &col_max_bits);
            __syncthreads();
            e = bf16_sweep_exponent(col_max_bits);
          }
        }
        if constexpr (kXGroupShared) {
          // Thread q of group g converts words g, g + groups, ... of thread q's x (the same in every
          // group) into the slots all groups read: a 1 / groups share of the conversion.
#pragma unroll
          for (int j = 0; j < 4 * kPieces; ++j)
            if (j % groups == g) {
              const uint4& v = raw[j / 4][j % 4];
              const uint32_t v32[4] = {v.x, v.y, v.z, v.w};
              uint32_t hw[4];
              bf16_group_pair_k(v32, e, hw);
              sts128(x_addr + j * x_word_bytes, make_uint4(hw[0], hw[1], hw[2], hw[3]));
            }
        } else {
          pieces_pair_k<kBf16>(raw, e, xh[c]);
        }
      }
    }
    if constexpr (kXGroupShared) {
      __syncthreads();  // every group's share of x is in place (one segment: L == 1)
    } else if constexpr (kXShared) {  // each thread's own slots: no barrier (a segment's rewrite included)
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int w = 0; w < 4; ++w)
          sts128(x_addr + (u * 4 + w) * x_word_bytes,
                 make_uint4(xh[0][u][4 * w], xh[0][u][4 * w + 1], xh[0][u][4 * w + 2], xh[0][u][4 * w + 3]));
    }
    // The pair's shared-memory slots ([row][column][warp]) as a 32-bit shared address stepped a
    // pair at a time.
    constexpr uint32_t col_bytes = group_warps * 4, row_bytes = kCols * col_bytes;
    uint32_t out_addr =
        (uint32_t)__cvta_generic_to_shared(red + (r - r_begin + 2 * g) * kCols * group_warps + warp);
    constexpr uint32_t out_step = 2 * groups * row_bytes;  // bytes from a pair's sums to the next's
    for (int i = 0; i < n; i += kSweepDepth) {
#pragma unroll
      for (int d = 0; d < kSweepDepth; ++d) {
        if (i + d >= n) break;
        // acc2: the second accumulator chain where kMmaChains == 2 (words 1 and 3 of each piece),
        // added to acc after the pair's last mma.
        float acc[kCols][4] = {}, acc2[kCols][4] = {};
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          const __half2 sa = decode_e4m3x2<0>(s[d][0][u], kWeightBias / kDecodeScale);
          const __half2 sb = decode_e4m3x2<0>(s[d][1][u], kWeightBias / kDecodeScale);
#pragma unroll
          for (int w = 0; w < 4; ++w) {
            uint32_t ha[4], hb[4];
            scaled_word_pair(wr[d][0][u][w], wr[d][1][u][w], sa, sb, w >= 2, ha, hb);
            if constexpr (kXShared) {
              const uint4 xv = lds128(x_addr + (u * 4 + w) * x_word_bytes);
              xh[0][u][4 * w] = xv.x, xh[0][u][4 * w + 1] = xv.y;
              xh[0][u][4 * w + 2] = xv.z, xh[0][u][4 * w + 3] = xv.w;
            }
#pragma unroll
            for (int c = 0; c < kCols; ++c) {
              float(&chain)[4] = kMmaChains == 2 && (w & 1) ? acc2[c] : acc[c];
              mma_16816(chain, ha[0], hb[0], ha[1], hb[1], xh[c][u][4 * w], xh[c][u][4 * w + 1]);
              mma_16816(chain, ha[2], hb[2], ha[3], hb[3], xh[c][u][4 * w + 2], xh[c][u][4 * w + 3]);
            }
          }
        }
        if constexpr (kMmaChains == 2) {
#pragma unroll
          for (int j = 0; j < 4; ++j) acc[0][j] += acc2[0][j];
        }
        const int pair = g + (i + d) * groups, next = i + d + kSweepDepth;
        const int next_pair = g + next * groups;
#pragma unroll
        for (int u = 0; u < kPieces; ++u)
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            const bool ld = ok[u] && next < n && !(h == 1 && next_pair == last_odd);
            ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
            s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
          }
        a += a_step;
        sf += sf_step;
        // Both rows' sums in lanes 0 (row r) and 4 (row r + 1): diag_pair_sum.
#pragma unroll
        for (int c = 0; c < kCols; ++c) {
          const float v = diag_pair_sum(acc[c], quad);
          if ((lane & ~4) == 0 && (lane == 0 || pair != last_odd))
            st_shared_f32(out_addr + c * col_bytes + (lane >> 2) * row_bytes, v);
        }
        out_addr += out_step;
      }
    }
    r += seg_rows;
    // bf16 at L > 1: the segment's sums times 2^-e here. The exponent read again, not held through
    // the rows (a register at the cap), before the barrier after which thread 0 may reset
    // col_max_bits for the next segment.
    if constexpr (kBatched) {
      const int seg_e = bf16_sweep_exponent(col_max_bits);
      __syncthreads();  // every warp is done with col_max_bits before the next segment resets it
      for (int j = threadIdx.x; j < seg_rows; j += cta_threads) {
        const int row = r - seg_rows - r_begin + j;
        for (int v = 0; v < group_warps; ++v) red[row * group_warps + v] = ldexpf(red[row * group_warps + v], -seg_e);
      }
    }
  }
  // With several columns the CTA's rows are bounded from the parameters, rows past M skipped by
  // the epilogue: r_end, held over the rows, was the 4 bytes ptxas spilled of two 2-column kernels.
  const int cta_rows = kCols > 1 ? 2 * sweep_units_per_cta(P, G) : r_end - r_begin;
  sweep_epilogue<kCols>(p, red, cta_rows, group_warps, cta_threads, (kFp4 ? 2 : 1) * kWeightBiasLog2,
                        [&](int i) { return inter ? 2 * (b + (i >> 1) * G) + (i & 1) : r_begin + i; },
                        kBf16 && !kBatched ? &warp_unscale[0][0] : nullptr);
#endif
}

}  // namespace detail
}  // namespace nvfp4
