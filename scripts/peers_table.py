"""The README's side-by-side table from one `nvfp4-gemv bench --peers --json` file.

  python scripts/peers_table.py docs/runs/runN/out/peers.json

One row per (shape, N): each implementation's median in us (a peer whose output failed the check:
"wrong (worst error / allowance)"; one that did not run: "error"), then humming's and cuBLAS bf16's
time over ours W4A16 on row-major weights (the layout a checkpoint arrives in). gemlite's columns
are printed only where some row of it ran. tests/test_docs.py holds the README's rows to this."""
import json
import sys

COLUMNS = ["ours W4A16", "ours W4A16 tiled", "ours W4A4 + act quant", "humming W4A16", "cuBLAS bf16",
           "dequant + matmul", "gemlite A16W4", "gemlite A4W4"]


def _cell(r: dict | None) -> str:
    if r is None:
        return "-"
    if r["status"] == "ok":
        return f"{r['median_us']:.1f}"
    if r["status"].startswith("wrong"):
        return f"wrong ({r['worst_error_ratio']:.2f}x)"
    return "error"


def rows(report: dict) -> list[str]:
    by_key: dict[tuple, dict[str, dict]] = {}
    for r in report["results"]:
        by_key.setdefault((tuple(r["shape"]), r["n"]), {})[r["peer"]] = r
    ran = [c for c in COLUMNS if any(v.get(c, {}).get("status") == "ok" for v in by_key.values())]
    head = ["m,k (L = 1)", "N"] + [f"{c} us" for c in ran] + ["humming / ours", "cuBLAS / ours"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (shape, n), peers in by_key.items():
        ours = peers.get("ours W4A16", {})
        ratios = []
        for other in ("humming W4A16", "cuBLAS bf16"):
            o = peers.get(other, {})
            ok = o.get("status") == "ok" and ours.get("status") == "ok"
            ratios.append(f"{o['median_us'] / ours['median_us']:.2f}x" if ok else "-")
        cells = [f"{shape[0]},{shape[1]}", str(n)] + [_cell(peers.get(c)) for c in ran] + ratios
        out.append("| " + " | ".join(cells) + " |")
    return out


if __name__ == "__main__":
    report = json.load(open(sys.argv[1]))
    env = report["environment"]
    print(f"{env['gpu']}, {env['date']}, flush={report['flush']}, versions {report['versions']}")
    print("\n".join(rows(report)))
