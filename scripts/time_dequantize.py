"""Times NVFP4Linear's prefill-fallback weight: torch.ops.nvfp4.dequantize (one kernel) against
the torch path it replaced (format.dequantize, times the global scale, .to(dtype)), the bench's way
(CUDA events, write flush, median of reps), with the stream floor over the bytes the kernel moves
(packed weights and scales read, the 16-bit weight written) and the cuBLAS matmul the fallback
runs next (bf16 x of 64 rows), on `bench --peers`' operands (peers.make_operands). Each output is
checked against the torch path first (bitwise).

Usage: PYTHONPATH=src python scripts/time_dequantize.py [reps]
"""
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, stream_floor, time_cuda
from nvfp4_gemv.peers import make_operands

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
print(f"{torch.cuda.get_device_name()}: us, median of {reps}, write flush; bf16 out, one global scale")
print(f"{'m,k':>12} {'kernel':>8} {'torch':>9} {'speed-up':>8} {'floor':>7} {'kernel/floor':>12} {'matmul N=64':>11}")
for m, k in ((4096, 4096), (14336, 4096), (4096, 14336), (7168, 16384), (8192, 28672)):
    op = make_operands(m, k, 64, "cuda")  # bench --peers' operands: all 16 codes, scales 2^-9..448
    a, sfa, gs, x = op.a, op.sfa, op.gs, op.x
    kernel = lambda: torch.ops.nvfp4.dequantize(a, sfa, gs, torch.bfloat16)  # noqa: E731
    via_torch = lambda: fmt.dequantize(a, sfa, gs).to(torch.bfloat16)  # noqa: E731
    w = kernel()
    assert torch.equal(w.view(torch.int16), via_torch().view(torch.int16)), (m, k)
    t_kernel, t_torch = time_cuda(kernel, flusher, reps), time_cuda(via_torch, flusher, reps)
    floor, _ = stream_floor(a.numel() + sfa.numel() + 2 * w.numel(), flusher, "cuda", reps)
    t_mm = time_cuda(lambda: torch.nn.functional.linear(x, w), flusher, reps)
    print(f"{m:>6},{k:<5} {t_kernel.median_us:8.1f} {t_torch.median_us:9.1f} {t_torch.median_us / t_kernel.median_us:7.1f}x "
          f"{floor.median_us:7.1f} {t_kernel.median_us / floor.median_us:12.2f} {t_mm.median_us:11.1f}")
