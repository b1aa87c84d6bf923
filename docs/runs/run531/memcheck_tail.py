"""Run 531: item 325's memcheck cases: row-major weights whose scale rows are padded to 16 bytes
and end mid-word (K % 64 == 32: the word kernels' last 2 bytes as a 16-bit load), plus one whole-word
row; each operand in an allocation of its own, the scale buffer ending with the last row's padding."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
for m, k, n, act in [(301, 2080, 8, "fp16"), (77, 4384, 6, "fp4"), (130, 2080, 12, "fp4"), (33, 16416, 8, "bf16"),
                     (301, 2880, 16, "fp16")]:
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, "cuda")
    width = -(-(k // 16) // 16) * 16
    padded = torch.zeros((1, m, width), dtype=torch.uint8, device="cuda")
    padded[..., : k // 16] = sfa
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a.clone(), padded[..., : k // 16], x.clone(), None if sfx is None else sfx.clone(), 0, 0,
                             None, None, None, out)
    torch.cuda.synchronize()
    print("ok", m, k, n, act)
