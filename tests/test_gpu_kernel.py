"""The CUDA kernel against the exact reference. Skipped without a GPU (conftest)."""

from __future__ import annotations

import ctypes
import random
import re

import pytest
import torch

import nvfp4_gemv
from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference, task
from helpers import (assert_close_elementwise, capture_cuda_graph, cuda_kernel_names, env_switch, out_memory_cases,
                     random_codes, random_problem, random_scales, sweeps_allowed, tolerance, ulp_of)

pytestmark = pytest.mark.gpu
DEV = "cuda"
OUT_DTYPES = {"fp16": torch.float16, "bf16": torch.bfloat16, "fp32": torch.float32}
BF16_RESCALE_REL = 2.0**-24  # bf16 activations become fp16 after a power-of-two rescale (per column or warp)


def run_op(a, sfa, x, sfx, out_dtype, sfa_layout=0, sfx_layout=0, wgs=None, ags=None, bias=None, tiled=False):
    """The op on canonical operands, output poisoned; tiled: a and its row-major sfa converted to
    the tiled weight format first (format.to_tiled)."""
    ops.load()
    out = torch.full((a.shape[0], a.shape[1], x.shape[1]), float("nan"), dtype=out_dtype, device=DEV)  # poisoned
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
        sfa_layout = reference.TILED
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out)
    return out


@pytest.mark.parametrize("shape", task.TEST_SHAPES + task.BENCHMARK_SHAPES, ids=str)
def test_task_shapes_pass_the_task_check(shape):
    data = task.generate_input(*shape, task.SEED, DEV)
    data[6].fill_(float("nan"))  # every element must be written
    ok, msg = task.check_implementation(data, task.custom_kernel(data))
    assert ok, msg


def _random_case(rng: random.Random, gen: torch.Generator):
    l = rng.choice([1, 1, 2, 3, 8])
    m = rng.choice([1, 7, 8, 9, 15, 17, 33, 127, 129, 255, 300, 513])
    k = 16 * rng.choice([1, 3, 5, 7, 9, 11, 31, 63, 65, 127, 2, 4, 64])  # odd multiples of 16 mostly
    n = rng.choice([1, 1, 2, 3, 4, 8, 9, 16])
    act = rng.choice(["fp4", "fp4", "fp16", "bf16"])
    out = rng.choice(list(OUT_DTYPES))
    return l, m, k, n, act, out


@pytest.mark.parametrize("seed", range(200))
def test_random_shapes_match_reference(seed):
    """Odd M, K = 16 * odd, L up to 8, N 1..16, every activation kind and output dtype, real data."""
    rng, gen = random.Random(seed), torch.Generator().manual_seed(seed)
    l, m, k, n, act, out_name = _random_case(rng, gen)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, act, DEV)
    layout = seed % 2
    if layout:
        sfa_k = fmt.to_blocked(sfa)
        sfx_k = fmt.to_blocked(sfx) if sfx is not None else None
    else:
        sfa_k, sfx_k = sfa, sfx
    got = run_op(a, sfa_k, x, sfx_k, OUT_DTYPES[out_name], layout, layout)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    tol = tolerance(a, sfa, x, sfx, OUT_DTYPES[out_name], extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
    assert_close_elementwise(got, ref, tol, f"L={l} M={m} K={k} N={n} act={act} out={out_name} layout={layout}")


def _match_reference_three_calls(l, m, k, n, act, seed, check_kernels=None, tiled=False):
    """Three calls against the reference (races between warps show up only now and then, run 34);
    returns the three outputs. check_kernels(names), if given, first checks the kernels one call
    launches on the same operands. tiled: the weights in the tiled format (run_op's)."""
    gen = torch.Generator().manual_seed(seed)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, act, DEV)
    if check_kernels is not None:
        check_kernels(cuda_kernel_names(lambda: run_op(a, sfa, x, sfx, torch.float32, tiled=tiled)))
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    tol = tolerance(a, sfa, x, sfx, torch.float32, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
    outs = []
    for rep in range(3):
        outs.append(run_op(a, sfa, x, sfx, torch.float32, tiled=tiled))
        assert_close_elementwise(outs[-1], ref, tol, f"L={l} M={m} K={k} N={n} {act} tiled={tiled} rep {rep}")
    return outs


def _three_calls_bitwise_equal(l, m, k, n, act, seed, check_kernels=None, tiled=False):
    """_match_reference_three_calls, and the three outputs bitwise equal (run to run determinism)."""
    first, *rest = _match_reference_three_calls(l, m, k, n, act, seed, check_kernels, tiled)
    for got in rest:
        assert torch.equal(first, got), "not deterministic"


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("m,k,l,n", [(4096, 4096, 2, 8), (7168, 16384, 1, 8), (700, 2048, 8, 1),
                                     (9, 1024, 300, 1), (1000, 2048, 5, 1), (20000, 8192, 1, 16),
                                     (50000, 1024, 1, 1)], ids=str)
def test_ctas_with_several_segments(m, k, l, n, act):
    """CTAs with many rows: split-K with few row blocks (217 rows per CTA at N = 8; at L = 1 on sm_90
    the tile sweep takes 7168x16384, 15 tiles a cluster), rows crossing
    a batch boundary (two segments; with L = 300 and 9 rows per batch, up to three), N = 16 at
    K = 8192 (packed partial sums, warps sharing 16-row pairs; on sm_90 the tile sweep on two chunks
    a thread, 19 tiles a cluster of 2), and 190 rows per CTA at N = 1. The
    shared partial sums are reused between segments."""
    _match_reference_three_calls(l, m, k, n, act, seed=m + n)


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
def test_long_k_real_data(act):
    gen = torch.Generator().manual_seed(7)
    a, sfa, x, sfx = random_problem(1, 96, 65536, 3, gen, act, DEV)
    got = run_op(a, sfa, x, sfx, torch.float32)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    tol = tolerance(a, sfa, x, sfx, torch.float16, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
    assert_close_elementwise(got, ref, tol, f"K=65536 {act}")
    # fp16 output: within one fp16 ulp of the exactly rounded sum, plus the fp32 accumulation bound
    got16 = run_op(a, sfa, x, sfx, torch.float16)
    assert_close_elementwise(got16, ref, tolerance(a, sfa, x, sfx, torch.float16,
                                                   extra_rel=BF16_RESCALE_REL if act == "bf16" else 0),
                             f"K=65536 {act} fp16 out")


@pytest.mark.parametrize("k0", [0, 1, 15, 16, 17, 31, 32, 100, 255])
def test_one_hot_activation_returns_the_decoded_weight_column(k0):
    gen = torch.Generator().manual_seed(k0)
    l, m, k = 2, 50, 256
    a = fmt.pack_e2m1(random_codes((l, m, k), gen)).to(DEV)
    sfa = random_scales((l, m, k // 16), gen, DEV)
    x = torch.zeros((l, 1, k), dtype=torch.float16, device=DEV)
    x[:, 0, k0] = 1
    got = run_op(a, sfa, x, None, torch.float32)[..., 0]
    w = fmt.dequantize(a, sfa)[..., k0]
    assert torch.equal(got, w), (got - w).abs().max()


@pytest.mark.parametrize("k", [1040, 1024])
def test_blocked_and_row_major_scales_agree(k):
    """Bitwise where both layouts take the same kernel (K % 256 != 0: the register window). At
    K = 1024 row-major scales take the bulk-copy ring on sm_90+, which adds the k-steps in another
    order (warps interleave within a stage): equal within the fp32 accumulation bound there."""
    gen = torch.Generator().manual_seed(3)
    a, sfa, x, sfx = random_problem(3, 200, k, 4, gen, "fp4", DEV)
    plain = run_op(a, sfa, x, sfx, torch.float32)
    blocked = run_op(a, fmt.to_blocked(sfa), x, fmt.to_blocked(sfx), torch.float32, 1, 1)
    if k % 256:
        assert torch.equal(plain, blocked)
    else:
        ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
        tol = tolerance(a, sfa, x, sfx, torch.float32)
        assert_close_elementwise(plain, ref, tol, "row-major")
        assert_close_elementwise(blocked, ref, tol, "blocked")


def _sweep_expected() -> bool:
    """Whether the launch rule takes the row sweep for an aligned row-major W4A4 one-column call
    here (sweep_fits: the integer item allowed too)."""
    return sweeps_allowed("SWEEP") and env_switch("IMMA") != "0"


@pytest.mark.parametrize("l,m,k", [(1, 1, 32), (2, 5, 96), (3, 129, 2048), (1, 300, 7168), (8, 1200, 7168),
                                   (1, 64, 16384), (1, 20, 20480), (2, 33, 30752), (300, 9, 1024),
                                   (1, 9000, 4096), (1, 9000, 3584), (1, 9000, 4064), (1, 7000, 2048),
                                   (5, 4100, 1056), (2, 700, 3072), (1, 1300, 5120), (1, 300, 4096),
                                   (2, 200, 14336), (1, 8000, 4096), (1, 15000, 2048), (1, 1200, 20480),
                                   (2, 4300, 8192), (1, 150000, 4064), (1, 60000, 8192)], ids=str)
def test_row_sweep_shapes_match_reference(l, m, k):
    """W4A4, one column, row-major (sweep_kernel on sm_90): one row; pieces past K (K = 96: 3 of a
    warp's 32; 1056: 33 of 64; 30752: 961 of 1024); one piece a thread where that leaves fewer
    pieces past K than 2 or 4 (sweep_pieces: K = 32, 96 and 1024 on one warp, 3072, 5120 and 7168
    on 3, 5 and 7, 4 rows in flight), at L = 1 where the weights are at most 16 MiB (K = 2048 and
    4096 on 2 and 4 warps, 3 CTAs per SM: 7000 x 2048, 300 x 4096), and up to 256 MiB where it
    holds more warps an SM than 4 pieces (K = 4096, 3584 and 4064 with many rows on 4 warps, 128,
    112 and 127 pieces a row; 2 x 4300 x 8192 on 8); 2 pieces on 1, 2, 4, 7 and 8 warps a row (K =
    1056 and 2048 at L > 1 or past 16 MiB, 4096 with few rows past 16 MiB, 14336, 16384, and past
    256 MiB: 150000 x 4064 on 2 warps, one of 128 pieces past K, 60000 x 8192 on 4) and 4 only
    past K = 16384, on 5 and 8 (20480, 30752); CTAs crossing batch boundaries, up to several
    segments each (300 batches of 9 rows). Groups of 4 rows and more (15000 x 2048 on one warp of 2
    pieces, 60000 x 8192 on 4 warps of 2, 1200 x 20480 on 5 of 4): the hot loop's unchecked
    iterations, then one or two checked ones, some with an odd last row (BENCHMARKS.md items 250,
    252). The sweep kernel is what runs, and three calls agree bitwise."""
    def launched(names):
        assert any("sweep_kernel" in name for name in names), names

    _three_calls_bitwise_equal(l, m, k, 1, "fp4", seed=l + m + k, check_kernels=launched if _sweep_expected() else None)


def _check_epilogue(call, ref, accumulation, kernel: str, expected: bool, label: str):
    """call(out) into a NaN-poisoned output of every dtype, of ref's shape with strided rows (and
    columns, on a padded stride): `kernel` runs exactly when expected, and each output is within
    accumulation plus one ulp of the output dtype of ref."""
    l, m, n = ref.shape
    for name, dtype in OUT_DTYPES.items():
        out = torch.full((l, n, m + 3), float("nan"), dtype=dtype, device=DEV)[..., :m].transpose(1, 2)
        names = cuda_kernel_names(lambda: call(out))
        assert any(kernel in n for n in names) == expected, names
        assert_close_elementwise(out, ref, accumulation + ulp_of(ref, dtype), f"{label} {name}")


def _sweep16_expected() -> bool:
    """Whether W4A16 one-column row-major calls take sweep16_kernel here where the W4A4 sweep would
    hold 2 pieces a thread (sweep16_fits)."""
    return sweeps_allowed("SWEEP16")


def _sweep16_launched(names, pieces: int, warps: int, bf16: bool | None = None) -> bool:
    """Whether sweep16_kernel<pieces, warps, ...> is among the launched kernel names (bf16: its
    third template argument too, where given). Under NVFP4_GEMV_SWEEP16_SHAPE (a forced shape) any
    sweep16_kernel counts: the tests then check the forced shapes' outputs only."""
    if env_switch("SWEEP16_SHAPE") is not None:
        return any("sweep16_kernel" in name for name in names)
    act = "" if bf16 is None else f" ?{str(bf16).lower()},"
    return any(re.search(rf"sweep16_kernel<{pieces}, ?{warps},{act}", name) for name in names)


@pytest.mark.parametrize("act", ["fp16", "bf16"])
@pytest.mark.parametrize("l,m,k", [(1, 1, 32), (2, 5, 96), (3, 129, 2048), (1, 301, 7168), (4, 1201, 7168),
                                   (1, 63, 16384), (300, 9, 1024), (1, 7001, 2048), (1, 77, 5120),
                                   (1, 2049, 1024), (1, 4097, 4096), (1, 3001, 6144), (1, 8193, 7168),
                                   (1, 77, 16640), (1, 300, 18944), (1, 33, 16416), (1, 97, 22528),
                                   (1, 130, 24576), (1, 67, 26624), (1, 1001, 28672), (1, 31, 30720),
                                   (1, 129, 32768), (1, 65, 10240), (1, 9, 12288), (1, 133, 14336),
                                   (4, 3001, 4096)],
                         ids=str)
def test_w4a16_row_sweep_shapes_match_reference(l, m, k, act):
    """W4A16 at one column, row-major (sweep16_kernel on sm_90; on 100+ SMs 2 pieces a thread, and
    one at L = 1 where K = 1024 x an odd number or K <= 1024: K = 32, 1024, 5120, 7168, or where
    the weights are at most 16 MiB: 2048 with 7001 rows on 2 warps, 4096 on 4, 6144 on 6; but 2
    pieces on 4 warps on 8193x7168, a long stream where one piece holds fewer warps an SM,
    sweep_warps_per_sm): rows in pairs with an odd last row (M odd), pieces past K (96, 7168),
    1-8 warps a row, CTAs crossing batches (bf16: each batch its own exponent), bf16 at L = 1 on
    one CTA an SM with the groups of two sharing x's conversion (items 241-242: K = 10240 on 5,
    12288 on 6 with 5 row pairs, 14336 on 7, 16384 on 8; a group with no pair still converts its
    share); past K = 16384 at L = 1 one group a CTA: one piece a thread on 17..24 warps (item 202: K =
    16416 on 17, the last warp's pieces but one past K; 16640 on 17, 18944 on 19, 22528 on 22,
    24576 on 24), 2 pieces on 13..16 (item 200: 26624 on 13, 28672 on 14, 30720 on 15, 32768 on
    16; their row pairs' mma in two accumulator chains, item 239); batches of thousands of rows
    (4 x 3001 x 4096: the sweep wherever 2 pieces fit 8 warps at L > 1, item 332, where the W4A4
    2-or-4 rule had given the row tiles); three calls bitwise equal."""
    def launched(names):
        assert any("sweep16_kernel" in name for name in names), names
        if k > 16384:  # one piece on 17..24 warps a row, else 2 pieces on 13..16
            pieces = 1 if -(-k // 1024) <= 24 else 2
            warps = -(-k // (1024 * pieces))
            assert _sweep16_launched(names, pieces, warps), names

    _three_calls_bitwise_equal(l, m, k, 1, act, seed=l + m + k + len(act),
                               check_kernels=launched if _sweep16_expected() else None)


def test_w4a16_row_sweep_bf16_column_scale_and_epilogue():
    """bf16 activations far outside fp16's range in both directions (the column exponent, one per
    batch), within the bound of the exactly rescaled values; and the epilogue: global scales, bias,
    every output dtype, a strided output."""
    gen = torch.Generator().manual_seed(31)
    l, m, k = 2, 700, 4096
    a, sfa, x, sfx = random_problem(l, m, k, 1, gen, "bf16", DEV)
    x = x.clone()
    x[0] *= 2.0**100
    x[1] *= 2.0**-100
    got = run_op(a, sfa, x, None, torch.float32)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(got, ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL),
                             "bf16 rescaled per batch")
    x = random_problem(l, m, k, 1, gen, "fp16", DEV)[2]
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, None, 0, 0, wgs, ags, bias, torch.float64)
    accumulation = tolerance(a, sfa, x, None, torch.float32) * 0.37 * 2.5 + bias.abs().double().reshape(1, -1, 1) * 2**-23
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "sweep16_kernel", _sweep16_expected(), "sweep16 epilogue")


def _magnitudes_along_k(x):
    """bf16 x (l, n, k) times 2^-30 .. 2^30, one power of two per 256 values along K."""
    chunk = torch.arange(x.shape[-1], device=x.device) // 256
    return (x.double() * torch.exp2(((chunk * 37) % 61 - 30).double()).reshape(1, 1, -1)).to(torch.bfloat16)


def _check_bf16_sweep16(a, sfa, x, label: str):
    """bf16 x through the op: sweep16_kernel runs where expected, and the output (poisoned first)
    is within the bound of the exactly rescaled values (BF16_RESCALE_REL)."""
    if _sweep16_expected():
        names = cuda_kernel_names(lambda: run_op(a, sfa, x, None, torch.float32))
        assert any("sweep16_kernel" in name for name in names), names
    got = run_op(a, sfa, x, None, torch.float32)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(got, ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL),
                             label)


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k", [(1, 32), (5, 96), (301, 7168), (63, 16384), (7001, 2048), (77, 5120),
                                 (1201, 14336), (4097, 4096), (2, 8192), (3, 8224)], ids=str)
def test_row_sweep16_two_columns_match_reference(m, k, act):
    """Two columns, L = 1 (sweep16_kernel with both columns' pieces in registers, sm_90), fp16 /
    bf16 x and FP4 x (W4A4 on the same kernel, its codes decoded as the weights'): one piece a
    thread up to K = 8192 (1-8 warps a row, 2 row pairs in flight), two beyond (8224: 2 of 514
    pieces past K on 8 warps; 14336 on 7, 16384 on 8; one pair in flight); odd M, pieces past K
    (96, 7168), one row. The sweep is what runs; three calls bitwise equal."""
    def launched(names):
        assert any("sweep16_kernel" in name for name in names), names

    _three_calls_bitwise_equal(1, m, k, 2, act, seed=m + k + len(act) + 2,
                               check_kernels=launched if _sweep16_expected() else None)


@pytest.mark.parametrize("k", [4096, 16384], ids=str)
def test_w4a16_row_sweep_two_columns_scales_and_epilogue(k):
    """Two columns (1 piece a thread at K = 4096, 2 at 16384): bf16 columns 2^200 apart in
    magnitude (each column its own exponent: one shared would flush the small column to zero), the
    second column on its own 16-byte aligned stride; then the epilogue: global scales, bias, every
    output dtype, into a NaN-poisoned output with strided rows and columns."""
    gen = torch.Generator().manual_seed(k + 7)
    m = 901
    a, sfa, x, sfx = random_problem(1, m, k, 2, gen, "bf16", DEV)
    x_wide = torch.zeros(1, 2, k + 64, dtype=torch.bfloat16, device=DEV)
    x_wide[..., :k] = x
    x = x_wide[..., :k]  # x_col_stride = k + 64
    x[0, 0] *= 2.0**100
    x[0, 1] *= 2.0**-100
    _check_bf16_sweep16(a, sfa, x, "bf16 columns rescaled each")
    x = random_problem(1, m, k, 2, gen, "fp16", DEV)[2]
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, None, 0, 0, wgs, ags, bias, torch.float64)
    accumulation = tolerance(a, sfa, x, None, torch.float32) * 0.37 * 2.5 + bias.abs().double().reshape(1, -1, 1) * 2**-23
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "sweep16_kernel", _sweep16_expected(), "two-column epilogue")


def _padded_fp4_x(m, k, n, gen):
    """FP4 x of n columns with every code, its scales over the whole E4M3 range (2^-9 .. 448: each
    decoded value exact in fp16 as E2M1 * scale * 2^-7), its columns and scale rows on padded
    strides (16- and 2-byte aligned)."""
    _, _, x, _ = random_problem(1, m, k, n, gen, "fp4", DEV)
    x_wide = torch.zeros(1, n, k // 2 + 32, dtype=torch.uint8, device=DEV)
    x_wide[..., : k // 2] = x
    sfx_wide = torch.zeros(1, n, k // 16 + 2, dtype=torch.uint8, device=DEV)
    sfx_wide[..., : k // 16] = random_scales((1, n, k // 16), gen, DEV)
    return x_wide[..., : k // 2], sfx_wide[..., : k // 16]


def _epilogue_case(a, sfa, x, sfx, gen):
    """Global scales 0.37 and 2.5 and a random fp32 bias: (wgs, ags, bias, the float64 reference,
    the fp32 accumulation bound: the products' scaled by alpha, the bias's own rounding)."""
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(a.shape[1], generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, sfx, 0, 0, wgs, ags, bias, torch.float64)
    accumulation = tolerance(a, sfa, x, sfx, torch.float32) * 0.37 * 2.5 + bias.abs().double().reshape(1, -1, 1) * 2**-23
    return wgs, ags, bias, ref, accumulation


@pytest.mark.parametrize("k", [4096, 16384], ids=str)
def test_w4a4_two_columns_scales_strides_and_epilogue(k):
    """FP4 x at two columns on sweep16_kernel (1 piece a thread at K = 4096, 2 at 16384): every
    code of both operands, both scales over the whole E4M3 range (2^-9 .. 448: each decoded value
    exact in fp16 as E2M1 * scale * 2^-7), x's columns and their scale rows on padded strides
    (16-byte and 2-byte aligned), then global scales, bias and every output dtype into a
    NaN-poisoned output with strided rows and columns. Where a stride breaks the sweep's alignment
    (odd scale rows) the row tiles run, with the same answer."""
    gen = torch.Generator().manual_seed(k + 11)
    m = 901
    a, sfa, _, _ = random_problem(1, m, k, 2, gen, "fp4", DEV)
    x, sfx = _padded_fp4_x(m, k, 2, gen)
    wgs, ags, bias, ref, accumulation = _epilogue_case(a, sfa, x, sfx, gen)
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "sweep16_kernel", _sweep16_expected(), "W4A4 two columns")
    sfx_odd = torch.zeros(1, 2, k // 16 + 1, dtype=torch.uint8, device=DEV)
    sfx_odd[..., : k // 16] = sfx
    sfx_odd = sfx_odd[..., : k // 16]  # scale rows 1 byte off a 16-bit word: not the sweep
    out = torch.full((1, m, 2), float("nan"), dtype=torch.float32, device=DEV)
    names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx_odd, 0, 0, wgs, ags, bias, out))
    assert not any("sweep16_kernel" in n for n in names), names
    assert_close_elementwise(out, ref, accumulation + ulp_of(ref, torch.float32), "W4A4 two columns, odd scale rows")


def _sweep8_expected() -> bool:
    """Whether aligned row-major calls of 3..16 columns at L = 1 take sweep8_kernel here (sweep8_fits)."""
    return sweeps_allowed("SWEEP8")


def _sweep8_rule_shape() -> bool:
    """Whether the tile sweep takes the launch rule's shape here (the tests' expected chunks and
    column blocks), not one forced by NVFP4_GEMV_SWEEP8_SHAPE: under it these tests check the
    forced shapes' outputs only."""
    return env_switch("SWEEP8_SHAPE") is None


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k,n", [(1, 256, 3), (17, 768, 8), (301, 4096, 5), (1001, 4352, 8), (77, 12288, 5),
                                   (1201, 14336, 8), (63, 16384, 7), (4097, 2048, 6), (2001, 14336, 8),
                                   (3000, 16384, 6), (130, 14336, 4), (999, 16384, 3),
                                   (17, 768, 16), (301, 2048, 9), (301, 4096, 16), (1001, 4352, 12),
                                   (77, 12288, 16), (130, 14336, 11), (1201, 14336, 13), (63, 16384, 16),
                                   (3000, 16384, 10), (5000, 14336, 9), (14336, 4096, 16), (32000, 4352, 12),
                                   (2000, 5120, 7), (2000, 6144, 4), (4096, 14336, 8), (8000, 5120, 4),
                                   (8192, 14336, 5), (5120, 6144, 6)],
                         ids=str)
def test_tile_sweep_matches_reference(m, k, n, act):
    """3..16 columns at L = 1 (sweep8_kernel on sm_90): K over a cluster of
    1 CTA (K <= 4096), 2 (4352: 136 chunks of 32 as 72 + 64), 3 (12288) and 4 (1201x14336: 4 x 112
    chunks; 63x16384: 4 x 128) of 2 chunks a thread, fp16 and FP4 x through registers over several
    tiles a cluster (item 312 on the H200: 2001x14336, 3000x16384, 4096x14336, 8192x14336, which the
    copies would take on clusters of 2 of 4 chunks); 2 CTAs of 4 chunks where a cluster takes one
    tile (999x16384: 2 x 256; bf16 x on 2 chunks, item 196), and one CTA of 4 where 4096 < K <= 8192
    (item 198: 2000x5120, warps 8-15 skip their last piece, and 2000x6144), on 3 stages reused over 4
    tiles at 8000x5120 (item 304); the 4-chunk kernels stream a tile as 4 units (item 328), 2 in
    flight on those one-tile CTAs and on 999x16384's, a tile's 4 where a CTA takes several
    (8000x5120), but 2 chunks on clusters of 2 over several rounds where single CTAs of 4 would
    save less than 20% of the work over two rounds or 30% over more (items 318, 330: 5120x6144);
    3-4 columns where K > 8192 (130x14336, 999x16384); 9..16 columns
    on one chunk a thread, two blocks of 8 columns:
    one CTA (K = 768, 2048), clusters of 2 (4096), 3 (4352: 3 x 48 chunks, the last 40), 6 (12288),
    7 (130x14336: one round) and 8 (16384, and 1201x14336 as 8 x 56 chunks: more CTAs at the same
    rounds, item 195), and on two chunks where a cluster takes enough tiles (item 197; on the H200:
    5000x14336 on clusters of 4 x 112 chunks, the second piece partly past K; 14336x4096 on single
    CTAs; 32000x4352 on clusters of 2 as 72 + 64 chunks, the last CTA's second piece empty);
    K = 256 and 768 leave most warps' chunks past K; M not a multiple of 16 (a partial last
    tile), one row; columns past N zero. The tile sweep is what runs; three calls bitwise equal."""
    if n > 8:  # two column blocks, one chunk a thread or two (Sweep8Shape)
        pieces = ("2" if (m, k) in ((5000, 14336), (14336, 4096), (32000, 4352)) else "1") if _h200() else "[12]"
        shape = (pieces, 2)
    else:
        four = ((999, 16384), (2000, 5120), (2000, 6144), (8000, 5120))  # one tile a cluster, or single CTAs
        shape = (4 if (m, k) in four and act != "bf16" else 2, 1) if _h200() else None
    _check_tile_sweep(m, k, n, act, shape)


def _h200() -> bool:
    """Whether the device is one the tile sweep's model was measured on (132 SMs: H100 / H200)."""
    return torch.cuda.get_device_properties(DEV).multi_processor_count == 132


def _check_tile_sweep(m, k, n, act, shape):
    """One tile-sweep case: sweep8_kernel runs (where the switches allow it), of Sweep8Shape shape =
    (chunks a thread, a regex part; column blocks) unless None; the output matches the reference in
    three calls, bitwise equal."""
    def launched(names):
        names = [name for name in names if "sweep8_kernel<" in name]
        assert names, "the tile sweep did not run"
        if shape is not None and _sweep8_rule_shape():
            pieces, blocks = shape
            row_major_16 = rf"sweep8_kernel<\d+, ?{pieces}, ?{blocks}, ?false, ?false>"  # 16-byte scale rows
            assert all(re.search(row_major_16, name) for name in names), names

    _three_calls_bitwise_equal(1, m, k, n, act, seed=m + k + n + len(act),
                               check_kernels=launched if _sweep8_expected() else None)


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k,n", [(77, 18944, 2), (300, 18944, 4), (3000, 18944, 5), (1000, 28672, 8),
                                   (64, 28672, 12), (129, 32768, 16), (500, 32768, 3)], ids=str)
def test_tile_sweep_past_the_row_sweeps(m, k, n, act):
    """16384 < K <= 32768 at L = 1, where no row sweep holds a row of several columns: 2..16 columns
    on the tile sweep (BENCHMARKS.md item 199; one column takes the row sweeps), clusters of 5
    (K = 18944: 5 x 120 chunks, the last 112) and 8 (28672: 8 x 112, item 201; 32768: 8 x 128)
    CTAs of 2 chunks a thread (3000x18944 too: fp16 and FP4 x through registers, item 312, where the
    copies would take 3 CTAs of 4 chunks); 9..16 columns on 2 chunks (one would need clusters past
    8). M not a multiple of 16 (77 rows: 5 tiles, the last partial), columns
    past N zero. Three calls bitwise equal."""
    shape = (2, 2) if n > 8 else (2, 1)
    _check_tile_sweep(m, k, n, act, shape if _h200() else None)


@pytest.mark.parametrize("m,k", [(33000, 8192), (22001, 8192)], ids=str)
def test_tile_sweep_two_columns_past_the_row_sweep_bound(m, k):
    """Two FP4 columns on row-major weights past the two-column row sweep's one-piece bound (96
    MiB, sweep16_fits): the tile sweep, not the row tiles, past 2^27 bytes (33000x8192: 152 MB, a
    partial last tile; item 273) and below it from K = 8192 (22001x8192: 101 MB, items 334-335;
    90001x2048 takes the row tiles, test_few_columns_below_k_8192_take_the_row_tiles). Three
    calls bitwise equal."""
    _check_tile_sweep(m, k, 2, "fp4", None)


def _k_sections(k: int, act: str) -> int:
    """The K sections the launch rule takes for one column at L = 1 past K = 32768 on sm_90
    (k_sections_plan, restated): the fewest equal sections of a multiple of 32 values the sweep
    holds (W4A4 32768, W4A16 16384 values a section); 0 for none."""
    if k <= 32768:
        return 0
    most = 32768 if act == "fp4" else 16384
    return next((s for s in range(2, 17) if k % (32 * s) == 0 and k // s <= most), 0)


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("m,k", [(77, 53248), (300, 36864), (33, 131072), (129, 32800), (1, 40960), (65, 32784)],
                         ids=str)
def test_k_sections_past_the_row_sweeps(m, k, act):
    """One column at L = 1 past K = 32768 (BENCHMARKS.md item 204): the row sweep over K's sections
    as batches, then reduce_splits_kernel adding each row's sections in order: W4A4 in 2 of 26624,
    18432 and 20480, 4 of 32768 (K = 131072) and 5 of 6560 (32800 = 32 x 1025); W4A16 in 4 of
    13312, 10240 and 32768 / 4, 3 of 12288, 8 of 16384, 5 of 6560; one row. K = 32784 (16 x odd)
    takes no sections (the row tiles). Three calls bitwise equal."""
    sections = _k_sections(k, act)

    def launched(names):
        sweep = "sweep_kernel" if act == "fp4" else "sweep16_kernel"
        assert any(sweep in name for name in names) == (sections > 0), names
        assert any("reduce_splits_kernel" in name for name in names) == (sections > 0), names

    expected = _sweep_expected() if act == "fp4" else _sweep16_expected()
    _three_calls_bitwise_equal(1, m, k, 1, act, seed=m + k + len(act), check_kernels=launched if expected else None)


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k,n,sections", [(33, 65536, 16, True), (1001, 53248, 12, True), (9000, 40960, 5, True),
                                            (77, 53248, 2, False), (300, 33024, 8, False), (64, 41088, 8, False)],
                         ids=str)
def test_k_sections_of_the_tile_sweep(m, k, n, sections, act):
    """Several columns at L = 1 past K = 32768 (BENCHMARKS.md item 205): the tile sweep once a K
    section (the fewest of a multiple of 256 values it holds: 2 of 32768 at 16 columns, 2 of 26624
    on clusters of 8 at 12, 2 of 20480 on 22 clusters of 5 at 5 columns, each cluster 26 of the 9000
    rows' 563 tiles), each into the workspace, then reduce_splits_kernel in section order; at 3..8
    columns only where a launch's clusters take at least 24 tiles (k_tile_sections_plan; 300 rows:
    one), never at 2; K = 41088 (256 x 160.5) in none. Without sections the row tiles split K. M
    not a multiple of 16. Three calls bitwise equal."""
    def launched(names):
        assert any("sweep8_kernel" in name for name in names) == sections, names
        assert any("reduce_splits_kernel" in name for name in names), names

    _three_calls_bitwise_equal(1, m, k, n, act, seed=m + k + n + len(act),
                               check_kernels=launched if _sweep8_expected() else None)


@pytest.mark.parametrize("act,n", [("fp4", 1), ("fp16", 1), ("fp16", 12)])
def test_k_sections_epilogue(act, n):
    """K sections (53248: FP4 in 2, fp16 in 4 row-sweep batches, 12 fp16 columns in 2 tile-sweep
    launches) with global scales and bias, every output dtype into a NaN-poisoned strided output:
    the sections' sums carry no alpha or bias, the reduction applies both once."""
    gen = torch.Generator().manual_seed(53 + n)
    m, k = 301, 53248
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, DEV)
    wgs, ags, bias, ref, accumulation = _epilogue_case(a, sfa, x, sfx, gen)
    expected = _sweep8_expected() if n > 1 else _sweep_expected() if act == "fp4" else _sweep16_expected()
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "reduce_splits_kernel", expected, f"k sections epilogue {act}")


# One case per epilogue (l, m, k, n, x, weights, the kernel it should take, its launch switch):
# the row sweep (L = 1 and 2), the W4A16 row sweep (one and two columns), the tile sweep (one CTA
# and a cluster), the band sweep (a cluster of 2 and one CTA), K sections (reduce_splits_kernel),
# the row tiles (L = 3, and the blocked scale layout), and the dynamic W4A4 path.
ROW_SCALE_CASES = [
    (1, 1201, 16384, 1, "fp4", "row-major", "sweep_kernel", "SWEEP"),
    (2, 301, 4096, 1, "fp4", "row-major", "sweep_kernel", "SWEEP"),
    (1, 1201, 7168, 1, "bf16", "row-major", "sweep16_kernel", "SWEEP16"),
    (1, 301, 4096, 2, "fp16", "row-major", "sweep16_kernel", "SWEEP16"),
    (1, 901, 4096, 8, "fp4", "row-major", "sweep8_kernel", "SWEEP8"),
    (1, 901, 16384, 16, "bf16", "row-major", "sweep8_kernel", "SWEEP8"),
    (1, 7168, 16384, 1, "fp4", "tiled", "band16_kernel", "BAND16"),
    (1, 300, 4096, 1, "bf16", "tiled", "band16_kernel", "BAND16"),
    (1, 301, 53248, 1, "fp4", "row-major", "reduce_splits_kernel", "SWEEP"),
    (3, 129, 4352, 3, "fp16", "row-major", "gemv_kernel", None),
    (1, 300, 2048, 1, "fp4", "blocked", "gemv_kernel", None),
    (1, 1201, 4096, 1, "dynamic", "row-major", None, None),
]


@pytest.mark.parametrize("l,m,k,n,act,layout,kernel,switch", ROW_SCALE_CASES, ids=str)
def test_weight_global_scale_per_row_is_each_rows_own_scale(l, m, k, n, act, layout, kernel, switch):
    """weight_global_scale as one scale per row [M] (fused shards whose scales differ; NVFP4Linear
    from_quantized_shards): with the activation's scale and a bias, into NaN-poisoned fp16 and fp32
    outputs, every row equals bitwise the same call with that row's scale as the one weight scale
    (the epilogue forms the same two products; same M, so the same plan and sums)."""
    gen = torch.Generator().manual_seed(m + k + n)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, "bf16" if act == "dynamic" else act, DEV)
    values = (0.5, 2.0 ** -7, 3.0)
    which = torch.randint(0, len(values), (m,), generator=gen).to(DEV)
    per_row = torch.tensor(values, device=DEV)[which]
    ags, bias = torch.tensor([1.75], device=DEV), torch.randn(m, generator=gen).to(DEV)
    sfa_layout = 0
    if layout == "tiled":
        a, sfa = fmt.to_tiled(a, sfa)
        sfa_layout = reference.TILED
    elif layout == "blocked":
        sfa, sfa_layout = fmt.to_blocked(sfa), reference.BLOCKED

    def call(wgs, dtype):
        out = torch.full((l, m, n), float("nan"), dtype=dtype, device=DEV)
        if act == "dynamic":
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, sfa_layout, wgs, ags, bias, out)
        else:
            torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, sfa_layout, 0, wgs, ags, bias, out)
        return out

    if switch is not None and (_sweep_expected() if switch == "SWEEP" else sweeps_allowed(switch)):
        names = cuda_kernel_names(lambda: call(per_row, torch.float32))
        assert any(kernel in name for name in names), names
    for dtype in (torch.float16, torch.float32):
        got = call(per_row, dtype)
        for i, v in enumerate(values):
            rows = which == i
            want = call(torch.tensor([v], device=DEV), dtype)
            assert torch.equal(got[:, rows], want[:, rows]), f"rows of scale {v}, {dtype}"


@pytest.mark.parametrize("m,k,n", [(901, 4096, 8), (901, 16384, 8), (2001, 14336, 8), (901, 16384, 16),
                                   (513, 4096, 12)], ids=str)
def test_tile_sweep_scales_strides_and_epilogue(m, k, n):
    """sweep8_kernel at 8 columns (one CTA at K = 4096, a cluster of 4 at 901x16384 and, bf16 x on
    2 chunks a thread since item 196, at 2001x14336; the FP4 part of 2001x14336 on 2 CTAs of 4 chunks)
    and at 12 and 16 (two column blocks: clusters of 2 at K = 4096, of 8 at 16384): bf16 columns
    2^200 apart in magnitude, on a padded 16-byte aligned column stride (each warp and column its
    own power of two: a shared one would flush the small columns to zero); FP4 x with every code
    and both scales over the whole E4M3 range, its columns and scale rows on padded strides; then
    global scales, bias and every output dtype into a NaN-poisoned output with strided rows and
    columns. With x's columns 8 bytes off 16-byte alignment another kernel runs, same answer."""
    gen = torch.Generator().manual_seed(k + 13 + n)
    a, sfa, x, _ = random_problem(1, m, k, n, gen, "bf16", DEV)
    x_wide = torch.zeros(1, n, k + 64, dtype=torch.bfloat16, device=DEV)
    x_wide[..., :k] = x
    x = x_wide[..., :k]
    x[0, 0::2] *= 2.0**100
    x[0, 1::2] *= 2.0**-100
    expected = _sweep8_expected()
    names = cuda_kernel_names(lambda: run_op(a, sfa, x, None, torch.float32))
    assert any("sweep8_kernel" in name for name in names) == expected, names
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(run_op(a, sfa, x, None, torch.float32), ref,
                             tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL),
                             "bf16 columns rescaled each")
    x_off = torch.zeros(1, n, k + 4, dtype=torch.bfloat16, device=DEV)[..., :k]  # column stride k + 4
    x_off.copy_(x)
    names = cuda_kernel_names(lambda: run_op(a, sfa, x_off, None, torch.float32))
    assert not any("sweep8_kernel" in name for name in names), names
    assert_close_elementwise(run_op(a, sfa, x_off, None, torch.float32), ref,
                             tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL),
                             "bf16 columns 8 bytes off alignment")
    xf, sfx = _padded_fp4_x(m, k, n, gen)
    wgs, ags, bias, ref, accumulation = _epilogue_case(a, sfa, xf, sfx, gen)
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, xf, sfx, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "sweep8_kernel", expected, "tile sweep epilogue")


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k,n", [(301, 2080, 8), (77, 4384, 6), (130, 2080, 12), (301, 2880, 8), (77, 1152, 12)],
                         ids=str)
def test_tile_sweep_padded_scale_rows_end_mid_word(m, k, n, act):
    """The tile sweep on weight scales whose rows are padded to a 16-byte stride (sweep8_fits takes
    them where K % 256 != 0), so a CTA's last 16-byte scale piece holds fewer than 8 blocks: K =
    2080 (65 chunks of 32 values on one CTA: its 9th scale piece 2 bytes), 4384 (137 chunks on a
    cluster of 2: the second CTA's 65 chunks end mid-piece), 2880 and 1152 (pieces of 4 and 8
    bytes: whole words), and 12 columns (two column blocks).
    The stage's bytes past the row's scales are zero, never the padding's: the padding here holds
    NaN scales (0xFF), which would poison every sum they met. The tile sweep runs, its
    register-staged shapes on the kernels that read 4-byte scale words, a row's last 2 bytes as
    such (items 323, 325: the others' 16-bit loads of the partial piece, ORed, wait early, run 526),
    the copies' shapes (4 chunks, bf16 x at 12 columns) on the 16-byte ones; reference."""
    gen = torch.Generator().manual_seed(m + k + n + len(act))
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, DEV)
    width = -(-(k // 16) // 16) * 16
    padded = torch.full((1, m, width), 0xFF, dtype=torch.uint8, device=DEV)
    padded[..., : k // 16] = sfa
    sfa_padded = padded[..., : k // 16]
    assert sfa_padded.stride(1) % 16 == 0 and (k // 16) % 16 != 0
    names = cuda_kernel_names(lambda: run_op(a, sfa_padded, x, sfx, torch.float32))
    assert any("sweep8_kernel" in name for name in names) == _sweep8_expected(), names
    for name in names:
        kernel = re.search(r"sweep8_kernel<(\d+), ?(\d+), ?(\d+), ?false, ?(true|false)>", name)
        if kernel:
            kind, pieces, blocks, words = kernel.groups()
            staged = pieces in ("1", "2") and not (kind == "2" and blocks == "2")  # kActBF16 is 2
            assert (words == "true") == staged, name
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    extra = BF16_RESCALE_REL if act == "bf16" else 0.0
    assert_close_elementwise(run_op(a, sfa_padded, x, sfx, torch.float32), ref,
                             tolerance(a, sfa, x, sfx, torch.float32, extra_rel=extra), "padded scale rows")


@pytest.mark.parametrize("m,k,n,act", [(5120, 2880, 8, "fp4"), (5120, 2880, 8, "fp16"), (5120, 2880, 8, "bf16"),
                                        (2880, 2880, 16, "fp16"), (2880, 2880, 16, "bf16"), (4864, 896, 3, "bf16"),
                                        (6912, 1152, 12, "bf16"), (301, 4160, 5, "fp4"), (1000, 4128, 8, "fp16"),
                                        (1000, 16448, 12, "fp16"), (1000, 16448, 16, "bf16")], ids=str)
def test_tile_sweep_on_contiguous_scale_rows_of_4_byte_words(m, k, n, act):
    """Row-major scales as checkpoints hold them, contiguous, where K % 256 != 0: rows of K / 16
    bytes, 4-byte aligned where K % 64 == 0 (2880, 896, 4160), which tile-sweep kernels of their own
    read as 4-byte words (item 323: register-staged, bf16 x at 16 columns too, one chunk); not K =
    4128 (258-byte rows), nor bf16 x at 16 columns past K = 16384 (one chunk cannot hold it): those
    take the row tiles. Against the float64 reference."""
    gen = torch.Generator().manual_seed(m + k + n + len(act))
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, DEV)
    assert sfa.is_contiguous() and (k // 16) % 16 != 0
    expected = _sweep8_expected() and k % 64 == 0 and not (act == "bf16" and n > 8 and k > 16384)
    names = cuda_kernel_names(lambda: run_op(a, sfa, x, sfx, torch.float32))
    sweeps = [name for name in names if "sweep8_kernel" in name]
    assert bool(sweeps) == expected, names
    assert all(re.search(r"sweep8_kernel<\d+, ?\d+, ?\d+, ?false, ?true>", name) for name in sweeps), sweeps
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    extra = BF16_RESCALE_REL if act == "bf16" else 0.0
    assert_close_elementwise(run_op(a, sfa, x, sfx, torch.float32), ref,
                             tolerance(a, sfa, x, sfx, torch.float32, extra_rel=extra), "contiguous scale rows")


# (m, k, n, x, weights, factors, the sweep8 shape it takes: (chunks a thread, column blocks)), each
# on single CTAs over 5 rounds (626 tiles on 132 SMs): 2 chunks through registers (the ring of 2
# slots), 4 chunks by the copies on 3 stages, bf16 x at 16 columns on 4 stages (item 317), fp16 x
# there through registers, the tiled format; the ring's halves alone (row scales, biases).
ROW_FACTOR_CASES = [
    (10001, 4096, 8, "fp4", "row-major", "both", ("2", "1")),
    (10001, 4096, 8, "fp16", "row-major", "both", ("2", "1")),
    (10001, 4096, 8, "bf16", "row-major", "both", ("2", "1")),
    (10001, 5120, 8, "fp4", "row-major", "both", ("4", "1")),
    (10001, 2048, 16, "bf16", "row-major", "both", ("1", "2")),
    (10001, 2048, 13, "fp16", "row-major", "both", ("1", "2")),
    (10001, 4096, 8, "fp4", "tiled", "both", ("2", "1")),
    (10001, 5120, 4, "fp16", "tiled", "both", ("4", "1")),
    (10001, 4096, 8, "fp16", "row-major", "scales", ("2", "1")),
    (10001, 5120, 8, "fp4", "row-major", "biases", ("4", "1")),
]


@pytest.mark.parametrize("m,k,n,act,layout,factors,shape", ROW_FACTOR_CASES, ids=str)
def test_tile_sweep_row_factors_over_rounds(m, k, n, act, layout, factors, shape):
    """The tile sweep's single CTAs read each tile's row factors (a weight scale per row, a bias)
    into a ring in shared memory with the next tile's bytes (item 319): over 5 rounds, the ring's
    slots reused, the last tile one row deep, every fp32 output equals bitwise the same call
    without factors times (row scale x act scale), plus the bias, in fp32 (the epilogue's own two
    products and one sum, the 2^-k fixed-point scale being exact on these sums): a factor from
    another row, tile or slot shows."""
    gen = torch.Generator().manual_seed(m + k + n + len(act) + len(factors))
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, DEV)
    sfa_layout = 0
    if layout == "tiled":
        a, sfa = fmt.to_tiled(a, sfa)
        sfa_layout = reference.TILED
    row_scale = (torch.rand(m, generator=gen) * 1.5 + 0.5).to(DEV) if factors != "biases" else None
    ags = torch.tensor([1.75], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV) if factors != "scales" else None

    def call(wgs, ags, bias):
        out = torch.full((1, m, n), float("nan"), dtype=torch.float32, device=DEV)
        torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, sfa_layout, 0, wgs, ags, bias, out)
        return out

    names = cuda_kernel_names(lambda: call(row_scale, ags, bias))
    if _sweep8_expected() and _sweep8_rule_shape():
        assert _sweep8_shapes(names) == {shape}, names
    plain = call(None, None, None)
    alpha = (row_scale * ags if row_scale is not None else ags.expand(m)).reshape(1, m, 1)
    want = plain * alpha + (bias.reshape(1, m, 1) if bias is not None else 0.0)
    got = call(row_scale, ags, bias)
    assert torch.isfinite(plain).all()
    assert torch.equal(got, want), f"{(got != want).sum().item()} outputs differ, first at {(got != want).nonzero()[:3].tolist()}"


@pytest.mark.parametrize("l,m,k", [(1, 1201, 16384), (2, 301, 4096), (3, 7, 2048), (1, 999, 7168),
                                   (1, 1001, 4096), (1, 513, 2048), (1, 301, 28672), (1, 77, 53248)], ids=str)
def test_w4a16_row_sweep_bf16_magnitudes_vary_along_k(l, m, k):
    """bf16 activations whose magnitude changes by up to 2^60 along K (every 256 values), as
    activations with outliers: the values far below their scale's largest fall below fp16's range
    after sweep16_kernel's rescale and round, within the bound of BF16_RESCALE_REL. At L = 1 the
    power of two is each warp's own (BENCHMARKS.md item 173): a sum undone with another warp's
    exponent would be off by a power of two far outside the bound; the CTAs of one piece on 4 and 2
    warps a row (K = 4096, 2048) hold 2 and 4 groups, whose warps v share group 0's exponent; K =
    28672 one group of 14 warps (item 200). At L >
    1 one power of two per column and batch: 8, 2 and 1 warps a row of 2 pieces, 7 of one; odd M,
    CTAs crossing batches; K = 53248 in 4 sections (item 204), each a batch of its own power of
    two."""
    gen = torch.Generator().manual_seed(m + k)
    a, sfa, x, sfx = random_problem(l, m, k, 1, gen, "bf16", DEV)
    _check_bf16_sweep16(a, sfa, _magnitudes_along_k(x), "bf16 magnitudes along K")


@pytest.mark.parametrize("l,m,k,n,kernel,tiled",
                         [(1, 14336, 4096, 1, (2, 2), False), (1, 8193, 7168, 1, (2, 4), False),
                          (1, 1201, 16384, 1, (2, 8), False), (1, 513, 2048, 1, None, False),
                          (2, 301, 4096, 1, None, False), (1, 301, 4096, 2, None, False),
                          (1, 301, 4096, 4, None, False), (1, 301, 7200, 1, None, False),
                          (2, 300, 7200, 8, "tiles", False), (1, 301, 4096, 1, "band", True),
                          (2, 40, 16384, 3, "tiles", True)],
                         ids=str)
def test_w4a16_bf16_tiny_activations_exponent_cap(l, m, k, n, kernel, tiled):
    """bf16 x whose largest magnitude is under 2^-112 (every value a normal bf16, 2^-126 .. 2^-116),
    where the W4A16 sweeps' power of two would pass 127 and is capped there (bf16_sweep_exponent:
    2^e one normal bf16, one multiplication per pair) and the row tiles' goes past it
    (column_exponent, up to 147: pow2_factors' two fp32 factors): nothing lost either way, so
    within the same bound as any bf16 x. One column on 2 pieces of 2, 4 and 8 warps a row (8, 4
    and 2 groups a CTA since items 241-242, the groups sharing one converted copy of x;
    `kernel` = (pieces, warps) checked where the sweep is expected) and on one piece; L = 2 (a
    power of two per batch); 2 and 4 columns (the two-column sweep, the tile sweep); K = 7200 at one
    column (whichever kernel the plan takes); the row tiles' staged activations (`kernel` "tiles":
    gemv_kernel checked; 8 columns at L = 2 and K % 256 != 0, the tiled weight format and its
    bulk-staged activation at K = 16384); the tiled format at one column, where the band sweep
    converts each warp's x with the same capped power of two (`kernel` "band": band16_kernel)."""
    gen = torch.Generator().manual_seed(m + k + n)
    a, sfa, x, _ = random_problem(l, m, k, n, gen, "bf16", DEV)
    x = (x.double().sign() * x.double().abs().clamp(min=2.0**-8, max=8.0) * 2.0**-118).to(torch.bfloat16)
    expected = {"tiles": True, "band": sweeps_allowed("BAND16")}.get(kernel, _sweep16_expected())
    if kernel is not None and expected:
        names = cuda_kernel_names(lambda: run_op(a, sfa, x, None, torch.float32, tiled=tiled))
        assert (any("gemv_kernel" in name for name in names) if kernel == "tiles"
                else any("band16_kernel" in name for name in names) if kernel == "band"
                else _sweep16_launched(names, *kernel, bf16=True)), names
    got = run_op(a, sfa, x, None, torch.float32, tiled=tiled)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(got, ref, tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL),
                             "bf16 under 2^-112")


@pytest.mark.parametrize("m,k", [(65536, 4096), (60000, 3584)], ids=str)
def test_w4a16_bf16_long_streams_match_reference(m, k):
    """bf16 x at one column on a long stream (151 and 121 MB of weights; K = 3584: 16 of the 128
    pieces past K) on 2 pieces of 2 warps a row, whose CTAs' 4 groups share one converted copy of x
    in shared memory (item 231). Random x, three calls against the reference and bitwise equal; x
    whose magnitude changes by up to 2^60 along K (the small values fall below fp16's range and
    round, within BF16_RESCALE_REL); the epilogue (global scales, bias, every output dtype, strided
    output); and x far outside fp16's range both ways with small global scales (each warp's power
    of two undone in fp32; the outputs of x ~ 2^-100 with alpha 2^-40 near fp32's subnormal range,
    within an ulp)."""
    def launched(names):
        assert _sweep16_launched(names, 2, 2, bf16=True), names

    _three_calls_bitwise_equal(1, m, k, 1, "bf16", seed=m + k,
                               check_kernels=launched if _sweep16_expected() else None)
    gen = torch.Generator().manual_seed(k)
    a, sfa, x, _ = random_problem(1, m, k, 1, gen, "bf16", DEV)
    _check_bf16_sweep16(a, sfa, _magnitudes_along_k(x), "bf16 magnitudes along K")
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, None, 0, 0, wgs, ags, bias, torch.float64)
    accumulation = (tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL) * 0.37 * 2.5
                    + bias.abs().double().reshape(1, -1, 1) * 2**-23)
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, wgs, ags, bias, out), ref,
                    accumulation, "sweep16_kernel", _sweep16_expected(), "bf16 sweep epilogue")
    for x_scale, alpha_log2 in ((100, -60), (-100, -40)):
        xs = (x.double() * 2.0**x_scale).to(torch.bfloat16)
        ags = torch.tensor([2.0**alpha_log2], device=DEV)
        got = run_op(a, sfa, xs, None, torch.float32, ags=ags)
        ref = reference.gemv_reference(a, sfa, xs, None, 0, 0, None, ags, None, torch.float64)
        tol = (tolerance(a, sfa, xs, None, torch.float32, extra_rel=BF16_RESCALE_REL) * 2.0**alpha_log2
               + ulp_of(ref, torch.float32))
        assert_close_elementwise(got, ref, tol, f"x 2^{x_scale}, alpha 2^{alpha_log2}")


@pytest.mark.parametrize("l", [1, 2])
def test_row_sweep_epilogue_strides_and_scale_layouts(l):
    """The sweep with global scales, bias and every output dtype, weights rows on a padded stride,
    a strided output (L = 1: rows interleaved over the CTAs; 2: contiguous ranges); the same with
    the activation's scales in the blocked layout, and K = 16 * odd, both falling back to another
    kernel (sweep_act_fits, sweep_fits)."""
    gen = torch.Generator().manual_seed(21 + l)
    m, k = 700, 4096
    a, sfa, x, sfx = random_problem(l, m, k, 1, gen, "fp4", DEV)
    a_pad = torch.zeros((l, m, k // 2 + 64), dtype=torch.uint8, device=DEV)[..., 32 : 32 + k // 2]
    a_pad.copy_(a)
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, sfx, 0, 0, wgs, ags, bias, torch.float64)
    # fp32 accumulation (scaled by alpha), the bias added in fp32, one rounding to the output dtype
    accumulation = tolerance(a, sfa, x, sfx, torch.float32) * 0.37 * 2.5 + bias.abs().double().reshape(1, -1, 1) * 2**-23
    for sfx_layout in (reference.ROW_MAJOR, reference.BLOCKED):
        x_scales = fmt.to_blocked(sfx) if sfx_layout == reference.BLOCKED else sfx
        _check_epilogue(
            lambda out: torch.ops.nvfp4.gemv_out(a_pad, sfa, x, x_scales, 0, sfx_layout, wgs, ags, bias, out), ref,
            accumulation, "sweep_kernel", _sweep_expected() and sfx_layout == reference.ROW_MAJOR,
            f"epilogue sfx {sfx_layout}")
    a_odd, sfa_odd, x_odd, sfx_odd = random_problem(1, 300, 4112, 1, gen, "fp4", DEV)
    names = cuda_kernel_names(lambda: run_op(a_odd, sfa_odd, x_odd, sfx_odd, torch.float32))
    assert not any("sweep_kernel" in name for name in names), names
    _match_reference_three_calls(1, 300, 4112, 1, "fp4", seed=22)


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("l,m,k,n", [(1, 33, 256, 1), (1, 300, 2304, 1), (3, 129, 4352, 2),
                                     (2, 513, 16384, 1), (2, 500, 8192, 16), (1, 17, 30720, 1),
                                     (8, 64, 1024, 9), (1, 4096, 7168, 8)], ids=str)
def test_ring_shapes_match_reference(l, m, k, n, act):
    """Shapes the bulk-copy ring can take on sm_90+ (K % 256 == 0, row-major scales, N <= 8; by
    default only where a CTA's weights are at most 2 stages, everywhere with NVFP4_GEMV_RING=1, as
    scripts/device_run.sh runs this file a second time): the smallest K, a last stage of 256 values
    (K = 2304, 4352), batches, rows that are not a multiple of 16, a k range in two activation
    chunks (N = 1, K = 30720; on sm_90 16-bit x there takes the tile sweep, item 199, and FP4 x
    the row sweep, unless forced), split K (N = 8); N = 9 and 16 check the window kernel beside it
    (at L > 1: at L = 1 on sm_90 the tile sweep takes 9..16 columns)."""
    _match_reference_three_calls(l, m, k, n, act, seed=l * 7 + m + k + n)


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("l,m,k", [(1, 1, 32), (1, 2, 64), (1, 3, 1024), (1, 5, 1056), (1, 7, 1536),
                                   (1, 33, 1600), (3, 255, 2048), (2, 129, 7168), (8, 50, 4096),
                                   (1, 4100, 16384), (1, 301, 40960)], ids=str)
def test_k_span_shapes_match_reference(l, m, k, act):
    """One column, 16-byte rows, row-major scales: the k-span layout (SpanStream) where it pays,
    everywhere with NVFP4_GEMV_SPANS=1 (scripts/device_run.sh runs this file both ways). One row;
    one step holding one or two lanes' k (K = 32, 64); a second step holding one lane's tile-0 k
    (K = 1056), all of tile 0 and none of tile 1 (1536), part of tile 1 (1600); odd row counts
    (the last pair's second row is skipped); batches whose CTAs cross a batch boundary; many rows;
    K past one chunk (40960: the k-span plan splits K). Bitwise equal over the three calls."""
    _three_calls_bitwise_equal(l, m, k, 1, act, seed=3 * l + m + k)


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("l,m,k", [(1, 300, 8448), (3, 129, 16384), (2, 64, 30720), (1, 4100, 16384),
                                   (5, 40, 9216), (1, 77, 2304)], ids=str)
def test_bulk_staged_activation_matches_reference(l, m, k, act):
    """One activation column, K % 256 == 0: on sm_90 the activation arrives by one bulk copy (FP4
    beyond 8192 values, fp16 / bf16 beyond 2048 in one chunk; stage_*_activation_bulk): a chunk
    just past the FP4 bound (K = 8448), batches whose CTAs restage (a fresh barrier per staging),
    two chunks (K = 30720: FP4 bulk, 16-bit loads), many rows, the smallest 16-bit case (2304).
    The same problem (the helper's, same seed) with the activation 8 bytes into a buffer (not
    16-byte aligned) takes the load path; the two must agree bitwise (same staged values, same
    order). Where the aligned call takes a row sweep (sm_90: FP4 sweep_kernel, fp16 / bf16
    sweep16_kernel up to K = 16384; scripts/device_run.sh runs this file with them off too), the
    shifted one cannot (sweep_act_fits, sweep16_fits) and takes the staged kernels, checked
    against the reference instead."""
    seed = l + m + k
    got = _match_reference_three_calls(l, m, k, 1, act, seed=seed)[0]
    a, sfa, x, sfx = random_problem(l, m, k, 1, torch.Generator().manual_seed(seed), act, DEV)
    pad = 8 // x.element_size()
    shifted = torch.empty(x.numel() + pad, dtype=x.dtype, device=DEV)[pad:].view(x.shape)
    shifted.copy_(x)
    assert shifted.data_ptr() % 16 == 8
    if any("sweep" in name for name in cuda_kernel_names(lambda: run_op(a, sfa, x, sfx, torch.float32))):
        names = cuda_kernel_names(lambda: run_op(a, sfa, shifted, sfx, torch.float32))
        assert not any("sweep" in name for name in names), names
        ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
        tol = tolerance(a, sfa, x, sfx, torch.float32, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
        assert_close_elementwise(run_op(a, sfa, shifted, sfx, torch.float32), ref, tol, "8-byte aligned x, not the sweep")
        return
    assert torch.equal(got, run_op(a, sfa, shifted, sfx, torch.float32)), "bulk and load staging differ"


@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
@pytest.mark.parametrize("l,m,k,n", [(1, 1, 16, 1), (1, 33, 80, 2), (1, 300, 2304, 1), (3, 129, 4352, 3),
                                     (2, 1000, 2048, 8), (1, 500, 8192, 16), (1, 4100, 16384, 1),
                                     (9, 20, 1024, 1), (1, 7168, 2048, 4), (4, 1024, 7168, 1),
                                     (1, 50000, 1024, 1), (1, 40, 16384, 1), (2, 100, 8192, 1)], ids=str)
def test_tiled_weights_match_reference(l, m, k, n, act):
    """The tiled weight format: rows and K padded inside tiles (M % 16, K % 128 and K % 32 != 0),
    batches whose rows end mid-tile, split K (N = 8, 16; and at N = 1 where bands are few and K
    long: 40 x 16384, 2 x 100 x 8192, tiled_balance_splits), bulk-staged activations (K = 16384),
    several segments per CTA (50000 rows); three calls, bitwise equal to each other."""
    _check_tiled_three_calls(l, m, k, n, act, seed=m + k + n)


def _check_tiled_three_calls(l, m, k, n, act, seed):
    _three_calls_bitwise_equal(l, m, k, n, act, seed, tiled=True)


@pytest.mark.parametrize("act", ["fp4", "bf16"])
@pytest.mark.parametrize("l,m,k,n", [(1, 7168, 16384, 1), (3, 64, 4176, 3), (1, 256, 16384, 8),
                                     (2, 512, 2048, 2), (1, 32, 40960, 1)], ids=str)
def test_tiled_whole_band_shapes_match_reference(l, m, k, n, act):
    """Tiled weights in whole bands (M % 16 == 0), N <= 8: 7168 x 16384 on 224 CTAs of 2 bands
    (even_row_blocks), K split (32 x 40960), K ending inside a tile (4176), batches, activation
    chunks (N = 8 at K = 16384); three calls, bitwise equal to each other. (Run 124 also ran these through
    a bulk-copy ring for the tiled format, docs/runs/run124/tiled_ring.patch.)"""
    _check_tiled_three_calls(l, m, k, n, act, seed=m + k + n + 1)


@pytest.mark.parametrize("act", ["fp4", "bf16"])
@pytest.mark.parametrize("l,m,k,n", [(2, 40001, 512, 1), (3, 24005, 1024, 3), (1, 151936 // 4, 4096, 1),
                                     (2, 20000, 1536, 8)], ids=str)
def test_tiled_many_bands_per_warp_match_reference(l, m, k, n, act):
    """Several 16-row bands per warp, so that each warp's item range runs through many bands (one
    run of the register window per band): K = 512 (4 k-steps a band, runs of at most one window),
    batches ending mid-band (M % 16 != 0) inside a CTA's rows, N = 3 and 8, a quarter of the
    lm_head. (Run 128 also ran these through a window that flows on across bands,
    docs/runs/run128/flow_window.patch, and run 130 through the front order.)"""
    _check_tiled_three_calls(l, m, k, n, act, seed=m + k + n + 2)


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k", [(1, 2048), (77, 4096), (40, 16384), (7168, 16384), (14336, 4096), (4100, 14336),
                                 (1000, 28672), (33, 32768), (6336, 16384), (6336, 32768), (300, 6144),
                                 (2048, 7168), (4096, 7168), (77, 5120), (300, 3584), (1000, 18944), (33, 11008),
                                 (100, 4160), (50, 2080), (3000, 13824), (17, 32752)], ids=str)
def test_tiled_band_sweep_matches_reference(m, k, act):
    """W4A16 at one column and L = 1 on the tiled format (band16_kernel on sm_90, K from 2048): one
    band of one row, M % 16 != 0 (77, 4100, 1000, 33, 300 rows: a last band partly past M),
    clusters of 2 CTAs splitting K where the bands do not divide over the grid (7168, 14336, 1000
    rows; 40 and 33 rows: 3 bands) and single CTAs where they do or K is no multiple of 4096
    (6336 x 16384, 4100 x 14336, 300 x 6144), x's tiles past 48 KB of shared memory (6336 x 32768 on
    one CTA a cluster: 74 KB); K no multiple of 2048 (kRagged, item 271: each warp's last group
    partly empty, 7168 on one CTA and on 2 of 28 tiles each, 5120, 18944, 11008, 13824 and 3584 on
    2; K ending inside a tile: 4160 on 2 CTAs of 17 and 16 tiles, 2080 on 2 of 9 and 8, 32752 on 2);
    bf16 x with magnitudes 2^-30 .. 2^30 along K (each warp converts its own tiles with its own
    power of two); three calls bitwise equal. FP4 x (W4A4, item 275) takes the band sweep where K
    fills every warp's groups (band16_pays: surely where K % 4096 == 0), the integer row tiles where
    K % 2048 != 0 (checked against the reference all the same)."""
    band = sweeps_allowed("BAND16") and (act != "fp4" or k % 4096 == 0 or env_switch("BAND16") == "1")
    a, sfa, x, sfx, _ = _check_tiled_sweep(m, k, 1, act, m + k + len(act), r"band16_kernel", band, "band sweep")
    if act == "fp4" and k % 2048 != 0 and sweeps_allowed("BAND16") and env_switch("BAND16") != "1":
        ta, tsf = fmt.to_tiled(a, sfa)
        out = torch.empty((1, m, 1), dtype=torch.float32, device=DEV)
        names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None,
                                                                   None, out))
        assert not any("band16_kernel" in name for name in names), names


@pytest.mark.parametrize("out", ["fp16", "bf16", "fp32"])
@pytest.mark.parametrize("act", ["fp4", "fp16", "bf16"])
def test_band_sweep_global_scales_bias_and_outputs(act, out):
    """The band sweep's epilogue (tiled weights, one column, L = 1; FP4 x since item 275, whose sums
    carry 2^-28 where 16-bit x's carry 2^-14): both global scales, a bias, each output dtype, on a
    cluster of 2 CTAs (7168 rows) and 300 rows on one; against the float64 reference, bound: the
    fp32 accumulation's (tolerance) times the scales, the bias's rounding into fp32 and one unit of
    the output dtype at the scaled reference."""
    for m, k in ((7168, 16384), (300, 4096)):
        gen = torch.Generator().manual_seed(m + len(act) + len(out))
        a, sfa, x, sfx = random_problem(1, m, k, 1, gen, act, DEV)
        wgs, ags = torch.tensor([0.01234], device=DEV), torch.tensor([3.5], device=DEV)
        bias = torch.randn(m, generator=gen).to(DEV)
        ta, tsf = fmt.to_tiled(a, sfa)
        got = torch.full((1, m, 1), float("nan"), dtype=OUT_DTYPES[out], device=DEV)
        call = lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, wgs, ags, bias, got)  # noqa: E731
        names = cuda_kernel_names(call)
        assert any("band16_kernel" in name for name in names) == sweeps_allowed("BAND16"), names
        ref = reference.gemv_reference(a, sfa, x, sfx, 0, 0, wgs, ags, bias, torch.float64)
        acc = tolerance(a, sfa, x, sfx, torch.float32, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
        tol = acc * 0.01234 * 3.5 + bias.abs().double().reshape(1, -1, 1) * 2**-23 + ulp_of(ref, OUT_DTYPES[out])
        assert_close_elementwise(got, ref, tol, f"band sweep {m}x{k} {act} -> {out}, global scales + bias")


def _check_tiled_sweep(m, k, n, act, seed, kernel: str, expected: bool, label: str):
    """One case of a sweep on the tiled format at L = 1: bf16 x with magnitudes 2^-30 .. 2^30 along
    K; the kernel matching the regex `kernel` runs where expected; three calls within the float64
    bound and bitwise equal. Returns the operands (row-major) and the output."""
    gen = torch.Generator().manual_seed(seed)
    a, sfa, x, sfx = random_problem(1, m, k, n, gen, act, DEV)
    if act == "bf16":
        x = _magnitudes_along_k(x)
    if expected:
        ta, tsf = fmt.to_tiled(a, sfa)
        out = torch.empty((1, m, n), dtype=torch.float32, device=DEV)
        names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(ta, tsf, x, sfx, reference.TILED, 0, None, None,
                                                                   None, out))
        assert any(re.search(kernel, name) for name in names), names
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    tol = tolerance(a, sfa, x, sfx, torch.float32, extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
    outs = [run_op(a, sfa, x, sfx, torch.float32, tiled=True) for _ in range(3)]
    assert_close_elementwise(outs[0], ref, tol, f"{label} M={m} K={k} N={n} {act}")
    assert torch.equal(outs[0], outs[1]) and torch.equal(outs[0], outs[2]), "not deterministic"
    return a, sfa, x, sfx, outs[0]


@pytest.mark.parametrize("act", ["fp16", "bf16", "fp4"])
@pytest.mark.parametrize("m,k,n", [(1, 256, 3), (17, 800, 8), (301, 4160, 5), (1001, 4352, 8), (2001, 14336, 8),
                                   (7168, 16384, 8), (999, 16384, 3), (2000, 5120, 7), (17, 800, 12),
                                   (301, 4096, 16), (130, 14336, 11), (5000, 14336, 9), (14336, 4096, 16),
                                   (77, 18976, 2), (1000, 28672, 8), (129, 32768, 16), (1, 800, 2),
                                   (301, 4160, 2), (2001, 14336, 2), (4096, 14336, 8), (8192, 14336, 5),
                                   (8000, 5120, 4), (15001, 8192, 2), (16001, 8192, 3)], ids=str)
def test_tiled_tile_sweep_matches_reference(m, k, n, act):
    """2..16 columns at L = 1 on the tiled format (sweep8_kernel<.., true> on sm_90: each CTA
    copies its k tiles of a band as they lie, 1 KB a tile and its 128 scale bytes): the shapes of
    the row-major tile sweep's cases (one CTA, clusters of 2-8, 2 chunks a thread through
    registers over several tiles a cluster at 4096x14336 and 8192x14336 (item 316), 4 chunks where
    fp16 and FP4 x take them: one tile a cluster of 2 at 999x16384, single CTAs at 2000x5120 and
    on 3 stages reused over 4 tiles at 8000x5120; 9..16 columns on one chunk or two), K ending inside a
    tile (800, 4160, 18976: the format's zero padding read as it lies, x zero past K; row-major
    weights of 800 and 18976 take other kernels, their scale rows not 4-byte aligned, while 4160's
    260-byte rows take the tile sweep's 4-byte scale words since item 323), M % 16 != 0
    (the band's padded rows), 2 columns at any K (item 273), 2-3 columns on large layers from K =
    8192 (15001x8192, 16001x8192: item 335; below it the row tiles past 2^16 rows, the test
    below); three calls bitwise equal, and equal to the row-major tile sweep's output bit for bit
    wherever that runs: both layouts take the same shapes (item 316), so the same products summed
    in the same order."""
    a, sfa, x, sfx, got = _check_tiled_sweep(m, k, n, act, m + k + n + len(act) + 5,
                                             r"sweep8_kernel<\d+, ?\d+, ?\d+, ?true, ?false>",
                                             _sweep8_expected(), "tiled tile sweep")
    rows = []  # row-major weights, profiled: compared only where they take the tile sweep too
    names = cuda_kernel_names(lambda: rows.append(run_op(a, sfa, x, sfx, torch.float32)))
    tiled_names = cuda_kernel_names(lambda: run_op(a, sfa, x, sfx, torch.float32, tiled=True))
    # (a forced shape may fit one layout only: 4 chunks need 16-byte scale rows)
    if _sweep8_shapes(names) and (_sweep8_rule_shape() or _sweep8_shapes(names) == _sweep8_shapes(tiled_names)):
        assert _sweep8_shapes(names) == _sweep8_shapes(tiled_names), (names, tiled_names)
        assert torch.equal(got, rows[0]), "tiled and row-major tile sweeps differ"


def _peak_memory_gbps() -> int:
    """The device's peak DRAM bandwidth in GB/s as the launch rule reads it (device_info in
    launch_rule.cuh: memory clock in kHz x bus width in bits / 4e6, truncated), asked of the CUDA
    runtime torch loaded."""
    torch.cuda.init()
    with open("/proc/self/maps") as maps:
        paths = {line.split()[-1] for line in maps if "libcudart.so" in line}
    if not paths:
        pytest.skip("no libcudart.so mapped in this process to read the memory clock and bus width from")
    cudart = ctypes.CDLL(sorted(paths)[0])
    values = []
    for attribute in (36, 37):  # cudaDevAttrMemoryClockRate (kHz), cudaDevAttrGlobalMemoryBusWidth (bits)
        value = ctypes.c_int()
        err = cudart.cudaDeviceGetAttribute(ctypes.byref(value), attribute, torch.cuda.current_device())
        assert err == 0 and value.value > 0, (attribute, err, value.value)
        values.append(value.value)
    return values[0] * values[1] // 4_000_000


def _few_columns_take_the_row_tiles(m, k, n, tiled, mem_gbps) -> bool:
    """sweep8_pays restated (items 335-337) for 2-3 columns at L = 1 below K = 8192: on memory below
    4000 GB/s (the H100) the row tiles past 2^16 rows below K = 2048; else (the H200) past 2^16 rows
    on tiled weights and at three row-major columns below K = 4096, and at two row-major columns
    below 2^27 bytes or K = 4096 (where the tile sweep fits: here, FP4 x past the two-column row
    sweep's 96 MiB); unless NVFP4_GEMV_SWEEP8=1."""
    if n not in (2, 3) or k >= 8192 or env_switch("SWEEP8") == "1":
        return False
    if mem_gbps < 4000:
        return m > 2**16 and k < 2048
    if tiled:
        return m > 2**16
    if n == 2:
        return not (k >= 4096 and m * k // 32 * 18 > 2**27)
    return k < 4096 and m > 2**16


@pytest.mark.parametrize("m,k,n,act,tiled", [(70001, 2048, 2, "bf16", True), (70001, 2048, 2, "fp16", True),
                                             (70001, 2048, 3, "fp4", True), (40001, 4096, 3, "fp16", True),
                                             (120001, 1024, 2, "bf16", True), (33, 1024, 2, "bf16", True),
                                             (15001, 8192, 2, "fp4", True), (90001, 2048, 2, "fp4", False),
                                             (70001, 2048, 3, "fp16", False), (60001, 2048, 3, "bf16", False),
                                             (70001, 4096, 3, "fp4", False), (70001, 1536, 3, "fp16", False),
                                             (65536, 1024, 2, "fp4", True)],
                         ids=str)
def test_few_columns_below_k_8192_take_the_row_tiles(m, k, n, act, tiled):
    """Items 335-337 (sweep8_pays): at 2-3 columns below K = 8192 the row tiles (gemv_kernel), not
    the tile sweep, past 2^16 rows. On the H200's fast memory on tiled weights (70001x2048 at 2
    and 3 columns, 120001x1024) and at three row-major columns below K = 4096 (70001x2048, 1536),
    and on row-major FP4 x at two columns past the two-column row sweep's 96 MiB below 2^27 bytes
    (90001x2048): runs 555 and 557 had the row tiles 6-11 us ahead at K = 2048 on 100000 rows and
    more. On the H100's slower memory below K = 2048 only (120001x1024, row-major 70001x1536 at
    three columns): runs 559 and 561 had them 16-65 us ahead at K <= 1024, 4-6 behind at K = 2048.
    Up to 2^16 rows the tile sweep (tiled 40001x4096 at three columns, row-major 60001x2048 at
    three, a small layer 33x1024, tiled 65536x1024 at the bound), on the H200 at three row-major
    columns from K = 4096 (70001x4096), and from K = 8192 (15001x8192). Each against the float64
    reference; three calls bitwise equal."""
    if not _sweep8_expected():
        pytest.skip("the tile sweep is off here (not sm_90, or NVFP4_GEMV_SWEEP8 / another variant forced)")
    rows = _few_columns_take_the_row_tiles(m, k, n, tiled, _peak_memory_gbps())

    def launched(names):
        assert any("sweep8_kernel" in name for name in names) != rows, names
        assert not rows or any("gemv_kernel<4" in name for name in names), names

    _three_calls_bitwise_equal(1, m, k, n, act, seed=m + k + n, check_kernels=launched, tiled=tiled)


def _sweep8_shapes(names) -> set:
    """The (chunks a thread, column blocks) of the sweep8_kernel instances among kernel names."""
    kernel = r"sweep8_kernel<\d+, ?(\d+), ?(\d+), ?(?:true|false), ?(?:true|false)>"
    found = (re.search(kernel, name) for name in names)
    return {match.groups() for match in found if match}


@pytest.mark.parametrize("n,kernel,switch,seed", [(1, "band16_kernel", "BAND16", 47), (6, "sweep8_kernel", "SWEEP8", 53)],
                         ids=["band sweep", "tile sweep"])
def test_tiled_sweep_epilogues(n, kernel, switch, seed):
    """The tiled format's sweeps' epilogue (the band sweep at one column, the tile sweep at six):
    global scales, bias, fp16 / bf16 / fp32 outputs, a strided output."""
    gen = torch.Generator().manual_seed(seed)
    m, k = 901, 8192
    a, sfa, x, _ = random_problem(1, m, k, n, gen, "bf16", DEV)
    ta, tsf = fmt.to_tiled(a, sfa)
    wgs, ags = torch.tensor([0.37], device=DEV), torch.tensor([2.5], device=DEV)
    bias = torch.randn(m, generator=gen).to(DEV)
    ref = reference.gemv_reference(a, sfa, x, None, 0, 0, wgs, ags, bias, torch.float64)
    accumulation = (tolerance(a, sfa, x, None, torch.float32, extra_rel=BF16_RESCALE_REL) * 0.37 * 2.5
                    + bias.abs().double().reshape(1, -1, 1) * 2**-23)
    _check_epilogue(lambda out: torch.ops.nvfp4.gemv_out(ta, tsf, x, None, reference.TILED, 0, wgs, ags, bias, out),
                    ref, accumulation, kernel, sweeps_allowed(switch), f"tiled {kernel} epilogue")


@pytest.mark.parametrize("seed", range(40))
def test_tiled_random_shapes_match_reference(seed):
    rng, gen = random.Random(1000 + seed), torch.Generator().manual_seed(1000 + seed)
    l, m, k, n, act, out_name = _random_case(rng, gen)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, act, DEV)
    wgs, bias = torch.tensor([0.75], device=DEV), torch.randn(m, generator=gen).to(DEV)
    got = run_op(a, sfa, x, sfx, OUT_DTYPES[out_name], wgs=wgs, bias=bias, tiled=True)
    ref = reference.gemv_reference(a, sfa, x, sfx, 0, 0, wgs, None, bias, torch.float64)
    tol = (tolerance(a, sfa, x, sfx, OUT_DTYPES[out_name], extra_rel=BF16_RESCALE_REL if act == "bf16" else 0)
           + ulp_of(ref, OUT_DTYPES[out_name]) + bias.abs().double().reshape(1, -1, 1) * 2**-23)
    assert_close_elementwise(got, ref, tol, f"tiled L={l} M={m} K={k} N={n} act={act} out={out_name}")


def test_tiled_bad_inputs_raise_clear_errors():
    gen = torch.Generator().manual_seed(12)
    a, sfa, x, sfx = random_problem(1, 40, 256, 1, gen, "fp16", DEV)
    tiles, tile_scales = fmt.to_tiled(a, sfa)
    out = torch.empty((1, 40, 1), dtype=torch.float16, device=DEV)
    ops.load()
    call = torch.ops.nvfp4.gemv_out
    with pytest.raises(RuntimeError, match=r"tiled a for M=40 \(out\) and K=512"):
        call(tiles, tile_scales, torch.cat([x, x], -1), None, 2, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="tiled a must be"):
        call(a, tile_scales, x, None, 2, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="contiguous 1 KB tiles"):
        call(tiles.transpose(3, 2).contiguous().transpose(3, 2), tile_scales, x, None, 2, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match=r"sfa \(tiled\) must have shape"):
        call(tiles, tile_scales[..., :2], x, None, 2, 0, None, None, None, out)
    shifted = torch.empty(tile_scales.numel() + 2, dtype=torch.uint8, device=DEV)[2:].view(tile_scales.shape)
    shifted.copy_(tile_scales)  # each lane reads a 4-byte word of a tile's scales
    with pytest.raises(RuntimeError, match="4-byte aligned"):
        call(tiles, shifted, x, None, 2, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="use gemv_out"):
        torch.ops.nvfp4.gemv(tiles, tile_scales, x, None, 2, 0, None, None, None, torch.float16)


def test_deterministic_run_to_run():
    gen = torch.Generator().manual_seed(4)
    a, sfa, x, sfx = random_problem(2, 1000, 4096, 5, gen, "bf16", DEV)
    first = run_op(a, sfa, x, sfx, torch.float32)
    for _ in range(3):
        assert torch.equal(first, run_op(a, sfa, x, sfx, torch.float32))


def test_non_contiguous_inputs_and_output():
    gen = torch.Generator().manual_seed(5)
    l, m, k, n = 2, 100, 512, 3
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, "fp16", DEV)
    a_pad = torch.zeros((l, m, k // 2 + 32), dtype=torch.uint8, device=DEV)[..., 16 : 16 + k // 2]
    a_pad.copy_(a)  # rows 16-byte aligned with a padded stride
    sfa_t = sfa.transpose(1, 2).contiguous().transpose(1, 2)  # column-major scales
    x_pad = torch.zeros((l, n * 2, k), dtype=torch.float16, device=DEV)[:, ::2]
    x_pad.copy_(x)
    out = torch.full((l, n, m), float("nan"), dtype=torch.float32, device=DEV).transpose(1, 2)
    torch.ops.nvfp4.gemv_out(a_pad, sfa_t, x_pad, None, 0, 0, None, None, None, out)
    ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
    assert_close_elementwise(out, ref, tolerance(a, sfa, x, None, torch.float32), "strided")
    # 8-byte aligned rows (K = 16 * odd) take the 8-byte path
    a8 = torch.zeros((1, 9, 48 // 2 + 8), dtype=torch.uint8, device=DEV)[..., 8:]
    a8.copy_(fmt.pack_e2m1(random_codes((1, 9, 48), gen)).to(DEV))
    s8 = random_scales((1, 9, 3), gen, DEV)
    x8 = torch.randn((1, 1, 48), generator=gen).half().to(DEV)
    got = run_op(a8, s8, x8, None, torch.float32)
    assert_close_elementwise(got, reference.gemv_reference(a8, s8, x8, None, out_dtype=torch.float64),
                             tolerance(a8, s8, x8, None, torch.float32), "8-byte path")


def test_global_scales_and_bias():
    gen = torch.Generator().manual_seed(6)
    a, sfa, x, sfx = random_problem(1, 64, 256, 2, gen, "fp4", DEV)
    wgs = torch.tensor([0.01234], device=DEV)
    ags = torch.tensor([3.5], device=DEV)
    bias = torch.randn(64, generator=gen).to(DEV)
    got = run_op(a, sfa, x, sfx, torch.float32, wgs=wgs, ags=ags, bias=bias)
    ref = reference.gemv_reference(a, sfa, x, sfx, 0, 0, wgs, ags, bias, torch.float64)
    tol = tolerance(a, sfa, x, sfx, torch.float32) * 0.01234 * 3.5 + bias.abs().double() .reshape(1, -1, 1) * 2**-23 + 1e-30
    assert_close_elementwise(got, ref, tol, "global scales + bias")


def test_fp16_output_does_not_overflow_before_the_scale():
    """Sums far above fp16's range, brought back by a small global scale: fp32 epilogue."""
    l, m, k = 1, 8, 4096
    a = fmt.pack_e2m1(torch.full((l, m, k), 7, dtype=torch.uint8)).to(DEV)  # all 6.0
    sfa = fmt.e4m3_encode(torch.full((l, m, k // 16), 448.0)).view(torch.uint8).to(DEV)
    x = torch.full((l, 1, k), 8.0, dtype=torch.float16, device=DEV)
    wgs = torch.tensor([1e-4], device=DEV)
    got = run_op(a, sfa, x, None, torch.float16, wgs=wgs)
    assert torch.allclose(got.float().cpu(), torch.full((l, m, 1), 6 * 448 * 8 * k * 1e-4), rtol=1e-3)


def test_bad_inputs_raise_clear_errors():
    gen = torch.Generator().manual_seed(8)
    a, sfa, x, sfx = random_problem(1, 32, 256, 1, gen, "fp4", DEV)
    out = torch.empty((1, 32, 1), dtype=torch.float16, device=DEV)
    ops.load()
    call = torch.ops.nvfp4.gemv_out
    with pytest.raises(RuntimeError, match="a must be a CUDA tensor"):
        call(a.cpu(), sfa, x, sfx, 0, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="sfa .row-major. must have shape"):
        call(a, sfa[:, :, :-1], x, sfx, 0, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="1..16 columns"):
        call(a, sfa, x.expand(1, 17, -1), sfx.expand(1, 17, -1), 0, 0, None, None, None, torch.empty((1, 32, 17), device=DEV))
    with pytest.raises(RuntimeError, match="out must be"):
        call(a, sfa, x, sfx, 0, 0, None, None, None, out[:, :31])
    with pytest.raises(RuntimeError, match="8-byte aligned"):
        buf = torch.zeros(32 * 128 + 1, dtype=torch.uint8, device=DEV)[1:].view(1, 32, 128)
        call(buf, sfa, x, sfx, 0, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match="x's data pointer and strides must be 4-byte aligned"):
        # columns one bf16 apart (an overlapping view): unit stride is only accepted along K
        xo = torch.randn(258, dtype=torch.bfloat16, device=DEV).as_strided((1, 2, 256), (0, 1, 1))
        call(a, sfa, xo, None, 0, 0, None, None, None, torch.empty((1, 32, 2), device=DEV))
    with pytest.raises(RuntimeError, match="float16, bfloat16 or float32"):
        call(a, sfa, x, sfx, 0, 0, None, None, None, out.to(torch.int32))
    with pytest.raises(RuntimeError, match="needs its scales"):
        call(a, sfa, x, None, 0, 0, None, None, None, out)
    with pytest.raises(RuntimeError, match=r"weight_global_scale must be a float32 tensor with one element or a "
                                           r"contiguous one per row \[32\], got Float \[2\]"):
        call(a, sfa, x, sfx, 0, 0, torch.ones(2, device=DEV), None, None, out)
    with pytest.raises(RuntimeError, match=r"one per row \[32\], got Float \[32\]"):  # not contiguous
        call(a, sfa, x, sfx, 0, 0, torch.ones(64, device=DEV)[::2], None, None, out)
    # A meta tensor among CUDA ones sends the call to the fake implementation (no kernel runs): it
    # refuses, where it had left out unwritten.
    with pytest.raises(ValueError, match=f"sfx must be on a's device {a.device}, got meta"):
        call(a, sfa, x, sfx.to("meta"), 0, 0, None, None, None, out)
    with pytest.raises(ValueError, match=f"out must be on a's device {a.device}, got meta"):
        call(a, sfa, x, sfx, 0, 0, None, None, None, out.to("meta"))


def test_out_must_not_share_memory():
    """The CUDA binding refuses an out whose elements share memory, or that shares bytes with an
    input (the kernel would write it while other CTAs read: a wrong answer, not an error), with
    the messages of the CPU twin (test_reference_and_task); the outs it takes, a permuted one and
    one right after x's bytes, are poisoned first and come out within the tolerance."""
    ops.load()
    for what, args, error in out_memory_cases(DEV):
        a, sfa, x, _, _, _, _, _, bias, out = args
        if error is None:
            out.fill_(float("nan"))
            torch.ops.nvfp4.gemv_out(*args)
            want = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64)
            assert_close_elementwise(out, want, tolerance(a, sfa, x, None, out.dtype), what)
            continue
        with pytest.raises(RuntimeError, match=error):
            torch.ops.nvfp4.gemv_out(*args)
        with pytest.raises(RuntimeError, match=error):
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, bias, out)


def test_public_gemv_layouts():
    gen = torch.Generator().manual_seed(9)
    q = nvfp4_gemv.quantize(torch.randn(300, 512, generator=gen).to(DEV))
    xv = torch.randn(512, generator=gen).to(DEV).to(torch.bfloat16)
    y = nvfp4_gemv.gemv(q.data, q.scales, xv, out_dtype=torch.float32, weight_global_scale=q.global_scale)
    ref = q.dequantize().double() @ xv.double()
    assert y.shape == (300,)
    assert torch.allclose(y.double(), ref, rtol=1e-4, atol=1e-4 * ref.abs().max().item())
    y2 = nvfp4_gemv.gemv(q.data, nvfp4_gemv.to_blocked(q.scales), xv, out_dtype=torch.float32,
                         weight_global_scale=q.global_scale)
    # Not asserted bitwise: on sm_90+ row-major scales may take the bulk-copy ring, which may add
    # the k-steps in another order (test_blocked_and_row_major_scales_agree covers both cases).
    assert torch.allclose(y2.double(), ref, rtol=1e-4, atol=1e-4 * ref.abs().max().item())


def test_opcheck():
    gen = torch.Generator().manual_seed(10)
    a, sfa, x, sfx = random_problem(2, 40, 256, 3, gen, "fp4", DEV)
    ops.load()
    torch.library.opcheck(torch.ops.nvfp4.gemv.default, (a, sfa, x, sfx, 0, 0, None, None, None, torch.float16))
    out = torch.empty((2, 40, 3), dtype=torch.float16, device=DEV)
    torch.library.opcheck(torch.ops.nvfp4.gemv_out.default, (a, sfa, x, sfx, 0, 0, None, None, None, out))


@pytest.mark.parametrize("l,m,k,n,tiled", [(1, 4096, 7200, 8, False), (3, 1000, 7200, 8, False),
                                           (1, 4096, 7200, 8, True), (1, 640, 16512, 1, True)], ids=str)
def test_split_k_with_a_short_last_split(l, m, k, n, tiled):
    """Split K where the last split's k range is short (K = 7200 in 8 splits of 1024: the last has
    32 values; 16512 in 15 of 1152: 384), so that its CTAs finish long before their row blocks'
    other splits; 3 x 1000 rows give CTAs two segments (a batch ends inside them). Three eager
    calls (bitwise equal), then a CUDA graph replayed with other inputs, each replay bitwise equal
    to an eager call. (Run 178 ran it on a GEMV that added its splits up inside, in each row
    block's last split: docs/runs/run178/inkernel_reduce.patch.)"""
    gen = torch.Generator().manual_seed(l + m + k + n)
    a, sfa, x, sfx = random_problem(l, m, k, n, gen, "fp4", DEV)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    tol = tolerance(a, sfa, x, sfx, torch.float32)
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
    layout = reference.TILED if tiled else reference.ROW_MAJOR
    ops.load()
    first = None
    for _ in range(3):
        out = torch.full((l, m, n), float("nan"), device=DEV)
        torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out)
        assert_close_elementwise(out, ref, tol, f"split L={l} M={m} K={k} N={n} tiled={tiled}")
        first = out if first is None else first
        assert torch.equal(out, first)
    perm = torch.randperm(x.shape[-1], generator=gen).to(DEV)  # other codes, same scales
    _graph_replays_match_eager(a, sfa, x, sfx, torch.empty((l, m, n), device=DEV), (x[..., perm], x, x.flip(-1), x),
                               layout)


def _graph_replays_match_eager(a, sfa, x, sfx, out, new_xs, layout=0, kernel: str | None = None):
    """gemv_out(a, sfa, x, sfx) into `out` captured in a CUDA graph with a static x; for each of
    new_xs: copied into the static x, the output poisoned, the graph replayed, and the output
    bitwise equal to an eager call's. kernel: a kernel the captured call launches exactly where
    the tile sweep is expected (_sweep8_expected)."""
    static_x = x.clone()
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, static_x, sfx, layout, 0, None, None, None, out)  # noqa: E731
    if kernel is not None:
        names = cuda_kernel_names(call)
        assert any(kernel in name for name in names) == _sweep8_expected(), names
    g, _ = capture_cuda_graph(call)
    for new_x in new_xs:
        static_x.copy_(new_x)
        out.fill_(float("nan"))
        g.replay()
        want = torch.full_like(out, float("nan"))
        torch.ops.nvfp4.gemv_out(a, sfa, new_x.contiguous(), sfx, layout, 0, None, None, None, want)
        assert torch.equal(out, want)


def test_cuda_graph_of_a_split_k_plan():
    # N = 12 on 256 x 41088 (K past the tile sweep's 32768, in no K sections of it): the launch rule
    # splits K (tests/cpp/plan_rules.cu pins it), so the graph holds the GEMV and its split
    # reduction, a programmatic dependent launch on sm_90+.
    gen = torch.Generator().manual_seed(12)
    a, sfa, x, sfx = random_problem(1, 256, 41088, 12, gen, "fp4", DEV)
    ops.load()
    x2 = x[..., torch.randperm(x.shape[-1], generator=gen).to(DEV)]  # other codes, same scales
    _graph_replays_match_eager(a, sfa, x, sfx, torch.empty((1, 256, 12), dtype=torch.float16, device=DEV), (x2, x))


@pytest.mark.parametrize("n", [1, 9])
def test_cuda_graph_of_k_sections(n):
    # fp16 x on 256 x 40960 (sm_90, K sections: one column on the W4A16 sweep over 4 as batches, 9
    # columns on the tile sweep launched once for each of 2, then their sum, a programmatic
    # dependent launch): the graph replays them all with new activations, bitwise as eager.
    gen = torch.Generator().manual_seed(15 + n)
    a, sfa, x, _ = random_problem(1, 256, 40960, n, gen, "fp16", DEV)
    ops.load()
    out = torch.empty((1, 256, n), dtype=torch.float16, device=DEV)
    names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out))
    kernel, expected = ("sweep16_kernel", _sweep16_expected()) if n == 1 else ("sweep8_kernel", _sweep8_expected())
    assert any(kernel in name for name in names) == expected, names
    _graph_replays_match_eager(a, sfa, x, None, out, (x.flip(-1), x * 3, x))


def test_cuda_graph_of_the_bf16_sweep():
    # bf16 x on 49152 x 4096 (113 MB of weights, sm_90: the W4A16 sweep on 2 pieces of 2 warps a
    # row, its CTAs' groups converting x into one shared copy): the graph replays it with new
    # activations (a new maximum each), bitwise as eager calls.
    gen = torch.Generator().manual_seed(16)
    a, sfa, x, _ = random_problem(1, 49152, 4096, 1, gen, "bf16", DEV)
    ops.load()
    out = torch.empty((1, 49152, 1), dtype=torch.float16, device=DEV)
    names = cuda_kernel_names(lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out))
    assert _sweep16_launched(names, 2, 2, bf16=True) == _sweep16_expected(), names
    _graph_replays_match_eager(a, sfa, x, None, out, (x.flip(-1), x * 2.0**8, x * 2.0**-40, x))


def test_cuda_graph_of_the_tile_sweep():
    # N = 6 on 1000 x 16384 (sm_90: sweep8_kernel, bf16 x on 2 chunks a thread, clusters of 4 CTAs, a launch
    # attribute): the graph replays the clustered launch with new activations, bitwise as eager calls.
    gen = torch.Generator().manual_seed(14)
    a, sfa, x, _ = random_problem(1, 1000, 16384, 6, gen, "bf16", DEV)
    ops.load()
    out = torch.empty((1, 1000, 6), dtype=torch.float16, device=DEV)
    _graph_replays_match_eager(a, sfa, x, None, out, (x.flip(-1), x * 3, x), kernel="sweep8_kernel")


def test_torch_compile_fullgraph_and_cuda_graph():
    gen = torch.Generator().manual_seed(11)
    a, sfa, x, sfx = random_problem(1, 256, 1024, 1, gen, "fp16", DEV)
    ops.load()

    def f(x):
        return torch.ops.nvfp4.gemv(a, sfa, x, None, 0, 0, None, None, None, torch.float16) * 2

    eager = f(x)
    compiled = torch.compile(f, fullgraph=True)
    assert torch.equal(compiled(x), eager)
    out = torch.empty((1, 256, 1), dtype=torch.float16, device=DEV)
    static_x = x.clone()
    g, _ = capture_cuda_graph(lambda: torch.ops.nvfp4.gemv_out(a, sfa, static_x, None, 0, 0, None, None, None, out))
    static_x.copy_(x * 3)
    out.zero_()
    g.replay()
    torch.cuda.synchronize()
    want = torch.ops.nvfp4.gemv(a, sfa, x * 3, None, 0, 0, None, None, None, torch.float16)
    assert torch.equal(out, want)
