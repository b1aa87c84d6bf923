"""Run 281: NVFP4Linear's "auto" layout (BENCHMARKS.md item 187): the layer's forward with its
weights row-major and tiled, activation "weight-only" (W4A16 bf16) and "dynamic" (W4A4, x quantized
per call, inside the GEMV where it can be), N = 1..16 rows of x. Unchecked timings the bench's way
(events, write flush, median of 20), both layouts in the same process. Usage: PYTHONPATH=src
python3 linear_layouts.py"""
import torch

from nvfp4_gemv import NVFP4Linear
from nvfp4_gemv.bench import Flusher, time_cuda

flusher = Flusher("write", "cuda")
torch.manual_seed(0)
print("layer activation: N=n row-major/tiled us", flush=True)
for out_f, in_f in [(7168, 16384), (4096, 14336), (14336, 4096), (4096, 4096), (2048, 7168), (7168, 2048)]:
    dense = torch.nn.Linear(in_f, out_f, bias=False, device="cuda", dtype=torch.bfloat16)
    for activation in ("weight-only", "dynamic"):
        layers = [NVFP4Linear.from_linear(dense, activation=activation, weight_layout=layout)
                  for layout in ("row-major", "tiled")]
        row = []
        for n in (1, 2, 3, 4, 8, 16):
            x = torch.randn(n, in_f, device="cuda", dtype=torch.bfloat16)
            times = [time_cuda(lambda: layer(x), flusher, 20).median_us for layer in layers]
            row.append(f"N={n} {times[0]:.1f}/{times[1]:.1f}")
        print(f"{out_f}x{in_f} {activation}: " + ", ".join(row), flush=True)
    del dense, layers
