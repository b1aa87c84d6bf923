"""Run 573: what programmatic dependent launch (NVFP4_GEMV_PDL=1, read once per process) does to a
chain of GEMVs in one CUDA graph, the way a decode step runs them. A chain of `count` NVFP4Linear
layers (weight-only, bf16 x, one token), each layer's output the next one's input, captured once and
replayed; "mul" puts a torch elementwise kernel between the layers (y * 1.75, which also keeps
the values from shrinking), as a norm or an activation sits between a decode step's projections.
Prints the replay's us per layer (median of `reps` timed batches of 20 replays, CUDA events;
nothing flushed: the chain's weights, over 200 MB, leave none of a layer's in L2 by its next turn,
as in a decode step) and checks the graph's output against the same layers run eagerly.

Usage: PYTHONPATH=src python docs/runs/run573/pdl_chain.py [reps] MxK[,MxK...]  (M == K: chained)
"""
import os
import statistics
import sys

import torch

from nvfp4_gemv import NVFP4Linear

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 7
shapes = [tuple(int(v) for v in s.split("x")) for s in (sys.argv[2] if len(sys.argv) > 2 else "4096x4096").split(",")]
torch.manual_seed(0)
pdl = os.environ.get("NVFP4_GEMV_PDL", "unset")
for m, k in shapes:
    assert m == k, "a chain needs square layers"
    count = max(8, (200 << 20) // (m * k // 2 + m * k // 16))  # > 200 MB of weights: none left in L2
    layers = [NVFP4Linear.from_linear(torch.nn.Linear(k, m, bias=False, dtype=torch.bfloat16, device="cuda"))
              for _ in range(count)]
    x = torch.randn(1, k, dtype=torch.bfloat16, device="cuda")
    for between in ("none", "mul"):
        def chain():
            y = x
            for layer in layers:
                y = layer(y)
                if between == "mul":
                    y = y * 1.75  # nn.Linear's init shrinks a vector's norm by ~sqrt(3) a layer
            return y
        # eager reference (every kernel launched the same way)
        ref = chain().float()
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            chain(), chain()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            out = chain()
        graph.replay()
        torch.cuda.synchronize()
        same = torch.equal(out.float(), ref)
        times = []
        for _ in range(reps):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(20):
                graph.replay()
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end) * 1000 / 20 / count)
        print(f"PDL={pdl} {m}x{k} x{count} between={between}: {statistics.median(times):.2f} us a layer "
              f"({min(times):.2f}-{max(times):.2f}), graph output equal to eager: {same}", flush=True)
