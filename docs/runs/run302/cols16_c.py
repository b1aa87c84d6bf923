"""Run 302: the tile sweep's cluster size at 9..16 columns (BENCHMARKS.md item 195): the fewest
CTAs that hold K (item 194) against the fewest rounds, then the most SMs busy (item 195), on the
shapes where the two differ (4096x14336 and 512x14336: 7 -> 8 CTAs; 256x4096: 2 -> 6; 128x2048:
1 -> 8) and 7168x16384 (8 either way) as the control. Unchecked timings the bench's way (events,
write flush, median of 20). Usage: PYTHONPATH=<src> python3 cols16_c.py LABEL"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k in [(4096, 14336), (512, 14336), (256, 4096), (128, 2048), (7168, 16384)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (9, 12, 16):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)
