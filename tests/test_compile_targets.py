"""nvcc compiles the torch-free kernel file for every target without register spills or local memory,
and the Blackwell machine code uses the hardware FP4 conversion (F2FP ... E2M1). Needs nvcc (CI has
it); the SASS check also needs cuobjdump (pip package nvidia-cuda-cuobjdump)."""

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from nvfp4_gemv import jit

NVCC = shutil.which("nvcc") or (os.path.join(os.environ["CUDA_HOME"], "bin", "nvcc") if os.environ.get("CUDA_HOME") else None)
TARGETS = ["sm_80", "sm_86", "sm_89", "sm_90a", "sm_100a", "sm_120a"]


def cuobjdump():
    found = shutil.which("cuobjdump")
    if found:
        return found
    try:
        import nvidia

        for base in nvidia.__path__:
            for cand in Path(base).glob("cu*/bin/cuobjdump"):
                return str(cand)
    except ImportError:
        pass
    return None


pytestmark = pytest.mark.skipif(NVCC is None, reason="nvcc not found")


@pytest.fixture(scope="module")
def builds(tmp_path_factory):
    out = tmp_path_factory.mktemp("cubins")
    results = {}
    procs = {}
    for target in TARGETS:
        obj = out / f"{target}.cubin"
        cmd = [NVCC, "-std=c++17", "-O3", "-cubin", jit.gencode(target), "-Xptxas", "-v",
               str(jit.CSRC / "gemv_kernels.cu"), "-o", str(obj)]
        procs[target] = (subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True), obj)
    for target, (proc, obj) in procs.items():
        log, _ = proc.communicate()
        results[target] = (proc.returncode, log, obj)
    return results


@pytest.mark.parametrize("target", TARGETS)
def test_compiles_without_spills(builds, target):
    rc, log, _ = builds[target]
    assert rc == 0, log
    frames = re.findall(r"(\d+) bytes stack frame, (\d+) bytes spill stores, (\d+) bytes spill loads", log)
    assert frames, log
    assert all(f == ("0", "0", "0") for f in frames), log
    assert "lmem" not in log or re.search(r"\b[1-9]\d* bytes lmem", log) is None, log


def sass_of(tool, cubin) -> str:
    env = dict(os.environ, PATH=f"{os.path.dirname(tool)}:{os.environ.get('PATH', '')}")  # nvdisasm beside it
    return subprocess.run([tool, "-sass", str(cubin)], capture_output=True, text=True, check=True, env=env).stdout


@pytest.mark.parametrize("target", ["sm_100a", "sm_120a"])
def test_blackwell_uses_hardware_e2m1_conversion(builds, target):
    tool = cuobjdump()
    if tool is None:
        pytest.skip("cuobjdump not found (pip install nvidia-cuda-cuobjdump)")
    sass = sass_of(tool, builds[target][2])
    assert re.search(r"F2FP\.[A-Z0-9_.]*E2M1", sass), "no E2M1 conversion in the Blackwell SASS"


def test_hopper_uses_tensor_cores_and_no_fp4_conversion(builds):
    tool = cuobjdump()
    if tool is None:
        pytest.skip("cuobjdump not found (pip install nvidia-cuda-cuobjdump)")
    sass = sass_of(tool, builds["sm_90a"][2])
    assert "HMMA.16816.F32" in sass and "E2M1" not in sass
