"""The diagnostic scripts that read profiler output, on recorded output (no GPU): their numbers go
into BENCHMARKS.md, so a parser that silently finds the wrong loop would mislead.
scripts/ncu_source_stalls.py on run 131's ncu source page (the tiled kernel on 7168x16384, gzipped
CSV): BENCHMARKS.md item 92 quotes this summary."""

import importlib.util
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load(name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(ROOT, "scripts", f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_ncu_source_stalls_finds_the_hot_loop_and_its_waits(capsys):
    _load("ncu_source_stalls").main(os.path.join(ROOT, "docs", "runs", "run131", "kernel_source.csv.gz"), 3)
    out = capsys.readouterr().out.splitlines()
    assert "kernel: 19743 samples" in out
    # The loop sass_loop.py finds in the same build (627 SASS, 32 HMMA), and its share of the samples.
    assert "hot loop: 627 instructions at +0xa1e0" in out
    assert "hot loop: 12056 samples (61.1% of the kernel's)" in out
    top = out[out.index("top 3 instructions of the loop (position, samples, SASS, largest reasons):") + 1:]
    # The three waits on loads: item 0's scale pack at the loop's end and its weight word at the top.
    assert top[0].split()[:2] == ["614", "1696"] and "long_sb 1670" in top[0]
    assert top[1].split()[:2] == ["1", "1375"] and "long_sb 1369" in top[1]
    assert top[2].split()[:2] == ["616", "461"]
