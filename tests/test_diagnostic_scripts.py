"""The diagnostic scripts that read profiler output, on recorded output (no GPU): their numbers go
into BENCHMARKS.md, so a parser that silently finds the wrong loop would mislead.
scripts/ncu_source_stalls.py on run 131's ncu source page (the tiled kernel on 7168x16384, gzipped
CSV): BENCHMARKS.md item 92 quotes this summary. scripts/sass_compare.py on hand-written SASS.
scripts/current_tables.py on run 349's bench JSON: BENCHMARKS.md's "Current" section is its output
for the latest refresh run (the one its heading names); run 349's files stay fixed, so the
expectations do.
scripts/ab_shapes.py's shape and column arguments (the A/B harness; its timing needs a GPU).
scripts/gap_fit.py on a line it must recover exactly, and on run 566's bench JSON (BENCHMARKS.md's
ninety-second log quotes its fit). scripts/warm_probe.py's case list (its timing needs a GPU)."""

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


def _function(name, body):
    """cuobjdump-style SASS of one function: a load, then `body` inside a loop closed by a
    backward branch to the loop's first instruction."""
    lines = [f"\tFunction : {name}", "        /*0000*/                   MOV R1, c[0x0][0x28] ;"]
    for i, text in enumerate(body + ["@P0 BRA 0x10"]):
        lines.append(f"        /*{16 * (i + 1):04x}*/                   {text} ;")
    return "\n".join(lines)


def test_sass_compare_pairs_kernels_by_name_and_reports_a_later_load():
    """sass_compare on two hand-written builds: a kernel whose signature changed still pairs up; a
    load issued 3 instructions later shows as a longer lag and a differing loop, and a thread-index
    read (S2R) moved into the loop is counted (a register zeroed by CS2R is not); a renamed register
    alone keeps the loop the same; a kernel missing from the new build is said to be.
    The load's registers are last read by the loop's first instruction (lag 2 where it follows
    the mma; 5 moved behind the loop's counter and the S2R), and read again 4 instructions after the
    load, around the loop (2 where the load comes last, before the branch)."""
    sass_compare = _load("sass_compare")
    compare = sass_compare.compare
    loop = ["LOP3.LUT R4, R8, 0xf, RZ, 0xc0, !PT", "HMMA.16816.F32 R12, R4, R6, R12",
            "LDG.E.128 R8, desc[UR4][R2.64]", "IADD3 R20, R20, 0x1, RZ", "ISETP.GE.AND P0, PT, R20, R21, PT"]
    late = loop[:2] + loop[3:] + [loop[2]]
    late.insert(4, "S2R R7, SR_TID.X")
    renamed = [text.replace("R20", "R22") for text in loop]
    base = "\n".join([_function("_ZN1k1aILi1EEEvi", loop), _function("_ZN1k1bILi1EEEvi", loop),
                      _function("_ZN1k1cILi1EEEvi", loop)])
    new = "\n".join([_function("_ZN1k1aILi1EEEvif", late), _function("_ZN1k1bILi1EEEvi", renamed)])
    lines = compare(base, new, "k1")
    assert lines == [
        "_ZN1k1aILi1EE: before the loop 1 -> 1, loop 6 -> 7 (differs), 16-byte loads' lag 2 -> 5, "
        "first read 4 -> 2, S2R 0 -> 1",
        "_ZN1k1bILi1EE: before the loop 1 -> 1, loop 6 -> 6 (same), 16-byte loads' lag 2 -> 2, "
        "first read 4 -> 4, S2R 0 -> 0",
        "_ZN1k1cILi1EE: missing in the new build (or no hot loop)",
    ], lines
    zeroed = sass_compare.loop_summary(_function("_ZN1k1dILi1EEEvi", loop[:3] + ["CS2R R10, SRZ"] + loop[3:]))
    assert zeroed[4] == 0, zeroed


def test_sass_loop_first_reads_goes_around_the_loop():
    """sass_loop.first_reads on a hand-written loop: a 16-byte load read by the loop's first
    instruction (6 instructions later, around the loop's branch), a 16-bit scale load read by the very
    next instruction (the pattern of BENCHMARKS.md item 154), a load read through its register
    pair's second half, and a load whose register is overwritten before any read (None)."""
    sass_loop = _load("sass_loop")
    body = ["LOP3.LUT R4, R8, 0xf, RZ, 0xc0, !PT",                 # 0: reads R8 (load at 4)
            "IDP.4A.U8.S8 R12, R4, R9, R12",                       # 1
            "@P1 LDG.E.NA.U16.CONSTANT R30, desc[UR6][R2.64]",     # 2
            "LOP3.LUT R31, R30, 0xffff, RZ, 0xc0, !PT",            # 3: reads R30 at once
            "@P0 LDG.E.NA.128.CONSTANT R8, desc[UR6][R20.64]",     # 4
            "LDG.E.64 R16, desc[UR6][R22.64]",                     # 5: R16, R17
            "FADD R13, R17, R12",                                  # 6: reads R17
            "LDG.E R40, desc[UR6][R24.64]",                        # 7
            "MOV R40, RZ",                                         # 8: overwrites R40 unread
            "@P0 BRA 0x10"]
    ins = [(16 * i, text) for i, text in enumerate(body)]
    got = [(j, d) for j, _, d in sass_loop.first_reads(ins)]
    assert got == [(2, 1), (4, 6), (5, 1), (7, None)], got


def test_sweep_timeline_groups_calls_and_drops_the_warm_up():
    """sweep_timeline on hand-written printf lines: two W4A4 calls 1 ms apart after a warm-up, the
    second with row 0 / x landing stamps on only some CTAs (then not printed), and floor lines with
    and without the first-loads stamp; stamps in us from each call's first entry."""
    tl = _load("sweep_timeline")
    us = 1000
    warm = [f"TLG {b} 0 {b * us} {(b + 3) * us} {(b + 9) * us} {(b + 10) * us} {(b + 11) * us} 5" for b in range(3)]
    t0 = 10 * us * us  # 10 ms later
    call0 = [f"TLG {b} {b} {t0 + 200 * b} {t0 + 3000 + 200 * b} {t0 + 15000} {t0 + 17000 + 1000 * b} "
             f"{t0 + 17500 + 1000 * b} 9 {t0 + 1000} {t0 + 2500}" for b in range(4)]
    t1 = t0 + 1000 * us
    call1 = [f"TLG 0 0 {t1} {t1 + 4000} {t1 + 16000} {t1 + 20000} {t1 + 21000} 9",
             f"TLG 1 1 {t1 + 200} {t1 + 5000} {t1 + 16000} {t1 + 22000} {t1 + 23000} 9 {t1 + 900} {t1 + 3000}"]
    floor = [f"TLF 0 0 {t0} {t0 + 9000} {t0 + 3000}", f"TLF 0 0 {t1} {t1 + 8000}", f"TLF 1 1 {t1} {t1 + 9000}"]
    rows = tl.parse(warm + call1 + ["noise line"] + call0 + floor)
    assert [len(c) for c in tl.calls(rows["TLG"])] == [3, 4, 2]
    out = tl.summary(rows)
    assert out[0] == "gemv call 0: 4 CTAs, rows a CTA [9]"
    assert out[1] == "  entry                       0.0   0.0   0.3   0.6   0.6"
    assert out[2] == "  row 0 landed                1.0   1.0   1.0   1.0   1.0"
    assert out[3] == "  x landed, decoded           2.5   2.5   2.5   2.5   2.5"
    assert out[4] == "  first row                   3.0   3.0   3.3   3.6   3.6"
    assert out[6] == "  loop end last warp         17.0  17.0  18.5  20.0  20.0"
    # (loop end last warp - first row) / 8 rows: (14 + 0.8 b) us / 8 for CTA b.
    assert out[8] == "  us a row after the first   1.75  1.75  1.90  2.05  2.05"
    assert out[9] == "gemv call 1: 2 CTAs, rows a CTA [9]"
    assert not any("landed" in line for line in out[10:15])
    # The floor: its first call (10 ms before the next) is the warm-up; the second lacks one stamp.
    assert out[-3:] == ["floor call 0: 2 CTAs", "  entry                       0.0   0.0   0.0   0.0   0.0",
                        "  exit                        8.0   8.0   8.5   9.0   9.0"]


def test_current_tables_prints_the_recorded_run():
    """Run 349's JSON (docs/runs/run349) gives the rows BENCHMARKS.md's "Current" section shows:
    the task rows' medians, floors and ratios against cuBLAS and the landscape's figures, the read
    flush, the layers, the columns' N = 8 / N = 1 and the geomeans."""
    lines = _load("current_tables").tables(os.path.join(ROOT, "docs", "runs", "run349"))
    assert lines[2] == ("| 7168,16384,1 | 66.1 | 23.7 +- 0.4 | 2.79 | 67% | 21.2 | 1.12 | 70.3 | 2.96x | 52.7 | "
                        "2.22x | 33.6 | 1.42x |")
    assert "| 4096,7168,8 | W4A4 task | 38.3 +- 0.7 | 3.46 | 82% | 34.2 | 1.12 | 3.14x | 2.59x | 3.10x |" in lines
    assert "| 151936,4096 | 95.2 | 1.06 | 96.8 | 1.07 | 98.7 | 1.10 | 98.7 | 1.10 |" in lines
    assert "| W4A16 bf16 row-major us | 25.4 | 28.3 | 30.8 | 31.5 | 35.4 | 1.24 |" in lines
    assert lines[-3].startswith("geomean: task rows 24.61 us (tiled 26.14), read flush 22.15")


def _bench_row(m, k, kind, gemv_us, floor_us):
    return {"shape": [m, k, 1], "kind": kind, "bytes": m * k * 9 // 16,
            "gemv": {"median_us": gemv_us}, "floor": {"median_us": floor_us}}


def test_gap_fit_recovers_a_line_and_counts_each_shape_once():
    """Gaps made as 1 us + 10 us/GB over a floor of 5 us + 240 us/GB come back as that line; a
    second row of a shape (the task's and the layer's) and other kinds are left out; fewer than 3
    shapes are reported, not fitted."""
    fit = _load("gap_fit")
    results = []
    for m, k in [(4096, 4096), (14336, 4096), (7168, 16384), (151936, 4096)]:
        mb = m * k * 9 // 16 / 1e6
        floor = 5 + 0.24 * mb
        results.append(_bench_row(m, k, "W4A4 N=1", floor + 1 + 0.01 * mb, floor))
    results.append(_bench_row(4096, 4096, "W4A4 N=1", 99.0, 1.0))  # a second row of a shape: ignored
    results.append(_bench_row(2048, 7168, "W4A4 N=1 tiled", 99.0, 1.0))  # another kind
    lines = fit.report(results, ["W4A4 N=1", "W4A4 N=1 tiled"])
    assert lines[0] == ("W4A4 N=1: GEMV - floor = 1.00 us + 10.0 us/GB; floor = 5.00 us + 240.0 us/GB; "
                        "per byte 4.2% over the floor (4 shapes)")
    assert lines[1] == "  4096x4096: 9.4 MB, gap 1.09 us, fit 1.09"
    assert lines[-1] == "W4A4 N=1 tiled: 1 L = 1 shapes, too few to fit"


def test_gap_fit_on_run_566():
    """The H200's one-column W4A4 layers of run 566 (docs/runs/run566/out/bench_write.json): about
    1 us once a call and 4% a byte over the floor."""
    import json
    with open(os.path.join(ROOT, "docs", "runs", "run566", "out", "bench_write.json")) as f:
        results = json.load(f)["results"]
    lines = _load("gap_fit").report(results, ["W4A4 N=1"])
    assert lines[0] == ("W4A4 N=1: GEMV - floor = 1.04 us + 10.1 us/GB; floor = 5.24 us + 241.7 us/GB; "
                        "per byte 4.2% over the floor (8 shapes)")
    assert "  7168x16384: 66.1 MB, gap 1.63 us, fit 1.71" in lines


def test_ab_shapes_parses_its_shape_list():
    """"MxK[xL],..." as (M, K, L) with L = 1 by default; a shape of the wrong length or with a size
    below 1 is an error that names it, and a size that is not a number one too."""
    import re

    import pytest

    parse = _load("ab_shapes").parse_shapes
    assert parse("7168x16384,4096X7168x8") == [(7168, 16384, 1), (4096, 7168, 8)]
    for bad in ("7168", "7168x0", "1x2x3x4"):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            parse(f"64x64,{bad}")
    with pytest.raises(ValueError):
        parse("7168xk")


def test_warm_probe_parses_its_cases():
    """"FULL:TINY[:ACT[:OTHER]],..." as (full, tiny, act, other) with L = 1 by default, fp4 without
    an ACT and no OTHER without one; a case of the wrong length, an unknown activation or a bad
    shape is an error that names it."""
    import re

    import pytest

    parse = _load("warm_probe").parse_cases
    assert parse("7168x16384:792x16384,4096x7168x8:64x7168x8:bf16,7168x2048x4:792x2048x4:fp4:396x7168") == [
        ((7168, 16384, 1), (792, 16384, 1), "fp4", None),
        ((4096, 7168, 8), (64, 7168, 8), "bf16", None),
        ((7168, 2048, 4), (792, 2048, 4), "fp4", (396, 7168, 1))]
    for bad in ("7168x16384", "7168x16384:792x16384:int8", "1:2:fp4:3:4"):
        with pytest.raises(ValueError, match=re.escape(repr(bad))):
            parse(f"64x64:32x64,{bad}")
    with pytest.raises(ValueError, match=re.escape("'7168x0'")):
        parse("7168x0:64x64")


def test_ab_shapes_reads_its_column_count():
    """"cols=N" sets the activation columns (1 without it); N outside 1..16, or two of them, is an
    error that shows the arguments."""
    import pytest

    columns = _load("ab_shapes").columns
    assert columns(["floors"]) == 1
    assert columns(["fp4", "cols=2"]) == 2
    for bad in (["cols=0"], ["cols=17"], ["cols=2", "cols=4"]):
        with pytest.raises(ValueError, match="cols="):
            columns(bad)


def test_ab_shapes_tiled_weights_are_the_formats():
    """With "tiled" the A/B harness times the weights as format.to_tiled lays them out, with the op's
    tiled sfa_layout; without it, the row-major operands unchanged with layout 0."""
    import torch

    from nvfp4_gemv import format as fmt
    from nvfp4_gemv import reference

    weights = _load("ab_shapes").weights
    torch.manual_seed(0)
    a = torch.randint(0, 256, (1, 40, 72), dtype=torch.uint8)
    sfa = torch.randint(0, 127, (1, 40, 9), dtype=torch.uint8)
    same_a, same_sfa, layout = weights(a, sfa, False)
    assert same_a is a and same_sfa is sfa and layout == 0
    tiles, tile_scales, layout = weights(a, sfa, True)
    want_tiles, want_scales = fmt.to_tiled(a, sfa)
    assert layout == reference.TILED
    assert torch.equal(tiles, want_tiles) and torch.equal(tile_scales, want_scales)
    back_a, back_sfa = fmt.from_tiled(tiles, tile_scales, 40, 144)
    assert torch.equal(back_a, a) and torch.equal(back_sfa, sfa)
