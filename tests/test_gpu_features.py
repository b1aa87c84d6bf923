"""GPU: activation quantization kernel, NVFP4Linear (GEMV path, fallback, compile, CUDA graphs),
the end-to-end decode and one peer-benchmark pass."""

import os

import pytest
import torch

import nvfp4_gemv as nv
from nvfp4_gemv import format as fmt
from nvfp4_gemv import reference
from helpers import (capture_cuda_graph, compiled_fullgraph, cuda_kernel_names, nvfp4_checkpoint, random_problem,
                     sweeps_allowed)

pytestmark = pytest.mark.gpu


def special_activation(rows, k, dtype, seed=0):
    """Random values plus the cases the rounding rule must get right: exact E2M1 midpoints (ties),
    zeros of both signs, tiny and huge blocks, all 16 codes."""
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(rows, k, generator=g) * torch.exp2(torch.randint(-12, 12, (rows, k // 16, 1), generator=g)).repeat_interleave(16, -1).reshape(rows, k)
    # Block 0 of row 0: amax 6 -> scale 1, then the midpoints (ties) and their negatives.
    mids = torch.tensor([6.0, 0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, -0.25, -0.75, -1.25, -1.75, -2.5, -3.5, -5.0, -0.0])
    x[0, :16] = mids
    x[0, 16:32] = 0.0
    x[0, 32:48] = -0.0
    x[min(1, rows - 1), :16] = 60000.0 if dtype == torch.float16 else 1e30
    return x.to(dtype)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16, torch.float32])
@pytest.mark.parametrize("with_gs", [False, True])
def test_quantize_kernel_bitwise_equals_format_quantize(dtype, with_gs):
    x = special_activation(6, 256, dtype)
    gs = torch.tensor([0.37], device="cuda") if with_gs else None
    got = nv.quantize_activation(x.cuda(), gs)
    ref = fmt.quantize(x, global_scale=None if gs is None else gs.cpu())
    assert torch.equal(got.scales.cpu(), fmt.as_uint8(ref.scales))
    assert torch.equal(got.data.cpu(), ref.data)


@pytest.mark.parametrize("shape", [(0, 32), (2, 0, 48), (3, 0)], ids=str)
def test_quantize_kernel_takes_empty_tensors(shape):
    """No values, no launch: empty codes and scales of format.quantize's shapes (its CPU twin:
    test_format's test_quantize_takes_empty_tensors)."""
    got = nv.quantize_activation(torch.empty(shape, device="cuda", dtype=torch.float16))
    ref = fmt.quantize(torch.empty(shape), global_scale=None)
    assert got.data.shape == ref.data.shape and got.scales.shape == ref.scales.shape


def test_quantize_kernel_marks_nonfinite_blocks_nan():
    x = torch.randn(2, 64, device="cuda", dtype=torch.bfloat16)
    x[0, 3] = float("nan")
    x[1, 40] = float("inf")
    q = nv.quantize_activation(x)
    assert q.scales[0, 0].item() == 0x7F and q.scales[1, 2].item() == 0x7F
    assert q.scales[0, 1].item() != 0x7F


# (l, m, k, weight layout, one kernel on the H200): the launch rule's plan for the FP4 problem
# decides (fused_quant_fits): the row sweep with 1 or 2 pieces a thread where a CTA holds at least
# 24 rows (quantized once per CTA and batch, shared where it has more than one group of warps,
# sweep_kernel), the tiled or k-span integer plans over k ranges up to 8192; one column, x 16-byte
# aligned; and the band sweep (tiled, L = 1, where it takes the FP4 problem: K a multiple of 2048 x
# its cluster's CTAs, band16_pays; item 275), which quantizes each warp's tiles of x itself where a
# CTA's k range is at most 8192 (item 276: 16384 on clusters of 2 in the cases here). "band":
# one kernel where the band sweep is on (not NVFP4_GEMV_BAND16=0 nor another variant forced), two
# otherwise.
DYNAMIC_CASES = [
    (8, 2048, 7168, "row-major", True),   # the row sweep, 1 piece a thread, 7 warps a row, 31 rows a CTA
    (4, 7168, 2048, "row-major", True),   # 2 pieces on one warp a row: 8 groups share, 72 rows a CTA
    (16, 1000, 2080, "row-major", True),  # 2 groups share 65 quantized pieces, CTAs across batches
    (1, 2048, 7168, "row-major", False),  # L = 1: 4 rows a CTA, two kernels (faster, run 282)
    (2, 1000, 4096, "row-major", False),  # 5 rows a CTA
    (1, 300, 16384, "row-major", False),  # 8 warps a row, one row a CTA
    (3, 3000, 4096, "row-major", False),  # one piece on 4 warps (4 pieces before item 259), 22-23 rows a CTA
    (1, 14336, 4096, "row-major", True),  # one piece on 4 warps, 2 groups share, 36-37 rows a CTA (item 259)
    (1, 16384, 6144, "row-major", True),  # one piece on 6 warps, 4 CTAs an SM, 31-32 rows a CTA (item 259)
    (16, 700, 12800, "row-major", False),  # 2 pieces on 7 warps, 28-29 rows a CTA; K > 8192: two kernels
    (2, 1000, 4176, "tiled", True),       # tiled, K % 128 != 0, batches
    (1, 33, 16384, "tiled", True),        # the band sweep; without it K split 16 ways (tiled_balance_splits)
    (1, 1000, 5120, "tiled", True),       # tiled at L = 1, K = 5120: the band sweep's groups partly empty
    (1, 2112, 16384, "tiled", "band"),    # the band sweep; without it 132 CTAs of one band, K > 8192
    (2, 1000, 4176, "row-major", False),  # 8-byte loads
]


@pytest.mark.parametrize("with_gs", [False, True])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
@pytest.mark.parametrize("l,m,k,layout,fused", DYNAMIC_CASES, ids=str)
def test_gemv_dynamic_is_bitwise_quantize_then_gemv(l, m, k, layout, fused, dtype, with_gs):
    """gemv_dynamic_out against quantize then gemv_out: the same bits, the special values of the
    rounding rule included (ties, signed zeros, huge blocks); one kernel where the plan allows
    (no quantize kernel launched), two elsewhere, at N = 2, and for x not 16-byte aligned."""
    gen = torch.Generator().manual_seed(m + k)
    a, sfa, _, _ = random_problem(l, m, k, 1, gen, "fp4", "cuda")
    lay = reference.ROW_MAJOR
    if layout == "tiled":
        a, sfa = fmt.to_tiled(a, sfa)
        lay = reference.TILED
    wgs = torch.tensor([1.5], device="cuda")
    gs = torch.tensor([0.37], device="cuda") if with_gs else None
    bias = torch.randn(m, generator=gen).cuda()
    if fused == "band":
        fused = sweeps_allowed("BAND16")
    fused = fused and torch.cuda.get_device_capability()[0] == 9
    for n, offset in ((1, 0), (2, 0), (1, 4)):
        base = special_activation(l * n * k // 16 + 1, 16, dtype, seed=m + n).reshape(-1).cuda()
        x = base[offset:offset + l * n * k].view(l, n, k)  # offset 4: 8 bytes off 16-byte alignment
        outs = [torch.full((l, m, n), float("nan"), device="cuda") for _ in range(2)]
        run = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, lay, wgs, gs, bias, outs[0])  # noqa: E731
        names = cuda_kernel_names(run)
        xq, sq = torch.ops.nvfp4.quantize(x.clone(), gs)  # quantize takes 16-byte aligned x
        torch.ops.nvfp4.gemv_out(a, sfa, xq, sq, lay, 0, wgs, gs, bias, outs[1])
        assert torch.equal(outs[0], outs[1]), (n, offset)
        one_kernel = not any("quantize_kernel" in name for name in names)
        assert one_kernel == (fused and n == 1 and offset == 0), (n, offset, names)


def _bits(t):
    return t.view({torch.float32: torch.int32, torch.float16: torch.int16, torch.bfloat16: torch.int16}[t.dtype])


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
@pytest.mark.parametrize("gs_kind", ["none", "one", "per_row"])
def test_dequantize_kernel_bitwise_equals_the_cpu_op(dtype, gs_kind):
    """nvfp4.dequantize on the GPU against its CPU implementation (format.dequantize times the
    global scale, cast): every byte value as a pair of codes and as a scale (the NaN scales 0x7F /
    0xFF give NaN in both), leading dims, and a at an odd address (copied before the kernel's
    8-byte loads). Bitwise, signed zeros included; NaN where the CPU has NaN (payloads differ: the
    GPU's multiplications give the canonical NaN)."""
    g = torch.Generator().manual_seed(7)
    a = torch.randint(0, 256, (3, 37, 512), dtype=torch.uint8, generator=g)  # K = 1024
    sfa = torch.randint(0, 256, (3, 37, 64), dtype=torch.uint8, generator=g)
    a[0, 0, :256] = torch.arange(256, dtype=torch.uint8)
    sfa[0, :4] = torch.arange(256, dtype=torch.uint8).reshape(4, 64)
    gs = {"none": None, "one": torch.tensor([0.37]),
          "per_row": torch.rand(3 * 37, generator=g) * 4 + 2.0 ** -8}[gs_kind]
    ref = torch.ops.nvfp4.dequantize(a, sfa, gs, dtype)
    nan = ref.isnan()
    assert nan.any()
    odd = torch.empty(a.numel() + 1, dtype=torch.uint8, device="cuda")
    odd[1:].copy_(a.flatten())
    for a_dev in (a.cuda(), odd[1:].view(a.shape)):
        got = torch.ops.nvfp4.dequantize(a_dev, sfa.cuda(), None if gs is None else gs.cuda(), dtype).cpu()
        assert got.shape == (3, 37, 1024) and got.dtype == dtype
        assert torch.equal(got.isnan(), nan)
        assert torch.equal(_bits(got[~nan]), _bits(ref[~nan]))


def test_dequantize_kernel_names_what_it_received():
    a = torch.zeros(4, 16, dtype=torch.uint8, device="cuda")
    with pytest.raises(RuntimeError, match=r"sfa must be contiguous uint8 \[4, 2\] .* shape \[4, 3\]"):
        torch.ops.nvfp4.dequantize(a, torch.zeros(4, 3, dtype=torch.uint8, device="cuda"), None, torch.float16)
    with pytest.raises(RuntimeError, match=r"global_scale must be float32, one element or one per row \(4\)"):
        torch.ops.nvfp4.dequantize(a, torch.zeros(4, 2, dtype=torch.uint8, device="cuda"),
                                   torch.ones(3, device="cuda"), torch.float16)
    with pytest.raises(RuntimeError, match=r"sfa must be a CUDA tensor on a's device"):
        torch.ops.nvfp4.dequantize(a, torch.zeros(4, 2, dtype=torch.uint8), None, torch.float16)


def test_gemv_dynamic_nan_block_gives_nan():
    """A non-finite block gets the NaN scale inside the fused staging too: its batch's outputs are
    NaN, the other batch's finite."""
    gen = torch.Generator().manual_seed(9)
    a, sfa, _, _ = random_problem(2, 2048, 7168, 1, gen, "fp4", "cuda")
    x = torch.randn((2, 1, 7168), generator=gen).to(torch.bfloat16).cuda()
    x[0, 0, 100] = float("inf")
    out = torch.zeros((2, 2048, 1), device="cuda")
    torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, None, out)
    assert out[0].isnan().all() and out[1].isfinite().all()


def reference_linear(q, x, xq=None):
    w = q.dequantized_weight().double()
    xr = (xq if xq is not None else x).double()
    ref = xr @ w.t() + (q.bias.double() if q.bias is not None else 0)
    mag = xr.abs() @ w.abs().t()
    return ref, mag


@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("rows", [1, 3, 8, 16])
@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_linear_gemv_path_matches_reference(rows, dtype, layout):
    torch.manual_seed(rows)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(512, 200), weight_layout=layout).cuda()
    x = torch.randn(rows, 512, device="cuda").to(dtype)
    y = q(x)
    ref, mag = reference_linear(q, x.cpu().float().cuda())
    # fp32 accumulation over K (K * 2^-23 of sum |w x|) plus the output rounding of dtype.
    bound = 512 * 2.0 ** -23 * mag + 2.0 ** (-8 if dtype == torch.bfloat16 else -11) * ref.abs() + 1e-6
    assert y.shape == (rows, 200) and y.dtype == dtype
    assert ((y.double() - ref).abs() <= bound).all()


@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_linear_padded_scale_rows_take_the_tile_sweep(activation):
    """in_features = 2880 (gpt-oss; % 256 != 0) in the row-major layout: the block scales on rows
    padded to 16 bytes, built on the CPU and moved (padded again on the GPU), so 8 rows of x take
    the tile sweep on sm_90 (contiguous scale rows took the row tiles); against the dequantized
    weight in float64, with the layer's bias; one row (the row sweeps) too."""
    torch.manual_seed(11)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(2880, 520), activation=activation,
                                   weight_layout="row-major").cuda()
    assert q.weight_scale_packed.shape == (520, 180) and q.weight_scale_packed.stride() == (192, 1)
    for rows in (8, 1):
        x = torch.randn(rows, 2880, device="cuda", dtype=torch.bfloat16)
        if activation == "dynamic":
            xq = nv.quantize_activation(x)
            ref, mag = reference_linear(q, None, fmt.dequantize(xq.data, xq.scales).cuda())
        else:
            ref, mag = reference_linear(q, x)
        names = cuda_kernel_names(lambda: q(x))
        if rows == 8 and activation == "weight-only":
            assert any("sweep8_kernel" in n for n in names) == sweeps_allowed("SWEEP8"), names
        y = q(x)
        bound = 2880 * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6  # fp32 sums, then bf16
        assert ((y.double() - ref).abs() <= bound).all(), rows


@pytest.mark.parametrize("in_features", [29568, 16448, 16416])
def test_linear_auto_row_major_past_16384(in_features):
    """weight_layout="auto" past in_features = 16384 where in_features % 256 != 0 (Qwen2.5-72B's
    down_proj: 29568; 16448; 16416, whose scale rows end mid-word): row-major on sm_90 since items
    324 and 326, the scale rows padded. 1, 2, 8 and 16 rows of bf16 x against the dequantized
    weight in float64."""
    torch.manual_seed(in_features)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(in_features, 300, device="cuda"))
    capability = torch.cuda.get_device_capability()
    assert q.weight_layout == nv.linear.auto_layout(300, in_features, "weight-only", capability)
    if capability[0] == 9:
        assert q.weight_layout == "row-major" and q.weight_scale_packed.stride(0) % 16 == 0
    for rows in (1, 2, 8, 16):
        x = torch.randn(rows, in_features, device="cuda", dtype=torch.bfloat16)
        ref, mag = reference_linear(q, x)
        bound = in_features * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6  # fp32 sums, then bf16
        assert ((q(x).double() - ref).abs() <= bound).all(), rows


def test_linear_auto_layout_follows_the_layer_to_the_gpu():
    """A layer converted on the CPU with weight_layout="auto" (tiled there: 528 x 2880, padded 2%)
    takes the GPU's auto layout when moved (row-major on sm_90), then back through the CPU and
    onto the GPU again; the state dict unchanged, and 4 rows on the GPU against float64."""
    torch.manual_seed(12)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(2880, 528))
    assert q.weight_layout == "tiled"
    sd = q.state_dict()
    want = nv.linear.auto_layout(528, 2880, "weight-only", torch.cuda.get_device_capability())
    for move in (lambda: q.cuda(), lambda: q.cpu().cuda()):
        move()
        assert q.weight_layout == want and q.weight_packed.is_cuda
        assert all(torch.equal(v.cpu(), q.state_dict()[k].cpu()) for k, v in sd.items())
    x = torch.randn(4, 2880, device="cuda", dtype=torch.bfloat16)
    ref, mag = reference_linear(q, x)
    bound = 2880 * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6
    assert ((q(x).double() - ref).abs() <= bound).all()


def test_linear_dynamic_mode_and_leading_dims():
    torch.manual_seed(1)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(256, 96), activation="dynamic", weight_layout="tiled").cuda()
    x = torch.randn(2, 3, 256, device="cuda", dtype=torch.bfloat16)
    y = q(x)
    xq = nv.quantize_activation(x.reshape(6, 256))
    ref, mag = reference_linear(q, None, fmt.dequantize(xq.data, xq.scales).cuda())
    bound = 256 * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6
    assert y.shape == (2, 3, 96)
    assert ((y.reshape(6, 96).double() - ref).abs() <= bound).all()


@pytest.mark.parametrize("convention", ["modelopt", "compressed-tensors"])
def test_checkpoint_loaded_onto_the_gpu_runs_dynamic_w4a4(convention):
    """load_quantized_linears onto a CUDA model, dynamic mode (W4A4 with the checkpoint's activation
    scale: compressed-tensors stores it inverted, item 299): one row and three rows against the
    activation quantized by that scale on the CPU, then the dequantized weight in float64."""
    torch.manual_seed(5)
    source = torch.nn.Module()
    source.proj = torch.nn.Linear(512, 200)
    multiplier = torch.tensor(4.0 / 2688)  # the activation's amax 4
    ckpt = nvfp4_checkpoint(source, convention, input_multiplier=multiplier.item())
    model = torch.nn.Module()
    model.proj = torch.nn.Linear(512, 200, device="cuda")
    assert nv.load_quantized_linears(model, ckpt, convention=convention, activation="dynamic") == ["proj"]
    layer = model.proj
    assert layer.weight_packed.is_cuda and layer.input_global_scale.item() == pytest.approx(multiplier.item(), rel=1e-6)
    for rows in (1, 3):
        x = (torch.randn(rows, 512) * 2).to(torch.bfloat16)
        xq = fmt.quantize(x, global_scale=multiplier)
        ref, mag = reference_linear(layer, None, fmt.dequantize(xq.data, xq.scales, multiplier).cuda())
        y = layer(x.cuda())
        bound = 512 * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6
        assert ((y.double() - ref).abs() <= bound).all(), rows


def test_linear_fallback_above_16_rows():
    """Above 16 rows: the weight dequantized on the GPU (nvfp4.dequantize), then cuBLAS; the weight
    against the CPU reference (format.dequantize), the output against the same matmul on it."""
    torch.manual_seed(2)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(128, 64)).cuda()
    x = torch.randn(40, 128, device="cuda", dtype=torch.bfloat16)
    y = q(x)
    w = fmt.dequantize(q.weight.cpu(), q.weight_scale.cpu(), q.weight_global_scale.cpu()).to(torch.bfloat16)
    assert torch.equal(q.dequantized_weight(torch.bfloat16).cpu(), w)
    ref = torch.nn.functional.linear(x, w.cuda(), q.bias.to(torch.bfloat16))
    assert torch.equal(y, ref)


@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_linear_torch_export_runs_the_gemv_ops(activation, layout):
    """torch.export on CUDA with the rows dynamic over 1..16: the exported graph calls the GEMV op
    (nvfp4.gemv_out, or gemv_dynamic_out in dynamic mode), not the fallback, and gives eager's bits
    at 1, 5 and 16 rows; the exported module replays from a CUDA graph."""
    from helpers import exported_with_rows

    torch.manual_seed(6)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(256, 128), activation=activation, weight_layout=layout).cuda()
    program, exported = exported_with_rows(q, torch.randn(3, 256, device="cuda", dtype=torch.bfloat16))
    op = "nvfp4.gemv_dynamic_out" if activation == "dynamic" else "nvfp4.gemv_out"
    targets = {str(n.target) for n in program.graph.nodes if n.op == "call_function"}
    assert any(t.startswith(op + ".") for t in targets) and not any("dequantize" in t for t in targets), targets
    for rows in (1, 5, 16):
        x = torch.randn(rows, 256, device="cuda", dtype=torch.bfloat16)
        assert torch.equal(exported(x), q(x)), rows
    static_x = torch.randn(4, 256, device="cuda", dtype=torch.bfloat16)
    graph, static_y = capture_cuda_graph(lambda: exported(static_x))
    static_x.copy_(torch.randn_like(static_x))
    graph.replay()
    assert torch.equal(static_y, q(static_x))


@pytest.mark.parametrize("rows", [1, 4])
@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_linear_compile_and_cuda_graph(activation, layout, rows):
    """Dynamic at one row: the activation quantized inside the GEMV (one kernel); at 4: two."""
    torch.manual_seed(3)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(256, 128), activation=activation, weight_layout=layout).cuda()
    x = torch.randn(rows, 256, device="cuda", dtype=torch.bfloat16)
    eager = q(x)
    compiled = compiled_fullgraph(q)
    assert torch.equal(compiled(x), eager)
    static_x = x.clone()
    graph, static_y = capture_cuda_graph(lambda: q(static_x))
    static_x.copy_(torch.randn_like(x))
    graph.replay()
    assert torch.equal(static_y, q(static_x))


@pytest.mark.parametrize("rows", [1, 4, 16])
@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_linear_global_scale_per_row(activation, layout, rows):
    """Fused shards whose global scales differ (from_quantized_shards): the rows' scales and the
    bias in the kernel's fp32 epilogue, against the dequantized reference; compiled and a captured
    graph's replay bitwise as eager."""
    torch.manual_seed(5)
    shards = []
    for m, gs in ((96, 0.5), (32, 2.0 ** -7), (32, 3.0)):
        q = fmt.quantize(torch.randn(m, 256) * gs * 600, global_scale=gs)
        shards.append((q.data, q.scales, gs))
    layer = nv.NVFP4Linear.from_quantized_shards(shards, convention="modelopt", bias=torch.randn(160),
                                                 activation=activation, weight_layout=layout).cuda()
    assert layer.per_row_global_scale
    x = torch.randn(rows, 256, device="cuda", dtype=torch.bfloat16)
    y = layer(x)
    if activation == "dynamic":
        xq = nv.quantize_activation(x)
        ref, mag = reference_linear(layer, None, fmt.dequantize(xq.data, xq.scales).cuda())
    else:
        ref, mag = reference_linear(layer, x.float())
    # fp32 accumulation over K, the row scale's and the bias's fp32 roundings, bf16 output.
    bound = 256 * 2.0 ** -23 * mag + 2.0 ** -8 * ref.abs() + 1e-6
    assert y.shape == (rows, 160) and y.dtype == torch.bfloat16
    assert ((y.double() - ref).abs() <= bound).all()
    assert torch.equal(compiled_fullgraph(layer)(x), y)
    static_x = x.clone()
    graph, static_y = capture_cuda_graph(lambda: layer(static_x))
    static_x.copy_(torch.randn_like(x))
    graph.replay()
    assert torch.equal(static_y, layer(static_x))


def test_end_to_end_decode_agrees_with_dequantized_model():
    pytest.importorskip("transformers")
    from nvfp4_gemv import decode

    r = decode.run(hidden=256, intermediate=512, layers=2, vocab=1024, steps=8)
    assert r["nvfp4_linears"] == 2 * 7 + 1
    # Same products, fp32 accumulation in another order, bf16 activations between layers.
    assert r["max_rel_logit_diff"] < 2e-2 and r["argmax_agreement"] >= 0.8
    assert all(v > 0 for v in r["tokens_per_s"].values())
    # Each step one CUDA graph replay over a static KV cache: the same layers, attention over a
    # masked, zero-padded cache (another summation order), so the eager bound.
    assert "cuda_graph_error" not in r, r.get("cuda_graph_error")
    assert all(v > 0 for v in r["tokens_per_s_cuda_graph"].values())
    assert r["cuda_graph_max_abs_logit_diff_vs_eager"] < 2e-2 * r["logit_scale"]


def test_end_to_end_decode_of_the_dynamic_mode_under_cuda_graphs():
    """Dynamic W4A4: the dequantized model quantizes and dequantizes each activation in every
    captured step; the graphed timing must run (run 486 found format.e2m1_decode copying its table
    from the host there, which a capture refuses). Its logits diverge by design (README)."""
    pytest.importorskip("transformers")
    from nvfp4_gemv import decode

    r = decode.run(hidden=256, intermediate=512, layers=2, vocab=1024, steps=8, activation="dynamic")
    assert "cuda_graph_error" not in r, r.get("cuda_graph_error")
    assert all(v > 0 for v in r["tokens_per_s_cuda_graph"].values())


def test_activation_round_trip_replays_from_a_cuda_graph():
    gen = torch.Generator(device="cuda").manual_seed(5)
    static_x = torch.randn(3, 4096, device="cuda", dtype=torch.bfloat16, generator=gen)
    gs = torch.tensor([0.01], device="cuda")

    def round_trip():
        return nv.quantize_activation(static_x, gs).dequantize(torch.bfloat16)

    graph, static_y = capture_cuda_graph(round_trip)
    static_x.copy_(torch.randn(3, 4096, device="cuda", dtype=torch.bfloat16, generator=gen))
    graph.replay()
    assert torch.equal(static_y, round_trip())


def test_peer_benchmark_runs_ours_and_reports_others():
    from nvfp4_gemv import peers

    report = peers.run(shapes=[(256, 512)], columns=(1, 4), reps=3)
    rows = {(r["peer"], r["n"]): r for r in report["results"]}
    assert rows[("ours W4A16", 1)]["status"] == "ok" and rows[("ours W4A16", 4)]["status"] == "ok"
    assert rows[("ours W4A4 + act quant", 1)]["status"] == "ok"
    assert rows[("cuBLAS bf16", 1)]["status"] == "ok"
    assert rows[("ours W4A16 tiled", 1)]["status"] == "ok" and rows[("ours W4A16 tiled", 4)]["status"] == "ok"
    assert all(r["status"] for r in report["results"])
    only = peers.run(shapes=[(256, 512)], columns=(1,), reps=3, only=["tiled", "cuBLAS"])
    assert [r["peer"] for r in only["results"]] == ["ours W4A16 tiled", "cuBLAS bf16"]


FIRST_CALLS_FROM_THREADS = """
import sys, threading, torch
sys.path.insert(0, sys.argv[1])
from helpers import random_problem
from nvfp4_gemv import ops
ops.load()  # the extension only: the GEMV's first call, and its device query, come in the threads
gen = torch.Generator().manual_seed(12)
a, sfa, x, _ = random_problem(1, 7168, 16384, 8, gen, "fp16", "cuda")
outs = [torch.full((1, 7168, 8), float("nan"), dtype=torch.float16, device="cuda") for _ in range(8)]
start = threading.Barrier(len(outs))
def first_call(out):
    start.wait()
    torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)
threads = [threading.Thread(target=first_call, args=(out,)) for out in outs]
for t in threads: t.start()
for t in threads: t.join()
want = torch.empty_like(outs[0])
torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, want)
torch.cuda.synchronize()
print("agree" if all(torch.equal(out, want) for out in outs) else "differ")
"""


def test_first_calls_from_many_threads_agree_bitwise():
    """A fresh process's first GEMV calls made by eight threads at once (7168x16384 at 8 fp16
    columns: the tile sweep on clusters of 4, planned from the device's cluster fits, which the
    first call asks for: device_info fills them under call_once) equal, bitwise, the same call made
    afterwards by one thread. Before the call_once, a thread could plan on a description whose
    SM count was set and cluster fits not yet (33 clusters of 4 where 30 fit on the H200)."""
    import subprocess
    import sys

    tests = os.path.dirname(__file__)
    run = subprocess.run([sys.executable, "-c", FIRST_CALLS_FROM_THREADS, tests], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0 and run.stdout.strip().endswith("agree"), run.stdout + run.stderr[-2000:]


PLAN_LOG_CALLS = """
import torch
from nvfp4_gemv import ops
from nvfp4_gemv.bench import random_operands
ops.load()
for m, k, l, n, act in ((7168, 16384, 1, 1, "fp4"), (4096, 4096, 1, 8, "bf16"), (7168, 16384, 1, 1, "fp4")):
    a, sfa, x, sfx = random_operands(m, k, l, n, act, "cuda")
    out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)
torch.cuda.synchronize()
"""


@pytest.mark.parametrize("log", ["1", None])
def test_plan_log_names_each_new_problems_kernel_once(log):
    """NVFP4_GEMV_LOG=1: one stderr line per new problem (shape, activation, scale layout) saying which
    kernel the launch rule chose and its shape, in describe_launch's words (plan_rules' show mode);
    the repeated problem adds no line; without the variable, nothing."""
    import re
    import subprocess
    import sys

    env = {k: v for k, v in os.environ.items() if k != "NVFP4_GEMV_LOG"}
    if log:
        env["NVFP4_GEMV_LOG"] = log
    run = subprocess.run([sys.executable, "-c", PLAN_LOG_CALLS], capture_output=True, text=True, timeout=300, env=env)
    assert run.returncode == 0, run.stderr[-2000:]
    lines = [line for line in run.stderr.splitlines() if line.startswith("nvfp4_gemv: ")]
    if not log:
        assert lines == [], lines
        return
    assert len(lines) == 2, lines
    plan = r", grid \d+, clusters of \d+, row blocks \d+, splits \d+, k range \d+"
    assert re.fullmatch(r"nvfp4_gemv: M=7168 K=16384 L=1 N=1, fp4 x, row-major weights: .+ \(\w+_kernel\)" + plan + ".*",
                        lines[0]), lines[0]
    assert re.fullmatch(r"nvfp4_gemv: M=4096 K=4096 L=1 N=8, bf16 x, row-major weights: .+ \(\w+_kernel\)" + plan + ".*",
                        lines[1]), lines[1]
    if torch.cuda.get_device_capability()[0] == 9:  # the row sweep (BENCHMARKS.md "Current")
        assert ": sweep (sweep_kernel), " in lines[0] and "2 pieces a thread x 8 warps a row" in lines[0], lines[0]
