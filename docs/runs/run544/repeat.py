"""Run 544's repeat probe: does run 543's one slow median recur? (4096x4096 N = 8 FP4 x took
64.7 us in one pass of four, 10.2-10.3 in the others, same seeded operands.) PASSES passes over
run 543's six layers at N = 8 with FP4 x, the same operands and timing as scripts/ab_shapes.py
(seeded, write flush, 20 reps); per shape and pass the median, the slowest rep and how many reps
took over 1.5x the median, and every rep of any pass with such a rep. Each pass also checks the
4096x4096 output against a float64 reference once (the slow call, if any, must still be right).

Usage (device): PYTHONPATH=src python docs/runs/run544/repeat.py [PASSES]
"""
import sys

import torch

from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

SHAPES = [(2048, 7168), (4096, 14336), (7168, 16384), (4096, 4096), (14336, 4096), (7168, 2048)]
N = 8


def main(passes: int) -> None:
    ops.load()
    flusher = Flusher("write", "cuda")
    slow_total = 0
    for p in range(passes):
        for m, k in SHAPES:
            torch.manual_seed(m + k + 1)  # ab_shapes.py's seed for L = 1
            a, sfa, x, sfx = random_operands(m, k, 1, N, "fp4", "cuda")
            out = torch.empty((1, m, N), dtype=torch.float16, device="cuda")
            call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
            samples = []
            t = time_cuda(call, flusher, 20)
            # time_cuda keeps only statistics; the per-rep times again with the same method
            for _ in range(20):
                flusher()
                s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                s.record()
                call()
                e.record()
                e.synchronize()
                samples.append(s.elapsed_time(e) * 1e3)
            med = sorted(samples)[10]
            slow = [v for v in samples if v > 1.5 * med]
            slow_total += len(slow) + (t.max_us > 1.5 * t.median_us)
            line = (f"pass {p} {m}x{k} N={N} fp4 | median {t.median_us:.1f} max {t.max_us:.1f} | again median "
                    f"{med:.1f} max {max(samples):.1f} slow reps {len(slow)}")
            if slow or t.max_us > 1.5 * t.median_us:
                line += " | reps " + " ".join(f"{v:.1f}" for v in samples)
            if (m, k) == (4096, 4096):
                out.fill_(float("nan"))
                call()
                ref = reference.gemv_reference(a.cpu(), sfa.cpu(), x.cpu(), sfx.cpu(), out_dtype=torch.float64)
                err = (out.cpu().double() - ref).abs().max().item()
                scale = ref.abs().max().item()
                line += f" | max |out - ref| {err:.3g} (max |ref| {scale:.3g})"
            print(line, flush=True)
    print(f"reps over 1.5x their median (or a slow max): {slow_total}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
