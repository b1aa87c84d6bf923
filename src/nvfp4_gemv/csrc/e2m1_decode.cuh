// e2m1_decode.cuh: the E2M1 decodes of the GEMV kernels (gemv_common.cuh lists them) and the
// integer item's dot products on them, shared with scripts/pattern_probe.cu (the kernel's item on
// other access patterns) and scripts/compute_pace_probe.cu (the row sweep's work on its memory
// pattern).
// Torch-free.
#pragma once
#include <cuda_fp16.h>
#include <stdint.h>

namespace nvfp4 {
namespace detail {

// ---------------------------------------------------------------------------------------------
// E2M1 decode: 8 values (one 32-bit word, value i in bits 4i..4i+3) -> 4 half2 registers.
//
// Blackwell (sm_100a, sm_120a): cvt.rn.f16x2.e2m1x2, one instruction per byte, exact values,
// lanes (k, k+1).
//
// Everything else (no FP4 hardware): build fp16 bit patterns directly. An E2M1 code s.e1e0.m0
// placed as fp16 sign (bit 15) and bits 11..9 (the two low exponent bits and the top mantissa
// bit) reads as value * 2^-14, for the subnormal code 0.5 as well, because E2M1's and fp16's
// subnormal boundaries line up. That 2^-14 is folded into the block scale. Work per word:
//   lo = ((w << 1) & 0x0E0E0E0E) | ((w << 4) & 0x80808080)   low nibbles  -> fp16 high bytes
//   hi = ((w >> 3) & 0x0E0E0E0E) | ( w       & 0x80808080)   high nibbles -> fp16 high bytes
//   4 x PRMT spread two bytes each into the high bytes of a half2 (low bytes zero).
// SASS per 32 values (4 words): 4 x (2 SHF/IMAD.SHL + 1 SHF + 4 LOP3 + 4 PRMT) = 44, of which
// about 36 use the integer ALU pipe; a byte-wise SIMD trick, so each LOP3 handles 4 values.
// Moving work off that pipe did not pay (BENCHMARKS.md item 77: a PRMT-free decode with 26% fewer
// ALU instructions, its shifts as IMAD, was even on tiled weights and 0.1-1.6 us slower row-major).
// ---------------------------------------------------------------------------------------------
#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM101_ALL) || \
    defined(__CUDA_ARCH_FEAT_SM103_ALL) || defined(__CUDA_ARCH_FEAT_SM110_ALL) || \
    defined(__CUDA_ARCH_FEAT_SM120_ALL) || defined(__CUDA_ARCH_FEAT_SM121_ALL)
#define NVFP4_HW_E2M1 1
#else
#define NVFP4_HW_E2M1 0
#endif

// __byte_perm, also in host code (tests/cpp/decode_rules.cu runs the decodes on the host). The
// host copy also has PRMT's sign-replicate mode (a selector nibble with bit 3 set gives the
// selected byte's top bit in all 8 bits), which __byte_perm lacks (it reads 3 bits per
// selector); prmt() below has it on both sides.
__host__ __device__ __forceinline__ uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s) {
#ifdef __CUDA_ARCH__
  return __byte_perm(x, y, s);
#else
  const uint64_t xy = (uint64_t)y << 32 | x;
  uint32_t r = 0;
  for (int i = 0; i < 4; ++i) {
    const uint32_t sel = s >> (4 * i) & 0xF;
    uint32_t byte = (uint32_t)(xy >> (8 * (sel & 7)) & 0xFF);
    if (sel & 8) byte = byte & 0x80 ? 0xFF : 0x00;
    r |= byte << (8 * i);
  }
  return r;
#endif
}

// prmt.b32 with all four selector bits (sign-replicate mode included).
__host__ __device__ __forceinline__ uint32_t prmt(uint32_t x, uint32_t y, uint32_t s) {
#ifdef __CUDA_ARCH__
  uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(x), "r"(y), "r"(s));
  return d;
#else
  return byte_perm(x, y, s);
#endif
}

// Which of the word's 8 values half j (0: low) of decode_e2m1x8's output register i holds. The
// mma's k order is ours to choose, so the activation is staged in this order too.
__host__ __device__ constexpr int pair_k(int i, int j) {
#if NVFP4_HW_E2M1
  return 2 * i + j;
#else
  return 4 * (i & 1) + (i >> 1) + 2 * j;  // (0, 2), (4, 6), (1, 3), (5, 7)
#endif
}

#if NVFP4_HW_E2M1
constexpr float kDecodeScale = 1.0f;           // decoded value = E2M1
#else
constexpr float kDecodeScale = 1.0f / 16384;   // decoded value = E2M1 * 2^-14
#endif
__host__ __device__ __forceinline__ void decode_e2m1x8(uint32_t w, uint32_t h[4]) {
#if NVFP4_HW_E2M1
  asm("{\n\t.reg .b8 b0, b1, b2, b3;\n\t"
      "mov.b32 {b0, b1, b2, b3}, %4;\n\t"
      "cvt.rn.f16x2.e2m1x2 %0, b0;\n\t"
      "cvt.rn.f16x2.e2m1x2 %1, b1;\n\t"
      "cvt.rn.f16x2.e2m1x2 %2, b2;\n\t"
      "cvt.rn.f16x2.e2m1x2 %3, b3;\n\t}"
      : "=r"(h[0]), "=r"(h[1]), "=r"(h[2]), "=r"(h[3])
      : "r"(w));
#else
  const uint32_t lo = ((w << 1) & 0x0E0E0E0Eu) | ((w << 4) & 0x80808080u);
  const uint32_t hi = ((w >> 3) & 0x0E0E0E0Eu) | (w & 0x80808080u);
  h[0] = byte_perm(lo, 0, 0x1404);
  h[1] = byte_perm(lo, 0, 0x3424);
  h[2] = byte_perm(hi, 0, 0x1404);
  h[3] = byte_perm(hi, 0, 0x3424);
#endif
}

// ---------------------------------------------------------------------------------------------
// E2M1 -> biased uint8 for the integer item (W4A4 at one column on sm_90, see
// compute_item_tile_dot in row_tiles.cuh): value i of w -> byte i % 4 of lo (i < 4) or hi,
// holding kU8Bias + 2 * E2M1 (128 .. 152: 2 * E2M1 is an integer, -12 .. 12).
//
// Two PRMT table lookups per 4 values, with no bit shuffling. PRMT reads the low 16 bits of its
// selector as 4 nibbles: bits 0-2 pick one of 8 table bytes, bit 3 (here the E2M1 sign) switches
// to sign-replicate mode, 0xFF for a table byte >= 0x80. All table bytes are >= 0x80, so
//   P = T+[code]        = kU8Bias + 2 E2M1 for a positive code, 0xFF for a negative one,
//   N = T-[code ^ 8]    = kU8Bias + 2 E2M1 for a negative code, 0xFF for a positive one,
// and P & N is the byte wanted (-0 included: T-[0] = kU8Bias). The bias costs the dot products
// one correction per scale block, in their start value (the activation's block sum times
// kU8Bias), which is why it is the smallest bias that keeps every byte >= 0x80.
// SASS per 8 values (one word): 4 PRMT + 3 LOP3 on the integer pipe, 2 IMAD.HI (the upper
// nibbles' selectors, on the FMA pipe): 36 per 32 values, against 44 plus 16 HMUL2 for the fp16
// decode and its block scales.
// ---------------------------------------------------------------------------------------------
constexpr int kU8Bias = 140;
constexpr uint32_t kU8PosLo = 0x8F8E8D8Cu, kU8PosHi = 0x98949290u;  // 140 + {0,1,2,3,4,6,8,12}
constexpr uint32_t kU8NegLo = 0x898A8B8Cu, kU8NegHi = 0x80848688u;  // 140 - {0,1,2,3,4,6,8,12}

// The integer item's sums start from these bits (row_tiles.cuh, DotStage): a block's dp4a chain
// adds its integer dot product to the bits of the float 1.5 * 2^23, exactly while |dot| < 2^22
// (a 16-value block's is at most 16 * 12 * 12 = 2304), so the float less kIntMagicValue is the dot.
constexpr uint32_t kIntMagic = 0x4B400000u;  // 1.5 * 2^23
constexpr float kIntMagicValue = 12582912.0f;
constexpr int kIntAccLog2 = -4;              // (2 E2M1)(2 E2M1) 2^-6 per product

__host__ __device__ __forceinline__ uint32_t upper_half(uint32_t w) {
#ifdef __CUDA_ARCH__
  return __umulhi(w, 0x10000u);  // IMAD.HI: off the integer pipe
#else
  return w >> 16;
#endif
}

__host__ __device__ __forceinline__ void decode_e2m1x8_u8(uint32_t w, uint32_t& lo, uint32_t& hi) {
  const uint32_t flipped = w ^ 0x88888888u;
  lo = prmt(kU8PosLo, kU8PosHi, w) & prmt(kU8NegLo, kU8NegHi, flipped);
  hi = prmt(kU8PosLo, kU8PosHi, upper_half(w)) & prmt(kU8NegLo, kU8NegHi, upper_half(flipped));
}

// ---------------------------------------------------------------------------------------------
// The integer item's dot products on the decoded bytes (device only): row_tiles.cuh's k spans,
// row tiles and row sweep, and scripts/compute_pace_probe.cu, which times the sweep's own work.
// ---------------------------------------------------------------------------------------------
#ifdef __CUDACC__
// d = c + the 4 byte products of a (unsigned) and b (signed).
__device__ __forceinline__ int dp4a_us(uint32_t a, uint32_t b, int c) {
  int d;
  asm("dp4a.u32.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "r"(b), "r"(c));
  return d;
}

// The integer item's dp4a chains over one 32-value piece: w's E2M1 codes (16 bytes, k order) as
// biased bytes (decode_e2m1x8_u8) times the int8 activation words xs (k order), blocks 0 and 1
// added to their starts c[0] and c[1] (DotStage's c(b)). The k spans' and the row tiles' items and
// the row sweep (sweep_piece_dot) all take it: the decode's 36 SASS and 8 dp4a.
__device__ __forceinline__ void dp4a_piece(const uint32_t (&w)[4], const uint32_t (&xs)[8], int (&c)[2]) {
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    uint32_t lo, hi;
    decode_e2m1x8_u8(w[q], lo, hi);
    c[q >> 1] = dp4a_us(lo, xs[2 * q], c[q >> 1]);
    c[q >> 1] = dp4a_us(hi, xs[2 * q + 1], c[q >> 1]);
  }
}

// One 16-value block of E2M1 codes (w0, w1: k order) as the integer item holds it: int8 2 * E2M1
// in v, k order, and the block's dp4a start kIntMagic - kU8Bias * (its sum) returned (DotStage's
// c(b)). The staging (stage_fp4_dot) and the row sweep's activation (sweep_piece_of).
__device__ __forceinline__ int int8_block(uint32_t w0, uint32_t w1, uint32_t (&v)[4]) {
  decode_e2m1x8_u8(w0, v[0], v[1]);
  decode_e2m1x8_u8(w1, v[2], v[3]);
  unsigned biased_sum = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    biased_sum = __dp4a(v[i], 0x01010101u, biased_sum);
    v[i] = __vsub4(v[i], kU8Bias * 0x01010101u);
  }
  return (int)kIntMagic - kU8Bias * ((int)biased_sum - 16 * kU8Bias);
}
#endif  // __CUDACC__

}  // namespace detail
}  // namespace nvfp4
