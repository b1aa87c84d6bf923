"""The JIT loader (jit.py) on this machine's CPU build (the op schema, csrc/ops.cpp, ~7 s): the cache
is keyed by package version, torch, target and a hash of every kernel file; processes that start
together build once, under the lock, and all load the same library; a cached build that does not
load is named, with how to rebuild. Each test uses a cache directory of its own."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import torch

from nvfp4_gemv import __version__, jit

SRC = Path(jit.__file__).resolve().parent.parent

# One process's load: prints the library's path; the build's "building ... (once)" line goes to stderr.
LOAD = "import nvfp4_gemv.jit as j; print(j.load_extension())"


def _start(cache: Path) -> subprocess.Popen:
    env = {**os.environ, "NVFP4_GEMV_CACHE_DIR": str(cache), "PYTHONPATH": str(SRC)}
    env.pop("NVFP4_GEMV_ARCH", None)
    return subprocess.Popen([sys.executable, "-c", LOAD], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)


@pytest.mark.skipif(torch.cuda.is_available(), reason="builds the CPU op schema; on a GPU machine the "
                    "loader builds the CUDA extension (minutes), which the GPU tests exercise")
def test_processes_started_together_build_once(tmp_path):
    """Three processes on an empty cache: one builds (the others wait on the lock, then find the
    library), all three load the same file, and a fourth process later only loads it."""
    runs = [_start(tmp_path) for _ in range(3)]
    outs = [(p.communicate(timeout=300), p.returncode) for p in runs]
    assert all(rc == 0 for _, rc in outs), outs
    paths = {out.strip() for (out, _), _ in outs}
    assert len(paths) == 1, paths
    lib = Path(paths.pop())
    assert lib.is_file() and lib.is_relative_to(tmp_path)
    assert sum("building" in err for (_, err), _ in outs) == 1, [err for (_, err), _ in outs]
    later = _start(tmp_path)
    out, err = later.communicate(timeout=120)
    assert later.returncode == 0 and out.strip() == str(lib) and "building" not in err, err
    # <cache>/<version>/torch<ver>-cu<ver>/<target>-<hash>/nvfp4_gemv_ext.so
    assert lib.relative_to(tmp_path).parts[:2] == (__version__, f"torch{torch.__version__.split('+')[0]}-cucpu")
    assert lib.parent.name == f"cpu-{jit.source_hash(jit.CPU_SOURCES)}"


@pytest.mark.skipif(torch.cuda.is_available(), reason="the CPU build's cache directory (see above)")
def test_a_cached_build_that_does_not_load_is_named(tmp_path):
    """A library cut short (a build killed while linking, a full disk) is not loaded silently or
    rebuilt over another process's feet: the error names the file and how to rebuild."""
    lib = tmp_path / __version__ / f"torch{torch.__version__.split('+')[0]}-cucpu" / \
        f"cpu-{jit.source_hash(jit.CPU_SOURCES)}" / "nvfp4_gemv_ext.so"
    lib.parent.mkdir(parents=True)
    lib.write_bytes(b"\x7fELF cut short")
    run = _start(tmp_path)
    _, err = run.communicate(timeout=120)
    assert run.returncode != 0
    assert f"the cached build {lib} does not load" in err and "nvfp4-gemv clear-cache" in err, err


def test_cache_key_changes_with_any_kernel_file(tmp_path, monkeypatch):
    """The key hashes every source and header by name and content: one byte changed in any header,
    or a source renamed, gives another build directory (a stale build is never loaded)."""
    csrc = tmp_path / "csrc"
    shutil.copytree(jit.CSRC, csrc)
    monkeypatch.setattr(jit, "CSRC", csrc)
    base = jit.source_hash(jit.CUDA_SOURCES)
    assert base == jit.source_hash(jit.CUDA_SOURCES) and len(base) == 12
    for name in jit.HEADERS:
        original = (csrc / name).read_bytes()
        (csrc / name).write_bytes(original + b"\n")
        assert jit.source_hash(jit.CUDA_SOURCES) != base, name
        (csrc / name).write_bytes(original)
    assert jit.source_hash(jit.CUDA_SOURCES) == base
    assert jit.source_hash(jit.CUDA_SOURCES[::-1]) != base  # names and order are part of the key
