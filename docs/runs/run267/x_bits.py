"""Run 267: does the W4A16 sweep's time depend on the activation's bits? (BENCHMARKS.md item 178)
bf16 trails fp16 by ~4-6% at two columns with hot loops of the same SASS (434 / 435): the bf16
kernel feeds the mma x * 2^e (max near 2^15, the low 3 mantissa bits zero), the fp16 one x as is.
Times the fp16 kernel on x as is, x * 2^12, bf16-rounded x, bf16-rounded x * 2^12, and the bf16
kernel on x and on x * 2^12 (whose e is then 0); unchecked, the bench's way (events, write flush,
median of 20). Usage: PYTHONPATH=src python3 x_bits.py"""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

ops.load()
flusher = Flusher("write", "cuda")
for m, k, n in ((7168, 16384, 1), (7168, 16384, 2), (4096, 14336, 2), (20480, 8192, 2), (28672, 8192, 2)):
    a, sfa, x, _ = random_operands(m, k, 1, n, "fp16", "cuda")
    xs = {
        "f16": x,
        "f16*2^12": x * 4096,
        "f16(bf16)": x.to(torch.bfloat16).to(torch.float16),
        "f16(bf16)*2^12": x.to(torch.bfloat16).to(torch.float16) * 4096,
        "bf16": x.to(torch.bfloat16),
        "bf16*2^12": x.to(torch.bfloat16) * 4096,
    }
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    line = []
    for name, xv in xs.items():
        t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sfa, xv, None, 0, 0, None, None, None, out), flusher, 20)
        line.append(f"{name} {t.median_us:.1f}")
    print(f"{m}x{k} N={n}: " + ", ".join(line), flush=True)
