// Run 193: the library's launch (plan_gemv + launch_gemv, gemv_kernels.cu compiled in) timed the
// way scripts/regact_probe.cu times its kernel (its data, 512 MiB memset before each rep, CUDA
// events, median of 30), to tell whether run 192's library sweep is slower than run 189's probe
// kernel by its code or by the torch harness (scripts/time_shapes.py). Output checked on sampled
// rows against a float64 host reference. Build: nvcc -O3 -std=c++17 -arch=sm_90a
// -I src/nvfp4_gemv/csrc -o /tmp/lp docs/runs/run193/lib_in_probe.cu
#include "gemv_kernels.cu"

#include <cmath>
#include <cstdio>
#include <vector>

#define CK(x)                                                                                  \
  do {                                                                                         \
    cudaError_t e_ = (x);                                                                      \
    if (e_ != cudaSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); \
      std::exit(1);                                                                            \
    }                                                                                          \
  } while (0)

static double e2m1(int code) {
  static const double mag[8] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  return (code & 8 ? -1 : 1) * mag[code & 7];
}
static double e4m3(uint8_t b) {
  const int s = b >> 7, e = (b >> 3) & 15, m = b & 7;
  const double v = e == 0 ? std::ldexp(m / 8.0, -6) : std::ldexp(1 + m / 8.0, e - 7);
  return s ? -v : v;
}

int main() {
  const size_t flush_bytes = size_t(512) << 20;
  uint8_t* flush;
  uint32_t* sink;
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMalloc(&sink, 1 << 20));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const struct { int M, K, L; } shapes[] = {{7168, 16384, 1}, {4096, 7168, 8}, {7168, 2048, 4}, {4096, 4096, 1}};
  auto time = [&](auto fn) {
    std::vector<float> v;
    for (int r = 0; r < 33; ++r) {
      CK(cudaMemsetAsync(flush, r & 0xFF, flush_bytes));
      CK(cudaEventRecord(e0));
      fn();
      CK(cudaEventRecord(e1));
      CK(cudaEventSynchronize(e1));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      if (r >= 3) v.push_back(ms * 1000.f);
    }
    CK(cudaGetLastError());
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
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
    __half* out;
    CK(cudaMalloc(&a, a_bytes + sf_bytes));
    uint8_t* sfa = a + a_bytes;
    CK(cudaMalloc(&x, hx.size()));
    CK(cudaMalloc(&sfx, hsfx.size()));
    CK(cudaMalloc(&out, (size_t)L * M * 2));
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
    p.out = out, p.out_batch_stride = M, p.out_row_stride = 1, p.out_col_stride = 1;
    p.out_kind = nvfp4::kOutF16;
    const nvfp4::GemvLaunch plan = nvfp4::plan_gemv(p);
    CK(cudaMemset(out, 0xFF, (size_t)L * M * 2));
    CK((cudaError_t)nvfp4::launch_gemv(p, plan, 0));
    CK(cudaDeviceSynchronize());
    std::vector<__half> hout((size_t)L * M);
    CK(cudaMemcpy(hout.data(), out, hout.size() * 2, cudaMemcpyDeviceToHost));
    int bad = 0, checked = 0;
    for (int r = 0; r < L * M; r += 13, ++checked) {
      const int l = r / M;
      double s = 0;
      for (int k = 0; k < K; ++k)
        s += e2m1(ha[(size_t)r * K / 2 + k / 2] >> (4 * (k & 1)) & 15) * e4m3(hsfa[(size_t)r * K / 16 + k / 16]) *
             e2m1(hx[(size_t)l * K / 2 + k / 2] >> (4 * (k & 1)) & 15) * e4m3(hsfx[(size_t)l * K / 16 + k / 16]);
      if (!(std::fabs(__half2float(hout[r]) - s) <= 1e-3 * std::fabs(s) + 1e-2)) ++bad;
    }
    const float floor_us = time([&] { nvfp4::launch_stream_read(a, a_bytes + sf_bytes, sink, 3 * 132, 256, 0); });
    const float us = time([&] { nvfp4::launch_gemv(p, plan, 0); });
    std::printf("%dx%dx%d: library %.1f us (sweep %d x %d warps, %d CTAs, %d B smem; %s, %d of %d rows off), "
                "floor %.1f us\n", M, K, L, us, plan.sweep, plan.sweep_warps, plan.grid, plan.smem_bytes,
                bad ? "WRONG" : "ok", bad, checked, floor_us);
    CK(cudaFree(a));
    CK(cudaFree(x));
    CK(cudaFree(sfx));
    CK(cudaFree(out));
  }
  return 0;
}
