"""Run 316: NVFP4Linear's weight_layout="auto" past K = 16384: row-major (the row sweeps at one row,
the tile sweep at 2..16 since items 199-200) against the tiled format, bf16 and FP4 x at N = 1, 2,
4, 8, 16, two orders in one process. Unchecked timings the bench's way (events, write flush,
median of 20). Usage: PYTHONPATH=src python3 layouts.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for order in ("row-major first", "tiled first"):
    print(order, flush=True)
    for m, k in [(8192, 28672), (3584, 18944)]:
        for act in ("bf16", "fp4"):
            cells = {}
            for n in (1, 2, 4, 8, 16):
                a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
                ta, tsfa = fmt.to_tiled(a, sfa)
                out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
                runs = {"row-major": (a, sfa, 0), "tiled": (ta, tsfa, reference.TILED)}
                names = ("row-major", "tiled") if order.startswith("row") else ("tiled", "row-major")
                for name in names:
                    w, s, layout = runs[name]
                    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(w, s, x, sfx, layout, 0, None, None, None, out),
                                  flusher, 20)
                    cells.setdefault(name, []).append(f"N={n} {t.median_us:.1f}")
            for name in ("row-major", "tiled"):
                print(f"{m}x{k} {act} {name}: " + ", ".join(cells[name]), flush=True)
