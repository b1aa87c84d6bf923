"""Where a kind's time over its stream floor goes, fixed against per byte: a least-squares line
through (bytes, GEMV us - floor us) over every L = 1 shape of that kind in a bench JSON file
(`nvfp4-gemv bench --all` or `--columns` writes one), beside the same line through the floor's own
times. The line's intercept is what the GEMV pays once a call (launch, prologue, the last rows'
work and the epilogue, as far as the floor does not pay them too); its slope, in us per GB, what it
pays per byte, and that slope over the floor's is the rate it falls short by.

  python scripts/gap_fit.py FILE.json [KIND ...]   (default kinds: "W4A4 N=1", "W4A16 bf16 N=1")

Prints one line per kind (the fit), then each shape's bytes, gap and the fit's gap there. Duplicate
shapes (the task's row and the layer's, say) count once: the first row of each."""
import json
import statistics
import sys

DEFAULT_KINDS = ("W4A4 N=1", "W4A16 bf16 N=1")


def kind_rows(results, kind):
    """[(shape, MB, GEMV us, floor us)] of the L = 1 rows of `kind`, each shape once."""
    rows, seen = [], set()
    for r in results:
        shape = tuple(r["shape"])
        if r["kind"] != kind or shape[2] != 1 or shape in seen:
            continue
        seen.add(shape)
        rows.append((shape, r["bytes"] / 1e6, r["gemv"]["median_us"], r["floor"]["median_us"]))
    return sorted(rows, key=lambda row: row[1])


def report(results, kinds=DEFAULT_KINDS) -> list[str]:
    lines = []
    for kind in kinds:
        rows = kind_rows(results, kind)
        if len(rows) < 3:
            lines.append(f"{kind}: {len(rows)} L = 1 shapes, too few to fit")
            continue
        mbs = [mb for _, mb, _, _ in rows]
        per_mb, fixed = statistics.linear_regression(mbs, [gemv - floor for _, _, gemv, floor in rows])
        floor_per_mb, floor_fixed = statistics.linear_regression(mbs, [floor for _, _, _, floor in rows])
        lines.append(f"{kind}: GEMV - floor = {fixed:.2f} us + {1000 * per_mb:.1f} us/GB; floor = "
                     f"{floor_fixed:.2f} us + {1000 * floor_per_mb:.1f} us/GB; per byte "
                     f"{100 * per_mb / floor_per_mb:.1f}% over the floor ({len(rows)} shapes)")
        for shape, mb, gemv, floor in rows:
            lines.append(f"  {shape[0]}x{shape[1]}: {mb:.1f} MB, gap {gemv - floor:.2f} us, fit "
                         f"{fixed + per_mb * mb:.2f}")
    return lines


def main(argv):
    if not argv:
        print(__doc__)
        return 2
    with open(argv[0]) as f:
        results = json.load(f)["results"]
    print("\n".join(report(results, argv[1:] or DEFAULT_KINDS)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
