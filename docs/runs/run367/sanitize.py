"""Run 367 (BENCHMARKS.md item 231): the one-column bf16 W4A16 sweep under compute-sanitizer
(memcheck, racecheck: the groups' shared copy of x and its barrier) with NVFP4_GEMV_PRESCALE=0:
14336x4096 (2 pieces on 2 warps: 4 groups a CTA share x), 8193x7168 (2 on 4: 2 groups), 1201x16384
(2 on 8: one group), 513x2048 (one piece), 3 rows of K = 32. Each output checked against the
float64 reference within the tests' bound (the plans are pinned by tests/cpp/plan_rules.cu and the
GPU tests' kernel-name checks)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k) in enumerate([(14336, 4096), (8193, 7168), (1201, 16384), (513, 2048), (3, 32)]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, "bf16", "cuda")
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                             f"{m}x{k}")
    print(f"{m}x{k}: ok", flush=True)
