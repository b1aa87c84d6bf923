"""Run 450's timing pass (BENCHMARKS.md item 273): two activation columns at L = 1 on the tile sweep
(sweep8_fits from N >= 2; the new copy) against the tree without it (the row tiles where the
two-column row sweep does not fit: row-major weights past its one-piece bounds, and the tiled
format everywhere K <= 16384); row-major and tiled weights, bf16 / fp16 / FP4 x, N = 2 and, as the
tile sweep's reference, N = 3; write flush, medians of REPS, unchecked, the N = 2 calls' kernels.
Usage: PYTHONPATH=src python docs/runs/run450/ab450.py REPS MxK[,MxK...]"""
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names, parse_shapes  # noqa: E402

from nvfp4_gemv import format as fmt, ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda  # noqa: E402

reps = int(sys.argv[1])
ops.load()
flusher = Flusher("write", "cuda")
for m, k, _ in parse_shapes(sys.argv[2]):
    for act in ("bf16", "fp16", "fp4"):
        line, names = f"{m}x{k} {act}", []
        for n in (2, 3):
            torch.manual_seed(m + k + n)
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            ta, tsf = fmt.to_tiled(a, sfa)
            for name, (w, s, layout) in (("row-major", (a, sfa, reference.ROW_MAJOR)),
                                         ("tiled", (ta, tsf, reference.TILED))):
                call = lambda: torch.ops.nvfp4.gemv_out(w, s, x, sfx, layout, 0, None, None, None, out)  # noqa: B023,E731
                line += f" | N={n} {name} {time_cuda(call, flusher, reps).median_us:.1f}"
                if n == 2:
                    names.append(name + ": " + "+".join(kernel_names(call)))
            del a, sfa, ta, tsf, x, sfx
        print(line + " | " + "; ".join(names), flush=True)
