"""Run 473 (BENCHMARKS.md item 287): what a global scale per output row costs NVFP4Linear (fused
shards whose scales differ, from_quantized_shards) against the single-scale layer of the same
weights, one row of bf16 x, row-major weights, the bench's way (CUDA events, write flush, median of
REPS): eager, torch.compile, and a captured CUDA graph's replay. Unchecked (the GPU tests check the
path: test_linear_global_scale_per_row).

Usage (device, from the repo root): PYTHONPATH=src python docs/runs/run473/per_row.py [REPS]
"""
import sys

import torch

import nvfp4_gemv as nv
from nvfp4_gemv import format as fmt
from nvfp4_gemv.bench import Flusher, time_cuda

sys.path.insert(0, "tests")
from helpers import capture_cuda_graph  # noqa: E402

REPS = int(sys.argv[1]) if len(sys.argv) > 1 else 30
# Llama-3-8B's fused q / k / v (4096 + 1024 + 1024 rows) and gate / up (2 x 14336), K = 4096.
CASES = {"qkv 6144x4096": (4096, 1024, 1024), "gate_up 28672x4096": (14336, 14336)}
K = 4096
flusher = Flusher("write", "cuda")


def shards(rows, differ: bool):
    torch.manual_seed(0)
    out = []
    for i, m in enumerate(rows):
        gs = 2.0 ** -i if differ else 1.0
        q = fmt.quantize(torch.randn(m, K, device="cuda") * gs * 600, global_scale=gs)
        out.append((q.data, q.scales, gs))
    return out


for name, rows in CASES.items():
    x = torch.randn(1, K, device="cuda", dtype=torch.bfloat16)
    line = name
    for label, differ in (("one scale", False), ("per row", True)):
        layer = nv.NVFP4Linear.from_quantized_shards(shards(rows, differ), convention="modelopt",
                                                     bias=torch.randn(sum(rows), device="cuda"),
                                                     weight_layout="row-major")
        assert layer.per_row_global_scale == differ
        eager = time_cuda(lambda: layer(x), flusher, REPS).median_us
        compiled_layer = torch.compile(layer, fullgraph=True)
        compiled = time_cuda(lambda: compiled_layer(x), flusher, REPS).median_us
        static_x = x.clone()
        graph, _ = capture_cuda_graph(lambda: layer(static_x))
        replay = time_cuda(graph.replay, flusher, REPS).median_us
        line += f" | {label}: eager {eager:.1f} compiled {compiled:.1f} graph {replay:.1f}"
    print(line, flush=True)
