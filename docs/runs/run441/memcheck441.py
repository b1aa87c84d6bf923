"""Run 441: the tiled tile sweep's cases of scripts/memcheck_cases.py alone, for compute-sanitizer
memcheck: 5 FP4 columns on clusters of 2 with K ending mid-tile, 8 fp16 columns at 4 chunks a
thread, 16 bf16 and 11 FP4 columns with a partial last band, two bf16 columns past K = 16384 with K
ending mid-tile, 8 fp16 columns on 300 x 8192.
Usage: compute-sanitizer --tool memcheck python docs/runs/run441/memcheck441.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
for m, k, n, act in [(1001, 4160, 5, "fp4"), (2001, 14336, 8, "fp16"), (77, 14336, 16, "bf16"),
                     (130, 14336, 11, "fp4"), (77, 18976, 2, "bf16"), (300, 8192, 8, "fp16")]:
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, "cuda")
    a, sfa = fmt.to_tiled(a, sfa)
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 2, 0, None, None, None, out)
    torch.cuda.synchronize()
    print("ok", m, k, n, act)
