// pipe_probe.cu: which execution pipe the E2M1 decode's instructions use on this GPU, and at what
// rate. A diagnostic for BENCHMARKS.md (the decode's integer work, item 32), outside the library.
// One CTA of 512 or 1024 threads, 8 independent chains per thread (latency hidden), each loop
// iteration 16 instructions per thread: alone (the pipe's rate) and mixed 1:1 (two instructions
// that share a pipe take the sum of their times, two that do not take the larger).
//
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pipe_probe scripts/pipe_probe.cu && /tmp/pipe_probe
//
// Printed: SM cycles per warp-instruction per scheduler (SMSP): 1.0 = one per cycle (an FMA-pipe
// instruction), 2.0 = one per two cycles (a 16-lane pipe, e.g. the integer ALU on sm_90).
// H200 (run 56, docs/runs/run56/pipe.txt): LOP3, PRMT, SHF and cvt e5m2x2 (F2FP) 2.0-2.6 alone and
// 2.0 per instruction mixed with each other (one pipe, the integer ALU); IMAD 2.0 alone, 1.08 with
// LOP3 (its own pipe); HMUL2 1.06 (the FMA pipe). So F2FP cannot relieve the decode's PRMTs, and
// only IMAD (left shifts, adds of disjoint fields) moves integer work off the ALU.
#include <cstdio>
#include <stdint.h>

#define LOP(x, a) asm volatile("lop3.b32 %0, %0, %1, 0x0E0E0E0E, 0x6a;" : "+r"(x) : "r"(a))
#define PRM(x, a) asm volatile("prmt.b32 %0, %0, %1, 0x1404;" : "+r"(x) : "r"(a))
#define CVT(x, a) \
  asm volatile("{\n\t.reg .b16 l, h;\n\tmov.b32 {l, h}, %0;\n\tcvt.rn.f16x2.e5m2x2 %0, l;\n\t}" : "+r"(x))
#define HMU(x, a) asm volatile("mul.rn.f16x2 %0, %0, %1;" : "+r"(x) : "r"(a))
#define IMA(x, a) asm volatile("mad.lo.u32 %0, %0, %1, %1;" : "+r"(x) : "r"(a))
#define SHF(x, a) asm volatile("shf.l.wrap.b32 %0, %0, %0, %1;" : "+r"(x) : "r"(a))

enum { kLop, kPrmt, kCvt, kHmul, kImad, kShf, kModes };
const char* kNames[kModes] = {"lop3", "prmt", "cvt.e5m2x2", "hmul2", "imad", "shf.wrap"};

template <int A>
__device__ __forceinline__ void op(uint32_t& x, uint32_t a) {
  if (A == kLop) LOP(x, a);
  if (A == kPrmt) PRM(x, a);
  if (A == kCvt) CVT(x, a);
  if (A == kHmul) HMU(x, a);
  if (A == kImad) IMA(x, a);
  if (A == kShf) SHF(x, a);
}

template <int A, int B>
__global__ void pipe_kernel(uint32_t* out, long long* cycles, int iters) {
  uint32_t x[8];
#pragma unroll
  for (int i = 0; i < 8; ++i) x[i] = threadIdx.x * 7 + i * 3 + 0x3c003c00u;
  const uint32_t a = out[0] | 0x3c003c01u;
  __syncthreads();
  const long long t0 = clock64();
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int i = 0; i < 8; ++i) {
      op<A>(x[i], a);
      op<B>(x[i], a);
    }
  }
  __syncthreads();
  const long long t1 = clock64();
  uint32_t s = 0;
#pragma unroll
  for (int i = 0; i < 8; ++i) s ^= x[i];
  if (s == 0x12345678u) out[1] = s;
  if (threadIdx.x == 0) cycles[0] = t1 - t0;
}

template <int A, int B>
void run(uint32_t* out, long long* cycles, int threads) {
  const int iters = 4096;
  for (int r = 0; r < 2; ++r) pipe_kernel<A, B><<<1, threads>>>(out, cycles, iters);
  cudaDeviceSynchronize();
  long long c = 0;
  cudaMemcpy(&c, cycles, sizeof c, cudaMemcpyDeviceToHost);
  const double per = (double)c / (threads / 32 / 4.0 * iters * 16);
  char name[64];
  if (A == B) std::snprintf(name, sizeof name, "%s", kNames[A]);
  else std::snprintf(name, sizeof name, "%s + %s", kNames[A], kNames[B]);
  std::printf("%-24s %5d threads %6.2f cycles per warp-instruction per SMSP\n", name, threads, per);
}

int main() {
  uint32_t* out;
  long long* cycles;
  cudaMalloc(&out, 64);
  cudaMalloc(&cycles, 64);
  cudaMemset(out, 0, 64);
  for (int threads : {512, 1024}) {
    run<kLop, kLop>(out, cycles, threads);
    run<kPrmt, kPrmt>(out, cycles, threads);
    run<kCvt, kCvt>(out, cycles, threads);
    run<kHmul, kHmul>(out, cycles, threads);
    run<kImad, kImad>(out, cycles, threads);
    run<kShf, kShf>(out, cycles, threads);
    run<kLop, kPrmt>(out, cycles, threads);
    run<kLop, kCvt>(out, cycles, threads);
    run<kLop, kHmul>(out, cycles, threads);
    run<kLop, kImad>(out, cycles, threads);
    run<kPrmt, kCvt>(out, cycles, threads);
    run<kCvt, kHmul>(out, cycles, threads);
    run<kCvt, kImad>(out, cycles, threads);
  }
  return 0;
}
