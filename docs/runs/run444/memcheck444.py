"""Run 444: the ragged band sweep's cases (BENCHMARKS.md item 271, in scripts/memcheck_cases.py
too) alone, for compute-sanitizer memcheck: K = 7168 on one CTA and on clusters of 2, 4160 on 2
CTAs of 17 and 16 tiles with K ending inside a tile, 2080 on one CTA, 32752 on 2 (74 KB of x
tiles), fp16 and bf16.
Usage: compute-sanitizer --tool memcheck python docs/runs/run444/memcheck444.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
for m, k in [(4096, 7168), (2000, 7168), (100, 4160), (50, 2080), (17, 32752)]:
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_problem(1, m, k, 1, gen, act, "cuda")
        a, sfa = fmt.to_tiled(a, sfa)
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        torch.ops.nvfp4.gemv_out(a, sfa, x, None, 2, 0, None, None, None, out)
        torch.cuda.synchronize()
        print("ok", m, k, act)
