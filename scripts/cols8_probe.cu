// cols8_probe.cu: a standalone W4A16 GEMV at 8 activation columns (fp16 x, row-major NVFP4
// weights and scales, the task's layout) that uses all of the tensor core's mma.m16n8k16: A =
// 16 weight rows x 16 k, B = 16 k x the 8 columns. Checked against a float64 host reference and
// timed against the stream floor the bench's way (512 MiB memset before each rep, CUDA events,
// median). A diagnostic for BENCHMARKS.md (issue 5: N = 8 within 1.3x of N = 1), outside the
// library.
//
// Why: the library's row-major kernels at N = 8 run the row tiles (each warp 16 rows x 64 bytes
// per step, 1.4x the floor read bare: pattern_probe.cu "tile/4"); its row sweep keeps each
// thread's k pieces of x in registers and reads whole 512-byte stretches of a row per warp load,
// but it uses 1/8 of each mma (one column: the diagonal), and 8 columns that way would need 8x
// the mma. Here the weights come through shared memory, which turns the sweep's load shape (a
// warp's 16-byte cp.async read 512 contiguous bytes of one row) into the mma's A fragments (lane
// (g, t): rows g and g + 8 at the lane's own k chunks): 16 rows x all of the CTA's k range a
// stage, S stages in flight (cp.async, no registers held). x stays in registers, as in the
// sweep: lane (g, t) holds column g at its own chunks (B's k slots = A's, in pair_k order), so the
// whole x (8 x K fp16) is spread over the registers of C CTAs, a thread block cluster, each with
// 1/C of K; the CTAs of a cluster take the same 16-row tiles, and rank 0 adds the C partial sums
// (in rank order, from the others' shared memory) at the end: deterministic, no second kernel.
// Per CTA tile: each warp's D (16 rows x 8 columns, its k range) to shared memory, 128 threads
// add the W warps' in warp order.
//
// Build and run: nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/c8 scripts/cols8_probe.cu && /tmp/c8 [reps [only]]
// (only: run just the variants whose name contains it, e.g. "16w p2 s4"; the library's row runs always)
// With the library's kernel beside the probe's, timed in the same process and the same way (its
// plan_gemv / launch_gemv, torch-free; BENCHMARKS.md item 185 left a 2-3 us gap between the
// library's bench and this probe unexplained): add -DWITH_LIBRARY src/nvfp4_gemv/csrc/gemv_kernels.cu
// to the nvcc line.
#include <cooperative_groups.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "../src/nvfp4_gemv/csrc/e2m1_decode.cuh"
#include "probe_common.cuh"  // CK, ProbeBench, SplitMix64, e2m1, e4m3
#ifdef WITH_LIBRARY
#include "../src/nvfp4_gemv/csrc/nvfp4_gemv.cuh"
#endif

using namespace nvfp4::detail;
namespace cg = cooperative_groups;

constexpr int kCols = 8;
constexpr float kWeightBias = 1.0f / 128;  // the scale enters as E4M3 * 2^-7 (the library's)

struct Problem {
  int M, K;
  const uint8_t *a, *sfa;  // [M, K/2], [M, K/16], contiguous
  const __half* x;         // [8, K]
  float* out;              // [M, 8]
};

__device__ __forceinline__ __half2 e4m3x2(uint32_t bytes, float mul) {
  uint32_t h;
  asm("{\n\t.reg .b16 t;\n\tcvt.u16.u32 t, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, t;\n\t}" : "=r"(h) : "r"(bytes));
  __half2 v = *reinterpret_cast<__half2*>(&h);
  return __hmul2(v, __float2half2_rn(mul));
}
__device__ __forceinline__ uint32_t as_u32(__half2 h) { return *reinterpret_cast<uint32_t*>(&h); }
__device__ __forceinline__ __half2 as_h2(uint32_t u) { return *reinterpret_cast<__half2*>(&u); }

__device__ __forceinline__ void mma_16816(float (&c)[4], uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3,
                                          uint32_t b0, uint32_t b1) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
      "{%8, %9}, {%0, %1, %2, %3};"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

__device__ __forceinline__ void cp_async16(uint32_t dst, const void* src) {
  asm volatile("cp.async.cg.shared.global.L2::256B [%0], [%1], 16;" ::"r"(dst), "l"(src));
}
__device__ __forceinline__ void cp_commit() { asm volatile("cp.async.commit_group;"); }
template <int N>
__device__ __forceinline__ void cp_wait() { asm volatile("cp.async.wait_group %0;" ::"n"(N)); }

// kW warps, kP chunks (32 values) a thread and row, kS stages, clusters of kC CTAs, kMinBlocks
// CTAs per SM. A CTA covers kKc = 128 kW kP of K; K == kC kKc.
template <int kW, int kP, int kS, int kC, int kMinBlocks>
__global__ void __cluster_dims__(kC, 1, 1) __launch_bounds__(kW * 32, kMinBlocks)
    cols8_kernel(const Problem p, int clusters) {
  constexpr int kKc = 128 * kW * kP, kRowBytes = kKc / 2, kChunks = kKc / 32;  // per row and CTA
  constexpr int kSfBytes = kKc / 16, kSfRow = kSfBytes + 16;                   // padded: no bank conflicts
  constexpr int kStageW = 16 * kRowBytes, kStageS = 16 * kSfRow, kStage = kStageW + kStageS;
  constexpr int kThreads = kW * 32;
  static_assert(kChunks % 8 == 0, "the swizzle flips bit 2 of the chunk index");
  extern __shared__ __align__(16) uint8_t smem[];
  float* red = reinterpret_cast<float*>(smem + kS * kStage);  // [2][kW][128]
  float* csum = red + 2 * kW * 128;                           // [tiles][128], kC > 1
  const int tid = threadIdx.x, w = tid >> 5, lane = tid & 31, g = lane >> 2, t = lane & 3;
  const int b = blockIdx.x / kC, cr = blockIdx.x % kC;
  const int T = p.M / 16, n = b < T ? (T - b + clusters - 1) / clusters : 0;
  const uint32_t smem0 = (uint32_t)__cvta_generic_to_shared(smem);
  const int64_t a_row = p.K / 2, sf_row = p.K / 16;
  const uint8_t* a_cta = p.a + cr * kRowBytes;
  const uint8_t* sf_cta = p.sfa + cr * kSfBytes;
  // Tile i of this cluster (rows 16 (b + i clusters) ..) into stage i % kS: a warp's copies read
  // 512 contiguous bytes of one row.
  const auto issue = [&](int i) {
    if (i < n) {
      const int64_t r0 = 16 * (int64_t)(b + i * clusters);
      const uint32_t st = smem0 + (i % kS) * kStage;
#pragma unroll
      for (int c = tid; c < 16 * kChunks; c += kThreads) {
        const int r = c / kChunks, j = c % kChunks;
        cp_async16(st + r * kRowBytes + 16 * (j ^ ((r & 1) << 2)), a_cta + (r0 + r) * a_row + 16 * j);
      }
      constexpr int sf_chunks = kSfBytes / 16;
      for (int c = tid; c < 16 * sf_chunks; c += kThreads) {
        const int r = c / sf_chunks, q = c % sf_chunks;
        cp_async16(st + kStageW + r * kSfRow + 16 * q, sf_cta + (r0 + r) * sf_row + 16 * q);
      }
    }
    cp_commit();
  };
#pragma unroll
  for (int s = 0; s < kS - 1; ++s) issue(s);
  // x: column g at the thread's chunks j_i = i 4 kW + 4 w + t, 16 half2 each in pair_k order.
  uint32_t xh[kP][16];
#pragma unroll
  for (int i = 0; i < kP; ++i) {
    const int j = i * 4 * kW + 4 * w + t;
    const __half* xs = p.x + (int64_t)g * p.K + cr * kKc + 32 * j;
#pragma unroll
    for (int wd = 0; wd < 4; ++wd) {
      const uint4 raw = *reinterpret_cast<const uint4*>(xs + 8 * wd);
      const __half* v = reinterpret_cast<const __half*>(&raw);
#pragma unroll
      for (int ii = 0; ii < 4; ++ii) xh[i][4 * wd + ii] = as_u32(__halves2half2(v[pair_k(ii, 0)], v[pair_k(ii, 1)]));
    }
  }
  const auto reduce = [&](int i) {  // tile i's 16 x 8 sums: the warps' in warp order
    if (tid < 128) {
      const float* rb = red + (i & 1) * kW * 128;
      float v = 0.f;
#pragma unroll
      for (int u = 0; u < kW; ++u) v += rb[u * 128 + tid];
      if (kC == 1) {
        const int ln = tid >> 2, c = tid & 3;
        const int row = 16 * (b + i * clusters) + (ln >> 2) + 8 * (c >> 1), col = 2 * (ln & 3) + (c & 1);
        p.out[(int64_t)row * kCols + col] = v / kWeightBias;
      } else {
        csum[i * 128 + tid] = v;
      }
    }
  };
  for (int i = 0; i < n; ++i) {
    cp_wait<kS - 2>();
    __syncthreads();
    if (i > 0) reduce(i - 1);
    issue(i + kS - 1);
    const uint8_t* sw = smem + (i % kS) * kStage;
    const uint8_t* ss = sw + kStageW;
    float acc[2][4] = {};
#pragma unroll
    for (int u = 0; u < kP; ++u) {
      const int j = u * 4 * kW + 4 * w + t, pos = j ^ ((g & 1) << 2);
      const uint4 A0 = *reinterpret_cast<const uint4*>(sw + g * kRowBytes + 16 * pos);
      const uint4 A1 = *reinterpret_cast<const uint4*>(sw + (g + 8) * kRowBytes + 16 * pos);
      const uint32_t s0 = *reinterpret_cast<const uint16_t*>(ss + g * kSfRow + 2 * j);
      const uint32_t s1 = *reinterpret_cast<const uint16_t*>(ss + (g + 8) * kSfRow + 2 * j);
      const __half2 sa = e4m3x2(s0, kWeightBias / kDecodeScale), sb = e4m3x2(s1, kWeightBias / kDecodeScale);
      const uint32_t wa[4] = {A0.x, A0.y, A0.z, A0.w}, wb[4] = {A1.x, A1.y, A1.z, A1.w};
#pragma unroll
      for (int wd = 0; wd < 4; ++wd) {
        uint32_t ha[4], hb[4];
        decode_e2m1x8(wa[wd], ha);
        decode_e2m1x8(wb[wd], hb);
#pragma unroll
        for (int k = 0; k < 4; ++k) {
          ha[k] = as_u32(__hmul2(as_h2(ha[k]), wd >= 2 ? __high2half2(sa) : __low2half2(sa)));
          hb[k] = as_u32(__hmul2(as_h2(hb[k]), wd >= 2 ? __high2half2(sb) : __low2half2(sb)));
        }
        mma_16816(acc[0], ha[0], hb[0], ha[1], hb[1], xh[u][4 * wd], xh[u][4 * wd + 1]);
        mma_16816(acc[1], ha[2], hb[2], ha[3], hb[3], xh[u][4 * wd + 2], xh[u][4 * wd + 3]);
      }
    }
    float4 d = make_float4(acc[0][0] + acc[1][0], acc[0][1] + acc[1][1], acc[0][2] + acc[1][2], acc[0][3] + acc[1][3]);
    *reinterpret_cast<float4*>(red + (i & 1) * kW * 128 + w * 128 + 4 * lane) = d;
  }
  cp_wait<0>();
  __syncthreads();
  if (n > 0) reduce(n - 1);
  if constexpr (kC > 1) {
    cg::cluster_group cluster = cg::this_cluster();
    cluster.sync();
    if (cr == 0) {
      for (int q = tid; q < n * 128; q += kThreads) {
        float v = 0.f;
        for (int r = 0; r < kC; ++r) v += cluster.map_shared_rank(csum, r)[q];
        const int i = q >> 7, o = q & 127, ln = o >> 2, c = o & 3;
        const int row = 16 * (b + i * clusters) + (ln >> 2) + 8 * (c >> 1), col = 2 * (ln & 3) + (c & 1);
        p.out[(int64_t)row * kCols + col] = v / kWeightBias;
      }
    }
    cluster.sync();  // the others' shared memory stays until rank 0 has read it
  }
}

struct Variant {
  const char* name;
  int W, P, S, C, minb;
  void (*fn)(const Problem, int);
};
#define V(W, P, S, C, MB) {#W "w p" #P " s" #S " c" #C " " #MB "/SM", W, P, S, C, MB, cols8_kernel<W, P, S, C, MB>}
static const Variant kVariants[] = {
    V(8, 4, 4, 1, 1), V(8, 4, 4, 2, 1), V(8, 4, 4, 4, 1), V(8, 4, 3, 4, 1),
    V(16, 2, 4, 1, 1), V(16, 2, 4, 2, 1), V(16, 2, 4, 4, 1),
    V(8, 2, 3, 1, 2), V(8, 2, 3, 2, 2), V(8, 2, 3, 4, 2), V(8, 2, 3, 8, 2),
    V(7, 4, 4, 2, 1), V(7, 4, 4, 4, 1), V(14, 2, 4, 2, 1), V(14, 2, 4, 4, 1),
};

int main(int argc, char** argv) {
  ProbeBench bench(argc > 1 ? std::atoi(argv[1]) : 30);
  const char* only = argc > 2 ? argv[2] : nullptr;
  const int sms = bench.sms;
  const struct { int M, K; } shapes[] = {{7168, 16384}, {4096, 14336}, {14336, 4096}, {4096, 4096}, {28672, 8192}};
  for (auto& sh : shapes) {
    const int M = sh.M, K = sh.K;
    const size_t a_bytes = (size_t)M * K / 2, sf_bytes = a_bytes / 8;
    std::vector<uint8_t> ha(a_bytes), hsfa(sf_bytes);
    std::vector<__half> hx((size_t)kCols * K);
    SplitMix64 rnd{12345u + (uint64_t)M + K};
    for (auto& v : ha) v = (uint8_t)rnd();
    // E4M3 scales from 2^-9 to 448, some negative; x in [-2, 2).
    for (auto& v : hsfa) v = (uint8_t)(1 + rnd() % 0x7E) | (rnd() % 16 == 0 ? 0x80 : 0);
    for (auto& v : hx) v = __float2half((float)((int)(rnd() % 4096) - 2048) / 1024.f);
    uint8_t* a;
    __half* x;
    float* out;
    CK(cudaMalloc(&a, a_bytes + sf_bytes));  // one buffer: the floor reads the same bytes
    CK(cudaMalloc(&x, hx.size() * 2));
    CK(cudaMalloc(&out, (size_t)M * kCols * 4));
    CK(cudaMemcpy(a, ha.data(), a_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(a + a_bytes, hsfa.data(), sf_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(x, hx.data(), hx.size() * 2, cudaMemcpyHostToDevice));
    std::vector<int> rows;
    for (int r = 0; r < M; r += 13) rows.push_back(r);
    rows.push_back(M - 1);
    std::vector<double> ref(rows.size() * kCols), mag(rows.size() * kCols);
    for (size_t i = 0; i < rows.size(); ++i)
      for (int c = 0; c < kCols; ++c) {
        double s = 0, m = 0;
        for (int k = 0; k < K; ++k) {
          const int code = ha[(size_t)rows[i] * K / 2 + k / 2] >> (4 * (k & 1)) & 15;
          const double v = e2m1(code) * e4m3(hsfa[(size_t)rows[i] * K / 16 + k / 16]) *
                           (double)__half2float(hx[(size_t)c * K + k]);
          s += v;
          m += std::fabs(v);
        }
        ref[i * kCols + c] = s;
        mag[i * kCols + c] = m;
      }
    const Problem prob{M, K, a, a + a_bytes, x, out};
    const int64_t bytes = (int64_t)a_bytes + sf_bytes;
    const float floor_us = bench.floor_us(a, bytes);
    std::printf("%dx%d N=8: floor %.1f us (%.1f MB)\n", M, K, floor_us, bytes / 1e6);
    // Runs launch once into a NaN-poisoned output, checks the sampled rows against the float64
    // reference, then times it; prints one line.
    const auto run_checked = [&](const char* name, int clusters, auto launch) {
      CK(cudaMemset(out, 0xFF, (size_t)M * kCols * 4));  // poison: NaN
      launch();
      CK(cudaGetLastError());
      CK(cudaDeviceSynchronize());
      std::vector<float> hout((size_t)M * kCols);
      CK(cudaMemcpy(hout.data(), out, hout.size() * 4, cudaMemcpyDeviceToHost));
      int bad = 0;
      double worst = 0;
      for (size_t i = 0; i < rows.size(); ++i)
        for (int c = 0; c < kCols; ++c) {
          const double got = hout[(size_t)rows[i] * kCols + c], r = ref[i * kCols + c];
          // fp32 accumulation of exact products: K 2^-23 sum |w x|, and the output's own rounding.
          const double tol = mag[i * kCols + c] * K * std::ldexp(1.0, -23) + std::fabs(r) * std::ldexp(1.0, -23);
          const double err = std::fabs(got - r);
          if (!(err <= tol)) ++bad;
          worst = std::max(worst, err / tol);
        }
      auto t = bench.time(launch);
      std::printf("  %-22s %3d clusters  %6.1f us (p10 %.1f)  %.2fx floor  %s (%d of %zu off, worst err/tol %.3f)\n",
                  name, clusters, t.first, t.second, t.first / floor_us, bad ? "WRONG" : "ok", bad,
                  rows.size() * kCols, worst);
    };
    // The library's kernel for the same problem (fp32 out [M, 8]), after the probe's variant of
    // the same shape (library_after) and again after them all: drift shows as a difference.
    const char* library_after = nullptr;
    const auto run_library = [&] {
#ifdef WITH_LIBRARY
      nvfp4::GemvParams lp{};
      lp.M = M, lp.K = K, lp.L = 1, lp.N = kCols;
      lp.a = a, lp.a_row_stride = K / 2, lp.a_batch_stride = (int64_t)M * (K / 2);
      lp.sfa = nvfp4::ScaleIndex{a + a_bytes, (int64_t)M * (K / 16), K / 16, 1, nvfp4::kScaleRowMajor, (K + 63) / 64};
      lp.x = x, lp.x_col_stride = K, lp.x_batch_stride = (int64_t)kCols * K, lp.act = nvfp4::kActF16;
      lp.out = out, lp.out_row_stride = kCols, lp.out_col_stride = 1, lp.out_batch_stride = (int64_t)M * kCols;
      lp.out_kind = nvfp4::kOutF32;
      const nvfp4::GemvLaunch plan = nvfp4::plan_gemv(lp);
      char name[64];
      std::snprintf(name, sizeof name, "library %s %dx%d", plan.cluster ? "tile sweep" : "other", plan.grid,
                    plan.cluster);
      if (plan.workspace_bytes) {
        std::printf("  %s: needs a workspace, skipped\n", name);
        return;
      }
      run_checked(name, plan.row_blocks, [&] { CK(static_cast<cudaError_t>(nvfp4::launch_gemv(lp, plan, 0))); });
#endif
    };
#ifdef WITH_LIBRARY
    library_after = "16w p2 s4 c4 1/SM";
#endif
    for (auto& v : kVariants) {
      const int kc = 128 * v.W * v.P;
      if (K != v.C * kc || M % 16 || (only && !std::strstr(v.name, only))) continue;
      const int stage = 16 * (kc / 2) + 16 * (kc / 16 + 16);
      int clusters = sms * v.minb / v.C;
      const int T = M / 16, tiles = (T + clusters - 1) / clusters;
      const int smem = v.S * stage + 2 * v.W * 128 * 4 + (v.C > 1 ? tiles * 512 : 0);
      CK(cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      {  // clusters that fit at once
        cudaLaunchConfig_t cfg = {};
        cfg.gridDim = dim3(clusters * v.C);
        cfg.blockDim = dim3(v.W * 32);
        cfg.dynamicSmemBytes = smem;
        cudaLaunchAttribute attr;
        attr.id = cudaLaunchAttributeClusterDimension;
        attr.val.clusterDim.x = v.C, attr.val.clusterDim.y = 1, attr.val.clusterDim.z = 1;
        cfg.attrs = &attr;
        cfg.numAttrs = 1;
        int fit = 0;
        if (cudaOccupancyMaxActiveClusters(&fit, (void*)v.fn, &cfg) == cudaSuccess && fit > 0 && fit < clusters)
          clusters = fit;
        cudaGetLastError();
      }
      const int tiles2 = (T + clusters - 1) / clusters;
      const int smem2 = v.S * stage + 2 * v.W * 128 * 4 + (v.C > 1 ? tiles2 * 512 : 0);
      if (smem2 > 227 * 1024) { std::printf("  %-22s %d B shared: skipped\n", v.name, smem2); continue; }
      CK(cudaFuncSetAttribute(v.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, smem2));
      const auto launch = [&] { v.fn<<<clusters * v.C, v.W * 32, smem2>>>(prob, clusters); };
      run_checked(v.name, clusters, launch);
      if (library_after && std::strcmp(v.name, library_after) == 0) run_library();
    }
    run_library();
    CK(cudaFree(a));
    CK(cudaFree(x));
    CK(cudaFree(out));
  }
  return 0;
}
