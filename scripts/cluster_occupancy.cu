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

template <class Kernel>
void report(const char* name, Kernel kernel, int sms) {
  for (int smem : {48 << 10, 96 << 10, 110 << 10, 113 << 10}) {
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
      std::printf("%-28s smem %6d: cannot set\n", name, smem);
      cudaGetLastError();
      continue;
    }
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, nvfp4::kThreads, smem);
    std::printf("%-28s smem %6d: %d CTAs per SM without clusters;", name, smem, per_sm);
    for (unsigned size : {1u, 2u, 4u, 8u}) {
      cudaLaunchAttribute attr[1];
      attr[0].id = cudaLaunchAttributeClusterDimension;
      attr[0].val.clusterDim.x = size;
      attr[0].val.clusterDim.y = 1;
      attr[0].val.clusterDim.z = 1;
      cudaLaunchConfig_t cfg = {};
      cfg.gridDim = dim3(2 * sms / size * size);
      cfg.blockDim = dim3(nvfp4::kThreads);
      cfg.dynamicSmemBytes = (size_t)smem;
      cfg.attrs = attr;
      cfg.numAttrs = 1;
      int clusters = 0;
      const cudaError_t err = cudaOccupancyMaxActiveClusters(&clusters, (void*)kernel, &cfg);
      if (err != cudaSuccess) {
        std::printf("  x%u: %s", size, cudaGetErrorString(err));
        cudaGetLastError();
      } else {
        std::printf("  x%u: %d clusters = %.2f CTAs/SM", size, clusters, double(clusters) * size / sms);
      }
    }
    std::printf("\n");
  }
}

// The band sweep's kernel (its ragged form: the instance the clusters of 3 take) at 9 KB (13824x5120
// on clusters of 3), 24 KB and 72 KB (x's tiles past 48 KB) of shared memory: CTAs an SM alone, and
// the clusters of 1..4 resident at once.
void report_band(int sms) {
  using namespace nvfp4::detail;
  const auto kernel = band16_kernel<nvfp4::kActF16, true>;
  for (int smem : {9 << 10, 24 << 10, 72 << 10}) {
    if (cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem) != cudaSuccess) {
      std::printf("band sweep smem %6d: cannot set\n", smem);
      cudaGetLastError();
      continue;
    }
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, kBandThreads, smem);
    std::printf("%-28s smem %6d: %d CTAs per SM without clusters;", "band sweep (ragged)", smem, per_sm);
    for (int size = 1; size <= 4; ++size) {
      cudaLaunchAttribute attr;
      const int grid = size * (kBandCtasPerSm * sms / size);
      const cudaLaunchConfig_t cfg = cluster_config(grid, kBandThreads, size, smem, 0, attr);
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

int main() {
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  std::printf("%s, %d SMs\n", prop.name, sms);
  using namespace nvfp4::detail;
  report("row tiles N<=8 (tiled)", gemv_kernel<4, false, false, false, true, false>, sms);
  report("row tiles N<=8 (row-major)", gemv_kernel<4, false, false, false, false, false>, sms);
  report("row tiles N>8", gemv_kernel<4, true, false, false, false, false>, sms);
  report("imma row tiles N=1 (tiled)", gemv_kernel<4, false, false, false, true, true>, sms);
  report_band(sms);
  return 0;
}
