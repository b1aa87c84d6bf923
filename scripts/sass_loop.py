"""Counts the SASS of a kernel's hot loop: the shortest backward branch whose body holds an mma
(HMMA; for the W4A4 integer item a u8 x s8 dp4a, IDP.4A.U8.S8; IMMA for that item's earlier mma form).

Usage:
  nvcc -O3 -std=c++17 -gencode=arch=compute_90a,code=sm_90a -cubin -o k.cubin src/nvfp4_gemv/csrc/gemv_kernels.cu
  cuobjdump -sass -fun '<mangled kernel name>' k.cubin > k.sass     (names: cuobjdump -sass k.cubin | grep Function)
  python scripts/sass_loop.py k.sass
Prints the loop's address range, its instruction count and mma count, and the opcode histogram
(predicates stripped, modifiers dropped). The N <= 8 kernel's loop body holds 4 items of 8 HMMA
(or 16 IDP.4A.U8.S8) each: instructions per item = count / 4.

  python scripts/sass_loop.py k.sass --loads
also lists each global load in the loop with its position and the position, earlier in the loop,
of the last instruction that reads any of its destination registers: how long the registers sat
free before ptxas issued the load (a measure of lookahead lost to scheduling); and how many
instructions later (around the loop) its registers are first read: where the warp first waits
for it. A load read a few instructions after it is issued makes the warp wait for the whole
memory latency there (BENCHMARKS.md item 154: 16-bit scale registers converted right after their
loads held 57% of the row sweep's stall samples).
"""
import collections
import re
import sys


def is_mma(text: str) -> bool:
    return "HMMA" in text or "IMMA" in text or "IDP.4A.U8.S8" in text


def hot_loop(ins):
    """The hot loop of a function's SASS: the shortest backward branch whose body holds an mma, as
    (first, last) indices into ins, a list of (address, SASS text, ...) in address order; branch
    targets may be absolute or offsets from ins[0]'s address (ncu prints the one, cuobjdump the
    other). None if there is no such loop."""
    base = ins[0][0]
    index = {}
    for i, (a, *_) in enumerate(ins):
        index[a] = index[a - base] = i
    best = None
    for i, (a, text, *_) in enumerate(ins):
        if "BRA" not in text:
            continue
        target = re.search(r"0x([0-9a-f]+)", text.split("BRA")[1])
        first = index.get(int(target.group(1), 16)) if target else None
        if first is not None and first < i and any(is_mma(x[1]) for x in ins[first:i + 1]) and (
                best is None or i - first < best[1] - best[0]):
            best = (first, i)
    return best


def parse(sass: str):
    """cuobjdump -sass text of one function as (address, SASS text) pairs in address order."""
    ins = []
    for line in sass.splitlines():
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s*(.*?);", line)
        if m:
            ins.append((int(m.group(1), 16), m.group(2).strip()))
    return ins


def main(path: str, loads: bool = False) -> None:
    ins = parse(open(path).read())
    loop = hot_loop(ins)
    if loop is None:
        sys.exit("no backward branch around an mma found")
    body = ins[loop[0]:loop[1] + 1]
    start, end = body[0][0], body[-1][0]
    ops = collections.Counter(re.sub(r"^@!?U?P\w+\s+", "", x).split()[0].split(".")[0] for _, x in body)
    print(f"loop {start:x}-{end:x}: {len(body)} instructions, {ops['HMMA'] + ops['IMMA']} mma, {ops['IDP']} dp4a")
    print(" ".join(f"{k}:{v}" for k, v in ops.most_common()))
    if loads:
        print_loads(body)


def _global_loads(body):
    """Each global load of a loop body as (position, SASS text, its destination registers)."""
    for j, (_, text) in enumerate(body):
        m = re.search(r"\bLDG(\S*)\s+R(\d+)", text)
        if m:
            width = 4 if ".128" in m.group(1) else 2 if ".64" in m.group(1) else 1
            yield j, text, [f"R{int(m.group(2)) + i}" for i in range(width)]


def _operands(text: str):
    """(destination, sources) register operands of one SASS instruction (predicate stripped);
    stores and branches have no destination."""
    text = re.sub(r"^@!?U?P\w+\s+", "", text)
    parts = text.split(None, 1)
    if len(parts) < 2:
        return None, ""
    if parts[0].startswith(("ST", "BRA", "RED", "ATOM")):
        return None, parts[1]
    dest, _, rest = parts[1].partition(",")
    return dest.strip(), rest


def load_lags(body):
    """Each global load of a loop body as (position, SASS text, position of the last earlier
    instruction that reads any of its destination registers, or None): how long the registers sat
    free before ptxas issued the load."""
    for j, text, regs in _global_loads(body):
        last = None
        for k in range(j - 1, -1, -1):
            _, sources = _operands(body[k][1])
            if any(re.search(rf"\b{r}\b", sources) for r in regs):
                last = k
                break
        yield j, text, last


def first_reads(body):
    """Each global load of a loop body as (position, SASS text, distance): how many instructions
    later, going around the loop, the first instruction that reads any of its destination
    registers sits (None if they are overwritten first, or never read)."""
    n = len(body)
    for j, text, regs in _global_loads(body):
        distance = None
        for k in range(1, n):
            dest, sources = _operands(body[(j + k) % n][1])
            if any(re.search(rf"\b{r}\b", sources) for r in regs):
                distance = k
                break
            if dest in regs and len(regs) == 1:
                break
        yield j, text, distance


def print_loads(body) -> None:
    mma = [j for j, (_, x) in enumerate(body) if is_mma(x)]
    print(f"mma at {mma}")
    first = {j: d for j, _, d in first_reads(body)}
    for j, text, last in load_lags(body):
        print(f"  {j:4d}  {text[:64]:64s}  registers last read at {last}, first read {first[j]} later")


if __name__ == "__main__":
    main(sys.argv[1], loads="--loads" in sys.argv[2:])
