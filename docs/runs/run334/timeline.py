"""Run 334 (BENCHMARKS.md item 214; run 329's script with the activation kind as a 5th argument, fp4 /
fp16 / bf16): CTA timelines of the W4A4 or W4A16 row sweep and of the stream floor on
the same bytes, cold L2 (write flush), from the diagnostic build .variants/tl16 (docs/runs/run334/tl16.patch: the W4A16 sweep's; run 329's
tl.patch the W4A4 sweep's: thread 0 of every CTA printf's %globaltimer at entry, after its first row's dot product,
the earliest and latest warp's end of the row loop, and exit; the floor's CTAs entry and exit).
Lines are grouped into calls by their entry times (a gap of > 20 us), the first call (warm-up)
dropped. Prints per call, in us from the call's first CTA entry: entry spread, first row,
loop ends, exits (min / 10% / median / 90% / max), and for the floor its exits.

Usage (device): PYTHONPATH=<tl16 build src> python timeline.py M K L [reps] [act]
"""
import os
import statistics
import subprocess
import sys

if os.environ.get("TL_CHILD") != "1":
    proc = subprocess.run([sys.executable, __file__, *sys.argv[1:]], env={**os.environ, "TL_CHILD": "1"},
                          capture_output=True, text=True)
    print(proc.stderr[-1500:], end="")
    rows = {"TLG": [], "TLF": []}
    for line in proc.stdout.splitlines():
        f = line.split()
        if f and f[0] in rows:
            rows[f[0]].append([int(v) for v in f[1:]])

    def calls(rs):  # split by entry-time gaps
        rs = sorted(rs, key=lambda r: r[2])
        out, cur = [], []
        for r in rs:
            if cur and r[2] - cur[-1][2] > 20000:
                out.append(cur)
                cur = []
            cur.append(r)
        return out + ([cur] if cur else [])

    def q(v, f):
        v = sorted(v)
        return v[min(len(v) - 1, int(f * len(v)))]

    def dist(v):
        return f"{min(v):5.1f} {q(v, .1):5.1f} {statistics.median(v):5.1f} {q(v, .9):5.1f} {max(v):5.1f}"

    m, k, l = sys.argv[1:4]
    act = sys.argv[5] if len(sys.argv) > 5 else "fp4"
    print(f"== {m}x{k}x{l} {act} (us from the call's first CTA entry: min 10% median 90% max)")
    for i, c in enumerate(calls(rows["TLG"])[1:]):
        base = min(r[2] for r in c)
        us = lambda j: [(r[j] - base) / 1e3 for r in c]
        rows_per = sorted(set(r[7] for r in c))
        print(f"gemv call {i}: {len(c)} CTAs, rows/CTA {rows_per}")
        print(f"  entry      {dist(us(2))}")
        print(f"  first row  {dist(us(3))}")
        print(f"  loop end 1st warp {dist(us(4))}")
        print(f"  loop end last warp {dist(us(5))}")
        print(f"  exit       {dist(us(6))}")
        # per-row pace: (loop end - first row) / (rows - 1)
        pace = [(r[5] - r[3]) / 1e3 / max(1, r[7] - 1) for r in c]
        print(f"  us/row after the first {dist(pace)}")
    for i, c in enumerate(calls(rows["TLF"])[1:]):
        base = min(r[2] for r in c)
        print(f"floor call {i}: {len(c)} CTAs")
        print(f"  entry      {dist([(r[2] - base) / 1e3 for r in c])}")
        print(f"  exit       {dist([(r[3] - base) / 1e3 for r in c])}")
    sys.exit(proc.returncode)

import torch  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands  # noqa: E402

m, k, l = (int(v) for v in sys.argv[1:4])
reps = int(sys.argv[4]) if len(sys.argv) > 4 else 3
act = sys.argv[5] if len(sys.argv) > 5 else "fp4"
ops.load()
a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
flusher = Flusher("write", "cuda")
sms = torch.cuda.get_device_properties(0).multi_processor_count
data = torch.empty(gemv_bytes(m, k, l, act_bytes_per_value=0.5 if act == "fp4" else 2), dtype=torch.uint8, device="cuda")
data.random_()
sink = torch.zeros(sms * 8, dtype=torch.int32, device="cuda")
for call in (lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out),
             lambda: torch.ops.nvfp4.stream_read(data, sink, sms, 512)):
    for rep in range(reps + 1):  # the first: warm-up
        flusher()
        torch.cuda.synchronize()
        call()
        torch.cuda.synchronize()
