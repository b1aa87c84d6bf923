"""Run 389 (BENCHMARKS.md item 241): bf16 and fp16 x at one column on the 2-piece W4A16 sweep's
one-group kernels (5..8 warps a row), whose bf16 instances paired_groups.patch runs as one CTA of
two groups an SM sharing x's conversion; fp16 (unchanged kernels) and two unchanged bf16 kernels
(2 and 14 warps) as the call's drift. Timed on the build on PYTHONPATH (write flush, events, REPS
reps, unchecked: the call's tests check the kernels), with the floor over the same bytes and the
kernels the bf16 call launched (torch.profiler) where "floors" is given.
Usage: ab_groups.py REPS [floors]"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
floors = "floors" in sys.argv[2:]
ops.load()
flusher = Flusher("write", "cuda")
# (M, K, L): 8 warps a row (three row counts), 7 (Llama-3-8B's and Llama-2-13B's down
# projections), 6, 5; unchanged: 2 (14336x4096) and 14 (8192x28672).
cases = [(7168, 16384, 1), (8192, 16384, 1), (2048, 16384, 1), (4096, 14336, 1), (5120, 13824, 1),
         (4096, 12288, 1), (4096, 10240, 1), (14336, 4096, 1), (8192, 28672, 1)]
for m, k, l in cases:
    line = f"{m}x{k}x{l}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k + l)
        a, sfa, x, _ = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16" and floors:
            names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                            for s in cuda_kernel_names(call) if "nvfp4::detail" in s})
            line += f" | {names}"
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    if floors:
        floor, _ = stream_floor(gemv_bytes(m, k, l, 1, 2.0), flusher, "cuda", reps)
        line += f" | floor {floor.median_us:.1f}"
    print(line, flush=True)
