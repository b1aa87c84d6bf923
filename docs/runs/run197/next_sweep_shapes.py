"""Prepared (not run): the row sweep's shape per problem (next_sweep_shape.patch reads
NVFP4_GEMV_SWEEP_SHAPE="pieces,warps,CTAs per SM" at every plan), the rule's pick ("rule") against
the alternatives, write flush and, for the task shapes, read flush; then dynamic W4A4 (bf16 x,
quantized inside the sweep where it takes 2 pieces) against W4A16 bf16 on row-major weights.
Unchecked timings the bench's way (events, median of 20). BENCHMARKS.md "Next steps" (the row
sweep, points 2-3). Usage (on the device, in the patched copy): PYTHONPATH=src python3 next_sweep_shapes.py"""
import os

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
write, read = Flusher("write", "cuda"), Flusher("read", "cuda")
CASES = {(7168, 16384, 1): ["2,8,2", "4,4,2"], (4096, 7168, 8): ["2,4,2", "2,4,3"],
         (7168, 2048, 4): ["2,1,2"], (4096, 14336, 1): ["2,7,3", "4,4,2", "2,8,2", "2,8,3"],
         (14336, 4096, 1): ["2,2,2", "2,2,3"], (4096, 4096, 1): ["2,2,3", "4,1,2"],
         (2048, 7168, 1): ["4,2,2", "2,4,3"], (151936, 4096, 1): ["2,2,3"]}
TASK = {(7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4)}
for (m, k, l), shapes in CASES.items():
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
    flushes = (("write", write), ("read", read)) if (m, k, l) in TASK else (("write", write),)
    for fname, fl in flushes:
        line = []
        for shape in ["rule"] + shapes:
            if shape == "rule":
                os.environ.pop("NVFP4_GEMV_SWEEP_SHAPE", None)
            else:
                os.environ["NVFP4_GEMV_SWEEP_SHAPE"] = shape
            line.append(f"{shape} {time_cuda(call, fl, 20).median_us:.1f}")
        os.environ.pop("NVFP4_GEMV_SWEEP_SHAPE", None)
        floor, _ = stream_floor(gemv_bytes(m, k, l), fl, "cuda", 20)
        print(f"{m}x{k}x{l} {fname}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)
for m, k in ((4096, 4096), (14336, 4096), (4096, 14336), (7168, 2048), (2048, 7168), (7168, 16384), (151936, 4096)):
    a, sfa, _, _ = random_operands(m, k, 1, 1, "fp4", "cuda")
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    dyn = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, xb, 0, None, None, None, out), write, 20)
    w16 = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, xb, None, 0, 0, None, None, None, out), write, 20)
    print(f"{m}x{k} row-major bf16 x: dynamic W4A4 {dyn.median_us:.1f} us, W4A16 {w16.median_us:.1f} us", flush=True)
