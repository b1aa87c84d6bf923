// cluster_occupancy.cu: how many CTAs of the GEMV kernel the device keeps resident per SM when they
// are launched in thread-block clusters of 1, 2, 4 or 8 (cudaOccupancyMaxActiveClusters), at the
// shared memory its split plans take. A diagnostic for BENCHMARKS.md item 75 (the cluster split
// reduction was 1.3-1.6x slower at 4-8 splits: do such clusters still place 2 CTAs per SM?), and
// for the band sweep (band16_kernel, 3 CTAs an SM by its launch bounds) in clusters of 1 to 4 at
// the shared memory of its plans (item 277: do 132 clusters of 3 fit, one SM's three CTAs each?).
// Standalone, no torch:
//   nvcc -O3 -std=c++17 -arch=sm_90a -Isrc/nvfp4_gemv/csrc -o /tmp/co scripts/cluster_occupancy.cu && /tmp/co
#include "../src/nvfp4_gemv/csrc/gemv_kernels.cu"

#include <cstdio>
#include <initializer_list>

// For each shared-memory size: the kernel's CTAs (of `threads`) an SM without clusters, and the
// clusters of each size in `sizes` resident at once (cudaOccupancyMaxActiveClusters, asked for a
// grid of `per_sm_grid` CTAs an SM).
template <class Kernel>
void report(const char* name, Kernel kernel, int threads, int per_sm_grid, std::initializer_list<int> smems,
            std::initializer_list<int> sizes, int sms) {
  for (int smem : smems) {
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
      std::printf("%-28s smem %6d: cannot set\n", name, smem);
      cudaGetLastError();
      continue;
    }
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem);
    std::printf("%-28s smem %6d: %d CTAs per SM without clusters;", name, smem, per_sm);
    for (int size : sizes) {
      cudaLaunchAttribute attr;
      const int grid = size * (per_sm_grid * sms / size);
      const cudaLaunchConfig_t cfg = nvfp4::detail::cluster_config(grid, threads, size, smem, 0, attr);
      int clusters = 0;
      const cudaError_t err = cudaOccupancyMaxActiveClusters(&clusters, (void*)kernel, &cfg);
      if (err != cudaSuccess) {
        std::printf("  x%d: %s", size, cudaGetErrorString(err));
        cudaGetLastError();
      } else {
        std::printf("  x%d: %d clusters = %.2f CTAs/SM", size, clusters, double(clusters) * size / sms);
      }
    }
    std::printf("\n");
  }
}

// The row tiles at the shared memory their split plans take, in clusters of 1, 2, 4, 8.
template <class Kernel>
void report_tiles(const char* name, Kernel kernel, int sms) {
  report(name, kernel, nvfp4::kThreads, 2, {48 << 10, 96 << 10, 110 << 10, 113 << 10}, {1, 2, 4, 8}, sms);
}

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("%s, %d SMs\n", prop.name, sms);
  using namespace nvfp4::detail;
  report_tiles("row tiles N<=8 (tiled)", gemv_kernel<4, false, false, false, true, false>, sms);
  report_tiles("row tiles N<=8 (row-major)", gemv_kernel<4, false, false, false, false, false>, sms);
  report_tiles("row tiles N>8", gemv_kernel<4, true, false, false, false, false>, sms);
  report_tiles("imma row tiles N=1 (tiled)", gemv_kernel<4, false, false, false, true, true>, sms);
  // The band sweep's kernel (its ragged form: the instance clusters of 3 take, item 277) at 9 KB
  // (13824x5120 on clusters of 3), 24 KB and 72 KB (x's tiles past 48 KB), in clusters of 1..4.
  report("band sweep (ragged)", band16_kernel<nvfp4::kActF16, true>, kBandThreads, kBandCtasPerSm,
         {9 << 10, 24 << 10, 72 << 10}, {1, 2, 3, 4}, sms);
  return 0;
}
