"""The launch rule (plan_gemv_for in gemv_kernels.cu) on described devices, no GPU needed: nvcc builds
tests/cpp/plan_rules.cu with the kernel file, and the binary checks ~9300 plans (task, layer, edge
and pseudo-random shapes on H200-, H100-, A100-, B200- and consumer-like devices) against the
invariants the kernel relies on and against what launch_gemv accepts, and that the H200 (and, where
its slower memory turns a choice, the H100) takes the variants BENCHMARKS.md measured. Run once
per A/B switch setting, since the switches change the plans."""

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
                                      {"NVFP4_GEMV_SWEEP8": "0"}, {"NVFP4_GEMV_SWEEP8_SHAPE": "2,2"},
                                      {"NVFP4_GEMV_SWEEP8_SHAPE": "4,2"}, {"NVFP4_GEMV_SWEEP8_SHAPE": "1,4"},
                                      {"NVFP4_GEMV_SWEEP16_SHAPE": "1,4"}, {"NVFP4_GEMV_SWEEP16_SHAPE": "2,8"},
                                      {"NVFP4_GEMV_SWEEP16_SHAPE": "1,20"}],
                         ids=["rule", "sweep-off", "sweep-forced", "spans-forced", "ring-forced", "tiles-only",
                              "sweep8-off", "sweep8-shape-2-2", "sweep8-shape-4-2", "sweep8-shape-1-4",
                              "sweep16-shape-1-4", "sweep16-shape-2-8", "sweep16-shape-1-20"])
def test_plans_keep_the_kernel_invariants(plan_rules, switches):
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVFP4_GEMV_")}
    env.update(switches)
    run = subprocess.run([str(plan_rules)], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert " 0 failures" in run.stdout and "plans checked" in run.stdout, run.stdout


def test_show_prints_the_h200_plans(plan_rules):
    """`plan_rules show`: the plan of each shape on the H200 (the measured rule's choices, BENCHMARKS.md
    items 271 and 275), and a bad shape refused with what was given."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVFP4_GEMV_")}
    run = subprocess.run([str(plan_rules), "show", "bf16", "tiled", "13824x5120", "7168x16384"], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.splitlines() == [
        "13824x5120x1x1: band sweep (band16_kernel), grid 396, clusters of 1, row blocks 396, splits 1, "
        "k range 5120, 3 bands a CTA x 6 slots a warp = 18",
        "7168x16384x1x1: band sweep (band16_kernel), grid 396, clusters of 2, row blocks 198, splits 1, "
        "k range 8192, 3 bands a CTA x 8 slots a warp = 24"], run.stdout
    run = subprocess.run([str(plan_rules), "show", "fp4", "rowmajor", "7168x16384", "7168x16383"], capture_output=True,
                         text=True, env=env)
    assert run.returncode == 2 and run.stdout.startswith("7168x16384x1x1: sweep (sweep_kernel), grid 396, "), run.stdout
    assert "got 7168x16383" in run.stderr, run.stderr


@pytest.mark.parametrize("shape,act,want", [("2,4", "fp4", "grid 120, clusters of 4, row blocks 30"),
                                            ("4,1", "fp16", "grid 128, clusters of 1, row blocks 128"),
                                            ("4,1", "bf16", "grid 132, clusters of 2, row blocks 66"),
                                            ("2,9", "fp4", "grid 128, clusters of 1, row blocks 128"),
                                            ("2", "fp4", "grid 128, clusters of 1, row blocks 128"),
                                            ("1,4", "fp4", "grid 128, clusters of 1, row blocks 128")], ids=str)
def test_sweep8_shape_forced_where_it_exists(plan_rules, shape, act, want):
    """NVFP4_GEMV_SWEEP8_SHAPE="P,C" (launch_rule.cuh, sweep8_forced_choice) on 2048x7168 at 8 columns,
    whose rule takes 4 chunks on single CTAs (FP4 / fp16 x) or 2 on clusters of 2 (bf16): clusters of
    4 where asked; the rule's shape where no such kernel (bf16 at 4 chunks, 1 chunk at 8 columns),
    cluster (9 > 8) or value ("2") is there."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVFP4_GEMV_")}
    env["NVFP4_GEMV_SWEEP8_SHAPE"] = shape
    run = subprocess.run([str(plan_rules), "show", act, "rowmajor", "2048x7168x1x8"], capture_output=True, text=True,
                         env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith(f"2048x7168x1x8: tile sweep (sweep8_kernel), {want}, splits 1"), run.stdout


@pytest.mark.parametrize("shape,act,problem,want", [
    ("2,2", "bf16", "4096x4096", "grid 132, clusters of 1, row blocks 132, splits 1, k range 4096, 2 pieces a thread x 2 warps"),
    ("2,4", "fp16", "4096x4096", "grid 264, clusters of 1, row blocks 264, splits 1, k range 4096, 2 pieces a thread x 4 warps"),
    ("2,1", "fp16", "4096x4096", "grid 264, clusters of 1, row blocks 264, splits 1, k range 4096, 1 piece a thread x 4 warps"),
    ("2,2", "bf16", "7168x2048x4", "grid 264, clusters of 1, row blocks 264, splits 1, k range 2048, 2 pieces a thread x 2 warps"),
    ("1,2", "fp16", "7168x2048x4", "grid 264, clusters of 1, row blocks 264, splits 1, k range 2048, 2 pieces a thread x 1 warp"),
    ("2,14", "fp16", "8192x28672", "grid 132, clusters of 1, row blocks 132, splits 1, k range 28672, 2 pieces a thread x 14 warps"),
    ("2,16", "fp16", "8192x28672", "grid 132, clusters of 1, row blocks 132, splits 1, k range 28672, 2 pieces a thread x 14 warps"),
    ("1,24", "fp16", "8192x28672", "grid 132, clusters of 1, row blocks 132, splits 1, k range 28672, 2 pieces a thread x 14 warps"),
    ("3,4", "bf16", "4096x4096", "grid 264, clusters of 1, row blocks 264, splits 1, k range 4096, 1 piece a thread x 4 warps"),
    ("2", "bf16", "4096x4096", "grid 264, clusters of 1, row blocks 264, splits 1, k range 4096, 1 piece a thread x 4 warps"),
], ids=str)
def test_sweep16_shape_forced_where_it_exists(plan_rules, shape, act, problem, want):
    """NVFP4_GEMV_SWEEP16_SHAPE="P,W" (launch_rule.cuh, sweep16_forced_fits) on layers the rule runs on
    the W4A16 sweep (4096x4096: 1 piece on 4 warps; 7168x2048x4: 2 pieces on 1; 8192x28672: 2 on
    14): the shape asked for where such a kernel exists and holds K (bf16 x on one CTA an SM at 2
    pieces: the paired groups); the rule's where W warps of P pieces leave K short (2 x 1 at K =
    4096, 1 x 24 at 28672), where one piece is asked at L > 1, where warps past 8 would sit idle (2 x
    16 at K = 28672), and where P is no piece count (3) or not two numbers."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("NVFP4_GEMV_")}
    env["NVFP4_GEMV_SWEEP16_SHAPE"] = shape
    run = subprocess.run([str(plan_rules), "show", act, "rowmajor", problem], capture_output=True, text=True, env=env)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.split(": ", 1)[1].startswith(f"W4A16 sweep (sweep16_kernel), {want}"), run.stdout
