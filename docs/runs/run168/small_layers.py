"""Run 168: NVFP4Linear's "auto" layout below the layers of run 167 (which were all tiled-faster
for W4A4 at N = 1..16, and for W4A16 bf16 but at N = 1-2 on 4096x4096): smaller layers, and one
whose K is not a multiple of the tiled format's 128 (2064: padded to 2176, 5% more bytes read).
The bench's way (write flush, median of 20, unchecked timing of the op on random operands; the
floor of the unpadded bytes beside each).
Usage (on the device, repository root): PYTHONPATH=src python3 docs/runs/run168/small_layers.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, bench_op_shape

SHAPES = [(1024, 1024), (2048, 2048), (1024, 4096), (4096, 1024), (4096, 2048), (2048, 4096), (2048, 2064)]
NOMINAL_BW = 4.3e12  # only the %SOL column uses it, which this table leaves out

ops.load()
flusher = Flusher("write", "cuda")
print("| m,k | act | N | row-major us | tiled us | tiled - row-major | floor us |")
print("|---|---|---|---|---|---|---|")
for m, k in SHAPES:
    for act in ("fp4", "bf16"):
        for n in (1, 4):
            rm, tl = (bench_op_shape(m, k, 1, n, act, flusher, NOMINAL_BW, "cuda", 20, tiled) for tiled in (False, True))
            a, b = rm.gemv["median_us"], tl.gemv["median_us"]
            print(f"| {m},{k} | {act} | {n} | {a:.1f} | {b:.1f} | {b - a:+.1f} | {rm.floor['median_us']:.1f} |", flush=True)
torch.cuda.synchronize()
