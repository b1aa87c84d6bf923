// smem_config_probe.cu (run 575, item 341): does a kernel that asks for shared memory pay for the
// SM's L1 / shared-memory split being changed after the flush? The bench's flush (a large write)
// and the stream floor use no shared memory; every GEMV sweep does (its warps' sums, `red`), so if
// the driver reconfigures the split between the flush and the GEMV, that cost sits inside the
// GEMV's timed interval and not the floor's: a candidate for item 338's ~1 us once a call.
// Forms, all the library's floor kernel (probe_common.cuh stream_floor_kernel, 2 x 512 a SM), over
// the task's byte counts, L2 flushed by a 512 MiB memset before each rep (ProbeBench):
//   S KB        the floor launched with S KB of dynamic shared memory (unused), S = 0, 1, 8, 48, 100;
//   S KB pre    the same, with a 1-CTA-a-SM empty kernel of S KB launched after the flush, before
//               the start event (the split already as the floor needs it when the interval starts);
//   S KB maxL1  S KB with the floor's carveout preference at cudaSharedmemCarveoutMaxL1.
// Usage: nvcc -O3 -std=c++17 -arch=sm_90a -Iscripts -o /tmp/scp docs/runs/run575/smem_config_probe.cu && /tmp/scp [reps]
#include <cstdio>
#include <cstdlib>

#include "probe_common.cuh"  // CK, ProbeBench, predicated_stream_xor, sink_store

// The floor's rounds in distinct kernels (Tag), so that each keeps its own function attributes.
template <int Tag>
__global__ void __launch_bounds__(512, 2) floor_kernel(const uint8_t* data, int64_t bytes, uint32_t* sink) {
  extern __shared__ uint32_t unused[];
  uint32_t acc = predicated_stream_xor<8>(data, bytes / 16);
  if (acc == 0x9E3779B9u && threadIdx.x == 1023) unused[0] = acc;  // keeps the allocation, never taken
  sink_store(acc, sink);
}

__global__ void empty_kernel(uint32_t* sink) {
  extern __shared__ uint32_t unused[];
  if (sink == nullptr) unused[threadIdx.x] = 0;
}

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 30;
  ProbeBench pb(reps);
  const int64_t sizes[] = {(int64_t)7168 * 2048 * 4 * 9 / 16, (int64_t)7168 * 16384 * 9 / 16,
                           (int64_t)4096 * 7168 * 8 * 9 / 16};
  uint8_t* data;
  CK(cudaMalloc(&data, sizes[2]));
  CK(cudaMemset(data, 0x5A, sizes[2]));
  const int kbs[] = {0, 1, 8, 48, 100};
  // Tags: 0 default preference, 1 maxL1 preference.
  CK(cudaFuncSetAttribute(floor_kernel<0>, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 << 10));
  CK(cudaFuncSetAttribute(floor_kernel<1>, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 << 10));
  CK(cudaFuncSetAttribute(floor_kernel<1>, cudaFuncAttributePreferredSharedMemoryCarveout, cudaSharedmemCarveoutMaxL1));
  CK(cudaFuncSetAttribute(empty_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, 100 << 10));
  std::printf("floor over the bytes, 2 x 512 threads a SM, median / 10th percentile of %d reps, us\n", reps);
  std::printf("%-8s %6s %15s %15s %15s\n", "MB", "smem", "plain", "pre", "maxL1");
  for (int64_t bytes : sizes) {
    for (int kb : kbs) {
      const int smem = kb << 10;
      const auto plain = pb.time([&] { floor_kernel<0><<<pb.sms * 2, 512, smem>>>(data, bytes, pb.sink); });
      // pre: the empty kernel between the flush and the start event (time_flushed's launch runs after e0,
      // so the pre-kernel goes through a prepare step that follows the memset: a custom loop).
      std::vector<float> v;
      for (int r = 0; r < reps + 3; ++r) {
        CK(cudaMemsetAsync(pb.flush, r & 0xFF, pb.flush_bytes));
        empty_kernel<<<pb.sms, 32, smem>>>(pb.sink);
        CK(cudaEventRecord(pb.e0));
        floor_kernel<0><<<pb.sms * 2, 512, smem>>>(data, bytes, pb.sink);
        CK(cudaEventRecord(pb.e1));
        CK(cudaEventSynchronize(pb.e1));
        float ms = 0;
        CK(cudaEventElapsedTime(&ms, pb.e0, pb.e1));
        if (r >= 3) v.push_back(ms * 1000.f);
      }
      CK(cudaGetLastError());
      std::sort(v.begin(), v.end());
      const auto maxl1 = pb.time([&] { floor_kernel<1><<<pb.sms * 2, 512, smem>>>(data, bytes, pb.sink); });
      std::printf("%-8.1f %4dKB %7.2f / %5.2f %7.2f / %5.2f %7.2f / %5.2f\n", bytes / 1e6, kb, plain.first,
                  plain.second, v[v.size() / 2], v[v.size() / 10], maxl1.first, maxl1.second);
    }
  }
  return 0;
}
