"""Run 267: W4A16 at two activation columns, row-major, L = 1, between 132 and 189 MB of weights
(BENCHMARKS.md item 179: where the one-piece two-column sweep stops paying in fp16; item 175 had
it 1.1-1.5 us ahead at 132 MB and 1.3-2.0 behind at 189 MB). Unchecked timings the bench's way
(events, write flush, median of 20), fp16 / bf16. Usage (in each variant's copy): PYTHONPATH=src
python3 crossover.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((20480, 8192), (28672, 8192), (32768, 8192), (36864, 8192), (40960, 8192)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
        del a, sfa, x, out
    print(f"{m}x{k} ({m * k * 9 / 16 / 1e6:.0f} MB) N=2: " + ", ".join(line), flush=True)
