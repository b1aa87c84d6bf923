"""Run 423's timing pass: dynamic W4A4 at one column (torch.ops.nvfp4.gemv_dynamic_out, bf16 x,
row-major weights) on shapes item 259's rule moved to one piece a thread, and a control; the op as
a user calls it, fused or in two steps as its plan says. Unchecked timings the bench's way
(events, write flush, median of REPS); the kernels the op runs (torch.profiler) after each.
Usage: PYTHONPATH=src python docs/runs/run423/dyn423.py REPS"""
import sys

import torch
from torch.profiler import ProfilerActivity, profile

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")


def kernels(fn):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return "+".join(e.name.split("(")[0].split("::")[-1][:40] for e in prof.events() if e.device_type.name == "CUDA")


for m, k, l in [(4096, 4096, 4), (4096, 6144, 4), (14336, 4096, 1), (16384, 6144, 1), (28672, 8192, 1),
                (4096, 7168, 8)]:
    a, sfa, x, _ = random_operands(m, k, l, 1, "bf16", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    op = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)  # noqa: E731
    print(f"{m}x{k}x{l} | dynamic {time_cuda(op, flusher, reps).median_us:.1f} | {kernels(op)}", flush=True)
