// pattern_probe.cu: how fast the H200 streams a weight matrix with the GEMV's access pattern, with
// nothing computed. A diagnostic for BENCHMARKS.md ("is it the decode or the pattern?"), outside
// the library. Each pattern reads the same bytes (the task shapes' E2M1 matrices as L*M rows of
// K/2 bytes), L2 flushed by a 512 MiB write before each rep (the task's way), CUDA events, median.
//
//   nvcc -O3 -std=c++17 -arch=sm_90a -o /tmp/pattern_probe scripts/pattern_probe.cu && /tmp/pattern_probe
//
// Patterns (2 CTAs of 8 warps per SM, rows split in balanced contiguous ranges per CTA, 16-byte
// non-allocating loads with the L2::256B hint, like the kernel):
//   floor       grid-stride over the bytes, 8 loads in flight per thread (the library's floor)
//   tile/D      the kernel's: a warp reads 16 rows x 64 bytes per step (lane: row g and g + 8,
//               16 bytes at t * 16), the CTA's (16-row pair, step) items in contiguous ranges
//               per warp, D items in flight
//   inter/D     the same tiles, but item i of the CTA goes to warp i % 8: the CTA's warps walk
//               one pair together, 8 consecutive steps at a time (a 512-byte stretch per row)
//   rowwise/D   a warp reads one row at a time, 512 contiguous bytes per instruction, rows
//               round-robin over the CTA's warps (the classic GEMV layout), D in flight
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>
#include <stdint.h>

#include <algorithm>
#include <cstdio>
#include <vector>

// The kernel's own shared-memory, mbarrier and bulk-copy primitives (so the probe measures the
// instructions the GEMV uses).
#include "../src/nvfp4_gemv/csrc/smem_copy.cuh"
using namespace nvfp4::detail;

#define CK(x)                                                                     \
  do {                                                                            \
    cudaError_t e_ = (x);                                                         \
    if (e_ != cudaSuccess) {                                                      \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); \
      std::exit(1);                                                               \
    }                                                                             \
  } while (0)

__device__ __forceinline__ void ld16(const uint8_t* p, uint4& w) {
  asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(w.x), "=r"(w.y), "=r"(w.z), "=r"(w.w) : "l"(p));
}
__device__ __forceinline__ uint32_t fold(const uint4& w) { return w.x ^ w.y ^ w.z ^ w.w; }

// With kAlu: the register-window decode's integer work on each 16-byte word (per 32-bit word the
// shifts, LOP3 and PRMT of decode_e2m1x8 on sm_90), folded: 30 ALU-pipe instructions per 16 bytes
// in the sm_90a SASS (the kernel's hot loop: 41), without the FP16 and tensor work. For "why does
// a faster bare-read pattern not make a faster GEMV" (BENCHMARKS items 29-34). Written after the
// fifth session's device time: not run yet.
template <bool kAlu>
__device__ __forceinline__ uint32_t work(const uint4& w) {
  if (!kAlu) return fold(w);
  const uint32_t v[4] = {w.x, w.y, w.z, w.w};
  uint32_t acc = 0;
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const uint32_t lo = ((v[i] << 1) & 0x0E0E0E0Eu) | ((v[i] << 4) & 0x80808080u);
    const uint32_t hi = ((v[i] >> 3) & 0x0E0E0E0Eu) | (v[i] & 0x80808080u);
    acc += __byte_perm(lo, 0, 0x1404) ^ __byte_perm(lo, 0, 0x3424) * 3u;
    acc += __byte_perm(hi, 0, 0x1404) ^ __byte_perm(hi, 0, 0x3424) * 5u;
  }
  return acc;
}

__device__ void sink_store(uint32_t acc, uint32_t* sink) {
  for (int o = 16; o > 0; o >>= 1) acc ^= __shfl_xor_sync(0xffffffffu, acc, o);
  if ((threadIdx.x & 31) == 0) atomicXor(sink + blockIdx.x, acc);
}

__global__ void floor_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const int64_t n16 = bytes / 16, stride = (int64_t)gridDim.x * blockDim.x;
  int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t acc = 0;
  for (; i + 7 * stride < n16; i += 8 * stride) {
    uint4 w[8];
#pragma unroll
    for (int u = 0; u < 8; ++u) ld16(data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < 8; ++u) acc ^= fold(w[u]);
  }
  for (; i < n16; i += stride) {
    uint4 w;
    ld16(data + i * 16, w);
    acc ^= fold(w);
  }
  sink_store(acc, sink);
}

// mode 0: contiguous item ranges per warp; mode 1: item i -> warp i % 8.
template <int D, bool kAlu = false>
__global__ void __launch_bounds__(256, 2)
    tile_kernel(const uint8_t* a, int rows, int row_bytes, int mode, uint32_t* sink) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31, g = lane >> 2, t = lane & 3;
  const int r0 = (int)((int64_t)rows * blockIdx.x / gridDim.x);
  const int r1 = (int)((int64_t)rows * (blockIdx.x + 1) / gridDim.x);
  const int steps = row_bytes / 64, pairs = (r1 - r0 + 15) / 16, items = pairs * steps;
  int i0, i1, di;
  if (mode == 0) {
    i0 = items * warp / 8; i1 = items * (warp + 1) / 8; di = 1;
  } else {
    i0 = warp; i1 = items; di = 8;
  }
  auto addr = [&](int i, int tile) {
    const int pair = i / steps, s = i - pair * steps;
    const int row = min(r0 + pair * 16 + tile * 8 + g, r1 - 1);
    return a + (int64_t)row * row_bytes + s * 64 + t * 16;
  };
  uint32_t acc = 0;
  uint4 buf[D][2];
#pragma unroll
  for (int d = 0; d < D; ++d)
    if (i0 + d * di < i1) { ld16(addr(i0 + d * di, 0), buf[d][0]); ld16(addr(i0 + d * di, 1), buf[d][1]); }
  for (int i = i0; i < i1; i += D * di) {
#pragma unroll
    for (int d = 0; d < D; ++d) {
      const int j = i + d * di;
      if (j < i1) {
        acc ^= work<kAlu>(buf[d][0]) ^ work<kAlu>(buf[d][1]);
        const int n = j + D * di;
        if (n < i1) { ld16(addr(n, 0), buf[d][0]); ld16(addr(n, 1), buf[d][1]); }
      }
    }
  }
  sink_store(acc, sink);
}

template <int D>
__global__ void __launch_bounds__(256, 2)
    rowwise_kernel(const uint8_t* a, int rows, int row_bytes, uint32_t* sink) {
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int r0 = (int)((int64_t)rows * blockIdx.x / gridDim.x);
  const int r1 = (int)((int64_t)rows * (blockIdx.x + 1) / gridDim.x);
  const int per_row = row_bytes / 512;  // row_bytes is a multiple of 512 here
  uint32_t acc = 0;
  // The warp's items: (row, piece) with rows r0 + warp, r0 + warp + 8, ...
  const int my_rows = (r1 - r0 - warp + 7) / 8, items = my_rows * per_row;
  auto addr = [&](int i) {
    const int rr = i / per_row, c = i - rr * per_row;
    return a + (int64_t)(r0 + warp + rr * 8) * row_bytes + c * 512 + lane * 16;
  };
  uint4 buf[D];
#pragma unroll
  for (int d = 0; d < D; ++d)
    if (d < items) ld16(addr(d), buf[d]);
  for (int i = 0; i < items; i += D) {
#pragma unroll
    for (int d = 0; d < D; ++d)
      if (i + d < items) {
        acc ^= fold(buf[d]);
        if (i + d + D < items) ld16(addr(i + d + D), buf[d]);
      }
  }
  sink_store(acc, sink);
}

// Each CTA reads its own contiguous 1/grid of the bytes (the GEMV's partition, without its
// pattern): the CTA's threads sweep the region 16 bytes apart, U loads in flight.
template <int U>
__global__ void floor_blocked_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  const int64_t n16 = bytes / 16;
  const int64_t b0 = n16 * blockIdx.x / gridDim.x, b1 = n16 * (blockIdx.x + 1) / gridDim.x;
  int64_t i = b0 + threadIdx.x;
  const int stride = blockDim.x;
  uint32_t acc = 0;
  for (; i + (U - 1) * stride < b1; i += U * stride) {
    uint4 w[U];
#pragma unroll
    for (int u = 0; u < U; ++u) ld16(data + (i + u * stride) * 16, w[u]);
#pragma unroll
    for (int u = 0; u < U; ++u) acc ^= fold(w[u]);
  }
  for (; i < b1; i += stride) {
    uint4 w;
    ld16(data + i * 16, w);
    acc ^= fold(w);
  }
  sink_store(acc, sink);
}

// Bulk copies (the TMA's 1-D form) into a ring of S stages shared by the CTA: one producer warp
// copies, per stage, C bytes of each of a 16-row pair's rows (lane j: row j) and the 8 consumer
// warps read the stage the way the mma wants it (16 rows x 64 bytes per k-step, steps split
// over the warps), then free it. The CTA's items are (pair, chunk) pair-major.
// kScales: 0 weights only; 1 also the row-major scales (C / 8 bytes per row and stage, a second
// bulk copy per row into the stage); 2 the consumers load their own scale bytes (16 bits per row
// and k-step) from global memory, kAhead stages ahead, into registers.
template <int C, int S, int kScales, bool kAlu = false>
__global__ void __launch_bounds__(288) bulk_kernel(const uint8_t* a, const uint8_t* sf, int rows,
                                                   int row_bytes, uint32_t* sink) {
  constexpr int kRowPitch = C + 64;  // 64 bytes of padding: rows g and g + 1 in other banks
  constexpr int kSfPitch = C / 8;
  constexpr int kStageBytes = 16 * kRowPitch + (kScales == 1 ? 16 * kSfPitch : 0);
  constexpr int kAhead = 4;
  extern __shared__ __align__(128) uint8_t smem[];
  uint64_t* full = reinterpret_cast<uint64_t*>(smem);
  uint64_t* empty = full + S;
  uint8_t* ring = smem + 128;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int r0 = (int)((int64_t)rows * blockIdx.x / gridDim.x);
  const int r1 = (int)((int64_t)rows * (blockIdx.x + 1) / gridDim.x);
  const int chunks = row_bytes / C, pairs = (r1 - r0 + 15) / 16, items = pairs * chunks;
  const int sf_row = row_bytes / 8;
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(full + s, 1); mbar_init(empty + s, 8); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  uint32_t acc = 0;
  if (warp == 8) {  // producer
    for (int i = 0; i < items; ++i) {
      const int s = i % S;
      if (i >= S) mbar_wait(empty + s, ((i / S) - 1) & 1);
      const int pair = i / chunks, c = i - pair * chunks;
      const int valid = min(16, r1 - r0 - pair * 16);
      if (lane == 0) mbar_expect_tx(full + s, valid * (C + (kScales == 1 ? kSfPitch : 0)));
      __syncwarp();
      if (lane < valid) {
        const int64_t row = r0 + pair * 16 + lane;
        bulk_copy(ring + s * kStageBytes + lane * kRowPitch, a + row * row_bytes + (int64_t)c * C, C,
                  full + s);
        if (kScales == 1)
          bulk_copy(ring + s * kStageBytes + 16 * kRowPitch + lane * kSfPitch,
                    sf + row * sf_row + (int64_t)c * kSfPitch, kSfPitch, full + s);
      }
    }
  } else {
    const int g = lane >> 2, t = lane & 3;
    constexpr int kSteps = C / 64;  // k-steps per stage; warp w takes steps w, w + 8, ...
    constexpr int kMine = (kSteps + 7) / 8;
    uint32_t sfr[kAhead][kMine];
    auto load_sf = [&](int i, uint32_t (&d)[kMine]) {
      const int pair = i / chunks, c = i - pair * chunks;
      const int ra = min(r0 + pair * 16 + g, r1 - 1), rb = min(r0 + pair * 16 + g + 8, r1 - 1);
#pragma unroll
      for (int m = 0; m < kMine; ++m) {
        const int st = warp + 8 * m;
        d[m] = 0;
        if (i < items && st < kSteps) {
          const int off = c * kSfPitch + st * 8 + t * 2;
          d[m] = *reinterpret_cast<const uint16_t*>(sf + (int64_t)ra * sf_row + off) |
                 (uint32_t)*reinterpret_cast<const uint16_t*>(sf + (int64_t)rb * sf_row + off) << 16;
        }
      }
    };
    if (kScales == 2) {
#pragma unroll
      for (int d = 0; d < kAhead; ++d) load_sf(d, sfr[d]);
    }
    for (int i0 = 0; i0 < items; i0 += kAhead) {
#pragma unroll
      for (int d = 0; d < kAhead; ++d) {
        const int i = i0 + d;
        if (i < items) {
          const int s = i % S;
          mbar_wait(full + s, (i / S) & 1);
          const uint32_t base = smem_addr(ring + s * kStageBytes);
#pragma unroll
          for (int m = 0; m < kMine; ++m) {
            const int st = warp + 8 * m;
            if (st < kSteps) {
              acc ^= work<kAlu>(lds128(base + g * kRowPitch + st * 64 + t * 16));
              acc ^= work<kAlu>(lds128(base + (g + 8) * kRowPitch + st * 64 + t * 16));
              if (kScales == 1) {
                const uint32_t sb = base + 16 * kRowPitch + st * 8 + t * 2;
                uint32_t x0, x1;
                asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x0) : "r"(sb + g * kSfPitch));
                asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x1) : "r"(sb + (g + 8) * kSfPitch));
                acc ^= x0 ^ (x1 << 16);
              }
              if (kScales == 2) acc ^= sfr[d][m];
            }
          }
          __syncwarp();
          if (lane == 0) mbar_arrive(empty + s);
          if (kScales == 2) load_sf(i + kAhead, sfr[d]);
        }
      }
    }
  }
  sink_store(acc, sink);
}

// The tensor-map form of the TMA: one copy instruction per stage moves a 16-row x C-byte box of
// the weights (and one a 16-row x C/8-byte box of the row-major scales), out-of-range rows filled
// with zeros. Boxes land dense (row pitch C).
__device__ __forceinline__ void tma_2d(void* dst, const CUtensorMap* map, int c0, int c1, uint64_t* b) {
  asm volatile(
      "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];"
      ::"r"(smem_addr(dst)), "l"(map), "r"(c0), "r"(c1), "r"(smem_addr(b)) : "memory");
}

template <int C, int S, bool kScales>
__global__ void __launch_bounds__(288) tma_kernel(const __grid_constant__ CUtensorMap wmap,
                                                  const __grid_constant__ CUtensorMap smap, int rows,
                                                  int row_bytes, uint32_t* sink) {
  constexpr int kStageBytes = 16 * C + (kScales ? 16 * C / 8 : 0);
  extern __shared__ __align__(1024) uint8_t smem[];
  uint64_t* full = reinterpret_cast<uint64_t*>(smem);
  uint64_t* empty = full + S;
  uint8_t* ring = smem + 1024;
  const int warp = threadIdx.x >> 5, lane = threadIdx.x & 31;
  const int r0 = (int)((int64_t)rows * blockIdx.x / gridDim.x);
  const int r1 = (int)((int64_t)rows * (blockIdx.x + 1) / gridDim.x);
  const int chunks = row_bytes / C, pairs = (r1 - r0 + 15) / 16, items = pairs * chunks;
  if (threadIdx.x == 0) {
    for (int s = 0; s < S; ++s) { mbar_init(full + s, 1); mbar_init(empty + s, 8); }
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  uint32_t acc = 0;
  if (warp == 8) {
    if (lane == 0) {
      for (int i = 0; i < items; ++i) {
        const int s = i % S;
        if (i >= S) mbar_wait(empty + s, ((i / S) - 1) & 1);
        const int pair = i / chunks, c = i - pair * chunks;
        mbar_expect_tx(full + s, kStageBytes);
        uint8_t* st = ring + s * kStageBytes;
        constexpr int kBox = C < 1024 ? C : 1024;
        for (int h = 0; h < C / kBox; ++h) tma_2d(st + h * 16 * kBox, &wmap, (c * C + h * kBox) / 4, r0 + pair * 16, full + s);
        if (kScales) tma_2d(st + 16 * C, &smap, c * C / 8, r0 + pair * 16, full + s);
      }
    }
  } else {
    const int g = lane >> 2, t = lane & 3;
    constexpr int kSteps = C / 64;
    for (int i = 0; i < items; ++i) {
      const int s = i % S;
      mbar_wait(full + s, (i / S) & 1);
      const uint32_t base = smem_addr(ring + s * kStageBytes);
#pragma unroll
      for (int st = warp; st < kSteps; st += 8) {
        // box h = st / (kBox / 64) holds 16 rows x kBox bytes
        constexpr int kBox = C < 1024 ? C : 1024, kBoxSteps = kBox / 64;
        const uint32_t bb = base + (st / kBoxSteps) * 16 * kBox + (st % kBoxSteps) * 64 + t * 16;
        acc ^= fold(lds128(bb + g * kBox));
        acc ^= fold(lds128(bb + (g + 8) * kBox));
        if (kScales) {
          const uint32_t sb = base + 16 * C + st * 8 + t * 2;
          uint32_t x0, x1;
          asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x0) : "r"(sb + g * (C / 8)));
          asm volatile("ld.shared.u16 %0, [%1];" : "=r"(x1) : "r"(sb + (g + 8) * (C / 8)));
          acc ^= x0 ^ (x1 << 16);
        }
      }
      __syncwarp();
      if (lane == 0) mbar_arrive(empty + s);
    }
  }
  sink_store(acc, sink);
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const size_t flush_bytes = size_t(512) << 20;
  const struct { int rows, row_bytes; const char* name; } shapes[] = {
      {7168, 8192, "7168x16384x1"}, {4096 * 8, 3584, "4096x7168x8"}, {7168 * 4, 1024, "7168x2048x4"},
      {151936, 2048, "151936x4096x1"}};
  size_t max_bytes = 0;
  for (auto& s : shapes) max_bytes = std::max(max_bytes, (size_t)s.rows * s.row_bytes);
  uint8_t *a, *sfa, *flush;
  uint32_t* sink;
  CK(cudaMalloc(&a, max_bytes + max_bytes / 8));
  CK(cudaMalloc(&flush, flush_bytes));
  CK(cudaMalloc(&sfa, max_bytes / 8));
  CK(cudaMemset(sfa, 0x38, max_bytes / 8));
  CK(cudaMalloc(&sink, 1 << 20));
  {
    std::vector<uint8_t> h(max_bytes);
    uint32_t x = 12345;
    for (auto& b : h) { x = x * 1664525u + 1013904223u; b = (uint8_t)(x >> 24) | 1; }
    CK(cudaMemcpy(a, h.data(), max_bytes, cudaMemcpyHostToDevice));
  }
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult qres;
  CK(cudaGetDriverEntryPoint("cuTensorMapEncodeTiled", (void**)&encode, cudaEnableDefault, &qres));
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const int reps = 30;
  std::printf("device %s, %d SMs\n", prop.name, sms);
  std::printf("%-14s %-10s %8s %8s %8s\n", "shape", "pattern", "med_us", "min_us", "vs_floor");
  for (auto& s : shapes) {
    const int64_t bytes = (int64_t)s.rows * s.row_bytes;
    const int grid = 2 * sms;
    float floor_us = 0;
    auto time = [&](const char* pat, auto launch) {
      std::vector<float> v;
      for (int r = 0; r < reps + 3; ++r) {
        CK(cudaMemsetAsync(flush, r & 0xFF, flush_bytes));
        CK(cudaEventRecord(e0));
        launch();
        CK(cudaEventRecord(e1));
        CK(cudaEventSynchronize(e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, e0, e1));
        if (r >= 3) v.push_back(ms * 1000.f);
      }
      CK(cudaGetLastError());
      std::sort(v.begin(), v.end());
      const float med = v[v.size() / 2];
      if (floor_us == 0) floor_us = med;
      std::printf("%-14s %-10s %8.1f %8.1f %8.2f\n", s.name, pat, med, v[0], med / floor_us);
    };
    time("floor", [&] { floor_kernel<<<4 * sms, 512>>>(a, bytes, sink); });
    time("floor2x256", [&] { floor_kernel<<<grid, 256>>>(a, bytes, sink); });
    time("blk2x256/8", [&] { floor_blocked_kernel<8><<<grid, 256>>>(a, bytes, sink); });
    time("tile/4", [&] { tile_kernel<4><<<grid, 256>>>(a, s.rows, s.row_bytes, 0, sink); });
    time("inter/8", [&] { tile_kernel<8><<<grid, 256>>>(a, s.rows, s.row_bytes, 1, sink); });
    time("tile/4+alu", [&] { tile_kernel<4, true><<<grid, 256>>>(a, s.rows, s.row_bytes, 0, sink); });
    time("inter/8+alu", [&] { tile_kernel<8, true><<<grid, 256>>>(a, s.rows, s.row_bytes, 1, sink); });
    auto bulk = [&](const char* name, auto kernel, int C, int S, int ctas, int scales) {
      const int smem = 128 + S * 16 * (C + 64 + (scales == 1 ? C / 8 : 0));
      CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      if (s.row_bytes % C) return;
      time(name, [&] { kernel<<<ctas * sms, 288, smem>>>(a, sfa, s.rows, s.row_bytes, sink); });
    };
    bulk("bulk1K/4x2", bulk_kernel<1024, 4, 0>, 1024, 4, 2, 0);
    bulk("bulk1K/3x2", bulk_kernel<1024, 3, 0>, 1024, 3, 2, 0);
    bulk("bulk512/8x2", bulk_kernel<512, 8, 0>, 512, 8, 2, 0);
    bulk("bulk512/6x2", bulk_kernel<512, 6, 0>, 512, 6, 2, 0);
    // With the scales (9/8 of the bytes): compare with floor+sf.
    const int64_t bytes_sf = bytes + bytes / 8;
    time("floor+sf", [&] { floor_kernel<<<4 * sms, 512>>>(a, bytes_sf, sink); });
    bulk("b1K/4x2+sfbulk", bulk_kernel<1024, 4, 1>, 1024, 4, 2, 1);
    bulk("b1K/4x2+sf+alu", bulk_kernel<1024, 4, 1, true>, 1024, 4, 2, 1);
    bulk("b1K/4x2+sfld", bulk_kernel<1024, 4, 2>, 1024, 4, 2, 2);
    bulk("b512/8x2+sfbulk", bulk_kernel<512, 8, 1>, 512, 8, 2, 1);
    bulk("b512/8x2+sfld", bulk_kernel<512, 8, 2>, 512, 8, 2, 2);
    bulk("b512/6x2+sfld", bulk_kernel<512, 6, 2>, 512, 6, 2, 2);
    // Tensor maps: weights as uint32 [rows][row_bytes / 4] in boxes of 16 rows x min(C, 1 KB),
    // scales as uint8 [rows][row_bytes / 8] in boxes of 16 rows x C / 8 bytes.
    auto tma = [&](const char* name, auto kernel, int C, int S, bool scales) {
      if (s.row_bytes % C) return;
      CUtensorMap wmap, smap;
      const cuuint64_t wd[2] = {(cuuint64_t)s.row_bytes / 4, (cuuint64_t)s.rows};
      const cuuint64_t ws[1] = {(cuuint64_t)s.row_bytes};
      const cuuint32_t wb[2] = {(cuuint32_t)std::min(C, 1024) / 4, 16}, one[2] = {1, 1};
      CK((cudaError_t)encode(&wmap, CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, a, wd, ws, wb, one,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
      const cuuint64_t sd[2] = {(cuuint64_t)s.row_bytes / 8, (cuuint64_t)s.rows};
      const cuuint64_t ss[1] = {(cuuint64_t)s.row_bytes / 8};
      const cuuint32_t sb[2] = {(cuuint32_t)C / 8, 16};
      CK((cudaError_t)encode(&smap, CU_TENSOR_MAP_DATA_TYPE_UINT8, 2, sfa, sd, ss, sb, one,
                             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                             CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
      const int smem = 1024 + S * 16 * (C + (scales ? C / 8 : 0));
      CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      time(name, [&] { kernel<<<2 * sms, 288, smem>>>(wmap, smap, s.rows, s.row_bytes, sink); });
    };
    tma("tma1K/4", tma_kernel<1024, 4, false>, 1024, 4, false);
    tma("tma1K/4+sf", tma_kernel<1024, 4, true>, 1024, 4, true);
    tma("tma1K/3+sf", tma_kernel<1024, 3, true>, 1024, 3, true);
    tma("tma2K/2+sf", tma_kernel<2048, 2, true>, 2048, 2, true);
    tma("tma512/8+sf", tma_kernel<512, 8, true>, 512, 8, true);
  }
  return 0;
}
