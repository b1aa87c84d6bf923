"""(Not run on a GPU; its SASS read with scripts/sass_loop.py --loads. From the repo root on commit
c43fc44: python docs/runs/run344/make_xs1k.py.) Writes .variants/xs1k/gemv_kernels.cu from the tree: the x-shared W4A16 sweep kernels
(sweep16_x_shared) built once for fp16 and bf16 (the fp16 instantiation, bf16 a run-time branch
in the prologue and epilogue), so that both run one hot loop, the one ptxas schedules for it."""
import os
src = open('src/nvfp4_gemv/csrc/gemv_kernels.cu').read()
def rep(old, new):
    global src
    assert src.count(old) == 1, (old[:80], src.count(old))
    src = src.replace(old, new)
rep('''  static_assert(sizeof(col_max_bits) + sizeof(warp_unscale) <= kSweep16StaticBytes, "sweep_sums_bytes_max");''',
'''  static_assert(sizeof(col_max_bits) + sizeof(warp_unscale) <= kSweep16StaticBytes, "sweep_sums_bytes_max");
  // VARIANT xs1k: the x-shared kernels take bf16 at run time (the launcher passes fp16's instance).
  const bool bf16 = kXShared ? p.act == kActBF16 : kBf16;''')
rep('''        int e = 0;
        if constexpr (kBf16) {
          const unsigned mx = pieces_max_bits(raw);''',
'''        int e = 0;
        if (bf16) {
          const unsigned mx = pieces_max_bits(raw);''')
rep('''        pieces_pair_k<kBf16>(raw, e, xh[c]);''',
'''        if (bf16)
          pieces_pair_k<true>(raw, e, xh[c]);
        else
          pieces_pair_k<false>(raw, e, xh[c]);''')
rep('''    if (kBf16 && !inter) {
      const int seg_e = column_exponent(col_max_bits);''',
'''    if (bf16 && !inter) {
      const int seg_e = column_exponent(col_max_bits);''')
rep('''                        kBf16 && inter ? &warp_unscale[0][0] : nullptr);
#endif
}''','''                        bf16 && inter ? &warp_unscale[0][0] : nullptr);
#endif
}''')
rep('''  const auto launch = [&](auto group_warps) {
    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    sweep16_kernel<kPieces, group_warps, kBf16, kCols, kFp4><<<plan.grid, threads, plan.smem_bytes, stream>>>(
        p, plan.row_blocks);''','''  const auto launch = [&](auto group_warps) {
    constexpr int threads = 32 * sweep_cta_warps(group_warps);
    constexpr bool one = sweep16_x_shared(kPieces, group_warps, kCols);  // VARIANT xs1k
    sweep16_kernel<kPieces, group_warps, one ? false : kBf16, kCols, kFp4><<<plan.grid, threads, plan.smem_bytes,
                                                                              stream>>>(p, plan.row_blocks);''')
os.makedirs('.variants/xs1k', exist_ok=True)
open('.variants/xs1k/gemv_kernels.cu', 'w').write(src)
print('ok')
