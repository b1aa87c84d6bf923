"""Run 170: the N > 1 split rule (refine_column_splits) against the rule before, on the model
layers at N = 2, 4, 8, 16, W4A4 and W4A16 bf16, both weight layouts; unchecked timings the bench's
way (events, write flush, median of 15). Correctness: the test suite in the same call.
Usage (on the device, repository root): PYTHONPATH=src python3 docs/runs/run170/columns.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k in ((7168, 16384), (4096, 4096), (4096, 14336), (14336, 4096), (2048, 7168), (7168, 2048)):
    for act in ("fp4", "bf16"):
        for n in (2, 4, 8, 16):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            tiles, tile_scales = fmt.to_tiled(a, sfa)
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 15)
            tt = time_cuda(lambda: torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None,
                                                            None, None, out), flusher, 15)
            print(f"{m}x{k} {act} N={n}: row-major {t.median_us:.1f} us, tiled {tt.median_us:.1f} us", flush=True)
