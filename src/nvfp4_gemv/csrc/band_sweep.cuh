// band_sweep.cuh: band16_kernel, one activation column at L = 1 on the tiled weight format (sm_90):
// x decoded once into shared fp16 slots (W4A16, W4A4, dynamic W4A4 quantized in the prologue), the
// 16-row bands streamed by 8 warps a CTA, K split over a cluster of 1 or 2 CTAs. Torch-free.
#pragma once
#include "gemv_common.cuh"
#include "quantize_block.cuh"
#include "smem_copy.cuh"

namespace nvfp4 {
namespace detail {

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

}  // namespace detail
}  // namespace nvfp4
