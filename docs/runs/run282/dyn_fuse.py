"""Run 282: dynamic W4A4 at one column, row-major, bf16 x (BENCHMARKS.md item 188): the op
(torch.ops.nvfp4.gemv_dynamic_out: x quantized inside the row sweep where fused_quant_fits says so)
against its two steps (torch.ops.nvfp4.quantize, then gemv_out on the FP4 x: what the op does where
it does not fuse), and W4A16 bf16 (gemv_out on x as is), over K at M = 4096 and on the model layers.
The kernels each runs (torch.profiler) name the path. Unchecked timings the bench's way (events,
write flush, median of 20). Usage: PYTHONPATH=src python3 dyn_fuse.py"""
import torch
from torch.profiler import ProfilerActivity, profile

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")


def kernels(fn):
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return "+".join(e.name.split("(")[0].split("::")[-1][:40] for e in prof.events() if e.device_type.name == "CUDA")


shapes = [(4096, k) for k in (2048, 4096, 6144, 7168, 8192, 10240, 12288, 14336, 16384)]
shapes += [(7168, 16384), (14336, 4096), (2048, 7168), (7168, 2048), (28672, 8192), (151936, 4096)]
print("shape: fused-op / two-steps / W4A16 bf16 us  [op's kernels]", flush=True)
for m, k in shapes:
    a, sfa, x, _ = random_operands(m, k, 1, 1, "bf16", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    op = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)  # noqa: E731

    def two_steps():
        xq, sq = torch.ops.nvfp4.quantize(x, None)
        torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, 0, 0, None, None, None, out)

    w4a16 = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
    t = [time_cuda(f, flusher, 20).median_us for f in (op, two_steps, w4a16)]
    print(f"{m}x{k}: {t[0]:.1f} / {t[1]:.1f} / {t[2]:.1f}  [{kernels(op)}]", flush=True)
