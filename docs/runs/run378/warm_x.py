"""Run 378 (BENCHMARKS.md item 237): how much of a cold call is x's own latency. W4A4 (one FP4
column) and W4A16 bf16 at L = 1 (and the task's L > 1 rows), timed after the task's write flush
(cold), and after the same flush followed by one read of x and its scales (x in L2, as in a decode
step where the previous kernel just wrote it; the weights cold), medians of REPS, us. Unchecked:
the call's earlier runs test the kernels."""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 30
ops.load()
flush = Flusher("write", "cuda")
sink = torch.zeros(1024, dtype=torch.int32, device="cuda")
cases = [(4096, 4096, 1), (7168, 2048, 1), (2048, 7168, 1), (14336, 4096, 1), (4096, 14336, 1),
         (7168, 16384, 1), (7168, 2048, 4), (4096, 7168, 8)]
for m, k, l in cases:
    line = f"{m}x{k}x{l}"
    for act in ("fp4", "bf16"):
        torch.manual_seed(m + k + l)
        a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
        xb = x.contiguous().view(torch.uint8).reshape(-1)
        sb = sfx.contiguous().view(torch.uint8).reshape(-1) if sfx is not None else None

        def warm_x():
            torch.ops.nvfp4.stream_read(xb, sink, 1, 256)
            if sb is not None:
                torch.ops.nvfp4.stream_read(sb, sink, 1, 256)

        cold = time_cuda(call, None, reps, setup=flush).median_us
        hot_x = time_cuda(call, None, reps, setup=lambda: (flush(), warm_x())).median_us
        line += f" | {act} cold {cold:.2f} x-in-L2 {hot_x:.2f}"
    print(line, flush=True)
