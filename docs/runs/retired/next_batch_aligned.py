"""Prepared (not run): row blocks that keep every CTA inside one batch (next_batch_aligned.patch)
against the tree, on batched shapes whose L does not divide the H200's 264 CTA slots (L = 5, 7)
and two that it divides (controls, L = 4, 8); W4A4 N = 1, both weight layouts; unchecked timings
the bench's way (events, write flush, median of 20).
Usage (on the device, in a variant copy): PYTHONPATH=src python3 next_batch_aligned.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k, l in ((4096, 7168, 5), (4096, 7168, 7), (7168, 2048, 5), (7168, 2048, 7), (4096, 7168, 8), (7168, 2048, 4)):
    torch.manual_seed(m + k + l)
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 20)
    tiles, tile_scales = fmt.to_tiled(a, sfa)
    tt = time_cuda(lambda: torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None, None, None,
                                                    out), flusher, 20)
    print(f"{m}x{k}x{l}: row-major {t.median_us:.1f} us, tiled {tt.median_us:.1f} us", flush=True)
