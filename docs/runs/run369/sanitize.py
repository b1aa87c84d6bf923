"""Run 369 (BENCHMARKS.md item 232): the one-piece bf16 W4A16 sweep whose CTA's groups share x's
conversion through shared memory (kXExchange) under compute-sanitizer (memcheck, racecheck): one
piece on 4, 3, 2 and 1 warps a row (2, 2, 4 and 8 groups a CTA; on one warp groups 4-7 convert
nothing): 4096x4096, 1000x3072, 7168x2048, 2049x1024, and 3 rows of K = 32. Each output checked
against the float64 reference within the tests' bound (the plans are pinned by
tests/cpp/plan_rules.cu and the GPU tests' kernel-name checks)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k) in enumerate([(4096, 4096), (1000, 3072), (7168, 2048), (2049, 1024), (3, 32)]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, "bf16", "cuda")
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                             f"{m}x{k}")
    print(f"{m}x{k}: ok", flush=True)
