"""Run 374 (BENCHMARKS.md item 234): W4A4 at one FP4 column (the row sweep) on the task's shapes
and the model layers, timed on the build on PYTHONPATH (write flush, events, REPS reps, unchecked:
the call's tests check the kernels), with the floor over the same bytes and, once, the kernels
launched (torch.profiler)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
floors = len(sys.argv) > 2 and sys.argv[2] == "floors"
ops.load()
flusher = Flusher("write", "cuda")
cases = [(4096, 4096, 1), (7168, 2048, 1), (2048, 7168, 1), (14336, 4096, 1), (4096, 14336, 1),
         (7168, 2048, 4), (7168, 16384, 1), (4096, 7168, 8), (8192, 28672, 1), (151936, 4096, 1)]
for m, k, l in cases:
    torch.manual_seed(m + k + l)
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
    line = f"{m}x{k}x{l}"
    if floors:
        names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                        for s in cuda_kernel_names(call) if "nvfp4::detail" in s})
        line += f" | {names}"
    t = time_cuda(call, flusher, reps)
    line += f" | {t.median_us:.2f}"
    if floors:
        floor, _ = stream_floor(gemv_bytes(m, k, l, 1, 0.5), flusher, "cuda", reps)
        line += f" | floor {floor.median_us:.2f}"
    print(line, flush=True)
