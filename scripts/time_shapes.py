"""Times torch.ops.nvfp4.gemv_out (W4A4, N = 1) and the stream floor on the task's three shapes and
five model layers, the bench's way (events, write flush), WITHOUT checking the output: for
diagnostic kernel variants that compute something else on purpose (memory only, compute only).
Prints one line per shape; with "tiled", the same operands in the tiled weight format
(format.to_tiled) too; with "columns", also W4A4 and W4A16 bf16 at N = 2, 4, 8, 16 on 7168x16384
and 4096x4096 (the split-K plans; with "tiled", in both layouts). With "fp16" and / or "bf16", the
shapes' rows time W4A16 with that activation instead (one line each, the floor over the 16-bit x's
bytes).

Usage: PYTHONPATH=src python scripts/time_shapes.py [reps] [tiled] [columns] [fp16] [bf16]
"""
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference, task
from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
tiled = "tiled" in sys.argv[2:]
columns = "columns" in sys.argv[2:]
acts16 = [act for act in ("fp16", "bf16") if act in sys.argv[2:]]
ops.load()
flusher = Flusher("write", "cuda")


def timed(m, k, l, n, act) -> str:
    """The op's median on random operands, row-major and (with "tiled") in the tiled format."""
    a, sfa, x, sfx = random_operands(m, k, l, n, act, "cuda")
    out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
    t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, reps)
    line = f"gemv {t.median_us:.1f} us"
    if tiled:
        tiles, tile_scales = fmt.to_tiled(a, sfa)
        tt = time_cuda(lambda: torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None, None,
                                                        None, out), flusher, reps)
        line += f", tiled {tt.median_us:.1f} us"
    return line


for m, k, l in task.BENCHMARK_SHAPES + [(4096, 4096, 1), (14336, 4096, 1), (4096, 14336, 1), (2048, 7168, 1),
                                        (151936, 4096, 1)]:
    for act in acts16 or ["fp4"]:
        line = timed(m, k, l, 1, act)
        floor, _ = stream_floor(gemv_bytes(m, k, l, 1, act_value_bytes(act)), flusher, "cuda", reps)
        print(f"{m}x{k}x{l}{'' if act == 'fp4' else ' ' + act}: {line}, floor {floor.median_us:.1f} us", flush=True)
columns_cases = [(shape, act, n) for shape in ((7168, 16384), (4096, 4096)) for act in ("fp4", "bf16")
                 for n in (2, 4, 8, 16)]
for (m, k), act, n in columns_cases if columns else ():
    print(f"{m}x{k}x1 {act} N={n}: {timed(m, k, 1, n, act)}", flush=True)
