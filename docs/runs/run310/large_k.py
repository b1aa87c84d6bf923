"""Run 310 (BENCHMARKS.md item 199): 16384 < K <= 32768 at L = 1, where no row sweep holds a row of
16-bit x nor of several columns: the tree's tile sweep (1..16 columns on clusters of up to 8 CTAs)
against the plans before it (NVFP4_GEMV_SWEEP8=0 in the same build: the row tiles, split K at
N > 1), fp16 / bf16 / FP4 x at N = 1, 2, 4, 8, 16 (FP4 N = 1: the W4A4 row sweep in both).
Unchecked timings the bench's way (events, write flush, median of 20); with --floor also the
stream floor over each call's bytes (bench.stream_floor).
Usage: PYTHONPATH=src python3 large_k.py LABEL [--floor]"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor = "--floor" in sys.argv
print(sys.argv[1], flush=True)
# Qwen2.5-7B's and -32B's and Llama-3-70B's down projections; K at the tile sweep's limit.
for m, k in [(3584, 18944), (5120, 27648), (8192, 28672), (4096, 32768)]:
    for act in ("fp16", "bf16", "fp4"):
        row = []
        for n in (1, 2, 4, 8, 16):
            if act == "fp4" and n == 1:
                continue
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
            cell = f"N={n} {t.median_us:.1f}"
            if floor:
                f, _ = stream_floor(gemv_bytes(m, k, 1, n, 0.5 if act == "fp4" else 2.0), flusher, "cuda", 20)
                cell += f" (floor {f.median_us:.1f})"
            row.append(cell)
            del a, sfa, x, sfx
        print(f"{m}x{k} {act}: " + ", ".join(row), flush=True)
if floor:  # the W4A4 row sweep at one column (the same in both plans)
    for m, k in [(3584, 18944), (5120, 27648), (8192, 28672), (4096, 32768)]:
        a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
        f, _ = stream_floor(gemv_bytes(m, k, 1, 1, 0.5), flusher, "cuda", 20)
        print(f"{m}x{k} fp4 N=1 (row sweep): {t.median_us:.1f} (floor {f.median_us:.1f})", flush=True)
