"""(From the repo root on commit 4c0ac18: python docs/runs/next_xs2c_make.py.) Writes
.variants/xs2c/gemv_kernels.cu from the tree: the two-column 2-piece W4A16 sweep (kCols = 2,
kPieces = 2: K > 8192, fp16 / bf16 / FP4 x) with both columns' converted x words in dynamic shared
memory (64 bytes a piece, column and thread: 64 KB a CTA of 8 warps, past the static 48 KB, so the
launcher opts in once per device) ahead of the sums, and 2 row pairs in flight instead of 1."""
import os
src = open('src/nvfp4_gemv/csrc/gemv_kernels.cu').read()
def rep(old, new):
    global src
    assert src.count(old) == 1, (old[:80], src.count(old))
    src = src.replace(old, new)
rep('''__host__ __device__ constexpr int sweep16_x_shared_bytes(int pieces, int group_warps, int cols) {''',
'''// VARIANT xs2c: the two-column 2-piece kernels keep both columns' x in dynamic shared memory.
__host__ __device__ constexpr int sweep16_x_dyn_bytes(int pieces, int group_warps, int cols, bool fp4) {
  return cols == 2 && pieces == 2 && group_warps <= kWarps ? 16 * 4 * pieces * cols * 32 * sweep_cta_warps(group_warps)
                                                           : 0;
}
__host__ __device__ constexpr int sweep16_x_shared_bytes(int pieces, int group_warps, int cols) {''')
rep('''  extern __shared__ float red[];
  static_assert(kCols == 1 || kCols == 2, "one or two activation columns");''',
'''  extern __shared__ __align__(16) float dyn_smem[];
  constexpr int kXDynBytes = sweep16_x_dyn_bytes(kPieces, kGroupWarps, kCols, kFp4);  // VARIANT xs2c
  constexpr bool kXDyn = kXDynBytes > 0;
  uint4* const x_dyn = reinterpret_cast<uint4*>(dyn_smem);
  float* const red = dyn_smem + kXDynBytes / 4;
  static_assert(kCols == 1 || kCols == 2, "one or two activation columns");''')
rep('''  constexpr int kSweepDepth = kCols * kPieces > 2 ? 1 : 2;''',
    '''  constexpr int kSweepDepth = kCols * kPieces > 2 && !kXDyn ? 1 : 2;  // VARIANT xs2c: 2 with x shared''')
rep('''    if constexpr (kXShared) {  // each thread's own slots: no barrier (a segment's rewrite included)''',
'''    if constexpr (kXDyn) {  // VARIANT xs2c: [c][u][w][thread]
#pragma unroll
      for (int c = 0; c < kCols; ++c)
#pragma unroll
        for (int u = 0; u < kPieces; ++u)
#pragma unroll
          for (int w = 0; w < 4; ++w)
            x_dyn[((c * kPieces + u) * 4 + w) * cta_threads + threadIdx.x] =
                make_uint4(xh[c][u][4 * w], xh[c][u][4 * w + 1], xh[c][u][4 * w + 2], xh[c][u][4 * w + 3]);
    }
    if constexpr (kXShared) {  // each thread's own slots: no barrier (a segment's rewrite included)''')
rep('''            if constexpr (kXShared) {
              const uint4 xv = x_shared[(u * 4 + w) * cta_threads + threadIdx.x];''',
'''            if constexpr (kXDyn) {
#pragma unroll
              for (int c = 0; c < kCols; ++c) {
                const uint4 xv = x_dyn[((c * kPieces + u) * 4 + w) * cta_threads + threadIdx.x];
                xh[c][u][4 * w] = xv.x, xh[c][u][4 * w + 1] = xv.y;
                xh[c][u][4 * w + 2] = xv.z, xh[c][u][4 * w + 3] = xv.w;
              }
            }
            if constexpr (kXShared) {
              const uint4 xv = x_shared[(u * 4 + w) * cta_threads + threadIdx.x];''')
rep('''    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4><<<plan.grid, threads, plan.smem_bytes, stream>>>(
        p, plan.row_blocks);''',
'''    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    constexpr int x_bytes = sweep16_x_dyn_bytes(kPieces, group_warps, kCols, kFp4);  // VARIANT xs2c
    const auto kernel = sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4>;
    if constexpr (x_bytes > 0) {
      static int opted_in[64] = {};  // the shared-memory opt-in, once per device
      int device = 0;
      cudaGetDevice(&device);
      if (!opted_in[device & 63]) {
        if (const cudaError_t err =
                cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, x_bytes + kSweepSmemBytes))
          return (int)err;
        opted_in[device & 63] = 1;
      }
    }
    kernel<<<plan.grid, threads, plan.smem_bytes + x_bytes, stream>>>(p, plan.row_blocks);''')
os.makedirs('.variants/xs2c', exist_ok=True)
open('.variants/xs2c/gemv_kernels.cu', 'w').write(src)
print('ok')
