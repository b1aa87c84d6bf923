"""Run 261: W4A16 row-major, fp16 / bf16, at one and two activation columns (L = 1; and one
L = 4 shape at one column), unchecked timings the bench's way (events, write flush, median of 20),
in each variant's copy: head (the CTA's column maximum per column) and wexp (each warp's own
exponent, undone in the epilogue; BENCHMARKS.md item 173).
Usage (in each variant's copy): PYTHONPATH=src python3 bf16_wexp.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
cases = [(m, k, 1, n) for n in (1, 2) for m, k in
         ((7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048))]
cases.append((7168, 2048, 4, 1))
for m, k, l, n in cases:
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, l, n, act, "cuda")
        out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    print(f"{m}x{k}x{l} N={n}: " + ", ".join(line), flush=True)
