"""Launch the GEMV a few times on one shape, for a profiler (ncu -k regex:gemv_kernel -s 2 -c 1).

Usage: PYTHONPATH=src python scripts/profile_case.py M K L [N] [fp4|fp16|bf16] [tiled]
("tiled": the weights in the tiled format, format.to_tiled)
"""
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import random_operands

m, k, l = (int(v) for v in sys.argv[1:4])
n = int(sys.argv[4]) if len(sys.argv) > 4 else 1
act = sys.argv[5] if len(sys.argv) > 5 else "fp4"
ops.load()
tiled = "tiled" in sys.argv[6:]
a, sfa, x, sfx = random_operands(m, k, l, n, act, "cuda")
if tiled:
    a, sfa = fmt.to_tiled(a, sfa)
layout = reference.TILED if tiled else reference.ROW_MAJOR
out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
for _ in range(4):
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out)
torch.cuda.synchronize()
print(f"profiled {m}x{k}x{l} N={n} {act}{' tiled' if tiled else ''}")
