// plan_rules.cu: the launch rule (plan_gemv_for) on described devices, without a GPU. Built and
// run by tests/test_plan_rules.py with nvcc (host code; the kernels are compiled and never run).
//
// For every case (the task's and the model layers' shapes, edge shapes, and a fixed pseudo-random
// sample of M, K, L, N, activation kinds, scale layouts and alignments) on every device, the plan
// must be one launch_gemv accepts (check_plan), and keep the invariants the kernel relies on:
// grid = row blocks x splits, no empty split, k chunks within the split, shared memory within
// the device's limit and holding the staged activation, a 16-byte aligned raw chunk, the split
// workspace sized to the splits. On the H200 the task's and the layers' shapes must take the
// variants BENCHMARKS.md measured (a change of rule shows up here before it reaches a GPU). Tiled
// weights (sfa layout kScaleTiled): the tiled row-tile variant, tile-aligned k and row ranges.
// Prints one line per failure and a summary; exits 1 on any failure.
// `plan_rules show fp4|fp16|bf16 tiled|rowmajor MxK[xL[xN]] ...` prints instead the H200's plan for
// each shape (kernel family, grid, clusters, splits, k range; for the band sweep a CTA's bands x a
// warp's tile slots, its cluster rule's count): what a launch-rule change does before any device
// run (BENCHMARKS.md item 277). Build: nvcc -O1 -std=c++17 -arch=sm_90a -Isrc/nvfp4_gemv/csrc
// tests/cpp/plan_rules.cu src/nvfp4_gemv/csrc/gemv_kernels.cu -o /tmp/plan_rules.
#include "nvfp4_gemv.cuh"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace nvfp4;

namespace {

struct Case {
  int M, K, L, N, act, sf_layout;
  bool aligned;  // 16-byte aligned bases (else 8-byte: the 8-byte load variant)
};

// Fake device addresses: never dereferenced (the plan reads alignment only).
GemvParams params_of(const Case& c) {
  GemvParams p{};
  const uintptr_t off = c.aligned ? 0 : 8;
  p.M = c.M;
  p.K = c.K;
  p.L = c.L;
  p.N = c.N;
  p.a = reinterpret_cast<const uint8_t*>(uintptr_t(1) << 32 | off);
  p.a_row_stride = c.K / 2;
  p.a_batch_stride = int64_t(c.M) * p.a_row_stride;
  const int k_groups = (c.K + 63) / 64;
  const uint8_t* sfa = reinterpret_cast<const uint8_t*>(uintptr_t(2) << 32 | off);
  const int64_t bands = (c.M + 15) / 16, k_tiles = (c.K + 127) / 128;
  if (c.sf_layout == kScaleTiled) {  // the tiled weight format, as format.to_tiled makes it
    p.a_row_stride = k_tiles * 1024;
    p.a_batch_stride = bands * p.a_row_stride;
    p.sfa = ScaleIndex{sfa, bands * k_tiles * 128, k_tiles * 128, 1, kScaleTiled, k_groups};
  } else if (c.sf_layout == kScaleRowMajor)
    p.sfa = ScaleIndex{sfa, int64_t(c.M) * (c.K / 16), c.K / 16, 1, kScaleRowMajor, k_groups};
  else
    p.sfa = ScaleIndex{sfa, int64_t(c.M + 127) / 128 * 128 * k_groups * 4, 0, 0, kScaleBlocked, k_groups};
  p.act = c.act;
  p.x = reinterpret_cast<const void*>(uintptr_t(3) << 32 | off);
  p.x_col_stride = c.act == kActFP4 ? c.K / 2 : c.K;
  p.x_batch_stride = int64_t(c.N) * p.x_col_stride;
  const uint8_t* sfx = reinterpret_cast<const uint8_t*>(uintptr_t(4) << 32 | off);
  p.sfx = ScaleIndex{sfx, int64_t(c.N) * (c.K / 16), c.K / 16, 1, kScaleRowMajor, k_groups};
  p.out = reinterpret_cast<void*>(uintptr_t(5) << 32);
  p.out_col_stride = 1;
  p.out_row_stride = c.N;
  p.out_batch_stride = int64_t(c.M) * c.N;
  p.out_kind = kOutF16;
  p.partials = reinterpret_cast<float*>(uintptr_t(6) << 32);  // the caller's workspace
  return p;
}

struct Device {
  const char* name;
  PlanDevice dev;
};

int failures = 0, checked = 0;

void fail(const Device& d, const Case& c, const GemvLaunch& g, const char* what) {
  if (++failures <= 40)
    std::printf("FAIL %s M=%d K=%d L=%d N=%d act=%d sf=%d aligned=%d: %s (grid %d, row_blocks %d, "
                "splits %d, k_split %d, k_chunk %d, seg_rows %d, smem %d, ring %d, spans %d, tiled %d, "
                "integer %d, raw %d, sweep %d x %d warps, band %d, cluster %d, k sections %d)\n",
                d.name, c.M, c.K, c.L, c.N, c.act, c.sf_layout, c.aligned, what, g.grid,
                g.row_blocks, g.splits, g.k_split, g.k_chunk, g.seg_rows, g.smem_bytes, g.ring,
                g.spans, g.tiled, g.integer, g.act_raw_offset, g.sweep, g.sweep_warps, g.band, g.cluster, g.k_sections);
}

// The row sweep: whole rows of K, the activation in registers, per-row sums in smem (c: K's
// sections as batches where the plan has k_sections).
void check_row_sweep(const Device& d, const Case& c, const GemvLaunch& g) {
  const int64_t rows = int64_t(c.M) * c.L;
  // The W4A16 sweep (not integer): fp16 / bf16 x, and FP4 x at two columns (W4A4 there); at L = 1
  // it takes interleaved row pairs: a CTA holds up to 2 ceil(pairs / G).
  const bool sweep16 = !g.integer;
  const int64_t pairs = (c.M + 1) / 2;
  const int64_t cta_rows = sweep16 && c.L == 1 ? 2 * ((pairs + g.row_blocks - 1) / g.row_blocks)
                                               : (rows + g.row_blocks - 1) / g.row_blocks;
  // At two columns (L = 1): 1 piece a thread where a row fits 8 warps of one, else 2.
  const bool two_cols = sweep16 && c.N == 2 && c.L == 1 && g.sweep == (c.K <= 8192 ? 1 : 2);
  // The W4A16 sweep past K = 16384: one column at L = 1, one piece on 17..24 warps (item 202), or
  // 2 pieces on 13..16 (item 200).
  const bool wide16 = sweep16 && c.N == 1 && c.L == 1 && c.K > 16384 &&
                      (g.sweep == 1 ? g.sweep_warps > 16 && g.sweep_warps <= 24
                                    : g.sweep == 2 && g.sweep_warps > 12 && g.sweep_warps <= 16);
  if (d.dev.major != 9 || !(c.N == 1 || two_cols) || (sweep16 && c.act == kActFP4 && c.N != 2) ||
      c.sf_layout != kScaleRowMajor || !c.aligned || c.K % 32 != 0 || c.K > 32768 ||
      (sweep16 && c.K > 16384 && !wide16) || (sweep16 && g.sweep != 2 && !(g.sweep == 1 && c.L == 1)))
    fail(d, c, g, "row sweep: one column (the W4A16 sweep: or two at L = 1, FP4 two only), row-major, "
                  "aligned, K % 32 == 0 and <= 32768 (W4A16 sweep: 2 pieces, or 1 at L = 1; past 16384 "
                  "one column at L = 1 on 17..24 warps of one or 13..16 of 2), sm_90");
  if ((g.sweep != 1 && g.sweep != 2 && g.sweep != 4) || g.sweep_warps < 1 ||
      g.sweep_warps > (wide16 ? 24 : 8) || g.sweep_warps * 32 * g.sweep < c.K / 32 ||
      (wide16 && (g.sweep_warps - 1) * 32 * g.sweep >= c.K / 32))
    fail(d, c, g, "row sweep: 1, 2 or 4 pieces a thread, up to 8 warps covering K (the W4A16 sweep past "
                  "K = 16384: 17..24 of one piece or 13..16 of 2, none of them idle)");
  if (g.splits != 1 || g.k_split != c.K || g.integer != (c.act == kActFP4 && c.N == 1) || g.tiled || g.spans ||
      g.ring || g.chunk_bytes != 16)
    fail(d, c, g, "row sweep: one split, the integer item for W4A4 at one column, 16-byte loads");
  if (g.smem_bytes < cta_rows * g.sweep_warps * 4 * (sweep16 ? c.N : 1) || g.smem_bytes > d.dev.cta_smem)
    fail(d, c, g, "row sweep: shared memory for each row's warp sums");
  // The one-column 2-piece W4A16 sweep of up to 8 warps a row keeps x in static shared memory (64
  // bytes a piece and thread of its CTA of 8 / w groups of w warps, beside at most 256 more bytes):
  // its sums within the 48 KB a kernel gets without opting in.
  if (sweep16 && c.N == 1 && g.sweep == 2 && g.sweep_warps <= 8 &&
      g.smem_bytes + 64 * 2 * 32 * (8 / g.sweep_warps) * g.sweep_warps + 256 > 48 * 1024)
    fail(d, c, g, "W4A16 sweep: the sums and x's static shared memory within 48 KB");
}

// The tile sweep: K over a cluster of CTAs, x in registers, 16-row tiles (c: a K section where the
// plan has k_sections).
void check_tile_sweep(const Device& d, const Case& c, const GemvLaunch& g) {
  const int chunks = g.k_split / 32, tiles = (c.M + 15) / 16;
  // One column only where no row sweep holds a row (K > 16384: 8 warps of 2 pieces).
  if (d.dev.major != 9 || c.L != 1 || c.N < (c.K > 16384 ? 1 : 2) || c.N > 16 ||
      (c.sf_layout != kScaleRowMajor && c.sf_layout != kScaleTiled) || !c.aligned || c.K % 32 != 0 || c.K > 32768)
    fail(d, c, g, "tile sweep: 2..16 columns at L = 1 (1..16 where K > 16384), row-major or tiled, aligned, "
                  "K % 32 == 0 and <= 32768, sm_90");
  // Every CTA of the cluster holds at least one chunk of K, the cluster all of it, 8-chunk steps,
  // at most 8 CTAs (the portable cluster size); up to 128 chunks a CTA (2 a thread), or where
  // K > 4096 up to 256 (4 a thread; not bf16 x, item 196); 9..16 columns (two blocks of 8) up to
  // 64 (1 a thread) or 128 (2 a thread, item 197: more than 64, since one CTA of 64 or fewer is
  // one chunk's plan; past K = 16384 always 2).
  const bool wide = c.N > 8, wide2 = wide && chunks > 64,
             four = !wide && c.act != kActBF16 && c.K > 4096 && g.cluster == (c.K / 32 + 255) / 256;
  const int most = wide && !wide2 ? 64 : four ? 256 : 128;
  if (g.cluster < 1 || g.cluster > 8 || chunks < 1 || chunks > most || chunks % 8 != 0 ||
      int64_t(g.cluster) * chunks < c.K / 32 || int64_t(g.cluster - 1) * chunks >= c.K / 32 ||
      (wide && c.K > 16384 && !wide2))
    fail(d, c, g, "tile sweep: the cluster's (at most 8) CTAs split K, each at most 128 chunks (256 at 4 a "
                  "thread, 64 at 9..16 columns on one)");
  if (g.splits != 1 || g.row_blocks > tiles || g.grid != g.row_blocks * g.cluster || g.sweep || g.integer ||
      g.tiled != (c.sf_layout == kScaleTiled) || g.spans || g.ring || g.workspace_bytes != 0)
    fail(d, c, g, "tile sweep: one split, a cluster per row block, at most one per 16-row tile, tiled where the "
                  "weights are");
  const int cluster_fit = d.dev.cluster_fit[g.cluster] > 0 ? d.dev.cluster_fit[g.cluster] : d.dev.sms / g.cluster;
  if (g.row_blocks > cluster_fit)
    fail(d, c, g, "tile sweep: more clusters than the device holds at once");
  const int64_t tiles_per = (tiles + g.row_blocks - 1) / g.row_blocks;
  const int tile_outputs = wide ? 256 : 128;  // 16 rows x 8 or 16 columns
  const int64_t tile_sums = g.cluster > 1 ? tiles_per * tile_outputs * 4 : 0;
  // 4 chunks a thread: one tile's warp sums, and 3 stages wherever they fit with the tile sums, else
  // 2 (item 304); else two tiles' warp sums and 4 stages, 2 where the tiles come through registers
  // (1 or 2 chunks, but bf16 x at 9..16 columns; items 311, 315-316).
  const int four_stage = 16 * (4096 + 528), four_red = 16 * 128 * 4;
  const int four_stages = 3 * four_stage + four_red + tile_sums <= d.dev.smem_optin ? 3 : 2;
  const bool through_registers = !four && !(c.act == kActBF16 && wide);
  const int stages = wide && !wide2 ? (through_registers ? 2 : 4) * 16 * (1024 + 144)
                     : four         ? four_stages * four_stage
                                    : (through_registers ? 2 : 4) * 16 * (2048 + 272);
  const int red = four ? four_red : 2 * tile_outputs * 16 * 4;
  if (g.smem_bytes > d.dev.smem_optin || g.smem_bytes < stages + red + tile_sums)
    fail(d, c, g, "tile sweep: shared memory for its stages (4 of 16 rows x 128 chunks or 2 through registers, 3 "
                  "or 2 of 256, or 4 of 64), the warps' sums and the cluster's tile sums");
}

// The band sweep (W4A16 and W4A4 at one column and L = 1 on the tiled format, sm_90; W4A4 only
// where no warp's last group is partly empty, band16_pays, unless forced): K's tiles (K padded
// to 128) over a cluster of 1 or 2 CTAs, the last CTA's possibly fewer, each warp's in whole
// groups of 2 (the slots past its tiles empty), at most one cluster a
// band, the clusters resident at 3 CTAs an SM, x's tiles (8 warps x their whole groups) and the
// bands' sums within a third of the SM's shared memory.
// A warp's tile slots a band on a cluster of `band` CTAs: its CTA's k tiles over 8 warps in whole
// groups of 2 (band16_warp_tiles).
int band_warp_slots(int K, int band) {
  const int cta_tiles = ((K + 127) / 128 + band - 1) / band;
  return ((cta_tiles + 7) / 8 + 1) / 2 * 2;
}

void check_band_sweep(const Device& d, const Case& c, const GemvLaunch& g) {
  const int64_t bands = (c.M + 15) / 16;
  if (d.dev.major != 9 || c.sf_layout != kScaleTiled || c.N != 1 || c.L != 1 || !c.aligned ||
      (c.act != kActF16 && c.act != kActBF16 && c.act != kActFP4) || c.K > 32768)
    fail(d, c, g, "band sweep: W4A16 or W4A4, one column, L = 1, tiled, aligned, K up to 32768, sm_90");
  const char* band_env = std::getenv("NVFP4_GEMV_BAND16");
  const bool forced = band_env && band_env[0] == '1';
  if (c.act == kActFP4 && !forced && c.K % (2048 * g.band) != 0)
    fail(d, c, g, "band sweep: W4A4 where K leaves every warp's groups full (band16_pays)");
  const int k_tiles = (c.K + 127) / 128, cta_tiles = (k_tiles + g.band - 1) / g.band;
  const int warp_tiles = band_warp_slots(c.K, g.band);
  if ((g.band != 1 && g.band != 2) || g.k_split != 128 * cta_tiles || g.splits != 1 || g.row_blocks > bands ||
      g.row_blocks > 3 * d.dev.sms / g.band || g.sweep || g.cluster || g.integer || !g.tiled || g.ring || g.spans)
    fail(d, c, g, "band sweep: clusters of 1 or 2 CTAs splitting K's tiles, at most one a band, resident at 3 CTAs an SM");
  const int64_t per = (bands + g.row_blocks - 1) / g.row_blocks;
  if (g.smem_bytes < 8 * warp_tiles * (256 + 32) + per * 9 * 16 * 4 || g.smem_bytes > (2 * d.dev.cta_smem) / 3)
    fail(d, c, g, "band sweep: shared memory for x's tiles and the bands' sums, a third of the SM's");
}

GemvLaunch check_case(const Device& d, const Case& c) {
  const GemvParams p = params_of(c);
  const GemvLaunch g = plan_gemv_for(p, d.dev);
  ++checked;
  const int64_t rows = int64_t(c.M) * c.L * (g.k_sections > 1 ? g.k_sections : 1);  // sections: batches
  if (check_plan(p, g, d.dev) != 0) fail(d, c, g, "launch_gemv would refuse it");
  if (g.row_blocks < 1 || g.row_blocks > rows || g.row_blocks > 65535) fail(d, c, g, "row blocks");
  if (g.splits < 1 ||
      int64_t(g.grid) != int64_t(g.row_blocks) * g.splits * (g.cluster ? g.cluster : 1) * (g.band ? g.band : 1))
    fail(d, c, g, "grid");
  if (g.k_sections) {  // K in equal sections (k_sections_plan): batches of the row sweep at one
    // column, else each a launch of the tile sweep (sections of a multiple of 256 values there)
    const int s = g.k_sections, grain = g.cluster ? 256 : 32;
    const int most = g.cluster || g.integer ? 32768 : 16384;  // the tile / W4A4 / W4A16 sweep's longest
    bool fewest = true;
    // (the row sweeps: the fewest that fit the longest row; the tile sweep's also need their
    // clusters' tile sums to fit its shared memory, which k_tile_sections_plan asks of the plan)
    for (int t = 2; t < s && !g.cluster; ++t) fewest = fewest && !(c.K % (grain * t) == 0 && c.K / t <= most);
    if (d.dev.major != 9 || c.L != 1 || (g.cluster ? c.N < 3 : c.N != 1) || c.K <= 32768 || s > 16 ||
        c.K % (grain * s) != 0 || c.K / s > most || !fewest || !(g.sweep || g.cluster) ||
        g.workspace_bytes != int64_t(s) * c.M * c.N * 4)
      fail(d, c, g, "k sections: L = 1 past K = 32768, the fewest equal sections (of a multiple of 32 values "
                    "the W4A4 sweep (32768) or the W4A16 sweep (16384) holds at one column, else of 256 the "
                    "tile sweep holds), their sums' workspace");
    GemvLaunch section = g;
    section.k_sections = 0;
    section.workspace_bytes = 0;
    if (g.cluster)
      check_tile_sweep(d, Case{c.M, c.K / s, 1, c.N, c.act, c.sf_layout, c.aligned}, section);
    else
      check_row_sweep(d, Case{c.M, c.K / s, s, c.N, c.act, c.sf_layout, c.aligned}, section);
    return g;
  }
  if (g.band) {
    check_band_sweep(d, c, g);
    return g;
  }
  if (g.cluster) {
    check_tile_sweep(d, c, g);
    return g;
  }
  if (g.sweep) {
    check_row_sweep(d, c, g);
    return g;
  }
  if (g.k_split < 16 || int64_t(g.splits) * g.k_split < c.K || int64_t(g.splits - 1) * g.k_split >= c.K)
    fail(d, c, g, "splits do not cover K exactly once (or one is empty)");
  if (g.k_chunk < 16 || g.k_chunk > g.k_split || g.k_chunk % 64 != 0 || g.k_split % 64 != 0)
    fail(d, c, g, "k chunk");
  if (g.seg_rows < 1 || g.seg_rows % 2 != 0) fail(d, c, g, "segment rows");
  // The staged activation: fp16 (2 bytes a value and column); the integer item's, one column,
  // 1.5 bytes a value (DotStage).
  const int act_bytes = !g.integer ? g.k_chunk * c.N * 2 : g.k_chunk / 2 * 3;
  if (g.smem_bytes > d.dev.cta_smem || g.smem_bytes < kSmemHeader + act_bytes + kActPadBytes)
    fail(d, c, g, "shared memory");
  if (g.act_raw_offset != 0 && (g.act_raw_offset % 16 != 0 || g.act_raw_offset >= g.smem_bytes))
    fail(d, c, g, "raw activation offset");
  if (g.workspace_bytes != (g.splits > 1 ? int64_t(g.splits) * rows * c.N * 4 : 0))
    fail(d, c, g, "workspace");
  if (g.chunk_bytes != 16 && g.chunk_bytes != 8) fail(d, c, g, "load width");
  if (g.spans && (c.N != 1 || g.k_chunk < g.k_split)) fail(d, c, g, "k spans take one column, one chunk");
  if (g.ring && (d.dev.major < 9 || c.N > 8)) fail(d, c, g, "ring");
  if (g.integer && (d.dev.major != 9 || c.N != 1 || c.act != kActFP4 || g.chunk_bytes != 16 || g.ring ||
                 (g.spans && g.tiled) || g.act_raw_offset != 0))
    fail(d, c, g, "integer item: W4A4, one column, 16-byte row tiles or k spans on sm_90, staged by loads");
  const bool tiled = c.sf_layout == kScaleTiled;
  if (g.tiled != tiled || (tiled && (g.chunk_bytes != 16 || g.ring || g.spans || g.k_split % 128 != 0 ||
                                     g.k_chunk % 128 != 0 || g.row_blocks > int64_t(c.L) * ((c.M + 15) / 16))))
    fail(d, c, g, "tiled: row tiles of 16-byte loads, k ranges and row ranges in whole tiles (bands of each batch)");
  return g;
}

// Whether a plan is the row tiles (gemv_kernel): no tile sweep, row sweep or band sweep.
bool row_tiles(const GemvLaunch& g) { return g.cluster == 0 && g.sweep == 0 && !g.band; }

// The `show` mode: the plans of the shapes in args on device d. Returns the exit status.
int show_plans(const Device& d, int argc, char** argv) {
  const auto is = [](const char* a, const char* b) { return std::strcmp(a, b) == 0; };
  if (argc < 3 || !(is(argv[0], "fp4") || is(argv[0], "fp16") || is(argv[0], "bf16")) ||
      !(is(argv[1], "tiled") || is(argv[1], "rowmajor"))) {
    std::fprintf(stderr, "usage: plan_rules show fp4|fp16|bf16 tiled|rowmajor MxK[xL[xN]] ...\n");
    return 2;
  }
  const int act = is(argv[0], "fp4") ? kActFP4 : is(argv[0], "fp16") ? kActF16 : kActBF16;
  const int layout = is(argv[1], "tiled") ? kScaleTiled : kScaleRowMajor;
  for (int i = 2; i < argc; ++i) {
    int M = 0, K = 0, L = 1, N = 1;
    if (std::sscanf(argv[i], "%dx%dx%dx%d", &M, &K, &L, &N) < 2 || M < 1 || K < 16 || K % 16 || L < 1 || N < 1 ||
        N > 16) {
      std::fprintf(stderr, "a shape is MxK[xL[xN]] with K a multiple of 16 and N <= 16, got %s\n", argv[i]);
      return 2;
    }
    const GemvParams p = params_of(Case{M, K, L, N, act, layout, true});
    char text[256];
    describe_launch(p, plan_gemv_for(p, d.dev), text, sizeof(text));  // the library's words, as it logs them
    std::printf("%dx%dx%dx%d: %s\n", M, K, L, N, text);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const Device devices[] = {
      // 2 x 113 KB per SM (the rule's target); 227 KB a CTA may opt in to; clusters of 1..8
      // tile-sweep CTAs resident at once as runs 274, 277 and 301 found them; 4916 GB/s of memory
      // (device_info: 3201 MHz x 6144 bits x 2)
      {"H200", {132, 115712, 9, 2, 232448, {0, 132, 66, 39, 30, 22, 17, 15, 15}, 4916}},
      // the same SMs with the H100's 3352 GB/s (2619 MHz x 5120 bits x 2): sweep8_pays' slow memory
      {"H100", {132, 115712, 9, 2, 232448, {0, 132, 66, 39, 30, 22, 17, 15, 15}, 3352}},
      {"A100", {108, 166912, 8, 1}},   // one CTA per SM with the opt-in maximum
      {"B200", {148, 115712, 10, 2}},
      {"RTX", {46, 101376, 8, 1}},
  };
  if (argc > 1 && std::strcmp(argv[1], "show") == 0) return show_plans(devices[0], argc - 2, argv + 2);
  // The rule measured on the H200 (BENCHMARKS.md "Current"): N = 1 unless said, W4A4, row-major
  // scales, aligned. With the row sweep (the default): its pieces per thread, warps per row and
  // CTAs (sweep_plan); with NVFP4_GEMV_SWEEP=0 alone, the variants measured before it (nullptr:
  // not measured without the sweep, not checked there).
  struct Expect {
    int M, K, L;
    int pieces, warps, grid;
    const char* without_sweep;
  };
  // One piece a thread at L = 1 where the weights are at most 16 MiB (4096x4096 on 4 warps,
  // 7168x2048 on 2, 3 CTAs per SM; kSweepOnePieceMaxBytes, run 251); 7168x2048x4 (8.3 MB a batch)
  // keeps 2 pieces; 14336x4096 (33 MB) takes one on 4 warps where 4 pieces held 2 CTAs an SM (24
  // warps against 16; kSweepMoreWarpsMaxBytes, run 421), the lm_head (311 MB) 2 on 2 warps (4
  // pieces only past K = 16384 since run 426).
  // One piece a thread wherever it holds more warps an SM, up to 256 MiB of weights (sweep_pieces,
  // runs 420-421; the last six): K = 8192 and 6144 on 8 and 6 warps (3 and 4 CTAs an SM) where 4
  // pieces on 2 warps and 2 on 3 held 16 and 18 warps; K = 4096 past 256 MiB (151936x4096x2, 622
  // MB, 2 pieces on 2 warps) and K = 2048 (2 pieces on one warp, 24 warps an SM either way) keep 2.
  // 2 pieces on one group of 7 warps at 4 CTAs an SM, 4 on 5 warps at 3 (sweep_ctas_per_sm, run
  // 425): 4096x14336 on 528 CTAs, 3584x18944 on 396.
  const Expect h200[] = {{7168, 16384, 1, 2, 8, 396, "spans+int"}, {4096, 7168, 8, 1, 7, 528, "int"},
                         {7168, 2048, 4, 2, 1, 396, "spans"},      {4096, 4096, 1, 1, 4, 396, "ring"},
                         {14336, 4096, 1, 1, 4, 396, "spans"},     {4096, 14336, 1, 2, 7, 528, "spans+int"},
                         {7168, 2048, 1, 1, 2, 396, "ring"},       {2048, 7168, 1, 1, 7, 528, "spans+int"},
                         {151936, 4096, 1, 2, 2, 396, "int"},      {28672, 8192, 1, 1, 8, 396, nullptr},
                         {16384, 6144, 1, 1, 6, 528, nullptr},     {4096, 6144, 4, 1, 6, 528, nullptr},
                         {4096, 4096, 4, 1, 4, 396, nullptr},      {151936, 4096, 2, 2, 2, 396, nullptr},
                         {28672, 2048, 1, 2, 1, 396, nullptr},    {3584, 18944, 1, 4, 5, 396, nullptr}};
  // The A/B switches (env_mode in launch_rule.cuh) change the variants on purpose; so does the tile
  // sweep's forced shape (NVFP4_GEMV_SWEEP8_SHAPE), which leaves the invariants to check.
  const bool sweep8_rule = !std::getenv("NVFP4_GEMV_SWEEP8") && !std::getenv("NVFP4_GEMV_SWEEP8_SHAPE");
  // Likewise the W4A16 sweep's (NVFP4_GEMV_SWEEP16, NVFP4_GEMV_SWEEP16_SHAPE).
  const bool sweep16_rule = !std::getenv("NVFP4_GEMV_SWEEP16") && !std::getenv("NVFP4_GEMV_SWEEP16_SHAPE");
  bool default_rule = true;
  for (const char* name : {"NVFP4_GEMV_RING", "NVFP4_GEMV_SPANS", "NVFP4_GEMV_BULK", "NVFP4_GEMV_IMMA",
                           "NVFP4_GEMV_DOT", "NVFP4_GEMV_SWEEP"})
    default_rule = default_rule && !std::getenv(name);
  // The band sweep's launch rule in force (band_rule), and the sweep not switched off (band_on).
  const char* band_env = std::getenv("NVFP4_GEMV_BAND16");
  const bool band_rule = default_rule && !band_env, band_on = !band_env || band_env[0] != '0';
  const char* sweep_env = std::getenv("NVFP4_GEMV_SWEEP");
  bool sweep_off_rule = sweep_env && std::strcmp(sweep_env, "0") == 0;
  for (const char* name :
       {"NVFP4_GEMV_RING", "NVFP4_GEMV_SPANS", "NVFP4_GEMV_BULK", "NVFP4_GEMV_IMMA", "NVFP4_GEMV_DOT"})
    sweep_off_rule = sweep_off_rule && !std::getenv(name);
  for (const Expect& e : h200) {
    const Case c{e.M, e.K, e.L, 1, kActFP4, kScaleRowMajor, true};
    const GemvLaunch g = check_case(devices[0], c);
    if (default_rule && (g.sweep != e.pieces || g.sweep_warps != e.warps || g.grid != e.grid)) {
      std::printf("FAIL H200 %dx%dx%d takes %s (%d pieces, %d warps, %d CTAs), measured rule: the row "
                  "sweep, %d pieces, %d warps, %d CTAs\n", e.M, e.K, e.L, launch_variant(g), g.sweep,
                  g.sweep_warps, g.grid, e.pieces, e.warps, e.grid);
      ++failures;
    }
    if (sweep_off_rule && e.without_sweep && std::strcmp(launch_variant(g), e.without_sweep) != 0) {
      std::printf("FAIL H200 %dx%dx%d takes %s without the sweep, measured rule: %s\n", e.M, e.K, e.L,
                  launch_variant(g), e.without_sweep);
      ++failures;
    }
  }
  // An FP4 activation the sweep cannot load one piece at a time (sweep_act_fits): x 8 bytes past a
  // 16-byte boundary, or its scales in the blocked layout; another kernel takes it, checked.
  for (int what = 0; what < 2; ++what) {
    GemvParams p = params_of(Case{7168, 16384, 1, 1, kActFP4, kScaleRowMajor, true});
    if (what == 0)
      p.x = static_cast<const uint8_t*>(p.x) + 8;
    else
      p.sfx = ScaleIndex{p.sfx.base, 128 * 256 * 4, 0, 0, kScaleBlocked, 16384 / 64};
    const GemvLaunch g = plan_gemv_for(p, devices[0].dev);
    if (g.sweep || check_plan(p, g, devices[0].dev) != 0) {
      std::printf("FAIL H200 7168x16384x1 with %s: sweep %d, check_plan %d\n",
                  what == 0 ? "x 8-byte aligned" : "blocked x scales", g.sweep, check_plan(p, g, devices[0].dev));
      ++failures;
    }
  }
  // The sweep's 32-bit row steps (sweep_steps_fit): at L = 1 its CTAs interleave rows, a CTA's
  // step is groups x grid rows; weight rows 32 MB apart (a padded view) would overflow it, so
  // another kernel takes them.
  {
    GemvParams p = params_of(Case{7168, 16384, 1, 1, kActFP4, kScaleRowMajor, true});
    const GemvLaunch g = plan_gemv_for(p, devices[0].dev);
    p.a_row_stride = int64_t(1) << 25;
    const GemvLaunch wide = plan_gemv_for(p, devices[0].dev);
    if (default_rule && (!g.sweep || wide.sweep || check_plan(p, g, devices[0].dev) == 0 ||
                         check_plan(p, wide, devices[0].dev) != 0)) {
      std::printf("FAIL H200 7168x16384x1: sweep %d; with rows 32 MB apart sweep %d\n", g.sweep, wide.sweep);
      ++failures;
    }
  }
  // x quantized in the sweep (gemv_dynamic_out) only up to K = 8192 (fused_quant_fits, run 427):
  // 4 x 7168 x 2048 fuses (2 pieces on one warp, 72-73 rows a CTA), 16 x 700 x 12800 (2 on 7, 28-29
  // rows a CTA) does not, and check_plan refuses it fused (sweep_last_warps: no such kernel).
  {
    const GemvParams fuses = params_of(Case{7168, 2048, 4, 1, kActQuantBF16, kScaleRowMajor, true});
    const GemvParams q = params_of(Case{700, 12800, 16, 1, kActQuantBF16, kScaleRowMajor, true});
    const GemvLaunch gf = plan_gemv_for(fuses, devices[0].dev), gq = plan_gemv_for(q, devices[0].dev);
    if (default_rule && (gf.sweep != 2 || !fused_quant_fits(fuses, gf) || check_plan(fuses, gf, devices[0].dev) != 0 ||
                         gq.sweep != 2 || gq.sweep_warps != 7 || fused_quant_fits(q, gq) ||
                         check_plan(q, gq, devices[0].dev) == 0)) {
      std::printf("FAIL H200 bf16 x quantized in the sweep: 7168x2048x4 %d pieces, fused %d; 700x12800x16 "
                  "%d pieces x %d warps, fused %d, check_plan %d\n", gf.sweep, fused_quant_fits(fuses, gf),
                  gq.sweep, gq.sweep_warps, fused_quant_fits(q, gq), check_plan(q, gq, devices[0].dev));
      ++failures;
    }
  }
  // Dynamic W4A4 on the tiled format at L = 1 (items 275-276): the band sweep's plan where it takes
  // the FP4 problem, quantizing in its prologue where a CTA's k range is at most 8192 (7168x16384 on
  // clusters of 2: fused, check_plan accepting it; not with x 8 bytes off alignment, nor on
  // 4096x14336's k range of 14336: there the quantize kernel runs first), the integer row tiles
  // where K leaves the band sweep's groups partly empty (1000x5120, fused over its k range of 5120).
  {
    const Case band_case{7168, 16384, 1, 1, kActQuantBF16, kScaleTiled, true};
    const GemvParams b = params_of(band_case), r = params_of(Case{1000, 5120, 1, 1, kActQuantF16, kScaleTiled, true});
    const GemvParams lk = params_of(Case{4096, 14336, 1, 1, kActQuantBF16, kScaleTiled, true});
    Case off = band_case;
    off.aligned = false;
    const GemvParams bo = params_of(off);
    const GemvLaunch gb = plan_gemv_for(b, devices[0].dev), gr = plan_gemv_for(r, devices[0].dev);
    const GemvLaunch gbo = plan_gemv_for(bo, devices[0].dev), glk = plan_gemv_for(lk, devices[0].dev);
    if (band_rule && (gb.band != 2 || !fused_quant_fits(b, gb) || check_plan(b, gb, devices[0].dev) != 0 ||
                      fused_quant_fits(bo, gbo) || glk.band != 1 || fused_quant_fits(lk, glk) || gr.band ||
                      !gr.integer || !fused_quant_fits(r, gr) || check_plan(r, gr, devices[0].dev) != 0)) {
      std::printf("FAIL H200 dynamic tiled: 7168x16384 band %d fused %d check_plan %d, misaligned fused %d; "
                  "4096x14336 band %d fused %d; 1000x5120 band %d integer %d fused %d\n", gb.band,
                  fused_quant_fits(b, gb), check_plan(b, gb, devices[0].dev), fused_quant_fits(bo, gbo), glk.band,
                  fused_quant_fits(lk, glk), gr.band, gr.integer, fused_quant_fits(r, gr));
      ++failures;
    }
  }
  // 4 pieces a thread are built on 5-8 warps only (sweep_first_warps: planned past K = 16384 alone):
  // a plan of 4 pieces on one warp for K = 4096, which would cover the row, is refused.
  {
    const GemvParams p = params_of(Case{151936, 4096, 1, 1, kActFP4, kScaleRowMajor, true});
    GemvLaunch g = plan_gemv_for(p, devices[0].dev);
    const bool planned = g.sweep == 2 && check_plan(p, g, devices[0].dev) == 0;
    g.sweep = 4;
    g.sweep_warps = 1;
    if (default_rule && (!planned || check_plan(p, g, devices[0].dev) == 0)) {
      std::printf("FAIL H200 151936x4096: planned 2 pieces %d; 4 pieces on one warp accepted\n", planned);
      ++failures;
    }
  }
  // check_plan sizes a sweep CTA's sums as the kernel holds them: 8 rows of W4A16 at L = 1 on 3
  // CTAs interleave pairs 0, 3 to CTA 0 (4 rows, not ceil(8 / 3) = 3), so 3 rows' shared memory is
  // refused; W4A4 there holds 3.
  for (const int act : {kActF16, kActFP4}) {
    GemvParams p = params_of(Case{8, 256, 1, 1, act, kScaleRowMajor, true});
    GemvLaunch g = plan_gemv_for(p, devices[0].dev);
    if (!g.sweep) {  // only where a switch turned the sweeps off
      if (default_rule && sweep16_rule) {
        std::printf("FAIL H200 8x256x1 act %d: no sweep\n", act);
        ++failures;
      }
      continue;
    }
    g.row_blocks = g.grid = 3;
    g.smem_bytes = 3 * g.sweep_warps * 4;
    const bool refused = check_plan(p, g, devices[0].dev) != 0;
    if (refused != (act == kActF16)) {
      std::printf("FAIL check_plan of an 8-row %s sweep on 3 CTAs with 3 rows' sums: %s\n",
                  act == kActF16 ? "W4A16" : "W4A4", refused ? "refused" : "accepted");
      ++failures;
    }
  }
  // W4A16 at one column, row-major (sweep16_fits): the sweep at L = 1 wherever K <= 16384
  // (7168x16384: 8 warps a row, 2 CTAs per SM, or one CTA of two groups with bf16 x, items
  // 241-242, sweep16_groups; 14336x4096, where the W4A4 2-or-4 rule gives 4 pieces:
  // 2 warps a row, run 212; one piece at 2048x7168 on 7 warps, 2 CTAs per SM, and 5120x5120 on 5
  // warps, 4 per SM, runs 241-242); at L > 1 wherever 2 pieces fit 8 warps (item 332, run 545; until
  // then not where that rule gave 4, run 212): 4096x7168x8 on 2 x 4.
  if (default_rule && sweep16_rule) {
    for (const int act : {kActF16, kActBF16}) {
      const GemvLaunch g = check_case(devices[0], Case{7168, 16384, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch g8 = check_case(devices[0], Case{4096, 7168, 8, 1, act, kScaleRowMajor, true});
      const GemvLaunch g4 = check_case(devices[0], Case{14336, 4096, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch g1 = check_case(devices[0], Case{2048, 7168, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch g5 = check_case(devices[0], Case{5120, 5120, 1, 1, act, kScaleRowMajor, true});
      // Long streams where ceil(K / 1024) is odd (sweep_warps_per_sm, run 339): 2 pieces on 4 warps
      // at K = 7168 (8192x7168, 33 MB: one piece would hold 14 warps an SM against 16), one piece on
      // 5 warps at K = 5120 (13824x5120: 20 against 12) and on 3 at K = 3072 (28672x3072: 18 against
      // 16); 2048x7168 (8 MB, a short stream) keeps one piece (g1 below).
      const GemvLaunch o7 = check_case(devices[0], Case{8192, 7168, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch o5 = check_case(devices[0], Case{13824, 5120, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch o3 = check_case(devices[0], Case{28672, 3072, 1, 1, act, kScaleRowMajor, true});
      if (o7.sweep != 2 || o7.sweep_warps != 4 || o5.sweep != 1 || o5.sweep_warps != 5 || o3.sweep != 1 ||
          o3.sweep_warps != 3) {
        std::printf("FAIL H200 W4A16 act %d: 8192x7168 sweep %d x %d warps, 13824x5120 sweep %d x %d warps, "
                    "28672x3072 sweep %d x %d warps\n",
                    act, o7.sweep, o7.sweep_warps, o5.sweep, o5.sweep_warps, o3.sweep, o3.sweep_warps);
        ++failures;
      }
      // Many rows a CTA (200000x16384, 8 warps a row): the sums within 48 KB less x's 32 KB, so
      // 2 * 252 rows a CTA on 397 CTAs, not 758 on 264 (check_row_sweep's shared-memory rule).
      const GemvLaunch gm = check_case(devices[0], Case{200000, 16384, 1, 1, act, kScaleRowMajor, true});
      if (gm.sweep != 2 || gm.sweep_warps != 8 || gm.row_blocks != 397) {
        std::printf("FAIL H200 W4A16 act %d: 200000x16384 sweep %d x %d warps on %d row blocks\n", act, gm.sweep,
                    gm.sweep_warps, gm.row_blocks);
        ++failures;
      }
      // One piece where the weights are at most 16 MiB (kSweepOnePieceMaxBytes; run 250):
      // 4096x4096 on 4 warps, 2 CTAs per SM; 14336x4096 (33 MB) keeps 2 pieces (g4).
      const GemvLaunch gs = check_case(devices[0], Case{4096, 4096, 1, 1, act, kScaleRowMajor, true});
      if (gs.sweep != 1 || gs.sweep_warps != 4 || gs.grid != 264) {
        std::printf("FAIL H200 W4A16 act %d: 4096x4096 sweep %d x %d warps on %d CTAs\n", act, gs.sweep,
                    gs.sweep_warps, gs.grid);
        ++failures;
      }
      // Past K = 16384 one CTA of one group per SM: one piece on 17..24 warps (item 202: 3584x18944
      // on 19, 3072x24576 on 24), 2 pieces on 13..16 past K = 24576 (item 200: 5120x27648 on 14).
      const GemvLaunch q1 = check_case(devices[0], Case{3584, 18944, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch q24 = check_case(devices[0], Case{3072, 24576, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch q14 = check_case(devices[0], Case{5120, 27648, 1, 1, act, kScaleRowMajor, true});
      if (q1.sweep != 1 || q1.sweep_warps != 19 || q1.grid != 132 || q24.sweep != 1 || q24.sweep_warps != 24 ||
          q24.grid != 132 || q14.sweep != 2 || q14.sweep_warps != 14 || q14.grid != 132) {
        std::printf("FAIL H200 W4A16 act %d: 3584x18944 sweep %d x %d warps on %d CTAs, 3072x24576 sweep %d x %d "
                    "warps on %d CTAs, 5120x27648 sweep %d x %d warps on %d CTAs\n",
                    act, q1.sweep, q1.sweep_warps, q1.grid, q24.sweep, q24.sweep_warps, q24.grid, q14.sweep,
                    q14.sweep_warps, q14.grid);
        ++failures;
      }
      if (g.sweep != 2 || g.sweep_warps != 8 || g.grid != (act == kActBF16 ? 132 : 264) || g.integer ||
          g8.sweep != 2 || g8.sweep_warps != 4 || g8.integer || g4.sweep != 2 || g4.sweep_warps != 2 ||
          g4.integer || g1.sweep != 1 ||
          g1.sweep_warps != 7 || g1.grid != 264 || g5.sweep != 1 || g5.sweep_warps != 5 || g5.grid != 528) {
        std::printf("FAIL H200 W4A16 act %d: 7168x16384 sweep %d x %d warps on %d CTAs, 4096x7168x8 sweep %d x %d "
                    "warps, 14336x4096 sweep %d x %d warps, 2048x7168 sweep %d x %d warps on %d CTAs, 5120x5120 "
                    "sweep %d x %d warps on %d CTAs\n",
                    act, g.sweep, g.sweep_warps, g.grid, g8.sweep, g8.sweep_warps, g4.sweep, g4.sweep_warps, g1.sweep,
                    g1.sweep_warps, g1.grid, g5.sweep, g5.sweep_warps, g5.grid);
        ++failures;
      }
      // Two columns at L = 1: 7168x16384 on 2 pieces x 8 warps, 4096x4096 on 1 x 4, 2 CTAs per SM;
      // 2 pieces at any size (28672x16384, 264 MB), one piece up to 2^27 bytes of weights
      // (28672x8192, 132 MB; not 32768x8192, 151 MB, nor the 350 MB lm_head:
      // kSweep16TwoColsOnePieceMaxBytes, runs 253-254, 261 and 267); not at L > 1, nor with the
      // second column 8 bytes off 16-byte alignment.
      const GemvLaunch n2 = check_case(devices[0], Case{7168, 16384, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2s = check_case(devices[0], Case{4096, 4096, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2l = check_case(devices[0], Case{4096, 4096, 2, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2h = check_case(devices[0], Case{151936, 4096, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2b = check_case(devices[0], Case{28672, 16384, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2m = check_case(devices[0], Case{32768, 8192, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n2p = check_case(devices[0], Case{28672, 8192, 1, 2, act, kScaleRowMajor, true});
      GemvParams odd_col = params_of(Case{4096, 4096, 1, 2, act, kScaleRowMajor, true});
      odd_col.x_col_stride = 4096 + 4;
      const GemvLaunch n2o = plan_gemv_for(odd_col, devices[0].dev);
      if (n2.sweep != 2 || n2.sweep_warps != 8 || n2.grid != 264 || n2s.sweep != 1 || n2s.sweep_warps != 4 ||
          n2s.grid != 264 || n2l.sweep || n2h.sweep || n2o.sweep || check_plan(odd_col, n2o, devices[0].dev) != 0 ||
          n2b.sweep != 2 || n2b.sweep_warps != 8 || n2m.sweep || n2p.sweep != 1) {
        std::printf("FAIL H200 W4A16 act %d N = 2: 7168x16384 sweep %d x %d warps on %d CTAs, 4096x4096 sweep %d "
                    "x %d warps on %d CTAs, at L = 2 sweep %d, the lm_head sweep %d, second column 8-byte "
                    "aligned sweep %d, 28672x16384 sweep %d x %d warps, 32768x8192 sweep %d, 28672x8192 "
                    "sweep %d\n",
                    act, n2.sweep, n2.sweep_warps, n2.grid, n2s.sweep, n2s.sweep_warps, n2s.grid, n2l.sweep,
                    n2h.sweep, n2o.sweep, n2b.sweep, n2b.sweep_warps, n2m.sweep, n2p.sweep);
        ++failures;
      }
      // The long streams of K 2049..4096 on 2 pieces of 2 warps a row, bf16 x as fp16 x, no
      // workspace: the lm_head (350 MB) and 65536x4096 (151 MB). From item 226 to item 231 bf16 x
      // took a pre-kernel there (bf16_prescale_kernel, then the fp16 sweep); with item 231's
      // prologue (the CTA's groups sharing one converted copy of x) the direct sweep costs what the
      // pre-kernel did or less (run 367), so it went.
      {
        const GemvLaunch h = check_case(devices[0], Case{151936, 4096, 1, 1, act, kScaleRowMajor, true});
        const GemvLaunch s4 = check_case(devices[0], Case{65536, 4096, 1, 1, act, kScaleRowMajor, true});
        if (h.sweep != 2 || h.sweep_warps != 2 || h.integer || h.workspace_bytes || s4.sweep != 2 ||
            s4.sweep_warps != 2 || s4.integer || s4.workspace_bytes) {
          std::printf("FAIL H200 W4A16 act %d: the lm_head sweep %d x %d warps (workspace %lld), 65536x4096 "
                      "sweep %d x %d warps (workspace %lld)\n",
                      act, h.sweep, h.sweep_warps, (long long)h.workspace_bytes, s4.sweep, s4.sweep_warps,
                      (long long)s4.workspace_bytes);
          ++failures;
        }
      }
      // Its CTAs interleave row pairs at L = 1: a step of 2 x groups x grid rows (sweep_steps_fit),
      // past 31 bits for rows 4 MiB apart on 264 CTAs of one group (a row step alone would fit).
      GemvParams wide = params_of(Case{7168, 16384, 1, 1, act, kScaleRowMajor, true});
      wide.a_row_stride = int64_t(1) << 22;
      const GemvLaunch gw = plan_gemv_for(wide, devices[0].dev);
      if (gw.sweep || check_plan(wide, gw, devices[0].dev) != 0) {
        std::printf("FAIL H200 W4A16 act %d: 7168x16384 with rows 4 MiB apart: sweep %d, check_plan %d\n", act,
                    gw.sweep, check_plan(wide, gw, devices[0].dev));
        ++failures;
      }
    }
    // W4A4 at two columns (FP4 x) on the same kernel (BENCHMARKS.md item 181) where its scales are
    // row-major: 7168x16384 on 2 pieces x 8 warps, 4096x4096 on 1 x 4, one piece up to 96 MiB of
    // weights (20480x8192, 94 MB; not 24576x8192, 113 MB: runs 270-271); not at L = 2, nor with
    // blocked or odd-aligned activation scales (the row tiles there), nor at one column (the W4A4
    // sweep, integer) or three.
    {
      const GemvLaunch f2 = check_case(devices[0], Case{7168, 16384, 1, 2, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f2s = check_case(devices[0], Case{4096, 4096, 1, 2, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f2l = check_case(devices[0], Case{4096, 4096, 2, 2, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f1 = check_case(devices[0], Case{4096, 4096, 1, 1, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f3 = check_case(devices[0], Case{4096, 4096, 1, 3, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f2p = check_case(devices[0], Case{20480, 8192, 1, 2, kActFP4, kScaleRowMajor, true});
      const GemvLaunch f2m = check_case(devices[0], Case{24576, 8192, 1, 2, kActFP4, kScaleRowMajor, true});
      GemvParams blocked = params_of(Case{4096, 4096, 1, 2, kActFP4, kScaleRowMajor, true});
      blocked.sfx.layout = kScaleBlocked;
      GemvParams odd = params_of(Case{4096, 4096, 1, 2, kActFP4, kScaleRowMajor, true});
      odd.sfx.row_stride = 4096 / 16 + 1;
      const GemvLaunch fb = plan_gemv_for(blocked, devices[0].dev);
      const GemvLaunch fo = plan_gemv_for(odd, devices[0].dev);
      if (f2.sweep != 2 || f2.sweep_warps != 8 || f2.integer || f2s.sweep != 1 || f2s.sweep_warps != 4 ||
          f2s.integer || f2l.sweep || !f1.sweep || !f1.integer || f3.sweep || fb.sweep || fo.sweep ||
          f2p.sweep != 1 || f2m.sweep ||
          check_plan(blocked, fb, devices[0].dev) != 0 || check_plan(odd, fo, devices[0].dev) != 0) {
        std::printf("FAIL H200 W4A4 N = 2: 7168x16384 sweep %d x %d warps integer %d, 4096x4096 sweep %d x %d "
                    "integer %d, at L = 2 sweep %d, N = 1 sweep %d integer %d, N = 3 sweep %d, blocked "
                    "activation scales sweep %d, odd scale rows sweep %d, 20480x8192 sweep %d, 24576x8192 "
                    "sweep %d\n",
                    f2.sweep, f2.sweep_warps, f2.integer, f2s.sweep, f2s.sweep_warps, f2s.integer, f2l.sweep,
                    f1.sweep, f1.integer, f3.sweep, fb.sweep, fo.sweep, f2p.sweep, f2m.sweep);
        ++failures;
      }
    }
  }
  // K past 32768 at one column (k_sections_plan): the fewest equal sections of a multiple of 32 values
  // that a sweep holds, each a batch. W4A4 (up to 32768 a section): Llama-3.1-405B's 16384x53248 in 2
  // of 26624 (4 pieces x 7 warps), 8192x36864 in 2 of 18432 (4 x 5), 1024x131072 in 4 of 32768 (4 x
  // 8), 1000x32800 in 5 of 6560 (not 2-4: 32800 = 32 x 1025); W4A16 (up to 16384, 2 pieces): 4 of
  // 13312 (7 warps), 3 of 12288 (6), 8 of 16384 (8). None at K = 32784 (16 x odd), at L = 2, or with
  // blocked weight scales. Several columns (item 205): the tile sweep once a section at 9..16 columns
  // (16384x53248 N = 16 in 2 of 26624 on clusters of 8, 2 chunks a thread on the 2 stages of item
  // 315; bf16 x, whose copies take 4, in 4 of 13312 on clusters of 4; 2048x65536 in 2 of 32768), and
  // at 3..8 where a launch's clusters take at least 24 tiles (16384x53248 N = 8 in 2 of 26624 on 15
  // clusters of 8 CTAs of 3328 k, 2 chunks a thread through registers since item 312: 69 tiles each;
  // not 4096x40960: 12); never at 2 (the row tiles).
  if (default_rule && sweep16_rule) {
    struct Want {
      int M, K, act, sections, pieces, warps;
    };
    const Want want[] = {{16384, 53248, kActFP4, 2, 4, 7}, {8192, 36864, kActFP4, 2, 4, 5},
                         {1024, 131072, kActFP4, 4, 4, 8}, {1000, 32800, kActFP4, 5, 0, 0},
                         {16384, 53248, kActF16, 4, 2, 7}, {16384, 53248, kActBF16, 4, 2, 7},
                         {8192, 36864, kActBF16, 3, 2, 6}, {1024, 131072, kActF16, 8, 2, 8},
                         {1000, 32784, kActFP4, 0, 0, 0},  {1000, 32784, kActBF16, 0, 0, 0}};
    for (const Want& w : want) {
      const GemvLaunch g = check_case(devices[0], Case{w.M, w.K, 1, 1, w.act, kScaleRowMajor, true});
      if (g.k_sections != w.sections || (w.pieces && (g.sweep != w.pieces || g.sweep_warps != w.warps))) {
        std::printf("FAIL H200 %dx%d act %d: %d k sections of %d pieces x %d warps, want %d of %d x %d\n", w.M, w.K,
                    w.act, g.k_sections, g.sweep, g.sweep_warps, w.sections, w.pieces, w.warps);
        ++failures;
      }
    }
    for (const int act : {kActFP4, kActF16}) {
      const GemvLaunch two = check_case(devices[0], Case{16384, 53248, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch eight = check_case(devices[0], Case{16384, 53248, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch sixteen = check_case(devices[0], Case{16384, 53248, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch few = check_case(devices[0], Case{4096, 40960, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch few16 = check_case(devices[0], Case{2048, 65536, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch batches = check_case(devices[0], Case{1024, 53248, 2, 1, act, kScaleRowMajor, true});
      const GemvLaunch blocked = check_case(devices[0], Case{1024, 53248, 1, 1, act, kScaleBlocked, true});
      const bool tiles = !std::getenv("NVFP4_GEMV_SWEEP8");  // the tile sweep allowed
      if (two.k_sections || few.k_sections || batches.k_sections || blocked.k_sections ||
          (tiles && (eight.k_sections != 2 || eight.cluster != 8 || eight.row_blocks != devices[0].dev.cluster_fit[8] ||
                     eight.k_split != 3328 || sixteen.k_sections != 2 || !sixteen.cluster ||
                     few16.k_sections != 2 || !few16.cluster))) {
        std::printf("FAIL H200 act %d: k sections 16384x53248 at N = 2 %d, N = 8 %d on %d x %d of %d k, N = 16 "
                    "%d; 4096x40960 N = 8 %d, 2048x65536 N = 16 %d; at L = 2 %d, blocked scales %d\n",
                    act, two.k_sections, eight.k_sections, eight.cluster, eight.row_blocks, eight.k_split,
                    sixteen.k_sections, few.k_sections, few16.k_sections, batches.k_sections, blocked.k_sections);
        ++failures;
      }
    }
  }
  // The tile sweep (sweep8_kernel) at 3..8 columns, L = 1, every activation kind (BENCHMARKS.md items
  // 184, 186): 7168x16384 on 30 clusters of 4 CTAs of 4096 k (what fits at once, not 132 / 4; 4 chunks
  // a thread on clusters of 2 would be 7% less work by sweep8_choice's model, not 10%), 4096x14336 and
  // 2048x16384 on clusters of 4 of 3584 and 4096 k, 2 chunks a thread (bf16 x: item 196; fp16 and FP4
  // x through registers where 4 chunks would need a cluster and take several tiles, item 312; the work
  // model alone would take 4 chunks on clusters of 2, 22% and 20% less), 14336x4096 on 132 single
  // CTAs, 256x4096 on one CTA per 16-row tile, 28672x8192 N = 3 on clusters of 2, 7168x16384 N = 4 on
  // clusters of 4 like N = 8 (K > 8192 at N = 3-4 too since its copies are branch-free: run 291, item
  // 191); 9..16 columns on one chunk a thread (item 194, run 299): 4096x4096 N = 9 on clusters of 2 of
  // 2048 k, 256x4096 N = 16 (one round) on 16 clusters of 2; 512x14336 N = 12 on 8 x 1792 k (more CTAs
  // than hold K where a cluster takes several tiles: the rounds stay and more SMs work, item 195; 2
  // chunks would save less than two of their tiles); on 2 chunks where they save at least that (item
  // 197, run 306): 7168x16384 N = 16 on 30 clusters of 4 x 4096 k (on one: 15 of 8, 30 rounds against
  // 15), 4096x14336 N = 12 on 30 of 4 x 3584 k, 14336x4096 N = 16 on 132 single CTAs; at 4096 < K <=
  // 8192 on 4 chunks where the model says 10% less work (item 198, run 308; single CTAs, which item
  // 312 keeps): 14336x5120 N = 8 on single CTAs (bf16: 2 chunks, clusters of 2), 8192x8192 (the same
  // work) on clusters of 2; not at N = 2 (the W4A16 sweep), not at L = 2, nor with blocked weight
  // scales, x 8 bytes off 16-byte alignment, or scale rows not 16-byte multiples (K = 4128, 16416).
  // Past K = 16384, where no row sweep holds a row of several columns, 2..16 columns on clusters of up
  // to 8 (BENCHMARKS.md item 199): 8192x28672 (Llama-3-70B's down projection) N = 16 on 15 clusters of
  // 8 x 3584 k (not 7 x 4096: the same rounds on 120 SMs, item 201); 3584x18944 N = 8 on 5 x 3840 k (2
  // chunks a thread; 4 would take 3 x 6400); 500x32768 N = 2 on 8 x 4096 k; none at K = 33024 (500
  // rows: K sections of the tile sweep only where a launch's clusters take 24 tiles or more, item 205;
  // below). One column stays on the row sweeps there (8192x28672: the W4A4 sweep of 4 pieces, the
  // W4A16 sweep of 2 pieces on 14 warps a row, one CTA per SM, item 200).
  if (default_rule && sweep8_rule) {
    for (const int act : {kActF16, kActBF16, kActFP4}) {
      const GemvLaunch t8 = check_case(devices[0], Case{7168, 16384, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch t14 = check_case(devices[0], Case{4096, 14336, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch t16 = check_case(devices[0], Case{2048, 16384, 1, 5, act, kScaleRowMajor, true});
      const GemvLaunch t4 = check_case(devices[0], Case{14336, 4096, 1, 4, act, kScaleRowMajor, true});
      const GemvLaunch ts = check_case(devices[0], Case{256, 4096, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch n2 = check_case(devices[0], Case{4096, 4096, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch n9 = check_case(devices[0], Case{4096, 4096, 1, 9, act, kScaleRowMajor, true});
      const GemvLaunch l2 = check_case(devices[0], Case{4096, 4096, 2, 8, act, kScaleRowMajor, true});
      const GemvLaunch bl = check_case(devices[0], Case{4096, 4096, 1, 8, act, kScaleBlocked, true});
      const GemvLaunch un = check_case(devices[0], Case{4096, 4096, 1, 8, act, kScaleRowMajor, false});
      const GemvLaunch odd = check_case(devices[0], Case{4096, 4128, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch big = check_case(devices[0], Case{4096, 16416, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch few = check_case(devices[0], Case{7168, 16384, 1, 4, act, kScaleRowMajor, true});
      const GemvLaunch few2 = check_case(devices[0], Case{28672, 8192, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch w16 = check_case(devices[0], Case{7168, 16384, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch w12 = check_case(devices[0], Case{4096, 14336, 1, 12, act, kScaleRowMajor, true});
      const GemvLaunch wbig = check_case(devices[0], Case{4096, 16416, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch wsmall = check_case(devices[0], Case{256, 4096, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch wmid = check_case(devices[0], Case{512, 14336, 1, 12, act, kScaleRowMajor, true});
      const GemvLaunch wk4 = check_case(devices[0], Case{14336, 4096, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch k5 = check_case(devices[0], Case{14336, 5120, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch k8 = check_case(devices[0], Case{8192, 8192, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch d1 = check_case(devices[0], Case{8192, 28672, 1, 1, act, kScaleRowMajor, true});
      const GemvLaunch d16 = check_case(devices[0], Case{8192, 28672, 1, 16, act, kScaleRowMajor, true});
      const GemvLaunch q8 = check_case(devices[0], Case{3584, 18944, 1, 8, act, kScaleRowMajor, true});
      const GemvLaunch k32 = check_case(devices[0], Case{500, 32768, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch k33 = check_case(devices[0], Case{500, 33024, 1, 8, act, kScaleRowMajor, true});
      const int fit8 = devices[0].dev.cluster_fit[8];
      const int fit4 = devices[0].dev.cluster_fit[4];
      const bool bf = act == kActBF16;  // 2 chunks a thread wherever it fits (item 196)
      if (t8.cluster != 4 || t8.row_blocks != 30 || t8.k_split != 4096 || t14.cluster != 4 ||
          t14.k_split != 3584 || t16.cluster != 4 || t16.k_split != 4096 ||
          t4.cluster != 1 || t4.grid != 132 || ts.cluster != 1 || ts.grid != 16 || n2.cluster ||
          n9.cluster != 2 || n9.k_split != 2048 || l2.cluster ||
          bl.cluster || un.cluster || odd.cluster || big.cluster || few.cluster != 4 || few.row_blocks != 30 ||
          few2.cluster != 2 || w16.cluster != 4 || w16.k_split != 4096 || w16.row_blocks != fit4 ||
          w12.cluster != 4 || w12.k_split != 3584 || w12.row_blocks != fit4 || wbig.cluster ||
          wsmall.cluster != 2 || wsmall.k_split != 2048 || wsmall.row_blocks != 16 || wmid.cluster != 8 ||
          wmid.k_split != 1792 || wk4.cluster != 1 || wk4.k_split != 4096 || wk4.grid != 132 ||
          k5.cluster != (bf ? 2 : 1) || k5.k_split != (bf ? 2560 : 5120) || k8.cluster != 2 || k8.k_split != 4096 ||
          d1.cluster != 0 || d1.sweep != (act == kActFP4 ? 4 : 2) ||
          d1.sweep_warps != (act == kActFP4 ? 7 : 14) || d1.grid != (act == kActFP4 ? 264 : 132) ||
          d16.cluster != 8 || d16.k_split != 3584 || d16.row_blocks != fit8 || q8.cluster != 5 ||
          q8.k_split != 3840 || k32.cluster != 8 || k32.k_split != 4096 || k33.k_sections ||
          k33.cluster) {
        std::printf("FAIL H200 tile sweep act %d: 7168x16384 N=8 cluster %d x %d of %d k, 4096x14336 cluster %d of "
                    "%d k, 2048x16384 cluster %d of %d k, 14336x4096 N=4 cluster %d on %d CTAs, 256x4096 N=3 "
                    "cluster %d on %d CTAs; cluster %d at N=2, %d of %d k at N=9, %d at L=2, %d blocked, %d "
                    "unaligned, %d at K=4128, %d at K=16416, %d on 7168x16384 N=4, %d on 28672x8192 N=3; N=16 "
                    "7168x16384 cluster %d x %d of %d k, N=12 4096x14336 cluster %d x %d of %d k, %d at K=16416, "
                    "N=16 256x4096 cluster %d x %d of %d k, N=12 512x14336 cluster %d of %d k, N=16 14336x4096 "
                    "cluster %d x %d of %d k, 14336x5120 cluster %d of %d k, 8192x8192 cluster %d of %d k; "
                    "8192x28672 N=1 cluster %d sweep %d x %d warps on %d CTAs, N=16 cluster %d x %d of %d k, "
                    "3584x18944 cluster %d of %d k, 500x32768 N=2 cluster %d of %d k, at K=33024 cluster %d, "
                    "%d sections\n",
                    act, t8.cluster, t8.row_blocks, t8.k_split, t14.cluster, t14.k_split, t16.cluster, t16.k_split,
                    t4.cluster, t4.grid, ts.cluster, ts.grid, n2.cluster, n9.cluster, n9.k_split, l2.cluster,
                    bl.cluster, un.cluster, odd.cluster, big.cluster, few.cluster, few2.cluster, w16.cluster,
                    w16.row_blocks, w16.k_split, w12.cluster, w12.row_blocks, w12.k_split, wbig.cluster,
                    wsmall.cluster, wsmall.row_blocks, wsmall.k_split, wmid.cluster, wmid.k_split, wk4.cluster,
                    wk4.grid, wk4.k_split, k5.cluster, k5.k_split, k8.cluster, k8.k_split, d1.cluster,
                    d1.sweep, d1.sweep_warps, d1.grid, d16.cluster, d16.row_blocks, d16.k_split, q8.cluster, q8.k_split,
                    k32.cluster, k32.k_split, k33.cluster, k33.k_sections);
        ++failures;
      }
    }
  }
  // Two and three columns past item 273's bounds (items 335-336, runs 555 and 557 on the H200;
  // sweep8_pays): the tile sweep from K = 8192 (tiled 26624x8192 N = 2, 7168x16384 N = 3, 8192x28672
  // N = 3; row-major FP4 x 26624x8192 N = 2, past the two-column row sweep's 96 MiB); below it the row
  // tiles past 2^16 rows on tiled weights (the lm_head N = 2-3, 100000x2048, 151936x2048, 100000x1024)
  // and at three row-major columns below K = 4096 (100000x2048), and on row-major FP4 x 100000x2048
  // at two (past 96 MiB, below 2^27 bytes); the tile sweep up to 2^16 rows (4096x4096, 50000x2048,
  // 36864x4096 past 2^26 bytes; row-major 7168x2048 at three columns), at 4 columns (the lm_head)
  // and on row-major weights from K = 4096 at three columns (the lm_head) and at two past 2^27 bytes
  // (the lm_head); 16-bit x keeps the two-column row sweep's one piece on row-major weights.
  if (default_rule && sweep8_rule) {
    for (const int act : {kActF16, kActBF16, kActFP4}) {
      const GemvLaunch rh = check_case(devices[0], Case{151936, 4096, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch rk2 = check_case(devices[0], Case{100000, 2048, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch r109 = check_case(devices[0], Case{26624, 8192, 1, 2, act, kScaleRowMajor, true});
      const GemvLaunch ts2 = check_case(devices[0], Case{4096, 4096, 1, 2, act, kScaleTiled, true});
      const GemvLaunch ts3 = check_case(devices[0], Case{7168, 16384, 1, 3, act, kScaleTiled, true});
      const GemvLaunch t109 = check_case(devices[0], Case{26624, 8192, 1, 2, act, kScaleTiled, true});
      const GemvLaunch th2 = check_case(devices[0], Case{151936, 4096, 1, 2, act, kScaleTiled, true});
      const GemvLaunch th3 = check_case(devices[0], Case{151936, 4096, 1, 3, act, kScaleTiled, true});
      const GemvLaunch tk2 = check_case(devices[0], Case{100000, 2048, 1, 2, act, kScaleTiled, true});
      const GemvLaunch td3 = check_case(devices[0], Case{8192, 28672, 1, 3, act, kScaleTiled, true});
      const GemvLaunch th4 = check_case(devices[0], Case{151936, 4096, 1, 4, act, kScaleTiled, true});
      const GemvLaunch tq3 = check_case(devices[0], Case{151936, 2048, 1, 3, act, kScaleTiled, true});
      const GemvLaunch tf2 = check_case(devices[0], Case{50000, 2048, 1, 2, act, kScaleTiled, true});
      const GemvLaunch tm2 = check_case(devices[0], Case{36864, 4096, 1, 2, act, kScaleTiled, true});
      const GemvLaunch tl2 = check_case(devices[0], Case{100000, 1024, 1, 2, act, kScaleTiled, true});
      const GemvLaunch rk3 = check_case(devices[0], Case{100000, 2048, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch rs3 = check_case(devices[0], Case{7168, 2048, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch rh3 = check_case(devices[0], Case{151936, 4096, 1, 3, act, kScaleRowMajor, true});
      const bool fp4 = act == kActFP4;
      // row-major two columns: FP4 x past the row sweep's bound as above; 16-bit x: that sweep's 1 piece
      const bool rows_ok = fp4 ? row_tiles(rk2) && r109.cluster >= 1
                               : rk2.cluster == 0 && rk2.sweep == 1 && r109.cluster == 0 && r109.sweep == 1;
      if (rh.cluster != 1 || !rows_ok || ts2.cluster != 1 || ts3.cluster < 2 || t109.cluster < 1 ||
          !row_tiles(th2) || !row_tiles(th3) || !row_tiles(tk2) || td3.cluster < 2 || th4.cluster != 1 ||
          !row_tiles(tq3) || tf2.cluster < 1 || tm2.cluster < 1 || !row_tiles(tl2) || !row_tiles(rk3) ||
          rs3.cluster < 1 || rh3.cluster < 1) {
        std::printf("FAIL H200 act %d two / three columns: row-major the lm_head N=2 cluster %d, 100000x2048 N=2 "
                    "cluster %d sweep %d, 26624x8192 N=2 cluster %d sweep %d; tiled 4096x4096 N=2 cluster %d, "
                    "7168x16384 N=3 cluster %d, 26624x8192 N=2 cluster %d, the lm_head N=2 / 3 / 4 cluster "
                    "%d / %d / %d, 100000x2048 N=2 cluster %d, 8192x28672 N=3 cluster %d, 151936x2048 N=3 "
                    "cluster %d, 50000x2048 N=2 cluster %d, 36864x4096 N=2 cluster %d, 100000x1024 N=2 cluster %d; "
                    "row-major N=3 100000x2048 cluster %d, 7168x2048 cluster %d, the lm_head cluster %d\n",
                    act, rh.cluster, rk2.cluster, rk2.sweep, r109.cluster, r109.sweep, ts2.cluster, ts3.cluster,
                    t109.cluster, th2.cluster, th3.cluster, th4.cluster, tk2.cluster, td3.cluster, tq3.cluster,
                    tf2.cluster, tm2.cluster, tl2.cluster, rk3.cluster, rs3.cluster,
                    rh3.cluster);
        ++failures;
      }
    }
  }
  // The same on the H100's slower memory (item 337, runs 559 and 561; sweep8_pays): the row tiles
  // past 2^16 rows below K = 2048 only (tiled 100000x1024 and 200000x512 at two columns, row-major
  // 70001x1536 at three), the tile sweep from K = 2048 at any size (tiled 100000x2048 and the lm_head
  // at two columns, row-major 100000x2048 at three and FP4 x at two) and up to 2^16 rows (tiled
  // 50000x1024); a device described without its memory (0) takes the H200's rule.
  if (default_rule && sweep8_rule) {
    for (const int act : {kActF16, kActBF16, kActFP4}) {
      const Device& h100 = devices[1];
      const GemvLaunch tl2 = check_case(h100, Case{100000, 1024, 1, 2, act, kScaleTiled, true});
      const GemvLaunch tq2 = check_case(h100, Case{200000, 512, 1, 2, act, kScaleTiled, true});
      const GemvLaunch rm3 = check_case(h100, Case{70001, 1536, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch tk2 = check_case(h100, Case{100000, 2048, 1, 2, act, kScaleTiled, true});
      const GemvLaunch th2 = check_case(h100, Case{151936, 4096, 1, 2, act, kScaleTiled, true});
      const GemvLaunch rk3 = check_case(h100, Case{100000, 2048, 1, 3, act, kScaleRowMajor, true});
      const GemvLaunch rk2 = check_case(h100, Case{100000, 2048, 1, 2, kActFP4, kScaleRowMajor, true});
      const GemvLaunch tf2 = check_case(h100, Case{50000, 1024, 1, 2, act, kScaleTiled, true});
      Device unknown = devices[0];
      unknown.dev.mem_gbps = 0;
      const GemvLaunch uk2 = check_case(unknown, Case{100000, 2048, 1, 2, act, kScaleTiled, true});
      if (!row_tiles(tl2) || !row_tiles(tq2) || !row_tiles(rm3) || tk2.cluster < 1 || th2.cluster < 1 ||
          rk3.cluster < 1 || rk2.cluster < 1 || tf2.cluster < 1 || !row_tiles(uk2)) {
        std::printf("FAIL H100 act %d two / three columns: tiled 100000x1024 N=2 cluster %d sweep %d, 200000x512 "
                    "N=2 cluster %d, row-major 70001x1536 N=3 cluster %d; tiled 100000x2048 N=2 cluster %d, the "
                    "lm_head N=2 cluster %d, row-major 100000x2048 N=3 cluster %d, FP4 x N=2 cluster %d, tiled "
                    "50000x1024 N=2 cluster %d; memory not described: tiled 100000x2048 N=2 cluster %d\n",
                    act, tl2.cluster, tl2.sweep, tq2.cluster, rm3.cluster, tk2.cluster, th2.cluster, rk3.cluster,
                    rk2.cluster, tf2.cluster, uk2.cluster);
        ++failures;
      }
    }
  }
  // The integer k spans in equal rows per CTA (run 186): 7168x16384 on 256 CTAs of 28 rows.
  {
    const GemvLaunch g = check_case(devices[0], Case{7168, 16384, 1, 1, kActFP4, kScaleRowMajor, true});
    if (sweep_off_rule && g.row_blocks != 256) {
      std::printf("FAIL H200 7168x16384x1 takes %d row blocks, measured rule: 256\n", g.row_blocks);
      ++failures;
    }
  }
  // Tiled weights at one column, W4A4 on the integer row tiles (L > 1, or K leaving the band
  // sweep's groups partly empty; with the band sweep off, every case): where the bands number at
  // least the SMs, no split and every CTA the same number of whole bands (even_row_blocks; run
  // 180): 7168x16384 and 14336x4096 on 224 CTAs; fewer bands split K where that evens out the
  // busiest SM (tiled_balance_splits).
  struct ExpectTiled {
    int M, K, L, splits, row_blocks;
  };
  const ExpectTiled tiled_plans[] = {
      {7168, 16384, 1, 1, 224}, {4096, 7168, 8, 1, 256},  {7168, 2048, 4, 1, 256},
      {4096, 4096, 1, 1, 256},  {14336, 4096, 1, 1, 224}, {4096, 14336, 1, 1, 256},
      {2048, 7168, 1, 1, 128},  {151936, 4096, 1, 1, 264},
      // few bands, long K (tests/test_gpu_kernel.py's tiled cases)
      {40, 16384, 1, 16, 3},    {100, 8192, 2, 8, 14}};
  for (const ExpectTiled& e : tiled_plans) {
    const GemvLaunch g = check_case(devices[0], Case{e.M, e.K, e.L, 1, kActFP4, kScaleTiled, true});
    if (g.band) continue;  // the band sweep's cases: band_plans below
    if (g.splits != e.splits || g.row_blocks != e.row_blocks) {
      std::printf("FAIL H200 tiled %dx%dx%d takes %d splits of %d row blocks, measured rule: %d of %d\n",
                  e.M, e.K, e.L, g.splits, g.row_blocks, e.splits, e.row_blocks);
      ++failures;
    }
  }
  // The band sweep (band16_plan): W4A16 at one column and L = 1 on the tiled format, any K up to
  // 32768; clusters of 2 CTAs where that leaves a CTA fewer tile slots a warp (448, 896 and 512
  // bands on 396 CTAs), one where the bands divide (the lm_head's 24 a CTA, 6336 rows' one) or two
  // would leave a group partly empty that one fills (4096x14336, 14336x14336, 300x6144); K = 7168
  // (56 tiles, 7 a warp: its last group half empty, item 271) on one CTA where the bands divide
  // (4096 rows) and on 2 where that halves a CTA's slots (2048 and 7168 rows); 13824x5120 on one
  // (3 bands x 6 slots a warp against 5 x 4 on two, runs 444-445); K = 1024 too (run 444).
  struct ExpectBand {
    int M, K, band;
  };
  const ExpectBand band_plans[] = {{7168, 16384, 2}, {14336, 4096, 2}, {8192, 28672, 2}, {151936, 4096, 1},
                                   {6336, 16384, 1}, {4096, 14336, 1}, {4096, 7168, 1},  {2048, 7168, 2},
                                   {7168, 7168, 2},  {13824, 5120, 1}, {14336, 14336, 1}, {300, 6144, 1},
                                   {4096, 1024, 1}};
  // W4A4 takes the same plans where K fills every warp's groups (K a multiple of 2048 x the cluster's
  // CTAs: band16_pays, run 456), the integer row tiles elsewhere.
  for (const ExpectBand& e : band_plans)
    for (int act : {kActF16, kActBF16, kActFP4}) {
      const GemvLaunch g = check_case(devices[0], Case{e.M, e.K, 1, 1, act, kScaleTiled, true});
      const int want = act == kActFP4 && e.K % (2048 * e.band) != 0 ? 0 : e.band;
      if (band_rule && (g.band != want || (!want && !g.integer))) {
        std::printf("FAIL H200 tiled %dx%d act %d takes %s (band %d), measured rule: band %d\n", e.M, e.K, act,
                    launch_variant(g), g.band, want);
        ++failures;
      }
    }
  // check_plan refuses a band plan of the other cluster size, and one for a K the band sweep does not
  // take (a plan for K = 16384 given K = 7168).
  {
    const GemvParams p = params_of(Case{7168, 16384, 1, 1, kActF16, kScaleTiled, true});
    const GemvParams q = params_of(Case{7168, 7168, 1, 1, kActF16, kScaleTiled, true});
    const GemvLaunch g = plan_gemv_for(p, devices[0].dev);
    GemvLaunch other = g;
    other.band = 3 - g.band;
    other.grid = other.row_blocks * other.band;
    other.k_split = p.K / other.band;
    if (band_rule && (g.band != 2 || check_plan(p, other, devices[0].dev) == 0 || check_plan(q, g, devices[0].dev) == 0)) {
      std::printf("FAIL H200 tiled W4A16 7168x16384: band %d; check_plan of the other cluster size %d, of K = 7168 %d\n",
                  g.band, check_plan(p, other, devices[0].dev), check_plan(q, g, devices[0].dev));
      ++failures;
    }
  }
  // Single CTAs of 4 chunks over several rounds (fp16 and FP4 x) only where the work model gives
  // them 20% less work than 2 chunks through registers over two rounds, 30% over more (items 318
  // and 330, runs 517, 541 and 542): 18432x7168 N = 8 (2016 against 2304: 12.5% less) and
  // 14336x6912 on clusters of 2 of 3584 k, 5120x6144 (576 / 640), 8000x6144 (768 / 1024, 4 rounds)
  // and 14336x6144 (1344 / 1792, 7) of 3072; 4096x6144 (384 / 512, 2 rounds) and 14336x5120 (1120
  // / 1792) keep single CTAs, and so does 2048x7168 at one round (the 10% rule). And 4 chunks only
  // where a CTA's x takes at most 96 KB (item 330): fp16 x at 8 columns takes 2 on 2048x7168 (114
  // KB), 4 on 14336x5120 (80 KB); at 4 columns (57 KB) 4 on 2048x7168, as FP4 x (at most 36 KB).
  if (default_rule && sweep8_rule) {
    struct Want {
      int M, K, N, act, cluster, k_split;
    };
    const Want want[] = {{18432, 7168, 8, kActF16, 2, 3584}, {18432, 7168, 8, kActFP4, 2, 3584},
                         {14336, 6912, 8, kActF16, 2, 3584}, {14336, 6912, 8, kActFP4, 2, 3584},
                         {5120, 6144, 8, kActF16, 2, 3072},  {5120, 6144, 8, kActFP4, 2, 3072},
                         {8000, 6144, 8, kActF16, 2, 3072},  {8000, 6144, 8, kActFP4, 2, 3072},
                         {14336, 6144, 8, kActF16, 2, 3072}, {14336, 6144, 8, kActFP4, 2, 3072},
                         {4096, 6144, 8, kActF16, 1, 6144},  {4096, 6144, 8, kActFP4, 1, 6144},
                         {14336, 5120, 8, kActF16, 1, 5120}, {14336, 5120, 8, kActFP4, 1, 5120},
                         {2048, 7168, 8, kActF16, 2, 3584},  {2048, 7168, 8, kActFP4, 1, 7168},
                         {2048, 7168, 4, kActF16, 1, 7168}};
    for (const Want& w : want) {
      const GemvLaunch g = check_case(devices[0], Case{w.M, w.K, 1, w.N, w.act, kScaleRowMajor, true});
      if (g.cluster != w.cluster || g.k_split != w.k_split) {
        std::printf("FAIL H200 tile sweep %dx%d N=%d act %d: clusters of %d of %d k, want %d of %d k\n", w.M, w.K,
                    w.N, w.act, g.cluster, g.k_split, w.cluster, w.k_split);
        ++failures;
      }
    }
  }
  // Row-major scales of K % 256 != 0 (K / 16 bytes a row, no multiple of 16): on rows padded to a
  // 16-byte stride (as NVFP4Linear keeps them, item 321) every tile-sweep shape; contiguous (4-byte
  // aligned rows, as checkpoints hold them) the kernels of their own (item 323: register-staged,
  // their loads read 4-byte words; the copies' cp.async needs 16; check_plan refuses a copies
  // kernel on such rows). Layers of gpt-oss (2880), Gemma-3-1B (1152) and Qwen2.5-0.5B (896) at 3,
  // 8 and 16 columns, every activation kind, and 1024x16448; rows 2 bytes aligned (K % 64 != 0:
  // 4128) take none.
  if (default_rule && sweep8_rule) {
    const int shapes[][2] = {{5120, 2880}, {2880, 2880}, {6912, 1152}, {4864, 896}, {4096, 4128}, {1024, 16448}};
    for (const int act : {kActF16, kActBF16, kActFP4})
      for (const auto& mk : shapes)
        for (const int n : {3, 8, 16}) {
          GemvParams p = params_of(Case{mk[0], mk[1], 1, n, act, kScaleRowMajor, true});
          const GemvLaunch plain = plan_gemv_for(p, devices[0].dev);
          // (bf16 x at 9..16 columns: one chunk only, so K <= 16384: sweep8_scale_words_kernel)
          const bool want_plain = p.sfa.row_stride % 4 == 0 && !(act == kActBF16 && n > 8 && p.K > 16384);
          GemvParams q = p;
          q.sfa.row_stride = (p.K / 16 + 15) / 16 * 16;
          q.sfa.batch_stride = int64_t(q.M) * q.sfa.row_stride;
          const GemvLaunch padded = plan_gemv_for(q, devices[0].dev);
          checked += 2;
          if ((plain.cluster != 0) != want_plain || padded.cluster == 0 ||
              check_plan(p, plain, devices[0].dev) != 0 || check_plan(q, padded, devices[0].dev) != 0) {
            std::printf("FAIL H200 %dx%d N=%d act %d: tile sweep on contiguous scale rows %d (want %d), on "
                        "padded %d; check_plan %d / %d\n", mk[0], mk[1], n, act,
                        plain.cluster != 0, want_plain, padded.cluster != 0,
                        check_plan(p, plain, devices[0].dev), check_plan(q, padded, devices[0].dev));
            ++failures;
          }
        }
  }
  // The tile sweep on the tiled format (sweep8_kernel<.., true>): the row-major tile sweep's plan
  // wherever that fits, the weights' layout aside (the same clusters, K split and shape: the tiled
  // kernels fill the same stages, 2 where either stages its tiles through registers, items 311,
  // 315-316), every activation kind, 3..16 columns and 2 past K =
  // 16384; not at L = 2, nor with scales 4 bytes off 16-byte alignment (the 16-byte copies of the scale tiles);
  // and where row-major weights cannot take it (301x4128: scale rows of 258 bytes, not even the
  // register-staged kernels' 4-byte words; 301x4160's 260 bytes take those since item 323) the
  // tiled format still does. check_plan refuses a tiled plan for row-major weights and the other
  // way round.
  if (default_rule && sweep8_rule) {
    const Case shapes[] = {{7168, 16384, 1, 8, 0, 0, true},  {4096, 14336, 1, 8, 0, 0, true},
                           {14336, 4096, 1, 4, 0, 0, true},  {7168, 16384, 1, 16, 0, 0, true},
                           {512, 14336, 1, 12, 0, 0, true},  {3000, 18944, 1, 2, 0, 0, true},
                           {301, 4160, 1, 5, 0, 0, true},    {301, 4128, 1, 5, 0, 0, true}};
    for (const int act : {kActF16, kActBF16, kActFP4})
      for (Case c : shapes) {
        c.act = act;
        c.sf_layout = kScaleRowMajor;
        const GemvLaunch rows = check_case(devices[0], c);
        c.sf_layout = kScaleTiled;
        const GemvParams p = params_of(c);
        const GemvLaunch tiles = check_case(devices[0], c);
        GemvParams off = p;
        off.sfa.base += 4;
        GemvParams two = p;
        two.L = 2;
        GemvLaunch as_rows = tiles;
        as_rows.tiled = 0;
        const bool rows_fit = c.K / 16 % 4 == 0;  // row-major scale rows of a 4-byte multiple (N <= 8 here)
        if (!tiles.cluster || !tiles.tiled || !rows.cluster != !rows_fit ||
            (rows_fit && (tiles.cluster != rows.cluster || tiles.k_split != rows.k_split ||
                          tiles.row_blocks != rows.row_blocks || rows.smem_bytes != tiles.smem_bytes)) ||
            plan_gemv_for(off, devices[0].dev).cluster || plan_gemv_for(two, devices[0].dev).cluster ||
            check_plan(p, as_rows, devices[0].dev) == 0 || check_plan(params_of({c.M, c.K, 1, c.N, act, 0, true}),
                                                                      tiles, devices[0].dev) == 0) {
          std::printf("FAIL H200 tiled tile sweep %dx%d N=%d act %d: %s cluster %d x %d of %d k, row-major %d x %d "
                      "of %d k; scales 4 bytes off %d, L = 2 %d; check_plan of the layouts swapped %d, %d\n",
                      c.M, c.K, c.N, act, launch_variant(tiles), tiles.cluster, tiles.row_blocks, tiles.k_split,
                      rows.cluster, rows.row_blocks, rows.k_split, plan_gemv_for(off, devices[0].dev).cluster,
                      plan_gemv_for(two, devices[0].dev).cluster, check_plan(p, as_rows, devices[0].dev),
                      check_plan(params_of({c.M, c.K, 1, c.N, act, 0, true}), tiles, devices[0].dev));
          ++failures;
        }
      }
  }
  // Every tiled plan of the row tiles with at least a band per SM: unsplit at one column, and wherever unsplit whole
  // bands as evenly as the CTA count allows (every CTA ceil(bands / CTAs) but the last).
  for (int m : {2112, 3000, 7168, 9000, 20000})
    for (int l : {1, 3})
      for (int n : {1, 2, 4, 8, 16}) {
        const GemvLaunch g = check_case(devices[0], Case{m, 4096, l, n, kActFP4, kScaleTiled, true});
        const int64_t bands = int64_t(m + 15) / 16 * l, per = (bands + g.row_blocks - 1) / g.row_blocks;
        const bool uneven = g.splits == 1 && (g.row_blocks - 1) * per >= bands;
        if (bands >= 132 && !g.cluster && !g.band && ((n == 1 && g.splits != 1) || uneven)) {
          std::printf("FAIL H200 tiled %dx4096x%d N=%d: %d splits, %d row blocks for %lld bands (uneven)\n",
                      m, l, n, g.splits, g.row_blocks, (long long)bands);
          ++failures;
        }
      }
  // The integer item (integer_fits): in the row tiles' place, W4A4 at one column on sm_90 only.
  for (const Device& d : devices)
    for (int act : {kActFP4, kActBF16})
      for (int layout : {kScaleRowMajor, kScaleTiled})
        for (int n : {1, 2}) {
          const GemvLaunch g = check_case(d, Case{4096, 14336, 1, n, act, layout, true});
          // (tiled, one column, L = 1: the band sweep before it where on, K = 14336 filling its groups)
          const bool want = d.dev.major == 9 && act == kActFP4 && n == 1 && (layout != kScaleTiled || !band_on);
          if (default_rule && (g.integer != 0) != want) {
            std::printf("FAIL %s 4096x14336 act %d layout %d N=%d: integer %d, rule: %d\n", d.name, act,
                        layout, n, g.integer, want);
            ++failures;
          }
        }
  // tests/test_gpu_kernel.py's CUDA-graph test of a split plan relies on this shape splitting (K =
  // 41088 past the tile sweep's 32768 and, 256 x 160.5, in no K sections of it).
  {
    const GemvLaunch g = check_case(devices[0], Case{256, 41088, 1, 12, kActFP4, kScaleRowMajor, true});
    if (default_rule && (g.splits < 2 || g.k_sections)) {
      std::printf("FAIL H200 256x41088x1 N=12 takes %d splits and %d K sections, the graph test wants several "
                  "splits and no sections\n", g.splits, g.k_sections);
      ++failures;
    }
  }
  for (const Device& d : devices) {
    // Task, layer and edge shapes, every activation kind and column count that matters.
    const int shapes[][3] = {{7168, 16384, 1}, {4096, 7168, 8}, {7168, 2048, 4}, {4096, 4096, 1},
                             {14336, 4096, 1}, {4096, 14336, 1}, {151936, 4096, 1}, {1, 16, 1},
                             {1, 32, 1},       {3, 48, 2},       {128, 65536, 1}, {17, 40960, 1},
                             {65537, 256, 1},  {512, 1536, 64},  {200000, 16, 1}, {31, 30720, 3}};
    for (const auto& s : shapes)
      for (int act : {kActFP4, kActF16, kActBF16})
        for (int n : {1, 2, 3, 4, 7, 8, 9, 16})
          for (int layout : {kScaleRowMajor, kScaleBlocked, kScaleTiled})
            check_case(d, Case{s[0], s[1], s[2], n, act, layout, true});
    // A fixed pseudo-random sample (LCG): M log-uniform up to ~2^18, K = 16 j, L 1..8, N 1..16.
    uint32_t x = 2024;
    const auto next = [&x](uint32_t mod) { x = x * 1664525u + 1013904223u; return (x >> 8) % mod; };
    for (int i = 0; i < 600; ++i) {
      const int M = 1 + int(next(1u << (1 + next(18))));
      const int K = 16 * (1 + int(next(1u << (1 + next(12)))));
      Case c{M, K, 1 + int(next(8)), 1 + int(next(16)), int(next(3)), int(next(3)), next(4) != 0};
      c.aligned = c.aligned || c.sf_layout == kScaleTiled;  // the binding requires it of tiled weights
      check_case(d, c);
    }
  }
  std::printf("%d plans checked on %zu devices, %d failures\n", checked, sizeof devices / sizeof devices[0],
              failures);
  return failures ? 1 : 0;
}
