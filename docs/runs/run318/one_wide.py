"""Run 318 (BENCHMARKS.md item 202): one 16-bit column at L = 1 where 2 pieces a thread need 9..12
warps a row (16384 < K <= 24576): the tree (one piece a thread on 17..24 warps, one CTA per SM)
against .variants/two_wide.cu (2 pieces on 9..12 warps, item 200), each in its own build; the
8192x28672 row (14 warps of 2 in both) is the control. Unchecked timings the bench's way (events,
write flush, median of 20), each call's kernel name printed once; with --floor also the stream
floor over each call's bytes.
Usage: PYTHONPATH=src python3 one_wide.py LABEL [--floor]"""
import re
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor = "--floor" in sys.argv
print(sys.argv[1], flush=True)
SHAPES = [(4096, 16640), (3584, 18944), (5120, 20480), (4096, 22528), (3072, 24576), (5120, 24576), (8192, 28672)]
for m, k in SHAPES:
    row = []
    for act in ("fp16", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            call()
            torch.cuda.synchronize()
        names = [e.name for e in prof.events() if "kernel" in e.name]
        shape = next((re.search(r"sweep16_kernel<(\d+), ?(\d+)", n) for n in names if "sweep16" in n), None)
        t = time_cuda(call, flusher, 20)
        cell = f"{act} {t.median_us:.1f}" + (f" [{shape.group(1)}x{shape.group(2)}]" if shape else f" {names[:1]}")
        if floor:
            f, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
            cell += f" (floor {f.median_us:.1f})"
        row.append(cell)
    print(f"{m}x{k} N=1: " + ", ".join(row), flush=True)
