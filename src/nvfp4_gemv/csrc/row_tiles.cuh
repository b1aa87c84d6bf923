// row_tiles.cuh: gemv_kernel, the GEMV for every shape, layout and target (sm_80 .. sm_120a):
// each CTA stages its activation columns in shared memory as mma fragments, each warp streams
// 16-row tiles of A (or, at one column, k spans of row pairs) through a register window or, on
// sm_90+, a bulk-copy ring, and W4A4 at one column may take the integer item (dp4a) instead of the
// mma. nvfp4_gemv.cuh's "How it works" describes it; the launch rule (launch_rule.cuh) sizes it.
// Torch-free.
#pragma once
#include "gemv_common.cuh"
#include "quantize_block.cuh"
#include "smem_copy.cuh"

namespace nvfp4 {
namespace detail {

// One work item of one thread: kWords words of A for two rows (g and g+8 of a 16-row tile) and
// their scale bytes, both rows in one register (one more instruction per item, 4 registers fewer
// in a 4-item window: the margin that keeps ptxas from spilling at the 128-register cap).
template <int kWords>
struct Item {
  uint32_t w[2][kWords];
  uint32_t sf;  // scale bytes of row g in bits 0..15, of row g + 8 in bits 16..31
};

// Two layouts of a warp's item (see the kernel):
// row tiles (kSpans = false): 16 rows (quad g: rows g and g + 8) x kStep = 4 kVals values (quad
//   lane t: values t kVals ..); the mma's B columns are the activation columns.
// k spans (kSpans = true: N = 1, kWords = 4): kSpanRows = R rows x kStep = 2048 / R values; lane L
//   holds 32 values of row L / (32 / R) at k 32 (L % (32 / R)) (tile 0) and kStep / 2 further
//   (tile 1); the mma's B columns carry the activation of the tiles' quad spans (see SpanStream).
//
// Rows per load instruction in the k-span layout: 2 (256 bytes of each, kStep = 1024) or 4 (128
// bytes of each, kStep = 512, 4 of the mma's 8 B columns used). Measured with k spans forced
// (run 77): 4 rows is closer to the row tiles on long streams (7168x16384 30.6 us against 31.9,
// the lm_head 107.7 against 111.5; tiles 30.2 / 106.2) and slower on 4096x7168x8 (49.0 against
// 47.7): where spans_pay takes k spans the two are even (task geomean within 0.1 us), so 2. The
// compile test builds 4 too (NVFP4_SPAN_ROWS=4: no spills).
#ifndef NVFP4_SPAN_ROWS
#define NVFP4_SPAN_ROWS 2
#endif
constexpr int kSpanRows = NVFP4_SPAN_ROWS;
static_assert(kSpanRows == 2 || kSpanRows == 4, "k spans: 2 or 4 rows per load instruction");

template <int kWords, bool kSpans = false>
struct Geometry {
  static constexpr int kVals = kWords * 8;                     // k values per thread per item
  static constexpr int kRowQuads = 8 / kSpanRows;              // k spans: quads per row
  static constexpr int kStep = kSpans ? 2 * kRowQuads * 4 * kVals : 4 * kVals;  // k per item
  static constexpr int kBlocks = kVals / 16;                   // scale blocks per thread per item
  static constexpr int kPairRows = kSpans ? kSpanRows : 16;    // rows per item
  static constexpr int kSpanPieces = 8 * kRowQuads;            // k spans: pieces per step and word

  // Shared-memory layout of the staged activation, in 16-byte pieces: the 4 half2 that one
  // thread feeds to the mma for word q of k-step s, in pair_k order. Consecutive lanes read
  // consecutive pieces: conflict-free 16-byte loads.
  //   row tiles: piece ((s kWords + q) N + n) 4 + t for column n, quad lane t;
  //   k spans:   piece (s 4 + q) kSpanPieces + L for lane L = 4 j + t, j = 2 span + tile: B
  //              column j (SpanStream), k = kStep s + kStep / 2 tile + 128 span + 32 t + 8 q
  //              (kSpanPieces = 32 lanes for 2 rows; for 4 rows the 16 lanes of columns 0-3,
  //              and lanes 16-31 read the pieces of lanes 0-15 for columns nobody reads).
  // piece_of_group: the piece of column n's 8-value group g8 (k = 8 g8 into the chunk), i.e.
  // g8 = (4 s + t) kWords + q, or g8 = kStep / 8 s + kStep / 16 tile + 16 span + 4 t + q.
  __device__ __forceinline__ static int piece_of_group(int g8, int n, int N) {
    if (kSpans) {
      const unsigned u = g8, s = u / (kStep / 8), rem = u % (kStep / 8);  // g8 >= 0: shifts
      const int tile = rem / (kStep / 16), span = (rem >> 4) % kRowQuads, t = (rem >> 2) & 3;
      return (s * 4 + (g8 & 3)) * kSpanPieces + (2 * span + tile) * 4 + t;
    }
    const int s = g8 / (4 * kWords), rem = g8 - s * 4 * kWords;
    const int t = rem / kWords, q = rem - t * kWords;
    return ((s * kWords + q) * N + n) * 4 + t;
  }
};

struct Segment {
  int l, m0, m1, k0, kc;
};

// Unrolling of the bf16 maxima loop over 16-byte words (x 16-byte aligned; otherwise a plain
// 4-byte loop). The loop it replaced (a running max per column change, not unrollable) waited one
// L2 round trip per 4 bytes, 32 in a row for K = 16384; it and ldexpf in the staging cost ~6 us of
// W4A16 at N = 1 on 7168x16384 (39.5 -> 33.7 us with 4-byte loads unrolled 8, run 23; 37.4 with
// unroll 2, run 24). 16-byte loads unrolled 2 have as many bytes in flight and fit sm_120a's
// registers without a spill (4-byte loads unrolled 4 or 8 do not).
constexpr int kMaxPassUnroll = 2;

// Largest power of two 2^e with max|x[kb:ke, n]| * 2^e < 2^15, per bf16 column over the CTA's k
// range, so that the column fits fp16. Elements below 2^-24 of that scale round (relative error
// 2^-40 of the column's max). Each split has its own e; the partial sums are rescaled in fp32.
__device__ void bf16_column_exponents(const GemvParams& p, int l, int kb, int ke,
                                      unsigned* col_max_bits, int* col_exp) {
  if (threadIdx.x < p.N) col_max_bits[threadIdx.x] = 0;
  __syncthreads();
  const uint32_t* x = reinterpret_cast<const uint32_t*>(static_cast<const __nv_bfloat16*>(p.x) +
                                                        (int64_t)l * p.x_batch_stride + kb);
  const int64_t col_words = p.x_col_stride / 2;  // x and its strides are 4-byte aligned
  const int words = (ke - kb) / 2;               // bf16 pairs per column
  // The columns run side by side, kWarps / N warps each (one warp for N >= 8, columns w, w + 8
  // for N > 8), not one after another: at N = 8 that is 4 dependent L2 round trips per thread
  // instead of 8 (one per column, each closed by a warp reduction).
  const int col_warps = max(1, kWarps / p.N), warp = threadIdx.x >> 5;
  const int first = (warp % col_warps) * 32 + (threadIdx.x & 31), stride = col_warps * 32;
  for (int n = warp / col_warps; n < p.N; n += kWarps / col_warps) {
    const uint32_t* xc = x + n * col_words;
    unsigned m = 0;  // |bf16| bits order like the values: the max of the halves' magnitude bits
    if (reinterpret_cast<uintptr_t>(xc) % 16 == 0) {  // words is a multiple of 8 (K % 16 == 0)
      const uint4* x4 = reinterpret_cast<const uint4*>(xc);
#pragma unroll kMaxPassUnroll
      for (int w = first; w < words / 4; w += stride) m = max(m, bf16x8_max_bits(x4[w]));
    } else {
#pragma unroll 1
      for (int w = first; w < words; w += stride) m = max(m, bf16x2_max_bits(xc[w]));
    }
    warp_column_max(m, &col_max_bits[n]);
  }
  __syncthreads();
  if (threadIdx.x < p.N) col_exp[threadIdx.x] = column_exponent(col_max_bits[threadIdx.x]);
}

// FP4 activation groups (8 values: 4 bytes of E2M1 and a scale byte) a thread loads before it
// decodes any. One at a time, staging K = 16384 took 8 dependent L2 round trips per thread, ~4 us
// per CTA before its weight stream got going (run 30: the kernel without its staging, memory
// only, 25.5 us against 29.8). 4 measured best (runs 31-32: 30.8 us on 7168x16384 against 33.6
// for 1, 32.8 for 2, 30.3 for 8, which is slower on short K); on sm_120a and sm_89 4 makes
// ptxas spill a value or two of the prologue (at the 128-register cap), so they take 2.
#if defined(__CUDA_ARCH_FEAT_SM120_ALL) || defined(__CUDA_ARCH_FEAT_SM121_ALL) || __CUDA_ARCH__ == 890
constexpr int kFp4StageBatch = 2;
#else
constexpr int kFp4StageBatch = 4;
#endif

// One fp16 / bf16 activation group (8 values at src, global or shared memory; null: past the
// chunk, zeros) of column n into its fragment piece (f16_group_pair_k).
template <class G>
__device__ __forceinline__ void store_f16_group(const void* src, int act_kind, int e, int n, int g8,
                                                int N, uint4* act) {
  uint32_t h[4] = {0, 0, 0, 0};
  if (src)
    f16_group_pair_k([&](int i) { return static_cast<const uint32_t*>(src)[i]; }, act_kind != kActF16, e, h);
  act[G::piece_of_group(g8, n, N)] = make_uint4(h[0], h[1], h[2], h[3]);
}

// One FP4 activation group (8 values in w, its scale byte in sc) of column n, decoded and scaled
// into its fragment piece. E2M1 * SFB is exact in fp16 (<= 2688, >= 2^-10): the decode bias is
// undone first.
template <class G>
__device__ __forceinline__ void store_fp4_group(uint32_t w, uint32_t sc, int n, int g8, int N,
                                                uint4* act) {
  uint32_t h[4];
  decode_e2m1x8(w, h);
  const __half2 scale = __low2half2(decode_e4m3x2(sc, 1.0f));
  const __half2 unbias = __float2half2_rn(1.0f / kDecodeScale);
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = as_u32(__hmul2(__hmul2(as_half2(h[i]), unbias), scale));
  act[G::piece_of_group(g8, n, N)] = make_uint4(h[0], h[1], h[2], h[3]);
}

template <class G>
__device__ void stage_fp4_activation(const GemvParams& p, const Segment& seg, int groups,
                                     uint4* act) {
  const int total = groups * p.N, k_end = seg.k0 + seg.kc;
  for (int u0 = threadIdx.x; u0 < total; u0 += kFp4StageBatch * kThreads) {
    uint32_t w[kFp4StageBatch], sc[kFp4StageBatch];
#pragma unroll
    for (int b = 0; b < kFp4StageBatch; ++b) {
      const int u = u0 + b * kThreads, n = u / groups, k = seg.k0 + (u - n * groups) * 8;
      w[b] = 0;
      sc[b] = 0;  // a group past the chunk decodes to 0 * 0
      if (u < total && k < k_end) {
        w[b] = *reinterpret_cast<const uint32_t*>(static_cast<const uint8_t*>(p.x) +
                                                  (int64_t)seg.l * p.x_batch_stride +
                                                  (int64_t)n * p.x_col_stride + k / 2);
        sc[b] = p.sfx.base[(int64_t)seg.l * p.sfx.batch_stride + p.sfx.row_offset(n) +
                           p.sfx.col_offset(k / 16)];
      }
    }
#pragma unroll
    for (int b = 0; b < kFp4StageBatch; ++b) {
      const int u = u0 + b * kThreads;
      if (u < total) {
        const int n = u / groups;
        store_fp4_group<G>(w[b], sc[b], n, u - n * groups, p.N, act);
      }
    }
  }
}

// The shared-memory header (kSmemHeader bytes: column exponents, maxima, kPairSlotsOffset) also
// holds the bulk staging's mbarrier, 8-byte aligned.
constexpr int kActBarOffset = kSmemHeader - 16;

// Bulk staging is compiled for sm_90 only (the launcher asks for it on 9.x devices): on sm_100a
// and sm_120a its code makes ptxas spill in three kernel variants at the 128-register cap, and
// there is no such GPU here to measure whether it pays.
#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ == 900
#define NVFP4_BULK_ACT 1
#else
#define NVFP4_BULK_ACT 0
#endif

#if NVFP4_BULK_ACT
// The same staging with the chunk's raw bytes brought in by bulk copies (sm_90; the launcher's
// bulk_act_fits: row-major scales, 16-byte aligned columns, chunks on 256-value boundaries):
// thread 0 asks for every column's E2M1 bytes and scale bytes at once, all threads wait on one
// mbarrier phase and decode from shared memory. The loop above takes ceil(N * kc / 8192)
// dependent round trips per thread (two at N = 1, K = 16384); this takes one, carried by the
// copy engine rather than the SM's load pipeline. Measured on 7168x16384: the loop's loads cost
// 2.3 us (run 62, replaced by constants); this path saves 0.8 of them (run 63, 30.7 -> 29.9 us).
// raw: [N][kc / 2] E2M1 bytes, then [N][kc / 16] scale bytes.
template <class G>
__device__ void stage_fp4_activation_bulk(const GemvParams& p, const Segment& seg, int groups,
                                          uint4* act, uint8_t* raw, uint64_t* bar) {
  const int x_bytes = seg.kc / 2, sf_bytes = seg.kc / 16;
  uint8_t* raw_sf = raw + p.N * x_bytes;
  if (threadIdx.x == 0) {
    mbar_expect_tx(bar, (uint32_t)(p.N * (x_bytes + sf_bytes)));
    const uint8_t* x = static_cast<const uint8_t*>(p.x) + (int64_t)seg.l * p.x_batch_stride + seg.k0 / 2;
    const uint8_t* sf = p.sfx.base + (int64_t)seg.l * p.sfx.batch_stride + seg.k0 / 16;
    for (int n = 0; n < p.N; ++n) {
      bulk_copy(raw + n * x_bytes, x + (int64_t)n * p.x_col_stride, x_bytes, bar);
      bulk_copy(raw_sf + n * sf_bytes, sf + p.sfx.row_offset(n), sf_bytes, bar);
    }
  }
  mbar_wait(bar, 0);
  const int total = groups * p.N, k_end = seg.k0 + seg.kc;
  for (int u = threadIdx.x; u < total; u += kThreads) {
    const int n = u / groups, g8 = u - n * groups, k = seg.k0 + g8 * 8;
    uint32_t w = 0, sc = 0;  // a group past the chunk decodes to 0 * 0
    if (k < k_end) {
      w = *reinterpret_cast<const uint32_t*>(raw + n * x_bytes + g8 * 4);
      sc = raw_sf[n * sf_bytes + g8 / 2];
    }
    store_fp4_group<G>(w, sc, n, g8, p.N, act);
  }
}

// The same for fp16 / bf16 at N = 1: the chunk's values (2 bytes each) by one bulk copy, and bf16
// takes its column exponent from that copy too. The load path reads the column from L2 twice
// (the maxima pass, then the conversion, one group per thread and round trip: 4 + 8 dependent
// round trips at K = 16384). col_max is zeroed by the caller before the barrier that precedes
// this; the chunk is the CTA's whole k range (the launcher's rule), as the exponent needs.
template <class G>
__device__ void stage_f16_activation_bulk(const GemvParams& p, const Segment& seg, int groups,
                                          uint4* act, uint8_t* raw, uint64_t* bar,
                                          unsigned* col_max, int* col_exp) {
  const int bytes = seg.kc * 2;
  if (threadIdx.x == 0) {
    mbar_expect_tx(bar, (uint32_t)bytes);
    bulk_copy(raw, static_cast<const uint8_t*>(p.x) + ((int64_t)seg.l * p.x_batch_stride + seg.k0) * 2,
              bytes, bar);
  }
  mbar_wait(bar, 0);
  if (p.act == kActBF16) {
    unsigned m = 0;
    for (int i = threadIdx.x; i < bytes / 16; i += kThreads)
      m = max(m, bf16x8_max_bits(reinterpret_cast<const uint4*>(raw)[i]));
    warp_column_max(m, col_max);
    __syncthreads();
    if (threadIdx.x == 0) col_exp[0] = column_exponent(col_max[0]);
    __syncthreads();
  }
  const int k_end = seg.k0 + seg.kc, e = col_exp[0];
  for (int g8 = threadIdx.x; g8 < groups; g8 += kThreads)
    store_f16_group<G>(seg.k0 + g8 * 8 < k_end ? raw + g8 * 16 : nullptr, p.act, e, 0, g8, 1, act);
}

// Thread 0 sets up the staging barrier (in the header of the CTA's shared memory at `base`) for
// one staging, before the barrier that precedes it: every thread is past the previous staging's
// wait by then, and the __syncthreads publishes the fresh barrier before anyone waits on it.
__device__ __forceinline__ void init_act_barrier(uint8_t* base) {
  if (threadIdx.x == 0) {
    mbar_init(reinterpret_cast<uint64_t*>(base + kActBarOffset), 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
}
#endif

// raw (non-null only on sm_90, see GemvLaunch::act_raw_offset): where the chunk's bulk copies
// land, completing phase 0 of `bar` (freshly initialised, see init_act_barrier).
template <class G>
__device__ void stage_activation(const GemvParams& p, const Segment& seg, unsigned* col_max,
                                 int* col_exp, uint4* act, uint8_t* raw, uint64_t* bar) {
  const int steps = (seg.kc + G::kStep - 1) / G::kStep;
  const int groups = steps * G::kStep / 8;  // 8-value groups per column
#if NVFP4_BULK_ACT && defined(__CUDA_ARCH__)
  if (raw) {
    if (p.act == kActFP4)
      stage_fp4_activation_bulk<G>(p, seg, groups, act, raw, bar);
    else
      stage_f16_activation_bulk<G>(p, seg, groups, act, raw, bar, col_max, col_exp);
    return;
  }
#else
  (void)raw;
  (void)bar;
  (void)col_max;
#endif
  if (p.act == kActFP4) {
    stage_fp4_activation<G>(p, seg, groups, act);
    return;
  }
  for (int u = threadIdx.x; u < groups * p.N; u += kThreads) {
    const int n = u / groups, g8 = u - n * groups;
    const int k = seg.k0 + g8 * 8;
    const void* src = k < seg.k0 + seg.kc
                          ? static_cast<const uint8_t*>(p.x) +
                                ((int64_t)seg.l * p.x_batch_stride + (int64_t)n * p.x_col_stride + k) * 2
                          : nullptr;
    store_f16_group<G>(src, p.act, col_exp[n], n, g8, p.N, act);
  }
}

// One warp's run: k-steps [s0, s1) of one 16-row tile pair, with this thread's pointers at step 0.
// Rows past the segment read the segment's last row instead: the same warp loads those bytes in
// the same instruction, so they cost no traffic, and the garbage stays in rows nobody stores.
// Tiled weights: a pair is a whole 16-row band (the kernel's tiled segments are whole bands, the
// format's padding rows included), so rows g, g + 8 are the band's and their four scale bytes one
// word, sf[0] (sf[1] is not read; see load_item).
// Step s is loaded only when s < s_end, i.e. the thread's k lies inside the chunk; a skipped item
// keeps stale weight words (any bit pattern decodes to a finite value) with a zero scale, against
// a zero activation, so it adds exactly 0 and no item needs its registers cleared.
template <int kWords>
struct PairRun {
  const uint8_t* a[2];
  const uint8_t* sf[2];
  int s_end;
  int pair, s0, s1;
};

template <int kWords, bool kTiled>
__device__ __forceinline__ PairRun<kWords> pair_run(const GemvParams& p, const Segment& seg,
                                                    int pair, int s0, int s1, int g, int t) {
  using G = Geometry<kWords>;
  PairRun<kWords> r;
  r.pair = pair;
  r.s0 = s0;
  r.s1 = s1;
  const int k = seg.k0 + t * G::kVals;
  // Steps whose k (this thread's) lies inside the chunk: s * kStep + t * kVals < kc.
  r.s_end = min(s1, (seg.kc - t * G::kVals + G::kStep - 1) / G::kStep);
#pragma unroll
  for (int tile = 0; tile < 2; ++tile) {
    const int pair_row = seg.m0 + pair * 16 + tile * 8 + g;
    const int row = kTiled ? pair_row : min(pair_row, seg.m1 - 1);
    if constexpr (kTiled)  // see GemvParams; k is the chunk's start (k % 128 == 0) + t * kVals
      r.a[tile] = p.a + (int64_t)seg.l * p.a_batch_stride + (int64_t)(row >> 4) * p.a_row_stride +
                  (row & 15) * 64 + (int64_t)(k >> 7) * 1024 + ((k & 127) >> 1);
    else
      r.a[tile] = p.a + (int64_t)seg.l * p.a_batch_stride + (int64_t)row * p.a_row_stride + k / 2;
    r.sf[tile] = p.sfa.base + (int64_t)seg.l * p.sfa.batch_stride + p.sfa.row_offset<kTiled>(row) +
                 p.sfa.col_offset<kTiled>(k / 16);
  }
  return r;
}

// Loads one item from pointers a[tile] + a_off, sf[tile] + sf_off (the loop advances the
// pointers once per kPrefetch items; the per-item offsets become immediates or one add).
template <int kWords, bool kTiled>
__device__ __forceinline__ void load_item(bool ok, const uint8_t* const (&a)[2],
                                          const uint8_t* const (&sf)[2], int a_off, int sf_off,
                                          Item<kWords>& it) {
  using G = Geometry<kWords>;
  if constexpr (kTiled) {
#pragma unroll
    for (int tile = 0; tile < 2; ++tile) ld_stream_if(ok, a[tile] + a_off, it.w[tile]);
    it.sf = ld_scale_word_if(ok, sf[0] + sf_off);
  } else {
    uint32_t sf_row[2];
#pragma unroll
    for (int tile = 0; tile < 2; ++tile) {
      ld_stream_if(ok, a[tile] + a_off, it.w[tile]);
      sf_row[tile] = ld_scales_if<G::kBlocks>(ok, sf[tile] + sf_off);
    }
    it.sf = sf_row[0] | (sf_row[1] << 16);
  }
}

// acc[0]: columns 2t, 2t+1 (c0, c1 of rows g / tile a, c2, c3 of rows g+8 / tile b);
// acc[1]: columns 8 + 2t, 8 + 2t + 1 (only when N > 8). x_addr: this thread's activation piece
// (column g) of word 0; column g + 8 lies kColumnGroupBytes further.
constexpr uint32_t kColumnGroupBytes = 8 * 64;
template <int kWords, bool kWide>
__device__ __forceinline__ void compute_item(const Item<kWords>& it, uint32_t x_addr,
                                             uint32_t q_stride, float (&acc)[2][4]) {
  using G = Geometry<kWords>;
  const __half2 sa = decode_e4m3x2<0>(it.sf, kWeightBias / kDecodeScale);
  const __half2 sb = decode_e4m3x2<1>(it.sf, kWeightBias / kDecodeScale);
#pragma unroll
  for (int q = 0; q < kWords; ++q) {
    // Words 0,1 of the thread's 16-byte chunk share scale block 0, words 2,3 block 1.
    const bool hi = G::kBlocks == 2 && q >= 2;
    uint32_t ha[4], hb[4];
    scaled_word_pair(it.w[0][q], it.w[1][q], sa, sb, hi, ha, hb);
    const uint4 x = lds128(x_addr + q * q_stride);
    mma_16816(acc[0], ha[0], hb[0], ha[1], hb[1], x.x, x.y);
    mma_16816(acc[0], ha[2], hb[2], ha[3], hb[3], x.z, x.w);
    if (kWide) {
      const uint4 y = lds128(x_addr + kColumnGroupBytes + q * q_stride);
      mma_16816(acc[1], ha[0], hb[0], ha[1], hb[1], y.x, y.y);
      mma_16816(acc[1], ha[2], hb[2], ha[3], hb[3], y.z, y.w);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The W4A4 integer item (kInteger: one FP4 column, sm_90; integer_fits, dot_pays and
// plan_gemv_for in the launcher). Its first form ran on the integer tensor core (mma.m16n8k32,
// BENCHMARKS.md item 98; its switch keeps that name, NVFP4_GEMV_IMMA); since item 116 each lane
// takes its own dot products with dp4a, in both layouts.
//
// Why: the fp16 item spends per 64 values and thread 88 SASS on the decode, 32 HMUL2 on the block
// scales and 8 mma.m16n8k16. 2 * E2M1 is an integer (-12 .. 12), for weight and activation alike,
// so W4A4's products and their 16-term block sums are exact in int32.
//
// What: the weights decode to bytes kU8Bias + 2 E2M1 (decode_e2m1x8_u8: 4 PRMT + 3 LOP3 + 2
// IMAD.HI per word), the activation is staged as int8 2 E2M1 (DotStage), and dp4a.u32.s32 adds 4
// products at a time onto the block's C start, the bits of 1.5 * 2^23 - kU8Bias * (the block's
// activation sum): 4 dp4a per 16-value block end on the bits of the float 1.5 * 2^23 + dot, exact
// (|dot| <= 2304), and one FADD + one FFMA add dot * SFA * SFB * 2^-6 (the scale product exact in
// fp16) to an fp32 sum. The fp32 sum is the true one times 2^kIntAccLog2.
//
// Cost and outcome: the tiled hot loop 579 SASS per 4 items (the mma form: 426; the fp16 item:
// 604), row-major 627 (467; 639), the k spans 651 per 4 items (the fp16 k spans: 688). Against
// the mma form, 0.15-0.85 us faster on every tiled task and layer row (item 116), the mma form
// having been 0-0.9 us faster than the fp16 item (item 98) with a quarter fewer instructions:
// the loop is bound by neither its instruction count nor its pipes, and the mma's dependent
// chain (4 mma per item on one accumulator) cost more than the dp4a's extra instructions. In the
// k spans it is what made them faster than the row tiles on long rows (item 115).
// ---------------------------------------------------------------------------------------------
// The staged activation, in k-steps of kStepValues (the row tiles' 128, the k spans' 1024):
//   [0, kStepValues)            the values as int8 2 * E2M1, in k order (row tiles: lane (g, t)
//                               reads 32 at 32 t; k spans: lane L of a row 32 at 32 L and 32 at
//                               512 + 32 L, its second tile);
//   [kStepValues, 1.5 kStepValues)  a 16-byte record per 32 values j: {c(2j), c(2j + 1), SFB of
//                               blocks 2j, 2j + 1 times 2^-6 as half2, unused},
//                               c(b) = kIntMagic - kU8Bias * sum(block b).
// 1.5 bytes per value (fp16 staging: 2).
template <int kStepValues>
struct DotStage {
  static_assert(kStepValues == 128 || kStepValues == 1024,
                "DotStage steps: the row tiles' or the k spans'");
  static constexpr int kStepBytes = kStepValues / 2 * 3, kRecords = kStepValues;
};

// Shared memory of a staged activation chunk of k_chunk values and n columns (k_chunk a multiple
// of the k-step): fp16 fragments, or the kInteger item's DotStage (one column). (The row tiles' and
// the k spans' sizes are spelt differently on purpose: k_chunk / 1024 * 1536 for the row tiles
// too changed the k-span kernel's SASS and cost it 1.9 us on 7168x16384, item 116.)
template <bool kInteger, bool kSpans = false>
__host__ __device__ constexpr int act_stage_bytes(int k_chunk, int n) {
  return kInteger && kSpans ? k_chunk / 1024 * DotStage<1024>::kStepBytes
         : kInteger         ? k_chunk / 2 * 3
                         : k_chunk * n * 2;
}

// The k spans' integer item: lane L holds 32 values of its row in each of two tiles (SpanStream).
// Returns the lane's sum, 2^kIntAccLog2 times the true one.
__device__ __forceinline__ float compute_item_dot(const Item<4>& it, uint32_t x, uint32_t record) {
  float acc = 0.f;
#pragma unroll
  for (int tile = 0; tile < 2; ++tile) {
    const uint32_t xo = x + tile * 512, ro = record + tile * 256;
    const uint4 x0 = lds128(xo), x1 = lds128(xo + 16), r = lds128(ro);
    const uint32_t xs[8] = {x0.x, x0.y, x0.z, x0.w, x1.x, x1.y, x1.z, x1.w};
    int c[2] = {(int)r.x, (int)r.y};
    dp4a_piece(it.w[tile], xs, c);
    const __half2 sfa = tile == 0 ? decode_e4m3x2<0>(it.sf, 1.0f)
                                  : decode_e4m3x2<1>(it.sf, 1.0f);
    const float2 sc = __half22float2(__hmul2(sfa, as_half2(r.z)));
    acc = fmaf(__int_as_float(c[0]) - kIntMagicValue, sc.x, acc);
    acc = fmaf(__int_as_float(c[1]) - kIntMagicValue, sc.y, acc);
  }
  return acc;
}

// The row tiles' integer item (row-major or tiled weights): lane (g, t) holds 32 values of rows g
// and g + 8 at k 32 t of a 128-value step; DotStage in 128-value steps (192 bytes: 128 int8, 4
// records). acc: rows g, g + 8 x blocks 2 t, 2 t + 1 of every step: [g 2t, g 2t+1, g+8 2t,
// g+8 2t+1], added over the quad by flush_integer. Each row takes compute_item_dot's steps for a
// tile; a helper for the whole step shared by the two moved the row-tile kernels' SASS away from
// the measured form (ptxas's scheduling; item 116 found 1.9 us in such a difference), so each
// spells out its loads and scales; the dp4a chains are dp4a_piece's (the same SASS as written out,
// every function on sm_90a, sm_100a and sm_80, cuobjdump).
__device__ __forceinline__ void compute_item_tile_dot(const Item<4>& it, uint32_t step, int t,
                                                      float (&acc)[4]) {
  const uint32_t xo = step + 32 * t;
  const uint4 x0 = lds128(xo), x1 = lds128(xo + 16), r = lds128(step + DotStage<128>::kRecords + 16 * t);
  const uint32_t xs[8] = {x0.x, x0.y, x0.z, x0.w, x1.x, x1.y, x1.z, x1.w};
#pragma unroll
  for (int row = 0; row < 2; ++row) {
    int c[2] = {(int)r.x, (int)r.y};
    dp4a_piece(it.w[row], xs, c);
    const __half2 sfa = row == 0 ? decode_e4m3x2<0>(it.sf, 1.0f)
                                 : decode_e4m3x2<1>(it.sf, 1.0f);
    const float2 sc = __half22float2(__hmul2(sfa, as_half2(r.z)));
    acc[2 * row] = fmaf(__int_as_float(c[0]) - kIntMagicValue, sc.x, acc[2 * row]);
    acc[2 * row + 1] = fmaf(__int_as_float(c[1]) - kIntMagicValue, sc.y, acc[2 * row + 1]);
  }
}

// The DotStage staging (one FP4 column) in steps of kStepValues (k spans 1024, row tiles 128): each
// thread takes whole scale blocks, kFp4StageBatch at a time with their loads issued together.
// kQuantize (kActQuantF16 / kActQuantBF16): x holds 16-bit values, each block quantized here by
// quantize_block.cuh's rule (32 bytes loaded a block instead of 8 + 1), then staged as above.
template <int kStepValues, bool kQuantize = false>
__device__ void stage_fp4_dot(const GemvParams& p, const Segment& seg, uint8_t* act) {
  constexpr int kStepBlocks = kStepValues / 16, kStepBytes = DotStage<kStepValues>::kStepBytes;
  constexpr int kLog2StepBlocks = kStepValues == 128 ? 3 : 6;
  const int blocks = (seg.kc + kStepValues - 1) / kStepValues * kStepBlocks, k_end = seg.k0 + seg.kc;
  const uint8_t* x = static_cast<const uint8_t*>(p.x) + (int64_t)seg.l * p.x_batch_stride;
  const uint8_t* sfx = p.sfx.base + (int64_t)seg.l * p.sfx.batch_stride + p.sfx.row_offset(0);
  [[maybe_unused]] const uint16_t* x16 =
      static_cast<const uint16_t*>(p.x) + (int64_t)seg.l * p.x_batch_stride;
  [[maybe_unused]] const float gs = kQuantize && p.act_global_scale ? *p.act_global_scale : 1.0f;
  for (int u0 = threadIdx.x; u0 < blocks; u0 += kFp4StageBatch * kThreads) {
    uint32_t w[kFp4StageBatch][2], sc[kFp4StageBatch];
    [[maybe_unused]] uint4 raw[kFp4StageBatch][2];
#pragma unroll
    for (int b = 0; b < kFp4StageBatch; ++b) {
      const int u = u0 + b * kThreads, k = seg.k0 + u * 16;
      w[b][0] = w[b][1] = sc[b] = 0;  // a block past the chunk: zeros with a zero scale
      if constexpr (kQuantize) raw[b][0] = raw[b][1] = make_uint4(0, 0, 0, 0);  // quantizes to that
      if (u < blocks && k < k_end) {
        if constexpr (kQuantize) {
          const uint4* src = reinterpret_cast<const uint4*>(x16 + k);
          raw[b][0] = src[0];
          raw[b][1] = src[1];
        } else {
          const uint32_t* src = reinterpret_cast<const uint32_t*>(x + k / 2);
          w[b][0] = src[0];
          w[b][1] = src[1];
          sc[b] = sfx[p.sfx.col_offset(k / 16)];
        }
      }
    }
#pragma unroll
    for (int b = 0; b < kFp4StageBatch; ++b) {
      const int u = u0 + b * kThreads;
      if (u >= blocks) continue;
      if constexpr (kQuantize) sc[b] = quantize_x16_block(raw[b], p.act == kActQuantBF16, gs, w[b][0], w[b][1]);
      uint32_t v[4];
      const int c = int8_block(w[b][0], w[b][1], v);
      uint8_t* step = act + (u >> kLog2StepBlocks) * kStepBytes;  // u >= 0
      const int blk = u & (kStepBlocks - 1), odd = blk & 1;
      *reinterpret_cast<uint4*>(step + 16 * blk) = make_uint4(v[0], v[1], v[2], v[3]);
      uint8_t* record = step + DotStage<kStepValues>::kRecords + 16 * (blk >> 1);
      reinterpret_cast<int*>(record)[odd] = c;
      reinterpret_cast<__half*>(record + 8)[odd] = __low2half(decode_e4m3x2<0>(sc[b], 1.0f / 64));
    }
  }
}

// Partial sums of a segment: [slot][16 rows][N columns] fp32, slot = pair * pair_slots + warp.
// Dense (pair_slots = kWarps): every warp has a slot for every 16-row pair. Packed (pair_slots =
// 1, pairs + kWarps - 1 slots): when each warp's items are one contiguous pair-major range (the
// register-window kernel with its k range in one chunk), the (pair, warp) pairs that occur have
// distinct pair + warp. Packed holds 8x the rows in the same shared memory; it is used for more
// than 8 columns only, where dense would cut the rows of 7168x16384's CTAs into 3 segments
// (N = 16: 43.6 us packed, 52.1 dense), and costs N = 1 0.3-1 us (run 49, run 50).
// The kWide kernel (N > 8, never the ring, so its header is at the start of shared memory) reads
// pair_slots from the header word; registers are at the cap there.
constexpr int kPairSlotsOffset = 2 * kMaxCols * 4;

template <bool kWide>
__device__ __forceinline__ void flush(float (&acc)[2][4], float* red, int N, int pair, int g,
                                      int t) {
  int pair_slots = kWarps;
  if (kWide) {
    extern __shared__ __align__(16) uint8_t smem[];
    pair_slots = *reinterpret_cast<const int*>(smem + kPairSlotsOffset);
  }
  float* dst = red + (pair * pair_slots + (threadIdx.x >> 5)) * 16 * N;
#pragma unroll
  for (int half = 0; half < (kWide ? 2 : 1); ++half) {
    const int n = half * 8 + 2 * t;
    if (n < N) {
      dst[g * N + n] += acc[half][0];
      dst[(g + 8) * N + n] += acc[half][2];
    }
    if (n + 1 < N) {
      dst[g * N + n + 1] += acc[half][1];
      dst[(g + 8) * N + n + 1] += acc[half][3];
    }
#pragma unroll
    for (int i = 0; i < 4; ++i) acc[half][i] = 0.f;
  }
}

// flush for the kInteger item (one column): rows g and g + 8 summed over the quad's blocks in a
// fixed order.
__device__ __forceinline__ void flush_integer(float (&acc)[4], float* red, int pair, int g, int t) {
  float ra = acc[0] + acc[1], rb = acc[2] + acc[3];
#pragma unroll
  for (int o = 1; o < 4; o <<= 1) {
    ra += __shfl_xor_sync(0xffffffffu, ra, o);
    rb += __shfl_xor_sync(0xffffffffu, rb, o);
  }
  float* dst = red + (pair * kWarps + (threadIdx.x >> 5)) * 16;
  if (t == 0) {
    dst[g] += ra;
    dst[g + 8] += rb;
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) acc[i] = 0.f;
}

// Items loaded ahead per thread (4 x 32 bytes); 2 when N > 8, whose second accumulator set and
// activation registers would otherwise exceed the 128-register budget of 2 CTAs per SM.
template <bool kWide>
constexpr int prefetch_depth() { return kWide ? 2 : 4; }

// One warp's contiguous range [i_begin, i_end) of the chunk's (pair, step) items, pair-major,
// cut into runs of one pair each (usually one or two per warp). Per run: prime() issues the
// first kPrefetch loads, run() computes each item from registers and refills them kPrefetch
// steps ahead. The hot loop has no per-item bounds logic beyond two compares (see PairRun).
template <int kWords, bool kWide, bool kTiled, bool kInteger = false>
struct WarpStream {
  static constexpr int kPrefetch = prefetch_depth<kWide>();
  Item<kWords> buf[kPrefetch];
  int sf_step;  // scale offset per k-step (the launcher checks that a chunk's span fits 31 bits)

  // A bytes from one k-step to the next: a row's 64 bytes, or a tile's 1 KB in the tiled format.
  static constexpr int kStepBytes = Geometry<kWords>::kStep / 2 * (kTiled ? 16 : 1);

  __device__ __forceinline__ void prime(const PairRun<kWords>& r) {
#pragma unroll
    for (int d = 0; d < kPrefetch; ++d)
      load_item<kWords, kTiled>(r.s0 + d < r.s_end, r.a, r.sf, (r.s0 + d) * kStepBytes,
                                (r.s0 + d) * sf_step, buf[d]);
  }

  // act: shared address of this thread's activation piece at step 0; see the kernel for why
  // columns >= N need no predicate.
  __device__ __forceinline__ void run(const PairRun<kWords>& r, uint32_t act, uint32_t act_step,
                                      uint32_t q_stride, float* red, int N, int g, int t) {
    float acc[2][4] = {};
    const auto compute = [&](const Item<kWords>& it, int step) {
      if constexpr (kInteger)
        compute_item_tile_dot(it, act + step * DotStage<Geometry<4>::kStep>::kStepBytes, t, acc[0]);
      else
        compute_item<kWords, kWide>(it, act + step * act_step, q_stride, acc);
    };
    int s = r.s0;
    // Load pointers at step s + kPrefetch, advanced once per group of kPrefetch items.
    const uint8_t* la[2] = {r.a[0] + (s + kPrefetch) * kStepBytes,
                            r.a[1] + (s + kPrefetch) * kStepBytes};
    const uint8_t* lsf[2] = {r.sf[0] + (s + kPrefetch) * sf_step,
                             r.sf[1] + (s + kPrefetch) * sf_step};
    for (; s + kPrefetch <= r.s1; s += kPrefetch) {
#pragma unroll
      for (int d = 0; d < kPrefetch; ++d) {
        compute(buf[d], s + d);
        load_item<kWords, kTiled>(s + d + kPrefetch < r.s_end, la, lsf, d * kStepBytes, d * sf_step,
                                  buf[d]);
      }
#pragma unroll
      for (int tile = 0; tile < 2; ++tile) {
        la[tile] += kPrefetch * kStepBytes;
        lsf[tile] += kPrefetch * sf_step;
      }
    }
#pragma unroll
    for (int d = 0; d < kPrefetch; ++d)
      if (s + d < r.s1) compute(buf[d], s + d);
    if constexpr (kInteger)
      flush_integer(acc[0], red, r.pair, g, t);
    else
      flush<kWide>(acc, red, N, r.pair, g, t);
  }
};

// ---------------------------------------------------------------------------------------------
// k spans (Geometry<4, true>: one activation column, 16-byte aligned rows, row-major scales).
//
// Why: in the row-tile layout every 16-byte load instruction of a warp touches 8 rows (64 bytes
// of each: 8 L1 wavefronts and 8 L2 requests for 512 bytes) and every 16-bit scale load 8 rows;
// the kernel's load path alone, with no DRAM traffic and no decode, took 21.1 us of
// 7168x16384's 30 (BENCHMARKS.md, item 41), and a bare read in that pattern 30.0 against 20.3 for
// a streaming read (item 29), while a CTA sweeping its own contiguous bytes read them in 22.2.
//
// What (for kSpanRows = 2; with 4, each load reads 128 bytes of each of 4 rows, k + 256 is tile
// 1, and quad g covers span g % 2 of row g / 2: the same with 2 for 4 below).
// A warp's item is 2 rows x 1024 values. Lanes 0-15 read row 0 and lanes 16-31 row 1 of
// the pair, lane L 16 bytes at k 32 (L % 16) (tile 0) and 16 bytes 256 bytes further (tile 1,
// k + 512): each load instruction reads 256 contiguous bytes of each of 2 rows (4 whole lines),
// each 16-bit scale load 32 bytes of each. The mma does not care which k sits in which slot,
// only that A and B agree: A row g (a0, a2) holds quad g's tile-0 words and A row g + 8 (a1, a3)
// its tile-1 words, exactly as the row-tile layout's tiles (compute_item runs unchanged). Quad
// g's 4 lanes cover span g % 4 (128 values) of row g / 4; B column 2 span holds the activation
// of that span's tile-0 k (for both rows), column 2 span + 1 its tile-1 k. The products wanted
// are D[g][2 (g % 4)] and D[g + 8][2 (g % 4) + 1]: c0 and c3 of lane 4 g + g % 4. The other 112
// of the 128 are cross terms nobody reads (at N = 1 the row-tile layout spends the same mma work
// on 7 columns of padding).
//
// Work: the chunk's items i = pair * steps + s, pair-major, in contiguous ranges per warp (the
// row tiles' split; item i to warp i % 8, the CTA's warps side by side on one pair, measured
// slower: runs 69-73). CTA b reads step (s + 5 b) % steps where its order says step s, so CTAs
// in step with each other read different offsets of their rows (7168x2048x4 18.7 -> 18.1 us in
// run 73). Each item's partial sums start from zero and go to their own slot i of shared
// memory, [item][row 2][span 4][tile 2] fp32 (one 8-byte store by each of 8 lanes), summed in
// fixed order by the epilogue: no accumulator carried across items, so nothing depends on where a
// pair ends, and a warp's register window runs on across pairs. One chunk per CTA (the launcher
// splits K instead). Cost: 172 SASS per item in the hot loop on sm_90a (the row tiles: 159.5), 13
// of them the pointer walk, the predicates and the store.
//
// When (spans_pay): see there; on long streams the row tiles' memory side is faster.
//
// Integer item (kDot, W4A4 at one column on sm_90, dot_pays): the same loads, each lane's 64 values
// dotted with the activation by dp4a (compute_item_dot, DotStage), the 16 sums of a row's lanes
// added by 4 shuffles in a fixed order, lane 0 of each half storing its row's to part 0 of the
// row's half of slot i. 163 SASS per item in the hot loop (651 per 4).
// ---------------------------------------------------------------------------------------------
// kDot: W4A4 on the integer item (compute_item_dot, DotStage) in place of the fp16 mma.
template <bool kDot = false>
struct SpanStream {
  using G = Geometry<4, true>;
  static constexpr int kPrefetch = 4;
  static constexpr int kStepBytes = G::kStep / 2;       // A bytes per row and k-step
  static constexpr int kStepScales = G::kStep / 16;     // scale bytes likewise
  static constexpr int kTileBytes = G::kStep / 4;       // A bytes from tile 0 to tile 1 (k + 512)
  static constexpr int kTileScales = G::kStep / 32;     // scale bytes likewise
  // Staged bytes per k-step (kDot: the 2-row layout's 1024-value step, the only one planned).
  static constexpr int kActStep = kDot ? DotStage<1024>::kStepBytes : G::kStep * 2;
  static constexpr uint32_t kActWord = G::kSpanPieces * 16;  // staged bytes per word q of a step
  static constexpr int kSlotBytes = 16 * 4;             // partial sums per item
  Item<4> buf[kPrefetch];
  int act_off[kPrefetch];    // the item in buf[d]: its step's offset in the staged activation
  // The next load: the item's step (as step * kActStep, rotated, see run) at pointers a, sf.
  // Each load moves on by one step: back to step 0 past the last (a_back), and on to the next
  // pair every `steps` loads (a_pair).
  const uint8_t* a;
  const uint8_t* sf;
  int a_back, a_pair, sf_back, sf_pair;
  int s_off, s_steps;        // step * kActStep, steps * kActStep
  int s_end0, s_end1;        // likewise: where this lane's tile-0 / tile-1 k leaves the chunk
  int pair_left;             // loads left before the next pair
  int steps;
  int rows_left;             // loads left whose row (this lane's) lies inside the segment

  __device__ __forceinline__ void load(int d) {
    const bool row_ok = rows_left-- > 0;
    const bool ok0 = row_ok && s_off < s_end0, ok1 = row_ok && s_off < s_end1;
    ld_stream_if(ok0, a, buf[d].w[0]);
    ld_stream_if(ok1, a + kTileBytes, buf[d].w[1]);
    const uint32_t s0 = ld_scales_if<G::kBlocks, true>(ok0, sf);
    const uint32_t s1 = ld_scales_if<G::kBlocks, true>(ok1, sf + kTileScales);
    buf[d].sf = s0 | (s1 << 16);
    act_off[d] = s_off;
    s_off += kActStep;
    const bool back = s_off == s_steps, next = --pair_left == 0;
    if (back) s_off = 0;
    if (next) pair_left = steps;
    a += kStepBytes + (back ? a_back : 0) + (next ? a_pair : 0);
    sf += kStepScales + (back ? sf_back : 0) + (next ? sf_pair : 0);
  }

  // Computes buf[d] into its slot (refilling the buffer when `refill`).
  // kDot: act is this lane's x offset in a step, record its record's; the half-warp's 16 sums
  // are added in a fixed order and lanes 0 and 16 store their row's (part 0 of its slot half).
  __device__ __forceinline__ void step(int d, bool refill, uint32_t act, uint32_t record,
                                       uint8_t* slot, bool holder) {
    if constexpr (kDot) {
      float v = compute_item_dot(buf[d], act + act_off[d], record + act_off[d]);
      if (refill) load(d);
#pragma unroll
      for (int o = 1; o < 16; o <<= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
      if (holder) *reinterpret_cast<float*>(slot) = v;
    } else {
      float acc[2][4] = {};
      compute_item<4, false>(buf[d], act + act_off[d], kActWord, acc);
      if (refill) load(d);
      if (holder) *reinterpret_cast<float2*>(slot) = make_float2(acc[0][0], acc[0][3]);
    }
  }

  // act_base: shared address of this lane's activation piece at step 0 (act_smem + 16 lane), kDot:
  // of the staged activation's step 0; red: the chunk's partial-sum slots.
  __device__ __forceinline__ void run(const GemvParams& p, const Segment& seg, uint32_t act_base,
                                      float* red, int warp, int lane) {
    constexpr int kR = kSpanRows, kLanesPerRow = 32 / kR;
    if constexpr (kDot && kR != 2) {  // DotStage's offsets are the 2-row layout's; never planned
      __trap();
      return;
    }
    const int g = lane >> 2, t = lane & 3, span = lane % kLanesPerRow, half = lane / kLanesPerRow;
    const int rows = seg.m1 - seg.m0, pairs = (rows + kR - 1) / kR;
    steps = (seg.kc + G::kStep - 1) / G::kStep;
    // The warp's items: [first, last) of the pair-major order; rows_left of them hold this
    // lane's row (an odd last row has no partner: half 1 skips the last pair).
    const int items = pairs * steps, lane_items = (rows - half + kR - 1) / kR * steps;
    const int first = items * warp / kWarps, last = items * (warp + 1) / kWarps;
    rows_left = max(0, min(last, lane_items) - first);
    const int pair0 = first / steps, s0 = first - pair0 * steps;
    pair_left = steps - s0;
    // Item (pair, s) reads step (s + rot) % steps: CTAs side by side in time read different
    // offsets of their rows.
    const int sa = (s0 + (int)(blockIdx.x * 5u % (unsigned)steps)) % steps;
    const int k = span * G::kVals;  // tile-0 k of this lane within a step
    s_off = sa * kActStep;
    s_steps = steps * kActStep;
    s_end0 = (seg.kc - k + G::kStep - 1) / G::kStep * kActStep;
    s_end1 = (seg.kc - k - G::kStep / 2 + G::kStep - 1) / G::kStep * kActStep;
    a_back = -steps * kStepBytes;
    sf_back = -steps * kStepScales;
    a_pair = kR * (int)p.a_row_stride;
    sf_pair = kR * (int)p.sfa.row_stride;
    const int row = seg.m0 + kR * pair0 + half;
    a = p.a + (int64_t)seg.l * p.a_batch_stride + (int64_t)row * p.a_row_stride +
        (seg.k0 + sa * G::kStep + k) / 2;
    sf = p.sfa.base + (int64_t)seg.l * p.sfa.batch_stride + (int64_t)row * p.sfa.row_stride +
         (seg.k0 + sa * G::kStep + k) / 16;
    // This lane's two products (see above) and where they go: slot i, row g / 4, span g % 4.
    // kDot: the row's sum, by lane 0 of each half, to part 0 of the row's half of the slot.
    constexpr int kQ = G::kRowQuads;
    const bool holder = kDot ? span == 0 : t == g % kQ;
    uint8_t* slot = reinterpret_cast<uint8_t*>(red) + first * kSlotBytes +
                    (kDot ? half * (kSlotBytes / 2) : (g / kQ) * kQ * 8 + (g % kQ) * 8);
    const uint32_t act = kDot ? act_base + (uint32_t)k : act_base;
    const uint32_t record = act_base + DotStage<1024>::kRecords + (uint32_t)span * 16;
    const int mine = last - first;
#pragma unroll
    for (int d = 0; d < kPrefetch; ++d) load(d);
    int j = 0;
    for (; j + kPrefetch <= mine; j += kPrefetch) {
#pragma unroll
      for (int d = 0; d < kPrefetch; ++d) step(d, true, act, record, slot + d * kSlotBytes, holder);
      slot += kPrefetch * kSlotBytes;
    }
#pragma unroll
    for (int d = 0; d < kPrefetch; ++d)
      if (j + d < mine) step(d, false, act, record, slot + d * kSlotBytes, holder);
  }
};

// ---------------------------------------------------------------------------------------------
// Weight ring (sm_90 and later; 16-byte aligned rows, row-major scales, K % 256 == 0, N <= 8).
//
// Why: a bare read with the register window's access pattern (each warp 16 rows x 64 bytes per
// step, a quarter of K per warp) takes 30.0 us for 7168x16384's weight bytes against 20.3 for a
// streaming read (run 50, scripts/pattern_probe.cu). Bulk copies (the TMA's 1-D form) of 1 KB per
// row, 16 rows per stage, into a 3-4 stage ring per CTA read the same bytes in 23.3 us, and with
// the scales copied the same way 26.0 (plain-load scales: 30.2; 2-D tensor-map boxes: 29.1;
// 512-byte rows: 34.4).
//
// What it gives: in this kernel the ring's memory side alone (no decode) takes 29.7 us on
// 7168x16384 and its decode alone (no copies) 29.3, but both together 38.7, against 31.0 for the
// register window (run 50): the decode and the copies do not overlap here, for reasons not yet
// found (not the copy issue rate, the ring depth, occupancy, nor the shared-memory load latency:
// BENCHMARKS.md, log items 30 and 33). So ring_pays takes it only where a CTA's whole weight
// stream fits half the ring and is requested before the activation staging: the small layers
// (4096x4096 12.6 -> 11.4 us, run 52).
//
// A stage: 16 rows (a pair of 8-row tiles) x kRingStageK values: each row's 1 KB of E2M1 at a
// pitch of 1 KB + 64 (rows g and g + 1 fall in other banks) and its 128 scale bytes. The CTA's
// (pair, stage) items go through the ring in pair-major order; every warp takes k-steps w and
// w + 8 of every stage (so each pair's partial sums are per warp: the dense layout, flushed when
// the pair ends) and copies rows 2w and 2w + 1 of the stage kRingStages items ahead. Copies are
// spread over the warps because a bulk copy's operands are uniform: one warp copying all 16 rows
// runs a 10-instruction loop per copy and lane, 320 per stage (a producer warp doing that took
// 37.7 us on 7168x16384, the spread copies 38.6: not the bottleneck either). The first
// kRingStages items are copied before the activation staging, so DRAM works during it.
// ---------------------------------------------------------------------------------------------
constexpr int kRingStageK = 2048;                       // k values per stage
constexpr int kRingRowBytes = kRingStageK / 2;
constexpr int kRingRowPitch = kRingRowBytes + 64;
constexpr int kRingSfBytes = kRingStageK / 16;          // scale bytes per row and stage
constexpr int kRingStageBytes = 16 * (kRingRowPitch + kRingSfBytes);
constexpr int kRingStages = 4;
constexpr int kRingBarrierBytes = 64;                   // full[4], empty[4]
constexpr int kRingBytes = kRingStages * kRingStageBytes + kRingBarrierBytes;
constexpr int kRingK = 256;  // k granularity of splits and chunks: whole 16-byte scale copies
[[maybe_unused]] constexpr int kRingStepsPerStage = kRingStageK / Geometry<4>::kStep;  // 16: 2 per warp

static_assert((kRingStages & (kRingStages - 1)) == 0, "ring positions use shifts and masks");

#if __CUDA_ARCH__ >= 900
// Ring item n (counted over the CTA's life, the same in every warp): slot n % kRingStages, used
// for the (n / kRingStages)-th time; its full barrier completes that use's phase when the bytes
// have landed, its empty barrier when all warps have read it.
__device__ __forceinline__ int ring_slot(uint32_t n) { return n & (kRingStages - 1); }
__device__ __forceinline__ uint32_t ring_parity(uint32_t n) { return (n / kRingStages) & 1; }

// This warp's share of copying chunk item i (ring item n): rows 2w, 2w + 1 of the pair (lanes 0
// and 1), once every warp has read the slot's previous item. Rows past the segment are not copied
// (their stale bytes feed output rows nobody stores).
__device__ __forceinline__ void ring_copy(const GemvParams& p, const Segment& seg, int stages,
                                          int i, uint32_t n, uint8_t* ring, uint64_t* full,
                                          uint64_t* empty) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, slot = ring_slot(n);
  mbar_wait(empty + slot, ring_parity(n) ^ 1);
  const int pair = i / stages, c = i - pair * stages;
  const int k = seg.k0 + c * kRingStageK, vals = min(kRingStageK, seg.k0 + seg.kc - k);
  const int row_in_pair = 2 * warp + lane, rows = seg.m1 - seg.m0 - pair * 16;
  const int mine = max(0, min(2, rows - 2 * warp));  // of this warp's two rows, those that exist
  if (lane == 0) mbar_expect_tx(full + slot, mine * (vals / 2 + vals / 16));
  __syncwarp();
  if (lane < mine) {
    const int row = seg.m0 + pair * 16 + row_in_pair;
    uint8_t* stage = ring + slot * kRingStageBytes;
    bulk_copy(stage + row_in_pair * kRingRowPitch,
              p.a + (int64_t)seg.l * p.a_batch_stride + (int64_t)row * p.a_row_stride + k / 2,
              vals / 2, full + slot);
    bulk_copy(stage + 16 * kRingRowPitch + row_in_pair * kRingSfBytes,
              p.sfa.base + (int64_t)seg.l * p.sfa.batch_stride + p.sfa.row_offset(row) + k / 16,
              vals / 16, full + slot);
  }
}

// Every (pair, stage) item of the chunk, ring items n0 .. n0 + items - 1, the first
// min(items, kRingStages) of them already copied (ring_copy before the staging). k-steps w and
// w + 8 of each stage (a stage's last steps past the chunk are skipped: its bytes there are
// stale). act: this thread's activation piece at step 0 of the chunk (see the kernel).
template <bool kWide>
__device__ void ring_stream(const GemvParams& p, const Segment& seg, int pairs, int stages,
                            uint32_t n0, uint8_t* ring, uint64_t* full, uint64_t* empty,
                            uint32_t act, uint32_t act_step, uint32_t q_stride, float* red, int g,
                            int t) {
  constexpr int kMine = kRingStepsPerStage / kWarps;  // k-steps per warp and stage
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, items = pairs * stages;
  const uint32_t ring_smem = smem_addr(ring);
  float acc[2][4] = {};
  int i = 0;
  for (int pair = 0; pair < pairs; ++pair) {
    for (int c = 0; c < stages; ++c, ++i) {
      const uint32_t n = n0 + i;
      mbar_wait(full + ring_slot(n), ring_parity(n));
      const int steps = min(kRingStepsPerStage, (seg.kc - c * kRingStageK) / Geometry<4>::kStep);
      const uint32_t stage = ring_smem + ring_slot(n) * kRingStageBytes;
      // Copy the warp's items to registers and free the slot before computing: the slot is back
      // in flight after the shared-memory latency, not after the decode and the mma.
      Item<4> it[kMine];
#pragma unroll
      for (int m = 0; m < kMine; ++m) {
        const int s = warp + kWarps * m;
        const uint4 wa = lds128(stage + g * kRingRowPitch + s * 64 + t * 16);
        const uint4 wb = lds128(stage + (g + 8) * kRingRowPitch + s * 64 + t * 16);
        it[m].w[0][0] = wa.x; it[m].w[0][1] = wa.y; it[m].w[0][2] = wa.z; it[m].w[0][3] = wa.w;
        it[m].w[1][0] = wb.x; it[m].w[1][1] = wb.y; it[m].w[1][2] = wb.z; it[m].w[1][3] = wb.w;
        const uint32_t sf = stage + 16 * kRingRowPitch + s * 8 + t * 2;
        uint32_t sa, sb;
        asm volatile("ld.shared.u16 %0, [%1];" : "=r"(sa) : "r"(sf + g * kRingSfBytes));
        asm volatile("ld.shared.u16 %0, [%1];" : "=r"(sb) : "r"(sf + (g + 8) * kRingSfBytes));
        it[m].sf = sa | (sb << 16);
      }
      __syncwarp();  // the warp's reads of the slot are done
      if (lane == 0) mbar_arrive(empty + ring_slot(n));
      if (i + kRingStages < items)
        ring_copy(p, seg, stages, i + kRingStages, n + kRingStages, ring, full, empty);
#pragma unroll
      for (int m = 0; m < kMine; ++m) {
        const int s = warp + kWarps * m;
        if (s < steps)
          compute_item<4, kWide>(it[m], act + (c * kRingStepsPerStage + s) * act_step, q_stride,
                                 acc);
      }
    }
    flush<kWide>(acc, red, p.N, pair, g, t);
  }
}
#endif  // __CUDA_ARCH__ >= 900

// The run of item i (its pair, from its step to the end of the pair or of the warp's range).
template <int kWords, bool kTiled>
__device__ __forceinline__ PairRun<kWords> run_at(const GemvParams& p, const Segment& seg,
                                                  int steps, int i, int i_end, int g, int t) {
  const int pair = i / steps, s0 = i - pair * steps;
  return pair_run<kWords, kTiled>(p, seg, pair, s0, min(steps, s0 + (i_end - i)), g, t);
}

// One CTA: the balanced range of flattened L*M rows of row block blockIdx.x / splits, over the
// k range of split blockIdx.x % splits, in segments: the rows of one batch, at most seg_rows of
// them (the launcher sizes the partial sums for all of a CTA's rows where shared memory allows).
// The warps' load pipelines drain at the end of a segment, so one segment per batch keeps them
// running across the CTA's rows. The staged activation is kept across segments of the same batch
// when it fits one chunk.
// Shared memory: [weight ring, kRing only: kRingBytes] [header] [activation stage, k_chunk * N
// fp16 + kActPadBytes] [partial sums, seg_rows * kWarps * N fp32; k spans: 16 per item]
// [raw activation chunk, bulk staging only, at act_raw_offset].
// kRing: the weights arrive through the bulk-copy ring; kSpans: each warp loads k spans of row
// pairs into a register window (SpanStream, one column); otherwise row tiles (WarpStream).
// kTiled: row tiles from the tiled weight format (GemvParams), CTA row ranges in whole tiles.
// kInteger: W4A4 at one column on the integer item, each lane's own dp4a dot products: row tiles
// (compute_item_tile_dot) or, with kSpans, k spans (compute_item_dot).
// kQuantAct (kInteger only): x holds 16-bit values, quantized to NVFP4 in the staging
// (kActQuantF16 / kActQuantBF16, stage_fp4_dot).
template <int kWords, bool kWide, bool kRing, bool kSpans, bool kTiled, bool kInteger,
          bool kQuantAct = false>
__global__ void __launch_bounds__(kThreads, 2)
    gemv_kernel(const GemvParams p, int row_blocks, int splits, int k_split, int k_chunk,
                int seg_rows, int act_raw_offset) {
  static_assert(!kSpans || (kWords == 4 && !kWide && !kRing), "k spans: 16-byte loads, N = 1");
  static_assert(!kTiled || (kWords == 4 && !kRing && !kSpans), "tiled: the 16-byte row tiles");
  static_assert(!kInteger || (kWords == 4 && !kWide && !kRing),
                "integer items: 16-byte loads, N = 1");
  static_assert(!kQuantAct || kInteger, "the fused activation quantization stages DotStage");
  constexpr int kAccLog2 = kInteger ? kIntAccLog2 : kWeightBiasLog2;  // the partial sums' scale
#if defined(__CUDA_ARCH__) && (__CUDA_ARCH__ < 900 || __CUDA_ARCH__ >= 1000)
  if constexpr (kInteger) {  // the launcher picks kInteger on 9.x devices only (integer_fits)
    __trap();
    return;
  }
#endif
  using G = Geometry<kWords, kSpans>;
  extern __shared__ __align__(16) uint8_t smem[];
  uint8_t* const base = smem + (kRing ? kRingBytes : 0);
  int* col_exp = reinterpret_cast<int*>(base);                           // [16]
  unsigned* col_max = reinterpret_cast<unsigned*>(col_exp + kMaxCols);   // [16]
  uint4* act = reinterpret_cast<uint4*>(base + kSmemHeader);             // staged activation
  float* red = reinterpret_cast<float*>(base + kSmemHeader +
                                        act_stage_bytes<kInteger, kSpans>(k_chunk, p.N) + kActPadBytes);
  const uint32_t act_smem = smem_addr(act);
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  [[maybe_unused]] uint64_t* const full =
      reinterpret_cast<uint64_t*>(smem + kRingStages * kRingStageBytes);
  [[maybe_unused]] uint64_t* const empty = full + kRingStages;
  [[maybe_unused]] uint32_t ring_n = 0;  // ring items so far (see ring_slot)
  // Bulk-copied activation (act_raw_offset > 0, see stage_activation). Its barrier is set up
  // afresh before each staging, so every staging waits on phase 0 (a phase counter kept live
  // through the kernel costs a spill at the register cap). Only the N <= 8 register-window
  // variant carries the code (the launcher asks for it at N = 1 without the ring); the others
  // keep their SASS (in run 63, with it inlined there too, N = 16 measured 2 us slower).
  constexpr bool kBulkVariant = !kWide && !kRing && !kInteger;
  const bool bulk_act = kBulkVariant && act_raw_offset > 0;
#if __CUDA_ARCH__ >= 900
  if (kRing && threadIdx.x == 0) {
    for (int i = 0; i < kRingStages; ++i) {
      mbar_init(full + i, kWarps);
      mbar_init(empty + i, kWarps);
    }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
#else
  if (kRing) __trap();  // the launcher picks the ring on 9.x+ devices, which never run sm_8x SASS
#endif
#if !NVFP4_BULK_ACT
  if (bulk_act) __trap();  // and bulk staging on 9.x devices only
#endif
  if (kRing) __syncthreads();  // the barriers are initialised before the first copy
#if __CUDA_ARCH__ >= 900
  // The split reduction (reduce_splits_kernel) is launched as this grid's programmatic dependent:
  // letting it be scheduled from now on lets its CTAs take SM slots as this grid's CTAs exit,
  // and it waits (griddepcontrol.wait) for this grid's completion before it reads anything. A
  // no-op for a dependent launched the ordinary way; any programmatic dependent must wait so
  // anyway (unconditional: a branch on `splits` here changed the hot loops' SASS).
  asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif

  const int rb = blockIdx.x / splits;
  const int kb = (blockIdx.x % splits) * k_split, ke = min(p.K, kb + k_split);
  // Batch whose activation (the whole k range, in one chunk) is in `act`; stays -1 when the k
  // range needs several chunks, so every segment re-stages.
  int staged_l = -1;
  const bool one_chunk = ke - kb <= k_chunk;
  // The CTA's k-steps. k spans: also its partial-sum slots per row pair, one per k-step (one
  // chunk: see plan_variant); packed slots: the pair-major item order's steps per pair.
  const int k_steps = (ke - kb + G::kStep - 1) / G::kStep;
  const bool packed = kWide && !kRing && one_chunk;  // partial-sum layout (see flush)
  if (kWide && threadIdx.x == 0)  // read by flush after the first barrier below
    *reinterpret_cast<int*>(base + kPairSlotsOffset) = packed ? 1 : kWarps;
  // This row block's rows [r, r_end) of the flattened L * M: r = floor(R rb / row_blocks), in
  // 32-bit arithmetic (R < 2^31 and row_blocks < 2^16, checked by the launcher; a 64-bit division
  // is a call, around which ptxas spills at the register cap). Giving the R % row_blocks longer
  // ranges to the first blocks instead cost 4 us on 4096x7168x8 and 3 on 7168x2048x4 (run 45:
  // 53.6 / 23.4 against 48.8 / 20.2 us), for reasons not understood.
  // Tiled: the same in whole 16-row bands of each batch, the format's padding rows included
  // (computed, not stored), so that every segment and pair is whole bands (see pair_run).
  // (Untiled: p.M, as before; a variable standing for either changed those kernels' SASS, so the
  // choice is spelt out at each use.)
  const int R = p.M * p.L;  // the partial sums' rows
  const int tiled_rows = (p.M + 15) & ~15;
  constexpr int kUnit = kTiled ? 16 : 1;
  const int units = kTiled ? tiled_rows / kUnit * p.L : R;
  const unsigned q = (unsigned)units / row_blocks, rem = (unsigned)units - q * row_blocks;
  const auto row_bound = [&](unsigned b) { return balanced_bound(b, q, rem, row_blocks) * kUnit; };
  const int r_begin = row_bound(rb);
  // Rows left and the (batch, row) of the next one, advanced segment by segment (one counter
  // through the hot loop rather than a row and an end: the registers are at the cap).
  int left = row_bound(rb + 1) - r_begin;
  int l = r_begin / (kTiled ? tiled_rows : p.M), m0 = r_begin - l * (kTiled ? tiled_rows : p.M);
  while (left > 0) {
    Segment seg;
    seg.l = l;
    seg.m0 = m0;
    seg.m1 = min(min((kTiled ? tiled_rows : p.M), seg.m0 + left), seg.m0 + seg_rows);
    const int rows = seg.m1 - seg.m0, pairs = (rows + G::kPairRows - 1) / G::kPairRows;
    const bool restage = staged_l != seg.l;

    const int slots = kSpans ? pairs * k_steps : packed ? pairs + kWarps - 1 : pairs * kWarps;
    for (int i = threadIdx.x; i < slots * 16 * p.N; i += kThreads) red[i] = 0.f;
    if (restage) {
      if (p.act == kActBF16 && !bulk_act) {
        bf16_column_exponents(p, seg.l, kb, ke, col_max, col_exp);
      } else if (threadIdx.x < p.N) {
        col_exp[threadIdx.x] = 0;  // bulk bf16 staging computes it, from a zeroed maximum
        col_max[threadIdx.x] = 0;
      }
    }
    for (seg.k0 = kb; seg.k0 < ke; seg.k0 += k_chunk) {
      seg.kc = min(k_chunk, ke - seg.k0);
      if constexpr (kRing) {
#if __CUDA_ARCH__ >= 900
        const int stages = (seg.kc + kRingStageK - 1) / kRingStageK, items = pairs * stages;
        for (int i = 0; i < min(items, kRingStages); ++i)  // copies that overlap the staging
          ring_copy(p, seg, stages, i, ring_n + i, smem, full, empty);
        __syncthreads();  // previous users of `act` are done; col_exp and red are ready
        if (restage) {
          stage_activation<G>(p, seg, col_max, col_exp, act, nullptr, nullptr);
          __syncthreads();
        }
        ring_stream<kWide>(p, seg, pairs, stages, ring_n, smem, full, empty,
                           act_smem + (uint32_t)(g * 4 + t) * 16, kWords * p.N * 64, p.N * 64, red,
                           g, t);
        ring_n += items;
#endif
        continue;
      }
      const int steps = (seg.kc + G::kStep - 1) / G::kStep;
      const int items = pairs * steps;
      const int i_begin = items * warp / kWarps, i_end = items * (warp + 1) / kWarps;
      WarpStream<kWords, kWide, kTiled, kInteger> ws;
      ws.sf_step = (int)p.sfa.col_offset<kTiled>(G::kStep / 16);
      PairRun<kWords> run;
      if constexpr (!kSpans) run = run_at<kWords, kTiled>(p, seg, steps, i_begin, i_end, g, t);
#if NVFP4_BULK_ACT && defined(__CUDA_ARCH__)
      if (restage && bulk_act) init_act_barrier(base);
#endif
      __syncthreads();  // previous users of `act` are done; col_exp and red are ready
      if (restage) {
        if constexpr (kInteger && kSpans)
          stage_fp4_dot<1024, kQuantAct>(p, seg, reinterpret_cast<uint8_t*>(act));
        else if constexpr (kInteger)
          stage_fp4_dot<128, kQuantAct>(p, seg, reinterpret_cast<uint8_t*>(act));
        else
          stage_activation<G>(p, seg, col_max, col_exp, act,
                              bulk_act ? smem + act_raw_offset : nullptr,
                              reinterpret_cast<uint64_t*>(base + kActBarOffset));
        __syncthreads();
      }
      if constexpr (kSpans) {
        SpanStream<kInteger> ss;
        ss.run(p, seg, act_smem + (kInteger ? 0u : (uint32_t)(lane % G::kSpanPieces) * 16), red, warp,
               lane);
        continue;
      }
      // The first weight loads go out after the staging, not before: issued before, they sat
      // ahead of the staging's L2 reads in the SM's memory pipeline, and the staging waited on
      // DRAM latency (runs 31-32: 7168x16384 30.3 us primed after, 31.9 before).
      if (i_begin < i_end) ws.prime(run);
      // Shared address of the activation piece this thread feeds to the mma (see
      // Geometry::piece_of_group). A lane whose column (g, or g + 8) is >= N reads some other
      // piece of the buffer (or the kActPadBytes after it): the mma keeps output columns apart,
      // and those are never stored.
      // kInteger: the step's base (compute_item_tile_dot adds the lane's offsets).
      const uint32_t act = act_smem + (kInteger ? 0u : (uint32_t)(g * 4 + t) * 16);
      for (int i = i_begin; i < i_end;) {
        ws.run(run, act, kWords * p.N * 64, p.N * 64, red, p.N, g, t);
        i += run.s1 - run.s0;
        if (i < i_end) {
          run = run_at<kWords, kTiled>(p, seg, steps, i, i_end, g, t);
          ws.prime(run);
        }
      }
    }
    if (one_chunk) staged_l = seg.l;
    __syncthreads();
    // Fixed-order reduction over warps. One split: the fp32 epilogue here (2^-kAccLog2, the weight
    // bias; the global scales; the bf16 column rescale; bias). Several: this split's partial sum
    // with 2^-kAccLog2 and the column rescale applied (exact powers of two), for reduce_splits_kernel.
    const float alpha = global_alpha(p);  // read here, not kept live through the main loop
    // Packed slots: warp w's items were [items w / 8, items (w + 1) / 8) of the pair-major
    // (pair, step) order; only the warps whose range meets the pair's items add.
    // k spans: the row's 8 parts (span, tile) of each of its pair's slots, in step order.
    const int items = pairs * k_steps;
    for (int idx = threadIdx.x; idx < rows * p.N; idx += kThreads) {
      const int row = idx / p.N, n = idx - row * p.N;
      float s = 0.f;
      if constexpr (kSpans) {
        const float* src = red + row / kSpanRows * k_steps * 16 + row % kSpanRows * (16 / kSpanRows);
        for (int slot = 0; slot < k_steps; ++slot)
#pragma unroll
          for (int part = 0; part < 16 / kSpanRows; ++part) s += src[slot * 16 + part];
      } else {
        const int pair = row >> 4;
        const float* src = red + ((pair * (packed ? 1 : kWarps)) * 16 + (row & 15)) * p.N + n;
#pragma unroll
        for (int w = 0; w < kWarps; ++w) {
          const int i0 = items * w / kWarps, i1 = items * (w + 1) / kWarps;
          if (!packed || (i0 < i1 && i0 < (pair + 1) * k_steps && i1 > pair * k_steps))
            s += src[w * 16 * p.N];
        }
      }
      const int m = seg.m0 + row;
      if (kTiled && m >= p.M) continue;  // a padding row of the last band
      if (splits > 1) {
        p.partials[((int64_t)(blockIdx.x % splits) * R + ((int64_t)seg.l * p.M + m)) * p.N + n] =
            ldexpf(s, -kAccLog2 - col_exp[n]);
        continue;
      }
      store_sum(p, seg.l, m, n, s, alpha, kAccLog2 + col_exp[n]);
    }
    left -= rows;
    m0 += rows;
    if (m0 == (kTiled ? tiled_rows : p.M)) {
      m0 = 0;
      ++l;
    }
    // The next segment zeroes red: every thread must be done reading it. (Missing until run 34,
    // where a W4A16 N = 8 call with 4 segments per CTA came out wrong; one segment per CTA, the
    // common case, never reaches this point twice.)
    __syncthreads();
  }
}

}  // namespace detail
}  // namespace nvfp4
