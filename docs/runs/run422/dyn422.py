"""Run 422: dynamic W4A4 at one column, row-major, bf16 x, on the shapes item 259's rule moved to
one piece a thread (and two controls): the op (torch.ops.nvfp4.gemv_dynamic_out: x quantized inside
the row sweep where fused_quant_fits says so; before item 259 these shapes' 4-piece plans never
fused) against its two steps (torch.ops.nvfp4.quantize, then gemv_out on the FP4 x: what the op
did on them before, now on the one-piece plan) and W4A16 bf16 (gemv_out on x as is). The kernels
the op runs (torch.profiler) name its path. Unchecked timings the bench's way (events, write
flush, median of REPS). Usage: PYTHONPATH=src python docs/runs/run422/dyn422.py REPS"""
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


shapes = [(14336, 4096, 1), (28672, 4096, 1), (12288, 4096, 1), (4096, 4096, 4), (16384, 6144, 1),
          (4096, 6144, 4), (16384, 8192, 1), (28672, 8192, 1), (7168, 16384, 1), (4096, 7168, 8)]
print("shape: fused-op / two-steps / W4A16 bf16 us  [op's kernels]", flush=True)
for m, k, l in shapes:
    a, sfa, x, _ = random_operands(m, k, l, 1, "bf16", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    op = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)  # noqa: E731

    def two_steps():
        xq, sq = torch.ops.nvfp4.quantize(x, None)
        torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, 0, 0, None, None, None, out)

    w4a16 = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
    t = [time_cuda(f, flusher, reps).median_us for f in (op, two_steps, w4a16)]
    print(f"{m}x{k}x{l}: {t[0]:.1f} / {t[1]:.1f} / {t[2]:.1f}  [{kernels(op)}]", flush=True)
