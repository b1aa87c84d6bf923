"""Run 332: the o16 variant's outputs (NVFP4_O16=1: one piece a thread on 14 / 16 warps a row)
against the float64 reference, elementwise (tests/helpers.py tolerance), output poisoned first,
on random operands with all 16 codes; and bitwise equal run to run."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402
from nvfp4_gemv.bench import random_operands  # noqa: E402

ops.load()
torch.manual_seed(0)
for m, k, l in [(7168, 16384, 1), (4096, 14336, 1), (1000, 16384, 3), (333, 14336, 2), (64, 16000, 1)]:
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.full((l, m, 1), float("nan"), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    again = torch.full_like(out, float("nan"))
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, again)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    assert_close_elementwise(out, ref, tolerance(a, sfa, x, sfx, torch.float16), f"{m}x{k}x{l}")
    assert torch.equal(out, again), f"{m}x{k}x{l} not bitwise equal run to run"
    print(f"ok {m}x{k}x{l}", flush=True)
