"""Run 253: NVFP4Linear's "dynamic" mode (W4A4, the bf16 activation quantized per call) on
row-major against tiled weights, at one activation row, the layers of BENCHMARKS.md; W4A16 bf16
beside (the same weights). Unchecked timings the bench's way (events, write flush, median of 20).
Usage: PYTHONPATH=src python3 docs/runs/run253/dynamic_layout.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
ones = torch.tensor([1.0], device="cuda")
for m, k in ((4096, 4096), (14336, 4096), (4096, 14336), (7168, 2048), (2048, 7168), (7168, 16384),
             (151936, 4096)):
    a, sfa, _, _ = random_operands(m, k, 1, 1, "fp4", "cuda")
    xb = torch.randn((1, 1, k), device="cuda").to(torch.bfloat16)
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    at, sfat = fmt.to_tiled(a, sfa)
    res = {}
    for name, (w, s, lay) in {"row-major": (a, sfa, 0), "tiled": (at, sfat, reference.TILED)}.items():
        res[f"dyn {name}"] = time_cuda(lambda: torch.ops.nvfp4.gemv_dynamic_out(
            w, s, xb, lay, None, ones, None, out), flusher, 20).median_us
        res[f"w4a16 {name}"] = time_cuda(lambda: torch.ops.nvfp4.gemv_out(
            w, s, xb, None, lay, 0, None, None, None, out), flusher, 20).median_us
    print(f"{m}x{k}: " + ", ".join(f"{n} {v:.1f}" for n, v in res.items()), flush=True)
