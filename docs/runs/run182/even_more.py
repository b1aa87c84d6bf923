"""Run 182: even work per CTA beyond the tiled one-column plans (even_more.patch): the tiled plans
at N > 1 that do not split, and the row-major integer row tiles in whole 16-row pairs where they
divide (4096x7168x8: 256 CTAs of 128 rows against 264 of 124-125); unchecked timings the bench's
way (events, write flush, median of 20), controls whose plan does not change.
Usage (on the device, in a variant copy): PYTHONPATH=src python3 even_more.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")


def timed(m, k, l, n, act, tiled):
    torch.manual_seed(m + k + l + n)
    a, sfa, x, sfx = random_operands(m, k, l, n, act, "cuda")
    layout = 0
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
        layout = reference.TILED
    out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out), flusher, 20)
    return t.median_us


for m, k, l in ((4096, 7168, 8), (151936, 4096, 1), (7168, 16384, 1)):
    print(f"row-major {m}x{k}x{l} fp4 N=1: {timed(m, k, l, 1, 'fp4', False):.1f} us", flush=True)
for m, k, l in ((14336, 4096, 1), (4096, 7168, 8), (7168, 2048, 1), (7168, 16384, 1)):
    for act in ("fp4", "bf16"):
        ts = [timed(m, k, l, n, act, True) for n in (2, 4, 8)]
        print(f"tiled {m}x{k}x{l} {act} N=2/4/8: " + " / ".join(f"{v:.1f}" for v in ts) + " us", flush=True)
