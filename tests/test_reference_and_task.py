"""The exact reference and the GPU MODE task contract (CPU)."""

import itertools

import pytest
import torch

import nvfp4_gemv
from nvfp4_gemv import format as fmt
from nvfp4_gemv import reference, task
from helpers import random_problem


def brute_force(a, sfa, x, sfx):
    """Scalar float64 loops straight from the formula."""
    L, M, K = a.shape[0], a.shape[1], a.shape[2] * 2
    codes = fmt.unpack_e2m1(a)
    xc = fmt.unpack_e2m1(x) if sfx is not None else None
    vals = fmt.E2M1_VALUES
    out = torch.zeros(L, M, x.shape[1], dtype=torch.float64)
    for l, m, n in itertools.product(range(L), range(M), range(x.shape[1])):
        s = 0.0
        for k in range(K):
            w = vals[codes[l, m, k]] * fmt.e4m3_decode(sfa[l, m, k // 16]).item()
            xv = vals[xc[l, n, k]] * fmt.e4m3_decode(sfx[l, n, k // 16]).item() if sfx is not None else x[l, n, k].item()
            s += w * xv
        out[l, m, n] = s
    return out


@pytest.mark.parametrize("act", ["fp4", "bf16"])
def test_reference_equals_brute_force(act):
    gen = torch.Generator().manual_seed(1)
    a, sfa, x, sfx = random_problem(2, 3, 48, 2, gen, act)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    assert torch.equal(ref, brute_force(a, sfa, x, sfx))


def test_reference_blocked_layout_and_scales():
    gen = torch.Generator().manual_seed(2)
    a, sfa, x, sfx = random_problem(2, 130, 80, 3, gen, "fp4")
    plain = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float64)
    blocked = reference.gemv_reference(a, fmt.to_blocked(sfa), x, fmt.to_blocked(sfx), 1, 1, out_dtype=torch.float64)
    assert torch.equal(plain, blocked)
    bias = torch.randn(130, generator=gen)
    scaled = reference.gemv_reference(a, sfa, x, sfx, 0, 0, torch.tensor(0.5), torch.tensor(4.0), bias, torch.float64)
    assert torch.allclose(scaled, plain * 2 + bias.double().reshape(1, -1, 1))


def test_weight_global_scale_per_row_on_the_cpu_op():
    """weight_global_scale as one scale per row [M] (fused shards): each row of the op's CPU
    implementation equals the same call with that row's scale as the one weight scale (float64
    products, rounded once), and a changed row scale changes that row alone; opcheck takes it."""
    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(4)
    a, sfa, x, sfx = random_problem(2, 37, 64, 3, gen, "fp4")
    values = torch.tensor([0.5, 2.0 ** -7, 3.0])
    which = torch.randint(0, 3, (37,), generator=gen)
    ags, bias = torch.tensor([1.75]), torch.randn(37, generator=gen)
    got = torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, values[which], ags, bias, torch.float32)
    for i in range(3):
        want = torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, values[i:i + 1], ags, bias, torch.float32)
        assert torch.equal(got[:, which == i], want[:, which == i])
    moved = values[which].clone()
    moved[5] *= 2
    changed = torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, moved, ags, bias, torch.float32) != got
    assert changed[:, 5].any() and not changed[:, torch.arange(37) != 5].any()
    torch.library.opcheck(torch.ops.nvfp4.gemv.default, (a, sfa, x, sfx, 0, 0, values[which], ags, bias,
                                                         torch.float32))


@pytest.mark.parametrize("act", ["fp4", "bf16"])
def test_tiled_weight_format_through_the_cpu_op(act):
    """The op's CPU implementation (the reference) on the tiled weight format equals the plain
    layouts bitwise; its functional form says why it cannot take it."""
    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(3)
    a, sfa, x, sfx = random_problem(2, 37, 176, 3, gen, act)
    plain = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float32)
    tiles, tile_scales = fmt.to_tiled(a, sfa)
    out = torch.full((2, 37, 3), float("nan"))
    torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None, None, None, out)
    assert torch.equal(out, plain)
    with pytest.raises(ValueError, match="out"):  # the functional op has no M for tiled weights
        torch.ops.nvfp4.gemv(tiles, tile_scales, x, sfx, reference.TILED, 0, None, None, None, torch.float32)
    with pytest.raises(ValueError, match=r"tiled a for M=32"):
        torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None, None, None, out[:, :32])


@pytest.mark.parametrize("m,k,l", [(128, 256, 1), (256, 192, 3), (130, 80, 2)])
def test_generator_invariants(m, k, l):
    a, b, sfa, sfb, sfa_p, sfb_p, c = task.generate_input(m, k, l, 1111, "cpu")
    assert a.dtype == torch.float4_e2m1fn_x2 and b.dtype == torch.float4_e2m1fn_x2
    assert sfa.dtype == sfb.dtype == sfa_p.dtype == sfb_p.dtype == torch.float8_e4m3fn and c.dtype == torch.float16
    assert a.shape == (m, k // 2, l) and a.stride() == (k // 2, 1, m * k // 2)
    assert b.shape == (128, k // 2, l) and b.stride() == (k // 2, 1, 128 * k // 2)
    assert sfa.shape == (m, k // 16, l) and sfa.stride() == (k // 16, 1, m * k // 16)
    assert sfb.shape == (128, k // 16, l)
    assert sfa_p.shape == (32, 4, -(-m // 128), 4, -(-k // 64), l)
    assert sfb_p.shape == (32, 4, 1, 4, -(-k // 64), l)
    assert c.shape == (m, 1, l) and c.stride() == (1, 1, m)
    ab = fmt.as_uint8(a)
    assert int(ab.max()) <= 3 and int(ab.min()) == 0  # codes 0..3 in the low nibble, high nibble 0
    assert set(fmt.e4m3_decode(sfa).unique().tolist()) <= {0.0, 1.0, 2.0}
    assert fmt.as_uint8(b)[1:].any()  # padding rows are random, not zero
    assert c.abs().sum() > 0  # c arrives with garbage
    # the blocked copies hold the same scales
    for plain, blk, rows in ((sfa, sfa_p, m), (sfb, sfb_p, 128)):
        flat = blk.permute(5, 2, 4, 0, 1, 3).reshape(l, -1)
        assert torch.equal(fmt.from_blocked(flat, rows, k // 16).view(torch.uint8),
                           plain.permute(2, 0, 1).view(torch.uint8))


def test_generator_is_seeded():
    d1 = task.generate_input(128, 256, 1, 5, "cpu")
    d2 = task.generate_input(128, 256, 1, 5, "cpu")
    d3 = task.generate_input(128, 256, 1, 6, "cpu")
    assert torch.equal(fmt.as_uint8(d1[0]), fmt.as_uint8(d2[0]))
    assert not torch.equal(fmt.as_uint8(d1[0]), fmt.as_uint8(d3[0]))


def test_check_accepts_reference_rejects_one_step_beyond_and_nan():
    data = task.generate_input(128, 512, 2, 1111, "cpu")
    ref = task.ref_kernel(data)
    ok, _ = task.check_implementation(data, ref.clone())
    assert ok
    e = ref.float()
    for bad_value in (float("nan"), float("inf")):
        bad = ref.clone()
        bad[5, 0, 1] = bad_value
        ok, msg = task.check_implementation(data, bad)
        assert not ok and "(5, 0, 1)" in msg
    # one step beyond the tolerance: |d| = atol + rtol*|ref| + margin, then rounded to fp16
    bad = ref.clone()
    i = (7, 0, 0)
    limit = 1e-3 + 1e-3 * abs(e[i].item())
    candidate = torch.tensor(e[i].item() + limit, dtype=torch.float16)
    while candidate.float().item() - e[i].item() <= limit:
        candidate = torch.nextafter(candidate, torch.tensor(float("inf"), dtype=torch.float16))
    bad[i] = candidate
    ok, msg = task.check_implementation(data, bad)
    assert not ok and "(7, 0, 0)" in msg


def test_custom_kernel_on_cpu_writes_c_in_place():
    data = task.generate_input(128, 256, 1, 1111, "cpu")
    c = data[6]
    c.fill_(float("nan"))
    out = task.custom_kernel(data)
    assert out.data_ptr() == c.data_ptr()
    ok, msg = task.check_implementation(data, out)
    assert ok, msg


def test_task_input_must_be_the_seven_tuple():
    data = task.generate_input(m=128, k=256, l=1, seed=3)
    with pytest.raises(ValueError, match="7-tuple .* got tuple of 3"):
        task.custom_kernel(data[:3])
    with pytest.raises(ValueError, match=r"the task's c is a 3-D tensor .* got \(128, 1\)"):
        task.custom_kernel((*data[:6], data[6][:, :, 0]))
    with pytest.raises(ValueError, match=r"the task's a is a 3-D tensor .* got \(128, 128\)"):
        task.ref_kernel((data[0][:, :, 0], *data[1:]))


def test_public_gemv_cpu_and_errors():
    gen = torch.Generator().manual_seed(3)
    a, sfa, x, sfx = random_problem(1, 20, 64, 2, gen, "fp4")
    y = nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], out_dtype=torch.float32)
    ref = reference.gemv_reference(a, sfa, x, sfx, out_dtype=torch.float32)[0]
    assert torch.equal(y, ref)
    with pytest.raises(ValueError, match="need their scales"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0])
    with pytest.raises(ValueError, match="a must be"):
        nvfp4_gemv.gemv(a[0, 0], sfa[0], x[0], sfx[0])
    with pytest.raises(ValueError, match=r"b must be \[K\] or \[N, K\] for an unbatched a .* got shape \(1, 2, 32\) "
                                         r"with a of shape \(20, 32\)"):
        nvfp4_gemv.gemv(a[0], sfa[0], x, sfx[0])  # a batch of b against one matrix
    with pytest.raises(ValueError, match=r"b must be \[L, K\] or \[L, N, K\] for a batched a"):
        nvfp4_gemv.gemv(a, sfa, x[0, 0], sfx[0, 0])
    with pytest.raises(ValueError, match="multiple of 16"):
        torch.ops.nvfp4.gemv(a[:, :, :4], sfa, x, sfx, 0, 0, None, None, None, torch.float16)
    with pytest.raises(ValueError, match="1..16"):
        torch.ops.nvfp4.gemv(a, sfa, x[:, :1].expand(1, 17, -1), sfx[:, :1].expand(1, 17, -1), 0, 0, None, None, None, torch.float16)
    # The epilogue's operands, checked as the CUDA binding checks them (same messages).
    with pytest.raises(ValueError, match=r"bias must be a contiguous float32 \[20\], got torch.float32 \(19,\)"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], bias=torch.zeros(19))
    with pytest.raises(ValueError, match=r"bias must be a contiguous float32 \[20\], got torch.float16"):
        torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, None, None, torch.zeros(20, dtype=torch.float16), torch.float16)
    with pytest.raises(ValueError, match=r"weight_global_scale must be a float32 tensor with one element or a "
                                         r"contiguous one per row \[20\], got torch.float32 \[2\]"):
        torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, torch.ones(2), None, None, torch.float16)
    with pytest.raises(ValueError, match=r"one per row \[20\], got torch.float32 \[20\]"):  # not contiguous
        torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, torch.ones(40)[::2], None, None, torch.float16)
    with pytest.raises(ValueError, match=r"one per row \[20\], got torch.float64 \[20\]"):
        torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, torch.ones(20, dtype=torch.float64), None, None, torch.float16)
    with pytest.raises(ValueError, match="act_global_scale must be a float32 tensor with one element, got "
                                         "torch.float64 with 1 elements"):
        torch.ops.nvfp4.gemv(a, sfa, x, sfx, 0, 0, None, torch.ones(1, dtype=torch.float64), None, torch.float16)
    with pytest.raises(TypeError, match="float8_e4m3fn or uint8"):
        nvfp4_gemv.gemv(a[0], sfa[0].float(), x[0], sfx[0])
    with pytest.raises(TypeError, match=r"a must be uint8, float8_e4m3fn or float4_e2m1fn_x2, got torch.float32 \(20, 32\)"):
        nvfp4_gemv.gemv(a[0].float(), sfa[0], x[0], sfx[0])
    with pytest.raises(ValueError, match="scale_layout"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], scale_layout="blocked")
    with pytest.raises(ValueError, match=r"scale_layout must be 'auto', 'row-major', 'blocked' or 'tiled', got 'col'"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], scale_layout="col")
    with pytest.raises(ValueError, match=r"out must have shape \(20, 2\) for a of shape \(20, 32\) and b of shape "
                                         r"\(2, 32\), got \(20, 3\)"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], out=torch.empty((20, 3)))
    # An integer output would truncate the sums without a word: refused as on the GPU.
    with pytest.raises(ValueError, match="out must be float16, bfloat16 or float32, got torch.int8"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], out_dtype=torch.int8)
    with pytest.raises(ValueError, match="out must be float16, bfloat16 or float32, got torch.int32"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], out=torch.empty((20, 2), dtype=torch.int32))
    tiles, tile_scales = nvfp4_gemv.to_tiled(a[0], sfa[0])  # the tiled weight format, 2-D and batched
    assert torch.equal(nvfp4_gemv.gemv(tiles, tile_scales, x[0], sfx[0], scale_layout="tiled", rows=20,
                                       out_dtype=torch.float32), ref)
    assert torch.equal(nvfp4_gemv.gemv(tiles[None], tile_scales[None], x[0, 0][None], sfx[0, 0][None],
                                       scale_layout="tiled", rows=20, out_dtype=torch.float32), ref[None, :, 0])
    with pytest.raises(ValueError, match="rows=None"):
        nvfp4_gemv.gemv(tiles, tile_scales, x[0], sfx[0], scale_layout="tiled")
    for rows in (0, -1, 20.0):  # -1 had reached torch.empty ("negative dimension")
        with pytest.raises(ValueError, match=rf"rows=M \(a positive int\), got shape \(2, 1, 16, 64\) and rows={rows}"):
            nvfp4_gemv.gemv(tiles, tile_scales, x[0], sfx[0], scale_layout="tiled", rows=rows)
    with pytest.raises(TypeError, match="act_global_scale must be a float32 tensor of one element or a number, got 'x'"):
        nvfp4_gemv.gemv(a[0], sfa[0], x[0], sfx[0], act_global_scale="x")


def test_out_must_not_share_memory():
    """gemv_out and gemv_dynamic_out refuse an out whose elements share memory, or that shares bytes
    with an input (on the GPU either would come out wrong: test_gpu_kernel's twin), with the CUDA
    binding's messages; a permuted out and one right after x's bytes are taken, and equal the
    reference."""
    from helpers import out_memory_cases
    from nvfp4_gemv import ops

    ops.load()
    for what, args, error in out_memory_cases("cpu"):
        a, sfa, x, _, _, _, _, _, bias, out = args
        if error is None:
            torch.ops.nvfp4.gemv_out(*args)
            want = reference.gemv_reference(a, sfa, x, None, bias=bias, out_dtype=out.dtype)
            assert torch.equal(out, want), what
            continue
        with pytest.raises(ValueError, match=error):
            torch.ops.nvfp4.gemv_out(*args)
        with pytest.raises(ValueError, match=error):
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, None, None, bias, out)


@pytest.mark.parametrize("op,moved", [
    ("gemv", "sfa"), ("gemv", "x"), ("gemv", "sfx"), ("gemv", "weight_global_scale"), ("gemv", "act_global_scale"),
    ("gemv", "bias"), ("gemv_out", "a"), ("gemv_out", "x"), ("gemv_out", "out"), ("gemv_dynamic_out", "x"),
    ("gemv_dynamic_out", "out"), ("quantize", "global_scale"), ("dequantize", "sfa"), ("dequantize", "global_scale"),
])
def test_ops_refuse_a_tensor_on_another_device(op, moved):
    """The dispatcher sends a call that mixes meta and CPU tensors to the fake implementation, which
    computes nothing: such calls had returned, or left in out, uninitialised memory. Each op now
    names the tensor that is off the device of its first one (the CUDA binding's check)."""
    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(7)
    a, sfa, x4, sfx = random_problem(1, 20, 64, 2, gen, "fp4")
    t = {"a": a, "sfa": sfa, "sfx": sfx, "weight_global_scale": torch.ones(()), "act_global_scale": torch.ones(()),
         "bias": torch.zeros(20), "out": torch.full((1, 20, 2), 7.0), "global_scale": torch.ones(1),
         "x": torch.randn(1, 2, 64, generator=gen).bfloat16() if op in ("gemv_dynamic_out", "quantize") else x4}
    t[moved] = t[moved].to("meta")
    first = "x" if op == "quantize" else "a"
    match = (r"nvfp4\.\w+: sfa must be on a's device meta, got cpu" if moved == "a" else
             rf"nvfp4\.\w+: {moved} must be on {first}'s device cpu, got meta")
    call = {
        "gemv": lambda: torch.ops.nvfp4.gemv(t["a"], t["sfa"], t["x"], t["sfx"], 0, 0, t["weight_global_scale"],
                                             t["act_global_scale"], t["bias"], torch.float32),
        "gemv_out": lambda: torch.ops.nvfp4.gemv_out(t["a"], t["sfa"], t["x"], t["sfx"], 0, 0, None, None, None,
                                                     t["out"]),
        "gemv_dynamic_out": lambda: torch.ops.nvfp4.gemv_dynamic_out(t["a"], t["sfa"], t["x"], 0, None, None, None,
                                                                     t["out"]),
        "quantize": lambda: torch.ops.nvfp4.quantize(t["x"], t["global_scale"]),
        "dequantize": lambda: torch.ops.nvfp4.dequantize(t["a"][0], t["sfa"][0], t["global_scale"], torch.float32),
    }[op]
    with pytest.raises(ValueError, match=match):
        call()
    if op == "gemv":  # the public API allocates out on a's device, so it reached the fake op the same way
        with pytest.raises(ValueError, match=match):
            nvfp4_gemv.gemv(t["a"][0], t["sfa"][0], t["x"][0], t["sfx"][0], bias=t["bias"],
                            weight_global_scale=t["weight_global_scale"], act_global_scale=t["act_global_scale"])


def test_fake_impl_shapes_under_fake_mode():
    from torch._subclasses.fake_tensor import FakeTensorMode

    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(4)
    a, sfa, x, sfx = random_problem(2, 20, 64, 3, gen, "fp4")
    with FakeTensorMode() as mode:
        fa, fsa, fx, fsx = (mode.from_tensor(t) for t in (a, sfa, x, sfx))
        out = torch.ops.nvfp4.gemv(fa, fsa, fx, fsx, 0, 0, None, None, None, torch.bfloat16)
        assert out.shape == (2, 20, 3) and out.dtype == torch.bfloat16


def test_opcheck_cpu():
    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(5)
    a, sfa, x, sfx = random_problem(1, 8, 32, 2, gen, "fp4")
    torch.library.opcheck(torch.ops.nvfp4.gemv.default, (a, sfa, x, sfx, 0, 0, None, None, None, torch.float32))
    tiles, tile_scales = fmt.to_tiled(a, sfa)  # gemv_out on the tiled weight format (fake: M from out)
    out = torch.empty((1, 8, 2))
    torch.library.opcheck(torch.ops.nvfp4.gemv_out.default,
                          (tiles, tile_scales, x, sfx, reference.TILED, 0, None, None, None, out))


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float16])
def test_dynamic_gemv_on_cpu_is_quantize_then_gemv(dtype):
    """torch.ops.nvfp4.gemv_dynamic_out (W4A4 on a 16-bit x quantized per call) on CPU: exactly the
    reference of format.quantize(x, global_scale) and that global scale; through nvfp4_gemv.gemv's
    quantize_b too, row-major and tiled; its fake implementation and opcheck; bad x named."""
    from nvfp4_gemv import ops

    ops.load()
    gen = torch.Generator().manual_seed(6)
    a, sfa, _, _ = random_problem(2, 24, 160, 1, gen, "fp4")
    x = (torch.randn((2, 3, 160), generator=gen) * 3).to(dtype)
    gs, wgs = torch.tensor([0.37]), torch.tensor([1.5])
    q = fmt.quantize(x, global_scale=gs)
    want = reference.gemv_reference(a, sfa, fmt.as_uint8(q.data), fmt.as_uint8(q.scales), 0, 0, wgs, gs, None,
                                    torch.float32)
    out = torch.full((2, 24, 3), float("nan"))
    torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, 0, wgs, gs, None, out)
    assert torch.equal(out, want)
    got = nvfp4_gemv.gemv(a, sfa, x, weight_global_scale=wgs, act_global_scale=gs, out_dtype=torch.float32,
                          quantize_b=True)
    assert torch.equal(got, want)
    tiles, tile_scales = fmt.to_tiled(a, sfa)
    got = nvfp4_gemv.gemv(tiles, tile_scales, x, scale_layout="tiled", rows=24, weight_global_scale=wgs,
                          act_global_scale=gs, out_dtype=torch.float32, quantize_b=True)
    assert torch.equal(got, want)
    torch.library.opcheck(torch.ops.nvfp4.gemv_dynamic_out.default, (a, sfa, x, 0, wgs, gs, None, out))
    with pytest.raises(ValueError, match="float16 or bfloat16, got torch.float32"):
        torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x.float(), 0, None, None, None, out)
    with pytest.raises(ValueError, match="quantize_b takes float16 / bfloat16 b without sfb"):
        nvfp4_gemv.gemv(a, sfa, fmt.as_uint8(q.data), fmt.as_uint8(q.scales), quantize_b=True)
