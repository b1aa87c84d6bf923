"""What the GEMV pays, inside its timed interval, for starting cold after the L2 flush (BENCHMARKS.md
item 341; run 575's docs/runs/run575/warm_probe.py, made general).

Each rep: the bench's write flush (Flusher("write")), then a "pre" step outside the interval, then
the timed call between CUDA events, the pre steps interleaved rep by rep:
  none   nothing (the bench's way);
  read   the stream floor's kernel over a separate buffer of the tiny call's bytes (a kernel ran and
         the same number of clean lines now sit in L2, but none of the GEMV's code ran);
  same   the GEMV on tiny operands that the launch rule gives the same kernel (its code in L2 and
         in the SMs' instruction caches).
  other  (where the case names OTHER) the GEMV on OTHER's operands, a shape the launch rule gives
         another kernel: a GEMV ran, but not this one's code;
  slow   the floor's kernel over the tiny call's bytes on one warp an SM (a pre step that lasts
         about as long as the tiny GEMV, whose lines' write-backs have drained when the interval
         starts).
"same" against "slow" is what warm code alone buys the GEMV (item 341: nothing measurable; "same"
against "read" is mostly the time the flush's write-backs had to drain). The timed call is the op
on the full operands (unchecked), and unless "nofloor" is given also the stream floor over the
GEMV's bytes (its best grid of the bench's), after the same pre steps.

Usage: PYTHONPATH=src python scripts/warm_probe.py REPS CASES [nofloor]
  CASES: FULL:TINY[:ACT[:OTHER]],...  with FULL, TINY and OTHER as MxK[xL] (TINY: a shape the
  launch rule gives FULL's kernel, tests/cpp/plan_rules.cu shows it; OTHER one it gives another)
  and ACT fp4 (the default), fp16 or bf16.
  e.g. scripts/warm_probe.py 30 7168x16384:792x16384,7168x2048x4:792x2048x4,7168x16384:264x16384:bf16
"""
import os
import statistics
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import (READ_GRIDS, Flusher, act_value_bytes, event_ms, gemv_bytes, random_bytes,
                              random_operands, stream_read_call)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ab_shapes import parse_shapes  # noqa: E402  (the A/B harness's "MxK[xL]" parser)


def parse_cases(spec: str) -> list[tuple]:
    """"FULL:TINY[:ACT[:OTHER]],..." as ((M, K, L), (m, k, l), act, other) tuples, other None
    or a shape."""
    def shape(s):  # one "MxK[xL]" (the cases are split at commas already)
        return parse_shapes(s)[0]

    cases = []
    for item in spec.split(","):
        parts = item.split(":")
        if not 2 <= len(parts) <= 4 or (len(parts) >= 3 and parts[2] not in ("fp4", "fp16", "bf16")):
            raise ValueError(f"a case is FULL:TINY[:fp4|fp16|bf16[:OTHER]], got {item!r}")
        cases.append((shape(parts[0]), shape(parts[1]), parts[2] if len(parts) >= 3 else "fp4",
                      shape(parts[3]) if len(parts) == 4 else None))
    return cases


def gemv_call(m, k, l, act):
    torch.manual_seed(m + k + l)
    a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    return lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)


def timed(reps, flusher, fn, pres):
    """Median and 10th percentile (us) of fn after the flush and each pre step, interleaved rep by rep
    (the first three rounds untimed)."""
    events = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    samples = {name: [] for name in pres}
    for rep in range(reps + 3):
        for name, pre in pres.items():
            ms = event_ms(fn, (flusher, pre), events)
            if rep >= 3:
                samples[name].append(ms * 1e3)
    return {n: (statistics.median(v), sorted(v)[len(v) // 10]) for n, v in samples.items()}


def main(argv):
    reps, cases, floors = int(argv[0]), parse_cases(argv[1]), "nofloor" not in argv[2:]
    ops.load()
    flusher = Flusher("write", "cuda")
    print(f"{torch.cuda.get_device_name()}; median / 10th percentile of {reps}, us; "
          "pre: none | read | same [| other] | slow")
    for full, tiny, act, other in cases:
        fb = gemv_bytes(*full, 1, act_value_bytes(act))
        tb = gemv_bytes(*tiny, 1, act_value_bytes(act))
        pres = {"none": None, "read": stream_read_call(random_bytes(tb, "cuda"), 2, 512), "same": gemv_call(*tiny, act)}
        if other:
            pres["other"] = gemv_call(*other, act)
        pres["slow"] = stream_read_call(random_bytes(tb, "cuda"), 1, 32)
        cells = lambda d: " | ".join(f"{d[p][0]:5.2f} / {d[p][1]:5.2f}" for p in pres)  # noqa: E731
        name = "x".join(map(str, full)) + f" {act}"
        g = timed(reps, flusher, gemv_call(*full, act), pres)
        rel = ", ".join(f"{q} {g['same'][0] - g[q][0]:+.2f}" for q in pres if q not in ("none", "same"))
        print(f"{name:20s} GEMV  {cells(g)}  (same less {rel})", flush=True)
        if floors:
            # The floor: its best grid (by the plain median) over the GEMV's bytes, then the pre steps.
            # One buffer for every grid tried (bench.stream_floor's search, which keeps no grid).
            floor_data = random_bytes(fb, "cuda")
            best = min(READ_GRIDS, key=lambda gt: timed(reps // 2, flusher, stream_read_call(floor_data, *gt),
                                                        {"none": None})["none"][0])
            f = timed(reps, flusher, stream_read_call(floor_data, *best), pres)
            print(f"{'':20s} floor {cells(f)}  ({best[0]}x{best[1]}, {fb / 1e6:.1f} MB; tiny {tb / 1e6:.2f} MB)",
                  flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
