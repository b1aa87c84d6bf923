"""Run 361 (BENCHMARKS.md item 229): fp16 and bf16 x at one column (and two) on the W4A16 row
sweep, timed on the build on PYTHONPATH (NVFP4_GEMV_PRESCALE as the call sets it): each shape
fp16, bf16, and the floor (write flush, events, REPS reps, unchecked: the call's tests check the
kernels), with the kernels the bf16 call launched (torch.profiler)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
cases = [(151936, 4096, 1), (65536, 4096, 1), (14336, 4096, 1), (32768, 6144, 1), (18432, 7168, 1),
         (24576, 8192, 1), (4096, 14336, 1), (7168, 16384, 1), (8192, 28672, 1), (100000, 2048, 1),
         (4096, 4096, 1), (2048, 7168, 1), (7168, 2048, 1), (7168, 16384, 2)]
for m, k, n in cases:
    line = f"{m}x{k} N={n}"
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, n, act, "cuda")
        out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16":
            names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                            for s in cuda_kernel_names(call) if "nvfp4::detail" in s})
            line += f" | {names}"
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    floor, _ = stream_floor(gemv_bytes(m, k, 1, n, 2.0), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
