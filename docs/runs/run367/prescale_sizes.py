"""Run 367 (BENCHMARKS.md item 231): bf16 x at one column on the long streams around the prescale
rule's threshold (GemvLaunch::prescale: 2 pieces on 2 warps a row, >= 96 MiB of weights), now that
the bf16 sweep's prologue is cheaper (item 231). For the build on PYTHONPATH and the environment's
NVFP4_GEMV_PRESCALE (the call runs it with 1 and 0): per shape the kernels the bf16 call launched
(torch.profiler) and the median of bf16 x (write flush, events, REPS reps, unchecked: the GPU tests
check both paths) and of fp16 x.
Usage: PYTHONPATH=src NVFP4_GEMV_PRESCALE=0|1 python docs/runs/run367/prescale_sizes.py [reps]"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(32768, 4096), (49152, 4096), (65536, 4096), (98304, 4096), (131072, 4096), (151936, 4096),
          (60000, 3584), (100000, 2048), (32768, 6144), (18432, 7168)]
for m, k in shapes:
    line = f"{m}x{k}"
    for act in ("bf16", "fp16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16":
            pre = any("bf16_prescale_kernel" in n for n in cuda_kernel_names(call))
            line += " | prescale" if pre else " | direct  "
        line += f" | {act} {time_cuda(call, flusher, reps).median_us:.1f}"
    print(line, flush=True)
