// plan_show.cu: the launch rule's plan (plan_gemv_for) for the shapes given, on the H200's
// PlanDevice as tests/cpp/plan_rules.cu describes it; host code only, no GPU needed. What a
// launch-rule change does to which shapes, before any device run (BENCHMARKS.md item 277).
//   nvcc -O1 -std=c++17 -arch=sm_90a -o /tmp/plan_show scripts/plan_show.cu
//   /tmp/plan_show bf16 tiled 13824x5120 4096x11008 7168x16384x1x2
// Arguments: the activation (fp4, fp16, bf16), the weight layout (tiled or rowmajor), then shapes
// MxK[xL[xN]]. One line a shape: the kernel family and the plan's grid, clusters, splits and k
// range; for the band sweep also a CTA's bands and a warp's tile slots a band (its cluster rule's
// count).
#include "../src/nvfp4_gemv/csrc/gemv_kernels.cu"

#include <cstdio>
#include <cstring>

using namespace nvfp4;

namespace {

// Fake device addresses, as plan_rules.cu's: the plan reads alignment only.
GemvParams params_of(int M, int K, int L, int N, int act, bool tiled) {
  GemvParams p{};
  p.M = M, p.K = K, p.L = L, p.N = N, p.act = act;
  const int64_t bands = (M + 15) / 16, k_tiles = (K + 127) / 128;
  const int k_groups = (K + 63) / 64;
  p.a = reinterpret_cast<const uint8_t*>(uintptr_t(1) << 32);
  const uint8_t* sfa = reinterpret_cast<const uint8_t*>(uintptr_t(2) << 32);
  if (tiled) {
    p.a_row_stride = k_tiles * 1024;
    p.a_batch_stride = bands * p.a_row_stride;
    p.sfa = ScaleIndex{sfa, bands * k_tiles * 128, k_tiles * 128, 1, kScaleTiled, k_groups};
  } else {
    p.a_row_stride = K / 2;
    p.a_batch_stride = int64_t(M) * p.a_row_stride;
    p.sfa = ScaleIndex{sfa, int64_t(M) * (K / 16), K / 16, 1, kScaleRowMajor, k_groups};
  }
  p.x = reinterpret_cast<const void*>(uintptr_t(3) << 32);
  p.x_col_stride = act == kActFP4 ? K / 2 : K;
  p.x_batch_stride = int64_t(N) * p.x_col_stride;
  const uint8_t* sfx = reinterpret_cast<const uint8_t*>(uintptr_t(4) << 32);
  p.sfx = ScaleIndex{sfx, int64_t(N) * (K / 16), K / 16, 1, kScaleRowMajor, k_groups};
  p.out = reinterpret_cast<void*>(uintptr_t(5) << 32);
  p.out_kind = kOutF16;
  p.out_col_stride = 1;
  p.out_row_stride = N;
  p.out_batch_stride = int64_t(M) * N;
  return p;
}

const char* family(const GemvLaunch& g) {
  if (g.k_sections) return "K sections";
  if (g.band) return "band sweep";
  if (g.cluster) return "tile sweep";
  if (g.sweep) return g.integer ? "row sweep" : "W4A16 row sweep";
  if (g.integer) return g.spans ? "row tiles (integer item, k spans)" : "row tiles (integer item)";
  return g.ring ? "row tiles (ring)" : g.spans ? "row tiles (k spans)" : "row tiles";
}

}  // namespace

int main(int argc, char** argv) {
  const PlanDevice h200{132, 115712, 9, 2, 232448, {0, 132, 66, 39, 30, 22, 17, 15, 15}};
  const bool act_ok = argc > 1 && (!std::strcmp(argv[1], "fp4") || !std::strcmp(argv[1], "fp16") ||
                                   !std::strcmp(argv[1], "bf16"));
  if (argc < 4 || !act_ok || (std::strcmp(argv[2], "tiled") && std::strcmp(argv[2], "rowmajor"))) {
    std::fprintf(stderr, "usage: %s fp4|fp16|bf16 tiled|rowmajor MxK[xL[xN]] ...\n", argv[0]);
    return 2;
  }
  const int act = !std::strcmp(argv[1], "fp4") ? kActFP4 : !std::strcmp(argv[1], "fp16") ? kActF16 : kActBF16;
  const bool tiled = !std::strcmp(argv[2], "tiled");
  for (int i = 3; i < argc; ++i) {
    int M = 0, K = 0, L = 1, N = 1;
    if (std::sscanf(argv[i], "%dx%dx%dx%d", &M, &K, &L, &N) < 2 || M < 1 || K < 16 || K % 16 || L < 1 || N < 1 ||
        N > 16) {
      std::fprintf(stderr, "a shape is MxK[xL[xN]] with K a multiple of 16 and N <= 16, got %s\n", argv[i]);
      return 2;
    }
    const GemvLaunch g = plan_gemv_for(params_of(M, K, L, N, act, tiled), h200);
    std::printf("%dx%dx%dx%d: %s, grid %d, clusters of %d, row blocks %d, splits %d, k range %d", M, K, L, N,
                family(g), g.grid, g.band ? g.band : g.cluster ? g.cluster : 1, g.row_blocks, g.splits, g.k_split);
    if (g.band) {
      const int64_t bands = (M + 15) / 16, per_cta = (bands + g.row_blocks - 1) / g.row_blocks;
      const int slots = detail::band16_warp_tiles(K, g.band);
      std::printf(", %lld bands a CTA x %d slots a warp = %lld", (long long)per_cta, slots,
                  (long long)(per_cta * slots));
    }
    std::printf("\n");
  }
  return 0;
}
