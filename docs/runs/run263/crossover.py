"""Run 263: the two-column W4A16 sweep's one-piece bound (kSweep16TwoColsOnePieceMaxBytes, 96 MiB)
at 132 and 189 MB since item 173 (bf16 lost there before it, item 170): head (the row
tiles there) against bound28 (the bound at 2^28: the one-piece sweep). fp16 / bf16, N = 2,
L = 1, unchecked timings the bench's way (events, write flush, median of 20).
Usage (in each variant's copy): PYTHONPATH=src python3 crossover.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((28672, 8192), (40960, 8192), (20480, 8192)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    print(f"{m}x{k} N=2 ({m * k * 9 // 16 / 1e6:.0f} MB): " + ", ".join(line), flush=True)
