"""The launch rule (plan_gemv_for in gemv_kernels.cu) on described devices, no GPU needed: nvcc builds
tests/cpp/plan_rules.cu with the kernel file, and the binary checks ~4700 plans (task, layer, edge
and pseudo-random shapes on H200-, A100-, B200- and consumer-like devices) against the invariants
the kernel relies on and against what launch_gemv accepts, and that the H200 takes the variants
BENCHMARKS.md measured. Run once per A/B switch setting, since the switches change the plans."""

import os
import subprocess

import pytest

from nvfp4_gemv import jit

from test_compile_targets import NVCC, build_cpp_check

pytestmark = pytest.mark.skipif(NVCC is None, reason="nvcc not found")


@pytest.fixture(scope="module")
def plan_rules(tmp_path_factory):
    return build_cpp_check(tmp_path_factory.mktemp("plan_rules"), "plan_rules", jit.gencode("sm_90a"),
                           str(jit.CSRC / "gemv_kernels.cu"))


@pytest.mark.parametrize("switches", [{}, {"NVFP4_GEMV_SWEEP": "0"}, {"NVFP4_GEMV_SWEEP": "1"},
                                      {"NVFP4_GEMV_SPANS": "1"}, {"NVFP4_GEMV_RING": "1"},
                                      {"NVFP4_GEMV_SPANS": "0", "NVFP4_GEMV_RING": "0", "NVFP4_GEMV_SWEEP": "0"},
                                      {"NVFP4_GEMV_SWEEP8": "0"}],
                         ids=["rule", "sweep-off", "sweep-forced", "spans-forced", "ring-forced", "tiles-only",
                              "sweep8-off"])
def test_plans_keep_the_kernel_invariants(plan_rules, switches):
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVFP4_GEMV_")}
    env.update(switches)
    run = subprocess.run([str(plan_rules)], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failures" in run.stdout and "plans checked" in run.stdout, run.stdout
