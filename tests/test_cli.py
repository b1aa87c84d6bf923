"""The command line's argument checks (no GPU needed): bad shapes, repetitions and model sizes are
refused with a message that names what was received, before any work; the CPU main job runs. And
the environment knobs: every one the package reads is documented; and so is every subcommand."""

import re
from pathlib import Path

import pytest
import torch

from nvfp4_gemv import cli


@pytest.mark.parametrize("shape", ["abc", "7168,16383,1", "0,2048,1", "7168", "7168,2048,1,1", "7168,-16,1"])
def test_bench_refuses_bad_shapes(shape, capsys):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["bench", "--shape", shape])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert "--shape" in err and repr(shape) in err and "multiple of 16" in err, err


def test_shapes_parse_with_l_defaulting_to_one():
    assert cli.shape_arg("7168,16384") == (7168, 16384, 1)
    assert cli.shape_arg("4096,7168,8") == (4096, 7168, 8)


@pytest.mark.parametrize("reps", ["0", "-3", "x"])
def test_reps_must_be_positive(reps, capsys):
    with pytest.raises(SystemExit):
        cli.main(["bench", "--reps", reps])
    assert f"expected a positive integer, got {reps!r}" in capsys.readouterr().err


@pytest.mark.parametrize("hidden,intermediate", [(100, 5632), (1152, 5632), (2048, 5630)])
def test_decode_refuses_model_sizes_it_cannot_build(hidden, intermediate, capsys):
    rc = cli.main(["decode", "--hidden", str(hidden), "--intermediate", str(intermediate)])
    assert rc == 2
    err = capsys.readouterr().err
    assert f"hidden={hidden}" in err and f"intermediate={intermediate}" in err, err


def test_check_quick_passes_on_this_machine(capsys):
    assert cli.main(["check", "--quick"]) == 0
    assert "3 passed, 0 failed" in capsys.readouterr().out


def test_every_environment_knob_is_documented():
    """Every NVFP4_GEMV_* name the package's Python or CUDA sources read stands in env.py's list
    (the one place that documents them) and in the README."""
    from nvfp4_gemv import env

    src = Path(env.__file__).parent
    read = set()
    for path in [*src.glob("*.py"), *src.glob("csrc/*")]:
        text = path.read_text()
        read |= set(re.findall(r"NVFP4_GEMV_[A-Z0-9_]+", text.replace(env.__doc__, "")))
    listed = set(re.findall(r"^(NVFP4_GEMV_[A-Z0-9_]+) ", env.__doc__, re.M))
    readme = (src.parents[1] / "README.md").read_text()
    assert len(read) >= 11 and read <= listed, sorted(read - listed)
    assert all(name in readme for name in listed), sorted(n for n in listed if n not in readme)


def test_every_subcommand_is_named_in_the_docs(capsys):
    """The subcommands argparse offers are the ones the CLI's description and the README list."""
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    offered = set(re.search(r"\{([a-z,-]+)\}", capsys.readouterr().out).group(1).split(","))
    readme = (Path(cli.__file__).parents[2] / "README.md").read_text()
    for where, text in (("cli.py's docstring", cli.__doc__), ("the README", readme)):
        named = set(re.search(r"nvfp4-gemv \{([a-z,-]+)\}", text).group(1).split(","))
        assert named == offered, (where, sorted(named ^ offered))


def _row(shape, kind, us):
    return {"shape": list(shape), "kind": kind, "gemv": {"median_us": us}}


def test_column_ratios_pair_each_shape_and_kind_with_its_own_one_column_time():
    """bench --columns' summary: each N's time over the N = 1 time of the same shape, activation and
    weight layout; rows with no N = 1 partner (the task rows, a lone N) are left out."""
    from nvfp4_gemv import bench

    results = [_row((7168, 2048, 4), "W4A4 task", 15.0),
               _row((4096, 4096, 1), "W4A4 N=1", 10.0), _row((4096, 4096, 1), "W4A4 N=8", 13.0),
               _row((4096, 4096, 1), "W4A4 N=1 tiled", 11.0), _row((4096, 4096, 1), "W4A4 N=8 tiled", 12.1),
               _row((4096, 4096, 1), "W4A16 bf16 N=1", 8.0), _row((4096, 4096, 1), "W4A16 bf16 N=2", 10.0),
               _row((4096, 4096, 1), "W4A16 bf16 N=16", 12.0), _row((2048, 7168, 1), "W4A4 N=8", 9.0),
               _row((2048, 7168, 1), "W4A16 bf16 N=1", 9.0)]
    ratios = {(shape, kind): by_n for shape, kind, by_n in bench.column_ratios(results)}
    assert ratios.keys() == {("4096,4096,1", "W4A4"), ("4096,4096,1", "W4A4 tiled"), ("4096,4096,1", "W4A16 bf16")}
    assert ratios[("4096,4096,1", "W4A4")] == pytest.approx({8: 1.3})
    assert ratios[("4096,4096,1", "W4A4 tiled")] == pytest.approx({8: 1.1})
    assert ratios[("4096,4096,1", "W4A16 bf16")] == pytest.approx({2: 1.25, 16: 1.5})


@pytest.mark.skipif(torch.cuda.is_available(), reason="on a GPU this would run the benchmark")
@pytest.mark.parametrize("cmd", ["bench", "run"])
def test_columns_is_an_option_of_bench_and_run(cmd, capsys):
    """Without a GPU both take --columns (argparse would exit 2 on an unknown option) and say why no
    benchmark ran."""
    assert cli.main([cmd, "--columns", "--quick"]) == (2 if cmd == "bench" else 0)
    out = capsys.readouterr().out
    assert ("bench needs a CUDA GPU" if cmd == "bench" else "no CUDA GPU: ran the CPU reference path only") in out
