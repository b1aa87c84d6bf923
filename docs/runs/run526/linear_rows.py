"""Run 526 (BENCHMARKS.md item 323; run 522's script, item 321, with fp16 x too): NVFP4Linear's forward on layers whose in_features % 256 != 0,
built on the GPU in the row-major layout (what "auto" picks on sm_90 there), at 1, 4, 8 and 16
rows of bf16 and of fp16 x: the bench's timing (CUDA events, write flush, median of REPS), unchecked (the
call's GPU tests check the layer). One line per layer: its scale rows' stride, then the medians.

Usage: PYTHONPATH=src python docs/runs/run526/linear_rows.py REPS
"""
import sys

import torch

import nvfp4_gemv as nv
from nvfp4_gemv.bench import Flusher, time_cuda

LAYERS = [(5120, 2880), (2880, 2880), (5760, 2880), (6912, 1152), (4864, 896)]


def main(reps: int) -> None:
    flusher = Flusher("write", "cuda")
    for m, k in LAYERS:
        torch.manual_seed(m + k)
        q = nv.NVFP4Linear.from_linear(torch.nn.Linear(k, m, device="cuda"), weight_layout="row-major")
        for dtype in (torch.bfloat16, torch.float16):
            line = f"{m}x{k} {str(dtype)[6:]} scale stride {q.weight_scale_packed.stride(0)}"
            for rows in (1, 4, 8, 16):
                x = torch.randn(rows, k, device="cuda", dtype=dtype)
                line += f" | {rows}: {time_cuda(lambda: q(x), flusher, reps).median_us:.1f}"
            print(line, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]))
