"""Run 386 (BENCHMARKS.md item 239): the one-column 2-piece W4A16 sweep on 13..16 warps (two mma
accumulator chains) under compute-sanitizer memcheck: K = 26624 (13 warps), 28672 (14), 30720 (15),
32768 (16), fp16 and bf16 x, odd row counts. Each output checked against the float64 reference
within the tests' bound (the kernels pinned by the GPU shape test's kernel-name check)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k, act) in enumerate([(67, 26624, "bf16"), (301, 28672, "fp16"), (31, 30720, "bf16"),
                                 (129, 32768, "fp16")]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, act, "cuda")
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                             f"{m}x{k} {act}")
    print(f"{m}x{k} {act}: ok", flush=True)
