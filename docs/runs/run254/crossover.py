"""Run 254: W4A16 at two activation columns, row-major, L = 1, on layers of 132-350 MB of weights
(the two-column sweep's bound kSweep16TwoColsMaxBytes = 2^27 = 134 MB: run 253 found it faster at
66-132 MB without a row-tile reference beside it, and slower on the 350 MB lm_head). Unchecked
timings the bench's way (events, write flush, median of 20), fp16 / bf16. Usage (in each
variant's copy, under NVFP4_GEMV_SWEEP16=0 for the row tiles): PYTHONPATH=src python3 crossover.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((28672, 8192), (40960, 8192), (57344, 8192), (28672, 16384), (151936, 4096)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
        del a, sfa, x, out
    print(f"{m}x{k} ({m * k * 9 / 16 / 1e6:.0f} MB) N=2: " + ", ".join(line), flush=True)
