"""Prepared for the next run (docs/runs/next_xs2c.sh): two activation columns at L = 1 where the
two-column W4A16 sweep takes 2 pieces a thread (K > 8192): each shape's median (write flush,
events, REPS reps, unchecked; the tests run first in that call) with fp16, bf16 and FP4 x, the
floor over the same bytes, and the kernel the call launched (torch.profiler), for the build on
PYTHONPATH."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import (Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor,  # noqa: E402
                              time_cuda)

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(7168, 16384), (4096, 14336), (8192, 12288), (2048, 16384), (16384, 16384)]
for m, k in shapes:
    for act in ("fp16", "bf16", "fp4"):
        a, sfa, x, sfx = random_operands(m, k, 1, 2, act, "cuda")
        out = torch.empty((1, m, 2), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
        names = sorted({n.split("(")[0].replace("void nvfp4::detail::", "") for n in cuda_kernel_names(call)
                        if "nvfp4::detail" in n})
        t = time_cuda(call, flusher, reps)
        floor, _ = stream_floor(gemv_bytes(m, k, 1, 2, act_value_bytes(act)), flusher, "cuda", reps)
        print(f"{m}x{k} N=2 {act}: gemv {t.median_us:.1f} us, floor {floor.median_us:.1f} | {names}", flush=True)
