"""(Run from the repo root: python docs/runs/run344/make_xs.py D.) Writes .variants/xsD/gemv_kernels.cu from the tree: the one-column 2-piece W4A16 sweep (<= 8
warps a row) with x's converted words in shared memory (as item 203's x_shared.patch, run 319), D
row pairs in flight, 2 CTAs an SM as in the tree (item 203 ran one pair at 3 CTAs)."""
import os
import sys
D = int(sys.argv[1])
src = open('src/nvfp4_gemv/csrc/gemv_kernels.cu').read()
def rep(old, new):
    global src
    assert src.count(old) == 1, (old[:80], src.count(old))
    src = src.replace(old, new)
rep('''// With several activation columns (kCols > 1: their pieces in registers too) 2.
__host__ __device__ constexpr int sweep16_ctas_per_sm(''',
f'''// VARIANT xs{D}: one column of 2 pieces on up to kWarps warps keeps x in shared memory (its 32
// words a thread, statically), {D} row pairs in flight, 2 CTAs per SM.
constexpr int kXSharedDepth = {D};
__host__ __device__ constexpr bool sweep16_x_shared(int pieces, int group_warps, int cols) {{
  return cols == 1 && pieces == 2 && group_warps <= kWarps;
}}
__host__ __device__ constexpr int sweep16_x_shared_bytes(int pieces, int group_warps, int cols) {{
  return sweep16_x_shared(pieces, group_warps, cols) ? 16 * 4 * pieces * 32 * sweep_cta_warps(group_warps) : 0;
}}
// With several activation columns (kCols > 1: their pieces in registers too) 2.
__host__ __device__ constexpr int sweep16_ctas_per_sm(''')
rep('''  __shared__ unsigned col_max_bits;  // bf16 at L > 1: the segment's maximum (fp32 bits)
  static_assert(sweep16_builds(kPieces, kCols, kGroupWarps), "a group shape the launcher builds");''',
'''  __shared__ unsigned col_max_bits;  // bf16 at L > 1: the segment's maximum (fp32 bits)
  constexpr bool kXShared = sweep16_x_shared(kPieces, kGroupWarps, kCols) && !kFp4;
  __shared__ uint4 x_smem[kXShared ? sweep16_x_shared_bytes(kPieces, kGroupWarps, kCols) / 16 : 1];
  static_assert(sweep16_builds(kPieces, kCols, kGroupWarps), "a group shape the launcher builds");''')
rep('''  constexpr int kSweepDepth = kCols * kPieces > 2 ? 1 : 2;''',
    '''  constexpr int kSweepDepth = kXShared ? kXSharedDepth : kCols * kPieces > 2 ? 1 : 2;''')
rep('''        pieces_pair_k<kBf16>(raw, e, xh[c]);
      }
    }
''', '''        pieces_pair_k<kBf16>(raw, e, xh[c]);
      }
    }
    if constexpr (kXShared) {  // VARIANT: the thread's x words in shared memory, [u][w][thread]
#pragma unroll
      for (int u = 0; u < kPieces; ++u)
#pragma unroll
        for (int w = 0; w < 4; ++w)
          x_smem[(u * 4 + w) * cta_threads + threadIdx.x] =
              make_uint4(xh[0][u][4 * w], xh[0][u][4 * w + 1], xh[0][u][4 * w + 2], xh[0][u][4 * w + 3]);
    }
''')
rep('''            scaled_word_pair(wr[d][0][u][w], wr[d][1][u][w], sa, sb, w >= 2, ha, hb);
#pragma unroll
            for (int c = 0; c < kCols; ++c) {''',
'''            scaled_word_pair(wr[d][0][u][w], wr[d][1][u][w], sa, sb, w >= 2, ha, hb);
            if constexpr (kXShared) {
              const uint4 xv = x_smem[(u * 4 + w) * cta_threads + threadIdx.x];
              xh[0][u][4 * w] = xv.x, xh[0][u][4 * w + 1] = xv.y, xh[0][u][4 * w + 2] = xv.z, xh[0][u][4 * w + 3] = xv.w;
            }
#pragma unroll
            for (int c = 0; c < kCols; ++c) {''')
# selects, not an index, for the butterfly's acc (an index may put acc in local memory)
rep('''          float v0 = diag ? (kCols == 1 ? acc[c][odd] : odd ? acc[c][1] : acc[c][0]) : 0.f;
          float v1 = diag ? (kCols == 1 ? acc[c][2 + odd] : odd ? acc[c][3] : acc[c][2]) : 0.f;''',
'''          float v0 = diag ? (odd ? acc[c][1] : acc[c][0]) : 0.f;
          float v1 = diag ? (odd ? acc[c][3] : acc[c][2]) : 0.f;''')
os.makedirs(f'.variants/xs{D}', exist_ok=True)
open(f'.variants/xs{D}/gemv_kernels.cu', 'w').write(src)
print('ok', D)
