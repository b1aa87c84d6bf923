"""Run 181: the tiled format at one column, every activation: W4A4, W4A16 bf16 and fp16, and W4A4
with a bf16 x quantized per call (gemv_dynamic_out: fused into the staging where fused_quant_fits,
else quantize + GEMV), on the task shapes and the layers; unchecked timings the bench's way
(events, write flush, median of 20). For the even-band rule (BENCHMARKS.md item 129) against the
split rule before it.
Usage (on the device, in a variant copy): PYTHONPATH=src python3 tiled_n1.py"""
import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
T = reference.TILED
for m, k, l in ((7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (4096, 4096, 1), (14336, 4096, 1),
                (4096, 14336, 1), (2048, 7168, 1), (7168, 2048, 1), (151936, 4096, 1)):
    torch.manual_seed(m + k + l)
    a, sfa, xb, _ = random_operands(m, k, l, 1, "bf16", "cuda")
    a, sfa = fmt.to_tiled(a, sfa)
    xh = xb.half()
    xq, sq = torch.ops.nvfp4.quantize(xb, None)
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    t = [time_cuda(fn, flusher, 20).median_us for fn in (
        lambda: torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, T, 0, None, None, None, out),
        lambda: torch.ops.nvfp4.gemv_out(a, sfa, xb, None, T, 0, None, None, None, out),
        lambda: torch.ops.nvfp4.gemv_out(a, sfa, xh, None, T, 0, None, None, None, out),
        lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, xb, T, None, None, None, out))]
    print(f"{m}x{k}x{l} tiled: W4A4 {t[0]:.1f}, W4A16 bf16 {t[1]:.1f}, fp16 {t[2]:.1f}, dynamic {t[3]:.1f} us",
          flush=True)
    del a, sfa
