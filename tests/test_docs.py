"""The README's performance numbers are the recorded run's.

The README's Performance section names the run its tables come from (`python
scripts/current_tables.py docs/runs/runN`, or `runN/out` where the run keeps its output there);
BENCHMARKS.md's "Current" heading names the same run. From that run's bench JSON, current_tables
prints every table: the README's layer and column rows must stand there as written, and its task
rows' medians, bandwidths, floors, ratios and baselines must be that run's. A number edited by hand,
or a new run written into one file and not the other, fails here. And every repository path the
README names exists. CPU only: the run's files are in the repository.
"""

import importlib.util
import json
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _section(text: str, heading: str) -> str:
    start = text.index(f"\n## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def _script(name: str):
    """scripts/NAME.py as a module (the scripts the docs' tables come from)."""
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cells(row: str) -> list[str]:
    return [c.strip() for c in row.strip().strip("|").split("|")]


@pytest.fixture(scope="module")
def performance():
    readme = (ROOT / "README.md").read_text()
    section = _section(readme, "Performance")
    named = re.findall(r"python scripts/current_tables\.py (docs/runs/run(\d+)(?:/out)?)", section)
    assert len(named) == 1, f"the README's Performance section names {len(named)} runs: {named}"
    run_dir, run = named[0]
    return section, run, _script("current_tables").tables(str(ROOT / run_dir))


def test_benchmarks_current_names_the_readmes_run(performance):
    _, run, _ = performance
    heading = re.search(r"^## Current \(run (\d+),", (ROOT / "BENCHMARKS.md").read_text(), re.M)
    assert heading and heading.group(1) == run, (heading and heading.group(0), run)


def test_readme_layer_and_column_rows_are_the_runs(performance):
    section, _, lines = performance
    rows = [r for r in section.splitlines() if re.match(r"\| (\d+,\d+ \||W4A)", r)]
    assert len(rows) >= 12, rows  # 8 layers, 4 column rows
    missing = [r for r in rows if r not in lines]
    assert not missing, missing


def test_readme_task_rows_are_the_runs(performance):
    """README columns: shape, task us, tiled us, TB/s, %SOL, floor, "task ratio, tiled ratio",
    cuBLAS, start port; current_tables' first table: shape, MB, "us +- spread", TB/s, %SOL, floor,
    ratio, cuBLAS, vs cuBLAS, start port, ..."""
    section, _, lines = performance
    runs = {_cells(r)[0]: _cells(r) for r in lines[2:5]}
    rows = [_cells(r) for r in section.splitlines() if re.match(r"\| \d+,\d+,\d+ \|", r)]
    assert [r[0] for r in rows] == list(runs), rows
    for shape, us, _tiled, tbs, sol, floor, ratios, cublas, port in rows:
        ran = runs[shape]
        assert (us, tbs, sol, floor, ratios.split(",")[0], cublas, port) == (
            ran[2].split(" +- ")[0], ran[3], ran[4], ran[5], ran[6], ran[7], ran[9]), shape


def test_readme_geomeans_are_the_runs(performance):
    section, _, lines = performance
    summary = next(line for line in lines if line.startswith("geomean: "))
    pattern = r"geomean: task rows ([\d.]+) us \(tiled ([\d.]+)\), read flush ([\d.]+)"
    task, tiled, read = re.match(pattern, summary).groups()
    assert f"Geomean {task} us through the task's `custom_kernel`" in section, task
    assert f"{tiled} with tiled" in " ".join(section.split()), tiled
    assert f"geomean {read}." in " ".join(section.split()), read


def test_benchmarks_current_tables_are_the_runs(performance):
    """BENCHMARKS.md's "Current" section is current_tables' output: every data row as printed."""
    _, _, lines = performance
    text = (ROOT / "BENCHMARKS.md").read_text()
    start = re.search(r"^## Current \(run \d+,", text, re.M).start()
    current = text[start:text.index("\n## ", start + 1)]
    headers = ("| shape", "| m,k", "| 7168x16384, N")
    rows = [r for r in current.splitlines() if r.startswith("| ") and not r.startswith(headers)]
    assert len(rows) >= 21, rows  # 3 task rows, 6 read-flush rows, 8 layers, 4 column rows
    missing = [r for r in rows if r not in lines]
    assert not missing, missing


def test_readme_side_by_side_rows_are_the_runs():
    """The Side by side table is scripts/peers_table.py's output for the peers JSON it names."""
    section = _section((ROOT / "README.md").read_text(), "Side by side")
    named = re.findall(r"python scripts/peers_table\.py (docs/runs/run\d+/out/peers\.json)", section)
    assert len(named) == 1, named
    lines = _script("peers_table").rows(json.loads((ROOT / named[0]).read_text()))
    rows = [r for r in section.splitlines() if r.startswith("| ")]
    assert len(rows) >= 12 and rows == [r for r in lines if r.startswith("| ")], (rows, lines)


def test_every_path_the_readme_names_exists():
    """Each repository path in the README (src/, scripts/, tests/, docs/, peers/; {a,b} expanded, *
    as a glob) is there: a file moved or renamed without its mention fails here."""
    readme = (ROOT / "README.md").read_text()
    missing = []
    for path in set(re.findall(r"(?:src|scripts|tests|docs|peers)/[A-Za-z0-9_./{},*-]+", readme)):
        path = path.rstrip(".,")
        braces = re.match(r"(.*)\{(.*)\}(.*)", path)
        expanded = [braces.group(1) + o + braces.group(3) for o in braces.group(2).split(",")] if braces else [path]
        missing += [each for each in expanded if not list(ROOT.glob(each))]
    assert not missing, missing
