"""Run 437: the band sweep's cases of scripts/memcheck_cases.py alone (W4A16 at one column on the
tiled format), for compute-sanitizer memcheck: clusters of 2 CTAs on 5 bands with the last cut short
and on 63, one CTA at K = 6144, and at K = 32768 on 200 bands (74 KB of shared memory), fp16 and bf16.
Usage: compute-sanitizer --tool memcheck python docs/runs/run437/memcheck437.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
for m, k in [(77, 4096), (1000, 16384), (77, 6144), (3190, 32768)]:
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_problem(1, m, k, 1, gen, act, "cuda")
        a, sfa = fmt.to_tiled(a, sfa)
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        torch.ops.nvfp4.gemv_out(a, sfa, x, None, 2, 0, None, None, None, out)
        torch.cuda.synchronize()
        print("ok", m, k, act)
