"""Run 452: the launch rule of BENCHMARKS.md item 273 (two and three columns) under compute-sanitizer
memcheck: two columns on the tiled format's tile sweep at K = 800 (one CTA, K ending inside a
tile, one row), 4160 (clusters of 2, 301 rows: a partial last band) and 14336 (2001 rows), fp16 /
bf16 / FP4 x; two FP4 columns on row-major 33000x8192 (152 MB: past the two-column row sweep's
one-piece bound and 2^27 bytes, a partial last tile: the tile sweep); three bf16 columns on the
tiled 70000x2048 (81 MB, past 2^26 bytes: the row tiles).
Usage: compute-sanitizer --tool memcheck python docs/runs/run452/memcheck452.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
cases = [(m, k, 2, act, True) for m, k in [(1, 800), (301, 4160), (2001, 14336)] for act in ("fp16", "bf16", "fp4")]
for m, k, n, act, tiled in cases + [(33000, 8192, 2, "fp4", False), (70000, 2048, 3, "bf16", True)]:
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, "cuda")
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 2 if tiled else 0, 0, None, None, None, out)
    torch.cuda.synchronize()
    print("ok", m, k, n, act, "tiled" if tiled else "row-major")
