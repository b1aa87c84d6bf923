// gemv_common.cuh: the device pieces every GEMV kernel family shares: the weight's fixed-point
// bias (kWeightBias), E4M3 scale pairs as half2, the m16n8k16 mma, the 16-bit activation to fp16
// conversions, the predicated streaming loads of weights and scales, the fp32 epilogue
// (store_sum) and the split-K sum kernel (reduce_splits_kernel). Torch-free.
// The families, one header each (gemv_kernels.cu includes them all and launches them):
//   row_tiles.cuh    gemv_kernel: 16-row tiles (or k spans) of any layout, 1..16 columns, any L
//   row_sweep.cuh    sweep_kernel: W4A4 at one column, row-major, x held in registers (sm_90)
//   row_sweep16.cuh  sweep16_kernel: W4A16 at one or two columns, row-major (sm_90)
//   band_sweep.cuh   band16_kernel: one column on the tiled weight format (sm_90)
//   tile_sweep.cuh   sweep8_kernel: 2..16 columns at L = 1 on thread block clusters (sm_90)
// launch_rule.cuh chooses among them (plan_gemv_for in gemv_kernels.cu).
#pragma once
#include "e2m1_decode.cuh"
#include "nvfp4_gemv.cuh"

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

// 2^e as two normal fp32 factors (.x = 2^(e/2), .y = 2^(e - e/2); e spans -113 .. 148, beyond one
// float exponent): x * .x * .y is x 2^e exactly while x 2^(e/2) and x 2^e are normal fp32.
// column_exponent capped at 127 instead (lossless, as bf16_sweep_exponent) would let the row
// tiles' staging (store_f16_group) take bf16_group_pair_k's one HMUL2.BF16 a pair; measured (run
// 373, BENCHMARKS.md item 233), nvcc unrolled the shorter staging loops further and 8 columns at
// L = 8 (4096x7168x8) took 1.1-1.7 us longer with fp16 x, so the row tiles keep this form.
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

// threadIdx.x through an asm, read once: NVVM may re-issue a threadIdx.x read (mov %tid.x) next to
// its uses, inside a hot loop too (an S2R every pass); an asm's value is read once and held.
__device__ __forceinline__ unsigned thread_index() {
  unsigned t;
  asm("mov.u32 %0, %%tid.x;" : "=r"(t));
  return t;
}

// v through an asm: NVVM neither sinks v's computation into the loops that use it nor repeats it
// there (a shared-memory symbol's address, in a hot loop, is an S2R SR_CgaCtaId a pass).
__device__ __forceinline__ uint32_t held(uint32_t v) {
  asm("mov.b32 %0, %0;" : "+r"(v));
  return v;
}
// A pointer to shared memory held the same way, declared shared (__isShared), so that plain C++
// accesses through it stay ld / st.shared at a 32-bit address formed once.
template <typename T>
__device__ __forceinline__ T* held_shared(T* p) {
  uint64_t v = reinterpret_cast<uint64_t>(p);
  asm("mov.b64 %0, %0;" : "+l"(v));
  T* q = reinterpret_cast<T*>(v);
  __builtin_assume(__isShared(q));
  return q;
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

// The fp32 epilogue of one output: out[l, m, c] = sum * alpha * 2^-sum_log2 (+ bias[m]). A weight
// scale per row joins alpha here, as one more product of the same two factors that one weight
// scale gives (weight scale * act scale, then * sum): the rows of a shard come out bitwise as
// that shard alone with its scale would.
// store_sum_with takes the row's weight scale and bias as row_scales[r] and biases[r] (read only
// where p has them): p's own arrays at r = m (store_sum), or a copy the caller read ahead.
__device__ __forceinline__ void store_sum_with(const GemvParams& p, int l, int m, int c, float sum, float alpha,
                                               int sum_log2, const float* row_scales, const float* biases, int r) {
  if (p.weight_row_scale) alpha = row_scales[r] * alpha;
  float v = ldexpf(sum * alpha, -sum_log2);
  if (p.bias) v += biases[r];
  store_out(p, (int64_t)l * p.out_batch_stride + (int64_t)m * p.out_row_stride + (int64_t)c * p.out_col_stride, v);
}
__device__ __forceinline__ void store_sum(const GemvParams& p, int l, int m, int c, float sum, float alpha,
                                          int sum_log2) {
  store_sum_with(p, l, m, c, sum, alpha, sum_log2, p.weight_row_scale, p.bias, m);
}

// Where row block b of row_blocks starts among units = q * row_blocks + rem: floor(units * b /
// row_blocks) in 32-bit arithmetic (units < 2^31 and row_blocks < 2^16, checked by the launcher).
// gemv_kernel's and sweep16_kernel's row ranges (sweep_kernel's: SweepRows::first).
__device__ __forceinline__ int balanced_bound(unsigned b, unsigned q, unsigned rem, int row_blocks) {
  return (int)(b * q + b * rem / row_blocks);
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

}  // namespace detail
}  // namespace nvfp4
