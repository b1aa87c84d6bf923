"""NVFP4Linear, the activation quantization op and the peer benchmark's check, on the CPU
(the GPU side is in test_gpu_features.py)."""

from contextlib import nullcontext

import pytest
import torch

import nvfp4_gemv as nv
from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, peers
from helpers import nvfp4_checkpoint


def make_linear(k=64, m=24, bias=True, seed=0):
    torch.manual_seed(seed)
    return torch.nn.Linear(k, m, bias=bias)


def test_from_linear_forward_matches_dequantized_weight():
    lin = make_linear()
    q = nv.NVFP4Linear.from_linear(lin)
    x = torch.randn(5, 64)
    y = q(x.to(torch.bfloat16)).float()
    ref = x.to(torch.bfloat16).double() @ q.dequantized_weight().double().t() + lin.bias.double()
    # bf16 weights and output in the CPU fallback: 2^-8 relative per term and on the result.
    bound = 2.0 ** -7 * (x.abs().double() @ q.dequantized_weight().abs().double().t() + lin.bias.abs().double())
    assert ((y.double() - ref).abs() <= bound + 2.0 ** -8 * ref.abs()).all()


def test_from_linear_quantizes_like_format_quantize():
    lin = make_linear(bias=False)
    q = nv.NVFP4Linear.from_linear(lin)
    ref = fmt.quantize(lin.weight.detach())
    assert torch.equal(q.weight, ref.data) and torch.equal(q.weight_scale, fmt.as_uint8(ref.scales))
    assert q.bias is None and q.weight_global_scale.item() == ref.global_scale.item()


def test_state_dict_round_trip_and_repr():
    q = nv.NVFP4Linear.from_linear(make_linear(), activation="dynamic")
    q2 = nv.NVFP4Linear(64, 24, activation="dynamic")
    q2.load_state_dict(q.state_dict())
    x = torch.randn(3, 64, dtype=torch.bfloat16)
    assert torch.equal(q(x), q2(x))
    assert set(q.state_dict()) == {"weight", "weight_scale", "weight_global_scale", "input_global_scale", "bias"}
    text = repr(q)
    assert "in_features=64" in text and "out_features=24" in text and "dynamic" in text


def test_from_quantized_conventions_agree():
    q = fmt.quantize(torch.randn(8, 32))
    gs = q.global_scale
    a = nv.NVFP4Linear.from_quantized(q.data, q.scales, gs, convention="modelopt")
    b = nv.NVFP4Linear.from_quantized(q.data, q.scales, 1.0 / gs, convention="compressed-tensors")
    assert torch.allclose(a.weight_global_scale, b.weight_global_scale, rtol=1e-6)
    assert torch.equal(a.dequantized_weight(), q.dequantize())
    # The activation's global scale by the same convention: ModelOpt's input_scale is the multiplier,
    # compressed-tensors' input_global_scale the encode scale; both layers quantize x alike.
    amax = 5.0
    a = nv.NVFP4Linear.from_quantized(q.data, q.scales, gs, convention="modelopt", activation="dynamic",
                                      input_global_scale=amax / 2688)
    b = nv.NVFP4Linear.from_quantized(q.data, q.scales, 1.0 / gs, convention="compressed-tensors",
                                      activation="dynamic", input_global_scale=2688 / amax)
    assert a.input_global_scale.item() == pytest.approx(amax / 2688, rel=1e-6)
    assert b.input_global_scale.item() == pytest.approx(amax / 2688, rel=1e-6)
    x = torch.randn(3, 32, dtype=torch.bfloat16)
    assert torch.allclose(a(x).float(), b(x).float(), rtol=2.0 ** -7, atol=1e-3)
    with pytest.raises(ValueError, match="convention"):
        nv.NVFP4Linear.from_quantized(q.data, q.scales, gs, convention="awq")
    with pytest.raises(ValueError, match="weight_scale"):
        nv.NVFP4Linear.from_quantized(q.data, q.scales[:, :1], gs, convention="modelopt")
    with pytest.raises(ValueError, match=r"NVFP4Linear: global_scale must be .* got shape \(2,\)"):
        nv.NVFP4Linear.from_quantized(q.data, q.scales, torch.ones(2), convention="compressed-tensors")
    with pytest.raises(ValueError, match=r"NVFP4Linear: input_global_scale must be .* got shape \(3,\)"):
        nv.NVFP4Linear.from_quantized(q.data, q.scales, gs, convention="modelopt", input_global_scale=torch.ones(3))


def test_bad_inputs_name_what_was_received():
    q = nv.NVFP4Linear.from_linear(make_linear())
    with pytest.raises(ValueError, match=r"\[\.\.\., 64\].*\(2, 63\)"):
        q(torch.randn(2, 63, dtype=torch.bfloat16))
    with pytest.raises(ValueError, match=r"\[\.\.\., 64\], got \(\)"):  # a 0-d x has no last dimension
        q(torch.tensor(1.0, dtype=torch.bfloat16))
    with pytest.raises(TypeError, match="float32"):
        q(torch.randn(2, 64))
    with pytest.raises(ValueError, match="multiple of 16"):
        nv.NVFP4Linear(60, 8)
    # Degenerate sizes, other modules, multipliers that would turn every output into inf or NaN,
    # a bias of another length: refused by name at construction (each had passed, or failed inside
    # torch with a message about something else).
    for k, m in ((0, 8), (64, 0)):
        with pytest.raises(ValueError, match=f"got in_features={k}, out_features={m}"):
            nv.NVFP4Linear.from_linear(torch.nn.Linear(k, m))
    with pytest.raises(TypeError, match="takes a torch.nn.Linear, got Conv1d"):
        nv.NVFP4Linear.from_linear(torch.nn.Conv1d(1, 1, 1))
    w = nv.quantize(torch.randn(24, 64))
    for convention, gs, got in (("compressed-tensors", 0.0, "inf"), ("modelopt", -1.0, "-1.0"),
                                ("multiplier", float("nan"), "nan")):
        with pytest.raises(ValueError, match=f"global_scale must be a finite, positive multiplier once read by "
                                             f"the {convention} convention, got {got}"):
            nv.NVFP4Linear.from_quantized(w.data, w.scales, gs, convention=convention)
    with pytest.raises(ValueError, match="input_global_scale must be a finite, positive multiplier"):
        nv.NVFP4Linear.from_quantized(w.data, w.scales, 1.0, convention="modelopt", input_global_scale=0.0)
    with pytest.raises(ValueError, match=r"bias must be \[24\] \(out\), got \(3,\)"):
        nv.NVFP4Linear.from_quantized(w.data, w.scales, 1.0, convention="modelopt", bias=torch.ones(3))


def test_dynamic_mode_cpu_fallback_uses_quantized_activation():
    q = nv.NVFP4Linear.from_linear(make_linear(bias=False), activation="dynamic")
    x = torch.randn(4, 64, dtype=torch.bfloat16)
    xq = fmt.quantize(x, global_scale=None).dequantize().to(torch.bfloat16)
    assert torch.equal(q(x), torch.nn.functional.linear(xq, q.dequantized_weight(torch.bfloat16)))


@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_fallback_path_compiles_fullgraph(activation):
    """The CPU path is the GPU's prefill fallback (above 16 rows): torch.compile(fullgraph=True)
    traces it whole, quantize_activation's ops.load() included (a functools.cache there was traced
    into the JIT's hashing: an error), and gives eager's bits."""
    from helpers import compiled_fullgraph

    torch.manual_seed(2)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(64, 32), activation=activation)
    x = torch.randn(3, 64, dtype=torch.bfloat16)
    assert torch.equal(compiled_fullgraph(q)(x), q(x))


class _GemvPath(torch.nn.Module):
    """NVFP4Linear's GEMV path (_gemv: what forward takes on CUDA up to 16 rows), callable on the CPU."""

    def __init__(self, layer):
        super().__init__()
        self.layer = layer

    def forward(self, x):
        return self.layer._gemv(x)


@pytest.mark.parametrize("path", ["forward", "gemv"])
@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
def test_torch_export_with_dynamic_rows_gives_eager_bits(activation, layout, path):
    """torch.export (what AOTInductor and other ahead-of-time stacks start from): the layer exports
    with its row count dynamic over 1..16, and the exported program gives eager's bits at other row
    counts than the one it was traced with. "forward" is the CPU's path (the fallback); "gemv" the
    GEMV path on the op's CPU reference, whose graph must hold the op itself (the out-variant
    nvfp4.gemv_out / gemv_dynamic_out, which mutates its output). The GPU runs forward on the kernels
    in test_gpu_features.py."""
    from helpers import exported_with_rows

    torch.manual_seed(4)
    q = nv.NVFP4Linear.from_linear(torch.nn.Linear(64, 32), activation=activation, weight_layout=layout)
    module = q if path == "forward" else _GemvPath(q)
    program, exported = exported_with_rows(module, torch.randn(3, 64, dtype=torch.bfloat16))
    if path == "gemv":
        op = "nvfp4.gemv_dynamic_out" if activation == "dynamic" else "nvfp4.gemv_out"
        assert any(str(n.target).startswith(op + ".") for n in program.graph.nodes), program.graph
    for rows in (1, 7, 16):
        x = torch.randn(rows, 64, dtype=torch.bfloat16)
        assert torch.equal(exported(x), module(x)), rows


def test_concurrent_first_loads_register_once(monkeypatch):
    """Threads that call ops.load() before it has finished register the Python implementations once:
    the others wait at its lock (without it each registered them again, over the first, with
    torch's override warning)."""
    import threading
    import time

    ops.load()  # the extension itself, once, before the threads
    calls = []

    def register_slowly():
        calls.append(threading.get_ident())
        time.sleep(0.2)  # long enough for every thread to arrive while the first registers

    monkeypatch.setattr(ops, "_register_implementations", register_slowly)
    monkeypatch.setattr(ops, "_loaded", False)
    threads = [threading.Thread(target=ops.load) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(calls) == 1 and ops._loaded


def test_quantize_op_cpu_is_format_quantize_and_fake_shapes():
    ops.load()
    x = torch.randn(3, 5, 48)
    packed, scales = torch.ops.nvfp4.quantize(x, None)
    ref = fmt.quantize(x, global_scale=None)
    assert torch.equal(packed, ref.data) and torch.equal(scales, fmt.as_uint8(ref.scales))
    with torch._subclasses.fake_tensor.FakeTensorMode():
        p, s = torch.ops.nvfp4.quantize(torch.empty(7, 32), None)
        assert p.shape == (7, 16) and s.shape == (7, 2) and p.dtype == torch.uint8


@pytest.mark.parametrize("dtype", [torch.float32, torch.float16, torch.bfloat16])
def test_dequantize_op_cpu_is_format_dequantize_times_global_and_fake_shapes(dtype):
    """nvfp4.dequantize on the CPU: format.dequantize, times the global scale (one, or one per
    row, after the block scale), cast; the fake implementation gives the shape and dtype."""
    ops.load()
    g = torch.Generator().manual_seed(3)
    a = torch.randint(0, 256, (2, 5, 32), dtype=torch.uint8, generator=g)
    sfa = fmt.as_uint8(fmt.e4m3_encode(torch.exp2(torch.randint(-9, 8, (2, 5, 4), generator=g).float())))
    one, per_row = torch.tensor([0.3]), torch.rand(10, generator=g) + 0.5
    assert torch.equal(torch.ops.nvfp4.dequantize(a, sfa, None, dtype), fmt.dequantize(a, sfa).to(dtype))
    assert torch.equal(torch.ops.nvfp4.dequantize(a, sfa, one, dtype), (fmt.dequantize(a, sfa) * 0.3).to(dtype))
    rowwise = fmt.dequantize(a, sfa) * per_row.reshape(2, 5, 1)
    assert torch.equal(torch.ops.nvfp4.dequantize(a, sfa, per_row, dtype), rowwise.to(dtype))
    with torch._subclasses.fake_tensor.FakeTensorMode():
        out = torch.ops.nvfp4.dequantize(torch.empty(7, 24, dtype=torch.uint8), torch.empty(7, 3, dtype=torch.uint8),
                                         None, dtype)
        assert out.shape == (7, 48) and out.dtype == dtype


@pytest.mark.parametrize("fake", [False, True])
@pytest.mark.parametrize("case,match", [
    ("a_dtype", r"a must be contiguous uint8 \[\.\.\., K/2\], got torch.float32"),
    ("a_strided", r"a must be contiguous uint8 .* strides \(1, 4\)"),
    ("k", r"K must be a multiple of 16, got a of shape \(4, 12\)"),
    ("sfa_shape", r"sfa must be contiguous uint8 \[4, 2\] .* shape \(4, 3\)"),
    ("dtype", r"dtype must be float32, float16 or bfloat16, got torch.float64"),
    ("gs", r"global_scale must be float32, one element or one per row \(4\), got torch.float32 of shape \(3,\)"),
])
def test_dequantize_op_names_what_it_received(case, match, fake):
    ops.load()
    a, sfa, gs, dtype = torch.zeros(4, 16, dtype=torch.uint8), torch.zeros(4, 2, dtype=torch.uint8), None, torch.float16
    if case == "a_dtype":
        a = torch.zeros(4, 16)
    elif case == "a_strided":
        a = torch.zeros(16, 4, dtype=torch.uint8).t()
    elif case == "k":
        a, sfa = torch.zeros(4, 12, dtype=torch.uint8), torch.zeros(4, 1, dtype=torch.uint8)
    elif case == "sfa_shape":
        sfa = torch.zeros(4, 3, dtype=torch.uint8)
    elif case == "dtype":
        dtype = torch.float64
    else:
        gs = torch.ones(3)
    mode = torch._subclasses.fake_tensor.FakeTensorMode(allow_non_fake_inputs=True) if fake else nullcontext()
    with mode, pytest.raises(ValueError, match=match):
        torch.ops.nvfp4.dequantize(a, sfa, gs, dtype)


def test_peer_check_accepts_exact_and_rejects_wrong():
    g = torch.Generator().manual_seed(0)
    w = torch.randn(16, 64, generator=g)
    x = torch.randn(2, 64, generator=g)
    y = x @ w.t()
    assert peers.check(y, w, x, x)[0]
    bad = y.clone()
    bad[0, 3] += 0.5 * (x.abs() @ w.abs().t())[0, 3]
    assert not peers.check(bad, w, x, x)[0]
    assert not peers.check(y * float("nan"), w, x, x)[0]


def test_peer_table_reports_failures():
    report = {"environment": {"gpu": "G", "date": "D"}, "flush": "write", "read_bw_tbps": 4.3,
              "versions": {"torch": "t"},
              "results": [
                  {"shape": [8, 16], "n": 1, "peer": "ours W4A16", "status": "ok", "median_us": 2.0, "std_us": 0.1,
                   "tbps": 1.0, "sol_pct": 20.0, "worst_error_ratio": 0.1},
                  {"shape": [8, 16], "n": 1, "peer": "humming W4A16", "status": "ok", "median_us": 3.0, "std_us": 0.1,
                   "tbps": 0.7, "sol_pct": 15.0, "worst_error_ratio": 0.1},
                  {"shape": [8, 16], "n": 1, "peer": "gemlite A16W4", "status": "error: CompilationError: x",
                   "median_us": None, "std_us": None, "tbps": None, "sol_pct": None, "worst_error_ratio": None}]}
    table = peers.format_table(report)
    assert "| 8,16 | 1 | humming W4A16 | 3.0 +- 0.1 | 0.70 | 15% | 1.50x |" in table
    assert "error: CompilationError" in table


@pytest.mark.parametrize("layout", ["tiled", "row-major"])
def test_state_dict_is_the_checkpoint_layout_and_loads_checks_shapes(layout):
    """Either storage layout, the state dict in the checkpoint layout (both ways); the layouts agree."""
    lin = make_linear(k=80, m=21)  # neither dimension fills a tile
    q = nv.NVFP4Linear.from_linear(lin, weight_layout=layout)
    ref = fmt.quantize(lin.weight.detach())
    sd = q.state_dict()
    assert torch.equal(sd["weight"], ref.data) and torch.equal(sd["weight_scale"], fmt.as_uint8(ref.scales))
    assert torch.equal(q.weight, ref.data) and torch.equal(q.weight_scale, fmt.as_uint8(ref.scales))
    assert q.weight_packed.shape == ((2, 1, 16, 64) if layout == "tiled" else (21, 40)) and "weight_packed" not in sd
    q2 = nv.NVFP4Linear(80, 21, weight_layout=layout)
    q2.load_state_dict({**sd, "weight_scale": sd["weight_scale"].view(torch.float8_e4m3fn)})
    assert torch.equal(q2.weight_packed, q.weight_packed) and torch.equal(q2.weight_scale_packed, q.weight_scale_packed)
    other = nv.NVFP4Linear(80, 21, weight_layout="row-major" if layout == "tiled" else "tiled")
    other.load_state_dict(sd)
    x = torch.randn(3, 80, dtype=torch.bfloat16)
    assert torch.equal(other(x), q(x)) and layout in repr(q)
    with pytest.raises(RuntimeError, match=r"size mismatch for weight: expected \(21, 40\), got \(21, 39\)"):
        q2.load_state_dict({**sd, "weight": sd["weight"][:, :39]})
    with pytest.raises(RuntimeError, match="Missing key.*weight_scale"):
        q2.load_state_dict({k: v for k, v in sd.items() if k != "weight_scale"})
    with pytest.raises(RuntimeError, match=r"dtype mismatch: weight_scale must be uint8, float8_e4m3fn or "
                                           r"float4_e2m1fn_x2, got torch.float32 \(21, 5\)"):  # decoded scales
        q2.load_state_dict({**sd, "weight_scale": fmt.e4m3_decode(sd["weight_scale"])})
    outer = torch.nn.Sequential(q)  # prefixes
    assert torch.equal(outer.state_dict()["0.weight"], ref.data)


def test_auto_layout_is_decided_again_for_the_device():
    """weight_layout="auto" built on the CPU (tiled: 48 x 2880, padded 2%) takes the layout auto_layout
    gives an sm_90 device when settled for one (as .cuda() does there: row-major, its scale rows
    padded), and back for another capability; exact both ways (the same state dict and outputs);
    a forced layout never changes."""
    lin = make_linear(k=2880, m=48)
    q = nv.NVFP4Linear.from_linear(lin)
    assert q.layout_is_auto and q.weight_layout == "tiled"
    sd, x = q.state_dict(), torch.randn(3, 2880, dtype=torch.bfloat16)
    y = q(x)
    q.settle_auto_layout((9, 0))
    assert q.weight_layout == "row-major" and q.weight_scale_packed.stride() == (192, 1)
    assert all(torch.equal(v, q.state_dict()[k]) for k, v in sd.items()) and torch.equal(q(x), y)
    q.settle_auto_layout((8, 9))
    assert q.weight_layout == "tiled" and torch.equal(q.weight, sd["weight"]) and torch.equal(q(x), y)
    forced = nv.NVFP4Linear.from_linear(lin, weight_layout="tiled")
    forced.settle_auto_layout((9, 0))
    assert not forced.layout_is_auto and forced.weight_layout == "tiled"


@pytest.mark.parametrize("layout", ["tiled", "row-major"])
def test_padded_storage_keeps_a_contiguous_state_dict(layout):
    """in_features = 2880 (% 256 != 0): row-major block scales sit on rows padded to 16 bytes (a view
    of a zero buffer, the tile sweep's copies need them), through .to(), deepcopy and
    load_state_dict; the tiled format pads K to 128. Either way the state dict and the properties
    hold contiguous checkpoint tensors (safetensors refuses views), and the outputs agree."""
    import copy

    lin = make_linear(k=2880, m=24)
    q = nv.NVFP4Linear.from_linear(lin, weight_layout=layout)
    ref = fmt.quantize(lin.weight.detach())
    padded = layout == "row-major"
    for layer in (q, q.to("cpu"), copy.deepcopy(q)):
        assert (layer.weight_scale_packed.stride(0) == 192) == padded, layer.weight_scale_packed.stride()
    sd = q.state_dict()
    for key, want in (("weight", ref.data), ("weight_scale", fmt.as_uint8(ref.scales))):
        assert sd[key].is_contiguous() and torch.equal(sd[key], want), key
    assert q.weight_scale.is_contiguous() and torch.equal(q.weight_scale, fmt.as_uint8(ref.scales))
    q2 = nv.NVFP4Linear(2880, 24, weight_layout=layout)
    q2.load_state_dict(sd)
    assert (q2.weight_scale_packed.stride(0) == 192) == padded
    x = torch.randn(3, 2880, dtype=torch.bfloat16)
    assert torch.equal(q2(x), q(x))
    assert torch.equal(nv.NVFP4Linear.from_linear(lin, weight_layout="tiled" if padded else "row-major")(x), q(x))


def test_weight_layout_rule_and_errors():
    """auto: on sm_90 row-major where the row sweeps take the rows (BENCHMARKS.md items 137, 164,
    188); otherwise tiled where the format's padding adds at most 1/8 of the weights (item 122),
    row-major where it would add more."""
    from nvfp4_gemv import linear

    # No padding; 2064 -> 2176: 5.4%; 1040 -> 1152: 10.8%.
    for out_f, in_f in ((4096, 4096), (1024, 1024), (151936, 4096), (128, 1152), (2048, 2064), (4096, 1040)):
        assert linear.auto_layout(out_f, in_f) == "tiled", (out_f, in_f)
    # 8 rows -> 16: 100%; 1040 -> 1152 and 120 -> 128 rows: 18%; 1056 -> 1152 and 136 -> 144: 15.5%;
    # 16 -> 128: 700%.
    for out_f, in_f in ((8, 1168), (120, 1040), (136, 1056), (4096, 16), (1, 4096)):
        assert linear.auto_layout(out_f, in_f) == "row-major", (out_f, in_f)
    assert nv.NVFP4Linear(256, 64).weight_layout == "tiled"  # the default is "auto"
    assert nv.NVFP4Linear(1040, 120).weight_layout == "row-major"
    # On sm_90 W4A16 and dynamic W4A4 take row-major wherever the row sweeps take the rows
    # (in_features a multiple of 32 up to 16384, item 188; past it of 256 up to 32768, run 316, of
    # 64 since item 324, of 32 since item 326: 16416's scale rows end mid-word); not other GPUs, not
    # past the sweeps' K.
    for out_f, in_f in ((4096, 4096), (151936, 4096), (7168, 16384), (2048, 2080), (8192, 28672), (3584, 18944),
                        (8192, 29568), (4096, 16448), (4096, 16416), (4096, 32736)):
        for activation in ("weight-only", "dynamic"):
            assert linear.auto_layout(out_f, in_f, activation, (9, 0)) == "row-major", (out_f, in_f, activation)
    assert linear.auto_layout(4096, 4096, "dynamic", (10, 0)) == "tiled"
    assert linear.auto_layout(4096, 4096, "weight-only", (10, 0)) == "tiled"
    assert linear.auto_layout(4096, 4096, "weight-only", (8, 0)) == "tiled"
    assert linear.auto_layout(4096, 16400, "weight-only", (9, 0)) == "tiled"
    assert linear.auto_layout(4096, 33024, "weight-only", (9, 0)) == "tiled"
    assert linear.auto_layout(4096, 2064, "weight-only", (9, 0)) == "tiled"  # 2064 % 32 != 0
    if torch.cuda.is_available():  # built on the GPU, "auto" asks that device
        major = torch.cuda.get_device_capability()[0]
        built = nv.NVFP4Linear(4096, 256, device="cuda").weight_layout
        assert built == ("row-major" if major == 9 else "tiled"), (major, built)
    with pytest.raises(ValueError, match="weight_layout must be one of"):
        nv.NVFP4Linear(64, 8, weight_layout="blocked")


def test_module_dtype_conversion_keeps_the_fp32_scales_and_bias():
    """model.to(torch.bfloat16) (common after swapping layers in) leaves the epilogue's fp32
    buffers exact: the outputs do not change."""
    q = nv.NVFP4Linear.from_linear(make_linear(k=64, m=24), activation="dynamic")
    q.weight_global_scale.fill_(1 + 2.0 ** -20)  # not representable in bf16 or fp16
    q.input_global_scale.fill_(0.5 + 2.0 ** -21)
    before = {name: b.clone() for name, b in q.named_buffers()}
    x = torch.randn(3, 64, dtype=torch.bfloat16)
    y = q(x)
    for convert in (lambda m: m.to(torch.bfloat16), lambda m: m.half(), lambda m: m.double(),
                    lambda m: m.to("cpu", torch.float16)):
        convert(q)
        for name, b in q.named_buffers():
            assert b.dtype == before[name].dtype and torch.equal(b, before[name]), name
        assert torch.equal(q(x), y)
    assert torch.nn.Sequential(q).to(torch.bfloat16)[0].bias.dtype == torch.float32


def make_shards(rows=(16, 8, 8), k=64, scales=(0.5, 0.03125, 2.0), seed=4):
    """A fused projection's shards (q / k / v), each quantized with its own global multiplier."""
    torch.manual_seed(seed)
    out = []
    for m, gs in zip(rows, scales):
        q = fmt.quantize(torch.randn(m, k) * gs * 2688 / 4, global_scale=gs)
        out.append((q.data, q.scales, torch.tensor(gs)))
    return out


def test_from_quantized_shards_fuses_with_a_global_scale_per_row():
    """Shards with different global scales: their weights stacked, one scale per output row, the
    dequantized weight each shard's own, bitwise; the forward (CPU fallback) that of the stacked
    shard layers; the state dict carries the per-row scales into a plain layer and back."""
    shards = make_shards()
    bias = torch.randn(32)
    fused = nv.NVFP4Linear.from_quantized_shards(shards, convention="modelopt", bias=bias)
    assert fused.per_row_global_scale and fused.weight_global_scale.shape == (32,)
    assert torch.equal(fused.weight, torch.cat([d for d, _, _ in shards]))
    assert torch.equal(fused.weight_scale, torch.cat([fmt.as_uint8(s) for _, s, _ in shards]))
    assert torch.equal(fused.weight_global_scale, torch.tensor([0.5] * 16 + [0.03125] * 8 + [2.0] * 8))
    parts = [nv.NVFP4Linear.from_quantized(d, s, g, convention="modelopt") for d, s, g in shards]
    assert torch.equal(fused.dequantized_weight(), torch.cat([p.dequantized_weight() for p in parts]))
    x = torch.randn(3, 64, dtype=torch.bfloat16)
    ref = torch.cat([p(x) for p in parts], dim=-1).float() + bias
    # bf16 output on both sides, and the bias added before (fused) or after (ref) that rounding.
    assert torch.allclose(fused(x).float(), ref, rtol=2.0 ** -7, atol=2.0 ** -7 * bias.abs().max().item())
    # compressed-tensors' encode scales: the same layer.
    inverse = [(d, s, 1.0 / g) for d, s, g in shards]
    ct = nv.NVFP4Linear.from_quantized_shards(inverse, convention="compressed-tensors", bias=bias)
    assert torch.equal(ct.weight_global_scale, fused.weight_global_scale)  # powers of two: exact inverses
    # The activation's scale read by the convention too (compressed-tensors': the encode scale).
    for convention, given in (("modelopt", 0.25), ("compressed-tensors", 4.0), ("multiplier", 0.25)):
        layer = nv.NVFP4Linear.from_quantized_shards(shards if convention != "compressed-tensors" else inverse,
                                                     convention=convention, activation="dynamic",
                                                     input_global_scale=given)
        assert layer.input_global_scale.item() == 0.25, convention
    # State dict: a plain layer takes the per-row scales, and a per-row layer the single one.
    plain = nv.NVFP4Linear(64, 32)
    plain.load_state_dict(fused.state_dict())
    assert plain.per_row_global_scale and torch.equal(plain(x), fused(x))
    assert "a global scale per row" in repr(plain) and "per row" not in repr(parts[0])
    one = nv.NVFP4Linear.from_quantized(torch.cat([d for d, _, _ in shards]),
                                        torch.cat([s for _, s, _ in shards]), 0.5, convention="modelopt", bias=bias)
    plain.load_state_dict(one.state_dict())
    assert not plain.per_row_global_scale and torch.equal(plain(x), one(x))
    with pytest.raises(RuntimeError, match=r"weight_global_scale: expected \(1,\) or \(32,\) \(one per row\), got \(5,\)"):
        plain.load_state_dict({**one.state_dict(), "weight_global_scale": torch.ones(5)})


def test_from_quantized_shards_with_equal_scales_is_one_layer():
    """Equal shard scales (what ModelOpt exports for fused layers): one global scale, the same
    layer as from_quantized on the stacked tensors; a per-row vector of equal values likewise."""
    shards = make_shards(scales=(0.25, 0.25, 0.25))
    fused = nv.NVFP4Linear.from_quantized_shards(shards, convention="modelopt")
    stacked = nv.NVFP4Linear.from_quantized(torch.cat([d for d, _, _ in shards]),
                                            torch.cat([s for _, s, _ in shards]), 0.25, convention="modelopt")
    assert not fused.per_row_global_scale and fused.weight_global_scale.shape == (1,)
    for a, b in zip(fused.state_dict().values(), stacked.state_dict().values()):
        assert (a is None and b is None) or torch.equal(a, b)
    flat = nv.NVFP4Linear.from_quantized(stacked.weight, stacked.weight_scale, torch.full((32,), 0.25),
                                         convention="modelopt")
    assert not flat.per_row_global_scale


def test_from_quantized_shards_bad_inputs_name_what_was_received():
    shards = make_shards()
    with pytest.raises(ValueError, match=r"triples, got \[\]"):
        nv.NVFP4Linear.from_quantized_shards([], convention="modelopt")
    with pytest.raises(ValueError, match=r"triples, got \['tuple of 3', 'tuple of 2'\]"):
        nv.NVFP4Linear.from_quantized_shards([shards[0], shards[1][:2]], convention="modelopt")
    with pytest.raises(ValueError, match="convention must be one of"):
        nv.NVFP4Linear.from_quantized_shards(shards, convention="awq")
    narrow = fmt.quantize(torch.randn(8, 32))
    with pytest.raises(ValueError, match=r"the same in, expected; got \[\(\(16, 32\), \(16, 4\)\), \(\(8, 16\), \(8, 2\)\)\]"):
        nv.NVFP4Linear.from_quantized_shards([shards[0], (narrow.data, narrow.scales, 1.0)], convention="modelopt")
    d, s, g = shards[1]
    with pytest.raises(ValueError, match=r"\(\(8, 32\), \(16, 4\)\)"):  # rows of the scales not the weight's
        nv.NVFP4Linear.from_quantized_shards([shards[0], (d, shards[0][1], g)], convention="modelopt")
    with pytest.raises(ValueError, match=r"one per output row \(8\), got shape \(2,\)"):
        nv.NVFP4Linear.from_quantized_shards([shards[0], (d, s, torch.ones(2))], convention="modelopt")
    with pytest.raises(ValueError, match="finite, positive multiplier once read by the compressed-tensors convention, got inf"):
        nv.NVFP4Linear.from_quantized_shards([shards[0], (d, s, 0.0)], convention="compressed-tensors")


@pytest.mark.parametrize("layout", ["tiled", "row-major"])
@pytest.mark.parametrize("activation", ["weight-only", "dynamic"])
@pytest.mark.parametrize("scales", [(0.5, 2.0 ** -7, 3.0), (0.25, 0.25, 0.25)])
def test_gemv_path_on_the_op_reference_matches_dequantized_weight(scales, activation, layout):
    """The GEMV path's Python side (NVFP4Linear._gemv: the op's call, with the per-row global
    scales as the op's weight_global_scale), run here on the op's CPU reference implementation,
    against float64 on the dequantized weight; the GPU runs the same code on the kernels
    (test_gpu_features.py)."""
    shards = [(d, s, g) for d, s, g in make_shards(scales=scales)]
    bias = torch.randn(32)
    layer = nv.NVFP4Linear.from_quantized_shards(shards, convention="modelopt", bias=bias, activation=activation,
                                                 weight_layout=layout)
    assert layer.per_row_global_scale == (len(set(scales)) > 1)
    x = torch.randn(5, 64, dtype=torch.bfloat16)
    y = layer._gemv(x)
    xr = x.double()
    if activation == "dynamic":
        xq = nv.quantize_activation(x)
        xr = fmt.dequantize(xq.data, xq.scales).double()
    w = layer.dequantized_weight().double()
    ref, mag = xr @ w.t() + bias.double(), xr.abs() @ w.abs().t() + bias.abs().double()
    # fp32 sums over K = 64 (64 * 2^-24 of sum |w x|, doubled for the scale and bias roundings),
    # then the one rounding to bf16.
    assert y.dtype == torch.bfloat16 and y.shape == (5, 32)
    assert ((y.double() - ref).abs() <= 2 * 64 * 2.0 ** -24 * mag + 2.0 ** -8 * ref.abs()).all()


class _Block(torch.nn.Module):
    """Two projections, an odd-width one (no NVFP4 blocks) and a Linear shared with the parent."""

    def __init__(self, shared):
        super().__init__()
        self.up = torch.nn.Linear(64, 48)
        self.odd = torch.nn.Linear(40, 8, bias=False)
        self.shared = shared

    def forward(self, x):
        return self.shared(torch.relu(self.up(x)))


def test_convert_linears_swaps_each_linear_once_and_names_them():
    """convert_linears replaces every Linear by NVFP4Linear.from_linear of it (the same bits), in
    module order; a Linear shared by two parents stays one module; an in_features no multiple of
    16 stays a Linear, named in a warning; include() picks layers by name."""
    torch.manual_seed(0)
    shared = torch.nn.Linear(48, 32)
    model = torch.nn.Module()
    model.add_module("0", _Block(shared))
    model.add_module("1", torch.nn.Linear(32, 16))
    model.head_shared = shared  # the same module under a second name, as tied weights would be
    model.to(torch.bfloat16)
    originals = {name: mod for name, mod in model.named_modules() if isinstance(mod, torch.nn.Linear)}
    x = torch.randn(3, 64, dtype=torch.bfloat16)
    with pytest.warns(UserWarning, match=r"left unquantized.*0\.odd \(in_features=40\)"):
        names = nv.convert_linears(model)
    assert names == ["0.up", "0.shared", "1", "head_shared"]
    block = model.get_submodule("0")
    assert isinstance(block.odd, torch.nn.Linear) and model.head_shared is block.shared
    for name in ("0.up", "0.shared", "1"):
        layer, lin = model.get_submodule(name), originals[name]
        ref = fmt.quantize(lin.weight.detach())
        assert isinstance(layer, nv.NVFP4Linear) and torch.equal(layer.weight, ref.data)
        assert torch.equal(layer.bias, lin.bias.detach().float())
    # The converted block runs: each layer as its dequantized weight on the CPU fallback.
    w = {name: model.get_submodule(name) for name in ("0.up", "0.shared")}
    h = torch.relu(torch.nn.functional.linear(x, w["0.up"].dequantized_weight(x.dtype), w["0.up"].bias.to(x.dtype)))
    ref = torch.nn.functional.linear(h, w["0.shared"].dequantized_weight(x.dtype), w["0.shared"].bias.to(x.dtype))
    assert torch.equal(block(x), ref)

    again = torch.nn.Sequential(torch.nn.Linear(64, 32), torch.nn.Linear(32, 16))
    kept = again[1]
    assert nv.convert_linears(again, activation="dynamic", include=lambda name, lin: lin.out_features > 16) == ["0"]
    assert again[1] is kept and again[0].activation == "dynamic"
    assert nv.convert_linears(again) == ["1"]  # a second call takes what is left


def _decoder_block():
    torch.manual_seed(1)
    model = torch.nn.Module()
    model.add_module("attn", torch.nn.Module())
    model.attn.q_proj = torch.nn.Linear(64, 64, bias=False)
    model.attn.o_proj = torch.nn.Linear(64, 64, bias=True)
    model.lm_head = torch.nn.Linear(64, 96, bias=False)
    return model


@pytest.mark.parametrize("convention", ["modelopt", "compressed-tensors"])
def test_load_quantized_linears_reads_each_convention(convention):
    """Both conventions' checkpoints of one model load into the same layers: the checkpoint's codes
    and scales bit for bit, the global scales as multipliers (compressed-tensors' inverted), the
    checkpoint's bias; the lm_head, not quantized there, stays a Linear."""
    source = _decoder_block()
    ckpt = nvfp4_checkpoint(source, convention, skip=("lm_head",))
    model = _decoder_block()
    torch.nn.init.zeros_(model.attn.o_proj.bias)  # the checkpoint's bias must win over the module's
    model.q_alias = model.attn.q_proj  # one Linear under a second name: stays one module
    names = nv.load_quantized_linears(model, ckpt, convention=convention, activation="dynamic")
    assert names == ["attn.q_proj", "attn.o_proj", "q_alias"] and isinstance(model.lm_head, torch.nn.Linear)
    assert model.q_alias is model.attn.q_proj
    names.remove("q_alias")
    codes_key = nv.checkpoint.CHECKPOINT_KEYS[convention][0]
    for name in names:
        layer, q = model.get_submodule(name), fmt.quantize(source.get_submodule(name).weight.detach())
        assert torch.equal(layer.weight, ckpt[f"{name}.{codes_key}"])
        assert torch.equal(layer.weight_scale, fmt.as_uint8(q.scales))
        assert layer.weight_global_scale.item() == pytest.approx(q.global_scale.item(), rel=1e-6)
        assert layer.input_global_scale.item() == pytest.approx(3.0 / 2688, rel=1e-6)
        assert torch.equal(layer.dequantized_weight(), q.dequantize())
    assert torch.equal(model.attn.o_proj.bias, ckpt["attn.o_proj.bias"].float())


def test_load_quantized_linears_names_what_does_not_fit():
    ckpt = nvfp4_checkpoint(_decoder_block(), "modelopt", skip=("lm_head",))
    with pytest.raises(ValueError, match="convention must be one of"):
        nv.load_quantized_linears(_decoder_block(), ckpt, convention="multiplier")
    fp8 = dict(ckpt, **{"attn.q_proj.weight": torch.zeros(64, 64, dtype=torch.float8_e4m3fn)})
    with pytest.raises(ValueError, match=r"attn\.q_proj\.weight must be packed NVFP4 .* got torch\.float8_e4m3fn"):
        nv.load_quantized_linears(_decoder_block(), fp8, convention="modelopt")
    narrow = dict(ckpt, **{"attn.q_proj.weight": ckpt["attn.q_proj.weight"][:, :16]})
    with pytest.raises(ValueError, match=r"attn\.q_proj\.weight has shape \(64, 16\), which does not fit a "
                                         r"Linear\(64, 64\) \(expected \[64, 32\], in_features a multiple of 16\)"):
        nv.load_quantized_linears(_decoder_block(), narrow, convention="modelopt")
    no_global = {k: v for k, v in ckpt.items() if k != "attn.o_proj.weight_scale_2"}
    with pytest.raises(ValueError, match="attn.o_proj has weight and weight_scale but no weight_scale_2"):
        nv.load_quantized_linears(_decoder_block(), no_global, convention="modelopt")
    bad_scales = dict(ckpt, **{"attn.q_proj.weight_scale": ckpt["attn.q_proj.weight_scale"][:, :2]})
    with pytest.raises(ValueError, match=r"load_quantized_linears: attn\.q_proj: NVFP4Linear: weight \[out, in/2\]"):
        nv.load_quantized_linears(_decoder_block(), bad_scales, convention="modelopt")


@pytest.mark.parametrize("convention", ["modelopt", "compressed-tensors"])
def test_quantized_state_dict_round_trips_through_load(convention):
    """quantized_state_dict writes what load_quantized_linears reads: a converted model's layers
    (both weight layouts, a dynamic one with its activation scale, with and without bias) come back
    in a fresh model, codes and block scales bit for bit; the key names and dtypes are the convention's; a layer with a
    global scale per row is refused by name."""
    source = _decoder_block()
    nv.convert_linears(source, include=lambda name, lin: name != "lm_head", weight_layout="tiled")
    source.attn.o_proj = nv.NVFP4Linear.from_linear(torch.nn.Linear(64, 64), activation="dynamic",
                                                    weight_layout="row-major")
    source.attn.o_proj.input_global_scale.fill_(0.25)
    ckpt = nv.quantized_state_dict(source, convention=convention)
    codes_key, scales_key, global_key, input_key = nv.checkpoint.CHECKPOINT_KEYS[convention]
    assert sorted(ckpt) == sorted([f"attn.q_proj.{codes_key}", f"attn.q_proj.{scales_key}", f"attn.q_proj.{global_key}",
                                   f"attn.o_proj.{codes_key}", f"attn.o_proj.{scales_key}", f"attn.o_proj.{global_key}",
                                   f"attn.o_proj.{input_key}", "attn.o_proj.bias"])
    assert ckpt[f"attn.q_proj.{codes_key}"].dtype == torch.uint8
    assert ckpt[f"attn.q_proj.{scales_key}"].dtype == torch.float8_e4m3fn
    assert ckpt[f"attn.o_proj.{input_key}"].item() == (4.0 if convention == "compressed-tensors" else 0.25)
    fresh = _decoder_block()
    activation = {"attn.q_proj": "weight-only", "attn.o_proj": "dynamic"}
    for name, mode in activation.items():  # each layer's own mode: load one at a time
        part = {k: v for k, v in ckpt.items() if k.startswith(name + ".")}
        assert nv.load_quantized_linears(fresh, part, convention=convention, activation=mode) == [name]
    for name in activation:
        a, b = source.get_submodule(name), fresh.get_submodule(name)
        assert torch.equal(a.weight, b.weight) and torch.equal(a.weight_scale, b.weight_scale)
        # compressed-tensors writes 1 / m in fp32 and the load takes 1 / that: two roundings, within
        # an ulp of m (exact for the powers of two here and for ModelOpt's m written as is).
        rtol = 2.0 ** -22 if convention == "compressed-tensors" else 0.0
        assert torch.allclose(a.weight_global_scale, b.weight_global_scale, rtol=rtol, atol=0)
        assert torch.equal(a.input_global_scale, b.input_global_scale) and a.activation == b.activation
    assert torch.equal(fresh.attn.o_proj.bias, source.attn.o_proj.bias) and fresh.attn.q_proj.bias is None
    fused = torch.nn.Module()
    fused.qkv = nv.NVFP4Linear.from_quantized_shards(make_shards(), convention="modelopt")
    with pytest.raises(ValueError, match="quantized_state_dict: qkv has a global scale per output row"):
        nv.quantized_state_dict(fused, convention=convention)
