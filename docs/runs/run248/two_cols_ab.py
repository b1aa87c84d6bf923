"""Run 248: W4A16 at two columns, row-major, L = 1, the pieces rule of two builds (a: one piece a
thread wherever K <= 8192; b: the one-column rule, one piece only where ceil(K / 1024) is odd or
K <= 1024), both with the bf16 column maxima loaded for both columns at once; unchecked timings the
bench's way (events, write flush, median of 20). Usage (in each variant's copy): PYTHONPATH=src
python3 two_cols_ab.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((4096, 4096), (14336, 4096), (151936, 4096), (7168, 2048), (2048, 7168), (7168, 16384)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    print(f"{m}x{k} N=2: " + ", ".join(line), flush=True)
