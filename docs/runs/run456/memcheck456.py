"""Run 456's memcheck cases (BENCHMARKS.md item 275): W4A4 at one FP4 column on the band sweep
(tiled weights, L = 1): 5 bands with the last cut short on clusters of 2, one CTA at K = 6144, K =
7168 on clusters of 2 (each warp's last group half empty), 4160 on 2 CTAs of 17 and 16 tiles (K
ending mid-tile), 32752 on 2, 32768 on 200 bands (74 KB of shared memory); and dynamic W4A4 on the
tiled format at L = 1 (quantize, then the band sweep). Usage: python docs/runs/run456/memcheck456.py"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt, ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(456)
for m, k in [(77, 4096), (77, 6144), (2000, 7168), (100, 4160), (17, 32752), (3190, 32768), (1, 2048)]:
    a, sfa, x, sfx = random_problem(1, m, k, 1, gen, "fp4", "cuda")
    ta, tsf = fmt.to_tiled(a, sfa)
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(ta, tsf, x.clone(), sfx.clone(), 2, 0, None, None, None, out)
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    torch.ops.nvfp4.gemv_dynamic_out(ta, tsf, xb, 2, None, torch.tensor([0.5], device="cuda"), None, out)
    torch.cuda.synchronize()
    print("ok", m, k)
