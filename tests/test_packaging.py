"""What a user gets from `pip install nvfp4_gemv` (not the editable install the other tests run on):
the wheel must carry every file the JIT build compiles or hashes, and the installed package must
find them. A new kernel file of another suffix (or a header left out of the package data) would
otherwise pass every test here and fail on a user's first GPU call. CPU only: the wheel is built
from this tree without network (no build isolation: setuptools must be installed)."""

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from nvfp4_gemv import jit

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(importlib.util.find_spec("setuptools") is None,
                                reason="setuptools not installed: the wheel cannot be built without network")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    # From a clean copy: setuptools builds in the source tree, and a build/ left there by an earlier
    # build would ship files that the package data no longer names.
    tree, out = tmp_path_factory.mktemp("tree"), tmp_path_factory.mktemp("wheel")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    shutil.copytree(ROOT / "src", tree / "src", ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                            "-w", str(out), str(tree)], capture_output=True, text=True)
    assert build.returncode == 0, build.stdout + build.stderr
    wheels = list(out.glob("nvfp4_gemv-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_wheel_ships_every_kernel_file(wheel):
    """Every file of csrc/ (the sources the build compiles, the headers its cache key hashes, and any
    other) is in the wheel, byte for byte."""
    with zipfile.ZipFile(wheel) as z:
        shipped = {Path(n).name: z.read(n) for n in z.namelist() if n.startswith("nvfp4_gemv/csrc/")}
    in_tree = {p.name: p.read_bytes() for p in jit.CSRC.iterdir() if p.is_file()}
    needed = set(jit.CUDA_SOURCES) | set(jit.CPU_SOURCES) | set(jit.HEADERS)
    assert needed <= set(in_tree), sorted(needed - set(in_tree))
    assert sorted(in_tree) == sorted(shipped), (sorted(set(in_tree) - set(shipped)), sorted(set(shipped) - set(in_tree)))
    assert all(shipped[name] == data for name, data in in_tree.items())


def test_installed_package_finds_its_sources(wheel, tmp_path):
    """Installed from the wheel into a directory of its own and imported from there (not from src/),
    the package resolves its kernel sources and hashes them to the same build-cache key as the tree,
    and its command line (`nvfp4-gemv`) runs."""
    target = tmp_path / "site"
    install = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                              "--target", str(target), str(wheel)], capture_output=True, text=True)
    assert install.returncode == 0, install.stdout + install.stderr
    env = {**os.environ, "PYTHONPATH": str(target)}
    probe = ("import nvfp4_gemv, nvfp4_gemv.jit as j; print(nvfp4_gemv.__file__); "
             "print(j.source_hash(j.CUDA_SOURCES), j.source_hash(j.CPU_SOURCES))")
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    where, hashes = run.stdout.strip().splitlines()
    assert Path(where).is_relative_to(target), where
    assert hashes.split() == [jit.source_hash(jit.CUDA_SOURCES), jit.source_hash(jit.CPU_SOURCES)]
    script = target / "bin" / "nvfp4-gemv"  # the console script the wheel's entry point makes
    cli = subprocess.run([str(script), "--help"], capture_output=True, text=True, env=env, cwd=tmp_path)
    assert cli.returncode == 0 and "bench" in cli.stdout, cli.stdout + cli.stderr
