// regact_probe.cu: a standalone W4A4 GEMV (one FP4 column, row-major weights and scales, the
// task's layout) whose activation lives in registers, not shared memory: no staging, no barrier
// before the first weight load. Checked against a float64 host reference and timed against the
// stream floor, the bench's way (512 MiB memset before each rep, CUDA events, median of 30).
//
// Why: the library's row-major kernels stage all of a CTA's K in shared memory before their first
// weight load (2-4 us with no weight bytes in flight, BENCHMARKS.md items 39, 56, 64), and read
// the staged values back for every row. Here each thread owns fixed 32-value pieces of K (piece u
// * group_threads + q of every row: a group's 16-byte loads read contiguous bytes) and keeps those
// pieces of the activation in registers, decoded once (int8 2 E2M1, as the integer item stages
// them); a group of warps streams whole rows, the CTA's groups interleaved row by row, so a CTA
// sweeps its contiguous rows like the floor's blocks. Each warp adds its lanes' row sums by
// shuffles and writes one float per row to shared memory; the CTA adds its warps' in order.
//
// Build and run: nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/rp scripts/regact_probe.cu && /tmp/rp
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../src/nvfp4_gemv/csrc/e2m1_decode.cuh"
#include "probe_common.cuh"  // CK, time_flushed

using namespace nvfp4::detail;

struct Problem {
  int M, K, L;
  const uint8_t *a, *sfa, *x, *sfx;  // [L, M, K/2], [L, M, K/16], [L, K/2], [L, K/16], contiguous
  __half* out;                       // [L, M]
};

__device__ __forceinline__ void ld_stream_if(bool p, const uint8_t* a, uint32_t (&w)[4]) {
  asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %5, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];\n\t}"
               : "+r"(w[0]), "+r"(w[1]), "+r"(w[2]), "+r"(w[3]) : "l"(a), "r"((int)p));
}
__device__ __forceinline__ uint32_t ld_u16_if(bool p, const uint8_t* sf) {
  uint32_t v;
  asm volatile("{\n\t.reg .pred q;\n\t.reg .u16 h;\n\tsetp.ne.b32 q, %2, 0;\n\tmov.u16 h, 0;\n\t"
               "@q ld.global.nc.L1::no_allocate.u16 h, [%1];\n\tcvt.u32.u16 %0, h;\n\t}"
               : "=r"(v) : "l"(sf), "r"((int)p));
  return v;
}
// Two E4M3 bytes (the low 16 bits) -> half2 times mul (sm_89+: cvt from e4m3x2).
__device__ __forceinline__ __half2 e4m3x2(uint32_t bytes, float mul) {
  uint32_t h;
  asm("{\n\t.reg .b16 t;\n\tcvt.u16.u32 t, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, t;\n\t}" : "=r"(h) : "r"(bytes));
  __half2 v = *reinterpret_cast<__half2*>(&h);
  return mul == 1.0f ? v : __hmul2(v, __float2half2_rn(mul));
}

// One piece of the activation (32 values: blocks 2j, 2j + 1), as the integer item stages it:
// int8 2 E2M1 in k order, each block's dp4a start kIntMagic - kU8Bias * sum, SFB * 2^-6.
struct ActPiece {
  uint32_t v[8];
  int c[2];
  __half2 sf;
};

__device__ __forceinline__ ActPiece load_act_piece(bool ok, const uint8_t* x, const uint8_t* sfx) {
  uint32_t w[4] = {0, 0, 0, 0};
  if (ok) {
    const uint4 t = *reinterpret_cast<const uint4*>(x);
    w[0] = t.x, w[1] = t.y, w[2] = t.z, w[3] = t.w;
  }
  const uint32_t sc = ok ? *reinterpret_cast<const uint16_t*>(sfx) : 0u;
  ActPiece r;
#pragma unroll
  for (int b = 0; b < 2; ++b) {
    unsigned biased = 0;
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      uint32_t lo, hi;
      decode_e2m1x8_u8(w[2 * b + i], lo, hi);
      biased = __dp4a(lo, 0x01010101u, biased);
      biased = __dp4a(hi, 0x01010101u, biased);
      r.v[4 * b + 2 * i] = __vsub4(lo, kU8Bias * 0x01010101u);
      r.v[4 * b + 2 * i + 1] = __vsub4(hi, kU8Bias * 0x01010101u);
    }
    r.c[b] = (int)kIntMagic - kU8Bias * ((int)biased - 16 * kU8Bias);
  }
  r.sf = e4m3x2(sc, 1.0f / 64);
  return r;
}

// A thread's sum over one piece of one row: 2^kIntAccLog2 times the true one.
__device__ __forceinline__ float piece_dot(const uint32_t (&w)[4], uint32_t sfa, const ActPiece& x,
                                           float acc) {
  int c[2] = {x.c[0], x.c[1]};
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    uint32_t lo, hi;
    decode_e2m1x8_u8(w[q], lo, hi);
    c[q >> 1] = dp4a_us(lo, x.v[2 * q], c[q >> 1]);
    c[q >> 1] = dp4a_us(hi, x.v[2 * q + 1], c[q >> 1]);
  }
  const float2 sc = __half22float2(__hmul2(e4m3x2(sfa, 1.0f), x.sf));
  acc = fmaf(__int_as_float(c[0]) - kIntMagicValue, sc.x, acc);
  return fmaf(__int_as_float(c[1]) - kIntMagicValue, sc.y, acc);
}

// kPieces pieces per thread and row, groups of kGroupWarps warps per row (8 / kGroupWarps groups,
// so a CTA has 5 to 8 warps), kDepth rows in flight.
template <int kPieces, int kGroupWarps, int kDepth, int kMinBlocks>
__global__ void __launch_bounds__(32 * kGroupWarps * (8 / kGroupWarps), kMinBlocks)
    regact_kernel(Problem p) {
  constexpr int kGroupThreads = 32 * kGroupWarps, kGroups = 8 / kGroupWarps;
  constexpr int kCtaThreads = kGroupThreads * kGroups;
  extern __shared__ float red[];  // [CTA row][warp of its group]
  const int64_t rows = (int64_t)p.L * p.M;
  const int r0 = (int)(rows * blockIdx.x / gridDim.x), r1 = (int)(rows * (blockIdx.x + 1) / gridDim.x);
  const int g = threadIdx.x / kGroupThreads, q = threadIdx.x % kGroupThreads;
  const int gw = q / 32, lane = threadIdx.x % 32;
  const int pieces = p.K / 32;
  const int64_t row_bytes = p.K / 2, sf_row_bytes = p.K / 16;
  bool ok[kPieces];
#pragma unroll
  for (int u = 0; u < kPieces; ++u) ok[u] = u * kGroupThreads + q < pieces;
  for (int rs = r0; rs < r1;) {
    const int l = rs / p.M, re = min(r1, (l + 1) * p.M);
    const int first = rs + g, n = first < re ? (re - first + kGroups - 1) / kGroups : 0;
    const uint8_t* a = p.a + (int64_t)first * row_bytes + 16 * q;
    const uint8_t* sfa = p.sfa + (int64_t)first * sf_row_bytes + 2 * q;
    const int64_t a_step = kGroups * row_bytes, sf_step = kGroups * sf_row_bytes;
    uint32_t w[kDepth][kPieces][4];
    uint32_t s[kDepth][kPieces];
#pragma unroll
    for (int d = 0; d < kDepth; ++d)
#pragma unroll
      for (int u = 0; u < kPieces; ++u) {
        w[d][u][0] = w[d][u][1] = w[d][u][2] = w[d][u][3] = 0;
        ld_stream_if(ok[u] && d < n, a + d * a_step + u * kGroupThreads * 16, w[d][u]);
        s[d][u] = ld_u16_if(ok[u] && d < n, sfa + d * sf_step + u * kGroupThreads * 2);
      }
    ActPiece x[kPieces];
#pragma unroll
    for (int u = 0; u < kPieces; ++u) {
      const int piece = u * kGroupThreads + q;
      x[u] = load_act_piece(ok[u], p.x + (int64_t)l * row_bytes + 16 * piece,
                            p.sfx + (int64_t)l * sf_row_bytes + 2 * piece);
    }
    for (int i = 0; i < n; i += kDepth) {
#pragma unroll
      for (int d = 0; d < kDepth; ++d) {
        if (i + d >= n) break;
        float acc = 0.f;
#pragma unroll
        for (int u = 0; u < kPieces; ++u) acc = piece_dot(w[d][u], s[d][u], x[u], acc);
        const int next = i + d + kDepth;
        const int64_t off = (int64_t)next * a_step, sf_off = (int64_t)next * sf_step;
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          ld_stream_if(ok[u] && next < n, a + off + u * kGroupThreads * 16, w[d][u]);
          s[d][u] = ld_u16_if(ok[u] && next < n, sfa + sf_off + u * kGroupThreads * 2);
        }
#pragma unroll
        for (int o = 16; o > 0; o >>= 1) acc += __shfl_xor_sync(0xffffffffu, acc, o);
        if (lane == 0) red[(first + (i + d) * kGroups - r0) * kGroupWarps + gw] = acc;
      }
    }
    rs = re;
  }
  __syncthreads();
  for (int r = threadIdx.x; r < r1 - r0; r += kCtaThreads) {
    float sum = 0.f;
#pragma unroll
    for (int v = 0; v < kGroupWarps; ++v) sum += red[r * kGroupWarps + v];
    p.out[r0 + r] = __float2half_rn(sum * 16.0f);
  }
}

// ----------------------------------------------------------------------------------------------
// Host side.

using Launch = void (*)(const Problem&, int grid, int smem);
template <int kPieces, int kGroupWarps, int kDepth, int kMinBlocks>
void launch(const Problem& p, int grid, int smem) {
  regact_kernel<kPieces, kGroupWarps, kDepth, kMinBlocks>
      <<<grid, 32 * kGroupWarps * (8 / kGroupWarps), smem>>>(p);
}
template <int kPieces, int kGroupWarps, int kDepth, int kMinBlocks>
Launch pick() {
  return launch<kPieces, kGroupWarps, kDepth, kMinBlocks>;
}

struct Variant {
  const char* name;
  int pieces, depth, per_sm;
};

static Launch lookup(int pieces, int gw, int depth, int per_sm) {
#define V(P, G, D, B) \
  if (pieces == P && gw == G && depth == D && per_sm == B) return pick<P, G, D, B>();
#define VG(P, D, B) \
  V(P, 1, D, B) V(P, 2, D, B) V(P, 3, D, B) V(P, 4, D, B) V(P, 5, D, B) V(P, 6, D, B) V(P, 7, D, B) V(P, 8, D, B)
  VG(1, 8, 2) VG(1, 8, 3) VG(2, 2, 2) VG(2, 4, 2) VG(2, 2, 3) VG(4, 2, 2)
#undef VG
#undef V
  return nullptr;
}

int main(int argc, char** argv) {
  ProbeBench bench(argc > 1 ? std::atoi(argv[1]) : 30);
  const int sms = bench.sms;
  const struct { int M, K, L; } shapes[] = {{7168, 16384, 1}, {4096, 7168, 8}, {7168, 2048, 4},
                                           {4096, 4096, 1},   {14336, 4096, 1}, {4096, 14336, 1},
                                           {2048, 7168, 1},   {151936, 4096, 1}};
  const Variant variants[] = {{"p2 d4 2/SM", 2, 4, 2}, {"p2 d2 2/SM", 2, 2, 2}, {"p2 d2 3/SM", 2, 2, 3},
                              {"p1 d8 2/SM", 1, 8, 2}, {"p1 d8 3/SM", 1, 8, 3}, {"p4 d2 2/SM", 4, 2, 2}};
  const int max_shapes = argc > 2 ? std::atoi(argv[2]) : 1 << 30;  // the first this many shapes
  int shape_index = 0;
  for (auto& sh : shapes) {
    if (shape_index++ >= max_shapes) break;
    const int M = sh.M, K = sh.K, L = sh.L;
    const size_t a_bytes = (size_t)L * M * K / 2, sf_bytes = a_bytes / 8;
    std::vector<uint8_t> ha(a_bytes), hsfa(sf_bytes), hx((size_t)L * K / 2), hsfx((size_t)L * K / 16);
    SplitMix64 rnd{12345u + (uint64_t)M + K + L};
    for (auto& b : ha) b = (uint8_t)rnd();
    for (auto& b : hx) b = (uint8_t)rnd();
    // Scales: E4M3 from 2^-9 to 30 (weights, some negative) and to 0.94 (activation): every
    // mantissa and most exponents, with sums that stay inside fp16.
    for (auto& b : hsfa) b = (uint8_t)(1 + rnd() % 0x5F) | (rnd() % 16 == 0 ? 0x80 : 0);
    for (auto& b : hsfx) b = (uint8_t)(1 + rnd() % 0x37);
    uint8_t *a, *sfa, *x, *sfx;
    __half* out;
    CK(cudaMalloc(&a, a_bytes + sf_bytes));  // one buffer: the floor reads the same bytes
    sfa = a + a_bytes;
    CK(cudaMalloc(&x, hx.size()));
    CK(cudaMalloc(&sfx, hsfx.size()));
    CK(cudaMalloc(&out, (size_t)L * M * 2));
    CK(cudaMemcpy(a, ha.data(), a_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(sfa, hsfa.data(), sf_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(x, hx.data(), hx.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(sfx, hsfx.data(), hsfx.size(), cudaMemcpyHostToDevice));
    // Reference (float64) on a sample of rows: every 7th row and the last of each batch.
    std::vector<int> check_rows;
    for (int r = 0; r < L * M; r += 7) check_rows.push_back(r);
    for (int l = 0; l < L; ++l) check_rows.push_back(l * M + M - 1);
    std::vector<double> ref(check_rows.size()), mag(check_rows.size());
    for (size_t i = 0; i < check_rows.size(); ++i) {
      const int r = check_rows[i], l = r / M;
      double s = 0, sa = 0;
      for (int k = 0; k < K; ++k) {
        const int wa = ha[(size_t)r * K / 2 + k / 2] >> (4 * (k & 1)) & 15;
        const int wx = hx[(size_t)l * K / 2 + k / 2] >> (4 * (k & 1)) & 15;
        const double t = e2m1(wa) * e4m3(hsfa[(size_t)r * K / 16 + k / 16]) * e2m1(wx) *
                         e4m3(hsfx[(size_t)l * K / 16 + k / 16]);
        s += t;
        sa += std::fabs(t);
      }
      ref[i] = s;
      mag[i] = sa;
    }
    const Problem prob{M, K, L, a, sfa, x, sfx, out};
    const int64_t bytes = (int64_t)a_bytes + sf_bytes;
    const float floor_us = bench.floor_us(a, bytes);
    std::printf("%dx%dx%d: floor %.1f us (%.1f MB)\n", M, K, L, floor_us, bytes / 1e6);
    const int pieces32 = K / 32;
    for (auto& v : variants) {
      const int gw = (pieces32 + 32 * v.pieces - 1) / (32 * v.pieces);  // warps per row
      if (gw > 8) {
        std::printf("  %-12s  (does not fit K)\n", v.name);
        continue;
      }
      Launch fn = lookup(v.pieces, gw, v.depth, v.per_sm);
      if (!fn) { std::printf("  %-12s  no instance\n", v.name); continue; }
      const int grid = sms * v.per_sm;
      const int smem = (int)((L * (int64_t)M + grid - 1) / grid + 1) * gw * 4;
      if (smem > 48 * 1024) { std::printf("  %-12s  %d B of shared memory: skipped\n", v.name, smem); continue; }
      CK(cudaMemset(out, 0xFF, (size_t)L * M * 2));  // poison: NaN
      fn(prob, grid, smem);
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      std::vector<__half> hout((size_t)L * M);
      CK(cudaMemcpy(hout.data(), out, hout.size() * 2, cudaMemcpyDeviceToHost));
      int bad = 0;
      double worst = 0;
      for (size_t i = 0; i < check_rows.size(); ++i) {
        const double got = __half2float(hout[check_rows[i]]);
        // fp16 output rounding (2^-11 relative) plus fp32 accumulation over the row's terms.
        const double tol = std::fabs(ref[i]) * 1e-3 + mag[i] * 1e-6 + 1e-6;
        const double err = std::fabs(got - ref[i]);
        if (!(err <= tol)) ++bad;
        worst = std::max(worst, err / tol);
      }
      auto t = bench.time([&] { fn(prob, grid, smem); });
      std::printf("  %-12s %d x %d warps  %6.1f us (p10 %.1f)  %.2fx floor  %s (%d of %zu rows off, worst "
                  "err/tol %.2f)\n", v.name, 8 / gw, gw, t.first, t.second, t.first / floor_us,
                  bad ? "WRONG" : "ok", bad, check_rows.size(), worst);
    }
    CK(cudaFree(a));
    CK(cudaFree(x));
    CK(cudaFree(sfx));
    CK(cudaFree(out));
  }
  return 0;
}
