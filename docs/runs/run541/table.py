"""Run 541's shapes.txt as one line per (shape, x): the medians under the rule's shape and under the
forced one ("-- shape P,C" headers; scripts/ab_shapes.py lines), in run order, the kernel each
took (bf16 x's, the line's last call) and the floors apart."""
import collections
import re
import sys

times = collections.defaultdict(lambda: collections.defaultdict(list))
kernels = collections.defaultdict(set)
label = None
for line in open(sys.argv[1]):
    head = re.match(r"-- shape (\S+)", line)
    if head:
        label = "rule" if head.group(1) == "rule" else "forced " + head.group(1)
        continue
    if "|" not in line or label is None:
        continue
    fields = [f.strip() for f in line.split("|")]
    shape = fields[0]
    for f in fields[1:]:
        m = re.match(r"(fp16|bf16|fp4|floor) ([\d.]+)$", f)
        if m:
            times[(shape, m.group(1))][label].append(m.group(2))
        k = re.search(r"sweep8_kernel<(\d), (\d), (\d)", f)
        if k:
            kernels[(shape, label)].add("k%sp%sb%s" % k.groups())
for (shape, act), by_label in times.items():
    if act == "floor":
        print(f"{shape:20s} floor {'/'.join(by_label['rule'])}")
        continue
    cells = " | ".join(f"{s} {'/'.join(v)}" for s, v in by_label.items())
    bf16 = " ".join(f"{s}: {','.join(sorted(kernels[(shape, s)]))}" for s in by_label) if act == "bf16" else ""
    print(f"{shape:20s} {act:4s} | {cells} {bf16}")
