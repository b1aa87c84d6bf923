"""Run 322 (BENCHMARKS.md item 204): one column past K = 32768 on the row sweeps over K sections
(the tree) against the row tiles (HEAD's kernel files, .variants/head, in their own build), each
call's kernel names printed once; with --floor the stream floor over each call's bytes, with
--tiled also the tiled weight layout (NVFP4Linear's other layout; format.to_tiled). Unchecked
timings the bench's way (events, write flush, median of 20).
Usage: PYTHONPATH=src python3 sections_ab.py LABEL [--floor] [--tiled]"""
import re
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
floor, tiled = "--floor" in sys.argv, "--tiled" in sys.argv
print(sys.argv[1], flush=True)


def kernels(call):
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        call()
        torch.cuda.synchronize()
    names = [re.sub(r"^void |nvfp4::detail::|\(.*", "", e.name) for e in prof.events() if "kernel" in e.name]
    return "+".join(n[:40] for n in dict.fromkeys(names) if not n.startswith("cuda"))


SHAPES = [(16384, 53248), (4096, 40960), (8192, 36864), (2048, 65536), (1024, 131072), (4096, 32800)]
for m, k in SHAPES:
    for act in ("fp4", "fp16", "bf16"):
        a, sfa, x, sfx = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
        t = time_cuda(call, flusher, 20)
        line = f"{m}x{k} {act}: {t.median_us:.1f} us [{kernels(call)}]"
        if tiled and act != "fp16":
            at, st = fmt.to_tiled(a, sfa)
            tcall = lambda: torch.ops.nvfp4.gemv_out(at, st, x, sfx, 2, 0, None, None, None, out)
            line += f"; tiled {time_cuda(tcall, flusher, 20).median_us:.1f}"
            del at, st
        if floor:
            f, _ = stream_floor(gemv_bytes(m, k, 1, 1, 0.5 if act == "fp4" else 2.0), flusher, "cuda", 20)
            line += f"; floor {f.median_us:.1f}"
        print(line, flush=True)
        del a, sfa, x, sfx
        torch.cuda.empty_cache()
