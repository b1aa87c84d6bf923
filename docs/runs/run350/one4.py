"""Run 350 (BENCHMARKS.md item 224): the W4A4 row sweep's one-piece kernels of 1, 2, 4 or 8 warps a
row (CTAs of 256 threads) at 4 CTAs per SM (64 registers, no spills without the fused quantization)
against the tree's 3. Each shape's median (FP4 x, write flush, events, REPS reps, unchecked; the
kernels are the tested ones with other launch bounds and grids), the floor over the same bytes, and
the kernel the call launched (torch.profiler), for the build on PYTHONPATH.
Usage: PYTHONPATH=src python docs/runs/run350/one4.py [reps]"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(4096, 4096, 1), (7168, 2048, 1), (2048, 8192, 1), (4096, 8192, 1), (1024, 4096, 1), (2048, 2048, 1),
          (28672, 1024, 1), (7168, 1024, 1), (4096, 1024, 8), (7168, 16384, 1), (2048, 7168, 1)]
for m, k, l in shapes:
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
    names = sorted({n.split("(")[0].replace("void nvfp4::detail::", "") for n in cuda_kernel_names(call)
                    if "nvfp4::detail" in n})
    t = time_cuda(call, flusher, reps)
    floor, _ = stream_floor(gemv_bytes(m, k, l, 1, 0.5), flusher, "cuda", reps)
    print(f"{m}x{k}x{l}: gemv {t.median_us:.1f} us, floor {floor.median_us:.1f} | {names}", flush=True)
