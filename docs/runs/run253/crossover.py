"""Run 253: W4A16 at two activation columns, row-major, L = 1, on layers of 132-350 MB (the
two-column sweep's weight bound kSweep16TwoColsMaxBytes = 2^27 sits between 66 MB, measured
faster than the row tiles, and the 350 MB lm_head, measured slower); unchecked timings the bench's
way (events, write flush, median of 20), fp16 / bf16. Usage (in each variant's copy):
PYTHONPATH=src python3 crossover.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((14336, 8192), (8192, 16384), (20480, 8192), (28672, 8192), (151936, 4096)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    print(f"{m}x{k} ({m * k * 9 / 16 / 1e6:.0f} MB) N=2: " + ", ".join(line), flush=True)
