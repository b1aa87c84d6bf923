// Prepared (not run): the row sweep's two forms in one binary, on the same data and flush,
// timed in alternating order: the probe's kernel (scripts/regact_probe.cu, compiled in its own
// namespace) and the library's launch (gemv_kernels.cu: plan_gemv + launch_gemv), each at the
// library's plan shape. BENCHMARKS.md "Next steps" (the row sweep, point 1): the library's kernel
// ran 0.5-1.1 us slower than the probe's in runs 193-195, each in its own program.
// Build: nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o /tmp/pair docs/runs/next_pair.cu
#include "gemv_kernels.cu"

#include <cuda_fp16.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace probe {
#define main probe_main
#include "../../scripts/regact_probe.cu"
#undef main
}  // namespace probe

int main() {
  using probe::Launch;
  const size_t flush_bytes = size_t(512) << 20;
  uint8_t* flush;
  CK(cudaMalloc(&flush, flush_bytes));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const struct { int M, K, L; } shapes[] = {{7168, 16384, 1}, {4096, 7168, 8}, {7168, 2048, 4}, {4096, 4096, 1},
                                           {4096, 14336, 1}};
  auto time = [&](auto fn, int reps) {
    std::vector<float> v;
    for (int r = 0; r < reps; ++r) {
      CK(cudaMemsetAsync(flush, r & 0xFF, flush_bytes));
      CK(cudaEventRecord(e0));
      fn();
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      v.push_back(ms * 1000.f);
    }
    CK(cudaGetLastError());
    return v;
  };
  for (auto& sh : shapes) {
    const int M = sh.M, K = sh.K, L = sh.L;
    const size_t a_bytes = (size_t)L * M * K / 2, sf_bytes = a_bytes / 8;
    std::vector<uint8_t> ha(a_bytes), hsfa(sf_bytes), hx((size_t)L * K / 2), hsfx((size_t)L * K / 16);
    uint64_t seed = 12345u + M + K + L;
    auto rnd = [&]() {
      uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      return (uint32_t)(z ^ (z >> 31));
    };
    for (auto& b : ha) b = (uint8_t)rnd();
    for (auto& b : hx) b = (uint8_t)rnd();
    for (auto& b : hsfa) b = (uint8_t)(1 + rnd() % 0x5F) | (rnd() % 16 == 0 ? 0x80 : 0);
    for (auto& b : hsfx) b = (uint8_t)(1 + rnd() % 0x37);
    uint8_t *a, *x, *sfx;
    __half *out_lib, *out_probe;
    CK(cudaMalloc(&a, a_bytes + sf_bytes));
    uint8_t* sfa = a + a_bytes;
    CK(cudaMalloc(&x, hx.size()));
    CK(cudaMalloc(&sfx, hsfx.size()));
    CK(cudaMalloc(&out_lib, (size_t)L * M * 2));
    CK(cudaMalloc(&out_probe, (size_t)L * M * 2));
    CK(cudaMemcpy(a, ha.data(), a_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(sfa, hsfa.data(), sf_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(x, hx.data(), hx.size(), cudaMemcpyHostToDevice));
    CK(cudaMemcpy(sfx, hsfx.data(), hsfx.size(), cudaMemcpyHostToDevice));
    nvfp4::GemvParams p{};
    p.M = M, p.K = K, p.L = L, p.N = 1;
    p.a = a, p.a_row_stride = K / 2, p.a_batch_stride = (int64_t)M * K / 2;
    p.sfa = nvfp4::ScaleIndex{sfa, (int64_t)M * K / 16, K / 16, 1, nvfp4::kScaleRowMajor, (K + 63) / 64};
    p.x = x, p.x_batch_stride = K / 2, p.x_col_stride = K / 2, p.act = nvfp4::kActFP4;
    p.sfx = nvfp4::ScaleIndex{sfx, K / 16, K / 16, 1, nvfp4::kScaleRowMajor, (K + 63) / 64};
    p.out = out_lib, p.out_batch_stride = M, p.out_row_stride = 1, p.out_col_stride = 1;
    p.out_kind = nvfp4::kOutF16;
    const nvfp4::GemvLaunch plan = nvfp4::plan_gemv(p);
    const int per_sm = plan.grid / 132;
    const Launch probe_fn = probe::lookup(plan.sweep, plan.sweep_warps, 2, per_sm);
    if (!plan.sweep || !probe_fn) {
      std::printf("%dx%dx%d: no pair (sweep %d x %d, %d per SM)\n", M, K, L, plan.sweep, plan.sweep_warps, per_sm);
      continue;
    }
    const probe::Problem prob{M, K, L, a, sfa, x, sfx, out_probe};
    const int probe_smem = (int)((L * (int64_t)M + plan.grid - 1) / plan.grid + 1) * plan.sweep_warps * 4;
    const auto lib = [&] { nvfp4::launch_gemv(p, plan, 0); };
    const auto prb = [&] { probe_fn(prob, plan.grid, probe_smem); };
    lib();
    prb();
    CK(cudaDeviceSynchronize());
    std::vector<__half> h1((size_t)L * M), h2((size_t)L * M);
    CK(cudaMemcpy(h1.data(), out_lib, h1.size() * 2, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(h2.data(), out_probe, h2.size() * 2, cudaMemcpyDeviceToHost));
    int differ = 0;
    for (size_t i = 0; i < h1.size(); ++i) differ += std::memcmp(&h1[i], &h2[i], 2) != 0;
    std::vector<float> tl, tp;
    for (int round = 0; round < 4; ++round) {  // alternating order, 15 reps each
      auto v1 = round % 2 ? time(prb, 15) : time(lib, 15);
      auto v2 = round % 2 ? time(lib, 15) : time(prb, 15);
      auto& dl = round % 2 ? v2 : v1;
      auto& dp = round % 2 ? v1 : v2;
      tl.insert(tl.end(), dl.begin() + 1, dl.end());
      tp.insert(tp.end(), dp.begin() + 1, dp.end());
    }
    std::sort(tl.begin(), tl.end());
    std::sort(tp.begin(), tp.end());
    // The library's 2-piece kernel is compiled for 3 CTAs per SM (80 registers) wherever it runs;
    // the probe's for the CTAs per SM it runs at (96 at 2): the probe at 3's registers too.
    float tp3 = 0;
    if (plan.sweep == 2 && per_sm == 2) {
      const Launch fn3 = probe::lookup(2, plan.sweep_warps, 2, 3);
      auto v = time([&] { fn3(prob, plan.grid, probe_smem); }, 31);
      std::sort(v.begin(), v.end());
      tp3 = v[v.size() / 2];
    }
    std::printf("%dx%dx%d (sweep %d x %d warps, %d CTAs): library %.1f us, probe %.1f us (with 80 registers: "
                "%.1f); outputs differ in %d of %zu rows (bitwise)\n", M, K, L, plan.sweep, plan.sweep_warps,
                plan.grid, tl[tl.size() / 2], tp[tp.size() / 2], tp3, differ, h1.size());
    CK(cudaFree(a));
    CK(cudaFree(x));
    CK(cudaFree(sfx));
    CK(cudaFree(out_lib));
    CK(cudaFree(out_probe));
  }
  return 0;
}
