"""Run 575 (item 341): is part of the GEMV's ~1 us once a call (item 338) the kernel starting cold
after the flush, its code out of L2 and the SM's shared-memory split set for the flush kernel?

Each rep: the bench's write flush (Flusher("write")), then a "pre" step outside the interval, then
the timed call between CUDA events. Pre steps:
  none   nothing (the bench's way);
  read   the stream floor's kernel over a separate buffer of the tiny call's bytes (a kernel ran,
         the same number of clean lines now in L2, but none of the GEMV's code and no shared memory);
  same   the GEMV on tiny operands that the launch rule gives the same kernel (the same code in L2
         and in the SMs' instruction caches, the split set as the GEMV's kernel wants it).
The timed call is the GEMV on the full operands (unchecked), or the stream floor over the GEMV's
bytes (its best grid of the bench's). The conditions are interleaved rep by rep.

Usage: PYTHONPATH=src python docs/runs/run575/warm_probe.py REPS
"""
import statistics
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import READ_GRIDS, Flusher, act_value_bytes, gemv_bytes, random_operands

# (full shape, tiny shape of the same plan on 132 SMs (tests/cpp/plan_rules.cu), x)
CASES = [((7168, 16384, 1), (792, 16384, 1), "fp4"),
         ((4096, 7168, 8), (64, 7168, 8), "fp4"),
         ((7168, 2048, 4), (792, 2048, 4), "fp4"),
         ((4096, 4096, 1), (396, 4096, 1), "fp4"),
         ((7168, 16384, 1), (264, 16384, 1), "bf16")]


def gemv_call(m, k, l, act):
    torch.manual_seed(m + k + l)
    a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    return lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)


def read_call(nbytes, grid_threads):
    data = torch.randint(0, 256, (nbytes,), dtype=torch.uint8, device="cuda")
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    sink = torch.zeros(sms * 8, dtype=torch.int32, device="cuda")
    per_sm, threads = grid_threads
    return lambda: torch.ops.nvfp4.stream_read(data, sink, sms * per_sm, threads)


def timed(reps, flusher, fn, pres):
    """Median and 10th percentile (us) of fn after each pre step, interleaved rep by rep."""
    e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    samples = {name: [] for name in pres}
    for rep in range(reps + 3):
        for name, pre in pres.items():
            flusher()
            if pre:
                pre()
            e0.record()
            fn()
            e1.record()
            e1.synchronize()
            if rep >= 3:
                samples[name].append(e0.elapsed_time(e1) * 1e3)
    return {n: (statistics.median(v), sorted(v)[len(v) // 10]) for n, v in samples.items()}


def main(reps):
    ops.load()
    flusher = Flusher("write", "cuda")
    print(f"{torch.cuda.get_device_name()}; median / 10th percentile of {reps}, us; pre: none | read | same")
    for full, tiny, act in CASES:
        fb = gemv_bytes(*full, 1, act_value_bytes(act))
        tb = gemv_bytes(*tiny, 1, act_value_bytes(act))
        pres = {"none": None, "read": read_call(tb, (2, 512)), "same": gemv_call(*tiny, act)}
        g = timed(reps, flusher, gemv_call(*full, act), pres)
        # The floor: its best grid (by the plain median) over the GEMV's bytes, then the three pre steps.
        best = min(READ_GRIDS, key=lambda gt: timed(reps // 2, flusher, read_call(fb, gt), {"none": None})["none"][0])
        f = timed(reps, flusher, read_call(fb, best), pres)
        name = "x".join(map(str, full)) + f" {act}"
        cells = lambda d: " | ".join(f"{d[p][0]:5.2f} / {d[p][1]:5.2f}" for p in pres)  # noqa: E731
        print(f"{name:20s} GEMV  {cells(g)}", flush=True)
        print(f"{'':20s} floor {cells(f)}  ({best[0]}x{best[1]}, {fb / 1e6:.1f} MB; tiny {tb / 1e6:.2f} MB)", flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 30)
