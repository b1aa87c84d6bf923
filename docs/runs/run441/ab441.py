"""Run 441's timing pass (BENCHMARKS.md item 270): 3..16 activation columns at L = 1 with the
weights in the tiled format (the tile sweep reading the format's tiles with the new copy; the row
tiles in the base copy), fp16 / bf16 / FP4 x at N = 3, 8, 16 (and 2 past K = 16384), with
row-major bf16 at N = 8 and tiled bf16 at N = 1 (the band sweep) as controls; write flush,
medians of REPS, unchecked (the call's GPU tests check the kernels), the kernels of the tiled bf16
N = 8 call, and the stream floor of the bf16 N = 8 bytes.
Usage: PYTHONPATH=src python docs/runs/run441/ab441.py REPS"""
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names  # noqa: E402

from nvfp4_gemv import format as fmt, ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1])
ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (8192, 28672),
             (151936, 4096)):
    line, names = f"{m}x{k}", ""
    for act in ("bf16", "fp16", "fp4"):
        torch.manual_seed(m + k)
        a, sfa, x16, sfx16 = random_operands(m, k, 1, 16, act, "cuda")
        ta, tsf = fmt.to_tiled(a, sfa)
        out = torch.empty((1, m, 16), dtype=torch.float16, device="cuda")
        cols = (1, 3, 8, 16) if act == "bf16" else (3, 8, 16)
        cols = cols + ((2,) if k > 16384 else ())
        line += f" | {act}"
        for n in cols:
            x, sfx, o = x16[:, :n], None if sfx16 is None else sfx16[:, :n], out[..., :n]
            call = lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None, None, o)  # noqa: E731
            line += f" N{n} {time_cuda(call, flusher, reps).median_us:.1f}"
            if act == "bf16" and n == 8:
                names = kernel_names(call)
                rows = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, o),
                                 flusher, reps)
                line += f" (row-major {rows.median_us:.1f})"
        del a, sfa, ta, tsf
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 8, act_value_bytes("bf16")), flusher, "cuda", reps)
    print(line + f" | floor N8 {floor.median_us:.1f} | {names}", flush=True)
