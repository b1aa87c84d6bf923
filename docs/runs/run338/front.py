"""Run 338: does the W4A4 sweep read a batched call's bytes faster as one front? The same bytes at
L = 1 (the rows interleaved over the CTAs: one front through the matrix, as the floor reads) and
at L > 1 (each CTA a contiguous range of the L * M rows): 4096x7168x8 against 32768x7168x1,
7168x2048x4 against 28672x2048x1, FP4 and fp16 x (W4A16), each time with the kernel each takes (printed, so that the
two sides are the same kernel shape). Unchecked timings (the kernels are the tree's, tested);
write flush, events, median of REPS, two passes in the orders batched / flat / flat / batched."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 30
ops.load()
flusher = Flusher("write", "cuda")


def run(m, k, l, act):
    a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
    names = [n for n in cuda_kernel_names(call) if "kernel" in n and "nvfp4" in n]
    t = time_cuda(call, flusher, reps)
    return t, names


pairs = [((4096, 7168, 8), (32768, 7168, 1)), ((7168, 2048, 4), (28672, 2048, 1))]
for act in ("fp4", "fp16"):
    for batched, flat in pairs:
        for m, k, l in (batched, flat, flat, batched):
            t, names = run(m, k, l, act)
            floor, _ = stream_floor(gemv_bytes(m, k, l, 1, 0.5 if act == "fp4" else 2.0), flusher, "cuda", reps)
            short = sorted({n.split("(")[0] for n in names})
            print(f"{m}x{k}x{l} {act}: gemv {t.median_us:.1f} us [{t.min_us:.1f}, {t.max_us:.1f}], "
                  f"floor {floor.median_us:.1f} | {short}", flush=True)
