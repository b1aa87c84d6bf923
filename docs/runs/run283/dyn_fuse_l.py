"""Run 283: run 282's question at L > 1 (BENCHMARKS.md item 188): dynamic W4A4 at one column,
row-major, bf16 x, batches of L: the op (x quantized inside the row sweep where fused_quant_fits
says so) against quantize then gemv_out. The kernels the op runs (torch.profiler) name the path.
Unchecked timings the bench's way (events, write flush, median of 20). Usage: PYTHONPATH=src
python3 dyn_fuse_l.py"""
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


print("shape: op / two steps us  [op's kernels]", flush=True)
for m, k, l in [(4096, 7168, 8), (7168, 2048, 4), (4096, 4096, 4), (4096, 4096, 2), (7168, 16384, 2),
                (4096, 14336, 4), (14336, 4096, 2), (2048, 7168, 8), (1000, 4096, 2), (200, 2080, 4)]:
    a, sfa, x, _ = random_operands(m, k, l, 1, "bf16", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    op = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)  # noqa: E731

    def two_steps():
        xq, sq = torch.ops.nvfp4.quantize(x, None)
        torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, 0, 0, None, None, None, out)

    t = [time_cuda(f, flusher, 20).median_us for f in (op, two_steps)]
    print(f"{m}x{k}x{l}: {t[0]:.1f} / {t[1]:.1f}  [{kernels(op)}]", flush=True)
