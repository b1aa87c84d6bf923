// bf16_subnormal_probe.cu (run 572, ninety-third session): does sm_90's bf16 arithmetic keep
// subnormal inputs? A native bf16 W4A16 decode (BENCHMARKS.md, the ninety-third session's
// thinking) would read E2M1 codes as bf16 values times 2^-126, the subnormal code 0.5 as the bf16
// subnormal 2^-127, and needs both the block scale's multiply and the mma to take it as it is.
// Checks: __hmul2 (HMUL2.BF16), __hfma2, and mma.m16n8k16 bf16 -> f32 with A = 2^-127 (bits
// 0x0040), B = 2^100: expected 2^-27 and 16 x 2^-27 = 2^-23 (a flush to zero gives 0).
// Build and run: nvcc -O3 -arch=sm_90a -o /tmp/bsp docs/runs/run572/bf16_subnormal_probe.cu && /tmp/bsp
#include <cuda_bf16.h>
#include <cstdio>
#include <cstdint>

__global__ void probe(float* out) {
  const __nv_bfloat16 sub = __ushort_as_bfloat16(0x0040);   // 2^-127
  const __nv_bfloat16 big = __float2bfloat16(0x1p100f);
  const __nv_bfloat162 s2 = {sub, sub}, b2 = {big, big};
  const __nv_bfloat162 m = __hmul2(s2, b2);
  const __nv_bfloat162 f = __hfma2(s2, b2, __nv_bfloat162{__float2bfloat16(0.f), __float2bfloat16(0.f)});
  uint32_t a = 0x00400040u, b = 0;
  const __nv_bfloat162 bb = b2;
  b = *reinterpret_cast<const uint32_t*>(&bb);
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
               "{%0,%1,%2,%3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a), "r"(a), "r"(a), "r"(a), "r"(b), "r"(b));
  if (threadIdx.x == 0) {
    out[0] = __bfloat162float(sub);
    out[1] = __bfloat162float(m.x);
    out[2] = __bfloat162float(f.x);
    out[3] = d0;
  }
}

int main() {
  float* d;
  cudaMalloc(&d, 4 * sizeof(float));
  probe<<<1, 32>>>(d);
  float h[4];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("input %a (expect 0x1p-127)\nhmul2 %a (expect 0x1p-27)\nhfma2 %a (expect 0x1p-27)\nmma %a (expect 0x1p-23)\n",
         h[0], h[1], h[2], h[3]);
  return 0;
}
