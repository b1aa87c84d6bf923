"""Run 274: the library's row-major times at N = 1 and N = 8 (fp16 / bf16 / FP4 x, L = 1) on
cols8_probe.cu's shapes, the bench's way (events, write flush, median of 20, unchecked), for the
probe's numbers in the same call. Usage: PYTHONPATH=src python3 lib_cols.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (28672, 8192)]:
    row = []
    for act in ("fp16", "bf16", "fp4"):
        for n in (1, 8):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            row.append(f"{act} N={n} {t.median_us:.1f}")
    print(f"{m}x{k}: " + ", ".join(row), flush=True)
