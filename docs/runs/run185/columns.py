"""Run 185: equal whole bands in the tiled split plans too (even_split.patch) against the tree;
tiled, N = 2..16, W4A4 and W4A16 bf16, six layers; unchecked timings the bench's way (events,
write flush, median of 20).
Usage (on the device, in a variant copy): PYTHONPATH=src python3 columns.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (4096, 4096), (4096, 14336), (14336, 4096), (2048, 7168), (7168, 2048)):
    for act in ("fp4", "bf16"):
        ts = []
        for n in (2, 4, 8, 16):
            torch.manual_seed(m + k + n)
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            a, sfa = fmt.to_tiled(a, sfa)
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            ts.append(time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, reference.TILED, 0, None, None,
                                                                 None, out), flusher, 20).median_us)
        print(f"tiled {m}x{k} {act} N=2/4/8/16: " + " / ".join(f"{v:.1f}" for v in ts) + " us", flush=True)
