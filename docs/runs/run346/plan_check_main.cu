// The main() that replaced tests/cpp/plan_rules.cu's own for docs/runs/run346/plans.txt (the plans of
// memcheck16.py's cases on plan_rules' H200): everything above plan_rules.cu's main(), then this;
// built as tests/test_plan_rules.py builds plan_rules (nvcc -std=c++17 -O1 -I src/nvfp4_gemv/csrc
// FILE -gencode arch=compute_90a,code=sm_90a src/nvfp4_gemv/csrc/gemv_kernels.cu).
int main() {
  const Device h200 = {"H200", {132, 115712, 9, 2, 232448, {0, 132, 66, 39, 30, 22, 17, 15, 15}}};
  const int cases[][4] = {{1, 77, 16384, 2}, {1, 301, 14336, 1}, {1, 1001, 8224, 1}, {1, 12001, 6144, 2},
                          {1, 9001, 4096, 1}, {3, 129, 2048, 1}, {4, 1201, 7168, 2}};
  for (auto& c : cases) {
    const Case k{c[1], c[2], c[0], 1, c[3] == 2 ? kActBF16 : kActF16, kScaleRowMajor, true};
    const GemvLaunch g = check_case(h200, k);
    std::printf("L=%d M=%d K=%d act=%d: integer %d sweep %d x %d warps, grid %d, smem %d, x shared %d\n", c[0], c[1],
                c[2], c[3], g.integer, g.sweep, g.sweep_warps, g.grid, g.smem_bytes,
                (!g.integer && g.sweep == 2 && g.sweep_warps <= 8));
  }
  return failures;
}
