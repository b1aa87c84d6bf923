"""Run 450: two columns on the tile sweep (BENCHMARKS.md item 273) for compute-sanitizer memcheck:
the tiled format at K = 800 (one CTA, K ending inside a tile, one row), 4160 (clusters of 2, 301
rows: a partial last band) and 14336 (2001 rows), row-major FP4 x on 26624x8192 (past the two-column
row sweep's one-piece bound), fp16 / bf16 / FP4 x.
Usage: compute-sanitizer --tool memcheck python docs/runs/run450/memcheck450.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
cases = [(m, k, act, True) for m, k in [(1, 800), (301, 4160), (2001, 14336)] for act in ("fp16", "bf16", "fp4")]
for m, k, act, tiled in cases + [(26624, 8192, "fp4", False)]:
    a, sfa, x, sfx = random_problem(1, m, k, 2, gen, act, "cuda")
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
    out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 2 if tiled else 0, 0, None, None, None, out)
    torch.cuda.synchronize()
    print("ok", m, k, act, "tiled" if tiled else "row-major")
