"""Shared test helpers: random NVFP4 data that looks like real weights, the elementwise tolerance, the
launch rule's A/B switches as the GPU tests read them, and the out-memory cases of the CPU and GPU tests."""

from __future__ import annotations

import os

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import reference

requires_cuda = None  # set in conftest


def compiled_fullgraph(fn):
    """torch.compile(fn, fullgraph=True) on a fresh dynamo cache. NVFP4Linear.forward branches on
    the layer's Python attributes (activation, layout, per-row scale, bias), so each configuration
    a test compiles is one more entry of that one code object's cache; past dynamo's
    recompile_limit (8) fullgraph=True raises FailOnRecompileLimitHit (run 477: the 8 compile cases
    of test_linear_compile_and_cuda_graph, then every per-row case failed). A model compiled whole
    inlines its layers' forwards and meets no such limit; a test suite compiles more
    configurations than a model holds, so each compile here starts afresh."""
    torch.compiler.reset()
    return torch.compile(fn, fullgraph=True)


def exported_with_rows(module, x):
    """torch.export of module on x [rows, in], its row count a dynamic dimension of 1..16 (the
    GEMV path's range, so that NVFP4Linear.forward's branch on the rows is decided at export).
    Returns (the exported program, its callable module)."""
    rows = torch.export.Dim("rows", min=1, max=16)
    program = torch.export.export(module, (x,), dynamic_shapes=({0: rows},))
    return program, program.module()


def random_codes(shape, gen, device="cpu") -> torch.Tensor:
    """All 16 E2M1 codes, both signs, uniformly."""
    return torch.randint(0, 16, shape, generator=gen, dtype=torch.uint8, device="cpu").to(device)


def random_scales(shape, gen, device="cpu", lo=-9, hi=8.8) -> torch.Tensor:
    """E4M3 scales spread over the whole range 2^-9 .. 448 (log-uniform), as uint8 bits."""
    e = torch.empty(shape).uniform_(lo, hi, generator=gen)
    return fmt.e4m3_encode(torch.exp2(e)).view(torch.uint8).to(device)


def random_problem(l, m, k, n, gen, act="fp4", device="cpu"):
    """(a, sfa, x, sfx) in the canonical layouts, realistic distributions."""
    a = fmt.pack_e2m1(random_codes((l, m, k), gen)).to(device)
    sfa = random_scales((l, m, k // 16), gen, device)
    if act == "fp4":
        x = fmt.pack_e2m1(random_codes((l, n, k), gen)).to(device)
        sfx = random_scales((l, n, k // 16), gen, device, lo=-4, hi=4)
    else:
        dt = {"fp16": torch.float16, "bf16": torch.bfloat16}[act]
        x = torch.randn((l, n, k), generator=gen).to(dt).to(device)
        sfx = None
    return a, sfa, x, sfx


def env_switch(name: str) -> str | None:
    """The launcher's A/B switch NVFP4_GEMV_<name> (env_mode in launch_rule.cuh), if set."""
    return os.environ.get(f"NVFP4_GEMV_{name}")


def sweeps_allowed(switch_name: str) -> bool:
    """Whether the launch rule may take the sweep of this switch (SWEEP, SWEEP16, SWEEP8, BAND16;
    their *_fits in launch_rule.cuh): sm_90, the switch not 0, and it forced (1) or no other variant
    forced (other_variant_forced)."""
    switch = env_switch(switch_name)
    return (torch.cuda.get_device_capability()[0] == 9 and switch != "0"
            and (switch == "1" or not any(env_switch(name) == "1" for name in ("RING", "SPANS", "IMMA", "DOT"))))


def out_memory_cases(device):
    """gemv_out calls on a W4A16 problem (20 rows, K = 64, fp16 x and out in one buffer) whose out
    the op must refuse, an out whose elements share memory or one that shares bytes with an input,
    and two it must take (a permuted out; an out right after x's last byte), for the CPU and CUDA
    tests alike. Yields (what, gemv_out's arguments, the error's pattern or None)."""
    gen = torch.Generator().manual_seed(11)
    a, sfa, _, _ = random_problem(1, 20, 64, 1, gen, "fp16", device)
    buf = torch.randn(64 + 40, generator=gen).to(torch.float16).to(device)
    x = buf[:64].view(1, 1, 64)
    x2 = torch.randn((1, 2, 64), generator=gen).to(torch.float16).to(device)  # two columns, a buffer of its own
    bias = torch.randn(20, generator=gen).to(device)

    def args(out, x=x, bias=None):
        return (a, sfa, x, None, 0, 0, None, None, bias, out)

    yield "a permuted out", args(torch.empty(2, 20, dtype=torch.float16, device=device).t()[None], x2), None
    yield "out right after x", args(buf[64:84].view(1, 20, 1)), None
    yield "out expanded", args(torch.empty(1, 1, 1, dtype=torch.float16, device=device).expand(1, 20, 1)), \
        r"out must not have elements that share memory, got shape \[1, 20, 1\] strides \[1, 0, 1\]"
    yield "rows overlapping columns", args(buf[64:].as_strided((1, 20, 2), (40, 1, 1)), x2), \
        r"out must not have elements that share memory, got shape \[1, 20, 2\] strides \[40, 1, 1\]"
    yield "out over x's last 4 values", args(buf[60:80].view(1, 20, 1)), \
        r"out must not share memory with x \(the kernel reads x while it writes out\), got out of shape " \
        r"\[1, 20, 1\] strides \[20, 1, 1\] and x of shape \[1, 1, 64\] strides \[64, 64, 1\]"
    yield "out on the bias", args(bias.view(1, 20, 1), bias=bias), r"out must not share memory with bias"


def tolerance(a, sfa, x, sfx, out_dtype, sfa_layout=0, sfx_layout=0, extra_rel=0.0) -> torch.Tensor:
    """Elementwise bound for kernel vs exact reference.

    The kernel accumulates in fp32 (tensor cores), so |error| <= K * 2^-23 * sum_k |w_k x_k| before
    the final rounding (recursive summation bound, doubled for truncating adders), plus one unit in
    the last place of the output dtype at the reference value. extra_rel adds a further relative
    term of sum |w x| (the bf16 -> fp16 activation rescale).
    """
    k = a.shape[-1] * 2
    w = reference.dequantize_canonical(a, sfa, sfa_layout, k).abs()
    xv = (reference.dequantize_canonical(x, sfx, sfx_layout, k) if sfx is not None else x.double()).abs()
    mag = torch.matmul(w, xv.transpose(-1, -2))
    ref = reference.gemv_reference(a, sfa, x, sfx, sfa_layout, sfx_layout, out_dtype=torch.float64)
    ulp = ulp_of(ref, out_dtype)
    return mag * (k * 2.0**-23 + extra_rel) + ulp


def ulp_of(v: torch.Tensor, dtype) -> torch.Tensor:
    """One unit in the last place of dtype at |v| (subnormal spacing below the normal range)."""
    fi = torch.finfo(dtype)
    mant = {torch.float16: 10, torch.bfloat16: 7, torch.float32: 23}[dtype]
    e = torch.floor(torch.log2(v.abs().clamp(min=fi.tiny)))
    return torch.exp2(e - mant).clamp(min=fi.tiny * 2.0**-mant)


def assert_close_elementwise(got, ref, tol, what=""):
    """|got - ref| <= tol elementwise; where ref overflows got's dtype, got must be that infinity."""
    overflow = ref.to(got.dtype).isinf().cpu()
    rounded_ref = ref.to(got.dtype).double().cpu()
    got, ref, tol = got.double().cpu(), ref.double().cpu(), tol.double().cpu()
    bad = torch.where(overflow, got != rounded_ref, ~((got - ref).abs() <= tol) | ~torch.isfinite(got))
    if bad.any():
        idx = bad.nonzero()[:5].tolist()
        details = "; ".join(f"{tuple(i)}: got {got[tuple(i)].item()!r} ref {ref[tuple(i)].item()!r} tol {tol[tuple(i)].item():.3g}" for i in idx)
        raise AssertionError(f"{what}: {int(bad.sum())} of {bad.numel()} elements out of tolerance; {details}")


def capture_cuda_graph(fn):
    """(graph, fn's result in it): fn run once on a side stream first (what CUDA-graph capture asks
    of lazy initialisation), then captured."""
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        fn()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        result = fn()
    return graph, result


def cuda_kernel_names(fn) -> list[str]:
    """Names of the events (the CUDA kernels among them) of fn under torch.profiler."""
    from torch.profiler import ProfilerActivity, profile

    with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
        fn()
        torch.cuda.synchronize()
    return [e.name for e in prof.events()]


def nvfp4_checkpoint(model, convention, input_multiplier=3.0 / 2688, skip=()) -> dict:
    """An NVFP4 checkpoint of `model`'s Linear layers as the convention's exporter writes one, built
    here from format.quantize (not by the library's quantized_state_dict, so that a load is checked
    against an independent writer): codes, block scales (float8_e4m3fn [out, in / 16]), the weight's
    and the activation's global scales (ModelOpt: multipliers, 0-d; compressed-tensors: encode
    scales, [1]), the bias in bf16; the layers named in `skip` left in bf16, as exporters leave an
    lm_head."""
    from nvfp4_gemv.checkpoint import CHECKPOINT_KEYS

    codes_key, scales_key, global_key, input_key = CHECKPOINT_KEYS[convention]
    stored = (lambda m: (1.0 / m).reshape(1)) if convention == "compressed-tensors" else (lambda m: m.reshape(()))
    ckpt = {}
    for name, lin in model.named_modules():
        if not isinstance(lin, torch.nn.Linear):
            continue
        if name in skip:
            ckpt[f"{name}.weight"] = lin.weight.detach().to(torch.bfloat16)
            continue
        q = fmt.quantize(lin.weight.detach().float())
        ckpt[f"{name}.{codes_key}"] = q.data
        ckpt[f"{name}.{scales_key}"] = q.scales
        ckpt[f"{name}.{global_key}"] = stored(q.global_scale)
        ckpt[f"{name}.{input_key}"] = stored(torch.tensor(input_multiplier))
        if lin.bias is not None:
            ckpt[f"{name}.bias"] = lin.bias.detach().to(torch.bfloat16)
    return ckpt
