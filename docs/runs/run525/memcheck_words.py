"""Run 525: item 323's memcheck cases alone (scripts/memcheck_cases.py's last three of its first
list, plus 301 x 4160 with a bias and row scales), each operand in an allocation of its own."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
for m, k, n, act, factors in [(1001, 2880, 16, "bf16", False), (77, 16448, 12, "fp16", False),
                              (333, 1152, 8, "fp4", False), (301, 4160, 4, "fp4", True), (1001, 2880, 12, "bf16", True)]:
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, "cuda")
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    rs = torch.rand(m, device="cuda") + 0.5 if factors else None
    bias = torch.randn(m + 8, device="cuda")[5:5 + m] if factors else None
    ags = torch.tensor([0.5], device="cuda") if factors and act == "fp4" else None
    torch.ops.nvfp4.gemv_out(a.clone(), sfa.clone(), x.clone(), None if sfx is None else sfx.clone(), 0, 0,
                             rs, ags, bias, out)
    torch.cuda.synchronize()
    print("ok", m, k, n, act, factors)
