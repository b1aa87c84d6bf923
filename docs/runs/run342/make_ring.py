"""(Run from the repo root: python docs/runs/run342/make_ring.py D.) Writes .variants/ringD/gemv_kernels.cu: the one-column 2-piece W4A16 sweep (<= 8 warps a row)
with its weights through a per-thread cp.async ring of D row pairs in shared memory."""
import sys
D = int(sys.argv[1])
src = open('src/nvfp4_gemv/csrc/gemv_kernels.cu').read()
def rep(old, new, count=1):
    global src
    assert src.count(old) == count, (old[:80], src.count(old))
    src = src.replace(old, new)

# 1. dynamic shared memory: the ring first, the sums after it.
rep('''  __shared__ float warp_unscale[kCols][unscale_slots];  // bf16 at L == 1: 2^-e of warp v of the groups
  extern __shared__ float red[];''',
'''  __shared__ float warp_unscale[kCols][unscale_slots];  // bf16 at L == 1: 2^-e of warp v of the groups
  extern __shared__ __align__(16) float dyn_smem[];
  // VARIANT ring: the weights of kRingDepth row pairs a thread in shared memory (cp.async), at
  // [pair slot][row][piece][thread] x 16 bytes; the sums after it.
  constexpr bool kRing = sweep16_ring(kPieces, kGroupWarps, kCols, kFp4);
  constexpr int kRingBytes = sweep16_ring_bytes(kPieces, kGroupWarps, kCols, kFp4);
  float* const red = dyn_smem + kRingBytes / 4;
  const uint32_t ring = (uint32_t)__cvta_generic_to_shared(dyn_smem);''')
rep('''  constexpr int kSweepDepth = kCols * kPieces > 2 ? 1 : 2;
  constexpr int group_warps = kGroupWarps, group_threads = 32 * kGroupWarps;''',
'''  constexpr int kSweepDepth = kRing ? kRingDepth : kCols * kPieces > 2 ? 1 : 2;
  constexpr int group_warps = kGroupWarps, group_threads = 32 * kGroupWarps;
  const auto slot = [&](int d, int h, int u) {
    return ring + (uint32_t)((((d * 2 + h) * kPieces + u) * cta_threads_ring + (int)threadIdx.x) * 16);
  };''')
# cta_threads is defined after; define a constant early
rep('''  constexpr int kRingBytes = sweep16_ring_bytes(kPieces, kGroupWarps, kCols, kFp4);''',
'''  constexpr int kRingBytes = sweep16_ring_bytes(kPieces, kGroupWarps, kCols, kFp4);
  constexpr int cta_threads_ring = 32 * sweep_cta_warps(kGroupWarps);''')

# 2. prologue loads
rep('''    uint32_t wr[kSweepDepth][2][kPieces][4], s[kSweepDepth][2][kPieces];
#pragma unroll
    for (int d = 0; d < kSweepDepth; ++d) {
      const int pair = g + d * groups;
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const bool ld = ok[u] && d < n && !(h == 1 && pair == last_odd);
          wr[d][h][u][0] = wr[d][h][u][1] = wr[d][h][u][2] = wr[d][h][u][3] = 0;
          ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
          s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
        }
      a += a_step;
      sf += sf_step;
    }''',
'''    uint32_t wr[kRing ? 1 : kSweepDepth][2][kPieces][4], s[kSweepDepth][2][kPieces];
#pragma unroll
    for (int d = 0; d < kSweepDepth; ++d) {
      const int pair = g + d * groups;
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int h = 0; h < 2; ++h) {
          const bool ld = ok[u] && d < n && !(h == 1 && pair == last_odd);
          if constexpr (kRing) {
            if (d < n) cp_async16(slot(d, h, u), ld ? a + h * a_next + u * piece_bytes : p.a, ld ? 16 : 0);
          } else {
            wr[d][h][u][0] = wr[d][h][u][1] = wr[d][h][u][2] = wr[d][h][u][3] = 0;
            ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
          }
          s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
        }
      if constexpr (kRing) cp_async_commit();
      a += a_step;
      sf += sf_step;
    }''')

# 3. hot loop: the pair's words from the ring, the refill right after.
rep('''        if (i + d >= n) break;
        float acc[kCols][4] = {};
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          const __half2 sa = decode_e4m3x2<0>(s[d][0][u], kWeightBias / kDecodeScale);
          const __half2 sb = decode_e4m3x2<0>(s[d][1][u], kWeightBias / kDecodeScale);
#pragma unroll
          for (int w = 0; w < 4; ++w) {
            uint32_t ha[4], hb[4];
            scaled_word_pair(wr[d][0][u][w], wr[d][1][u][w], sa, sb, w >= 2, ha, hb);''',
'''        if (i + d >= n) break;
        float acc[kCols][4] = {};
        uint32_t cur_s[2][kPieces];
        const int dw = kRing ? 0 : d;  // the words' slot in wr
        if constexpr (kRing) {
          cp_async_wait<kSweepDepth - 1>();  // this pair's group: one committed a pair
#pragma unroll
          for (int u = 0; u < kPieces; ++u)
#pragma unroll
            for (int h = 0; h < 2; ++h) {
              const uint4 v = lds128(slot(d, h, u));
              wr[0][h][u][0] = v.x, wr[0][h][u][1] = v.y, wr[0][h][u][2] = v.z, wr[0][h][u][3] = v.w;
              cur_s[h][u] = s[d][h][u];
            }
          const int rnext = i + d + kSweepDepth, rnext_pair = g + rnext * groups;
          if (rnext < n) {
#pragma unroll
            for (int u = 0; u < kPieces; ++u)
#pragma unroll
              for (int h = 0; h < 2; ++h) {
                const bool ld = ok[u] && !(h == 1 && rnext_pair == last_odd);
                cp_async16(slot(d, h, u), ld ? a + h * a_next + u * piece_bytes : p.a, ld ? 16 : 0);
                s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
              }
          }
          cp_async_commit();
          a += a_step;
          sf += sf_step;
        } else {
#pragma unroll
          for (int u = 0; u < kPieces; ++u)
#pragma unroll
            for (int h = 0; h < 2; ++h) cur_s[h][u] = s[d][h][u];
        }
#pragma unroll
        for (int u = 0; u < kPieces; ++u) {
          const __half2 sa = decode_e4m3x2<0>(cur_s[0][u], kWeightBias / kDecodeScale);
          const __half2 sb = decode_e4m3x2<0>(cur_s[1][u], kWeightBias / kDecodeScale);
#pragma unroll
          for (int w = 0; w < 4; ++w) {
            uint32_t ha[4], hb[4];
            scaled_word_pair(wr[dw][0][u][w], wr[dw][1][u][w], sa, sb, w >= 2, ha, hb);''')
rep('''        const int pair = g + (i + d) * groups, next = i + d + kSweepDepth;
        const int next_pair = g + next * groups;
#pragma unroll
        for (int u = 0; u < kPieces; ++u)
#pragma unroll
          for (int h = 0; h < 2; ++h) {
            const bool ld = ok[u] && next < n && !(h == 1 && next_pair == last_odd);
            ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
            s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
          }
        a += a_step;
        sf += sf_step;''',
'''        const int pair = g + (i + d) * groups, next = i + d + kSweepDepth;
        const int next_pair = g + next * groups;
        if constexpr (!kRing) {
#pragma unroll
          for (int u = 0; u < kPieces; ++u)
#pragma unroll
            for (int h = 0; h < 2; ++h) {
              const bool ld = ok[u] && next < n && !(h == 1 && next_pair == last_odd);
              ld_stream_if(ld, a + h * a_next + u * piece_bytes, wr[d][h][u]);
              s[d][h][u] = ld_scales_if<2, true>(ld, sf + h * sf_next + u * piece_sf);
            }
          a += a_step;
          sf += sf_step;
        }''')
# segment end: drain (no copies are pending past n, but be explicit)
rep('''    r += seg_rows;
    // bf16 at L > 1: the segment's sums times 2^-e here.''',
'''    if constexpr (kRing) cp_async_wait<0>();
    r += seg_rows;
    // bf16 at L > 1: the segment's sums times 2^-e here.''')

# 4. helpers before the kernel
rep('''template <int kPieces, int kGroupWarps, bool kBf16, int kCols = 1, bool kFp4 = false>
__global__ void
__launch_bounds__(32 * sweep_cta_warps(kGroupWarps), sweep16_ctas_per_sm(kPieces, kGroupWarps, kCols))''',
f'''// VARIANT ring: which W4A16 sweep kernels read their weights through a cp.async ring, and its bytes.
constexpr int kRingDepth = {D};
__host__ __device__ constexpr bool sweep16_ring(int pieces, int group_warps, int cols, bool fp4) {{
  return pieces == 2 && cols == 1 && !fp4 && group_warps <= kWarps;
}}
__host__ __device__ constexpr int sweep16_ring_bytes(int pieces, int group_warps, int cols, bool fp4) {{
  return sweep16_ring(pieces, group_warps, cols, fp4) ? kRingDepth * 2 * pieces * 16 * 32 * sweep_cta_warps(group_warps) : 0;
}}
template <int kPieces, int kGroupWarps, bool kBf16, int kCols = 1, bool kFp4 = false>
__global__ void
__launch_bounds__(32 * sweep_cta_warps(kGroupWarps), sweep16_ctas_per_sm(kPieces, kGroupWarps, kCols))''')

# 5. launcher
rep('''    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4><<<plan.grid, threads, plan.smem_bytes, stream>>>(
        p, plan.row_blocks);''',
'''    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    constexpr int ring_bytes = sweep16_ring_bytes(kPieces, group_warps, kCols, kFp4);
    const auto kernel = sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4>;
    if constexpr (ring_bytes > 0) {
      static const bool opted = cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                     ring_bytes + kSweepSmemBytes) == cudaSuccess;
      if (!opted) return (int)cudaErrorInvalidValue;
    }
    kernel<<<plan.grid, threads, plan.smem_bytes + ring_bytes, stream>>>(p, plan.row_blocks);''')
import os
os.makedirs(f'.variants/ring{D}', exist_ok=True)
open(f'.variants/ring{D}/gemv_kernels.cu', 'w').write(src)
print('ok')
src = open(f'.variants/ring{D}/gemv_kernels.cu').read()
rep('''          float v0 = diag ? (kCols == 1 ? acc[c][odd] : odd ? acc[c][1] : acc[c][0]) : 0.f;
          float v1 = diag ? (kCols == 1 ? acc[c][2 + odd] : odd ? acc[c][3] : acc[c][2]) : 0.f;''',
'''          float v0 = diag ? (odd ? acc[c][1] : acc[c][0]) : 0.f;  // VARIANT ring: selects (an index: local memory)
          float v1 = diag ? (odd ? acc[c][3] : acc[c][2]) : 0.f;''')
open(f'.variants/ring{D}/gemv_kernels.cu', 'w').write(src)
print('selects')
