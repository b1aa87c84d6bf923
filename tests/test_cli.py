"""The command line's argument checks (no GPU needed): bad shapes, repetitions and model sizes are
refused with a message that names what was received, before any work; the CPU main job runs."""

import pytest

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
