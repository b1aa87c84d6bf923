"""Run 392 (BENCHMARKS.md item 242): the one-column 2-piece W4A16 sweep with bf16 x at L = 1 on
1..4 warps a row (one CTA an SM holding the groups of two, sweep16_groups) under compute-sanitizer
memcheck: K = 2048 (1 warp), 4096 (2), 6144 (3), 8192 (4), odd row counts past 16 MiB of weights
(the 2-piece kernels), and fp16 x on 2 warps (unchanged). Each output checked against the float64
reference within the tests' bound."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, random_problem, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402

ops.load()
for i, (m, k, act) in enumerate([(16385, 2048, "bf16"), (9001, 4096, "bf16"), (6001, 6144, "bf16"),
                                 (5001, 8192, "bf16"), (9001, 4096, "fp16")]):
    gen = torch.Generator().manual_seed(i)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, act, "cuda")
    out = torch.full((1, m, 1), float("nan"), device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                             f"{m}x{k} {act}")
    print(f"{m}x{k} {act}: ok", flush=True)
