"""Where the warps stall, per SASS instruction, from an ncu source-page CSV (PC sampling).

Usage (the CSV from scripts/ncu_source.sh, or by hand:
  ncu -k regex:gemv_kernel -s 2 -c 1 --section SourceCounters --section WarpStateStats \
      --warp-sampling-interval 0 -o rep python3 scripts/profile_case.py 7168 16384 1 1 fp4 tiled
  ncu -i rep.ncu-rep --page source --csv --print-source sass > source.csv):

  python scripts/ncu_source_stalls.py source.csv[.gz] [top]

Prints the kernel's samples by stall reason, then the same for its hot loop (the shortest
backward branch whose body holds HMMA, as scripts/sass_loop.py finds it), then the `top` (default
20) instructions of the loop with the most samples: position in the loop, samples, SASS, their
three largest reasons. Samples are per warp: a loop whose warps are "selected" a fraction f of
their samples, with W warps per scheduler, issues on about W f of the scheduler's cycles.
"""
import collections
import csv
import gzip
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_loop import hot_loop  # noqa: E402  (the same loop scripts/sass_loop.py counts)

ALL = "Warp Stall Sampling (All Samples)"


def count(text: str) -> int:
    text = text.replace(",", "").strip()
    return int(text) if text.isdigit() else 0


def main(path: str, top: int = 20) -> None:
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        rows = list(csv.reader(f))
    head = next(i for i, r in enumerate(rows) if r and r[0] == "Address")
    header = rows[head]
    col = {h: i for i, h in enumerate(header)}
    reasons = [h for h in header if h.startswith("stall_") and "Not Issued" not in h]
    ins = [(int(r[0], 16), r[1].strip(), r) for r in rows[head + 1:] if len(r) >= len(header)]
    base = ins[0][0]

    def by_reason(block):
        c = collections.Counter()
        for _, _, r in block:
            for h in reasons:
                c[h[len("stall_"):]] += count(r[col[h]])
        return c

    def show(title, c, of=None):
        total = sum(c.values())
        share = f" ({100 * total / of:.1f}% of the kernel's)" if of else ""
        print(f"{title}: {total} samples{share}")
        for name, v in c.most_common(8):
            print(f"  {name:20s} {v:8d} {100 * v / max(total, 1):5.1f}%")
        return total

    kernel_total = show("kernel", by_reason(ins))
    found = hot_loop(ins)
    if found is None:
        print("no loop with HMMA found")
        return
    loop = ins[found[0]:found[1] + 1]
    print(f"hot loop: {len(loop)} instructions at +{loop[0][0] - base:#x}")
    show("hot loop", by_reason(loop), kernel_total)
    print(f"top {top} instructions of the loop (position, samples, SASS, largest reasons):")
    for pos, (_, text, r) in sorted(enumerate(loop), key=lambda x: -count(x[1][2][col[ALL]]))[:top]:
        largest = sorted(((count(r[col[h]]), h[len("stall_"):]) for h in reasons), reverse=True)[:3]
        print(f"  {pos:4d} {count(r[col[ALL]]):6d}  {text[:58]:58s} "
              + ", ".join(f"{name} {v}" for v, name in largest if v))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20)
