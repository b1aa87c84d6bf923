"""Run 373 (BENCHMARKS.md item 233): fp16 and bf16 x on the shapes whose plans run the row tiles
(gemv_kernel: L > 1 at one column where the sweep does not take it, the tiled weight format, 8
columns at L > 1), whose activation staging item 233 changed; timed on the build on PYTHONPATH
(write flush, events, REPS reps, unchecked: the call's tests check the kernels), with the kernels
the bf16 call launched (torch.profiler)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names  # noqa: E402

from nvfp4_gemv import format as fmt  # noqa: E402
from nvfp4_gemv import ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
# (m, k, l, n, tiled)
cases = [(4096, 7168, 8, 1, False), (4096, 7168, 8, 8, False), (7168, 16384, 2, 1, False),
         (4096, 4096, 1, 1, True), (7168, 16384, 1, 1, True), (14336, 4096, 1, 1, True),
         (7168, 16384, 1, 4, True), (7168, 2048, 4, 1, True)]
for m, k, l, n, tiled in cases:
    line = f"{m}x{k}x{l} N={n}{' tiled' if tiled else ''}"
    for act in ("fp16", "bf16"):
        torch.manual_seed(m + k + l + n)
        a, sfa, x, _ = random_operands(m, k, l, n, act, "cuda")
        if tiled:
            a, sfa = fmt.to_tiled(a, sfa)
        out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
        layout = reference.TILED if tiled else 0
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, layout, 0, None, None, None, out)  # noqa: E731
        if act == "bf16":
            names = sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                            for s in cuda_kernel_names(call) if "nvfp4::detail" in s})
            line += f" | {names}"
        t = time_cuda(call, flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    print(line, flush=True)
