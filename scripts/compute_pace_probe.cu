// compute_pace_probe.cu: how much integer work per 16 bytes the W4A4 row sweep's memory pattern
// carries before its pace drops (BENCHMARKS.md item 248), outside the library. Each kernel reads
// the bytes of a row-major NVFP4 matrix the way sweep_kernel<2, 8> reads 7168x16384 at L = 1 (2
// pieces of 16 bytes a thread on 8 warps a row, a warp's pieces side by side, one 2-byte scale
// load a piece and row, 2 rows in flight a thread, rows b, b + G, ... to CTA b of G, 3 CTAs of 256
// threads an SM) and, per piece and row, after the piece's words land:
//   alu C    C synthetic integer instructions in 4 independent chains (one per word), two LOP3 on
//            the ALU pipe to one IMAD on the FMA pipe, as the sweep's loop mixes its pipes; C = 0
//            is the bare pattern (sweep_mem_probe.cu's "sweep 2x8 d2 /sf4");
//   decode   the sweep's own work on the piece: the library's dp4a_piece (e2m1_decode.cuh:
//            decode_e2m1x8_u8 and 8 dp4a) against a fixed activation in one register, the two
//            blocks' sums scaled and added as sweep_piece_dot does;
//   +x       the activation as the library holds it: each thread's 2 pieces of an FP4 x (16 bytes
//            and a 2-byte scale pair each, loaded after the first rows' loads, every CTA the same
//            bytes) decoded once into int8 and start values (int8_block), 22 registers;
//   +rows    the rows' sums as the library keeps them: two rows' warp sums in one shuffle
//            butterfly (pair_warp_sum), stored to shared memory a row pair at a time, and the
//            epilogue (a barrier, each row's 8 warp sums added, one store a row); taken apart
//            step by step (item 280) in "+rows sums" (a sum a row, the two added into the
//            running sum: no shuffle), "+rows butterfly" (the butterfly's result added into it:
//            no shared store) and "+rows stores" (the stores too, but no epilogue); "+rows
//            deferred" (item 281) keeps each thread's row sums in shared memory and adds them
//            all after the loop (no shuffle in the loop);
//   staged   (item 279) the scales not by 2-byte loads but by one bulk copy a row (cp.async.bulk,
//            K / 16 bytes) of every CTA row into shared memory, asked for after the first rows'
//            loads, each row's read by one LDS a piece once its mbarrier completes
//            (scale_stage_probe.cu's "all", here with the sweep's work on the bytes).
// decode +x +rows is sweep_kernel<2, 8> at L = 1 but for its launcher and the output's scaling,
// and its SASS: 370 a loop of 2 rows against the library's 281 when this was written (item 248;
// 271 since item 250's unchecked loop; ptxas moves the decode's PRMT tables into registers before
// each use here; "decode" alone takes 301).
// The result is XORed into a word a warp, so nothing is dead code. Timed as the bench does (L2
// flushed by a 512 MiB write before each rep, CUDA events, median of REPS), beside the stream
// floor over the same bytes (best of the bench's grids).
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/cpp scripts/compute_pace_probe.cu
//   /tmp/cpp [reps]
#include <stdint.h>

#include <cstdio>
#include <cstdlib>

#include "../src/nvfp4_gemv/csrc/e2m1_decode.cuh"  // the library's dp4a_piece, int8_block (torch-free)
#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"    // mbarriers and bulk copies (kStaged)
#include "probe_common.cuh"  // CK, ld16_if, ld_scales_if, ProbeBench (the bench's timing and the stream floor)

// (t & w) ^ r: not cancelled by the next one in the chain, whatever ptxas folds.
__device__ __forceinline__ uint32_t lop(uint32_t t, uint32_t w, uint32_t r) {
  uint32_t d;
  asm("lop3.b32 %0, %1, %2, %3, 0x6A;" : "=r"(d) : "r"(t), "r"(w), "r"(r));
  return d;
}
__device__ __forceinline__ uint32_t mad(uint32_t t, uint32_t m, uint32_t w) {
  uint32_t d;
  asm("mad.lo.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(t), "r"(m), "r"(w));
  return d;
}

// Two E4M3 scale bytes (the low 16 bits) as half2 (gemv_common.cuh decode_e4m3x2's sm_89+ form).
__device__ __forceinline__ __half2 e4m3x2(uint32_t bytes) {
  uint32_t d;
  asm("{\n\t.reg .b16 l;\n\tcvt.u16.u32 l, %1;\n\tcvt.rn.f16x2.e4m3x2 %0, l;\n\t}" : "=r"(d) : "r"(bytes));
  return *reinterpret_cast<__half2*>(&d);
}

// A piece of the activation as the sweep holds it (row_sweep.cuh SweepPiece): 32 int8 values, the
// two blocks' dp4a start values, their scales.
struct XPiece {
  uint32_t v[8];
  int c[2];
  __half2 sf;
};
__device__ __forceinline__ XPiece x_piece(bool ok, const uint8_t* x, const uint8_t* sfx, int piece) {
  XPiece r;
  uint4 t = make_uint4(0, 0, 0, 0);
  uint32_t sc = 0;
  if (ok) {
    t = *reinterpret_cast<const uint4*>(x + 16 * piece);
    sc = *reinterpret_cast<const uint16_t*>(sfx + 2 * piece);
  }
  uint32_t v0[4], v1[4];
  r.c[0] = nvfp4::detail::int8_block(t.x, t.y, v0);
  r.c[1] = nvfp4::detail::int8_block(t.z, t.w, v1);
#pragma unroll
  for (int i = 0; i < 4; ++i) r.v[i] = v0[i], r.v[4 + i] = v1[i];
  r.sf = __hmul2(e4m3x2(sc), __half2half2(__float2half(1.0f / 64)));
  return r;
}

// kWork: -1 the sweep's decode and dp4a (against x where kX, else a fixed value); C >= 0 that many
// synthetic instructions a piece.
template <int kWork, bool kX>
__device__ __forceinline__ uint32_t piece_work(const uint4& w4, uint32_t sc, uint32_t r, uint32_t m, const XPiece& x,
                                               float& sum) {
  const uint32_t w[4] = {w4.x, w4.y, w4.z, w4.w};
  if constexpr (kWork < 0) {
    using namespace nvfp4::detail;
    const uint32_t xv = r & 0x03030303u;  // a fixed activation of small int8 values
    uint32_t xs[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) xs[j] = kX ? x.v[j] : xv;
    int c[2] = {kX ? x.c[0] : (int)kIntMagic, kX ? x.c[1] : (int)kIntMagic};
    dp4a_piece(w, xs, c);  // the library's: decode_e2m1x8_u8 and 8 dp4a
    const float2 s = __half22float2(__hmul2(e4m3x2(sc), kX ? x.sf : __half2half2(__float2half(0.5f))));
    sum = fmaf(__int_as_float(c[0]) - kIntMagicValue, s.x, sum);
    sum = fmaf(__int_as_float(c[1]) - kIntMagicValue, s.y, sum);
    return 0;
  } else {
    static_assert(kWork % 4 == 0, "4 chains");
    uint32_t t[4] = {w[0] ^ sc, w[1], w[2], w[3]};
#pragma unroll
    for (int k = 0; k < kWork / 4; ++k)
#pragma unroll
      for (int j = 0; j < 4; ++j) t[j] = k % 3 == 2 ? mad(t[j], m, w[(j + k) & 3]) : lop(t[j], w[(j + k + 1) & 3], r);
    return t[0] ^ t[1] ^ t[2] ^ t[3];
  }
}

// row_sweep.cuh pair_warp_sum: lanes 0..15 end with row0's warp sum, 16..31 with row1's.
__device__ __forceinline__ float pair_warp_sum(float row0, float row1, int lane) {
  const int half = lane >> 4;
  float v = (half ? row1 : row0) + __shfl_xor_sync(0xffffffffu, half ? row0 : row1, 16);
#pragma unroll
  for (int o = 8; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// How much of the rows' sums a kernel keeps (kRows; "+rows" and its parts above).
// kRowDeferred (item 281): no shuffle in the loop; each thread stores its two rows' sums to shared
// memory ([CTA row][thread], 1 KB a row) and the epilogue adds each row's 256 in a fixed order (a
// warp a row: 8 LDS a lane, then the warp's butterfly).
enum RowSums { kNoRows, kRowSumsOnly, kRowButterfly, kRowStores, kRowEpilogue, kRowDeferred };

// Shared memory: kRows' sums [CTA row][warp] (kRowDeferred: [CTA row][thread]), then (kStaged) a
// barrier and the scale bytes a CTA row.
__host__ __device__ inline int staged_offset(int most_rows) { return most_rows * 8 * 4; }
__host__ __device__ inline int staged_scales_offset(int most_rows) {
  return staged_offset(most_rows) + (8 * most_rows + 15) / 16 * 16;
}

template <int kWork, bool kX = false, int kRows = kNoRows, bool kStaged = false>
__global__ void __launch_bounds__(256, 3) sweep_pace_kernel(const uint8_t* a, const uint8_t* sfa, int rows,
                                                           int row_bytes, uint32_t r, uint32_t m, uint32_t* sink,
                                                           const uint8_t* x, const uint8_t* sfx, float* out,
                                                           int most_rows) {
  static_assert(kWork < 0 || (!kX && !kRows), "x and the rows' sums with the decode only");
  extern __shared__ __align__(16) float red[];  // kRows: [CTA row][warp]
  constexpr int P = 2, D = 2;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int G = gridDim.x, pieces = row_bytes / 16, sf_bytes = row_bytes / 8;
  const int n = (rows - (int)blockIdx.x + G - 1) / G;  // rows b, b + G, ...
  int piece[P];
  bool ok[P];
#pragma unroll
  for (int u = 0; u < P; ++u) {
    piece[u] = 32 * P * warp + 32 * u + lane;  // by warp, as the library's 7-8 warp sweeps
    ok[u] = piece[u] < pieces;
  }
  const uint8_t* ap = a + (int64_t)blockIdx.x * row_bytes;
  const uint8_t* sp = sfa + (int64_t)blockIdx.x * sf_bytes;
  uint4 w[D][P];
  uint32_t s[D][P];
  const auto load = [&](int d, bool more) {
#pragma unroll
    for (int u = 0; u < P; ++u) {  // the library's predicated loads (ld_stream_if, ld_scales_if)
      ld16_if(ok[u] && more, ap + 16 * piece[u], w[d][u]);
      s[d][u] = kStaged ? 0 : ld_scales_if(ok[u] && more, sp + 2 * piece[u]);
    }
    ap += (int64_t)G * row_bytes;
    sp += (int64_t)G * sf_bytes;
  };
#pragma unroll
  for (int d = 0; d < D; ++d) {
#pragma unroll
    for (int u = 0; u < P; ++u) w[d][u] = make_uint4(0, 0, 0, 0);  // pieces past K stay zero
    load(d, d < n);
  }
  XPiece xp[P];  // after the first rows' loads, as the library
#pragma unroll
  for (int u = 0; u < P; ++u)
    if (kX) xp[u] = x_piece(ok[u], x, sfx, piece[u]);
  uint8_t* const smem = reinterpret_cast<uint8_t*>(red);
  uint64_t* const bar = reinterpret_cast<uint64_t*>(smem + staged_offset(most_rows));
  const uint8_t* const sf_smem = smem + staged_scales_offset(most_rows);
  if (kStaged) {  // CTA row i's scales by thread i
    for (int i = threadIdx.x; i < n; i += 256) nvfp4::detail::mbar_init(bar + i, 1);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += 256) {
      nvfp4::detail::mbar_expect_tx(bar + i, sf_bytes);
      nvfp4::detail::bulk_copy(smem + staged_scales_offset(most_rows) + i * sf_bytes,
                               sfa + ((int64_t)blockIdx.x + (int64_t)i * G) * sf_bytes, sf_bytes, bar + i);
    }
  }
  uint32_t acc = 0;
  float sum = 0.f;
  for (int i = 0; i < n; i += D) {
    float rs[D];
#pragma unroll
    for (int d = 0; d < D; ++d) {
      rs[d] = 0.f;
      if (i + d >= n) break;
      if (kStaged) {
        nvfp4::detail::mbar_wait(bar + i + d, 0);
#pragma unroll
        for (int u = 0; u < P; ++u)
          s[d][u] = ok[u] ? *reinterpret_cast<const uint16_t*>(sf_smem + (i + d) * sf_bytes + 2 * piece[u]) : 0u;
      }
#pragma unroll
      for (int u = 0; u < P; ++u) acc ^= piece_work<kWork, kX>(w[d][u], s[d][u], r, m, xp[u], kRows ? rs[d] : sum);
      load(d, i + d + D < n);
    }
    if (kRows == kRowSumsOnly) sum += rs[0] + rs[1];
    if (kRows == kRowDeferred) {
#pragma unroll
      for (int d = 0; d < D; ++d)
        if (i + d < n) red[(i + d) * 256 + threadIdx.x] = rs[d];
    }
    if (kRows >= kRowButterfly && kRows <= kRowEpilogue) {
      const float v = pair_warp_sum(rs[0], rs[1], lane);
      const int row = i + (lane >> 4);
      if (kRows == kRowButterfly) sum += v;
      if (kRows >= kRowStores && (lane & 15) == 0 && row < n) red[row * 8 + warp] = v;
    }
  }
  if (kRows == kRowEpilogue) {  // the library's epilogue: each row's warp sums in warp order, one store a row
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += 256) {
      float v = 0.f;
#pragma unroll
      for (int k = 0; k < 8; ++k) v += red[i * 8 + k];
      out[(int)blockIdx.x + i * G] = v;
    }
  }
  if (kRows == kRowDeferred) {
    __syncthreads();
    for (int i = warp; i < n; i += 8) {
      float v = 0.f;
#pragma unroll
      for (int k = 0; k < 8; ++k) v += red[i * 256 + 32 * k + lane];
#pragma unroll
      for (int o = 16; o > 0; o >>= 1) v += __shfl_xor_sync(0xffffffffu, v, o);
      if (lane == 0) out[(int)blockIdx.x + i * G] = v;
    }
  }
  sink_store(acc ^ __float_as_uint(sum), sink);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  ProbeBench pb(reps);
  struct Shape { int rows, K; };
  const Shape shapes[] = {{7168, 16384}, {14336, 16384}};
  size_t max_bytes = 0;
  for (auto& s : shapes) max_bytes = std::max(max_bytes, (size_t)s.rows * s.K / 2);
  uint8_t *a, *sfa;
  CK(cudaMalloc(&a, max_bytes));
  CK(cudaMalloc(&sfa, max_bytes / 8));
  {
    std::vector<uint8_t> h(max_bytes + max_bytes / 8);
    SplitMix64 rng{12345};
    for (auto& b : h) b = (uint8_t)rng();
    for (size_t i = max_bytes; i < h.size(); ++i) h[i] = (uint8_t)(0x30 + (h[i] & 0x0F));  // finite E4M3 scales
    CK(cudaMemcpy(a, h.data(), max_bytes, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(sfa, h.data() + max_bytes, max_bytes / 8, cudaMemcpyHostToDevice));
  }
  uint8_t *x, *sfx;  // an FP4 activation of the longest K, its scales
  float* out;
  CK(cudaMalloc(&x, 16384 / 2));
  CK(cudaMalloc(&sfx, 16384 / 16));
  CK(cudaMemcpy(x, a, 16384 / 2, cudaMemcpyDeviceToDevice));
  CK(cudaMemcpy(sfx, sfa, 16384 / 16, cudaMemcpyDeviceToDevice));
  CK(cudaMalloc(&out, 16384 * sizeof(float)));
  std::printf("L2 flushed by a 512 MiB write before each rep, median of %d; the sweep pattern of "
              "sweep_kernel<2, 8> (3 CTAs of 256 threads an SM)\n", reps);
  for (auto& s : shapes) {
    const int64_t wbytes = (int64_t)s.rows * s.K / 2, row_bytes = s.K / 2;
    const float floor_us = pb.floor_us(a, wbytes + wbytes / 8);
    std::printf("%dx%d: floor %.1f us over %.1f MB\n", s.rows, s.K, floor_us, (wbytes + wbytes / 8) / 1e6);
    const int grid = std::min(s.rows, 3 * pb.sms);
    const int most = (s.rows + grid - 1) / grid;
    auto run = [&](const char* name, auto kernel, bool staged = false, bool deferred = false) {
      const int smem_bytes = staged     ? staged_scales_offset(most) + most * (int)row_bytes / 8
                             : deferred ? most * 256 * 4
                                        : staged_offset(most);
      if (smem_bytes > 48 * 1024) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem_bytes));
      const auto t = pb.time([&] {
        kernel<<<grid, 256, smem_bytes>>>(a, sfa, s.rows, (int)row_bytes, 0x5bd1e995u, 0x9E3779B1u, pb.sink, x, sfx,
                                          out, most);
      });
      std::printf("  %-16s %6.1f us (p10 %5.1f)  %5.3fx the floor\n", name, t.first, t.second, t.first / floor_us);
    };
    for (int pass = 0; pass < 2; ++pass) {
      run("alu 0", sweep_pace_kernel<0>);
      run("alu 16", sweep_pace_kernel<16>);
      run("alu 32", sweep_pace_kernel<32>);
      run("alu 48", sweep_pace_kernel<48>);
      run("alu 64", sweep_pace_kernel<64>);
      run("alu 80", sweep_pace_kernel<80>);
      run("alu 96", sweep_pace_kernel<96>);
      run("alu 128", sweep_pace_kernel<128>);
      run("decode", sweep_pace_kernel<-1>);
      run("decode +x", sweep_pace_kernel<-1, true>);
      run("decode +rows", sweep_pace_kernel<-1, false, kRowEpilogue>);
      run("decode +x +rows", sweep_pace_kernel<-1, true, kRowEpilogue>);
      run("alu 0 staged", sweep_pace_kernel<0, false, kNoRows, true>, true);
      run("decode +x +rows staged", sweep_pace_kernel<-1, true, kRowEpilogue, true>, true);
      run("decode +x +rows sums", sweep_pace_kernel<-1, true, kRowSumsOnly>);
      run("decode +x +rows butterfly", sweep_pace_kernel<-1, true, kRowButterfly>);
      run("decode +x +rows stores", sweep_pace_kernel<-1, true, kRowStores>);
      run("decode +x +rows deferred", sweep_pace_kernel<-1, true, kRowDeferred>, false, true);
    }
  }
  return 0;
}
