"""Run 444's timing pass (BENCHMARKS.md item 271): W4A16 at one column and L = 1 with the weights in
the tiled format (the band sweep with its last group partly empty where K is no multiple of 2048 in
the new copy, the row tiles there in the base copy) and, as controls, row-major weights; fp16 and
bf16 x, write flush, medians of REPS, unchecked, the kernels of the tiled bf16 call and the stream
floor. Usage: PYTHONPATH=src python docs/runs/run444/ab444.py REPS MxK[,MxK...]"""
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
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k)
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        row = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, reps)
        ta, tsf = fmt.to_tiled(a, sfa)
        call = lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None, None, out)  # noqa: E731
        line += f" | {act} tiled {time_cuda(call, flusher, reps).median_us:.1f} row-major {row.median_us:.1f}"
        if act == "bf16":
            names = kernel_names(call)
        del a, sfa, ta, tsf
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, act_value_bytes("bf16")), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f} | {names}", flush=True)
