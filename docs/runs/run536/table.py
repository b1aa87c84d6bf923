"""Run 536's (and 537's, 540's, 541's) sides.txt as one line per (shape, options, x): each side's
medians in run order (scripts/ab_shapes.py lines under "== SIDE OPTIONS" headers; where "-- shape
P,C|rule" lines precede them, as shape_side's calls in runs 539-541, the side is that shape:
"rule" or "forced P,C"), the floors apart."""
import collections
import re
import sys

times = collections.defaultdict(lambda: collections.defaultdict(list))
side, opts, shape_label = None, "", None
for line in open(sys.argv[1]):
    forced = re.match(r"-- shape (\S+)", line)
    if forced:
        shape_label = "rule" if forced.group(1) == "rule" else "forced " + forced.group(1)
        continue
    head = re.match(r"== (\S+) (.*) \(\d+s\)", line)
    if head:
        side, opts = shape_label or head.group(1), head.group(2).replace(" floors", "")
        continue
    if "|" not in line or side is None:
        continue
    fields = [f.strip() for f in line.split("|")]
    shape = fields[0]
    for f in fields[1:]:
        m = re.match(r"(fp16|bf16|fp4|floor) ([\d.]+)$", f)
        if m:
            times[(shape, opts, m.group(1))][side].append(m.group(2))
for (shape, opts, act), by_side in times.items():
    if act == "floor":
        print(f"{shape:24s} floor {'/'.join(next(iter(by_side.values())))}")
        continue
    cells = " | ".join(f"{s} {'/'.join(v)}" for s, v in by_side.items())
    print(f"{shape:24s} {opts:18s} {act:4s} | {cells}")
