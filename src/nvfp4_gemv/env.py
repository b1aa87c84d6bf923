"""Every environment knob of the package, read once at import.

NVFP4_GEMV_CACHE_DIR   where JIT builds go (default ~/.cache/nvfp4_gemv)
NVFP4_GEMV_ARCH        build for this target instead of the device's, e.g. "sm_90a" (expert use)
NVFP4_GEMV_VERBOSE     "1": show the compiler's output while building
NVFP4_GEMV_RING        the kernel's bulk-copy weight ring (sm_90+): "0" never, "1" wherever it fits,
                       unset: where it pays (read by the CUDA launcher, once per process; A/B use)
NVFP4_GEMV_SPANS       the kernel's k-span layout for one activation column: "0" never, "1"
                       wherever it fits, unset: where it pays (read likewise; A/B use)
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_DIR = Path(os.environ.get("NVFP4_GEMV_CACHE_DIR") or Path.home() / ".cache" / "nvfp4_gemv")
ARCH_OVERRIDE = os.environ.get("NVFP4_GEMV_ARCH") or None
VERBOSE = os.environ.get("NVFP4_GEMV_VERBOSE", "0") == "1"
