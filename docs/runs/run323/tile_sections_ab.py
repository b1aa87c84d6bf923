"""Run 323 (BENCHMARKS.md item 205): 2..16 columns past K = 32768 on the tile sweep once a K section
(the tree) against the row tiles (HEAD 5be73c7's kernel files, .variants/head, in their own build),
each call's kernel names printed once; with --floor the stream floor over each call's bytes, with
--tiled also bf16 on the tiled weight layout (format.to_tiled; NVFP4Linear's other layout), with
--one the one-column row (the row sweeps' K sections in both builds) as the N = 1 reference.
Unchecked timings the bench's way (events, write flush, median of 20).
Usage: PYTHONPATH=src python3 tile_sections_ab.py LABEL [--floor] [--tiled] [--one]"""
import re
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor, tiled, one = "--floor" in sys.argv, "--tiled" in sys.argv, "--one" in sys.argv
print(sys.argv[1], flush=True)


def kernels(call):
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        call()
        torch.cuda.synchronize()
    names = [re.sub(r"^void |nvfp4::detail::|\(.*", "", e.name) for e in prof.events() if "kernel" in e.name]
    return "+".join(n[:28] for n in dict.fromkeys(names) if not n.startswith("cuda"))


for m, k in [(16384, 53248), (4096, 40960), (2048, 65536)]:
    for n in ([1] if one else []) + [2, 8, 16]:
        cells = []
        for act in ("fp4", "fp16", "bf16"):
            a, sfa, x, sfx = random_operands(m, k, 1, n, act, "cuda")
            out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
            call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
            cell = f"{act} {time_cuda(call, flusher, 20).median_us:.1f}"
            if act == "bf16":
                cell += f" [{kernels(call)}]"
                if tiled:
                    at, st = fmt.to_tiled(a, sfa)
                    tcall = lambda: torch.ops.nvfp4.gemv_out(at, st, x, sfx, 2, 0, None, None, None, out)
                    cell += f" tiled {time_cuda(tcall, flusher, 20).median_us:.1f}"
                    del at, st
                if floor:
                    f, _ = stream_floor(gemv_bytes(m, k, 1, n, 2.0), flusher, "cuda", 20)
                    cell += f" floor {f.median_us:.1f}"
            cells.append(cell)
            del a, sfa, x, sfx
        torch.cuda.empty_cache()
        print(f"{m}x{k} N={n}: " + ", ".join(cells), flush=True)
