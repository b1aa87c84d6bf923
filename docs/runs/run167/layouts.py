"""Prepared in the fifteenth session (not run: no device time left): W4A4 and W4A16 bf16 at N = 1,
2, 4, 8, 16 on the small model layers, row-major against tiled weights, the bench's way (write
flush, median of 20, unchecked timing of the op on random operands; the floor beside each).
Question (BENCHMARKS.md Next steps): NVFP4Linear's "auto" layout is row-major below 2^25 weights;
at N = 1 W4A4 is 0.5-0.7 us faster tiled there since the integer item by dp4a (run 164), W4A16
bf16 even. Does that hold for N > 1, where the tiled layout has no ring and no k spans?
Usage (on the device, repository root): PYTHONPATH=src python3 docs/runs/run167/layouts.py (run 167)"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, bench_op_shape

SHAPES = [(4096, 4096), (7168, 2048), (2048, 7168), (14336, 4096)]
NOMINAL_BW = 4.3e12  # only the %SOL column uses it, which this table leaves out

ops.load()
flusher = Flusher("write", "cuda")
print("| m,k | act | N | row-major us | tiled us | tiled - row-major | floor us |")
print("|---|---|---|---|---|---|---|")
for m, k in SHAPES:
    for act in ("fp4", "bf16"):
        for n in (1, 2, 4, 8, 16):
            rm, tl = (bench_op_shape(m, k, 1, n, act, flusher, NOMINAL_BW, "cuda", 20, tiled) for tiled in (False, True))
            a, b = rm.gemv["median_us"], tl.gemv["median_us"]
            print(f"| {m},{k} | {act} | {n} | {a:.1f} | {b:.1f} | {b - a:+.1f} | {rm.floor['median_us']:.1f} |", flush=True)
torch.cuda.synchronize()
