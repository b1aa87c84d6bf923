"""Run 397 (BENCHMARKS.md item 244): the W4A16 sweep's diagonal sums (diag_pair_sum: lanes 0 and
4 store a pair's rows, the odd last row's slot skipped) under compute-sanitizer memcheck: odd row
counts on 14 warps (K = 28672), 8 (16384), 7 (14336), 1..2 (2048), L = 4 (bf16's batched
instances), two columns with fp16 and FP4 x. Each output checked against the float64 reference
within the tests' bound."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
cases = [(1, 1001, 28672, 1, "bf16"), (1, 63, 16384, 1, "bf16"), (1, 133, 14336, 1, "fp16"),
         (1, 7001, 2048, 1, "bf16"), (4, 1201, 7168, 1, "bf16"), (1, 1001, 16384, 2, "fp16"),
         (1, 1001, 16384, 2, "fp4")]
for i, (l, m, k, n, act) in enumerate(cases):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, act, "cuda")
    out = torch.full((l, m, n), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, sfx, torch.float32, extra_rel=2.0**-24),
                             f"{l}x{m}x{k} N={n} {act}")
    print(f"{l}x{m}x{k} N={n} {act}: ok", flush=True)
