"""Run 321: (a) what the tree runs past K = 32768, where no sweep is built (Llama-3.1-405B's down
projection 16384x53248 and others), against the stream floor: W4A4, fp16 and bf16 at one column,
fp16 at 8; Llama-3-70B's 8192x28672 as the control. (b) Why one fp16 column is slower than bf16 on
the wide one-piece W4A16 kernels (item 202): the same kernel on fp16 x as randn gives it, with its
3 lowest mantissa bits cleared, and bf16 x (the kernel converts it to fp16 times 2^e, so its
mantissa has 7 bits): if the cleared fp16 times like bf16, the difference is the data (tensor-core
power at the 700 W cap), not the code. Unchecked timings the bench's way (events, write flush,
median of 20), each call's kernel names printed once.
Usage: PYTHONPATH=src python3 wide_k.py [a] [b]"""
import re
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
flusher = Flusher("write", "cuda")


def kernels(call):
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        call()
        torch.cuda.synchronize()
    names = [e.name for e in prof.events() if "kernel" in e.name or "Kernel" in e.name]
    return "+".join(re.sub(r"\(.*", "", n)[:60] for n in dict.fromkeys(names))


def timed(m, k, n, act, x=None):
    a, sfa, x0, sfx = random_operands(m, k, 1, n, act, "cuda")
    x = x0 if x is None else x
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    name = kernels(call)
    t = time_cuda(call, flusher, 20)
    return t.median_us, name


if "a" in sys.argv[1:]:
    print("(a) past K = 32768", flush=True)
    for m, k in [(8192, 28672), (16384, 53248), (4096, 40960), (8192, 36864), (2048, 65536), (1024, 131072)]:
        for act, n in [("fp4", 1), ("fp16", 1), ("bf16", 1), ("fp16", 8)]:
            nbytes = gemv_bytes(m, k, 1, n, 0.5 if act == "fp4" else 2.0)
            us, name = timed(m, k, n, act)
            f, _ = stream_floor(nbytes, flusher, "cuda", 20)
            print(f"{m}x{k} {act} N={n}: {us:.1f} us, floor {f.median_us:.1f} ({us / f.median_us:.2f}x) {name}",
                  flush=True)
        torch.cuda.empty_cache()

if "b" in sys.argv[1:]:
    print("(b) fp16 x's mantissa", flush=True)
    for m, k in [(3584, 18944), (3072, 24576), (7168, 16384), (4096, 14336)]:
        cells = []
        for label in ("fp16", "fp16-cleared", "fp16-of-bf16", "bf16", "fp16", "bf16"):
            act = "bf16" if label == "bf16" else "fp16"
            x = torch.randn((1, 1, k), device="cuda")
            if label == "fp16-cleared":
                x = (x.half().view(torch.int16) & ~7).view(torch.float16)
            elif label == "fp16-of-bf16":
                x = x.bfloat16().half()
            else:
                x = x.to(torch.float16 if act == "fp16" else torch.bfloat16)
            us, name = timed(m, k, 1, act, x)
            cells.append(f"{label} {us:.1f}")
        shape = re.search(r"sweep16_kernel<(\d+), ?(\d+)", name)
        print(f"{m}x{k} [{shape.group(1)}x{shape.group(2)} bf16]: " if shape else f"{m}x{k} {name}: ",
              ", ".join(cells), flush=True)
