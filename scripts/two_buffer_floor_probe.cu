// two_buffer_floor_probe.cu: what does reading a GEMV's bytes cost when they lie in two buffers?
// The stream floor (the yardstick of issue 4) reads weights + scales as ONE contiguous buffer; every
// GEMV reads the E2M1 weights (W bytes) and their E4M3 scales (W / 8 bytes) from TWO. Run 221 (item
// 151) found a second grid-stride stream of 2-byte scale loads costing even the floor 1.3-1.4 us over
// one buffer of the same 66 MB, but never asked whether that was the second buffer or the 2-byte
// requests. Forms, each a grid stride of 8 predicated 16-byte weight loads a thread a round (the
// library's floor, probe_common.cuh stream_floor_kernel), over the same grids the bench tries:
//   one        the library's floor over W + W / 8 bytes in one buffer (the yardstick);
//   two /B     the weights, and a second buffer of W / 8 bytes read alongside, the scale stream
//              advancing at the weights' pace by 16 / B loads of B bytes a thread a round (round r
//              of thread t reads weight chunks t + (8 r + u) stride, u < 8, and B-byte scale chunks
//              t + (r 16 / B + v) stride, v < 16 / B): B = 16 one load, B = 2 eight, one beside
//              each weight load (the request form of the library's sweeps: a 2-byte scale pair a
//              piece); B = 4 and 8 between (item 151 found 4-byte scale loads no faster in a sweep);
//   two seq    the weights' grid stride first, then the scales' (16-byte loads), in one launch.
// Run 563 (H100, B = 16 and 2 only): "two /16" within 1% of "one", "two /2" 1-3% over it. Run 565
// (H200): "two /16" and "two /8" 0.97-1.02x "one", "two /4" 0.97-1.03, "two /2" 1.01-1.04 past
// 9.4 MB (0.45-0.55 us on the task's byte counts, 1.3-1.6 on the lm_head's); BENCHMARKS.md, the
// ninety-first session.
// Timed the bench's way (512 MiB written before each rep, CUDA events, median of REPS; ProbeBench),
// best of the grids for each form; byte counts of the task's shapes and model layers (W = M K L / 2).
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/tbf scripts/two_buffer_floor_probe.cu && /tmp/tbf [reps]
#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "probe_common.cuh"  // CK, ld16_if, ld_scales_if, fold, sink_store, predicated_stream_xor, ProbeBench

// B bytes at a where p holds (B = 2, 4, 8 or 16; not allocated in L1, like the library's scale
// loads); where p does not, w is left as it was, but for B = 2 (ld_scales_if: w.x = 0).
template <int B>
__device__ __forceinline__ void ld_if(bool p, const uint8_t* a, uint4& w) {
  if (B == 16)
    ld16_if(p, a, w);
  else if (B == 8)
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %3, 0;\n\t"
                 "@q ld.global.nc.L1::no_allocate.v2.u32 {%0, %1}, [%2];\n\t}"
                 : "+r"(w.x), "+r"(w.y) : "l"(a), "r"((int)p));
  else if (B == 4)
    asm volatile("{\n\t.reg .pred q;\n\tsetp.ne.b32 q, %2, 0;\n\t"
                 "@q ld.global.nc.L1::no_allocate.u32 %0, [%1];\n\t}"
                 : "+r"(w.x) : "l"(a), "r"((int)p));
  else
    w.x = ld_scales_if(p, a);
}

// w: the weights (n16 16-byte chunks), s: the scales (n16 * 2 bytes). kScaleBytes: B of "two /B",
// or 0 for "two seq".
template <int kScaleBytes>
__global__ void __launch_bounds__(512, 2) two_buffer_kernel(const uint8_t* w, const uint8_t* s, int64_t n16,
                                                            uint32_t* sink) {
  constexpr int U = 8, S = kScaleBytes ? 16 / kScaleBytes : 0;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x, t = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  const int64_t scale_chunks = kScaleBytes ? n16 * 2 / kScaleBytes : 0;
  uint32_t acc = 0;
  for (int64_t i = t, r = 0; i < n16; i += U * stride, ++r) {
    uint4 v[U], sv[S ? S : 1];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      v[u] = make_uint4(0, 0, 0, 0);
      ld16_if(i + u * stride < n16, w + (i + u * stride) * 16, v[u]);
    }
#pragma unroll
    for (int u = 0; u < S; ++u) {
      const int64_t c = t + (r * S + u) * stride;
      sv[u] = make_uint4(0, 0, 0, 0);
      ld_if<kScaleBytes>(c < scale_chunks, s + c * kScaleBytes, sv[u]);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(v[u]);
#pragma unroll
    for (int u = 0; u < S; ++u) acc ^= fold(sv[u]);
  }
  if (kScaleBytes == 0) acc ^= predicated_stream_xor<U>(s, n16 / 8);
  sink_store(acc, sink);
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  ProbeBench pb(reps);
  struct Shape { int m, k, l; const char* name; };
  const Shape shapes[] = {{7168, 16384, 1, "7168x16384x1"}, {4096, 7168, 8, "4096x7168x8"}, {7168, 2048, 4, "7168x2048x4"},
                          {4096, 4096, 1, "4096x4096"},     {14336, 4096, 1, "14336x4096"}, {4096, 14336, 1, "4096x14336"},
                          {8192, 28672, 1, "8192x28672"},   {151936, 4096, 1, "151936x4096"}};
  int64_t max_w = 0;
  for (const Shape& sh : shapes) max_w = std::max(max_w, (int64_t)sh.m * sh.k * sh.l / 2);
  uint8_t *buf, *w2, *s2;  // buf: one buffer (weights then scales); w2, s2: two buffers of their own
  CK(cudaMalloc(&buf, max_w + max_w / 8));
  CK(cudaMalloc(&w2, max_w));
  CK(cudaMalloc(&s2, max_w / 8));
  CK(cudaMemset(buf, 0x5A, max_w + max_w / 8));
  CK(cudaMemset(w2, 0x5A, max_w));
  CK(cudaMemset(s2, 0x38, max_w / 8));
  const int grids[][2] = {{1, 512}, {2, 512}, {3, 256}, {4, 256}, {4, 512}, {8, 256}};
  std::printf("L2 flushed by a 512 MiB write before each rep; median of %d, best of %zu grids each; us\n", reps,
              sizeof(grids) / sizeof(grids[0]));
  std::printf("%-14s %7s %7s %7s %7s %7s %7s %7s  %s\n", "shape", "MB", "one", "two /16", "two /8", "two /4",
              "two /2", "two seq", "two /16, /4, /2 over one");
  for (const Shape& sh : shapes) {
    const int64_t wb = (int64_t)sh.m * sh.k * sh.l / 2, n16 = wb / 16;
    const float one = pb.floor_us(buf, wb + wb / 8);
    float f[5];
    auto best = [&](auto kernel) {
      float b = 1e30f;
      for (const auto& g : grids)
        b = std::min(b, pb.time([&] { kernel<<<pb.sms * g[0], g[1]>>>(w2, s2, n16, pb.sink); }).first);
      return b;
    };
    f[0] = best(two_buffer_kernel<16>);
    f[1] = best(two_buffer_kernel<8>);
    f[2] = best(two_buffer_kernel<4>);
    f[3] = best(two_buffer_kernel<2>);
    f[4] = best(two_buffer_kernel<0>);
    std::printf("%-14s %7.1f %7.2f %7.2f %7.2f %7.2f %7.2f %7.2f  %.3f %.3f %.3f\n", sh.name, (wb + wb / 8) / 1e6, one,
                f[0], f[1], f[2], f[3], f[4], f[0] / one, f[2] / one, f[3] / one);
  }
  return 0;
}
