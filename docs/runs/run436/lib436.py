"""Run 436's library pass: the W4A16 op with fp16 and bf16 x at one column on the band probe's
shapes, with the weights row-major (the row sweep) and in the tiled format (format.to_tiled: the
row tiles), write flush, medians of REPS, unchecked, and the bench's stream floor.
Usage: PYTHONPATH=src python docs/runs/run436/lib436.py REPS"""
import sys

import torch

from nvfp4_gemv import format as fmt, ops, reference
from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda

reps = int(sys.argv[1])
ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (8192, 28672), (4096, 14336), (14336, 4096), (6336, 16384), (151936, 4096)):
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k)
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        row = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, reps)
        ta, tsf = fmt.to_tiled(a, sfa)
        del a, sfa
        tiled = time_cuda(lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None, None, out),
                          flusher, reps)
        line += f" | {act} row-major {row.median_us:.1f} tiled {tiled.median_us:.1f}"
        del ta, tsf
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, act_value_bytes("bf16")), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
