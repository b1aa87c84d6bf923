"""JIT build and load of the extension: once per (package version, torch, CUDA, target, source hash),
into a versioned cache directory, under a file lock. Later processes only load the shared library.

Layout: <cache>/<version>/torch<ver>-cu<ver>/<target>-<hash>/nvfp4_gemv_ext.so
Without CUDA (CPU torch or no GPU) only the op schema (csrc/ops.cpp) is built: the CPU reference
and the fake implementations are Python (ops.py).
"""

from __future__ import annotations

import contextlib
import fcntl
import functools
import hashlib
import shutil
import sys
import time
from pathlib import Path

import torch

from . import __version__, env

CSRC = Path(__file__).parent / "csrc"
CUDA_SOURCES = ("ops.cpp", "binding.cpp", "gemv_kernels.cu", "quantize_kernel.cu", "dequantize_kernel.cu")
CPU_SOURCES = ("ops.cpp",)
HEADERS = ("nvfp4_gemv.cuh", "smem_copy.cuh", "e2m1_decode.cuh", "quantize_block.cuh", "gemv_common.cuh",
           "row_tiles.cuh", "row_sweep.cuh", "row_sweep16.cuh", "band_sweep.cuh", "tile_sweep.cuh",
           "launch_rule.cuh")

# Compute capability -> nvcc target. Blackwell needs the arch-specific targets for the FP4 cvt.
TARGETS = {
    (8, 0): "sm_80",
    (8, 6): "sm_86",
    (8, 7): "sm_87",
    (8, 9): "sm_89",
    (9, 0): "sm_90a",
    (10, 0): "sm_100a",
    (12, 0): "sm_120a",
}


def gencode(target: str) -> str:
    """'sm_90a' -> '-gencode=arch=compute_90a,code=sm_90a'."""
    return f"-gencode=arch=compute_{target[3:]},code={target}"


def cuda_target() -> str | None:
    """The nvcc target for the current device, or None when the CUDA path is not available."""
    if env.ARCH_OVERRIDE:
        return env.ARCH_OVERRIDE
    if not torch.cuda.is_available():
        return None
    cc = torch.cuda.get_device_capability()
    if cc not in TARGETS:
        raise RuntimeError(
            f"nvfp4_gemv: no kernel for compute capability {cc[0]}.{cc[1]} "
            f"(supported: {', '.join(f'{a}.{b}' for a, b in TARGETS)})"
        )
    return TARGETS[cc]


def source_hash(names: tuple[str, ...]) -> str:
    h = hashlib.sha256()
    for name in (*names, *HEADERS):
        h.update(name.encode())
        h.update((CSRC / name).read_bytes())
    return h.hexdigest()[:12]


def build_dir(target: str | None) -> Path:
    sources = CUDA_SOURCES if target else CPU_SOURCES
    cuda = torch.version.cuda or "cpu"
    tag = f"{target or 'cpu'}-{source_hash(sources)}"
    return env.CACHE_DIR / __version__ / f"torch{torch.__version__.split('+')[0]}-cu{cuda}" / tag


@contextlib.contextmanager
def _file_lock(path: Path):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


@functools.cache
def load_extension() -> Path:
    """Build if needed and load the library that defines torch.ops.nvfp4. Returns its path."""
    target = cuda_target()
    out = build_dir(target)
    lib = out / "nvfp4_gemv_ext.so"
    if not lib.exists():
        with _file_lock(out.parent / f"{out.name}.lock"):
            if not lib.exists():  # another process may have built it while we waited
                _build(target, out)  # builds and loads
                return lib
    try:
        torch.ops.load_library(str(lib))
    except OSError as e:  # a build cut off while linking, a full disk, or a library that torch no longer matches
        raise RuntimeError(
            f"nvfp4_gemv: the cached build {lib} does not load ({e.__cause__ or e}). Remove it to rebuild: "
            f"`nvfp4-gemv clear-cache` (all cached builds) or `rm -r {out}`."
        ) from e
    return lib


def _build(target: str | None, out: Path) -> None:
    from torch.utils import cpp_extension

    if target and cpp_extension.CUDA_HOME is None:
        raise RuntimeError(
            "nvfp4_gemv: no CUDA toolkit found (nvcc). Install the CUDA toolkit matching "
            f"torch {torch.__version__} (CUDA {torch.version.cuda}) or set CUDA_HOME."
        )
    out.mkdir(parents=True, exist_ok=True)
    sources = [str(CSRC / s) for s in (CUDA_SOURCES if target else CPU_SOURCES)]
    what = f"CUDA extension for {target}" if target else "op schema (CPU only)"
    print(f"nvfp4_gemv: building {what} into {out} (once)...", file=sys.stderr, flush=True)
    t0 = time.perf_counter()
    cpp_extension.load(
        name="nvfp4_gemv_ext",
        sources=sources,
        build_directory=str(out),
        extra_cflags=["-O2"],
        extra_cuda_cflags=["-O3", "-lineinfo", "-std=c++17", gencode(target)] if target else None,
        extra_include_paths=[str(CSRC)],
        with_cuda=bool(target),
        is_python_module=False,
        verbose=env.VERBOSE,
    )
    print(f"nvfp4_gemv: built in {time.perf_counter() - t0:.1f} s", file=sys.stderr, flush=True)


def clear_cache() -> Path:
    """Remove every cached build (all versions). Returns the directory that was removed."""
    shutil.rmtree(env.CACHE_DIR, ignore_errors=True)
    return env.CACHE_DIR
