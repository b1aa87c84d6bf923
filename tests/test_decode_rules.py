"""The software E2M1 decode (e2m1_decode.cuh, the sm_80 .. sm_90 path) on the host, no GPU needed:
nvcc builds tests/cpp/decode_rules.cu, which decodes every code at every position of a word among
random neighbours and checks each fp16 image bit for bit against the E2M1 table (x 2^-14) and the
lane order pair_k; and the integer item's block arithmetic (dp4a of the biased weight bytes against
the int8 activation from the magic start) against the exact dot, for random and extreme blocks. The
GPU tests check the same decode and arithmetic inside the kernels, end to end."""

import re
import subprocess

import pytest

from test_compile_targets import NVCC, build_cpp_check

pytestmark = pytest.mark.skipif(NVCC is None, reason="nvcc not found")


def test_software_decode_is_exact_for_every_code_and_position(tmp_path):
    exe = build_cpp_check(tmp_path, "decode_rules")
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "8192 words checked, 100004 blocks checked, 0 failures" in run.stdout, run.stdout


def test_division_free_e2m1_rounding_equals_the_division(tmp_path):
    """quantize_block.cuh's thresholds (the activation quantizer's E2M1 rounding without a
    division) against fl(x / step) and the midpoint rule, on the host: every positive E4M3 scale
    times ten global multipliers (subnormal and huge steps among them), values at and around every
    threshold and random ones, both signs; a mutant without the half-spacing terms must fail."""
    exe = build_cpp_check(tmp_path, "quantize_rules")
    run = subprocess.run([str(exe)], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    steps, values, failures, mutant = (int(n) for n in re.findall(r"(\d+) (?:steps|values|failures|mutant)",
                                                                  run.stdout))
    assert failures == 0 and steps >= 1200 and values >= 1_000_000 and mutant > 0, run.stdout
