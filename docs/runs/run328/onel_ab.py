"""Run 328 (BENCHMARKS.md item 208): one piece a thread in the W4A4 row sweep at L > 1 where the
batches' weights together are at most 32 MiB ("onel": .variants/onel, docs/runs/run328/onel.patch)
against the 2-or-4 rule there (the tree). Unchecked timings the bench's way (events, write flush,
median of 20), FP4 x, one column; --floor adds the stream floor.
Usage: PYTHONPATH=src python3 onel_ab.py LABEL [--floor]"""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
print(sys.argv[1], flush=True)
for m, k, l in [(7168, 2048, 4), (7168, 2048, 2), (2048, 4096, 4), (4096, 4096, 2), (1024, 7168, 4)]:
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    line = f"{m}x{k}x{l}: {t.median_us:.1f} us"
    if "--floor" in sys.argv:
        f, _ = stream_floor(gemv_bytes(m, k, l), flusher, "cuda", 20)
        line += f" (floor {f.median_us:.1f})"
    print(line, flush=True)
