"""Run 358 (BENCHMARKS.md item 228): the bf16 row sweep's one-column kernels without their L > 1
code (.variants/nobatch: the per-segment maximum and the segment's rescale compiled out, so valid at
L = 1 only) against the tree, NVFP4_GEMV_PRESCALE=0 (the bf16 sweep itself everywhere): per shape,
bf16 checked once in fp32 against the float64 reference (tests' bound), then fp16 and bf16 medians
(write flush, events, REPS reps) and the floor over bf16's bytes.
Usage: NVFP4_GEMV_PRESCALE=0 PYTHONPATH=src python docs/runs/run358/bf16_loops.py [reps]"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(7168, 16384), (4096, 14336), (14336, 4096), (18432, 7168), (16384, 6144), (4096, 4096), (2048, 7168),
          (8192, 28672), (32768, 6144)]
for m, k in shapes:
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731
        if act == "bf16" and m * k <= 8192 * 28672:
            o32 = torch.full((1, m, 1), float("nan"), device="cuda")
            torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, o32)
            ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
            assert_close_elementwise(o32.double(), ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24),
                                     f"{m}x{k} bf16")
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
