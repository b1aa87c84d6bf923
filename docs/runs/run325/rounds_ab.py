"""Run 325 (BENCHMARKS.md item 206): the row sweeps' grid with every CTA the same rounds (the
tree: the fewest CTAs that keep the busiest group's rounds) against one full wave of CTAs (HEAD's
kernel files, .variants/head, in their own build), one column, FP4 and bf16 x; the CTAs per plan
are in README.txt. 7128x16384 is 396 x 18 rows: HEAD's grid with no CTA a row more. Unchecked
timings the bench's way (events, write flush, median of 20); --floor adds the stream floor.
Usage: PYTHONPATH=src python3 rounds_ab.py LABEL [--floor]"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor = "--floor" in sys.argv
print(sys.argv[1], flush=True)
SHAPES = [(7168, 16384, 1), (7128, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (4096, 4096, 1),
          (14336, 4096, 1), (4096, 14336, 1), (7168, 2048, 1), (2048, 7168, 1), (8192, 28672, 1),
          (1000, 4096, 1), (100, 4096, 1)]
for m, k, l in SHAPES:
    line = f"{m}x{k}x{l}:"
    for act in ("fp4", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
        line += f" {act} {t.median_us:.1f}"
        if floor:
            f, _ = stream_floor(gemv_bytes(m, k, l, 1, 0.5 if act == "fp4" else 2.0), flusher, "cuda", 20)
            line += f" (floor {f.median_us:.1f})"
        del a, sfa, x, sfx
    print(line, flush=True)
