"""Finds hot-loop instructions that wait for global loads issued earlier in the same pass, which
they do not read: the wait they were given is for an older load, but its scoreboard is shared.

On sm_90 a variable-latency instruction (LDG, LDS, ...) sets one of six scoreboards (SB0-SB5) when
its result is due, and a later instruction that needs the result waits for that scoreboard: for
every instruction that set it since the last wait, not only the one it reads. So if ptxas places
an instruction that reads a load of the previous pass after this pass's loads on the same
scoreboard, the warp waits there for the loads it has just issued: a whole memory latency a pass,
with nothing of its own in flight (BENCHMARKS.md item 313: the tile sweep's bf16 kernel stored the
previous tile's scales after issuing the next tile's loads, and lost ~0.5 us a tile).

The control bits read here (bits 105-125 of each 128-bit sm_90 instruction, the second word that
cuobjdump prints): stall (4), yield (1), write scoreboard (3, 7 = none), read scoreboard (3),
wait mask (6), reuse (4).

Usage:
  cuobjdump -sass k.cubin > k.sass        (or cuobjdump -sass -fun '<mangled name>' k.cubin)
  python scripts/sass_scoreboards.py k.sass [NAME_REGEX]
Prints, for each function whose hot loop (sass_loop.hot_loop) has such waits, the waiting
instruction, the scoreboard and the loads of the pass it waits for.
"""
import re
import sys

import sass_compare
import sass_loop


def parse_with_control(sass: str):
    """cuobjdump -sass text of one function as (address, SASS text, write scoreboard, read
    scoreboard, wait mask) in address order; scoreboard 7 is none."""
    lines = sass.splitlines()
    out = []
    for first, second in zip(lines, lines[1:]):
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s*(.*?);\s*/\* 0x[0-9a-f]{16} \*/", first)
        hi = re.search(r"^\s*/\* (0x[0-9a-f]{16}) \*/", second)
        if m and hi:
            control = int(hi.group(1), 16) >> 41
            out.append((int(m.group(1), 16), m.group(2).strip(), (control >> 5) & 7, (control >> 8) & 7,
                        (control >> 11) & 63))
    return out


def _reads(text: str) -> set:
    """The registers one instruction reads (a 128-bit store's four)."""
    _, sources = sass_loop._operands(text)
    regs = {int(r) for r in re.findall(r"\bR(\d+)\b", sources)}
    store = re.match(r"(?:@!?U?P\w+\s+)?ST\S*\.128\s", text)
    if store:
        data = re.findall(r"\bR(\d+)\b", sources.rsplit(",", 1)[-1])
        if data:
            regs |= set(range(int(data[0]), int(data[0]) + 4))
    return regs


def early_waits(function_sass: str):
    """[(position in the hot loop, SASS text, scoreboard, [(position, SASS text) of the pass's
    global loads it waits for])] of one function: instructions that wait on a scoreboard set by
    global loads issued earlier in the same pass (since the scoreboard's last wait), none of whose
    registers they read. None without a hot loop."""
    ins = parse_with_control(function_sass)
    loop = sass_loop.hot_loop([(a, t) for a, t, *_ in ins])
    if loop is None:
        return None
    body = ins[loop[0]:loop[1] + 1]
    pending = {sb: [] for sb in range(6)}  # global loads of this pass per scoreboard, not yet waited for
    found = []
    for j, (_, text, write_sb, _, wait) in enumerate(body):
        reads = _reads(text) if wait else set()
        for sb in range(6):
            if wait >> sb & 1:
                if pending[sb] and not any(regs & reads for _, _, regs in pending[sb]):
                    found.append((j, text, sb, [(k, t) for k, t, _ in pending[sb]]))
                pending[sb] = []
        m = re.search(r"\bLDG(\S*)\s+R(\d+)", text)
        if m and write_sb != 7:
            width = 4 if ".128" in m.group(1) else 2 if ".64" in m.group(1) else 1
            pending[write_sb].append((j, text, set(range(int(m.group(2)), int(m.group(2)) + width))))
    return found


def main(path: str, pattern: str = "") -> None:
    functions = sass_compare.split_functions(open(path).read())
    if not functions:  # one function's dump (cuobjdump -fun)
        functions = {path: open(path).read()}
    for name, text in sorted(functions.items()):
        found = early_waits(text) if re.search(pattern, name) else None
        if found:
            print(f"{name}:")
            for j, waiting, sb, loads in found:
                issued = ", ".join(f"{k}: {t[:48]}" for k, t in loads[:4])
                print(f"  {j:4d}  {waiting[:56]:56s}  waits SB{sb} for loads of this pass at {issued}")


if __name__ == "__main__":
    main(*sys.argv[1:3])
