// Run 301: the tile-sweep clusters the H200 holds at once, as the library finds them
// (sweep8_cluster_fit, cudaOccupancyMaxActiveClusters): plan_gemv's row blocks for 16 columns at
// L = 1 on K = 2048 c (clusters of c CTAs of 64 chunks) with more 16-row tiles than fit, c = 1..8,
// for tests/cpp/plan_rules.cu's H200 description. Run 300's form had 65536 rows, whose tile sums
// passed the shared memory from clusters of 4 on (so no tile sweep there); here 4096. Build:
// nvcc -O3 -std=c++17 -arch=sm_90a -I src/nvfp4_gemv/csrc -o cluster_fit docs/runs/run301/cluster_fit.cu
// src/nvfp4_gemv/csrc/gemv_kernels.cu
#include <cstdio>

#include "nvfp4_gemv.cuh"

int main() {
  for (int c = 1; c <= 8; ++c) {
    nvfp4::GemvParams p{};
    p.M = 4096, p.K = 2048 * c, p.L = 1, p.N = 16;
    // Fake 256-byte aligned addresses: plan_gemv reads alignment only.
    p.a = reinterpret_cast<const uint8_t*>(uintptr_t(1) << 20);
    p.a_row_stride = p.K / 2, p.a_batch_stride = (int64_t)p.M * (p.K / 2);
    p.sfa = nvfp4::ScaleIndex{p.a, (int64_t)p.M * (p.K / 16), p.K / 16, 1, nvfp4::kScaleRowMajor, (p.K + 63) / 64};
    p.x = p.a, p.x_col_stride = p.K, p.x_batch_stride = (int64_t)p.N * p.K, p.act = nvfp4::kActF16;
    p.out = reinterpret_cast<void*>(uintptr_t(1) << 20);
    p.out_row_stride = p.N, p.out_col_stride = 1, p.out_batch_stride = (int64_t)p.M * p.N;
    p.out_kind = nvfp4::kOutF32;
    const nvfp4::GemvLaunch g = nvfp4::plan_gemv(p);
    std::printf("clusters of %d: cluster %d, row blocks %d (clusters at once)\n", c, g.cluster, g.row_blocks);
  }
  return 0;
}
