"""Prepared for the next run (docs/runs/next_xs_pieces.sh): the W4A16 sweep at one column where
the tree runs one piece a thread (long streams at odd ceil(K / 1024) where one piece holds more
warps an SM, item 218; short streams, item 159), against 2 pieces now that their x sits in shared
memory (item 221): each shape's median (write flush, events, REPS reps, unchecked; the kernels are
tested) with fp16 and bf16 x, the floor over the same bytes, and the kernel the call launched
(torch.profiler), for the build on PYTHONPATH."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(13824, 5120), (28672, 3072), (8192, 7168), (4096, 4096), (2048, 7168), (4096, 7168), (5120, 5120),
          (8192, 3072), (3072, 3072), (2048, 6144), (7168, 2048)]
for m, k in shapes:
    for act in ("fp16", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
        names = sorted({n.split("(")[0].replace("void nvfp4::detail::", "") for n in cuda_kernel_names(call)
                        if "nvfp4::detail" in n})
        t = time_cuda(call, flusher, reps)
        floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", reps)
        print(f"{m}x{k} {act}: gemv {t.median_us:.1f} us, floor {floor.median_us:.1f} | {names}", flush=True)
