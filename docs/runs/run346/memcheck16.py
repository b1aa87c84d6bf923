"""compute-sanitizer memcheck of the one-column 2-piece W4A16 sweep with x in shared memory (item
221): 8 warps with an odd row count, 7 warps, 5 warps with pieces past K (K = 8224), 3 warps on a
long stream, 2 warps past 16 MiB, and at L > 1 CTAs crossing batches (1 and 4 warps); fp16 and
bf16. Each case's kernel name is printed (sweep16_kernel<2, w, ...> expected)."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import cuda_kernel_names, random_problem  # noqa: E402

from nvfp4_gemv import ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(5)
for l, m, k, act in [(1, 77, 16384, "bf16"), (1, 301, 14336, "fp16"), (1, 1001, 8224, "fp16"),
                     (1, 12001, 6144, "bf16"), (1, 9001, 4096, "fp16"), (3, 129, 2048, "fp16"),
                     (4, 1201, 7168, "bf16")]:
    a, sfa, x, sfx = random_problem(l, m, k, 1, gen, act, "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out))
    torch.cuda.synchronize()
    print("ok", l, m, k, act, [n.split("(")[0].replace("void nvfp4::detail::", "") for n in names if "sweep" in n],
          flush=True)
