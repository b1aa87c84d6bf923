"""Run 280: the tile sweep's variants at N = 5 and 8 (BENCHMARKS.md item 186), on the shapes whose
clusters differ between them (K = 14336, 16384) and two where they do not (K = 4096, 8192).
Unchecked timings the bench's way (events, write flush, median of 20). Usage: PYTHONPATH=src
python3 cols_focus.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in [(7168, 16384), (4096, 14336), (28672, 8192), (14336, 4096), (4096, 4096)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (5, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)
