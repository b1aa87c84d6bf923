"""Run 301: row-major against the tiled weight format at 3..16 activation columns (L = 1), since
the tile sweep takes 3..16 row-major (BENCHMARKS.md items 184-194), for NVFP4Linear's layout
advice. Unchecked timings the bench's way (events, write flush, median of 20), one process, both
layouts of the same operands, in two orders (row-major first, then tiled first). Usage:
PYTHONPATH=src python3 layouts.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for order in ("row-major first", "tiled first"):
    print(order, flush=True)
    for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048)]:
        row = []
        for act in ("bf16", "fp4"):
            for n in (3, 4, 8, 12, 16):
                a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
                at, sfat = fmt.to_tiled(a, sfa)
                out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
                calls = {"rm": lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out),
                         "tiled": lambda: torch.ops.nvfp4.gemv_out(at, sfat, x, sfx, reference.TILED, 0, None, None,
                                                                   None, out)}
                names = ("rm", "tiled") if order == "row-major first" else ("tiled", "rm")
                t = {name: time_cuda(calls[name], flusher, 20).median_us for name in names}
                row.append(f"{act} N={n} {t['rm']:.1f}/{t['tiled']:.1f}")
        print(f"{m}x{k} (row-major/tiled us): " + ", ".join(row), flush=True)
