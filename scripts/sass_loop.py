"""Counts the SASS of a kernel's hot loop: the shortest backward branch whose body holds HMMA.

Usage:
  nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -cubin -o k.cubin src/nvfp4_gemv/csrc/gemv_kernels.cu
  cuobjdump -sass -fun '<mangled kernel name>' k.cubin > k.sass     (names: cuobjdump -sass k.cubin | grep Function)
  python scripts/sass_loop.py k.sass
Prints the loop's address range, its instruction count and HMMA count, and the opcode histogram
(predicates stripped, modifiers dropped). The N <= 8 kernel's loop body holds 4 items of 8 HMMA
each: instructions per item = count / 4.
"""
import collections
import re
import sys


def main(path: str) -> None:
    ins = []
    for line in open(path).read().splitlines():
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s*(.*?);", line)
        if m:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    index = {a: i for i, (a, _) in enumerate(ins)}
    best = None
    for i, (a, text) in enumerate(ins):
        if "BRA" not in text:
            continue
        target = re.search(r"0x([0-9a-f]+)", text.split("BRA")[1])
        if not target:
            continue
        t = int(target.group(1), 16)
        if t < a and t in index:
            body = ins[index[t]:i + 1]
            if any("HMMA" in x for _, x in body) and (best is None or len(body) < len(best[2])):
                best = (t, a, body)
    if best is None:
        sys.exit("no backward branch around HMMA found")
    start, end, body = best
    ops = collections.Counter(re.sub(r"^@!?U?P\w+\s+", "", x).split()[0].split(".")[0] for _, x in body)
    print(f"loop {start:x}-{end:x}: {len(body)} instructions, {ops['HMMA']} HMMA")
    print(" ".join(f"{k}:{v}" for k, v in ops.most_common()))


if __name__ == "__main__":
    main(sys.argv[1])
