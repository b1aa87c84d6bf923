// gemv_kernels.cu: the NVFP4 GEMV kernel, the stream-floor kernel and their launchers. Torch-free;
// CI compiles this file alone for every target (sm_80 .. sm_120a) and checks for spills.
#include "e2m1_decode.cuh"
#include "nvfp4_gemv.cuh"
#include "quantize_block.cuh"
#include "smem_copy.cuh"

#include <cuda_runtime.h>

#include <algorithm>
#include <cstdlib>
#include <type_traits>

namespace nvfp4 {
namespace detail {

// The weight enters the mma as E2M1 * SFA * kWeightBias. On sm_80 .. sm_90 that is the software
// decode's own scale, 2^-14 (e2m1_decode.cuh), so the block scales enter as they convert, with no
// HMUL2 of their own (8 SASS per 2 pairs of the 8-warp W4A16 sweep; BENCHMARKS.md item 244). Exact
// in fp16: E2M1 * SFA has at most 6 significant bits and is a multiple of 2^-10 (E2M1 of 2^-1, SFA
// of 2^-9), so times 2^-14 a multiple of 2^-24, fp16's subnormal step, and at most 6 * 448 * 2^-14
// = 0.16. The sums are those of the 2^-7 bias before times 2^-7 exactly: no product or sum nears
// fp32's subnormal range (a product is at least 2^-48). Where the hardware converts (sm_100a,
// sm_120a) the bias stays 2^-7 (at most 21), one HMUL2 a scale pair: unscaled, ptxas spilled 4
// bytes in sm_120a's tiled row-tile kernel, and no such GPU is here to measure either form.
constexpr float kWeightBias = NVFP4_HW_E2M1 ? 1.0f / 128 : kDecodeScale;
constexpr int kWeightBiasLog2 = NVFP4_HW_E2M1 ? -7 : -14;
static_assert(kWeightBias == (NVFP4_HW_E2M1 ? 1.0f / 128 : 1.0f / 16384), "kWeightBiasLog2");

__device__ __forceinline__ __half2 as_half2(uint32_t u) { return *reinterpret_cast<__half2*>(&u); }
__device__ __forceinline__ uint32_t as_u32(__half2 h) { return *reinterpret_cast<uint32_t*>(&h); }

// Two E4M3 scales (bytes 2 kHalf and 2 kHalf + 1 of `bytes`) -> half2 (the lower byte in the low
// lane) times `mul`, where mul is a power of two chosen so that the product stays exact in fp16;
// with no multiplication where the hardware converts and mul is 1 (a constant at every call).
template <int kHalf = 0>
__device__ __forceinline__ __half2 decode_e4m3x2(uint32_t bytes, float mul) {
#if __CUDA_ARCH__ >= 890
  uint32_t h;
  if (kHalf == 0)
    asm("{\n\t.reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, lo;\n\t}"
        : "=r"(h) : "r"(bytes));
  else
    asm("{\n\t.reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, hi;\n\t}"
        : "=r"(h) : "r"(bytes));
  if (mul == 1.0f) return as_half2(h);
  return __hmul2(as_half2(h), __float2half2_rn(mul));
#else
  // E4M3 bits s.eeee.mmm placed as fp16 sign / bits 13..7 read as value * 2^-8 (subnormals too).
  // NaN scales (0x7F) decode to a finite number on this path (sm_80/sm_86 only).
  const uint32_t v = __byte_perm(bytes, 0, kHalf ? 0x3424 : 0x1404);
  const uint32_t raw = (v & 0x80008000u) | ((v >> 1) & 0x3F803F80u);
  return __hmul2(as_half2(raw), __float2half2_rn(mul * 256.0f));
#endif
}

// D = A * B + D, m16n8k16, fp16 inputs, fp32 accumulators (PTX ISA "Matrix fragments for
// mma.m16n8k16 with floating point type"). With g = lane / 4 and t = lane % 4:
//   A (16 x 16): a0 = (row g, k 2t..2t+1), a1 = (row g+8, same k), a2 = (row g, k 2t+8..2t+9),
//                a3 = (row g+8, k 2t+8..2t+9)                 <- weight rows g (tile a), g+8 (tile b)
//   B (16 x 8):  b0 = (k 2t..2t+1, col g), b1 = (k 2t+8..2t+9, col g)   <- activation column g
//   C (16 x 8):  c0, c1 = (row g, cols 2t, 2t+1), c2, c3 = (row g+8, cols 2t, 2t+1)
// Which real k sits in each k-slot is ours to choose, as long as A and B agree (pair_k order).
__device__ __forceinline__ void mma_16816(float (&c)[4], uint32_t a0, uint32_t a1, uint32_t a2,
                                          uint32_t a3, uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

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

// The larger magnitude of two bf16 (one 32-bit word), as 15 bits that order like the values.
__device__ __forceinline__ unsigned bf16x2_max_bits(uint32_t w) {
  return max(w & 0x7FFFu, (w >> 16) & 0x7FFFu);
}
// The same over eight bf16 (one 16-byte word).
__device__ __forceinline__ unsigned bf16x8_max_bits(const uint4& v) {
  return max(max(bf16x2_max_bits(v.x), bf16x2_max_bits(v.y)),
             max(bf16x2_max_bits(v.z), bf16x2_max_bits(v.w)));
}
// Folds the lanes' maxima m (bf16x2_max_bits) into the column maximum *dst (fp32 bits): one
// shared atomic per warp, not per thread.
__device__ __forceinline__ void warp_column_max(unsigned m, unsigned* dst) {
  m = __reduce_max_sync(0xffffffffu, m);
  if ((threadIdx.x & 31) == 0 && m != 0) atomicMax(dst, m << 16);
}

// e with max * 2^e < 2^15 for a column maximum `bits` (fp32 bits of the largest |bf16|); 0 for
// a zero or non-finite maximum.
__device__ __forceinline__ int column_exponent(unsigned bits) {
  if (bits == 0 || bits >= 0x7F800000u) return 0;
  int ex;
  frexpf(__uint_as_float(bits), &ex);  // max < 2^ex
  return 15 - ex;
}

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

// 2^e as two normal fp32 factors (.x = 2^(e/2), .y = 2^(e - e/2); e spans -113 .. 148, beyond one
// float exponent): x * .x * .y is x 2^e exactly while x 2^(e/2) and x 2^e are normal fp32.
// column_exponent capped at 127 instead (lossless, as bf16_sweep_exponent) would let the staging
// below take bf16_group_pair_k's one HMUL2.BF16 a pair; measured (run 373, BENCHMARKS.md item 233),
// nvcc unrolled the shorter staging loops further and 8 columns at L = 8 (4096x7168x8) took 1.1-1.7
// us longer with fp16 x, so the row tiles keep this form.
__device__ __forceinline__ float2 pow2_factors(int e) {
  return make_float2(__int_as_float((127 + (e >> 1)) << 23), __int_as_float((127 + e - (e >> 1)) << 23));
}

// One fp16 / bf16 activation group (8 values in k order, two a word: word(i), i < 4) as a
// fragment piece: fp16 values in pair_k order. bf16: x * 2^e (e = the column's exponent) as two
// exact multiplications by normal powers of two (pow2_factors); the fp16 rounding is the only one.
// 2 FMUL per value where ldexpf is a dozen instructions with range checks.
template <class Word>
__device__ __forceinline__ void f16_group_pair_k(Word word, bool bf16, int e, uint32_t (&h)[4]) {
  __half v[8];
  if (!bf16) {
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const __half2 two = as_half2(word(i));
      v[2 * i] = __low2half(two);
      v[2 * i + 1] = __high2half(two);
    }
  } else {
    const float2 s = pow2_factors(e);
#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const uint32_t bits = word(i);
      const float2 f = __bfloat1622float2(*reinterpret_cast<const __nv_bfloat162*>(&bits));
      v[2 * i] = __float2half_rn(f.x * s.x * s.y);
      v[2 * i + 1] = __float2half_rn(f.y * s.x * s.y);
    }
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = as_u32(__halves2half2(v[pair_k(i, 0)], v[pair_k(i, 1)]));
}

// The bf16 activations' exponent for the W4A16 sweeps' single-multiply conversion
// (bf16_group_pair_k): column_exponent, at most 127 so that 2^e is one normal bf16. Nothing is
// lost at the cap: it binds only where max|x| < 2^-112, and there x 2^127 is exact in fp16 for
// every bf16 x (the smallest subnormal, 2^-133, lands on 2^-6) and stays under 2^15.
__device__ __forceinline__ int bf16_sweep_exponent(unsigned bits) { return min(column_exponent(bits), 127); }

// The same for bf16 (sm_90: mul.bf16x2): x 2^e on bf16 pairs, e = bf16_sweep_exponent (-113 .. 127,
// one normal bf16). Per 2 values 1 HMUL2.BF16, the unpack to fp32 (2) and F2FP where
// f16_group_pair_k takes 4 FMUL. Bitwise the same fp16: x 2^e is exact in bf16 unless it falls
// under bf16's normal range, and then it is below 2^-126, which rounds to fp16 zero either way.
__device__ __forceinline__ void bf16_group_pair_k(const uint32_t (&w)[4], int e, uint32_t (&h)[4]) {
  const __nv_bfloat162 s = __bfloat162bfloat162(__float2bfloat16_rn(__int_as_float((127 + e) << 23)));
  float v[8];
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const __nv_bfloat162 x = *reinterpret_cast<const __nv_bfloat162*>(&w[i]);
    const float2 f = __bfloat1622float2(__hmul2(x, s));
    v[2 * i] = f.x;
    v[2 * i + 1] = f.y;
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = as_u32(__floats2half2_rn(v[pair_k(i, 0)], v[pair_k(i, 1)]));
}

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

// Predicated streaming 16/8-byte loads of the weight matrix (and the stream floor's): read once,
// so kept out of L1, with L2 asked to fetch 256-byte lines (the next k-steps of the same row arrive
// with the first request). When `p` is false nothing is read and the destination keeps whatever it
// held (ld_scales_if returns a zero block scale for the same item instead).
__device__ __forceinline__ void ld_stream_if(bool p, const uint8_t* a, uint32_t (&w)[4]) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n\t}"
               : "+r"(w[0]), "+r"(w[1]), "+r"(w[2]), "+r"(w[3]) : "l"(a), "r"((int)p));
}
__device__ __forceinline__ void ld_stream_if(bool p, const uint8_t* a, uint32_t (&w)[2]) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %3, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.L2::256B.v2.u32 {%0, %1}, [%2];\n\t}"
               : "+r"(w[0]), "+r"(w[1]) : "l"(a), "r"((int)p));
}
// The item's scale bytes, or 0 when `p` is false: one 16-bit load for two blocks (the launcher
// only picks kBlocks == 2 when those byte pairs are 2-byte aligned), one byte load otherwise,
// zero-extended straight into the 32-bit register returned. Loaded into a 16-bit register and
// converted (cvt.u32.u16), ptxas put the conversion, and a 16-bit move into the loop-carried
// register, right after each row's new loads in the row sweeps: ncu sampled 57% of the 8-warp
// sweep's hot loop waiting there (run 229), each warp stalled on the loads it had just issued.
// With the 32-bit destination the scale registers are first read where the row is computed, a
// loop iteration later: 7168x16384 W4A4 23.5-23.7 us against 24.8, 4096x7168x8 42.2-42.7 against
// 44.6-44.9, W4A16 bf16 7168x16384 25.7-25.9 against 27.0-27.1 (runs 230-231, BENCHMARKS.md item
// 154).
// L1-allocating where a row's next k-steps read the same 32-byte sector (the row tiles: 8 bytes
// per row and step; without allocation the lm_head took 113 us against 106, BENCHMARKS.md item
// 111); kNoL1 where each sector serves one instruction (the k spans: 32 bytes of a row each).
template <int kBlocks, bool kNoL1 = false>
__device__ __forceinline__ uint32_t ld_scales_if(bool p, const uint8_t* sf) {
  uint32_t v;
  if (kBlocks == 2 && kNoL1)
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t"
                 "@q ld.global.nc.L1::no_allocate.u16 %0, [%1];\n\t}"
                 : "=r"(v) : "l"(sf), "r"((int)p));
  else if (kBlocks == 2)
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t"
                 "@q ld.global.nc.u16 %0, [%1];\n\t}"
                 : "=r"(v) : "l"(sf), "r"((int)p));
  else
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t"
                 "@q ld.global.nc.u8 %0, [%1];\n\t}"
                 : "=r"(v) : "l"(sf), "r"((int)p));
  return v;
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

// The tiled format's scale word of a lane (blocks 2t, 2t + 1 of rows g, g + 8: the same bytes,
// in the same order, as the row tiles' two 16-bit loads), or 0 when `p` is false. One 4-byte
// load per lane reads the tile's 128 scale bytes in one request where two 16-bit loads per lane
// took two of 64: 0-2 us on every tiled row (BENCHMARKS.md items 104, 106). The word is used as
// loaded (no shuffle), so the load is waited for only where the item is computed. Not allocated
// in L1 (each word is read once), like the weights: a further 0-1.8 us (item 109; the lm_head
// 98.9-99.0 against 100.6-100.8).
__device__ __forceinline__ uint32_t ld_scale_word_if(bool p, const uint8_t* sf) {
  uint32_t v = 0;
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.u32 %0, [%1];\n\t}"
               : "+r"(v) : "l"(sf), "r"((int)p));
  return v;
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

// Word wa's and word wb's 8 E2M1 values (decode_e2m1x8: the same word of two rows, an mma's A rows
// g and g + 8 or a sweep's row pair) times their block scale pairs' low halves (words 0-1 of a
// 16-byte chunk) or high halves (hi: words 2-3): the weights as E2M1 * SFA * kWeightBias, exact in
// fp16.
// The row tiles (compute_item), sweep16_kernel and sweep8_kernel.
__device__ __forceinline__ void scaled_word_pair(uint32_t wa, uint32_t wb, __half2 sa, __half2 sb, bool hi,
                                                 uint32_t (&ha)[4], uint32_t (&hb)[4]) {
  decode_e2m1x8(wa, ha);
  decode_e2m1x8(wb, hb);
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    ha[i] = as_u32(__hmul2(as_half2(ha[i]), hi ? __high2half2(sa) : __low2half2(sa)));
    hb[i] = as_u32(__hmul2(as_half2(hb[i]), hi ? __high2half2(sb) : __low2half2(sb)));
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

__device__ __forceinline__ void store_out(const GemvParams& p, int64_t off, float v) {
  if (p.out_kind == kOutF16)
    static_cast<__half*>(p.out)[off] = __float2half_rn(v);
  else if (p.out_kind == kOutBF16)
    static_cast<__nv_bfloat16*>(p.out)[off] = __float2bfloat16_rn(v);
  else
    static_cast<float*>(p.out)[off] = v;
}

// alpha = weight_global_scale * act_global_scale, each optional (read where the epilogue needs it,
// not kept live through a kernel's main loop).
__device__ __forceinline__ float global_alpha(const GemvParams& p) {
  float alpha = 1.f;
  if (p.weight_global_scale) alpha *= *p.weight_global_scale;
  if (p.act_global_scale) alpha *= *p.act_global_scale;
  return alpha;
}

// The fp32 epilogue of one output: out[l, m, c] = sum * alpha * 2^-sum_log2 (+ bias[m]).
__device__ __forceinline__ void store_sum(const GemvParams& p, int l, int m, int c, float sum, float alpha,
                                          int sum_log2) {
  float v = ldexpf(sum * alpha, -sum_log2);
  if (p.bias) v += p.bias[m];
  store_out(p, (int64_t)l * p.out_batch_stride + (int64_t)m * p.out_row_stride + (int64_t)c * p.out_col_stride, v);
}

// Where row block b of row_blocks starts among units = q * row_blocks + rem: floor(units * b /
// row_blocks) in 32-bit arithmetic (units < 2^31 and row_blocks < 2^16, checked by the launcher).
// gemv_kernel's and sweep16_kernel's row ranges (sweep_kernel's: SweepRows::first).
__device__ __forceinline__ int balanced_bound(unsigned b, unsigned q, unsigned rem, int row_blocks) {
  return (int)(b * q + b * rem / row_blocks);
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

// Split-K epilogue: out = alpha * sum over splits in split order (deterministic) + bias.
// Launched as the GEMV's programmatic dependent on sm_90+ (launch_variant): it may be resident
// before the GEMV ends, and waits here until the GEMV grid has completed and its partial sums are
// visible (griddepcontrol.wait; an ordinary launch returns from it at once).
__global__ void reduce_splits_kernel(const GemvParams p, int splits) {
#if __CUDA_ARCH__ >= 900
  asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
  const int64_t R = (int64_t)p.M * p.L;
  const int64_t idx = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  if (idx >= R * p.N) return;
  const int64_t r = idx / p.N;
  const int n = (int)(idx - r * p.N);
  float s = 0.f;
  for (int k = 0; k < splits; ++k) s += p.partials[(k * R + r) * p.N + n];
  const int l = (int)(r / p.M), m = (int)(r - (int64_t)l * p.M);
  store_sum(p, l, m, n, s, global_alpha(p), 0);  // the splits' partials carry no fixed-point scale
}

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
  const int g = threadIdx.x / group_threads, q = threadIdx.x - g * group_threads;
  const int warp = q >> 5, lane = threadIdx.x & 31;
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

// A thread's kPieces pieces of a 16-bit activation column (4 x 16 bytes each, k order): their
// largest magnitude as bf16 bits (what bf16x8_max_bits gives, word by word), and as 16 half2 each
// in pair_k order (fp16 as is; bf16 times 2^e, bf16_group_pair_k). The W4A16 kernels' prologues
// (sweep16_kernel, sweep8_kernel).
template <int kPieces>
__device__ __forceinline__ unsigned pieces_max_bits(const uint4 (&raw)[kPieces][4]) {
  // Both halves of every word at once: |x| bits (LOP3) into a 16-bit-lane maximum (VIMNMX3.U16x2
  // folds two words): 1.5 SASS a word, where bf16x8_max_bits takes ~3.
  unsigned m2 = 0;
#pragma unroll
  for (int u = 0; u < kPieces; ++u)
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      const uint4& v = raw[u][w];
      m2 = __vmaxu2(m2, v.x & 0x7FFF7FFFu);
      m2 = __vmaxu2(m2, v.y & 0x7FFF7FFFu);
      m2 = __vmaxu2(m2, v.z & 0x7FFF7FFFu);
      m2 = __vmaxu2(m2, v.w & 0x7FFF7FFFu);
    }
  return max(m2 & 0xFFFFu, m2 >> 16);
}
template <bool kBf16, int kPieces>
__device__ __forceinline__ void pieces_pair_k(const uint4 (&raw)[kPieces][4], int e, uint32_t (&h)[kPieces][16]) {
#pragma unroll
  for (int u = 0; u < kPieces; ++u)
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      const uint32_t v32[4] = {raw[u][w].x, raw[u][w].y, raw[u][w].z, raw[u][w].w};
      uint32_t hw[4];
      if constexpr (kBf16)
        bf16_group_pair_k(v32, e, hw);
      else
        f16_group_pair_k([&](int i) { return v32[i]; }, false, 0, hw);
#pragma unroll
      for (int i = 0; i < 4; ++i) h[u][4 * w + i] = hw[i];
    }
}

// One word of an FP4 activation (8 codes) decoded as the weights are, in the same k order, times
// its block's scale (both halves of `scale`: E2M1 * E4M3 * kWeightBias): exact in fp16 like the
// weights, so its products with them carry kWeightBias^2 (sum_log2 2 kWeightBiasLog2). The W4A16
// kernels' FP4 x: the sweeps' pieces below and the band sweep's slots (band16_kernel).
__device__ __forceinline__ void fp4_word_pair_k(uint32_t codes, __half2 scale, uint32_t (&h)[4]) {
  decode_e2m1x8(codes, h);
#pragma unroll
  for (int i = 0; i < 4; ++i) h[i] = as_u32(__hmul2(as_half2(h[i]), scale));
}
// One piece (32 codes, blocks 2j and 2j + 1, their E4M3 scales in sc's low 16 bits) so: the
// prologues of sweep16_kernel at two columns and of sweep8_kernel.
__device__ __forceinline__ void fp4_piece_pair_k(const uint4& codes, uint32_t sc, uint32_t (&h16)[16]) {
  const __half2 scales = decode_e4m3x2<0>(sc, kWeightBias / kDecodeScale);
  const uint32_t words[4] = {codes.x, codes.y, codes.z, codes.w};
#pragma unroll
  for (int w = 0; w < 4; ++w) {
    uint32_t h[4];
    fp4_word_pair_k(words[w], w >= 2 ? __high2half2(scales) : __low2half2(scales), h);
#pragma unroll
    for (int i = 0; i < 4; ++i) h16[4 * w + i] = h[i];
  }
}

// ---------------------------------------------------------------------------------------------
// The row sweep for W4A16 (sweep16_kernel; fp16 / bf16 activations, one column, or two at L = 1
// (kCols), row-major weights and scales, sm_90, K <= 16384: 2 pieces a thread on up to 8 warps a
// row, or 1 where sweep16_pieces says; one column at L = 1 up to K = 32768 on 17..24 warps of one
// piece or 13..16 of 2, one group a CTA, sweep16_max_group_warps); with kFp4, W4A4 at two columns
// on the same loop (the FP4 activation decoded once, in the prologue, as the weights are:
// BENCHMARKS.md item 181).
//
// The sweep's shape (sweep_kernel above), with the products on the tensor core: mma.m16n8k16
// takes A's 16 rows as (chunk g of row r, chunk g of row r + 1) and B's 8 columns as the
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
// scales, 4 mma, the loads. The 8-warp hot loop (sm_90a, scripts/sass_loop.py): 663 / 650
// instructions per 2 pairs of 2 pieces (fp16 / bf16, 81-83 per 32 values) since item 244 (the
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
              x_shared[j * x_stride + x_slot] = make_uint4(hw[0], hw[1], hw[2], hw[3]);
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
          x_shared[(u * 4 + w) * x_stride + x_slot] =
              make_uint4(xh[0][u][4 * w], xh[0][u][4 * w + 1], xh[0][u][4 * w + 2], xh[0][u][4 * w + 3]);
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
              const uint4 xv = x_shared[(u * 4 + w) * x_stride + x_slot];
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

// ---------------------------------------------------------------------------------------------
// The band sweep (band16_kernel): W4A16 (fp16 / bf16 x) at one column and L = 1 on the tiled
// weight format, sm_90, K up to 32768 (C: CTAs a cluster, 1 or 2: band16_plan); and W4A4 (FP4 x,
// kAct kActFP4, item 275): x decoded once into the same fp16 slots as E2M1 * SFB * kWeightBias,
// exact as the sweeps' FP4 x (fp4_piece_pair_k), the sums carrying kWeightBias^2; the same loop;
// and dynamic W4A4 (kActQuantF16 / kActQuantBF16, item 276), a 16-bit x quantized in the prologue.
//
// Why: on the tiled format W4A16 took the row tiles (compute_item: the block scales applied to the
// decoded weights by HMUL2, x staged a chunk at a time, split K), 1.3-1.6x the floor. Here the
// block scales wait for the mma: every quad of a warp holds the same 128 values of its own rows
// (rows g and g + 8 of a 16-row tile; lane t chunk t, blocks 2t and 2t + 1), which is how the
// tiled format lays a tile out (one 512-byte warp load a half, one 4-byte scale load a lane). B's
// column 2t carries x only in lane t's k slots of words 0-1 (block 2t) and column 2t + 1 only
// those of words 2-3 (block 2t + 1), zero elsewhere, so lane (g, t)'s accumulators end a tile as
// its own four block dot products, D[g][2t], D[g][2t + 1], D[g + 8][2t], D[g + 8][2t + 1], which 4
// FFMA scale into the two rows' sums. Per 32 values and row: the decode (44 SASS), 4 mma, 2 FFMA,
// the scales' conversion and 2 LDS.128 of x (a zero region stands in for the lanes whose B is
// zero): 59 in the hot loop (237 per 2 tiles of a row pair, fp16 and bf16 x), where the row sweep
// takes 81-83.
// Shape: CTAs of 8 warps, 3 an SM; a cluster of C CTAs takes bands (16 rows) c, c + Gc, ... (c
// the cluster, Gc the clusters), its CTA of rank r the k tiles r KC .. r KC + KC - 1 (KC =
// ceil(ceil(K / 128) / C), the last CTA's cut at K's last tile); warp w of a CTA the tiles r KC + w
// + 8 j (j < T = ceil(KC / 8) rounded up to whole groups of 2, 2 in flight). Where K is no multiple
// of 2048 C (kRagged, item 271) a warp's slots past its tiles load nothing (their scale word 0)
// and see zero x, as do x's values past K in a tile K ends inside: exact zeros added, one more
// predicate a load (243 SASS per 2 tiles against 237). Each warp stages its
// own tiles' x in shared memory in the mma's k order (bf16: times 2^e, e from the warp's largest
// |x| by column_exponent's rule, the warp's sums times 2^-e); after each band the quad's 4 lanes
// add their sums and one lane a row stores them; at the end each CTA adds its 8 warps' sums in warp
// order and, with C = 2, after a cluster barrier each CTA adds a share of the outputs over both
// CTAs' sums in rank order (distributed shared memory): deterministic, one kernel.
// Exact as the sweeps: E2M1 * 2^-14 in fp16, products exact, fp32 accumulation, the block scales
// as fp32 (E4M3 is exact in fp16 and fp32), one rounding a block product.
// Measured first as scripts/band_sweep_probe.cu (runs 430-436, BENCHMARKS.md item 266: fp16 / bf16
// us against the library's row sweep on row-major weights and its row tiles, same call):
// 7168x16384 (C = 2) 24.2 / 24.0-24.1 against 24.4 / 24.8 and 27.7 / 28.1, 8192x28672 (2)
// 42.6-42.8 / 43.5-43.6 against 43.0 / 43.1 and 49.7 / 49.0, 14336x4096 (2) 15.3-15.4 / 15.4
// against 15.9 / 16.5 and 17.9 / 17.9, the lm_head (1) 95.3-95.5 / 95.6-96.0 against 96.4 / 96.0
// and 99.8 / 99.8; C = 4 or 8 slower (fewer CTAs resident), C = 1 where the bands divide over the
// grid. In the library (run 437, item 268, two orders, tiled fp16 / bf16, us, against the row
// tiles): 7168x16384 24.5-24.6 / 24.6 against 27.6 / 28.1-28.2, the lm_head 94.8-95.2 / 95.5-95.6
// against 98.5-98.6 / 98.4-98.7, 4096x4096 8.9-9.1 / 9.6 against 11.6 / 12.0. 2 CTAs an SM with 2
// or 4 tiles in flight (the probe, item 269) were no faster.
// ---------------------------------------------------------------------------------------------
constexpr int kBandWarps = 8, kBandThreads = 32 * kBandWarps, kBandCtasPerSm = 3;
constexpr int kBandDepth = 2;                  // tiles in flight a warp
constexpr int kBandXTileBytes = 256 + 32;      // a tile's x in the mma's k order, then 32 zero bytes
constexpr int kBandKGrain = 128 * kBandWarps * kBandDepth;  // K values a CTA's warps take a group
constexpr int kBandMaxK = 32768;
// K over a cluster of c CTAs: the k tiles of K (the format pads K to a whole tile), a CTA's (the
// last CTA's may be fewer), and a warp's in whole groups (tiles w, w + 8, ... of its CTA's; past
// the CTA's, at most its last group, it loads nothing and sees zero x: kRagged).
__host__ __device__ constexpr int band16_k_tiles(int K) { return (K + 127) >> 7; }
__host__ __device__ constexpr int band16_cta_tiles(int K, int c) { return (band16_k_tiles(K) + c - 1) / c; }
__host__ __device__ constexpr int band16_warp_tiles(int K, int c) {
  return ((band16_cta_tiles(K, c) + kBandWarps - 1) / kBandWarps + kBandDepth - 1) / kBandDepth * kBandDepth;
}
// Whether K leaves some warp's group partly empty (band16_kernel<.., true>).
__host__ __device__ constexpr bool band16_ragged(int K, int c) { return K % (kBandKGrain * c) != 0; }
// Shared memory: x's tiles (a warp's, whole groups), then [band][warp][16] fp32 sums, then
// [band][16] the CTA's sums.
__host__ __device__ constexpr int band16_smem(int K, int c, int bands_max) {
  return kBandWarps * band16_warp_tiles(K, c) * kBandXTileBytes + bands_max * (kBandWarps + 1) * 16 * 4;
}

template <int kAct, bool kRagged>
__global__ void __launch_bounds__(kBandThreads, kBandCtasPerSm) band16_kernel(const GemvParams p, int bands) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
  __trap();  // the launcher picks it on 9.x devices only (band16_fits)
#else
  static_assert(kWeightBias == kDecodeScale, "the sums carry the decode's 2^-14 alone (FP4 x: twice)");
  constexpr bool kBf16 = kAct == kActBF16, kQuant = kAct == kActQuantF16 || kAct == kActQuantBF16;
  constexpr bool kFp4 = kAct == kActFP4 || kQuant;  // FP4 x: given, or quantized here (kQuant)
  extern __shared__ __align__(16) uint8_t smem[];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const int C = (int)cluster_ctas(), rank = (int)cluster_rank();
  const int cid = (int)blockIdx.x / C, Gc = (int)gridDim.x / C;  // this cluster, the clusters
  // k tiles: the CTA's (KC, from kt0), a warp's a band (T), of those the ones that hold K (real;
  // all T unless kRagged, whose form of KC and T those K reduce to)
  const int KC = kRagged ? band16_cta_tiles(p.K, C) : (p.K >> 7) / C, kt0 = rank * KC;
  const int T = kRagged ? band16_warp_tiles(p.K, C) : KC / kBandWarps;
  const int real = kRagged ? max(0, min(KC, band16_k_tiles(p.K) - kt0) - warp + kBandWarps - 1) / kBandWarps : T;
  const int nb = bands > cid ? (bands - cid + Gc - 1) / Gc : 0;          // the cluster's bands
  float* red = reinterpret_cast<float*>(smem + (kRagged ? kBandWarps * T : KC) * kBandXTileBytes);  // [band][warp][16 rows]
  float* part = red + nb * kBandWarps * 16;                               // [band][16 rows]

  // The loads: tile kt0 + warp + 8 j of band cid + i Gc, kBandDepth in flight (T % kBandDepth ==
  // 0: a band's last group of loads asks for the next band's first tiles, one pointer jump a band).
  constexpr int kStep = kBandWarps * 1024, kScaleStep = kBandWarps * 128;
  const int first = kt0 + warp;
  const uint8_t* la = p.a + (int64_t)cid * p.a_row_stride + first * 1024 + 16 * lane;
  const uint8_t* ls = p.sfa.base + (int64_t)cid * p.sfa.row_stride + first * 128 + 4 * lane;
  const int64_t a_jump = Gc * p.a_row_stride - (int64_t)kStep * T;  // bytes, after a band's T tiles
  const int64_t s_jump = Gc * p.sfa.row_stride - (int64_t)kScaleStep * T;
  uint32_t wa[kBandDepth][4], wb[kBandDepth][4], sc[kBandDepth];
  // Slot d's tile at la, ls + d tiles: rows g and g + 8 (16 bytes each), the lane's scale word (0
  // where `on` is false).
  const auto load = [&](int d, bool on) {
    ld_stream_if(on, la + d * kStep, wa[d]);
    ld_stream_if(on, la + d * kStep + 512, wb[d]);
    sc[d] = ld_scale_word_if(on, ls + d * kScaleStep);
  };
#pragma unroll
  for (int d = 0; d < kBandDepth; ++d) {
    wa[d][0] = wa[d][1] = wa[d][2] = wa[d][3] = wb[d][0] = wb[d][1] = wb[d][2] = wb[d][3] = 0;
    load(d, nb > 0 && (!kRagged || d < real));
  }
  la += kBandDepth * kStep;
  ls += kBandDepth * kScaleStep;

  // x: this warp's tiles j in slots warp T + j, word w of chunk c at 16 (4 c + w), 4 half2 in
  // pair_k order, then 32 zero bytes. bf16: the words as they are first, their largest magnitude
  // over the warp, then each word times 2^e in fp16 (bf16_group_pair_k). Zero past K and in the
  // tiles past the warp's real ones (kRagged).
  const auto slot = [&](int q) { return smem + (warp * T + (q >> 4)) * kBandXTileBytes + (q & 15) * 16; };
  // Slot q's 8 E2M1 codes (one word) decoded as the weights are, times their block's E4M3 scale
  // (the low byte of scale) and kWeightBias: E2M1 * E4M3 * kWeightBias, exact in fp16
  // (fp4_word_pair_k, the sweeps' FP4 x), so the sums carry kWeightBias^2.
  const auto fp4_slot = [&](int q, uint32_t codes, uint32_t scale) {
    uint32_t h[4];
    fp4_word_pair_k(codes, __low2half2(decode_e4m3x2<0>(scale, kWeightBias / kDecodeScale)), h);
    *reinterpret_cast<uint4*>(slot(q)) = make_uint4(h[0], h[1], h[2], h[3]);
  };
  unsigned x_max = 0;
  if constexpr (kQuant) {
    // Dynamic W4A4 (item 276): each lane quantizes whole 16-value blocks of the 16-bit x (slots 2 b
    // and 2 b + 1) by quantize_block16's rule with the activation's global scale, the codes and
    // scale the quantize kernel would write, then places them as FP4 x: the same bits as quantize
    // and the FP4 call. Up to a k range of kFusedQuantMaxK a CTA (fused_quant_fits).
    const float gs = p.act_global_scale ? *p.act_global_scale : 1.0f;
    const uint4* xs = static_cast<const uint4*>(p.x);  // 8 values a uint4
#pragma unroll 2
    for (int b = lane; b < T * 8; b += 32) {
      const int piece = (kt0 + warp + kBandWarps * (b >> 3)) * 16 + 2 * (b & 7);  // the block's first 8 values
      const bool in = !kRagged || ((b >> 3) < real && 8 * piece < p.K);
      uint32_t lo = 0, hi = 0, sc = 0;
      if (in) {
        const uint4 raw[2] = {xs[piece], xs[piece + 1]};
        sc = quantize_x16_block(raw, kAct == kActQuantBF16, gs, lo, hi);
      }
      fp4_slot(2 * b, lo, sc);
      fp4_slot(2 * b + 1, hi, sc);
    }
  } else {
#pragma unroll 4
    for (int q = lane; q < T * 16; q += 32) {
      const int piece = (kt0 + warp + kBandWarps * (q >> 4)) * 16 + (q & 15);  // 8 values of x
      const bool in = !kRagged || ((q >> 4) < real && 8 * piece < p.K);
      if constexpr (kFp4) {
        // W4A4: x's scales row-major (band16_fits), block piece / 2 at byte piece / 2.
        fp4_slot(q, in ? static_cast<const uint32_t*>(p.x)[piece] : 0u, in ? p.sfx.base[piece >> 1] : 0u);
      } else {
        const uint4 v = in ? reinterpret_cast<const uint4*>(p.x)[piece] : make_uint4(0, 0, 0, 0);
        if constexpr (kBf16) {
          x_max = max(x_max, bf16x8_max_bits(v));
          *reinterpret_cast<uint4*>(slot(q)) = v;
        } else {
          uint32_t h[4];
          f16_group_pair_k([&](int i) { return (&v.x)[i]; }, false, 0, h);
          *reinterpret_cast<uint4*>(slot(q)) = make_uint4(h[0], h[1], h[2], h[3]);
        }
      }
    }
  }
  float unscale = 1.f;  // bf16: 2^-e
  if constexpr (kBf16) {
    const int e = bf16_sweep_exponent(__reduce_max_sync(0xffffffffu, x_max) << 16);
    unscale = ldexpf(1.f, -e);
    __syncwarp();
#pragma unroll 4
    for (int q = lane; q < T * 16; q += 32) {
      const uint4 v = *reinterpret_cast<const uint4*>(slot(q));
      const uint32_t v32[4] = {v.x, v.y, v.z, v.w};
      uint32_t h[4];
      bf16_group_pair_k(v32, e, h);
      *reinterpret_cast<uint4*>(slot(q)) = make_uint4(h[0], h[1], h[2], h[3]);
    }
  }
  for (int q = lane; q < T * 2; q += 32)
    *reinterpret_cast<uint4*>(smem + (warp * T + (q >> 1)) * kBandXTileBytes + 256 + (q & 1) * 16) =
        make_uint4(0, 0, 0, 0);
  __syncwarp();

  // This lane's B: words 0-1 of chunk t where g == 2 t (block 2t), words 2-3 where g == 2 t + 1
  // (block 2t + 1), the tile's zero bytes otherwise.
  const uint32_t x_base = smem_addr(smem) + warp * T * kBandXTileBytes;
  const uint32_t x_lo0 = x_base + (g == 2 * t ? 64 * t : 256), x_hi0 = x_base + (g == 2 * t + 1 ? 64 * t + 32 : 256);
  float acc0 = 0.f, acc1 = 0.f;  // rows g, g + 8 of the band
  const auto tile = [&](int d, uint32_t x_lo, uint32_t x_hi) {
    float c[4] = {0.f, 0.f, 0.f, 0.f};
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      const uint4 b = lds128((w < 2 ? x_lo : x_hi) + d * kBandXTileBytes + 16 * (w & 1));
      uint32_t ha[4], hb[4];
      decode_e2m1x8(wa[d][w], ha);
      decode_e2m1x8(wb[d][w], hb);
      mma_16816(c, ha[0], hb[0], ha[1], hb[1], b.x, b.y);
      mma_16816(c, ha[2], hb[2], ha[3], hb[3], b.z, b.w);
    }
    const float2 sg = __half22float2(decode_e4m3x2<0>(sc[d], 1.0f)), sg8 = __half22float2(decode_e4m3x2<1>(sc[d], 1.0f));
    acc0 = fmaf(c[1], sg.y, fmaf(c[0], sg.x, acc0));
    acc1 = fmaf(c[3], sg8.y, fmaf(c[2], sg8.x, acc1));
  };
  for (int band = 0; band < nb; ++band) {
    uint32_t x_lo = x_lo0, x_hi = x_hi0;
    for (int j = 0; j < T - kBandDepth; j += kBandDepth) {  // the next group in this band
#pragma unroll
      for (int d = 0; d < kBandDepth; ++d) {
        tile(d, x_lo, x_hi);
        load(d, !kRagged || j + kBandDepth + d < real);
      }
      la += kBandDepth * kStep;
      ls += kBandDepth * kScaleStep;
      x_lo += kBandDepth * kBandXTileBytes;
      x_hi += kBandDepth * kBandXTileBytes;
    }
    // The band's last group, written apart: its loads ask for the next band's first tiles. In the
    // loop above with a selected pointer jump (run 454, docs/runs/run454/one.patch, BENCHMARKS.md
    // item 274; hot loops 252 / 255 SASS against 237 / 243) it took 0.2-1.4 us longer on every
    // band shape (two orders, fp16 / bf16 tiled, us: 7168x16384 24.8-25.0 / 25.2 against 24.7 /
    // 24.5-24.7, the lm_head 96.8 / 97.4-97.8 against 95.5-95.7 / 96.3-96.4, 14336x4096 16.1-16.3
    // / 16.3-16.5 against 15.7 / 15.9-16.0).
    la += a_jump;  // the next band's first group
    ls += s_jump;
    const bool more = band + 1 < nb;
#pragma unroll
    for (int d = 0; d < kBandDepth; ++d) {
      tile(d, x_lo, x_hi);
      load(d, more && (!kRagged || d < real));
    }
    la += kBandDepth * kStep;
    ls += kBandDepth * kScaleStep;
    // The band's sums of this warp: the quad's 4 lanes added (a fixed order), one store a row.
    acc0 += __shfl_xor_sync(0xffffffffu, acc0, 1);
    acc1 += __shfl_xor_sync(0xffffffffu, acc1, 1);
    acc0 += __shfl_xor_sync(0xffffffffu, acc0, 2);
    acc1 += __shfl_xor_sync(0xffffffffu, acc1, 2);
    if (t < 2) red[(band * kBandWarps + warp) * 16 + g + 8 * t] = (t ? acc1 : acc0) * unscale;
    acc0 = acc1 = 0.f;
  }
  __syncthreads();
  const float alpha = global_alpha(p);
  const auto store = [&](int o, float v) {
    const int m = (cid + (o >> 4) * Gc) * 16 + (o & 15);
    if (m < p.M) store_sum(p, 0, m, 0, v, alpha, (kFp4 ? 2 : 1) * kWeightBiasLog2);
  };
  for (int o = threadIdx.x; o < nb * 16; o += kBandThreads) {
    float v = 0.f;
#pragma unroll
    for (int w = 0; w < kBandWarps; ++w) v += red[((o >> 4) * kBandWarps + w) * 16 + (o & 15)];
    if (C == 1)
      store(o, v);
    else
      part[o] = v;
  }
  if (C > 1) cluster_rank_order_sums(part, nb * 16, C, rank, kBandThreads, store);
#endif
}

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
// stages in flight hold no registers). Lane (g, t) of warp w takes chunks j = 64 u + 4 w + t (u <
// kPieces) of rows g and g + 8 (one LDS.128 each; the chunk index XOR 4 on odd rows keeps the
// quads' reads conflict-free; it stops where the CTA's chunks end, with 4 pieces where the warp's
// do) and holds column g of x at the same chunks in registers (16 half2 a chunk in pair_k order, as
// the sweeps' B), so its k slots in A and in B agree and D[g][2t..], D[g + 8][2t..] are whole dot
// products over the warp's chunks. Per 32 values of a row: the decode (44 SASS), 16 HMUL2 for the
// block scales, 4 mma (as the W4A16 sweep at one column, for 8 columns here), one LDS.128 and one
// 16-bit scale load. Columns past N are zero in B and not stored.
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
// warp order; with C > 1 each CTA keeps its tiles' sums and, after a cluster barrier, the C CTAs
// each add a share of the outputs over the C CTAs' sums in rank order (distributed shared memory)
// and store them: deterministic, one kernel.
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
// fits, as for row-major weights; at 2-3 columns since item 273 as sweep8_pays says.
// ---------------------------------------------------------------------------------------------
constexpr int kSweep8Warps = 16, kSweep8Threads = 32 * kSweep8Warps;
constexpr int kSweep8MaxCluster = 8;  // the portable cluster size (PlanDevice::cluster_fit's range)
constexpr int kSweep8MaxK = 32768;    // 2 chunks a thread on clusters of kSweep8MaxCluster
// A CTA's shape by its chunks a thread and row (kPieces) and its blocks of 8 columns (kColBlocks):
// 2 chunks (a CTA holds up to 128 chunks of a row: clusters of up to 4 at K = 16384, 4 stages of
// 37 KB) or 4 (256 chunks: clusters of 2, all 132 SMs rather than the 30 clusters of 4 that fit at
// once, 2 stages of 74 KB; x then takes 64 registers, 128 in all at the cap, no spills), both for
// 3..8 columns; 9..16 columns (2 blocks) take 1 chunk (64 chunks: clusters of up to 8, 4 stages of
// 18 KB; x, two columns a lane, again at 32 registers) or 2 (as 2 chunks above, with tile sums
// twice as wide; x at 64 registers, 116-124 in all, no spills: sweep8_choice).
template <int kPieces, int kColBlocks>
struct Sweep8Shape {
  static_assert(kColBlocks == 1 ? kPieces == 2 || kPieces == 4 : kColBlocks == 2 && kPieces <= 2, "shapes");
  static constexpr int kChunks = 4 * kSweep8Warps * kPieces;  // a CTA's chunks of a row, at most
  static constexpr int kStages = kPieces == 4 ? 2 : 4;
  static constexpr int kRowBytes = 16 * kChunks;              // a stage's row of weights
  static constexpr int kSfRow = 2 * kChunks + 16;             // of scales, padded: no bank conflicts
  static constexpr int kStageBytes = 16 * (kRowBytes + kSfRow);
  static constexpr int kTileOutputs = 128 * kColBlocks;       // a tile's 16 rows x 8 kColBlocks columns
  static constexpr int kRedBytes = 2 * kSweep8Warps * kTileOutputs * 4;  // two tiles' warp sums
  static constexpr int kTileSumBytes = kTileOutputs * 4;      // a tile's sums kept for the cluster
  static constexpr int kFixedSmem = kStages * kStageBytes + kRedBytes;
};

// kAct: kActF16, kActBF16 or kActFP4; kPieces, kColBlocks: Sweep8Shape's; kTiled: the tiled
// weight format (format.py) in place of row-major weights and scales.
template <int kAct, int kPieces, int kColBlocks, bool kTiled>
__global__ void __launch_bounds__(kSweep8Threads, 1)
    sweep8_kernel(const GemvParams p, int clusters, int chunks) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ != 900
  __trap();  // the launcher picks it on 9.x devices only
#else
  static_assert(kAct != kActBF16 || kPieces != 4, "bf16 x takes 2 chunks a thread (sweep8_choice)");
  using Shape = Sweep8Shape<kPieces, kColBlocks>;
  constexpr int W = kSweep8Warps, S = Shape::kStages, CB = kColBlocks, TO = Shape::kTileOutputs;
  extern __shared__ __align__(16) uint8_t smem8[];
  float* red = reinterpret_cast<float*>(smem8 + S * Shape::kStageBytes);  // [2][W][TO]
  float* tile_sums = red + 2 * W * TO;                                    // [tiles][TO], C > 1
  const int tid = threadIdx.x, w = tid >> 5, lane = tid & 31, g = lane >> 2, t = lane & 3;
  const unsigned C = cluster_ctas(), cr = cluster_rank();
  const int b = blockIdx.x / C;  // the cluster (1-D clusters: consecutive CTAs)
  const int T = (p.M + 15) >> 4, n = b < T ? (T - b + clusters - 1) / clusters : 0;
  const int c0 = cr * chunks, valid = min(chunks, (p.K >> 5) - c0);  // the CTA's chunks within K
  const uint8_t* a_cta = p.a + 16 * (int64_t)c0;
  const uint8_t* sf_cta = p.sfa.base + 2 * (int64_t)c0;
  const uint32_t stage0 = smem_addr(smem8);
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
  const auto issue_rows = [&](int i) {
    if (i < n) {
      const int m = 16 * (b + i * clusters) + w;
      const bool row_ok = m < p.M;
      const uint32_t st = (i % S) * Shape::kStageBytes;
      const uint8_t* a_row = a_lane + (int64_t)m * p.a_row_stride;
#pragma unroll
      for (int jj = 0; jj < Shape::kChunks / 32; ++jj) {
        const bool ok = row_ok && lane + 32 * jj < valid;
        cp_async16(a_dst + st + 512 * jj, ok ? a_row + 512 * jj : p.a, ok ? 16 : 0);
      }
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
  const auto issue_tiled = [&](int i) {
    if (i < n) {
      const uint32_t st = stage0 + (i % S) * Shape::kStageBytes + 16 * tid;
#pragma unroll
      for (int jj = 0; jj < Shape::kChunks / 32; ++jj) {
        const bool ok = tid + kSweep8Threads * jj < 64 * tiles_valid;
        cp_async16(st + 16 * kSweep8Threads * jj, ok ? a_next + 16 * kSweep8Threads * jj : p.a, ok ? 16 : 0);
      }
      if (tid < 2 * Shape::kChunks) {
        const bool ok = tid < 8 * tiles_valid;
        cp_async16(st + 16 * Shape::kRowBytes, ok ? sf_next : p.sfa.base, ok ? 16 : 0);
      }
      a_next += clusters * p.a_row_stride;
      sf_next += clusters * p.sfa.row_stride;
    }
    cp_async_commit();
  };
  const auto issue = [&](int i) {
    if constexpr (kTiled)
      issue_tiled(i);
    else
      issue_rows(i);
  };
#pragma unroll
  for (int s = 0; s < S - 1; ++s) issue(s);
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
  // Output o of tile i: column block o / 128, then D-fragment order (lane o % 128 / 4, entry o % 4).
  const auto store = [&](int i, int o, float sum) {
    const int cb = CB == 1 ? 0 : o >> 7, ln = (CB == 1 ? o : o & 127) >> 2, e = o & 3;
    const int m = 16 * (b + i * clusters) + (ln >> 2) + 8 * (e >> 1), c = 8 * cb + 2 * (ln & 3) + (e & 1);
    if (m < p.M && c < p.N) store_sum(p, 0, m, c, sum, alpha, sum_log2);
  };
  const auto reduce = [&](int i) {  // tile i's 16 x 8 kColBlocks sums: the warps' in warp order
    if (tid < TO) {
      const float* rb = red + (i & 1) * W * TO + tid;
      float v = 0.f;
#pragma unroll
      for (int u = 0; u < W; ++u) v += rb[u * TO];
      if (C == 1)
        store(i, tid, v);
      else
        tile_sums[i * TO + tid] = v;
    }
  };
  for (int i = 0; i < n; ++i) {
    cp_async_wait<S - 2>();
    __syncthreads();  // tile i landed; every warp is done with tile i - 1's stage and sums
    if (i > 0) reduce(i - 1);
    issue(i + S - 1);
    // Plain C++ reads of the stage (not asm volatile: ptxas may move them among the mma).
    const uint8_t* sw = smem8 + (i % S) * Shape::kStageBytes;
    const uint8_t* ss = sw + 16 * Shape::kRowBytes;
    float acc[CB][2][4] = {};
#pragma unroll
    for (int u = 0; u < kPieces; ++u) {
      // The chunks end before this piece: the CTA's (2 pieces; a per-warp test cost 0.5-1 us there,
      // run 280) or the warp's (4 pieces; valid % 8 == 0). One piece: never (valid > 0).
      if (kPieces == 1 ? false : kPieces == 2 ? 64 * u >= valid : 64 * u + 4 * w >= valid) break;
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
    // warp's scaling undone).
#pragma unroll
    for (int cb = 0; cb < CB; ++cb) {
      const float u0 = unscale[cb][0], u1 = unscale[cb][1];
      const float(&d4)[2][4] = acc[cb];
      const float4 d = make_float4((d4[0][0] + d4[1][0]) * u0, (d4[0][1] + d4[1][1]) * u1,
                                   (d4[0][2] + d4[1][2]) * u0, (d4[0][3] + d4[1][3]) * u1);
      *reinterpret_cast<float4*>(red + (i & 1) * W * TO + w * TO + 128 * cb + 4 * lane) = d;
    }
  }
  cp_async_wait<0>();
  __syncthreads();
  if (n > 0) reduce(n - 1);
  // Every CTA of the cluster adds and stores its share of the outputs, 512 at a time. Rank 0 alone:
  // 1 us slower at 7168x16384 N = 8 (run 297, BENCHMARKS.md item 193: 1920 outputs x 4 remote
  // loads on one CTA while the others waited at the barrier).
  if (C > 1)
    cluster_rank_order_sums(tile_sums, n * TO, C, cr, kSweep8Threads, [&](int o, float v) { store(o / TO, o % TO, v); });
#endif
}

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
  const auto kernel = sweep8_kernel<kActF16, 2, 1, false>;
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

// The current device (PlanDevice::resident_per_sm 0: asked per kernel variant, resident_per_sm).
inline PlanDevice device_info() {
  static PlanDevice cache[64];
  int dev = 0;
  cudaGetDevice(&dev);
  PlanDevice& d = cache[dev & 63];
  if (d.sms == 0) {
    int per_sm = 0, reserved = 0, optin = 0;
    cudaDeviceGetAttribute(&per_sm, cudaDevAttrMaxSharedMemoryPerMultiprocessor, dev);
    cudaDeviceGetAttribute(&reserved, cudaDevAttrReservedSharedMemoryPerBlock, dev);
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, dev);
    const int two = per_sm / 2 - reserved;
    d.cta_smem = two >= kSmemTwoPerSmMin ? two : optin;
    d.smem_optin = optin;
    cudaDeviceGetAttribute(&d.major, cudaDevAttrComputeCapabilityMajor, dev);
    cudaDeviceGetAttribute(&d.sms, cudaDevAttrMultiProcessorCount, dev);
    if (d.major == 9) sweep8_cluster_fit(d);
  }
  return d;
}

// Resident CTAs per SM of a variant on the current device, read once per device at the largest
// shared-memory size we ever ask for (so the grid rule does not depend on K); dev's own number
// when it has one (a device described rather than queried).
template <int kWords, bool kWide, bool kRing, bool kSpans, bool kTiled, bool kInteger,
          bool kQuantAct = false>
int resident_per_sm(const PlanDevice& dev_info) {
  if (dev_info.resident_per_sm > 0) return dev_info.resident_per_sm;
  static int cache[64] = {};
  int dev = 0;
  cudaGetDevice(&dev);
  int& occ = cache[dev & 63];
  if (occ == 0) {
    const int smem = dev_info.cta_smem;
    auto kernel = gemv_kernel<kWords, kWide, kRing, kSpans, kTiled, kInteger, kQuantAct>;
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) !=
            cudaSuccess ||
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&occ, kernel, kThreads, smem) !=
            cudaSuccess || occ < 1)
      occ = 1;
  }
  return occ;
}

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
// 2 or 4 pieces a thread (the rule above); the W4A16 sweep at L > 1 follows it (sweep16_fits).
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
// w4a16: the W4A16 sweep (sweep16_kernel; sweep16_pieces, sweep16_fits, sweep16_ctas_per_sm).
inline GemvLaunch sweep_plan(const GemvParams& p, const PlanDevice& dev, bool w4a16 = false) {
  const int64_t rows = (int64_t)p.M * p.L;
  const int per_thread = w4a16 ? sweep16_pieces(p, dev) : sweep_pieces(p, dev);
  const int group_warps = sweep_warps_for(p.K, per_thread);
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
// 24576, sweep16_pieces); at L > 1 only where the W4A4 2-or-4 rule gives 2 pieces a thread
// (sweep_pieces_2_or_4). Measured (run 212, next_sweep16.py, two orders, fp16 / bf16, against the
// 2-piece condition everywhere): 14336x4096 16.8 / 17.6-17.8 us against 18.8 / 19.4-19.5, the
// lm_head 101.1-101.4 / 101.8-102.0 against 105.9-106.0 / 106.0-106.2, but 4096x7168x8 (L = 8,
// contiguous rows) 47.0-47.3 / 47.8-48.0 against 46.5-46.8 / 47.6 (run 199, before the pair
// butterfly and the interleaving, had every 4-piece shape slower but 14336x4096). Two columns (kCols = 2: both columns' pieces in registers) at L =
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
// k_section: p is k_sections_plan's sections (batches of one row's sections): at L > 1 any K that
// 2 pieces on 8 warps hold, where the rule above keeps the row tiles (measured faster on batches of
// whole rows; past K = 32768 the row tiles took 1.26-4.96x the floor, run 321).
inline bool sweep16_fits(const GemvParams& p, const PlanDevice& dev, bool k_section = false) {
  static const int mode = env_mode("NVFP4_GEMV_SWEEP16");
  return mode != 0 && (mode == 1 || !other_variant_forced()) && dev.major == 9 && sweep16_act_fits(p) &&
         (p.N == 1 || (p.N == 2 && p.L == 1)) && wide_loads(p) && sweep_weights_fit(p) &&
         (p.L == 1     ? sweep_warps_for(p.K, 2) <= sweep16_max_group_warps(2, p.N)
          : k_section ? sweep_warps_for(p.K, 2) <= kWarps
                      : sweep_pieces_2_or_4(p, dev) == 2) &&
         (p.N == 1 || ((int64_t)p.M * 2 <= sweep_rows_limit() &&
                       (sweep16_pieces(p, dev) == 2 ||
                        sweep_weight_bytes(p) <= (p.act == kActFP4 ? kSweep16Fp4TwoColsOnePieceMaxBytes
                                                                    : kSweep16TwoColsOnePieceMaxBytes))));
}

// K in sections (GemvLaunch::k_sections): past the longest row a sweep holds (K > kSweepMaxK),
// one column at L = 1, the row sweep runs over the matrix as S batches of M rows of K / S values:
// section s of row m is batch s (the weights, their scales and x each offset by s K / S values, a
// batch stride), and writes its fp32 sums to the workspace [S, M, 1] with no alpha and no bias;
// reduce_splits_kernel then adds the S sums of each row in section order (deterministic), applies
// alpha and the bias and stores the output. S: the fewest sections of a multiple of 32 values
// each (x and every section's rows 16-byte aligned) that a sweep holds at L = S: W4A4 (sweep_fits)
// up to 32768 values a section, W4A16 2 pieces on 8 warps (sweep16_fits with k_section) up to
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
  q.weight_global_scale = q.act_global_scale = nullptr;  // alpha and the bias: after the sum
  q.bias = nullptr;
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
    if (!w4a4 && !sweep16_fits(q, dev, true)) continue;
    const GemvLaunch plan = sweep_plan(q, dev, !w4a4);
    if (sweep_steps_fit(q, plan)) return with_k_sections(plan, p, sections);
  }
  return GemvLaunch{};
}
// check_plan of a row sweep plan (sweep_plan): one split, whole-K rows of p (k_section: p is
// k_sections_plan's sections).
inline int check_sweep_plan(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, bool k_section) {
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
                                  : sweep16_fits(p, dev, k_section) && (plan.sweep == 1 || plan.sweep == 2)) &&
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
// The tile sweep (sweep8_kernel): 2..16 columns at L = 1 on sm_90, x loaded a 16-byte piece per
// column as the W4A16 sweep loads its two (column_pieces_fit);
// row-major weights with 16-byte aligned rows (cp.async copies of 16 bytes), row-major scales with
// unit column stride and 16-byte aligned rows, or the tiled format (tiled_fits) with 16-byte
// aligned scale tiles and bands (item 270; the same plan and shape), K a multiple of 32 up to
// 32768 (clusters of up to 8 CTAs x 128 chunks, 4 x 256; at 9..16 columns 8 x 64, or 8 x 128 past
// 16384), and the opt-in shared memory for its stages (and the cluster's tile sums). One column too where K > 16384
// (the one-column sweeps come first in plan_gemv_for); two at any K since item 273 (the
// two-column row sweep first; sweep8_pays for where the launch rule takes it). Past K = 16384
// (item 199: run 310, docs/runs/run310/large_k.py, two orders, unchecked, fp16 / bf16 / FP4 x at
// N = 2, 4, 8, 16, against NVFP4_GEMV_SWEEP8=0: the row tiles, split K at N > 1): 8192x28672 N =
// 8 51.5-52.1 / 56.5-57.0 / 51.5 us against 84.0-84.1 / 84.4-84.6 / 80.6-81.0, N = 16 66.0 / 66.0-66.4 / 63.8-64.1 against 127.5-127.8 / 140.6 / 116.5; 3584x18944 N =
// 2 23.2-23.4 / 24.2-24.3 / 23.8-24.0 against 25.0-25.1 / 25.7-25.9 / 24.7-24.8; 5120x27648 and
// 4096x32768 faster at every N; slower only bf16 at N = 2-4 on 8192x28672 (2 chunks, 10% more
// work than fp16's 4 there: 55.8-56.2 against 55.5-55.7).
// NVFP4_GEMV_SWEEP8 (env_mode): 0 never, 1 wherever it fits (sweep8_pays not asked), unset: by
// the launch rule, standing aside while another variant is forced. Measured (run 275,
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
// clusters == 0: no such shape (more CTAs than a cluster may hold).
inline Sweep8Choice sweep8_choice_at(const GemvParams& p, const PlanDevice& dev, int pieces, int ctas = 0) {
  const int most = 4 * kSweep8Warps * pieces, tiles = (p.M + 15) / 16;
  if (ctas == 0) ctas = ((p.K >> 5) + most - 1) / most;  // the fewest that hold K
  const int col_blocks = p.N > 8 ? 2 : 1;
  if (ctas > kSweep8MaxCluster) return {pieces, col_blocks, ctas, 0, 0, 0};
  const int fit = dev.cluster_fit[ctas] > 0 ? dev.cluster_fit[ctas] : dev.sms / ctas;
  const int clusters = std::max(1, std::min(tiles, fit));
  return {pieces, col_blocks, ctas, sweep8_chunks(p.K, ctas), clusters, (tiles + clusters - 1) / clusters};
}
inline int64_t sweep8_work(const Sweep8Choice& s) {
  const int slots = s.pieces == 2 ? 64 * ((s.chunks + 63) / 64) : s.chunks;
  return (int64_t)s.rounds * slots;
}
// The shared memory a CTA of that shape takes before the cluster's tile sums, a tile's sums, and
// all of it (the tile sums only with C > 1).
inline int sweep8_fixed_smem(const Sweep8Choice& s) {
  if (s.col_blocks == 2) return s.pieces == 2 ? Sweep8Shape<2, 2>::kFixedSmem : Sweep8Shape<1, 2>::kFixedSmem;
  return s.pieces == 4 ? Sweep8Shape<4, 1>::kFixedSmem : Sweep8Shape<2, 1>::kFixedSmem;
}
inline int sweep8_tile_sum_bytes(const Sweep8Choice& s) {
  return s.col_blocks == 2 ? Sweep8Shape<1, 2>::kTileSumBytes : Sweep8Shape<2, 1>::kTileSumBytes;
}
inline int sweep8_smem(const Sweep8Choice& s) {
  return sweep8_fixed_smem(s) + (s.ctas > 1 ? s.rounds * sweep8_tile_sum_bytes(s) : 0);
}
// bf16 x takes 2 chunks wherever it fits: the 4-chunk kernel at the register cap kept its
// per-warp exponents in shared memory, read each tile, and was slower on every shape timed (run
// 304, docs/runs/run304/pieces_ab.py, two orders, unchecked, against 2 chunks everywhere;
// BENCHMARKS.md item 196): 4096x14336 N = 3 / 4 / 8 22.0-22.2 / 22.2-22.3 / 23.5-23.6 us against 21.7 / 21.9 /
// 22.4, 2048x16384 17.4-17.5 / 17.5-17.7 / 19.4-19.5 against 17.2-17.4 / 17.2-17.3 / 18.3,
// 1024x14336 13.3 / 13.6-13.7 / 14.9-15.0 against 13.0-13.2 / 13.0-13.2 / 13.7-13.8 (7168x16384 N =
// 8: 1.7-2.0 us, item 186), while fp16 and FP4 x stay faster on 4 (fp16 0.3-1.1 us, FP4 0.2-1.2
// on those shapes).
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
inline Sweep8Choice sweep8_choice(const GemvParams& p, const PlanDevice& dev) {
  if (p.N > 8) {  // two column blocks: one chunk, the cluster size as above; or two chunks (below)
    const Sweep8Choice one = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 1));
    const Sweep8Choice two = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 2));
    if (one.clusters == 0) return two;  // K > 16384: one chunk would need clusters of more than 8
    const bool two_pays = kSweep8TileCost1x2 * one.rounds - kSweep8TileCost2x2 * two.rounds >= 2 * kSweep8TileCost2x2;
    return two_pays && sweep8_smem(two) <= dev.smem_optin ? two : one;
  }
  const Sweep8Choice two = sweep8_spread(p, dev, sweep8_choice_at(p, dev, 2));
  if (p.K <= 4096 || p.act == kActBF16) return two;
  const Sweep8Choice four = sweep8_choice_at(p, dev, 4);
  return 10 * sweep8_work(four) <= 9 * sweep8_work(two) ? four : two;
}
inline int sweep8_mode() {
  static const int mode = env_mode("NVFP4_GEMV_SWEEP8");
  return mode;
}
inline bool sweep8_fits(const GemvParams& p, const PlanDevice& dev) {
  const int mode = sweep8_mode();
  const ScaleIndex& sf = p.sfa;
  const bool scales_copy = reinterpret_cast<uintptr_t>(sf.base) % 16 == 0 && sf.row_stride % 16 == 0;
  const bool weights = sf.layout == kScaleTiled ? tiled_fits(p)
                                                : sf.layout == kScaleRowMajor && sf.col_stride == 1 &&
                                                      reinterpret_cast<uintptr_t>(p.a) % 16 == 0 &&
                                                      p.a_row_stride % 16 == 0;
  return mode != 0 && (mode == 1 || !other_variant_forced()) && dev.major == 9 &&
         p.L == 1 && (p.N >= 2 || sweep_warps_for(p.K, 2) > kWarps) && p.N <= 16 && p.K % 32 == 0 &&
         p.K <= kSweep8MaxK && weights && scales_copy && column_pieces_fit(p);
}
// Where the launch rule takes the tile sweep among the plans that fit (plan_gemv_for): at 1 or
// 4..16 columns wherever it fits; at 2 or 3, where its mma does 8 columns' work whatever N is and
// the row tiles do N's:
// - on the tiled format past K = 16384 (the row tiles split K there, a second pass over partial
//   sums), and up to it where the weights take at most kSweep8FewColsTiledMaxBytes; past that the
//   format's row tiles (512 contiguous bytes a warp load, enough rows to keep every SM streaming);
// - on row-major weights at two columns (reached only past the two-column row sweep's bounds,
//   sweep16_fits: FP4 x past 96 MiB of one-piece rows, 16-bit x past 2^27 bytes) where the weights
//   pass 2^27 bytes and K >= 4096: at K = 2048 a CTA's 2 chunks a thread are half empty, a tile's
//   barrier and reduction over half the bytes; FP4 x's row tiles keep up to 2^27 bytes.
// Measured (run 451, docs/runs/run450/ab450.py 20, two orders, unchecked, bf16 / fp16 / FP4 x,
// us, BENCHMARKS.md item 273; this rule's cases are the measured rule's or the base's): two
// columns, tiled, the tile sweep against the row tiles: 4096x4096 11.1 / 10.2 / 10.5-10.6 against
// 12.5-12.7 / 12.2-12.4 / 11.4-11.5, 2048x7168 11.7 / 9.8 / 10.1 against 12.8-13.1 / 12.4-12.5 /
// 12.6-12.7, 5120x5120 fp16 12.8 against 15.4-15.6, 7168x2048 and 14336x4096 0-1.1 faster;
// 4096x14336 and 7168x16384 from 0.7 slower to 1.9 faster; but (run 450) 26624x8192 46.8-47.1 /
// 46.2-46.3 / 46.4-46.5 against 44.4-44.5 / 44.6 / 42.5-42.8, the lm_head 103.0-103.1 /
// 102.9-103.0 / 102.3-103.2 against 101.8-102.2 / 100.9-101.1 / 100.2-100.4, 100000x2048
// 48.4-49.7 against 40.1-40.9; past K = 16384 (8192x28672) fp16 48.8-49.2 against 52.2-52.4.
// Three columns, tiled, the row tiles against the tile sweep: 100000x2048 40.5-41.9 against
// 48.3-49.8, FP4 57344x8192 79.3-79.9 against 82.6-82.9, 36864x8192 55.3 against 58.2-58.6,
// 26624x8192 43.7-43.8 against 46.1-46.2, the lm_head 0.4-1.0 faster; 16-bit x on 26624x8192 0.6-0.8
// slower, on 57344x8192, 36864x8192 and 65536x4096 within 0.5. Row-major, two columns, the tile
// sweep against the row tiles: the lm_head 105.5-105.7 / 104.2 / 104.2 against 107.9-108.1 / 107.9 /
// 107.0-107.2, 57344x8192 and 65536x4096 0.2-1.5 faster; FP4 x on 36864x8192 (151 MB) 59.1-59.4
// against 58.3-58.7, 26624x8192 (109 MB) 46.5-47.1 against 46.1-46.2, 100000x2048 (run 450) 47.4
// against 44.1-44.3.
constexpr int64_t kSweep8FewColsTiledMaxBytes = int64_t(1) << 26;
constexpr int64_t kSweep8TwoColsRowMajorMinBytes = int64_t(1) << 27;
inline bool sweep8_pays(const GemvParams& p) {
  if (sweep8_mode() == 1 || p.N == 1 || p.N >= 4) return true;
  if (p.sfa.layout == kScaleTiled) return p.K > 16384 || sweep_weight_bytes(p) <= kSweep8FewColsTiledMaxBytes;
  return p.N == 3 || p.K > 16384 || (p.K >= 4096 && sweep_weight_bytes(p) > kSweep8TwoColsRowMajorMinBytes);
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

// Raises kKernel's dynamic shared-memory limit to `bytes` once per device (the first launch there).
template <auto kKernel>
int smem_opt_in_once(int bytes) {
  static int opted_in[64] = {};
  int device = 0;
  cudaGetDevice(&device);
  if (!opted_in[device & 63]) {
    if (const cudaError_t err = cudaFuncSetAttribute(kKernel, cudaFuncAttributeMaxDynamicSharedMemorySize, bytes))
      return err;
    opted_in[device & 63] = 1;
  }
  return cudaSuccess;
}

// The tile sweep for x of kind kAct, clusters of plan.cluster CTAs (a launch attribute: one
// kernel for every cluster size).
template <int kAct, int kPieces, int kColBlocks, bool kTiled>
int launch_sweep8_of(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  if (const int err = smem_opt_in_once<sweep8_kernel<kAct, kPieces, kColBlocks, kTiled>>(dev.smem_optin)) return err;
  cudaLaunchAttribute attr;
  const cudaLaunchConfig_t cfg = cluster_config(plan.grid, kSweep8Threads, plan.cluster, plan.smem_bytes, stream, attr);
  return cudaLaunchKernelEx(&cfg, sweep8_kernel<kAct, kPieces, kColBlocks, kTiled>, p, plan.row_blocks,
                            plan.k_split / 32);
}
template <int kAct, int kPieces, int kColBlocks>
int launch_sweep8(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  return plan.tiled ? launch_sweep8_of<kAct, kPieces, kColBlocks, true>(p, plan, dev, stream)
                    : launch_sweep8_of<kAct, kPieces, kColBlocks, false>(p, plan, dev, stream);
}
template <int kPieces, int kColBlocks = 1>
int launch_sweep8_for(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  if (p.act == kActFP4) return launch_sweep8<kActFP4, kPieces, kColBlocks>(p, plan, dev, stream);
  if (p.act == kActBF16) {
    if constexpr (kPieces == 4)
      return cudaErrorInvalidValue;  // never planned (sweep8_choice): no such kernel
    else
      return launch_sweep8<kActBF16, kPieces, kColBlocks>(p, plan, dev, stream);
  }
  return launch_sweep8<kActF16, kPieces, kColBlocks>(p, plan, dev, stream);
}

// The tile sweep, of the shape check_plan found the plan made for.
inline int launch_tile_sweep(const GemvParams& p, const GemvLaunch& plan, const PlanDevice& dev, cudaStream_t stream) {
  const Sweep8Choice shape = sweep8_choice(p, dev);
  if (shape.col_blocks == 2)
    return shape.pieces == 2 ? launch_sweep8_for<2, 2>(p, plan, dev, stream)
                             : launch_sweep8_for<1, 2>(p, plan, dev, stream);
  return shape.pieces == 4 ? launch_sweep8_for<4>(p, plan, dev, stream) : launch_sweep8_for<2>(p, plan, dev, stream);
}

// The band sweep: clusters of plan.band CTAs (a launch attribute where 2), the shared-memory opt-in
// once per device (x's tiles past 48 KB where K > 16384 on one CTA a cluster).
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
  if (quant_act(p)) return plan_gemv_for(as_fp4(p), dev);  // check_plan takes integer plans only
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
  // The tile sweep where it fits and the launch rule takes it (empty, cluster == 0, otherwise):
  // the tiled format's choice after the band sweep, row-major weights' after the row sweeps.
  const auto tile_sweep = [&] {
    return sweep8_fits(p, dev) && sweep8_pays(p) ? sweep8_plan(p, dev) : GemvLaunch{};
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
    if (!plan.cluster) return check_sweep_plan(q, section_sweep(plan), dev, true);
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
                       plan.smem_bytes >= sweep8_fixed_smem(choice) +
                                              (plan.cluster > 1 ? (tiles + plan.row_blocks - 1) / plan.row_blocks *
                                                                      sweep8_tile_sum_bytes(choice)
                                                                : 0);
    return shape ? cudaSuccess : cudaErrorInvalidValue;
  }
  if (plan.sweep) return check_sweep_plan(p, plan, dev, false);
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
