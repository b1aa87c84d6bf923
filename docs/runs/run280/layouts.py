"""Run 280: NVFP4Linear's "auto" layout question (BENCHMARKS.md item 187): row-major against tiled
weights at N = 1..16 activation columns, W4A16 bf16 and W4A4 (FP4 x), L = 1, on the model layers.
Unchecked timings the bench's way (events, write flush, median of 20), both layouts in the same
process. Usage: PYTHONPATH=src python3 layouts.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("shape act: N=n row-major/tiled us", flush=True)
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048)]:
    for act in ("bf16", "fp4"):
        row = []
        for n in (1, 2, 3, 4, 8, 16):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            at, sfat = fmt.to_tiled(a, sfa)
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            times = []
            for w, sw, layout in ((a, sfa, 0), (at, sfat, reference.TILED)):
                call = lambda: torch.ops.nvfp4.gemv_out(w, sw, x, sfx, layout, 0, None, None, None, out)  # noqa: E731
                times.append(time_cuda(call, flusher, 20).median_us)
            row.append(f"N={n} {times[0]:.1f}/{times[1]:.1f}")
        print(f"{m}x{k} {act}: " + ", ".join(row), flush=True)
