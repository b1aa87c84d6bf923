"""Compares the hot loops of the kernels two builds share, before a GPU sees them.

Changes outside a hot loop (a kernel parameter, a prologue without divisions) moved ptxas's
placement of the sweeps' loads by ~100 instructions and cost the lm_head 1.6-8.5 us (BENCHMARKS.md
items 148 and 150). Per kernel whose name matches the pattern (default: the sweeps, SWEEPS), this
prints the instructions before the hot loop, the loop's length, whether the loop is the same SASS
up to register names and immediates, the 16-byte loads' lag in the loop (positions between the
last read of a load's destination registers and the load; sass_loop.load_lags), summed, and the
earliest first read of any global load's registers after the load (sass_loop.first_reads, around
the loop): a load read soon after its issue is a wait there (item 154: 16-bit scale registers
converted right after their loads, 26-104 instructions, cost the sweeps 1-2.5 us); and how many
special-register reads (S2R, S2UR) the loop holds: NVVM may re-read threadIdx.x where it is used,
inside a hot loop too, and the 2 x 8 row sweep's loads were issued later with it there (item 285).

Usage:
  python scripts/sass_compare.py BASE.cubin NEW.cubin [name regex]     (needs cuobjdump)
Kernels are matched by name up to their parameter list, so a changed signature still pairs up.
"""
import os
import re
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_loop  # noqa: E402


def kernel_key(mangled: str) -> str:
    """The mangled name up to its parameter list (the first "Ev": a void function's return type
    after the template arguments)."""
    return mangled.split("Ev", 1)[0]


def split_functions(sass: str) -> dict:
    """cuobjdump -sass text of a whole cubin as {mangled name: that function's SASS text}."""
    parts = re.split(r"^\s*Function : (\S+)\s*$", sass, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2]))


def normalized(text: str) -> str:
    """One instruction without its register names and immediates (a renaming keeps the loop)."""
    return re.sub(r"0x[0-9a-f]+|\bU?R\d+\b|\bU?P\d\b", "_", text)


def loop_summary(function_sass: str):
    """(instructions before the hot loop, its normalized instructions, summed lag of its 16-byte
    loads, the earliest first read of a global load's registers or None, its reads of special
    registers: S2R / S2UR, e.g. the thread index) of one function, or None without a hot loop."""
    ins = sass_loop.parse(function_sass)
    loop = sass_loop.hot_loop(ins) if ins else None
    if loop is None:
        return None
    body = ins[loop[0]:loop[1] + 1]
    lag = sum(j - last for j, text, last in sass_loop.load_lags(body) if ".128" in text and last is not None)
    reads = [d for _, _, d in sass_loop.first_reads(body) if d is not None]
    special = sum(re.search(r"\bS2U?R\b", text) is not None for _, text in body)
    return loop[0], [normalized(text) for _, text in body], lag, min(reads, default=None), special


# The kernels with a hot loop over a register window of loads: the row sweeps, the tile sweep and the
# band sweep (band16_kernel).
SWEEPS = "sweep|band16"


def compare(base_sass: str, new_sass: str, pattern: str = SWEEPS) -> list:
    """One line per kernel of base_sass whose name matches pattern and has a hot loop."""
    new = {kernel_key(name): text for name, text in split_functions(new_sass).items()}
    lines = []
    for name, text in sorted(split_functions(base_sass).items()):
        if not re.search(pattern, name):
            continue
        a = loop_summary(text)
        if a is None:
            continue
        key = kernel_key(name)
        b = loop_summary(new[key]) if key in new else None
        if b is None:
            lines.append(f"{key}: missing in the new build (or no hot loop)")
            continue
        same = "same" if a[1] == b[1] else "differs"
        lines.append(f"{key}: before the loop {a[0]} -> {b[0]}, loop {len(a[1])} -> {len(b[1])} "
                     f"({same}), 16-byte loads' lag {a[2]} -> {b[2]}, first read {a[3]} -> {b[3]}, "
                     f"S2R {a[4]} -> {b[4]}")
    return lines


def cuobjdump_sass(cubin: str) -> str:
    tool = shutil.which("cuobjdump")
    if tool is None:
        sys.exit("cuobjdump not found (pip install nvidia-cuda-cuobjdump, then put its bin on PATH)")
    return subprocess.run([tool, "-sass", cubin], capture_output=True, text=True, check=True).stdout


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    base, new = cuobjdump_sass(sys.argv[1]), cuobjdump_sass(sys.argv[2])
    print("\n".join(compare(base, new, sys.argv[3] if len(sys.argv) > 3 else SWEEPS)))
