"""Run 390 (BENCHMARKS.md item 241): the one-column 2-piece W4A16 sweep with bf16 x at L = 1 on
5..8 warps a row (one CTA of two groups sharing x's conversion, sweep16_groups) under
compute-sanitizer memcheck: K = 10240 (5 warps), 12288 (6; 5 row pairs, so groups without a pair),
14336 (7), 16384 (8), odd row counts, and fp16 x on 8 warps (two CTAs of one group). Each output
checked against the float64 reference within the tests' bound."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k, act) in enumerate([(65, 10240, "bf16"), (9, 12288, "bf16"), (133, 14336, "bf16"),
                                 (301, 16384, "bf16"), (301, 16384, "fp16")]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, act, "cuda")
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                             f"{m}x{k} {act}")
    print(f"{m}x{k} {act}: ok", flush=True)
