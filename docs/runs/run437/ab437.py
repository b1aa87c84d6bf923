"""Run 437's timing pass: the W4A16 op at one column with the weights in the tiled format (the band
sweep with band16.patch, the row tiles without) and, as controls, row-major; fp16 and bf16 x, write
flush, medians of REPS, unchecked, the kernels one call launched and the bench's stream floor.
Usage: PYTHONPATH=src python docs/runs/run437/ab437.py REPS"""
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names  # noqa: E402

from nvfp4_gemv import format as fmt, ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1])
ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (8192, 28672), (4096, 14336), (14336, 4096), (151936, 4096), (4096, 4096),
             (6336, 16384), (4096, 7168)):
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k)
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        row = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, reps)
        ta, tsf = fmt.to_tiled(a, sfa)
        del a, sfa
        call = lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None, None, out)  # noqa: E731
        tiled = time_cuda(call, flusher, reps)
        line += f" | {act} tiled {tiled.median_us:.1f} row-major {row.median_us:.1f}"
        if act == "bf16":
            line += f" | {kernel_names(call)}"
        del ta, tsf
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, act_value_bytes("bf16")), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
