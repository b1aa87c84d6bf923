"""Run 225: W4A4 and W4A16 bf16 at one column on the shapes whose sweep kernels item 151 changed
(7168x16384: 8 warps a row; 4096x14336: 7), under both flush methods, unchecked timings the bench's
way (events, median of 30), the floor beside. Usage (in a variant copy): PYTHONPATH=src python3 ab_flush.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
for flush in ("write", "read"):
    flusher = Flusher(flush, "cuda")
    for m, k in ((7168, 16384), (4096, 14336)):
        line = []
        for act in ("fp4", "bf16"):
            a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
            out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 30)
            line.append(f"{act} {t.median_us:.1f}")
        floor, _ = stream_floor(gemv_bytes(m, k, 1), flusher, "cuda", 30)
        print(f"{flush} {m}x{k}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)
