"""Run 391 (BENCHMARKS.md item 242): bf16 and fp16 x at one column on the 2-piece W4A16 sweep's
kernels of 1..4 warps a row, whose bf16 instances all_paired.patch runs as one CTA an SM of twice
the groups (16 warps) sharing x's conversion; fp16 (unchanged kernels) and 7168x16384 (8 warps,
item 241's pairs, unchanged) as the call's drift. Timed on the build on PYTHONPATH (write flush,
events, REPS reps, unchecked: the call's tests check the kernels), with the floor over the same
bytes and the kernels the bf16 call launched (torch.profiler) where "floors" is given.
Usage: ab_all_paired.py REPS [floors]"""
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
# (M, K, L): 2 warps a row (the lm_head, 65536x4096, 14336x4096), 1 (100000x2048), 3
# (32768x6144), 4 (18432x7168, 24576x8192, 8192x7168); unchanged: 8 (7168x16384).
cases = [(151936, 4096, 1), (65536, 4096, 1), (14336, 4096, 1), (100000, 2048, 1), (32768, 6144, 1),
         (18432, 7168, 1), (24576, 8192, 1), (8192, 7168, 1), (7168, 16384, 1)]
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
