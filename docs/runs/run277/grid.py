"""Run 277: the grid and block the library launches sweep8_kernel with (torch.profiler's kernel
events), per shape at N = 8 fp16, and the cluster fit behind it. Usage: PYTHONPATH=src python3 grid.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands

ops.load()
for m, k in [(7168, 16384), (4096, 14336), (14336, 4096), (28672, 8192)]:
    a, sfa, x, sfx = random_operands(m, k, 1, 8, "fp16", "cuda")
    out = torch.empty((1, m, 8), dtype=torch.float16, device="cuda")
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
    call()
    torch.cuda.synchronize()
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        call()
        torch.cuda.synchronize()
    for e in prof.events():
        if "sweep8" in e.name:
            print(f"{m}x{k}: {e.name[:40]} {e.device_time:.1f} us", flush=True)
    prof.export_chrome_trace(f"/tmp/trace_{m}_{k}.json")
    import json
    for ev in json.load(open(f"/tmp/trace_{m}_{k}.json"))["traceEvents"]:
        if "sweep8" in ev.get("name", ""):
            args = ev.get("args", {})
            print(f"  grid {args.get('grid')} block {args.get('block')} smem {args.get('shared memory')} "
                  f"regs {args.get('registers per thread')} cluster {args.get('cluster', args.get('cluster dim'))}",
                  flush=True)
            print("  args:", {k: v for k, v in args.items() if k not in ('correlation', 'External id')}, flush=True)
