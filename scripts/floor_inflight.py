"""How the stream floor depends on the bytes in flight per SM: the floor kernel (stream_read: each
thread keeps kStreamUnroll = 8 loads of 16 bytes in flight, grid-stride) over the byte counts of a
few GEMV shapes, for grids of 1-8 CTAs per SM and 128-512 threads, timed the bench's way (events,
write flush, median). The GEMV's register window keeps 64 KB per SM in flight (16 warps x 4 items
x 1 KB): this says what a plain stream reaches with that much, and with more or less.
Diagnostic; prints one line per grid.

Usage: PYTHONPATH=src python scripts/floor_inflight.py [reps] [CxT ...]
(CxT: C CTAs an SM of T threads, T a multiple of 32 up to 512; default: the eight grids of run 87.)
"""
import sys

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_bytes, stream_read_call, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 15
RUN87_GRIDS = [(1, 128), (1, 256), (2, 256), (1, 512), (3, 256), (2, 512), (4, 512), (8, 256)]
grids = [tuple(int(v) for v in g.split("x")) for g in sys.argv[2:]] or RUN87_GRIDS
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (151936, 4096, 1)]
sizes = [gemv_bytes(m, k, l) for m, k, l in shapes]
data = random_bytes(max(sizes), "cuda")
print("CTAs/SM x threads | KB in flight per SM | " + " | ".join(f"{m}x{k}x{l} us" for m, k, l in shapes))
for per_sm, threads in grids:
    inflight_kb = per_sm * threads * 8 * 16 // 1024
    times = []
    for nbytes in sizes:
        view = data[:nbytes]
        t = time_cuda(stream_read_call(view, per_sm, threads), flusher, reps)
        times.append(f"{t.median_us:.1f}")
    print(f"{per_sm} x {threads} | {inflight_kb} | " + " | ".join(times))
