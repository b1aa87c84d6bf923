"""Prepared (not run): W4A16 at one column (fp16 and bf16 x), row-major weights, against the
tiled layout, on the task shapes and the layers; unchecked timings the bench's way (events, write
flush, median of 20), the floor beside. Run in a copy with docs/runs/next_sweep16.patch (the W4A16
row sweep) and in one without. Usage (on the device): PYTHONPATH=src python3 next_sweep16.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k, l in ((7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (4096, 4096, 1), (14336, 4096, 1),
                (4096, 14336, 1), (7168, 2048, 1), (2048, 7168, 1), (151936, 4096, 1)):
    line = []
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out), flusher, 20)
        tiles, tile_scales = fmt.to_tiled(a, sfa)
        tt = time_cuda(lambda: torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, None, reference.TILED, 0, None, None,
                                                        None, out), flusher, 20)
        line.append(f"{act} row-major {t.median_us:.1f} tiled {tt.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, l, 1, 2.0), flusher, "cuda", 20)
    print(f"{m}x{k}x{l}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)
