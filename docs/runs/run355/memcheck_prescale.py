"""Run 355: bf16_prescale_kernel and its dependent fp16 row sweep under compute-sanitizer memcheck
(run with NVFP4_GEMV_PRESCALE=1, so every one-column bf16 call whose fp16 plan is a row sweep
takes it): K = 32 on 3 rows (one piece, one warp), 301x7168 (one piece on 7 warps), 77x16384 and
1001x2048 with global scales and a bias, 24576x8192 (2 pieces on 4 warps, 113 MB), and K = 40960
(k sections: no prescale, the bf16 sweep over sections). Each output checked against the float64
reference within the tests' bound (kernel names are not captured under the sanitizer, run 346;
the plans are pinned by tests/cpp/plan_rules.cu)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k, scaled) in enumerate([(3, 32, False), (301, 7168, False), (77, 16384, True), (1001, 2048, True),
                                    (24576, 8192, False), (65, 40960, False)]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, "bf16", "cuda")
    wgs = torch.tensor([0.37], device="cuda") if scaled else None
    ags = torch.tensor([2.5], device="cuda") if scaled else None
    bias = torch.randn(m, generator=gen).cuda() if scaled else None
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, wgs, ags, bias, out)  # noqa: E731
    call()
    ref = reference.gemv_reference(a, sfa, x, None, 0, 0, wgs, ags, bias, torch.float64)
    tol = tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24) * (0.37 * 2.5 if scaled else 1.0)
    if scaled:
        tol = tol + bias.abs().double().reshape(1, -1, 1) * 2**-23 + ref.abs() * 2**-23
    assert_close_elementwise(out.double(), ref, tol, f"{m}x{k}")
    print(f"{m}x{k} scaled={scaled}: ok", flush=True)
