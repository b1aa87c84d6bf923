// band_sweep_probe.cu: the W4A16 product with the block scales applied to fp32 sums, not to the
// decoded weights, on the library's tiled weight format (format.py: 16-row x 128-value tiles, a
// tile's 128 scale bytes in lane order), outside the library (BENCHMARKS.md item 266).
//
// Why: the W4A16 row sweep (sweep16_kernel) spends 81-83 SASS per 32 values and row, 16 of them
// HMUL2 applying the block scales to the decoded weights, above the ~64 where item 248's probe saw
// the sweep pattern's pace bend. Its mma takes one row pair from 8 quads that each hold their own
// k pieces, so a diagonal entry sums 4 lanes' blocks and the scales cannot wait for the mma.
// Here every quad holds the same 128 values of its own rows (g and g + 8 of a tile), lane t chunk
// t (blocks 2t, 2t + 1): one 512-byte warp load a tile half, as the tiled format lays them out.
// B's column 2t carries x only in lane t's k slots of block 0 (words 0-1), column 2t + 1 those of
// block 1 (words 2-3), zero elsewhere, so lane (g, t)'s accumulators end a tile as exactly its own
// four block dot products, D[g][2t], D[g][2t + 1], D[g + 8][2t], D[g + 8][2t + 1], which 4 FFMA
// scale into the row sums. Per 32 values and row: the decode (44 SASS), 4 mma, 2 FFMA, the scales'
// conversion (~3) and 2 LDS.128 of x (a zero region stands in for the lanes whose B is zero).
//
// Shape: CTAs of 8 warps (kCtas an SM); bands (16 rows) b, b + G, ... to CTA b of G; warp w takes
// tiles w, w + 8, ... of each band (K / 1024 of them), kDepth tiles in flight, x staged in shared
// memory in the mma's k order ([tile][chunk][word] 16 bytes each, a tile's 256 bytes then 32 zero
// bytes). After a band: the 4 lanes of a quad add their sums (2 SHFL a row), one store a row and
// warp; the epilogue adds each row's 8 warp sums in warp order. K a multiple of 2048 (whole groups
// of 2 tiles a warp; with a cluster of C, 2048 C).
// Grown run by run: kWarpX (each warp stages its own tiles' x, run 433), K split over clusters (run
// 435), bf16 x (kBf16, run 436), 2 CTAs an SM with 2 or 4 tiles in flight (run 439); main() runs
// the last call's list (runs 430-431's form, with the
// tiles stored [k tile][band] and x read once as variants: docs/runs/run434/band_sweep_probe_431.cu).
// Checked against a float64 host reference; timed as the bench does (L2 flushed by a 512 MiB
// write before each rep, CUDA events, median of REPS) beside the stream floor over the same bytes.
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/bsp scripts/band_sweep_probe.cu
//   /tmp/bsp [reps]
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <stdint.h>

#include <cstdio>
#include <cstdlib>

#include "../src/nvfp4_gemv/csrc/e2m1_decode.cuh"  // decode_e2m1x8, pair_k, kDecodeScale (torch-free)
#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"    // cluster_rank, cluster_ctas, cluster_sync, ld_cluster_f32
#include "probe_common.cuh"                          // CK, ProbeBench, SplitMix64, e2m1, e4m3

using nvfp4::detail::decode_e2m1x8;
using nvfp4::detail::pair_k;

constexpr int kWarpsPerCta = 8, kTileBytes = 1024, kTileScaleBytes = 128;
constexpr int kXTilePitch = 256 + 32;  // a tile's x in k order, then 32 zero bytes

__device__ __forceinline__ void mma_16816(float (&c)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                          uint32_t b0, uint32_t b1) {
  asm("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}
__device__ __forceinline__ uint32_t ld32_if(bool p, const uint8_t* a) {
  uint32_t v;
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.b32 %0, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.u32 %0, [%1];\n\t}"
               : "=r"(v) : "l"(a), "r"((int)p));
  return v;
}
__device__ __forceinline__ uint4 lds128(uint32_t addr) {
  uint4 v;
  asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "r"(addr));
  return v;
}
// Two E4M3 bytes (bytes 2h, 2h + 1 of v) as two floats.
template <int h>
__device__ __forceinline__ float2 e4m3x2_f32(uint32_t v) {
  uint32_t d;
  if (h == 0)
    asm("{\n\t.reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, lo;\n\t}" : "=r"(d) : "r"(v));
  else
    asm("{\n\t.reg .b16 lo, hi;\n\tmov.b32 {lo, hi}, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, hi;\n\t}" : "=r"(d) : "r"(v));
  return __half22float2(*reinterpret_cast<__half2*>(&d));
}

// A cluster of C CTAs (a cluster launch; C = 1 without one) takes bands c, c + Gc, ... (c: the
// cluster's index, Gc the clusters), its CTA of rank r the k tiles r KC .. r KC + KC - 1 (KC = k_tiles
// / C; K split so that the bands spread over C times fewer owners); warp w of a CTA takes tiles
// r KC + w + 8 j, j < T = KC / 8. After its bands each CTA adds its warps' sums in warp order into
// [band][row]; with C > 1, after a cluster barrier, each CTA adds a share of the outputs over the C
// CTAs' sums in rank order (distributed shared memory, as the library's tile sweep does).
// kWarpX: each warp stages only its own tiles' x ([warp][its tile j]) and waits for its own lanes
// (__syncwarp), not for the CTA's share of x behind a barrier.
// (Runs 430-431's variants, the tiles stored [k tile][band] and x read once: band_sweep_probe_431.cu
// under docs/runs/run434.)
template <int kDepth, int kCtas, bool kWarpX = false, bool kBf16 = false>
__global__ void __launch_bounds__(32 * kWarpsPerCta, kCtas)
    band_sweep_kernel(const uint8_t* tiles, const uint8_t* tile_scales, const uint16_t* x, int bands, int k_tiles,
                      float* out) {
  extern __shared__ __align__(16) uint8_t smem[];
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const int C = (int)nvfp4::detail::cluster_ctas(), rank = (int)nvfp4::detail::cluster_rank();
  const int cid = (int)blockIdx.x / C, Gc = (int)gridDim.x / C;  // this cluster, the clusters
  const int KC = k_tiles / C, kt0 = rank * KC, T = KC / kWarpsPerCta;  // k tiles: the CTA's, a warp's a band
  const int nb = bands > cid ? (bands - cid + Gc - 1) / Gc : 0;  // the cluster's bands
  float* red = reinterpret_cast<float*>(smem + KC * kXTilePitch);  // [band][warp][16 rows]
  float* part = red + nb * kWarpsPerCta * 16;                       // [band][16 rows]: the CTA's sums

  // The loads: tile kt0 + warp + 8 j of band cid + i Gc, kDepth tiles in flight (T % kDepth == 0:
  // a band's last group of loads asks for the next band's first tiles, one pointer jump a band).
  constexpr int kStep = kWarpsPerCta * kTileBytes, kScaleStep = kStep / 8;
  const int64_t first = (int64_t)cid * k_tiles + kt0 + warp;
  const uint8_t* la = tiles + first * kTileBytes + 16 * lane;
  const uint8_t* ls = tile_scales + first * kTileScaleBytes + 4 * lane;
  const int64_t band_jump = (int64_t)Gc * k_tiles - kWarpsPerCta * T;  // tiles, after a band's T
  uint4 wa[kDepth], wb[kDepth];
  uint32_t sc[kDepth];
#pragma unroll
  for (int d = 0; d < kDepth; ++d) {
    wa[d] = wb[d] = make_uint4(0, 0, 0, 0);
    ld16_if(nb > 0, la + d * kStep, wa[d]);
    ld16_if(nb > 0, la + d * kStep + 512, wb[d]);
    sc[d] = ld32_if(nb > 0, ls + d * kScaleStep);
  }
  la += kDepth * kStep;
  ls += kDepth * kScaleStep;

  // x in shared memory in the mma's k order: word w of chunk c of tile kt (values 128 kt + 32 c +
  // 8 w ..) as 4 half2, half2 i = values pair_k(i, 0), pair_k(i, 1); then each tile's 32 zero bytes.
  // Slot s holds the CTA's tile kt0 + s, or with kWarpX slot warp T + j the warp's tile j.
  // kBf16 (kWarpX only): the warp's words first as they are, their largest magnitude over the warp
  // (one REDUX), then each word times 2^e in fp16 (e: the library's column_exponent rule, max 2^e <
  // 2^15), the warp's sums times 2^-e after each band (exact: powers of two in fp32).
  static_assert(!kBf16 || kWarpX, "bf16 x: each warp converts its own tiles' x");
  const int x_first = kWarpX ? lane : (int)threadIdx.x, x_step = kWarpX ? 32 : (int)blockDim.x;
  const int x_words = (kWarpX ? T : KC) * 16;
  const auto x_slot = [&](int q) { return smem + ((kWarpX ? warp * T : 0) + (q >> 4)) * kXTilePitch + (q & 15) * 16; };
  const auto pair_k_order = [](uint4 v) {  // 8 fp16 (k order) -> pair_k order
    static_assert(pair_k(0, 0) == 0 && pair_k(0, 1) == 2 && pair_k(1, 0) == 4 && pair_k(2, 0) == 1, "k order");
    return make_uint4(__byte_perm(v.x, v.y, 0x5410),   // values 0, 2
                      __byte_perm(v.z, v.w, 0x5410),   // 4, 6
                      __byte_perm(v.x, v.y, 0x7632),   // 1, 3
                      __byte_perm(v.z, v.w, 0x7632));  // 5, 7
  };
  unsigned x_max = 0;  // bf16: the largest |x| of the lane's words, as 15 bits that order like the values
#pragma unroll 4
  for (int q = x_first; q < x_words; q += x_step) {
    const int tile = kt0 + (kWarpX ? warp + kWarpsPerCta * (q >> 4) : q >> 4);
    const uint4 v = reinterpret_cast<const uint4*>(x)[tile * 16 + (q & 15)];  // 8 values
    if (kBf16) {
      x_max = max(x_max, max(max(__vmaxu2(v.x & 0x7FFF7FFFu, v.y & 0x7FFF7FFFu), __vmaxu2(v.z & 0x7FFF7FFFu, v.w & 0x7FFF7FFFu)) >> 16,
                             max(__vmaxu2(v.x & 0x7FFF7FFFu, v.y & 0x7FFF7FFFu), __vmaxu2(v.z & 0x7FFF7FFFu, v.w & 0x7FFF7FFFu)) & 0xFFFFu));
      *reinterpret_cast<uint4*>(x_slot(q)) = v;
    } else {
      *reinterpret_cast<uint4*>(x_slot(q)) = pair_k_order(v);
    }
  }
  float unscale = 1.f;  // bf16: 2^-e
  if (kBf16) {
    const unsigned bits = __reduce_max_sync(0xffffffffu, x_max) << 16;  // fp32 bits of the warp's max |x|
    int e = 0;
    if (bits != 0 && bits < 0x7F800000u) {
      int ex;
      frexpf(__uint_as_float(bits), &ex);  // max < 2^ex
      e = min(15 - ex, 127);
    }
    unscale = ldexpf(1.f, -e);
    const __nv_bfloat162 s2 = __bfloat162bfloat162(__float2bfloat16_rn(__int_as_float((127 + e) << 23)));
    __syncwarp();
#pragma unroll 4
    for (int q = x_first; q < x_words; q += x_step) {
      uint4 v = *reinterpret_cast<const uint4*>(x_slot(q));
      uint32_t* w = &v.x;
#pragma unroll
      for (int i = 0; i < 4; ++i) {  // x 2^e in bf16 (exact unless under bf16's normal range), then fp16
        const float2 f = __bfloat1622float2(__hmul2(*reinterpret_cast<const __nv_bfloat162*>(&w[i]), s2));
        const __half2 h = __floats2half2_rn(f.x, f.y);
        w[i] = *reinterpret_cast<const uint32_t*>(&h);
      }
      *reinterpret_cast<uint4*>(x_slot(q)) = pair_k_order(v);
    }
  }
  for (int q = x_first; q < x_words / 8; q += x_step)
    *reinterpret_cast<uint4*>(smem + ((kWarpX ? warp * T : 0) + (q >> 1)) * kXTilePitch + 256 + (q & 1) * 16) =
        make_uint4(0, 0, 0, 0);
  if (kWarpX)
    __syncwarp();
  else
    __syncthreads();

  // This lane's B: words 0-1 of chunk t where g == 2 t (block 0), words 2-3 where g == 2 t + 1
  // (block 1), the tile's zero bytes otherwise.
  const uint32_t x_base = (uint32_t)__cvta_generic_to_shared(smem) + (kWarpX ? warp * T : warp) * kXTilePitch;
  const uint32_t x_lo0 = x_base + (g == 2 * t ? 64 * t : 256), x_hi0 = x_base + (g == 2 * t + 1 ? 64 * t + 32 : 256);
  constexpr int kXStep = (kWarpX ? 1 : kWarpsPerCta) * kXTilePitch;  // from one of the warp's tiles to the next
  // Tile d of a group: its dot products, scaled into acc0 / acc1 (rows g, g + 8).
  float acc0 = 0.f, acc1 = 0.f;
  const auto tile = [&](int d, uint32_t x_lo, uint32_t x_hi) {
    float c[4] = {0.f, 0.f, 0.f, 0.f};
    const uint32_t wa4[4] = {wa[d].x, wa[d].y, wa[d].z, wa[d].w};
    const uint32_t wb4[4] = {wb[d].x, wb[d].y, wb[d].z, wb[d].w};
#pragma unroll
    for (int w = 0; w < 4; ++w) {
      const uint4 b = lds128((w < 2 ? x_lo : x_hi) + d * kXStep + 16 * (w & 1));
      uint32_t ha[4], hb[4];
      decode_e2m1x8(wa4[w], ha);
      decode_e2m1x8(wb4[w], hb);
      mma_16816(c, ha[0], hb[0], ha[1], hb[1], b.x, b.y);
      mma_16816(c, ha[2], hb[2], ha[3], hb[3], b.z, b.w);
    }
    const float2 sg = e4m3x2_f32<0>(sc[d]), sg8 = e4m3x2_f32<1>(sc[d]);
    acc0 = fmaf(c[1], sg.y, fmaf(c[0], sg.x, acc0));
    acc1 = fmaf(c[3], sg8.y, fmaf(c[2], sg8.x, acc1));
  };
  for (int band = 0; band < nb; ++band) {
    uint32_t x_lo = x_lo0, x_hi = x_hi0;
    for (int j = 0; j < T - kDepth; j += kDepth) {  // the next group in this band
#pragma unroll
      for (int d = 0; d < kDepth; ++d) {
        tile(d, x_lo, x_hi);
        ld16_if(true, la + d * kStep, wa[d]);
        ld16_if(true, la + d * kStep + 512, wb[d]);
        sc[d] = ld32_if(true, ls + d * kScaleStep);
      }
      la += kDepth * kStep;
      ls += kDepth * kScaleStep;
      x_lo += kDepth * kXStep;
      x_hi += kDepth * kXStep;
    }
    la += band_jump * kTileBytes;  // the next band's first group
    ls += band_jump * kTileScaleBytes;
    const bool more = band + 1 < nb;
#pragma unroll
    for (int d = 0; d < kDepth; ++d) {
      tile(d, x_lo, x_hi);
      ld16_if(more, la + d * kStep, wa[d]);
      ld16_if(more, la + d * kStep + 512, wb[d]);
      sc[d] = ld32_if(more, ls + d * kScaleStep);
    }
    la += kDepth * kStep;
    ls += kDepth * kScaleStep;
    // The band's sums of this warp: the quad's 4 lanes added (fixed order), one store a row.
    acc0 += __shfl_xor_sync(0xffffffffu, acc0, 1);
    acc1 += __shfl_xor_sync(0xffffffffu, acc1, 1);
    acc0 += __shfl_xor_sync(0xffffffffu, acc0, 2);
    acc1 += __shfl_xor_sync(0xffffffffu, acc1, 2);
    if (t < 2) red[(band * kWarpsPerCta + warp) * 16 + g + 8 * t] = (t ? acc1 : acc0) * unscale;
    acc0 = acc1 = 0.f;
  }
  __syncthreads();
  const auto store = [&](int o, float v) { out[(cid + (o >> 4) * Gc) * 16 + (o & 15)] = v * (1.f / nvfp4::detail::kDecodeScale); };
  for (int o = threadIdx.x; o < nb * 16; o += blockDim.x) {
    const int b = o >> 4, row = o & 15;
    float v = 0.f;
#pragma unroll
    for (int w = 0; w < kWarpsPerCta; ++w) v += red[(b * kWarpsPerCta + w) * 16 + row];
    if (C == 1)
      store(o, v);
    else
      part[o] = v;
  }
  if (C > 1) {
    nvfp4::detail::cluster_sync();  // every CTA's sums written
    for (int o = rank * (int)blockDim.x + threadIdx.x; o < nb * 16; o += C * (int)blockDim.x) {
      const uint32_t addr = (uint32_t)__cvta_generic_to_shared(part + o);
      float v = 0.f;
      for (int r = 0; r < C; ++r) v += nvfp4::detail::ld_cluster_f32(addr, r);
      store(o, v);
    }
    nvfp4::detail::cluster_sync();  // each CTA's shared memory stays until the others have read it
  }
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  ProbeBench pb(reps);
  // Each shape with the cluster sizes C that split its k tiles into whole groups of 2 tiles a warp.
  struct Shape { int rows, K; std::vector<int> clusters; };
  const Shape shapes[] = {{7168, 16384, {2}}, {8192, 28672, {2}}, {4096, 14336, {1}},
                          {14336, 4096, {2}}, {6336, 16384, {1}}, {151936, 4096, {1}}};
  size_t max_w = 0;
  int max_k = 0, max_rows = 0;
  for (auto& s : shapes) {
    max_w = std::max(max_w, (size_t)s.rows * s.K / 2);
    max_k = std::max(max_k, s.K);
    max_rows = std::max(max_rows, s.rows);
  }
  uint8_t *tiles, *tsc;
  uint16_t *x16, *xb16;  // fp16 and bf16 activations
  float* out;
  CK(cudaMalloc(&tiles, max_w * 9 / 8));  // the floor reads a shape's weight and scale bytes from here
  CK(cudaMalloc(&tsc, max_w / 8));
  CK(cudaMalloc(&x16, max_k * 2));
  CK(cudaMalloc(&xb16, max_k * 2));
  CK(cudaMalloc(&out, max_rows * 4));
  std::vector<uint8_t> h_tiles(max_w), h_tsc(max_w / 8);
  std::vector<__half> h_x(max_k);
  std::vector<__nv_bfloat16> h_xb(max_k);
  std::vector<float> xf(max_k), xbf(max_k);
  {
    SplitMix64 rng{20261204};
    for (auto& b : h_tiles) b = (uint8_t)rng();  // all 16 codes, both signs
    for (auto& b : h_tsc) b = (uint8_t)(rng() % 0x7E + 1);  // every finite positive E4M3 but 0 and NaN
    for (int k = 0; k < max_k; ++k) {
      const float v = ((int)(rng() % 2001) - 1000) / 64.f;  // -15.6 .. 15.6, exact in fp16
      h_x[k] = __float2half(v);
      xf[k] = __half2float(h_x[k]);
      h_xb[k] = __float2bfloat16(std::ldexp(v, (int)(rng() % 41) - 20));  // 2^-26 .. 2^24: per-warp exponents
      xbf[k] = __bfloat162float(h_xb[k]);
    }
    CK(cudaMemcpy(tiles, h_tiles.data(), max_w, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(tsc, h_tsc.data(), max_w / 8, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(x16, h_x.data(), max_k * 2, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(xb16, h_xb.data(), max_k * 2, cudaMemcpyHostToDevice));
  }
  std::printf("W4A16 (fp16 x; bf16 x over 2^-26..2^24) on the tiled format, block scales on fp32 sums, 3 CTAs of 8 warps an SM, "
              "2 tiles in flight a warp; L2 flushed by a 512 MiB write before each rep, median of %d (p10)\n", reps);
  std::vector<float> got(max_rows);
  for (auto& s : shapes) {
    const int bands = s.rows / 16, k_tiles = s.K / 128;
    const int64_t bytes = (int64_t)s.rows * s.K / 2 * 9 / 8;
    const float floor_us = pb.floor_us(tiles, bytes);
    std::printf("%dx%d: %d bands, floor %.1f us over %.1f MB\n", s.rows, s.K, bands, floor_us, bytes / 1e6);
    // The float64 reference of a row from the tiled bytes.
    auto ref_row = [&](int m, const std::vector<float>& xv, double& mag) {
      const int b = m / 16, r = m % 16;
      double sum = 0;
      mag = 0;
      for (int k = 0; k < s.K; ++k) {
        const int kt = k / 128, kk = k % 128;
        const size_t tile = (size_t)b * k_tiles + kt;
        const uint8_t byte = h_tiles[tile * 1024 + r * 64 + kk / 2];
        const int code = kk & 1 ? byte >> 4 : byte & 15;
        const int lane = 4 * (r % 8) + kk / 32, idx = 2 * (r / 8) + (kk % 32) / 16;
        const double v = e2m1(code) * e4m3(h_tsc[tile * 128 + lane * 4 + idx]) * xv[k];
        sum += v;
        mag += std::fabs(v);
      }
      return sum;
    };
    // kernel: band_sweep_kernel<depth, ctas, ...> (ctas an SM, depth tiles in flight a warp).
    auto run = [&](const char* name, auto kernel, int C, bool bf16, int ctas = 3, int depth = 2) {
      const uint16_t* x = bf16 ? xb16 : x16;
      const int KC = k_tiles / C;
      if (k_tiles % C || KC % (depth * kWarpsPerCta)) return;  // whole groups of depth tiles a warp
      cudaLaunchConfig_t cfg = {};
      cudaLaunchAttribute attr;
      attr.id = cudaLaunchAttributeClusterDimension;
      attr.val.clusterDim.x = C;
      attr.val.clusterDim.y = attr.val.clusterDim.z = 1;
      cfg.blockDim = dim3(32 * kWarpsPerCta);
      cfg.attrs = &attr;
      cfg.numAttrs = C > 1 ? 1 : 0;
      // The most clusters resident at once (a cluster's CTAs share a GPC), the smem for their bands.
      int clusters = ctas * pb.sms / C, smem = 0;
      for (int it = 0; it < 2; ++it) {
        const int nb_max = (bands + clusters - 1) / clusters;
        smem = KC * kXTilePitch + nb_max * (kWarpsPerCta + 1) * 16 * 4;
        CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        if (C > 1) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 0));
        cfg.gridDim = dim3(clusters * C);
        cfg.dynamicSmemBytes = smem;
        int fit = clusters;
        if (C > 1) CK(cudaOccupancyMaxActiveClusters(&fit, kernel, &cfg));
        clusters = std::min(std::min(fit, ctas * pb.sms / C), bands);
      }
      cfg.gridDim = dim3(clusters * C);
      const auto launch = [&] { CK(cudaLaunchKernelEx(&cfg, kernel, tiles, tsc, x, bands, k_tiles, out)); };
      CK(cudaMemset(out, 0xFF, s.rows * 4));  // poisoned: NaN
      launch();
      CK(cudaDeviceSynchronize());
      CK(cudaMemcpy(got.data(), out, s.rows * 4, cudaMemcpyDeviceToHost));
      bool all_written = true;
      for (int m = 0; m < s.rows; ++m) all_written &= std::isfinite(got[m]);
      double worst = 0;
      for (int m = 0; m < s.rows; m += 16 * 7 + 3) {
        double mag;
        const double want = ref_row(m, bf16 ? xbf : xf, mag);
        worst = std::max(worst, std::fabs(got[m] - want) / (mag > 0 ? mag : 1));
      }
      const auto tm = pb.time(launch);
      std::printf("  %-18s C %d, %d CTAs an SM, %d tiles in flight, grid %4d, %2d bands a cluster at most: %6.1f us (p10 %5.1f)  %5.3fx the floor; "
                  "worst error / sum|terms| %.1e%s %s\n", name, C, ctas, depth, clusters * C, (bands + clusters - 1) / clusters,
                  tm.first, tm.second, tm.first / floor_us, worst, all_written ? "" : ", outputs unwritten",
                  worst < 1e-6 && all_written ? "ok" : "FAIL");
    };
    if (s.K % 1024) continue;
    for (int pass = 0; pass < 2; ++pass)
      for (int C : s.clusters) {
        run("fp16", band_sweep_kernel<2, 3, true>, C, false);
        run("fp16", band_sweep_kernel<2, 2, true>, C, false, 2, 2);
        run("fp16", band_sweep_kernel<4, 2, true>, C, false, 2, 4);
        run("bf16", band_sweep_kernel<2, 3, true, true>, C, true);
        run("bf16", band_sweep_kernel<4, 2, true, true>, C, true, 2, 4);
      }
  }
  return 0;
}
