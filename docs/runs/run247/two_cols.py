"""Run 247: W4A16 at two activation columns, row-major, L = 1 (sweep16_kernel with kCols = 2 since
item 164; the row tiles before, which NVFP4_GEMV_SWEEP16=0 still takes), beside the same shapes at
one column and at two columns on the tiled weight format; unchecked timings the bench's way (events,
write flush, median of 20), the floor beside. Usage (on the device): PYTHONPATH=src python3 two_cols.py"""
import os

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
tag = "rowtiles" if os.environ.get("NVFP4_GEMV_SWEEP16") == "0" else "sweep"


def timed(a, sfa, x, layout, m, n):
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    return time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, layout, 0, None, None, None, out),
                     flusher, 20).median_us


for m, k in ((7168, 16384), (4096, 4096), (14336, 4096), (4096, 14336), (2048, 7168), (7168, 2048),
             (151936, 4096)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x2, _ = random_operands(m, k, 1, 2, act, "cuda")
        t2 = timed(a, sfa, x2, 0, m, 2)
        t1 = timed(a, sfa, x2[:, :1].contiguous(), 0, m, 1)
        at, sfat = fmt.to_tiled(a, sfa)
        tt = timed(at, sfat, x2, 2, m, 2)
        line.append(f"{act} N=2 {t2:.1f} (N=1 {t1:.1f}, tiled N=2 {tt:.1f})")
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 2, 2.0), flusher, "cuda", 20)
    print(f"{tag} {m}x{k}: " + "; ".join(line) + f"; floor {floor.median_us:.1f} us", flush=True)
