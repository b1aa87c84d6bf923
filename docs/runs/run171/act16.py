"""Run 171: what W4A16 bf16 pays for being bf16. W4A16 fp16 (staged as is) against bf16 (a pass
for each column's exponent, then converted to fp16 with it) against W4A4 (the integer item), N = 1,
both weight layouts, on the task's first shape and the model layers; unchecked timings the bench's
way (events, write flush, median of 20).
Usage (on the device, repository root): PYTHONPATH=src python3 docs/runs/run171/act16.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print("| m,k | layout | W4A4 us | W4A16 fp16 us | W4A16 bf16 us |")
print("|---|---|---|---|---|")
for m, k in ((7168, 16384), (4096, 4096), (14336, 4096), (4096, 14336), (2048, 7168), (7168, 2048), (151936, 4096)):
    for tiled in (False, True):
        row = []
        for act in ("fp4", "fp16", "bf16"):
            a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
            layout = 0
            if tiled:
                a, sfa = fmt.to_tiled(a, sfa)
                layout = reference.TILED
            out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out), flusher, 20)
            row.append(t.median_us)
            del a, sfa, x, sfx
        print(f"| {m},{k} | {'tiled' if tiled else 'row-major'} | {row[0]:.1f} | {row[1]:.1f} | {row[2]:.1f} |", flush=True)
