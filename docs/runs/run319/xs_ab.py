"""Run 319 (BENCHMARKS.md item 203): the W4A16 sweep's one-column 2-piece kernels on up to 8 warps
with x in shared memory and one row pair in flight at 3 CTAs per SM (x_shared.patch, label "xs"),
against the tree (x in registers, 2 pairs in flight at 2 CTAs per SM, label "tree"), each in its
own build. Unchecked timings the bench's way (events, write flush, median of 20), each call's
kernel shape printed; with --floor also the stream floor over each call's bytes.
Usage: PYTHONPATH=src python3 xs_ab.py LABEL [--floor]"""
import re
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor = "--floor" in sys.argv
print(sys.argv[1], flush=True)
SHAPES = [(7168, 16384, 1), (4096, 14336, 1), (14336, 4096, 1), (8192, 8192, 1), (28672, 16384, 1),
          (151936, 4096, 1), (7168, 2048, 4), (3584, 18944, 1)]
for m, k, l in SHAPES:
    row = []
    for act in ("fp16", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            call()
            torch.cuda.synchronize()
        names = [e.name for e in prof.events() if "kernel" in e.name]
        shape = next((re.search(r"sweep16_kernel<(\d+), ?(\d+)", n) for n in names if "sweep16" in n), None)
        t = time_cuda(call, flusher, 20)
        cell = f"{act} {t.median_us:.1f}" + (f" [{shape.group(1)}x{shape.group(2)}]" if shape else " [other]")
        if floor:
            f, _ = stream_floor(gemv_bytes(m, k, l, 1, 2.0), flusher, "cuda", 20)
            cell += f" (floor {f.median_us:.1f})"
        row.append(cell)
    print(f"{m}x{k}x{l} N=1: " + ", ".join(row), flush=True)
