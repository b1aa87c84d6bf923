"""Run 337: the dtail variants' outputs (the last rows' (row, slice) units shared out among a
CTA's warps: dtail2 / dtail4 in the W4A4 sweep, dtail16 the last 2 row pairs in the W4A16 sweep) against the float64 reference, elementwise (tests/helpers.py tolerance), output
poisoned first, random operands with all 16 codes, bitwise equal run to run; and bitwise equal to
the tree's outputs (the same per-slice sums added in the same order, whichever warp took a unit):
`check_dtail.py save FILE` on the tree writes them, `check_dtail.py compare FILE` on a variant
compares."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402
from nvfp4_gemv.bench import random_operands  # noqa: E402

BF16_RESCALE_REL = 2.0**-24  # tests/test_gpu_kernel.py's: bf16 x becomes fp16 after a power-of-two rescale
mode, path = sys.argv[1], sys.argv[2]
ops.load()
torch.manual_seed(0)
# 7 / 8 warps a row at 2 pieces (K 12289..16384), L = 1: CTAs of ~18, ~10, 1-2 rows; pieces past K
# in the last slice (K = 13024, 16000); L > 1 (the tail off) too.
shapes = [(7168, 16384, 1), (4096, 14336, 1), (131, 16384, 1), (1000, 13024, 1), (64, 16000, 1),
          (2000, 16384, 1), (5000, 12800, 1), (333, 14336, 2), (7168, 2048, 4)]
# W4A16 (fp16 / bf16): pairs of rows, an odd last row (M odd), 1-2 pairs a CTA, pieces past K.
shapes16 = [(7168, 16384, 1), (4096, 14336, 1), (131, 16384, 1), (1001, 16000, 1), (5001, 13024, 1),
            (333, 14336, 2)]
cases = [(s, "fp4") for s in shapes] + [(s, act) for act in ("fp16", "bf16") for s in shapes16]
saved = torch.load(path) if mode == "compare" else {}
outs = {}
for (m, k, l), act in cases:
    a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
    out = torch.full((l, m, 1), float("nan"), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
    again = torch.full_like(out, float("nan"))
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, again)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    key = f"{m}x{k}x{l} {act}"
    tol = tolerance(a, sfa, x, sfx, torch.float16, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
    assert_close_elementwise(out, ref, tol, key)
    assert torch.equal(out, again), f"{key} not bitwise equal run to run"
    outs[key] = out.cpu()
    if mode == "compare":
        assert torch.equal(outs[key], saved[key]), f"{key} not bitwise equal to the tree's"
    print(f"ok {key}{' (= tree bitwise)' if mode == 'compare' else ''}", flush=True)
if mode == "save":
    torch.save(outs, path)
