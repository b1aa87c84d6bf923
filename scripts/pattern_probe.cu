// pattern_probe.cu: how fast the H200 streams a weight matrix with the GEMV's access patterns, with
// nothing computed or with the GEMV's own work on the loaded bytes. A diagnostic for BENCHMARKS.md
// ("is it the decode or the pattern?", items 29 and 35-37), outside the library. Each pattern reads
// the same bytes (the task shapes' E2M1 matrices as L*M rows of K/2 bytes), L2 flushed by a 512 MiB
// write before each rep (the task's way), CUDA events, median; MHz is block 0's SM clock over the
// last rep (clock64 against the global timer).
//
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pattern_probe scripts/pattern_probe.cu && /tmp/pattern_probe
//   (optional arguments: pattern-name prefixes, e.g. "floor blk tile/4 " for those only; the first
//   pattern run is the vs_floor baseline). Each row ends with the last rep's CTA timeline: the
//   latest CTA start and the earliest / median / latest CTA exit after the first start.
//
// Patterns (2 CTAs of 8 warps per SM, rows split in balanced contiguous ranges per CTA, 16-byte
// non-allocating loads with the L2::256B hint, like the kernel):
//   floor       grid-stride over the bytes, 8 loads in flight per thread (the library's floor)
//   tile/D      the kernel's: a warp reads 16 rows x 64 bytes per step (lane: row g and g + 8,
//               16 bytes at t * 16), the CTA's (16-row pair, step) items in contiguous ranges
//               per warp, D items in flight
//   inter/D     the same tiles, but item i of the CTA goes to warp i % 8: the CTA's warps walk
//               one pair together, 8 consecutive steps at a time (a 512-byte stretch per row)
//   blk         each CTA sweeps its own contiguous 1/grid of the bytes
//   tiled/D     the tile patterns on the tiled layout (each 16-row x 64-byte tile stored as 1 KB)
//   tiledi/D    the same with each tile's 128 scale bytes right after its 1 KB (one stream)
//   tiledk/D    the tiled layout with its tiles in k-major order (all bands' step s, then s + 1)
//   pairs/D O   the row-major layout read by row pairs, 512 contiguous bytes per load, in order O
//               (g: the whole grid's warps in one front; cta: per-CTA ranges, item i -> warp
//               i % 8; warp: per-CTA ranges, contiguous per warp)
//   spans2/D O  the same items as the kernel's k spans load them (256 bytes of each row per load)
//   dyn/D cC    the tiled layout in a dynamic order: warps take chunks of C tiles from a counter
//   front/D cC  the same chunks in a static order: chunk j W + w to warp w of the grid's W
//   btXK/SxC    the same on the tiled layout: a stage is X / 64 consecutive tiles of a band, one copy
//   bXK/SxC     bulk copies (cp.async.bulk) of X bytes per row, 16 rows per stage, S stages per
//               CTA, C CTAs per SM, a producer warp and 8 consumer warps (+sf: the row-major
//               scales copied too; +sfld: loaded by the consumers)
// and a suffix for what the consumer does with the bytes (see item_work): none (XOR), +sf (the
// item's scale pairs loaded too, like the kernel; +sfh: with the L2::256B hint), +alu (the
// decode's integer work), +mma (the kernel's whole item: decode, scales, mma), +imma (a candidate
// W4A4 item on the integer tensor core, checked against a host computation at start-up).
// Earlier runs (docs/runs/run50) also timed a row-per-warp pattern (rowwise, 1.8x the floor) and
// 2-D tensor-map copies (29.1 us on 7168x16384); their code is in git history (commit 5f9f718).
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <stdint.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

// The kernel's own E2M1 decode and shared-memory, mbarrier and bulk-copy primitives (so the probe
// measures the instructions the GEMV uses).
#include "../src/nvfp4_gemv/csrc/e2m1_decode.cuh"
#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"
#include "probe_common.cuh"  // CK, ld16 (the library's weight load), fold, time_flushed
using namespace nvfp4::detail;

// A 16-bit scale pair, the kernel's way (ld_scales_if: non-coherent, L1 allocating); kHint: with
// the L2::256B prefetch hint as well.
template <bool kHint = false>
__device__ __forceinline__ uint32_t ld_sf16(const uint8_t* p) {
  uint16_t h;
  if (kHint) asm volatile("ld.global.nc.L2::256B.u16 %0, [%1];" : "=h"(h) : "l"(p));
  else asm volatile("ld.global.nc.u16 %0, [%1];" : "=h"(h) : "l"(p));
  return h;
}
// A lane's 4-byte scale word of the tiled format's lane order (the library's ld_scale_word_if).
__device__ __forceinline__ uint32_t ld_sf32(const uint8_t* p) {
  uint32_t v;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
// This CTA's balanced contiguous range [r0, r1) of `rows`; whole_bands: in whole 16-row bands
// (the tiled layout).
__device__ __forceinline__ void cta_rows(int rows, bool whole_bands, int& r0, int& r1) {
  const int unit = whole_bands ? 16 : 1;
  r0 = unit * (int)((int64_t)(rows / unit) * blockIdx.x / gridDim.x);
  r1 = unit * (int)((int64_t)(rows / unit) * (blockIdx.x + 1) / gridDim.x);
}

// What a consumer does with the bytes it loads (kWork):
//   0 (bare)  XOR them into a word;
//   1 (+alu)  the register-window decode's integer work on each 32-bit word (the shifts, LOP3 and
//             PRMT of decode_e2m1x8 on sm_90), folded: 30 ALU-pipe instructions per 16 bytes in the
//             sm_90a SASS (the kernel's hot loop: 41), without the FP16 and tensor work;
//   2 (+mma)  the kernel's whole item (compute_item at N = 1): decode, HMUL2 by the block scales,
//             the activation fragments from shared memory, 8 mma.m16n8k16 into fp32 accumulators.
// For "why does a faster bare-read pattern not make a faster GEMV" (BENCHMARKS items 29-35).
__device__ __forceinline__ uint32_t alu_work(const uint4& w) {
  const uint32_t v[4] = {w.x, w.y, w.z, w.w};
  uint32_t acc = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    uint32_t h[4];
    decode_e2m1x8(v[i], h);
    acc += h[0] ^ h[1] * 3u;
    acc += h[2] ^ h[3] * 5u;
  }
  return acc;
}

__device__ __forceinline__ uint32_t hmul2(uint32_t a, uint32_t b) {
  uint32_t d;
  asm("mul.rn.f16x2 %0, %1, %2;" : "=r"(d) : "r"(a), "r"(b));
  return d;
}

// The activation fragments a consumer reads: for kWork 2, 32 k-steps x 4 words x 4 quad lanes of
// 16 bytes, ones in fp16; for kWork 3, 32 k-steps x 8 blocks x (16 bytes of 2x, 16 of -x) as
// int8. Filled by the CTA before it starts; returns their shared address.
constexpr int kActPieces = 32 * 4 * 4;
template <int kWork>
__device__ __forceinline__ uint32_t fill_act(uint4* act) {
  for (int i = threadIdx.x; kWork >= 2 && i < kActPieces; i += blockDim.x)
    act[i] = kWork == 2 ? make_uint4(0x3C003C00u, 0x3C003C00u, 0x3C003C00u, 0x3C003C00u)
             : (i & 1)  ? make_uint4(0xFEFEFEFEu, 0xFEFEFEFEu, 0xFEFEFEFEu, 0xFEFEFEFEu)
                        : make_uint4(0x04040404u, 0x04040404u, 0x04040404u, 0x04040404u);
  __syncthreads();
  return smem_addr(act);
}

// kWork 3 (+imma), a candidate for the kernel's W4A4 item at N = 1, on the integer tensor core:
// E2M1 -> int8 (2 x value) by PRMT table lookups, with no bit shuffling. The sign comes from a
// second lookup: pos = T[code] (PRMT's sign-replicate mode turns a negative code into 0, the table
// bytes being positive) and mag = T[code & 7], so a = 2 pos - mag and sum a x = sum pos (2x) +
// sum mag (-x): two IMMA m16n8k32 per 16 values and row, with 2x and -x staged as int8. The 8 B
// columns select the item's 8 scale blocks (lane (g, t) feeds its activation only where
// g / 2 == t), so C ends up holding the 4 block sums of the lane's own rows and blocks. C starts
// at the bits of 2^23 + 2^22: one FADD makes a block sum fp32 (exact), one FFMA scales it in.
// Per word (8 values): 1 LOP3 + 4 PRMT on the integer pipe and 2 IMAD.HI (the upper nibbles'
// selectors), against 4 LOP3 + 4 PRMT + 1 SHF (+ 2 IMAD.SHL) for the fp16 decode.
constexpr uint32_t kTableLo = 0x03020100u, kTableHi = 0x0C080604u;  // 2 x {0, .5, 1, 1.5, 2, 3, 4, 6}
__device__ __forceinline__ uint32_t table(uint32_t sel) {
  uint32_t d;
  asm("prmt.b32 %0, %1, %2, %3;" : "=r"(d) : "r"(kTableLo), "r"(kTableHi), "r"(sel));
  return d;
}
__device__ __forceinline__ void imma(int (&d)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                     uint32_t b0, uint32_t b1) {
  asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
               "{%8, %9}, {%0, %1, %2, %3};"
               : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
__device__ __forceinline__ void imma_item(const uint4& wa, const uint4& wb, uint32_t sf, int step,
                                          uint32_t act, float (&acc)[4]) {
  const int lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const bool mine = (g >> 1) == t, hi_block = g & 1;
  uint4 x2 = make_uint4(0, 0, 0, 0), xn = x2;
  if (mine) {
    const uint32_t base = act + ((step & 31) * 8 + g) * 32;
    x2 = lds128(base);
    xn = lds128(base + 16);
  }
  const uint32_t p2[4] = {x2.x, x2.y, x2.z, x2.w}, pn[4] = {xn.x, xn.y, xn.z, xn.w};
  const uint32_t ra[4] = {wa.x, wa.y, wa.z, wa.w}, rb[4] = {wb.x, wb.y, wb.z, wb.w};
  int c[4] = {0x4B400000, 0x4B400000, 0x4B400000, 0x4B400000};
#pragma unroll
  for (int half = 0; half < 2; ++half) {  // words 0, 1 of each block: parts 2 half, 2 half + 1
    uint32_t pos[4][2], mag[4][2];        // [row g blk 0, row g8 blk 0, row g blk 1, row g8 blk 1][lo, hi]
    const uint32_t w[4] = {ra[half], rb[half], ra[2 + half], rb[2 + half]};
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const uint32_t m = w[r] & 0x77777777u;
      pos[r][0] = table(w[r]);
      pos[r][1] = table(__umulhi(w[r], 0x10000u));
      mag[r][0] = table(m);
      mag[r][1] = table(__umulhi(m, 0x10000u));
    }
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      const int part = 2 * half + j;
      const uint32_t b2 = p2[part], bn = pn[part];
      imma(c, pos[0][j], pos[1][j], pos[2][j], pos[3][j], hi_block ? 0u : b2, hi_block ? b2 : 0u);
      imma(c, mag[0][j], mag[1][j], mag[2][j], mag[3][j], hi_block ? 0u : bn, hi_block ? bn : 0u);
    }
  }
  uint32_t s01, s23;  // E4M3 scales: bytes 0, 1 = row g blocks 2t, 2t + 1; bytes 2, 3 = row g + 8
  asm("{\n\t.reg .b16 l, h;\n\tmov.b32 {l, h}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, l;\n\t}" : "=r"(s01) : "r"(sf));
  asm("{\n\t.reg .b16 l, h;\n\tmov.b32 {l, h}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, h;\n\t}" : "=r"(s23) : "r"(sf));
  const float2 fa = __half22float2(*reinterpret_cast<const __half2*>(&s01));
  const float2 fb = __half22float2(*reinterpret_cast<const __half2*>(&s23));
  const float s[4] = {fa.x, fa.y, fb.x, fb.y};
#pragma unroll
  for (int i = 0; i < 4; ++i) acc[i] = fmaf(__int_as_float(c[i]) - 12582912.0f, s[i], acc[i]);
}

// One item of the kernel: rows g and g + 8, 16 bytes each, their two scale bytes each in sf.
template <int kWork>
__device__ __forceinline__ uint32_t item_work(const uint4& wa, const uint4& wb, uint32_t sf,
                                              int step, uint32_t act, float (&c)[4]) {
  if (kWork == 0) return fold(wa) ^ fold(wb) ^ sf;
  if (kWork == 1) return alu_work(wa) ^ alu_work(wb) ^ sf;
  if (kWork == 3) {
    imma_item(wa, wb, sf, step, act, c);
    return 0;
  }
  uint32_t sa, sb;  // E4M3 pairs -> f16x2 (the kernel's decode_e4m3x2 on sm_89+)
  asm("{\n\t.reg .b16 l, h;\n\tmov.b32 {l, h}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, l;\n\t}" : "=r"(sa) : "r"(sf));
  asm("{\n\t.reg .b16 l, h;\n\tmov.b32 {l, h}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, h;\n\t}" : "=r"(sb) : "r"(sf));
  const uint32_t a[4] = {wa.x, wa.y, wa.z, wa.w}, b[4] = {wb.x, wb.y, wb.z, wb.w};
  const int t = threadIdx.x & 3;
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    uint32_t ha[4], hb[4];
    decode_e2m1x8(a[q], ha);
    decode_e2m1x8(b[q], hb);
    const uint32_t s0 = __byte_perm(sa, 0, q < 2 ? 0x1010 : 0x3232);
    const uint32_t s1 = __byte_perm(sb, 0, q < 2 ? 0x1010 : 0x3232);
#pragma unroll
    for (int i = 0; i < 4; ++i) { ha[i] = hmul2(ha[i], s0); hb[i] = hmul2(hb[i], s1); }
    const uint4 x = lds128(act + (((step & 31) * 4 + q) * 4 + t) * 16);
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                 "{%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(ha[0]), "r"(hb[0]), "r"(ha[1]), "r"(hb[1]), "r"(x.x), "r"(x.y));
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
                 "{%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
                 : "r"(ha[2]), "r"(hb[2]), "r"(ha[3]), "r"(hb[3]), "r"(x.z), "r"(x.w));
  }
  return 0;
}

// Block 0's SM clock over the kernel (thread 0 reads clock64 and the global timer at its start
// and at its end): whether a pattern runs at a lower clock (power) than another.
__device__ unsigned long long g_span[2];  // SM cycles, ns
struct Span {
  long long c;
  unsigned long long t;
};
__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
__device__ __forceinline__ Span span_begin() { return Span{clock64(), global_ns()}; }

// Every CTA's start and exit (global timer, ns; thread 0 after the CTA's last load has been used):
// how far apart the CTAs finish, i.e. the tail of a static partition against a grid-stride one.
constexpr int kMaxTimedCtas = 8192;
__device__ unsigned long long g_cta_ns[2][kMaxTimedCtas];

__device__ void sink_store(uint32_t acc, uint32_t* sink, const Span& span) {
  for (int o = 16; o > 0; o >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicXor(sink + blockIdx.x, acc);
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    g_span[0] = clock64() - span.c;
    g_span[1] = global_ns() - span.t;
  }
  __syncthreads();
  if (threadIdx.x == 0 && blockIdx.x < kMaxTimedCtas) {
    g_cta_ns[0][blockIdx.x] = span.t;
    g_cta_ns[1][blockIdx.x] = global_ns();
  }
}

__global__ void floor_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const Span span = span_begin();
  const int64_t n16 = bytes / 16, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + 7 * stride < n16; i += 8 * stride) {
    uint4 w[8];
#pragma unroll
    for (int u = 0; u < 8; ++u) ld16(data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < 8; ++u) acc ^= fold(w[u]);
  }
  for (; i < n16; i += stride) {
    uint4 w;
    ld16(data + i * 16, w);
    acc ^= fold(w);
  }
  sink_store(acc, sink, span);
}

// The register window of the item patterns (tile_kernel, pairs_kernel): items i0, i0 + di, ...
// below i1, D of them in flight, each reloaded with the item D steps on once worked.
template <int D, class Index, class Load, class Work>
__device__ __forceinline__ void run_window(Index i0, Index i1, Index di, Load&& load, Work&& work) {
  uint4 buf[D][2];
  uint32_t sfb[D] = {};
#pragma unroll
  for (int d = 0; d < D; ++d)
    if (i0 + d * di < i1) load(buf[d], sfb[d]);
  for (Index i = i0; i < i1; i += D * di) {
#pragma unroll
    for (int d = 0; d < D; ++d) {
      const Index j = i + d * di;
      if (j < i1) {
        work(buf[d], sfb[d], j);
        if (j + D * di < i1) load(buf[d], sfb[d]);
      }
    }
  }
}

// mode 0: contiguous item ranges per warp; mode 1: item i -> warp i % 8. With kWork >= 2 each
// item also loads its rows' 16-bit scale pairs (row-major, row_bytes / 8 per row), like the kernel;
// kSfWord (tiled layouts): one 4-byte word per lane instead, the tile's scales in lane order.
template <int D, int kWork = 0, bool kSf = (kWork >= 2), bool kSfWord = false>
__global__ void __launch_bounds__(256, 2)
    tile_kernel(const uint8_t* a, const uint8_t* sf, int rows, int row_bytes, int mode, uint32_t* sink,
                int pitch = 0) {
  const Span span = span_begin();
  __shared__ uint4 act_smem[kWork >= 2 ? kActPieces : 1];
  const uint32_t act = fill_act<kWork>(act_smem);
  float c[4] = {0.f, 0.f, 0.f, 0.f};
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  // pitch < 0: the tiled layout (each (16-row pair, 64-byte step) tile stored as 1 KB: rows 0-7
  // then rows 8-15, 64 bytes each; its 128 scale bytes likewise), so that each load of a warp
  // reads 512 contiguous bytes; the CTA's rows are then whole pairs. pitch -1: the scales in
  // their own array (the library's tiled format); -2: interleaved, each tile's 128 scale bytes
  // right after its 1 KB (one stream of 1152-byte tiles); -3: the tiles in k-major order (tile
  // (band b, step s) at s * bands + b, scales likewise), so that the CTAs, which walk their bands
  // along k at about the same pace, read one moving front of the matrix together.
  const bool tiled = pitch < 0, inter = pitch == -2, kmajor = pitch == -3;
  int r0, r1;
  cta_rows(rows, tiled, r0, r1);
  const int steps = row_bytes / 64, pairs = (r1 - r0 + 15) / 16, items = pairs * steps;
  int i0, i1, di;
  if (mode == 0) {
    i0 = items * warp / 8; i1 = items * (warp + 1) / 8; di = 1;
  } else {
    i0 = warp; i1 = items; di = 8;
  }
  // The next item to load as (pair, step) and row pointers, advanced without divisions (the
  // kernel's way: a division per load costs more integer work than the decode).
  const int sf_row = row_bytes / 8;
  if (pitch == 0) pitch = row_bytes;  // bytes from one row to the next (> row_bytes: padded rows)
  int lp = i0 / steps, ls = i0 - lp * steps;
  const uint8_t *pa, *pb, *sa, *sb;
  const int bands = rows / 16;
  const int wstep = kmajor ? bands * 1024 : inter ? 1152 : tiled ? 1024 : 64;  // bytes from one step to the next
  const int sstep = kmajor ? bands * 128 : inter ? 1152 : tiled ? 128 : 8;
  auto set_pair = [&](int pair) {
    if (tiled) {
      const int band = r0 / 16 + min(pair, pairs - 1);
      const int64_t tile = kmajor ? band : (int64_t)band * steps;  // its first step, in tiles
      pa = a + (kmajor ? tile * 1024 : tile * wstep) + g * 64 + t * 16;
      pb = pa + 512;
      sa = (inter ? a + tile * 1152 + 1024 : sf + tile * 128) + (kSfWord ? g * 16 + t * 4 : g * 8 + t * 2);  // kmajor: tile = band
      sb = sa + 64;
      return;
    }
    const int ra = min(r0 + pair * 16 + g, r1 - 1), rb = min(r0 + pair * 16 + 8 + g, r1 - 1);
    pa = a + (int64_t)ra * pitch + t * 16;
    pb = a + (int64_t)rb * pitch + t * 16;
    sa = sf + (int64_t)ra * sf_row + t * 2;
    sb = sf + (int64_t)rb * sf_row + t * 2;
  };
  set_pair(lp);
  auto load = [&](uint4 (&w)[2], uint32_t& sfw) {
    ld16(pa + ls * wstep, w[0]);
    ld16(pb + ls * wstep, w[1]);
    if (kSfWord) sfw = ld_sf32(sa + ls * sstep);
    else if (kSf) sfw = ld_sf16(sa + ls * sstep) | ld_sf16(sb + ls * sstep) << 16;
    ls += di;
    if (ls >= steps) {
      ls -= steps;
      set_pair(++lp);
    }
  };
  uint32_t acc = 0;
  run_window<D>(i0, i1, di, load, [&](const uint4 (&w)[2], uint32_t sfw, int j) {
    acc ^= item_work<kWork>(w[0], w[1], sfw, j, act, c);
  });
  acc ^= __float_as_uint(c[0] + c[1] + c[2] + c[3]);
  sink_store(acc, sink, span);
}

// Row pairs in the row-major layout: an item is rows 2p and 2p + 1 x 512 bytes at the same k
// (lane L: 16 bytes at 16 L of each row), so each load of a warp reads 512 contiguous bytes and
// the mma could take the two rows as its A rows g and g + 8 with the 8 B columns carrying the 8
// quads' k spans (the k spans' diagonal trick). Item i = p C + c, C = row_bytes / 512.
// order 0 (global): item i -> the grid's warp i % (8 gridDim), every warp of the GPU sweeping the
// matrix in one front, like the floor (a kernel would need cross-CTA partial sums per row);
// order 1 (cta): the CTA's balanced row-pair range, item i -> warp i % 8;
// order 2 (warp): the CTA's range, contiguous item ranges per warp.
// kR = 2: the kernel's k-span item instead (SpanStream, kSpanRows 2): the same two rows x 512
// bytes per item, but lanes 0-15 read row 0 and lanes 16-31 row 1, 256 bytes of each per load,
// the item's second load 256 bytes further.
template <int D, int kWork = 0, bool kSf = (kWork >= 2), bool kHint = false, int kR = 1>
__global__ void __launch_bounds__(256, 2)
    pairs_kernel(const uint8_t* a, const uint8_t* sf, int rows, int row_bytes, int order, uint32_t* sink) {
  const Span span = span_begin();
  __shared__ uint4 act_smem[kWork >= 2 ? kActPieces : 1];
  const uint32_t act = fill_act<kWork>(act_smem);
  float c4[4] = {0.f, 0.f, 0.f, 0.f};
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int C = row_bytes / 512, pairs = rows / 2, sf_row = row_bytes / 8;
  int64_t i0, i1, di;
  if (order == 0) {
    i0 = (int64_t)blockIdx.x * 8 + warp; i1 = (int64_t)pairs * C; di = (int64_t)gridDim.x * 8;
  } else {
    const int64_t p0 = (int64_t)pairs * blockIdx.x / gridDim.x, p1 = (int64_t)pairs * (blockIdx.x + 1) / gridDim.x;
    const int64_t n = (p1 - p0) * C;
    if (order == 1) { i0 = p0 * C + warp; i1 = p1 * C; di = 8; }
    else { i0 = p0 * C + n * warp / 8; i1 = p0 * C + n * (warp + 1) / 8; di = 1; }
  }
  // The next item to load as (pair, chunk), advanced without divisions.
  const int dp = (int)(di / C), dc = (int)(di % C);
  int64_t lp = i0 / C;
  int lc = (int)(i0 % C);
  // Row and byte offsets of this lane's loads within an item: kR 1, (0, 16 L) then (1, 16 L);
  // kR 2, (L / 16, 16 (L % 16)) then 256 bytes further.
  const int lane_row = kR == 1 ? 0 : lane / 16, lane_col = kR == 1 ? lane : lane % 16;
  const int64_t second = kR == 1 ? row_bytes : 256, second_sf = kR == 1 ? sf_row : 32;
  auto load = [&](uint4 (&w)[2], uint32_t& sfw) {
    const uint8_t* pa = a + (lp * 2 + lane_row) * row_bytes + lc * 512 + lane_col * 16;
    ld16(pa, w[0]);
    ld16(pa + second, w[1]);
    if (kSf) {
      const uint8_t* ps = sf + (lp * 2 + lane_row) * sf_row + lc * 64 + lane_col * 2;
      sfw = ld_sf16<kHint>(ps) | ld_sf16<kHint>(ps + second_sf) << 16;
    }
    lp += dp;
    lc += dc;
    if (lc >= C) { lc -= C; ++lp; }
  };
  uint32_t acc = 0;
  run_window<D>(i0, i1, di, load, [&](const uint4 (&w)[2], uint32_t sfw, int64_t j) {
    acc ^= item_work<kWork>(w[0], w[1], sfw, (int)j, act, c4);
  });
  acc ^= __float_as_uint(c4[0] + c4[1] + c4[2] + c4[3]);
  sink_store(acc, sink, span);
}

// The tiled layout in a dynamic order: each warp takes chunks of C consecutive tiles (C KB) from a
// global counter (reset before every rep), its next chunk asked for while it reads the current
// one, D tiles in flight; g_dyn_tiles counts the tiles read (the host checks: each exactly once).
__device__ unsigned g_dyn_counter;
__device__ unsigned long long g_dyn_tiles;
// kFront > 0: the same chunks in a static order, chunk j W + w to warp w of the grid's W (a front
// moving through the matrix like the counter's, without it): kFront 1 numbers the warps CTA by
// CTA (w = 8 b + warp: 8 consecutive chunks on one SM), 2 warp by warp (w = grid warp + b).
template <int D, int C, int kFront = 0>
__global__ void __launch_bounds__(256, 2)
    dyn_tiled_kernel(const uint8_t* a, int64_t tiles, uint32_t* sink) {
  const Span span = span_begin();
  const int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
  const int64_t W = gridDim.x * 8;
  int64_t next_static = kFront == 1 ? blockIdx.x * 8 + warp : (int64_t)warp * gridDim.x + blockIdx.x;
  const auto grab = [&]() {
    if (kFront) {
      const int64_t c = next_static;
      next_static += W;
      return c * C;
    }
    unsigned c = 0;
    if (lane == 0) c = atomicAdd(&g_dyn_counter, 1u);
    return (int64_t)__shfl_sync(0xffffffffu, c, 0) * C;
  };
  // The cursor: the next tile to load, the end of its chunk, the next chunk's first tile.
  int64_t t = grab(), t_end = min(t + C, tiles), t_next = grab();
  const auto advance = [&]() {
    if (++t == t_end && t_next < tiles) {
      t = t_next;
      t_end = min(t + C, tiles);
      t_next = grab();
    }
  };
  uint4 buf[D][2];
  bool full[D];
  unsigned long long count = 0;
#pragma unroll
  for (int d = 0; d < D; ++d) {
    full[d] = t < t_end;
    if (full[d]) {
      ld16(a + t * 1024 + lane * 16, buf[d][0]);
      ld16(a + t * 1024 + 512 + lane * 16, buf[d][1]);
      advance();
    }
  }
  uint32_t acc = 0;
  while (full[0]) {
#pragma unroll
    for (int d = 0; d < D; ++d) {
      if (full[d]) {
        acc ^= fold(buf[d][0]) ^ fold(buf[d][1]);
        ++count;
        full[d] = t < t_end;
        if (full[d]) {
          ld16(a + t * 1024 + lane * 16, buf[d][0]);
          ld16(a + t * 1024 + 512 + lane * 16, buf[d][1]);
          advance();
        }
      }
    }
  }
  if (lane == 0) atomicAdd(&g_dyn_tiles, count);
  sink_store(acc, sink, span);
}

// Each CTA reads its own contiguous 1/grid of the bytes (the GEMV's partition, without its
// pattern): the CTA's threads sweep the region 16 bytes apart, U loads in flight.
template <int U>
__global__ void floor_blocked_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const Span span = span_begin();
  const int64_t n16 = bytes / 16;
  const int64_t b0 = n16 * blockIdx.x / gridDim.x, b1 = n16 * (blockIdx.x + 1) / gridDim.x;
  int64_t i = b0 + threadIdx.x;
  const int stride = blockDim.x;
  uint32_t acc = 0;
  for (; i + (U - 1) * stride < b1; i += U * stride) {
    uint4 w[U];
#pragma unroll
    for (int u = 0; u < U; ++u) ld16(data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]);
  }
  for (; i < b1; i += stride) {
    uint4 w;
    ld16(data + i * 16, w);
    acc ^= fold(w);
  }
  sink_store(acc, sink, span);
}

// Bulk copies (the TMA's 1-D form) into a ring of S stages shared by the CTA: one producer warp
// copies, per stage, C bytes of each of a 16-row pair's rows (lane j: row j) and the 8 consumer
// warps read the stage the way the mma wants it (16 rows x 64 bytes per k-step, steps split
// over the warps), then free it. The CTA's items are (pair, chunk) pair-major.
// kScales: 0 weights only; 1 also the row-major scales (C / 8 bytes per row and stage, a second
// bulk copy per row into the stage); 2 the consumers load their own scale bytes (16 bits per row
// and k-step) from global memory, kAhead stages ahead, into registers.
// kTiled: the library's tiled layout (16-row x 64-byte tiles of 1 KB, a band's tiles along k
// contiguous, scales likewise): a stage is C / 64 consecutive tiles of one band, one bulk copy
// (and one for its scales), read by the consumers in place (512 contiguous bytes per warp load).
template <int C, int S, int kScales, int kWork = 0, bool kTiled = false>
__global__ void __launch_bounds__(288) bulk_kernel(const uint8_t* a, const uint8_t* sf, int rows,
                                                   int row_bytes, uint32_t* sink) {
  const Span span = span_begin();
  __shared__ uint4 act_smem[kWork >= 2 ? kActPieces : 1];
  const uint32_t act = fill_act<kWork>(act_smem);
  float c[4] = {0.f, 0.f, 0.f, 0.f};
  constexpr int kRowPitch = kTiled ? C : C + 64;  // row-major: 64 bytes of padding, rows g and g + 1 in other banks
  constexpr int kSfPitch = C / 8;
  constexpr int kStageBytes = 16 * kRowPitch + (kScales == 1 ? 16 * kSfPitch : 0);
  constexpr int kAhead = 4;
  extern __shared__ __align__(128) uint8_t smem[];
  uint64_t* full = reinterpret_cast<uint64_t*>(smem);
  uint64_t* empty = full + S;
  uint8_t* ring = smem + 128;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  int r0, r1;
  cta_rows(rows, kTiled, r0, r1);
  const int chunks = row_bytes / C, pairs = (r1 - r0 + 15) / 16, items = pairs * chunks;
  const int sf_row = row_bytes / 8;
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(full + s, 1); mbar_init(empty + s, 8); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  uint32_t acc = 0;
  if (warp == 8) {  // producer
    for (int i = 0; i < items; ++i) {
      const int s = i % S;
      if (i >= S) mbar_wait(empty + s, ((i / S) - 1) & 1);
      const int pair = i / chunks, c = i - pair * chunks;
      const int valid = min(16, r1 - r0 - pair * 16);
      if (lane == 0) mbar_expect_tx(full + s, valid * (C + (kScales == 1 ? kSfPitch : 0)));
      __syncwarp();
      if (kTiled) {  // the stage's tiles, then their scales: one copy each
        if (lane == 0) {
          const int64_t tile = (int64_t)(r0 / 16 + pair) * (row_bytes / 64) + c * (C / 64);
          bulk_copy(ring + s * kStageBytes, a + tile * 1024, 16 * C, full + s);
          if (kScales == 1)
            bulk_copy(ring + s * kStageBytes + 16 * kRowPitch, sf + tile * 128, 16 * kSfPitch, full + s);
        }
      } else if (lane < valid) {
        const int64_t row = r0 + pair * 16 + lane;
        bulk_copy(ring + s * kStageBytes + lane * kRowPitch, a + row * row_bytes + (int64_t)c * C, C,
                  full + s);
        if (kScales == 1)
          bulk_copy(ring + s * kStageBytes + 16 * kRowPitch + lane * kSfPitch,
                    sf + row * sf_row + (int64_t)c * kSfPitch, kSfPitch, full + s);
      }
    }
  } else {
    const int g = lane >> 2, t = lane & 3;
    constexpr int kSteps = C / 64;  // k-steps per stage; warp w takes steps w, w + 8, ...
    constexpr int kMine = (kSteps + 7) / 8;
    uint32_t sfr[kAhead][kMine];
    auto load_sf = [&](int i, uint32_t (&d)[kMine]) {
      const int pair = i / chunks, c = i - pair * chunks;
      const int ra = min(r0 + pair * 16 + g, r1 - 1), rb = min(r0 + pair * 16 + g + 8, r1 - 1);
#pragma unroll
      for (int m = 0; m < kMine; ++m) {
        const int st = warp + 8 * m;
        d[m] = 0;
        if (i < items && st < kSteps) {
          const int off = c * kSfPitch + st * 8 + t * 2;
          d[m] = *reinterpret_cast<const uint16_t*>(sf + (int64_t)ra * sf_row + off) |
                 (uint32_t)*reinterpret_cast<const uint16_t*>(sf + (int64_t)rb * sf_row + off) << 16;
        }
      }
    };
    if (kScales == 2) {
#pragma unroll
      for (int d = 0; d < kAhead; ++d) load_sf(d, sfr[d]);
    }
    for (int i0 = 0; i0 < items; i0 += kAhead) {
#pragma unroll
      for (int d = 0; d < kAhead; ++d) {
        const int i = i0 + d;
        if (i < items) {
          const int s = i % S;
          mbar_wait(full + s, (i / S) & 1);
          const uint32_t base = smem_addr(ring + s * kStageBytes);
#pragma unroll
          for (int m = 0; m < kMine; ++m) {
            const int st = warp + 8 * m;
            if (st < kSteps) {
              const uint32_t ra = kTiled ? st * 1024 + g * 64 : g * kRowPitch + st * 64;
              const uint32_t rb = kTiled ? ra + 512 : (g + 8) * kRowPitch + st * 64;
              const uint4 wa = lds128(base + ra + t * 16);
              const uint4 wb = lds128(base + rb + t * 16);
              uint32_t sfw = 0;
              if (kScales == 1) {
                const uint32_t sb = base + 16 * kRowPitch;
                const uint32_t sa0 = kTiled ? sb + st * 128 + g * 8 + t * 2 : sb + g * kSfPitch + st * 8 + t * 2;
                const uint32_t sb0 = kTiled ? sa0 + 64 : sb + (g + 8) * kSfPitch + st * 8 + t * 2;
                uint32_t x0, x1;
                asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x0) : "r"(sa0));
                asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x1) : "r"(sb0));
                sfw = x0 | (x1 << 16);
              }
              if (kScales == 2) sfw = sfr[d][m];
              acc ^= item_work<kWork>(wa, wb, sfw, i * kSteps + st, act, c);
            }
          }
          __syncwarp();
          if (lane == 0) mbar_arrive(empty + s);
          if (kScales == 2) load_sf(i + kAhead, sfr[d]);
        }
      }
    }
  }
  acc ^= __float_as_uint(c[0] + c[1] + c[2] + c[3]);
  sink_store(acc, sink, span);
}

// Self-check of the +imma item against a host computation: one warp, 16 rows x 128 values of
// random E2M1 codes (all 16), random E4M3 block scales, random E2M1 activation.
__global__ void imma_check_kernel(const uint8_t* a, const uint8_t* sf, const uint4* act_g, float* out) {
  __shared__ uint4 act[16];
  if (threadIdx.x < 16) act[threadIdx.x] = act_g[threadIdx.x];
  __syncwarp();
  const int lane = threadIdx.x, g = lane >> 2, t = lane & 3;
  const uint4 wa = *reinterpret_cast<const uint4*>(a + g * 64 + t * 16);
  const uint4 wb = *reinterpret_cast<const uint4*>(a + (g + 8) * 64 + t * 16);
  const uint32_t sfw = sf[g * 8 + 2 * t] | sf[g * 8 + 2 * t + 1] << 8 | sf[(g + 8) * 8 + 2 * t] << 16 |
                       (uint32_t)sf[(g + 8) * 8 + 2 * t + 1] << 24;
  float acc[4] = {0.f, 0.f, 0.f, 0.f};
  imma_item(wa, wb, sfw, 0, smem_addr(act), acc);
  float ra = acc[0] + acc[1], rb = acc[2] + acc[3];
  for (int o = 1; o < 4; o <<= 1) {
    ra += __shfl_xor_sync(0xffffffffu, ra, o);
    rb += __shfl_xor_sync(0xffffffffu, rb, o);
  }
  if (t == 0) { out[g] = ra / 4; out[g + 8] = rb / 4; }
}

void imma_check() {
  uint8_t ha[16 * 64], hsf[16 * 8];
  int8_t hact[16 * 16];  // per block b: 16 bytes 2x, 16 bytes -x
  int xc[128];
  uint32_t r = 777;
  auto next = [&] { r = r * 1664525u + 1013904223u; return r >> 8; };
  for (auto& b : ha) b = (uint8_t)next();
  for (auto& b : hsf) { do b = (uint8_t)next(); while ((b & 0x7F) == 0x7F); }
  for (int k = 0; k < 128; ++k) xc[k] = next() & 15;
  for (int b = 0; b < 8; ++b)
    for (int i = 0; i < 16; ++i) {
      const int v2 = (int)(2 * e2m1(xc[16 * b + i]));
      hact[b * 32 + i] = (int8_t)(2 * v2);
      hact[b * 32 + 16 + i] = (int8_t)(-v2);
    }
  uint8_t *da, *dsf;
  uint4* dact;
  float* dout;
  CK(cudaMalloc(&da, sizeof ha));
  CK(cudaMalloc(&dsf, sizeof hsf));
  CK(cudaMalloc(&dact, sizeof hact));
  CK(cudaMalloc(&dout, 16 * sizeof(float)));
  CK(cudaMemcpy(da, ha, sizeof ha, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dsf, hsf, sizeof hsf, cudaMemcpyHostToDevice));
  CK(cudaMemcpy(dact, hact, sizeof hact, cudaMemcpyHostToDevice));
  imma_check_kernel<<<1, 32>>>(da, dsf, dact, dout);
  float out[16];
  CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int row = 0; row < 16; ++row) {
    double ref = 0, mag = 0;
    for (int k = 0; k < 128; ++k) {
      const int code = (ha[row * 64 + k / 2] >> (4 * (k & 1))) & 15;
      const double p = (double)e2m1(code) * e2m1(xc[k]) * e4m3(hsf[row * 8 + k / 16]);
      ref += p;
      mag += std::fabs(p);
    }
    worst = std::max(worst, std::fabs(out[row] - ref) / std::max(mag, 1e-30));
  }
  std::printf("imma item self-check: worst |err| / sum|products| = %.2e (%s)\n", worst,
              worst < 1e-6 ? "ok" : "WRONG");
}

int main(int argc, char** argv) {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const size_t flush_bytes = size_t(512) << 20;
  const struct { int rows, row_bytes; const char* name; } shapes[] = {
      {7168, 8192, "7168x16384x1"}, {4096 * 8, 3584, "4096x7168x8"}, {7168 * 4, 1024, "7168x2048x4"},
      {151936, 2048, "151936x4096x1"}};
  size_t max_bytes = 0;
  for (auto& s : shapes) max_bytes = std::max(max_bytes, (size_t)s.rows * s.row_bytes);
  uint8_t *a, *sfa, *flush;
  uint32_t* sink;
  CK(cudaMalloc(&a, 2 * max_bytes));  // room for rows padded to at most twice their bytes
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMalloc(&sfa, max_bytes / 8));
  CK(cudaMemset(sfa, 0x38, max_bytes / 8));
  CK(cudaMalloc(&sink, 1 << 20));
  {
    std::vector<uint8_t> h(max_bytes);
    uint32_t x = 12345;
    for (auto& b : h) { x = x * 1664525u + 1013904223u; b = (uint8_t)(x >> 24) | 1; }
    CK(cudaMemcpy(a, h.data(), max_bytes, cudaMemcpyHostToDevice));
  }
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const int reps = 30;
  std::printf("device %s, %d SMs\n", prop.name, sms);
  imma_check();
  std::printf("%-14s %-18s %8s %8s %8s %6s  %s\n", "shape", "pattern", "med_us", "min_us", "vs_floor",
              "MHz", "last rep: CTA start max, exit min / median / max, us after the first start");
  for (auto& s : shapes) {
    const int64_t bytes = (int64_t)s.rows * s.row_bytes;
    const int grid = 2 * sms;
    float floor_us = 0;
    auto time = [&](const char* pat, auto launch) {
      bool wanted = argc < 2;  // arguments: pattern-name prefixes to run (the first is the baseline)
      for (int i = 1; i < argc; ++i) wanted |= std::strncmp(pat, argv[i], std::strlen(argv[i])) == 0;
      if (!wanted) return;
      int ctas = 0;
      const std::vector<float> v = time_flushed(
          reps, flush, flush_bytes, e0, e1,
          [] {
            const unsigned zero = 0;
            CK(cudaMemcpyToSymbolAsync(g_dyn_counter, &zero, sizeof zero));  // dyn_tiled's work counter
          },
          [&] { ctas = launch(); });
      unsigned long long span[2];
      CK(cudaMemcpyFromSymbol(span, g_span, sizeof span));
      const float med = v[v.size() / 2];
      if (floor_us == 0) floor_us = med;
      static unsigned long long cta_ns[2][kMaxTimedCtas];
      CK(cudaMemcpyFromSymbol(cta_ns, g_cta_ns, sizeof cta_ns));
      const int n = std::min(ctas, kMaxTimedCtas);
      const unsigned long long t0 = *std::min_element(cta_ns[0], cta_ns[0] + n);
      std::vector<double> start(n), exit(n);
      for (int i = 0; i < n; ++i) {
        start[i] = (cta_ns[0][i] - t0) * 1e-3;
        exit[i] = (cta_ns[1][i] - t0) * 1e-3;
      }
      std::sort(start.begin(), start.end());
      std::sort(exit.begin(), exit.end());
      std::printf("%-14s %-18s %8.1f %8.1f %8.2f %6.0f  %.1f, %.1f / %.1f / %.1f\n", s.name, pat, med,
                  v[0], med / floor_us, span[1] ? 1e3 * span[0] / span[1] : 0.0, start[n - 1], exit[0],
                  exit[n / 2], exit[n - 1]);
    };
    time("floor", [&] { floor_kernel<<<4 * sms, 512>>>(a, bytes, sink); return 4 * sms; });
    time("floor1x512", [&] { floor_kernel<<<sms, 512>>>(a, bytes, sink); return sms; });
    time("floor3x256", [&] { floor_kernel<<<3 * sms, 256>>>(a, bytes, sink); return 3 * sms; });
    time("blk3x256/8", [&] { floor_blocked_kernel<8><<<3 * sms, 256>>>(a, bytes, sink); return 3 * sms; });
    time("blk2x256/8", [&] { floor_blocked_kernel<8><<<grid, 256>>>(a, bytes, sink); return grid; });
    time("floor+sf", [&] { floor_kernel<<<4 * sms, 512>>>(a, bytes + bytes / 8, sink); return 4 * sms; });
    time("tile/4", [&] { tile_kernel<4><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink); return grid; });
    time("tile/4+alu", [&] { tile_kernel<4, 1><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink); return grid; });
    time("tile/4+sf+mma", [&] { tile_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink); return grid; });
    time("tile/4+sf+imma", [&] { tile_kernel<4, 3><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink); return grid; });
    time("inter/8", [&] { tile_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink); return grid; });
    time("inter/8+alu", [&] { tile_kernel<8, 1><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink); return grid; });
    time("inter/8+sf+mma", [&] { tile_kernel<8, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink); return grid; });
    time("inter/8+sf+imma", [&] { tile_kernel<8, 3><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink); return grid; });
    // The same tiles stored tile after tile (pitch -1): a warp's loads are 512 contiguous bytes
    // and its item range one contiguous stretch (a prepacked weight layout).
    time("tiled/4", [&] { tile_kernel<4><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiled/2", [&] { tile_kernel<2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiled/8", [&] { tile_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiled/4+sf+mma", [&] { tile_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiled/8+sf+mma", [&] { tile_kernel<8, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tile/4+sf", [&] { tile_kernel<4, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink); return grid; });
    time("tiled/4+sf", [&] { tile_kernel<4, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiled/4+sfw", [&] { tile_kernel<4, 0, true, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiledi/4+sfw", [&] { tile_kernel<4, 0, true, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -2); return grid; });
    time("tiled/4+sfw+imma", [&] { tile_kernel<4, 3, true, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -1); return grid; });
    time("tiledi/4+sfw+imma", [&] { tile_kernel<4, 3, true, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -2); return grid; });
    time("tiledi/4+sf", [&] { tile_kernel<4, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -2); return grid; });
    time("tiledi/4+sf+mma", [&] { tile_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -2); return grid; });
    time("tiledi/8+sf", [&] { tile_kernel<8, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -2); return grid; });
    time("tiledk/4", [&] { tile_kernel<4><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -3); return grid; });
    time("tiledk/8", [&] { tile_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -3); return grid; });
    time("tiledk/4+sf+mma", [&] { tile_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -3); return grid; });
    time("tiledk/4+sf", [&] { tile_kernel<4, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, -3); return grid; });
    time("inter/8 tiled", [&] { tile_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink, -1); return grid; });
    // Row pairs, 512 contiguous bytes per load, in three orders (pairs_kernel).
    const char* orders[3] = {"g", "cta", "warp"};
    for (int o = 0; o < 3; ++o) {
      char name[4][40];
      std::snprintf(name[0], 40, "pairs/4 %s", orders[o]);
      std::snprintf(name[1], 40, "pairs/8 %s", orders[o]);
      std::snprintf(name[2], 40, "pairs/4+sf %s", orders[o]);
      std::snprintf(name[3], 40, "pairs/4+sf+mma %s", orders[o]);
      time(name[0], [&] { pairs_kernel<4><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      time(name[1], [&] { pairs_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      time(name[2], [&] { pairs_kernel<4, 0, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      time(name[3], [&] { pairs_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      std::snprintf(name[0], 40, "pairs/4+sfh %s", orders[o]);
      time(name[0], [&] { pairs_kernel<4, 0, true, true><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      std::snprintf(name[0], 40, "spans2/4 %s", orders[o]);
      std::snprintf(name[1], 40, "spans2/4+sf %s", orders[o]);
      std::snprintf(name[2], 40, "spans2/4+sf+mma %s", orders[o]);
      time(name[0], [&] { pairs_kernel<4, 0, false, false, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      time(name[1], [&] { pairs_kernel<4, 0, true, false, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
      time(name[2], [&] { pairs_kernel<4, 2, true, false, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, o, sink); return grid; });
    }
    // The same tiles in a dynamic order (chunks of C tiles per grab), checked to read each once.
    const int64_t tiles = bytes / 1024;
    auto dyn = [&](const char* name, auto kernel, int ctas_per_sm) {
      const unsigned long long zero = 0;
      CK(cudaMemcpyToSymbol(g_dyn_tiles, &zero, sizeof zero));
      time(name, [&] { kernel<<<ctas_per_sm * sms, 256>>>(a, tiles, sink); return ctas_per_sm * sms; });
      unsigned long long read = 0;
      CK(cudaMemcpyFromSymbol(&read, g_dyn_tiles, sizeof read));
      if (read % tiles != 0) std::printf("  %s read %llu tiles, not a multiple of %lld\n", name, read, (long long)tiles);
    };
    dyn("dyn/4 c8", dyn_tiled_kernel<4, 8>, 2);
    dyn("dyn/4 c32", dyn_tiled_kernel<4, 32>, 2);
    dyn("dyn/8 c32", dyn_tiled_kernel<8, 32>, 2);
    dyn("dyn/4 c32 x3", dyn_tiled_kernel<4, 32>, 3);
    dyn("front/4 c32 cta", dyn_tiled_kernel<4, 32, 1>, 2);
    dyn("front/4 c32 warp", dyn_tiled_kernel<4, 32, 2>, 2);
    dyn("front/4 c128 cta", dyn_tiled_kernel<4, 128, 1>, 2);
    // Rows padded apart (the same bytes per row, pitch = row_bytes + pad): does the power-of-two
    // row stride of the task's matrices (8 KB, 2 KB, 1 KB) put the 16 rows of a tile on the same
    // DRAM channels or banks?
    for (int pad : {64, 256, 512, 1024, 4096}) {
      if ((int64_t)s.rows * (s.row_bytes + pad) > 2 * (int64_t)max_bytes) continue;
      char name[3][40];
      std::snprintf(name[0], 40, "tile/4 pad%d", pad);
      std::snprintf(name[1], 40, "inter/8 pad%d", pad);
      std::snprintf(name[2], 40, "tile/4+mma pad%d", pad);
      time(name[0], [&] { tile_kernel<4><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, s.row_bytes + pad); return grid; });
      time(name[1], [&] { tile_kernel<8><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 1, sink, s.row_bytes + pad); return grid; });
      time(name[2], [&] { tile_kernel<4, 2><<<grid, 256>>>(a, sfa, s.rows, s.row_bytes, 0, sink, s.row_bytes + pad); return grid; });
    }
    auto bulk = [&](const char* name, auto kernel, int C, int S, int ctas, int scales) {
      const int smem = 128 + S * 16 * (C + 64 + (scales == 1 ? C / 8 : 0));
      CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      if (s.row_bytes % C) return;
      time(name, [&] { kernel<<<ctas * sms, 288, smem>>>(a, sfa, s.rows, s.row_bytes, sink); return ctas * sms; });
    };
    bulk("b1K/4x2", bulk_kernel<1024, 4, 0>, 1024, 4, 2, 0);
    bulk("b1K/4x2+sf", bulk_kernel<1024, 4, 1>, 1024, 4, 2, 1);
    bulk("b1K/4x2+sf+alu", bulk_kernel<1024, 4, 1, 1>, 1024, 4, 2, 1);
    bulk("b1K/4x2+sf+mma", bulk_kernel<1024, 4, 1, 2>, 1024, 4, 2, 1);
    bulk("b1K/4x2+sf+imma", bulk_kernel<1024, 4, 1, 3>, 1024, 4, 2, 1);
    bulk("bt1K/4x2", bulk_kernel<1024, 4, 0, 0, true>, 1024, 4, 2, 0);
    bulk("bt1K/4x2+sf", bulk_kernel<1024, 4, 1, 0, true>, 1024, 4, 2, 1);
    bulk("bt1K/4x2+sf+mma", bulk_kernel<1024, 4, 1, 2, true>, 1024, 4, 2, 1);
    bulk("bt1K/3x2+sf+mma", bulk_kernel<1024, 3, 1, 2, true>, 1024, 3, 2, 1);
  }
  return 0;
}
