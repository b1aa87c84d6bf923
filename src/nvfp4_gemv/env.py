"""Every environment knob of the package. The first three are read here, once at import; the
plan log by the CUDA binding (csrc/binding.cpp, log_plan), once per process; the launch rule's A/B
switches by the CUDA launcher (csrc/launch_rule.cuh, env_mode), once per process, and they change
which kernel runs, never what it computes beyond the summation order.

NVFP4_GEMV_CACHE_DIR   where JIT builds go (default ~/.cache/nvfp4_gemv)
NVFP4_GEMV_ARCH        build for this target instead of the device's, e.g. "sm_90a" (expert use)
NVFP4_GEMV_VERBOSE     "1": show the compiler's output while building
NVFP4_GEMV_LOG         "1": on stderr, once for each new problem, the kernel the launch rule chose

A/B switches: "0" never, "1" wherever the kernel fits, unset: where the launch rule says it pays.
NVFP4_GEMV_RING        the row tiles' bulk-copy weight ring (sm_90+)
NVFP4_GEMV_SPANS       the k-span layout for one activation column
NVFP4_GEMV_IMMA        the integer item (W4A4 at one column on dp4a, sm_90)
NVFP4_GEMV_DOT         the k spans on the integer item
NVFP4_GEMV_SWEEP       the W4A4 row sweep (row-major weights, one column)
NVFP4_GEMV_SWEEP16     the W4A16 row sweep (row-major weights, 1-2 columns; "1" as unset)
NVFP4_GEMV_SWEEP16_SHAPE "P,W": the W4A16 row sweep on P pieces a thread, W warps a row, where
                       the rule takes that sweep and such a kernel exists (else the rule's)
NVFP4_GEMV_SWEEP8      the tile sweep (2..16 columns)
NVFP4_GEMV_SWEEP8_SHAPE "P,C": the tile sweep on P chunks a thread, clusters of C CTAs, where
                       such a kernel exists and fits (else the rule's; launch_rule.cuh)
NVFP4_GEMV_BAND16      the band sweep (the tiled format, one column)
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_DIR = Path(os.environ.get("NVFP4_GEMV_CACHE_DIR") or Path.home() / ".cache" / "nvfp4_gemv")
ARCH_OVERRIDE = os.environ.get("NVFP4_GEMV_ARCH") or None
VERBOSE = os.environ.get("NVFP4_GEMV_VERBOSE", "0") == "1"
