"""Run 383 (BENCHMARKS.md item 239): fp16 and bf16 x at one column where K > 24576 (the 2-piece
W4A16 sweep on 13..16 warps, one CTA an SM), and 7168x16384 (2 pieces on 8 warps, a kernel the
change leaves alone: the calls' drift), timed on the build
on PYTHONPATH (write flush, events, REPS reps, unchecked: the call's tests check the kernels), with
the floor over the same bytes and the kernels the bf16 call launched (torch.profiler).
Usage: ab_wide.py REPS [floors] [MxK,MxK,...]  (the shapes: run 384 passes its own)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
floors = "floors" in sys.argv[2:]
shapes = [a for a in sys.argv[2:] if "x" in a]
ops.load()
flusher = Flusher("write", "cuda")
# Llama-3-70B's down projection (K = 28672: 14 warps a row) at three row counts, K = 26624 / 30720
# / 32768 (13, 15, 16 warps), and the control.
cases = [(8192, 28672), (4096, 28672), (28672, 28672), (4096, 26624), (8192, 30720), (4096, 32768),
         (7168, 16384)]
if shapes:
    cases = [tuple(int(v) for v in s.split("x")) for s in shapes[0].split(",")]
for m, k in cases:
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k)
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16" and floors:
            names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                            for s in cuda_kernel_names(call) if "nvfp4::detail" in s})
            line += f" | {names}"
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    if floors:
        floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", reps)
        line += f" | floor {floor.median_us:.1f}"
    print(line, flush=True)
