"""Run 549: item 334's new plans under compute-sanitizer memcheck (the same cases are in
scripts/memcheck_cases.py, whose full run takes longer than this call has): the tile sweep at
three bf16 columns on the tiled 70000x2048 and three fp16 columns on the tiled 40001x4096 (past
2^26 bytes: the format's row tiles before), two FP4 columns on row-major 90001x2048 (past the
two-column row sweep's 96 MiB, below 2^27 bytes: the row tiles before); each launches sweep8_kernel."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt  # noqa: E402
from nvfp4_gemv import ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(549)
for m, k, n, act, layout in [(70000, 2048, 3, "bf16", 2), (40001, 4096, 3, "fp16", 2), (90001, 2048, 2, "fp4", 0)]:
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, "cuda")
    if layout == 2:
        a, sfa = fmt.to_tiled(a, sfa)
    out = torch.empty((1, m, n), dtype=torch.float16, device="cuda")
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out)
        torch.cuda.synchronize()
    names = [e.name for e in prof.events() if "sweep8_kernel" in e.name]
    print("ok" if names else "NOT the tile sweep", m, k, n, act, layout)
