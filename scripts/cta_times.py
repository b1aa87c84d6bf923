"""CTA timeline of one cold-L2 GEMV call, for the diagnostic kernel variant of
docs/runs/run89/cta_times.patch (thread 0 of every CTA prints its SM and %globaltimer at entry,
after its first activation staging, at exit and when the bulk staging's copy landed). Runs the call
`reps` times (write flush before each), parses the lines and prints, per rep, the spread of starts,
staging ends and exits relative to the first start, how much a CTA's exit follows its staging end
(correlation, and the spread of exit - staging end), and for the last rep the SMs' last exits and a
histogram of exits. With the bulk staging (K > 8192 at N = 1 on sm_90) also when its copy landed and
how long the decode took after that. CTA_TIMES_CSV=file appends every CTA's row (rep, block, SM,
start, staged, exit, landed in us).

Usage (device): git apply docs/runs/run89/cta_times.patch, then
  PYTHONPATH=src python scripts/cta_times.py M K L [reps] > cta.txt 2>&1
"""
import os
import statistics
import subprocess
import sys

if os.environ.get("CTA_TIMES_CHILD") != "1":
    # printf output is flushed by the driver to this process's stdout: run the calls in a child
    # and parse what it printed.
    args = sys.argv[1:]
    proc = subprocess.run([sys.executable, __file__, *args], env={**os.environ, "CTA_TIMES_CHILD": "1"},
                          capture_output=True, text=True)
    # Per CTA: block, SM, entry, staging end, exit, bulk copy landed (0: no bulk staging), in ns.
    reps_out: list[list[tuple[int, int, int, int, int, int]]] = []
    for line in proc.stdout.splitlines():
        if line.startswith("REP"):
            reps_out.append([])
        elif line.startswith("CTA") and reps_out:
            f = [int(v) for v in line.split()[1:]]
            reps_out[-1].append((*f[:5], f[5] if len(f) > 5 else 0))
    print(proc.stderr[-2000:], end="")
    for i, rows in enumerate(reps_out):
        base = min(r[2] for r in rows)
        start = sorted((r[2] - base) / 1e3 for r in rows)
        staged = sorted((r[3] - base) / 1e3 for r in rows if r[3])
        exits = sorted((r[4] - base) / 1e3 for r in rows)
        q = lambda v, f: v[min(len(v) - 1, int(f * len(v)))]
        print(f"rep {i}: {len(rows)} CTAs (us from the first start) | start max {start[-1]:.1f} | "
              f"staged min/median/max {staged[0]:.1f}/{statistics.median(staged):.1f}/{staged[-1]:.1f} | "
              f"exit min/10%/median/90%/max {exits[0]:.1f}/{q(exits, .1):.1f}/{statistics.median(exits):.1f}/"
              f"{q(exits, .9):.1f}/{exits[-1]:.1f}")
        landed = sorted((r[5] - base) / 1e3 for r in rows if r[5])
        if landed:
            decode = sorted((r[3] - r[5]) / 1e3 for r in rows if r[5] and r[3])
            print(f"  bulk copy landed min/median/max {landed[0]:.1f}/{statistics.median(landed):.1f}/"
                  f"{landed[-1]:.1f}; then decoded in {decode[0]:.2f}/{statistics.median(decode):.2f}/{decode[-1]:.2f} us")
        # Do late stagers finish late? (Pearson r of staging end and exit over the CTAs.)
        pairs = [((r[3] - base) / 1e3, (r[4] - base) / 1e3) for r in rows if r[3]]
        if len(pairs) > 2:
            xs, ys = zip(*pairs)
            mx, my = statistics.fmean(xs), statistics.fmean(ys)
            cov = sum((x - mx) * (y - my) for x, y in pairs)
            var = (sum((x - mx) ** 2 for x in xs) * sum((y - my) ** 2 for y in ys)) ** 0.5
            stream = sorted(y - x for x, y in pairs)
            print(f"  r(staging end, exit) = {cov / var if var else 0.0:.2f}; stream (exit - staging end) "
                  f"min/median/max {stream[0]:.1f}/{statistics.median(stream):.1f}/{stream[-1]:.1f} us")
        if os.environ.get("CTA_TIMES_CSV"):  # raw rows: rep, block, sm, start, staged, exit (us)
            with open(os.environ["CTA_TIMES_CSV"], "a") as f:
                for r in rows:
                    f.write(f"{i},{r[0]},{r[1]},{(r[2] - base) / 1e3:.3f},"
                            f"{(r[3] - base) / 1e3 if r[3] else float('nan'):.3f},{(r[4] - base) / 1e3:.3f},"
                            f"{(r[5] - base) / 1e3 if r[5] else float('nan'):.3f}\n")
        if i == len(reps_out) - 1:
            per_sm: dict[int, list[float]] = {}
            for r in rows:
                per_sm.setdefault(r[1], []).append((r[4] - base) / 1e3)
            last = sorted(max(v) for v in per_sm.values())
            print(f"  per SM last exit: min {last[0]:.1f}, median {statistics.median(last):.1f}, max {last[-1]:.1f} us")
            hist = [0] * (int(exits[-1]) + 1)
            for e in exits:
                hist[int(e)] += 1
            print("  exits per us: " + " ".join(str(h) for h in hist))
    sys.exit(proc.returncode)

import torch  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, random_operands  # noqa: E402

m, k, l = (int(v) for v in sys.argv[1:4])
reps = int(sys.argv[4]) if len(sys.argv) > 4 else 3
ops.load()
a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
flusher = Flusher("write", "cuda")
torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # build, warm up
torch.cuda.synchronize()
for _ in range(reps):
    flusher()
    torch.cuda.synchronize()
    print("REP", flush=True)
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    torch.cuda.synchronize()
