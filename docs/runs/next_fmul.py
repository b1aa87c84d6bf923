"""Run in run 360 (docs/runs/run360/call.sh; BENCHMARKS.md items 228-229): bf16 x
timed on the build on PYTHONPATH with NVFP4_GEMV_PRESCALE=0 (the bf16 sweeps themselves): one
column on the W4A16 sweep's warp shapes (2 pieces on 1, 2, 3, 4, 7, 8 and 14 warps; one piece on 4
and 7), two columns (the two-column sweep) and 8 (the tile sweep) on 7168x16384 and 4096x14336,
each against fp16 x and the floor (write flush, events, REPS reps, unchecked: the kernels are tested
by the call's test pass), with the kernel each call launched (torch.profiler)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
cases = [(100000, 2048, 1), (151936, 4096, 1), (14336, 4096, 1), (32768, 6144, 1), (18432, 7168, 1),
         (4096, 14336, 1), (7168, 16384, 1), (8192, 28672, 1), (4096, 4096, 1), (2048, 7168, 1),
         (7168, 16384, 2), (4096, 14336, 2), (7168, 16384, 8)]
for m, k, n in cases:
    line = f"{m}x{k} N={n}"
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, n, act, "cuda")
        out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16":
            names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "") for s in cuda_kernel_names(call)
                            if "nvfp4::detail" in s})
            line += f" | {names}"
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    floor, _ = stream_floor(gemv_bytes(m, k, 1, n, 2.0), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
