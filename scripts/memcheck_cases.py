"""A few shapes under compute-sanitizer memcheck: tails, 8-byte path, N > 8, blocked scales, bf16,
the bulk-copy ring (K % 256 == 0, row-major scales: a last stage of 256 values, 33 rows) and, on
sm_90, bulk-copied activations at N = 1 (FP4 over 8192 values with batches; the bf16 and fp16 cases
here take the W4A16 row sweep since BENCHMARKS.md item 137); the
k-span layout at N = 1 (most of the N = 1 cases, plus a partial last step with an odd row count,
a single 32-value step, and K split past one chunk); the tiled weight format (layout 2: rows and
K ending mid-tile, batches, N > 8, split K, even bands over fewer CTAs with a last band cut short,
at N = 1 and 2); the row sweep (sm_90, W4A4 one column row-major: most of the FP4 N = 1 cases, plus
a CTA of 5 warps, many batches crossing CTAs, 4 pieces a thread, one piece a thread on 5 and 7
warps with batches, and on 2 and 4 at L = 1, up to 16 MiB of weights; 2 pieces on one group of 5,
6 and 7 warps, 4 pieces on 5 with 3-4 rows a CTA); the W4A16 row sweep (sm_90:
the 16-bit N = 1 row-major cases, one piece a thread on 7 warps and on one at L = 1, batches of
thousands of rows at L = 3-4 (item 332: 2 pieces on 2 and 4 warps, bf16 and fp16); two columns at
L = 1 on 2 pieces, 8224 with pieces past K, and on one, 16-bit and FP4 x); the tile sweep (sm_90,
3..16 columns at L = 1: a cluster of 4 CTAs with a partial last tile, of 2 with 64 of 72 chunks in
the second CTA, of 2 at 4 chunks a thread with a partial last tile and warps' chunks ending before
their last piece, one CTA with most warps' chunks past K, and at 4 columns a cluster of 4 CTAs of
112 chunks each, 16 of every stage row's slots zero-filled, and one CTA of 4 chunks a thread at
K = 5120, warps 8-15 skipping their last piece; 9..16 columns on one chunk a thread:
16 columns on a cluster of 8 CTAs with a partial last tile, 12 on a cluster of 3 whose last CTA
holds 40 of 48 chunks; on two chunks a thread: 16 columns on single CTAs, 9 on clusters of 4 CTAs
of 112 chunks with a partial last tile; past K = 16384, item 199: two bf16 columns on a cluster
of 5 CTAs whose last holds 112 of 120 chunks, 16 columns on clusters of 8, 5 FP4 columns on
clusters of 3 CTAs of 4 chunks a thread, the last holding 192 of 200); the W4A16 sweep past K =
16384 (item 200: one group of 10 and 14 warps a CTA, bf16 and fp16); one column past K = 32768 in K
sections (item 204: FP4 in 2 of 20480 and 5 of 6560 values, bf16 in 4 of 13312), and at 9..16
columns the tile sweep once a section (item 205: 2 of 26624 at 12 bf16 columns; 3 FP4 columns on
300 rows take the row tiles, split); the activation quantized
inside the GEMV (gemv_dynamic_out: tiled with K ending mid-tile and batches, tiled split K, the row
sweep over 16 batches of 1000 rows with two groups of warps sharing the quantized pieces, and
past K = 8192 on 16 batches of 700 rows of 12800 the quantize kernel, then the sweep; at L = 1
the quantize kernel, then the sweep, and past K = 32768 then the sweep over K sections); the band
sweep (sm_90, W4A16 at one column on the tiled format: clusters of 2 CTAs on 5 bands with the last
cut short and on 63, one CTA at K = 6144, and at K = 32768 on 200 bands, 74 KB of shared memory);
the tile sweep on the tiled format (sm_90, item 270: 5 FP4 columns on clusters of 2 with K ending
mid-tile in the second CTA's last tile, 8 fp16 columns at 4 chunks a thread with warps past their
last piece, 16 bf16 and 11 FP4 columns with a partial last band, two bf16 columns past K = 16384
with K ending mid-tile; and 8 fp16 columns on 300 x 8192 above); the band sweep where K is no
multiple of 2048 (item 271: K = 7168 on clusters of 2, 4160 on 2 CTAs of 17 and 16 tiles, 2080
on 2, 32752 on 2 with K ending mid-tile); two and three columns on the tile sweep (items 273,
334): the tiled format at two columns (K = 800 on one CTA and one row, 4160 on clusters of 2
with a partial last band, 14336 on 2001 rows), two FP4 columns on row-major 33000x8192 (152 MB:
past 2^27 bytes, a partial last tile); the row tiles that items 335-336 keep below K = 8192 on
large layers (the tile sweep under item 334): two FP4 columns on row-major 90001x2048 (104 MB:
past the two-column row sweep's 96 MiB, a partial last tile), three fp16 on row-major 70001x2048
and three bf16 on the tiled 70000x2048 (past 2^16 rows), two bf16 on the tiled 120001x1024; and
the tile sweep item 336 takes up to 2^16 rows past item 335's 2^26 bytes: three fp16 columns on
the tiled 40001x4096 (92 MB), two bf16 on the tiled 60001x2048 (69 MB); W4A4 at one FP4 column
on the band sweep (item 275: clusters of 2 on 1000 x 16384, one CTA at K = 6144, 74 KB of shared
memory at K = 32768; and dynamic, the quantize kernel then the band sweep, on 1000 x 16384); and
with a bias starting mid-line and both global scales (the epilogues' reads of them;
BENCHMARKS.md item 282), then a weight scale per row,
one case a kernel family; the tile sweep's kernels for contiguous scale rows of K % 256 != 0 (item
323: 4-byte words, the last row's ending the allocation): 16 bf16 columns on 1001 x 2880, 12 fp16
on 77 x 16448 (clusters, 2 chunks), 8 FP4 on 333 x 1152:
the row sweep, the W4A16 sweep, the band sweep, the tile sweep, the row tiles (split K at L > 1);
and the dequantize kernel (NVFP4Linear's prefill fallback: three dtypes, three global-scale forms,
a tail past the last CTA, a at an odd address).

`python scripts/memcheck_cases.py [MxK ...]`: with arguments, only the GEMV cases of those weight
shapes (plain, bias and dynamic; e.g. `90001x2048 70000x2048`), for a run that checks a few new
plans within one device call; without, every case."""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import random_problem  # noqa: E402

from nvfp4_gemv import format as fmt  # noqa: E402
from nvfp4_gemv import ops  # noqa: E402

ops.load()
gen = torch.Generator().manual_seed(0)
only = set(sys.argv[1:])  # MxK weight shapes to run; empty: all


def wanted(m, k):
    return not only or f"{m}x{k}" in only


def gemv_case(l, m, k, n, act, layout, wgs=None, ags=None, bias=None):
    """One gemv_out call on a random problem in scale layout `layout` (2: the tiled weight format),
    its operands copied into allocations of their own, then synchronized."""
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, act, "cuda")
    if layout == 2:
        a, sfa = fmt.to_tiled(a, sfa)
    elif layout:
        sfa = fmt.to_blocked(sfa)
        sfx = fmt.to_blocked(sfx) if sfx is not None else None
    out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a.clone(), sfa.clone(), x.clone(), None if sfx is None else sfx.clone(), layout,
                             1 if layout == 1 else 0, wgs, ags, bias, out)
    torch.cuda.synchronize()


for l, m, k, n, act, layout in [(1, 7, 48, 1, "fp4", 0), (2, 129, 496, 9, "fp4", 1), (3, 33, 1040, 16, "bf16", 0),
                                (1, 300, 8192, 2, "fp16", 1), (2, 17, 16, 3, "fp4", 0),
                                (1, 33, 2304, 1, "fp4", 0), (3, 129, 4352, 2, "bf16", 0),
                                (3, 129, 16384, 1, "fp4", 0), (1, 65, 4608, 1, "bf16", 0),
                                (2, 40, 2304, 1, "fp16", 0), (1, 5, 1600, 1, "fp4", 0),
                                (2, 3, 32, 1, "bf16", 0), (1, 3, 40960, 1, "fp4", 0),
                                (1, 7, 48, 1, "fp4", 2), (3, 33, 1040, 16, "bf16", 2), (2, 129, 16384, 1, "fp4", 2),
                                (1, 300, 8192, 8, "fp16", 2), (1, 4808, 512, 1, "fp4", 2),
                                (2, 2200, 256, 2, "bf16", 2), (1, 20, 20480, 1, "fp4", 0),
                                (300, 9, 1024, 1, "fp4", 0), (3, 3000, 4608, 1, "fp4", 0),
                                (3, 70, 7168, 1, "fp4", 0), (2, 41, 5120, 1, "fp4", 0),
                                (1, 71, 7168, 1, "bf16", 0), (1, 5, 1024, 1, "fp16", 0),
                                (4, 3001, 4096, 1, "bf16", 0), (3, 2900, 7168, 1, "fp16", 0),
                                (1, 77, 8224, 2, "bf16", 0), (1, 9, 1056, 2, "fp16", 0),
                                (1, 33, 4096, 1, "bf16", 0), (1, 40, 4096, 1, "fp4", 0),
                                (1, 77, 8224, 2, "fp4", 0), (1, 9, 1056, 2, "fp4", 0),
                                (1, 77, 16384, 8, "bf16", 0), (1, 1001, 4352, 3, "fp4", 0),
                                (1, 17, 768, 5, "fp16", 0), (1, 2001, 14336, 8, "fp16", 0),
                                (1, 130, 14336, 4, "fp16", 0), (1, 77, 16384, 16, "bf16", 0),
                                (1, 33, 4352, 12, "fp4", 0), (1, 14336, 4096, 16, "bf16", 0),
                                (1, 5000, 14336, 9, "fp4", 0), (1, 2000, 5120, 7, "fp16", 0),
                                (1, 77, 18944, 2, "bf16", 0), (1, 129, 32768, 16, "fp16", 0),
                                (1, 3000, 18944, 5, "fp4", 0), (1, 77, 18944, 1, "bf16", 0),
                                (1, 301, 28672, 1, "fp16", 0), (1, 77, 53248, 1, "bf16", 0),
                                (1, 33, 32800, 1, "fp4", 0), (1, 300, 33024, 3, "fp4", 0),
                                (1, 1001, 53248, 12, "bf16", 0), (1, 300, 10240, 1, "fp4", 0),
                                (2, 70, 12288, 1, "fp4", 0), (1, 600, 14336, 1, "fp4", 0),
                                (1, 1200, 20480, 1, "fp4", 0), (1, 77, 4096, 1, "bf16", 2),
                                (1, 1000, 16384, 1, "fp16", 2), (1, 77, 6144, 1, "bf16", 2),
                                (1, 3190, 32768, 1, "fp16", 2), (1, 1001, 4160, 5, "fp4", 2),
                                (1, 2001, 14336, 8, "fp16", 2), (1, 77, 14336, 16, "bf16", 2),
                                (1, 130, 14336, 11, "fp4", 2), (1, 77, 18976, 2, "bf16", 2),
                                (1, 2000, 7168, 1, "bf16", 2), (1, 100, 4160, 1, "fp16", 2),
                                (1, 50, 2080, 1, "bf16", 2), (1, 17, 32752, 1, "fp16", 2),
                                (1, 1, 800, 2, "fp4", 2), (1, 301, 4160, 2, "bf16", 2),
                                (1, 2001, 14336, 2, "fp16", 2), (1, 33000, 8192, 2, "fp4", 0),
                                (1, 90001, 2048, 2, "fp4", 0), (1, 70000, 2048, 3, "bf16", 2),
                                (1, 40001, 4096, 3, "fp16", 2), (1, 60001, 2048, 2, "bf16", 2),
                                (1, 120001, 1024, 2, "bf16", 2), (1, 70001, 2048, 3, "fp16", 0),
                                (1, 1000, 16384, 1, "fp4", 2),
                                (1, 77, 6144, 1, "fp4", 2), (1, 3190, 32768, 1, "fp4", 2),
                                (1, 1001, 2880, 16, "bf16", 0), (1, 77, 16448, 12, "fp16", 0),
                                (1, 333, 1152, 8, "fp4", 0)]:
    if not wanted(m, k):
        continue
    gemv_case(l, m, k, n, act, layout)
    print("ok", l, m, k, n, act, layout)
scale = torch.tensor([0.5], device="cuda")
for l, m, k, n, act, layout in [(1, 1000, 16384, 1, "fp4", 0), (1, 77, 8224, 1, "bf16", 0), (1, 1000, 16384, 1, "bf16", 2),
                                (1, 301, 4160, 4, "fp4", 0), (3, 129, 4352, 8, "bf16", 0)]:
    if not wanted(m, k):
        continue
    bias = torch.randn(m + 8, device="cuda")[5:5 + m]  # 20 bytes into a line
    gemv_case(l, m, k, n, act, layout, scale, scale if act == "fp4" else None, bias)
    row_scales = torch.rand(m, device="cuda") + 0.5  # a weight global scale per row
    gemv_case(l, m, k, n, act, layout, row_scales, scale if act == "fp4" else None, bias)
    print("ok bias", l, m, k, n, act, layout)
if not only:  # the quantize kernel: no weight shape to select by
    for shape, dtype in [((3, 48), torch.bfloat16), ((1, 16), torch.float16), ((5, 7, 160), torch.float32)]:
        x = torch.randn(shape, device="cuda").to(dtype)
        packed, scales = torch.ops.nvfp4.quantize(x, torch.tensor([0.5], device="cuda"))
        torch.cuda.synchronize()
        print("ok quantize", shape, dtype)
for l, m, k, layout in [(2, 129, 1040, 2), (1, 33, 16384, 2), (1, 100, 7168, 0), (2, 300, 16384, 0),
                        (1, 50, 4096, 0), (16, 1000, 2080, 0), (1, 65, 40960, 0),
                        (16, 700, 12800, 0), (1, 1000, 16384, 2)]:
    if not wanted(m, k):
        continue
    a, sfa, _, _ = random_problem(l, m, k, 1, gen, "fp4", "cuda")
    if layout == 2:
        a, sfa = fmt.to_tiled(a, sfa)
    x = torch.randn((l, 1, k), device="cuda").to(torch.bfloat16)
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, layout, None, torch.tensor([0.5], device="cuda"), None, out)
    torch.cuda.synchronize()
    print("ok dynamic", l, m, k, layout)
# The dequantize kernel (NVFP4Linear's prefill fallback, BENCHMARKS.md item 295): the three output
# dtypes, no / one / per-row global scale, one 16-value block a row, a tail of 37 rows past the last
# 256-thread CTA, and a at an odd address (the op copies it before the 8-byte loads).
if not only:
    for shape, dtype, gs_kind in [((37, 8), torch.bfloat16, "per_row"), ((3, 5, 512), torch.float32, "one"),
                                  ((1, 2048), torch.float16, "none")]:
        n = shape[0] * (shape[1] if len(shape) == 3 else 1)
        odd = torch.randint(0, 256, (torch.Size(shape).numel() + 1,), dtype=torch.uint8, device="cuda")
        a = odd[1:].view(shape)
        sfa = torch.randint(0, 256, (*shape[:-1], shape[-1] // 8), dtype=torch.uint8, device="cuda")
        gs = {"none": None, "one": scale, "per_row": torch.rand(n, device="cuda") + 0.5}[gs_kind]
        torch.ops.nvfp4.dequantize(a, sfa, gs, dtype)
        torch.cuda.synchronize()
        print("ok dequantize", shape, dtype, gs_kind)
