"""Run 449: NVFP4Linear's weight_layout="auto" on sm_90 measured again after the tiled format's tile
sweep (BENCHMARKS.md item 270) and band sweep (items 268, 271): row-major against the tiled format,
bf16 and FP4 x, N activation columns, the bench's model layers plus 7168x16384, two orders in one
process, write flush, medians of REPS, unchecked; the kernels each layout's call launches (first
order only). With --tiled-only the tiled format alone (for a second process with a kernel switch
set, e.g. NVFP4_GEMV_SWEEP8=0: the format's row tiles at 3..16 columns).
Usage: PYTHONPATH=src python3 docs/runs/run449/layouts449.py REPS N[,N...] [--tiled-only]"""
import sys

import torch

sys.path.insert(0, "scripts")
from ab_shapes import kernel_names  # noqa: E402

from nvfp4_gemv import format as fmt, ops, reference  # noqa: E402
from nvfp4_gemv.bench import MODEL_LAYERS, Flusher, random_operands, time_cuda  # noqa: E402

reps, cols = int(sys.argv[1]), [int(n) for n in sys.argv[2].split(",")]
tiled_only = "--tiled-only" in sys.argv
ops.load()
flusher = Flusher("write", "cuda")
shapes = MODEL_LAYERS[:5] + [(7168, 16384)] + MODEL_LAYERS[5:]
layouts = ("tiled",) if tiled_only else ("row-major", "tiled")
for order in (layouts, layouts[::-1]) if not tiled_only else (layouts,):
    print("order: " + " first, ".join(order), flush=True)
    for m, k in shapes:
        for act in ("bf16", "fp4"):
            cells, names = {}, {}
            for n in cols:
                torch.manual_seed(m + k + n)
                a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
                out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
                runs = {"row-major": (a, sfa, reference.ROW_MAJOR)}
                runs["tiled"] = (*fmt.to_tiled(a, sfa), reference.TILED)
                for name in order:
                    w, s, layout = runs[name]
                    call = lambda: torch.ops.nvfp4.gemv_out(w, s, x, sfx, layout, 0, None, None, None, out)  # noqa: B023,E731
                    t = time_cuda(call, flusher, reps)
                    cells.setdefault(name, []).append(f"N={n} {t.median_us:.1f}")
                    if order == layouts:
                        names.setdefault(name, []).append(f"N={n} " + "+".join(kernel_names(call)))
                del a, sfa, x, sfx, runs
            for name in layouts:
                print(f"{m}x{k} {act} {name}: " + ", ".join(cells[name]), flush=True)
            for name, listed in names.items():
                print(f"  kernels {m}x{k} {act} {name}: " + "; ".join(listed), flush=True)
