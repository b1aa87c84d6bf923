"""Run 172: W4A4 with the activation quantized per call, fused into the GEMV's staging
(torch.ops.nvfp4.gemv_dynamic_out) against quantize then the W4A4 GEMV (two kernels), against W4A16
bf16 and W4A4 on an already-quantized x; bf16 x, N = 1, both weight layouts, the task's first shape
and the model layers; timings the bench's way (events, write flush, median of 20), each output
checked bitwise against the two-kernel path first.
Usage (on the device, repository root): PYTHONPATH=src python3 docs/runs/run172/dynamic.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("| m,k | layout | W4A16 bf16 us | W4A4 (x given in NVFP4) us | dynamic, quantize + W4A4 us | dynamic, fused us |")
print("|---|---|---|---|---|---|")
for m, k in ((7168, 16384), (4096, 4096), (14336, 4096), (4096, 14336), (2048, 7168), (7168, 2048), (151936, 4096)):
    for tiled in (False, True):
        a, sfa, x, _ = random_operands(m, k, 1, 1, "bf16", "cuda")
        layout = 0
        if tiled:
            a, sfa = fmt.to_tiled(a, sfa)
            layout = reference.TILED
        out, out2 = (torch.empty((1, m, 1), dtype=torch.float16, device="cuda") for _ in range(2))
        xq, sq = torch.ops.nvfp4.quantize(x, None)

        def two_step():
            q, s = torch.ops.nvfp4.quantize(x, None)
            torch.ops.nvfp4.gemv_out(a, sfa, q, s, layout, 0, None, None, None, out2)

        fused = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, layout, None, None, None, out)  # noqa: E731
        out.fill_(float("nan"))
        fused()
        two_step()
        assert torch.equal(out, out2), (m, k, tiled)
        t = [time_cuda(fn, flusher, 20).median_us for fn in (
            lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, layout, 0, None, None, None, out),
            lambda: torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, layout, 0, None, None, None, out),
            two_step, fused)]
        print(f"| {m},{k} | {'tiled' if tiled else 'row-major'} | " + " | ".join(f"{v:.1f}" for v in t) + " |", flush=True)
        del a, sfa
