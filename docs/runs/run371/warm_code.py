"""Run 371 (BENCHMARKS.md item 232's next step): is the short streams' remaining bf16-vs-fp16 gap
the kernel's code fetched cold after the L2 flush? Per shape and activation dtype, the one-column
W4A16 sweep timed (events, REPS reps, unchecked: the GPU tests check it) (a) after the write flush,
as the bench does, and (b) after the write flush and then an untimed call of the same op on another
matrix of the same shape (the same kernel instance: its code warm in L2 and the caches, the timed
call's weights still cold). If (b) closes the gap that (a) shows, the gap is code fetch.
Usage: PYTHONPATH=src python docs/runs/run371/warm_code.py [reps]"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flush = Flusher("write", "cuda")
for m, k in [(4096, 4096), (7168, 2048), (2048, 7168), (14336, 4096), (7168, 16384)]:
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        a2, sfa2, x2, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        out2 = torch.empty_like(out)
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731

        def flush_then_warm():
            flush()
            torch.ops.nvfp4.gemv_out(a2, sfa2, x2, None, 0, 0, None, None, None, out2)

        cold = time_cuda(call, flush, reps).median_us
        warm = time_cuda(call, flush_then_warm, reps).median_us
        line += f" | {act} cold code {cold:.2f} warm code {warm:.2f}"
    print(line, flush=True)
