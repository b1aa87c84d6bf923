"""Run 257 (and 258, 259): W4A16 at two activation columns, row-major, L = 1, fp16 / bf16 (unchecked timings the
bench's way: events, write flush, median of 20). In head (the tree) and e0 (run 257: bf16 without the
columns' maxima: every column's exponent 0; wrong where a column exceeds fp16, timing only)
or first (run 258: the first rows' loads coherent, ahead of the maxima), slots and slotsfirst (run
259: each warp's maximum in its own shared slot, no zeroed word, one round trip for both columns;
slotsfirst with the first rows' loads coherent too).
Usage (in each variant's copy): PYTHONPATH=src python3 two_cols.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (14336, 4096), (4096, 4096), (2048, 7168)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{act} {t.median_us:.1f}")
    print(f"{m}x{k} N=2: " + ", ".join(line), flush=True)
