"""BENCHMARKS.md's "Current" tables from one refresh run's bench JSON (the files a run like
docs/runs/run349/call.sh writes: bench_task_write.json from `bench --reps 30`, bench_read.json from
`--flush read --no-baselines`, bench_write.json from `--all`), so the section is printed, not typed.

  python scripts/current_tables.py docs/runs/run349

Prints: the task rows (write flush) against cuBLAS bf16 and the landscape's start-kernel-port and
best-peer figures; the read-flush rows; the model layers at N = 1 in both layouts and kinds; the
activation columns on 7168x16384; then the geomeans and W4A16 bf16 at L > 1."""
import json
import os
import sys

# ../shared/docs/landscape.md: the starting kernel ported to the H200, and the best peer per shape.
START_PORT_US = {(7168, 16384, 1): 52.7, (4096, 7168, 8): 98.9, (7168, 2048, 4): 29.5}
BEST_PEER_US = {(7168, 16384, 1): 33.6, (4096, 7168, 8): 118.5, (7168, 2048, 4): 39.7}
LAYERS = [(4096, 4096), (14336, 4096), (4096, 14336), (7168, 2048), (2048, 7168), (151936, 4096), (8192, 28672),
          (7168, 16384)]
LAYER_KINDS = ["W4A4 N=1", "W4A4 N=1 tiled", "W4A16 bf16 N=1", "W4A16 bf16 N=1 tiled"]
COLUMN_ROWS = [("W4A4 row-major us", "W4A4", ""), ("W4A4 tiled us", "W4A4", " tiled"),
               ("W4A16 bf16 row-major us", "W4A16 bf16", ""), ("W4A16 bf16 tiled us", "W4A16 bf16", " tiled")]


def _shape(r):
    return ",".join(map(str, r["shape"]))


def tables(run_dir: str) -> list[str]:
    def load(name):
        with open(os.path.join(run_dir, name)) as f:
            return json.load(f)

    task, read, everything = load("bench_task_write.json"), load("bench_read.json"), load("bench_write.json")
    out = ["| shape m,k,l | MB | GEMV us | TB/s | %SOL | floor us | GEMV/floor | cuBLAS bf16 us | vs cuBLAS | "
           "start kernel port us | vs start port | best peer us | vs best peer |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    cublas = {}
    for r in task["results"]:
        if r["kind"] != "W4A4 task":
            continue
        s, g = tuple(r["shape"]), r["gemv"]["median_us"]
        c = cublas[s] = r["baselines"]["cublas_bf16_bmm"]["median_us"]
        out.append(f"| {_shape(r)} | {r['bytes'] / 1e6:.1f} | {g:.1f} +- {r['gemv']['std_us']:.1f} | {r['tbps']:.2f} | "
                   f"{r['pct_sol']:.0f}% | {r['floor']['median_us']:.1f} | {r['gemv_over_floor']:.2f} | {c:.1f} | "
                   f"{c / g:.2f}x | {START_PORT_US[s]} | {START_PORT_US[s] / g:.2f}x | {BEST_PEER_US[s]} | "
                   f"{BEST_PEER_US[s] / g:.2f}x |")
    out += ["", "| shape m,k,l | kind | GEMV us | TB/s | %SOL | floor us | GEMV/floor | vs cuBLAS (write flush) | "
                "vs start port | vs best peer |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in read["results"]:
        s, g = tuple(r["shape"]), r["gemv"]["median_us"]
        out.append(f"| {_shape(r)} | {r['kind']} | {g:.1f} +- {r['gemv']['std_us']:.1f} | {r['tbps']:.2f} | "
                   f"{r['pct_sol']:.0f}% | {r['floor']['median_us']:.1f} | {r['gemv_over_floor']:.2f} | "
                   f"{cublas[s] / g:.2f}x | {START_PORT_US[s] / g:.2f}x | {BEST_PEER_US[s] / g:.2f}x |")
    rows = {(tuple(r["shape"]), r["kind"]): r for r in everything["results"]}
    out += ["", "| m,k (L = 1, N = 1) | W4A4 row-major us | /floor | W4A4 tiled | /floor | W4A16 bf16 row-major | "
                "/floor | bf16 tiled | /floor |", "|---|---|---|---|---|---|---|---|---|"]
    for m, k in LAYERS:
        cells = []
        for kind in LAYER_KINDS:
            r = rows[((m, k, 1), kind)]
            cells += [f"{r['gemv']['median_us']:.1f}", f"{r['gemv_over_floor']:.2f}"]
        out.append(f"| {m},{k} | " + " | ".join(cells) + " |")
    out += ["", "| 7168x16384, N | 1 | 2 | 4 | 8 | 16 | N=8 / N=1 |", "|---|---|---|---|---|---|---|"]
    for label, kind, layout in COLUMN_ROWS:
        t = [rows[((7168, 16384, 1), f"{kind} N={n}{layout}")]["gemv"]["median_us"] for n in (1, 2, 4, 8, 16)]
        out.append(f"| {label} | " + " | ".join(f"{x:.1f}" for x in t) + f" | {t[3] / t[0]:.2f} |")
    out += ["", f"geomean: task rows {task['geomean_us']:.2f} us (tiled {task['geomean_tiled_us']:.2f}), "
                f"read flush {read['geomean_us']:.2f} (tiled {read['geomean_tiled_us']:.2f}), "
                f"bench --all {everything['geomean_us']:.2f}; read bandwidth {task['read_bandwidth_tbps']:.2f} TB/s "
                f"(--all {everything['read_bandwidth_tbps']:.2f})"]
    for s in [(4096, 7168, 8), (7168, 2048, 4)]:
        r = rows[(s, "W4A16 bf16 N=1")]
        out.append(f"W4A16 bf16 {'x'.join(map(str, s))}: {r['gemv']['median_us']:.1f} us "
                   f"({r['gemv_over_floor']:.2f}x its floor)")
    return out


if __name__ == "__main__":
    print("\n".join(tables(sys.argv[1])))
