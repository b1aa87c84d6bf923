"""Run 311 (BENCHMARKS.md item 200): one 16-bit column past K = 16384 at L = 1 on the W4A16 sweep of
9..16 warps a row (one CTA per SM), against the tile sweep that item 199 gave it
(NVFP4_GEMV_SWEEP16=0) and the row tiles before that (NVFP4_GEMV_SWEEP16=0 NVFP4_GEMV_SWEEP8=0), all
in one build. Unchecked timings the bench's way (events, write flush, median of 20); with --floor
also the stream floor over each call's bytes.
Usage: PYTHONPATH=src python3 wide16.py LABEL [--floor]"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor = "--floor" in sys.argv
print(sys.argv[1], flush=True)
for m, k in [(4096, 16640), (3584, 18944), (5120, 27648), (8192, 28672), (4096, 32768), (1024, 32768)]:
    row = []
    for act in ("fp16", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
        cell = f"{act} {t.median_us:.1f}"
        if floor:
            f, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", 20)
            cell += f" (floor {f.median_us:.1f})"
        row.append(cell)
    print(f"{m}x{k} N=1: " + ", ".join(row), flush=True)
