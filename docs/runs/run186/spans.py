"""Run 186: the row-major integer k spans (the task's 7168x16384) on fewer, fuller CTAs: 256 of 28
rows ("ks28") or 224 of 32 ("ks32") against 264 of 27-28 (the tree); W4A4 N = 1, unchecked timings
the bench's way (events, write flush, median of 30), three times in a row.
Usage (on the device, in a variant copy): PYTHONPATH=src python3 spans.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
torch.manual_seed(0)
a, sfa, x, sfx = random_operands(7168, 16384, 1, 1, "fp4", "cuda")
out = torch.empty((1, 7168, 1), dtype=torch.float16, device="cuda")
ts = [time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out), flusher, 30).median_us
      for _ in range(3)]
print("row-major 7168x16384 W4A4 N=1: " + " / ".join(f"{v:.1f}" for v in ts) + " us", flush=True)
