// e2m1_decode.cuh: the E2M1 -> fp16 decode of the GEMV (gemv_kernels.cu), shared with
// scripts/pattern_probe.cu, which times the kernel's item on other access patterns. Torch-free.
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
// subnormal boundaries line up. That 2^-14 is folded into the block scale.
// In the word a code's sign sits 3 bits above its magnitude, in the half 6 bits above, so one
// shift cannot place a whole code. Two bit-selects first build words in which every other code
// has its sign 6 bits above its magnitude (the other codes' bits there are don't-cares):
//   even = w & 0x07070707 | (w << 3) & ~0x07070707   codes 0, 2, 4, 6: magnitude 8j, sign 8j + 6
//   odd  = (w >> 3) & 0x0E0E0E0E | w & ~0x0E0E0E0E   codes 1, 3, 5, 7: magnitude 8j + 1, sign 8j + 7
// then one left shift and one mask (0x8E008E00: sign 15, magnitude 11..9 of both halves) per
// half2: h0 = even << 9 (codes 0, 4), h1 = even << 1 (2, 6), h2 = odd << 8 (1, 5), h3 = odd (3, 7).
// Code 7's sign is bit 31 already and nothing may shift it up, hence the one right shift.
// SASS per 32 values (4 words): 4 x (6 LOP3 + 5 shifts) = 44, as many as the byte-wise decode it
// replaced (per word 2 shifts and 2 LOP3 for each 4 codes, then 4 PRMT), but fewer on the integer
// ALU, the 16-lane pipe that LOP3, PRMT and SHF share (2 cycles per warp instruction; pipe_probe.cu,
// BENCHMARKS.md item 35): left shifts can be IMAD.SHL and w >> 3 is IMAD.HI.U32 (w * 2^29 >> 32),
// both on the FMA pipe beside it. In the sm_90a loops ptxas makes 3 of every 16 left shifts SHF:
// ~25.5 ALU instructions per 32 values against 36 before (tiled loop: 234 against 318 per 4 items).
// ---------------------------------------------------------------------------------------------
#if defined(__CUDA_ARCH_FEAT_SM100_ALL) || defined(__CUDA_ARCH_FEAT_SM101_ALL) || \
    defined(__CUDA_ARCH_FEAT_SM103_ALL) || defined(__CUDA_ARCH_FEAT_SM110_ALL) || \
    defined(__CUDA_ARCH_FEAT_SM120_ALL) || defined(__CUDA_ARCH_FEAT_SM121_ALL)
#define NVFP4_HW_E2M1 1
#else
#define NVFP4_HW_E2M1 0
#endif

// (a & mask) | (b & ~mask) in one LOP3. Written in C it became two where b is a shifted copy of a
// (ptxas masks b's known-zero bits first). Host code (tests/cpp/decode_rules.cu) gets the C.
__host__ __device__ __forceinline__ uint32_t bit_select(uint32_t a, uint32_t b, uint32_t mask) {
#ifdef __CUDA_ARCH__
  uint32_t d;
  asm("lop3.b32 %0, %1, %2, %3, 0xE4;" : "=r"(d) : "r"(a), "r"(b), "r"(mask));
  return d;
#else
  return (a & mask) | (b & ~mask);
#endif
}

// w >> 3 on the FMA pipe: the high word of w * 2^29 (IMAD.HI.U32; a shift would be SHF, ALU).
__host__ __device__ __forceinline__ uint32_t shr3(uint32_t w) {
#ifdef __CUDA_ARCH__
  return __umulhi(w, 1u << 29);
#else
  return w >> 3;
#endif
}

// Which of the word's 8 values half j (0: low) of decode_e2m1x8's output register i holds. The
// mma's k order is ours to choose, so the activation is staged in this order too.
__host__ __device__ constexpr int pair_k(int i, int j) {
#if NVFP4_HW_E2M1
  return 2 * i + j;
#else
  return 2 * (i & 1) + (i >> 1) + 4 * j;  // (0, 4), (2, 6), (1, 5), (3, 7)
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
  const uint32_t even = bit_select(w, w << 3, 0x07070707u);
  const uint32_t odd = bit_select(shr3(w), w, 0x0E0E0E0Eu);
  constexpr uint32_t kImage = 0x8E008E00u;  // sign and magnitude bits of both fp16 halves
  h[0] = (even << 9) & kImage;
  h[1] = (even << 1) & kImage;
  h[2] = (odd << 8) & kImage;
  h[3] = odd & kImage;
#endif
}

}  // namespace detail
}  // namespace nvfp4
