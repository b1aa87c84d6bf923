"""Medians of several `nvfp4-gemv bench --json` files side by side, one column per file.

  python scripts/bench_table.py NAME=FILE.json [NAME=FILE.json ...]

Rows: the first file's results (shape, kind) with its stream floor; every file must come from the
same bench arguments. Last line: each file's geomean over the task's benchmark shapes."""
import json
import sys


def main(specs: list[str]) -> None:
    names = [s.split("=", 1)[0] for s in specs]
    reps = {n: json.load(open(s.split("=", 1)[1])) for n, s in zip(names, specs)}
    first = reps[names[0]]["results"]
    print(f"{'shape':>22} {'kind':>16} {'floor':>7} " + " ".join(f"{n:>9}" for n in names))
    for i, r in enumerate(first):
        cells = [reps[n]["results"][i]["gemv"]["median_us"] for n in names]
        print(f"{'x'.join(map(str, r['shape'])):>22} {r['kind']:>16} {r['floor']['median_us']:7.1f} "
              + " ".join(f"{c:9.1f}" for c in cells))
    print("geomean (task shapes): " + "  ".join(f"{n} {reps[n]['geomean_us']:.1f}" for n in names))


if __name__ == "__main__":
    main(sys.argv[1:])
