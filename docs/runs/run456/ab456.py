"""Run 456's timing pass (BENCHMARKS.md item 275): W4A4 at one FP4 column and L = 1 on the tiled
weight format, the band sweep (this tree) against the integer row tiles (NVFP4_GEMV_BAND16=0, the
same build: the caller sets the switch per process); row-major weights as a control; dynamic W4A4
(bf16 x, gemv_dynamic_out) on the tiled format, whose plan follows the FP4 one (the band sweep after
the quantize kernel, or the fused integer row tiles). Write flush, medians of REPS, unchecked; the
kernels of the tiled FP4 call and of the dynamic call; the stream floor over the FP4 call's bytes.
Usage: PYTHONPATH=src python docs/runs/run456/ab456.py REPS MxK[,MxK...]"""
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names, parse_shapes  # noqa: E402

from nvfp4_gemv import format as fmt, ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1])
ops.load()
flusher = Flusher("write", "cuda")
for m, k, _ in parse_shapes(sys.argv[2]):
    torch.manual_seed(m + k)
    a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    row = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, reps)
    ta, tsf = fmt.to_tiled(a, sfa)
    call = lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None, None, out)  # noqa: E731
    tiled = time_cuda(call, flusher, reps)
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    dyn = lambda: torch.ops.nvfp4.gemv_dynamic_out(ta, tsf, xb, reference.TILED, None, None, None, out)  # noqa: E731
    dynamic = time_cuda(dyn, flusher, reps)
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, act_value_bytes("fp4")), flusher, "cuda", reps)
    print(f"{m}x{k} | fp4 tiled {tiled.median_us:.1f} row-major {row.median_us:.1f} | dynamic bf16 tiled "
          f"{dynamic.median_us:.1f} | floor {floor.median_us:.1f} | {','.join(kernel_names(call))} | "
          f"{','.join(kernel_names(dyn))}", flush=True)
    del a, sfa, ta, tsf
