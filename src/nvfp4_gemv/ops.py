"""torch.ops.nvfp4.*: the schema lives in csrc/ops.cpp, the CUDA kernels in csrc/binding.cpp; this
module loads them and registers the CPU implementation (the exact reference) and the fake (meta)
implementations used by torch.compile.

Ops (canonical layouts, see csrc/ops.cpp):
    torch.ops.nvfp4.gemv(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out_dtype) -> out
    torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out)
                                 (sfa_layout 2: a and sfa in the tiled weight format, format.to_tiled)
    torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, sfa_layout, wgs, ags, bias, out)
                                 (W4A4, x fp16/bf16 quantized per call: quantize(x, ags), then gemv_out)
    torch.ops.nvfp4.quantize(x, global_scale) -> (packed, scales)   (dynamic activation quantization)
    torch.ops.nvfp4.dequantize(a, sfa, global_scale, dtype) -> [..., K]  (NVFP4Linear's fallback weight)
    torch.ops.nvfp4.stream_read(data, sink, grid, threads)       (benchmark helper, CUDA only)
"""

from __future__ import annotations

import threading

import torch

from . import format, jit, reference

FP4_DTYPES = (torch.uint8, getattr(torch, "float4_e2m1fn_x2", torch.uint8))


def check_canonical(a, sfa, x, sfx, sfa_layout, sfx_layout, out=None, wgs=None, ags=None,
                    bias=None, out_dtype=None) -> tuple[int, int, int, int]:
    """Device, shape and dtype checks shared by the CPU and fake implementations (the CUDA binding
    makes the same checks in C++, those of the epilogue's operands and out's dtype with the same
    messages). Returns (L, M, K, N). out: the _out ops' output tensor (None for nvfp4.gemv, whose
    out_dtype is checked instead). The tiled weight format (sfa_layout TILED) takes M from out and
    K from x. wgs, ags, bias: the epilogue's global scales (float32, one element; wgs may instead be
    one per row, a contiguous [M]) and bias (contiguous float32 [M]); out's dtype: float16,
    bfloat16 or float32."""
    check_same_device("nvfp4.gemv", a, sfa=sfa, x=x, sfx=sfx, weight_global_scale=wgs, act_global_scale=ags,
                      bias=bias, out=out)
    out_shape, out_dtype = (None, out_dtype) if out is None else (out.shape, out.dtype)
    tiled = sfa_layout == reference.TILED
    if tiled:
        if a.dtype not in FP4_DTYPES or a.dim() != 5 or out_shape is None or len(out_shape) != 3 or x.dim() != 3:
            raise ValueError(f"nvfp4.gemv: tiled a must be [L, ceil(M/16), ceil(K/128), 16, 64] with out [L, M, N] "
                             f"(gemv_out) and x [L, N, K]; got a {a.dtype} {tuple(a.shape)}, x {tuple(x.shape)}, "
                             f"out {None if out_shape is None else tuple(out_shape)}")
        L, M, K = a.shape[0], out_shape[1], x.shape[2] * (2 if x.dtype in FP4_DTYPES else 1)
        if tuple(a.shape[1:]) != format.tiled_shapes(M, K)[0]:
            raise ValueError(f"nvfp4.gemv: tiled a for M={M}, K={K} must be {[L, *format.tiled_shapes(M, K)[0]]}, "
                             f"got {tuple(a.shape)}")
    elif a.dtype not in FP4_DTYPES or a.dim() != 3:
        raise ValueError(f"nvfp4.gemv: a must be uint8/float4_e2m1fn_x2 [L, M, K/2], got {a.dtype} {tuple(a.shape)}")
    else:
        L, M, K = a.shape[0], a.shape[1], a.shape[2] * 2
    if K % 16 or K == 0 or M == 0 or L == 0:
        raise ValueError(f"nvfp4.gemv: need L, M >= 1 and K a positive multiple of 16, got L={L} M={M} K={K}")
    if x.dim() != 3 or x.shape[0] != L or not 1 <= x.shape[1] <= 16:
        raise ValueError(f"nvfp4.gemv: x must be [L={L}, N in 1..16, K], got {tuple(x.shape)}")
    N = x.shape[1]
    if x.dtype in FP4_DTYPES:
        if x.shape[2] * 2 != K or sfx is None:
            raise ValueError(f"nvfp4.gemv: FP4 x must be [{L}, N, {K // 2}] with scales sfx, got {tuple(x.shape)}")
    elif x.dtype in (torch.float16, torch.bfloat16):
        if x.shape[2] != K or sfx is not None:
            raise ValueError(f"nvfp4.gemv: {x.dtype} x must be [{L}, N, {K}] without sfx, got {tuple(x.shape)}")
    else:
        raise ValueError(f"nvfp4.gemv: x must be FP4, float16 or bfloat16, got {x.dtype}")
    for name, sf, layout, rows in (("sfa", sfa, sfa_layout, M), ("sfx", sfx, sfx_layout, N)):
        if sf is None:
            continue
        if layout == reference.ROW_MAJOR:
            ok = tuple(sf.shape) == (L, rows, K // 16)
        elif layout == reference.TILED and name == "sfa":
            ok = tuple(sf.shape) == (L, *format.tiled_shapes(rows, K)[1])
        elif layout == reference.BLOCKED:
            from .format import blocked_size
            ok = sf.dim() == 2 and sf.shape[0] == L and sf.shape[1] >= blocked_size(rows, K // 16)
        else:
            raise ValueError(f"nvfp4.gemv: {name} layout must be 0, 1 or (sfa only) 2, got {layout}")
        if not ok:
            raise ValueError(f"nvfp4.gemv: {name} has shape {tuple(sf.shape)}, which does not fit layout {layout} for {rows} rows, K={K}")
    if out_shape is not None and tuple(out_shape) != (L, M, N):
        raise ValueError(f"nvfp4.gemv: out must be [{L}, {M}, {N}], got {tuple(out_shape)}")
    if ags is not None and (ags.dtype != torch.float32 or ags.numel() != 1):
        raise ValueError(f"nvfp4.gemv: act_global_scale must be a float32 tensor with one element, got {ags.dtype} "
                         f"with {ags.numel()} elements")
    if wgs is not None and (wgs.dtype != torch.float32 or not (
            wgs.numel() == 1 or (wgs.dim() == 1 and wgs.shape[0] == M and wgs.stride(0) == 1))):
        raise ValueError(f"nvfp4.gemv: weight_global_scale must be a float32 tensor with one element or a contiguous "
                         f"one per row [{M}], got {wgs.dtype} {list(wgs.shape)}")
    if out_dtype is not None and out_dtype not in (torch.float16, torch.bfloat16, torch.float32):
        raise ValueError(f"nvfp4.gemv: out must be float16, bfloat16 or float32, got {out_dtype}")
    if bias is not None and (bias.dtype != torch.float32 or bias.dim() != 1 or bias.shape[0] != M or
                             bias.stride(0) != 1):
        raise ValueError(f"nvfp4.gemv: bias must be a contiguous float32 [{M}], got {bias.dtype} {tuple(bias.shape)}")
    return L, M, K, N


def check_same_device(op: str, a: torch.Tensor, a_name: str = "a", **tensors: torch.Tensor | None) -> None:
    """Every tensor on a's device (a named a_name in the message). The dispatcher sends a call that
    mixes meta tensors with CPU (or CUDA) ones to the fake implementation, which computes nothing:
    without this check such a call returned, or left in out, uninitialised memory. The CUDA
    binding makes the same check."""
    for name, t in tensors.items():
        if t is not None and t.device != a.device:
            raise ValueError(f"{op}: {name} must be on {a_name}'s device {a.device}, got {t.device}")


def _distinct_elements(t: torch.Tensor) -> bool:
    """No two of t's elements share memory: with the dimensions of more than one element in
    increasing stride order, each stride steps past all that the smaller ones reach (sufficient,
    not necessary; the CUDA binding's distinct_elements)."""
    reach = 0
    for stride, size in sorted((st, n) for st, n in zip(t.stride(), t.shape) if n > 1):
        if stride <= reach:
            return False
        reach += stride * (size - 1)
    return True


def _byte_span(t: torch.Tensor) -> tuple[int, int]:
    """[first, end) of the bytes t's elements span (torch strides are not negative)."""
    last = sum((n - 1) * st for n, st in zip(t.shape, t.stride()))
    return t.data_ptr(), t.data_ptr() + (last + 1) * t.element_size()


def check_out_memory(out: torch.Tensor, **inputs: torch.Tensor | None) -> None:
    """out's elements apart from each other and from every input's bytes: the CUDA kernel writes
    each out element once while other CTAs still read the inputs, so either would come out wrong
    there. The CPU path refuses the same (the CUDA binding's messages); not the fake one (no data)."""
    if not _distinct_elements(out):
        raise ValueError(f"nvfp4.gemv: out must not have elements that share memory, got shape {list(out.shape)} "
                         f"strides {list(out.stride())}")
    out_first, out_end = _byte_span(out)
    for name, t in inputs.items():
        if t is None:
            continue
        first, end = _byte_span(t)
        if first < out_end and out_first < end:
            raise ValueError(f"nvfp4.gemv: out must not share memory with {name} (the kernel reads {name} while it "
                             f"writes out), got out of shape {list(out.shape)} strides {list(out.stride())} and "
                             f"{name} of shape {list(t.shape)} strides {list(t.stride())}")


def check_dequantize(a, sfa, global_scale, dtype) -> int:
    """nvfp4.dequantize's checks, shared by the CPU and fake implementations (the CUDA binding makes
    the same in C++): a contiguous uint8 [..., K/2] with K % 16 == 0, sfa contiguous uint8 [...,
    K/16] (row-major), global_scale None, one float32 or one per row, dtype float32 / float16 /
    bfloat16, all on a's device. Returns the rows (a.numel() / (K/2))."""
    check_same_device("nvfp4.dequantize", a, sfa=sfa, global_scale=global_scale)
    if a.dtype != torch.uint8 or a.dim() == 0 or not a.is_contiguous():
        raise ValueError(f"nvfp4.dequantize: a must be contiguous uint8 [..., K/2], got {a.dtype} of shape "
                         f"{tuple(a.shape)} strides {tuple(a.stride())}")
    if a.shape[-1] % 8:
        raise ValueError(f"nvfp4.dequantize: K must be a multiple of 16, got a of shape {tuple(a.shape)}")
    scale_shape = (*a.shape[:-1], a.shape[-1] // 8)
    if sfa.dtype != torch.uint8 or tuple(sfa.shape) != scale_shape or not sfa.is_contiguous():
        raise ValueError(f"nvfp4.dequantize: sfa must be contiguous uint8 {list(scale_shape)} (row-major, one per 16 "
                         f"values), got {sfa.dtype} of shape {tuple(sfa.shape)} strides {tuple(sfa.stride())}")
    if dtype not in (torch.float32, torch.float16, torch.bfloat16):
        raise ValueError(f"nvfp4.dequantize: dtype must be float32, float16 or bfloat16, got {dtype}")
    rows = a.numel() // a.shape[-1] if a.shape[-1] else 0
    if global_scale is not None and (global_scale.dtype != torch.float32 or not global_scale.is_contiguous()
                                     or global_scale.numel() not in (1, rows)):
        raise ValueError(f"nvfp4.dequantize: global_scale must be float32, one element or one per row ({rows}), "
                         f"got {global_scale.dtype} of shape {tuple(global_scale.shape)}")
    return rows


_loaded = False
_load_lock = threading.Lock()


def load() -> None:
    """Load the extension (building it once) and register the Python implementations. Once done it
    returns at its first test, which torch.compile traces as a constant (a functools.cache here
    would be traced through, into the JIT's source hashing: a graph break, an error with
    fullgraph=True; tests/test_linear_and_peers.py compiles a dynamic layer's fallback path).
    Concurrent first calls register once: the others wait at the lock, then find it done."""
    global _loaded
    if _loaded:
        return
    with _load_lock:
        if not _loaded:
            jit.load_extension()
            _register_implementations()
            _loaded = True


def _register_implementations() -> None:
    """The ops' CPU and fake implementations (the CUDA ones are the extension's)."""

    @torch.library.impl("nvfp4::gemv", "CPU")
    def _gemv_cpu(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out_dtype):
        check_canonical(a, sfa, x, sfx, sfa_layout, sfx_layout, None, wgs, ags, bias, out_dtype)
        return reference.gemv_reference(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out_dtype)

    @torch.library.impl("nvfp4::gemv_out", "CPU")
    def _gemv_out_cpu(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out):
        M = check_canonical(a, sfa, x, sfx, sfa_layout, sfx_layout, out, wgs, ags, bias)[1]
        check_out_memory(out, a=a, sfa=sfa, x=x, sfx=sfx, weight_global_scale=wgs, act_global_scale=ags, bias=bias)
        out.copy_(reference.gemv_reference(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out.dtype, rows=M))

    @torch.library.register_fake("nvfp4::gemv")
    def _gemv_fake(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out_dtype):
        L, M, _, N = check_canonical(a, sfa, x, sfx, sfa_layout, sfx_layout, None, wgs, ags, bias, out_dtype)
        return a.new_empty((L, M, N), dtype=out_dtype)

    @torch.library.impl("nvfp4::quantize", "CPU")
    def _quantize_cpu(x, global_scale):
        check_same_device("nvfp4.quantize", x, "x", global_scale=global_scale)
        q = format.quantize(x, global_scale=global_scale)
        return format.as_uint8(q.data), format.as_uint8(q.scales)

    @torch.library.register_fake("nvfp4::quantize")
    def _quantize_fake(x, global_scale):
        check_same_device("nvfp4.quantize", x, "x", global_scale=global_scale)
        if x.dim() == 0 or x.shape[-1] % 16:
            raise ValueError(f"nvfp4.quantize: the last dimension must be a multiple of 16, got {tuple(x.shape)}")
        lead = tuple(x.shape[:-1])
        k = x.shape[-1]
        return (x.new_empty(lead + (k // 2,), dtype=torch.uint8), x.new_empty(lead + (k // 16,), dtype=torch.uint8))

    @torch.library.impl("nvfp4::dequantize", "CPU")
    def _dequantize_cpu(a, sfa, global_scale, dtype):
        check_dequantize(a, sfa, global_scale, dtype)
        out = format.dequantize(a, sfa)
        if global_scale is not None:  # one, or one per row: (E2M1 x E4M3) x global, as the kernel
            out = out * (global_scale.reshape(()) if global_scale.numel() == 1
                         else global_scale.reshape(*a.shape[:-1], 1))
        return out.to(dtype)

    @torch.library.register_fake("nvfp4::dequantize")
    def _dequantize_fake(a, sfa, global_scale, dtype):
        check_dequantize(a, sfa, global_scale, dtype)
        return a.new_empty((*a.shape[:-1], a.shape[-1] * 2), dtype=dtype)

    @torch.library.register_fake("nvfp4::gemv_out")
    def _gemv_out_fake(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out):
        check_canonical(a, sfa, x, sfx, sfa_layout, sfx_layout, out, wgs, ags, bias)
        return None

    def _check_dynamic_x(x):
        if x.dtype not in (torch.float16, torch.bfloat16):
            raise ValueError(f"nvfp4.gemv_dynamic: x must be float16 or bfloat16, got {x.dtype}")

    @torch.library.impl("nvfp4::gemv_dynamic_out", "CPU")
    def _gemv_dynamic_out_cpu(a, sfa, x, sfa_layout, wgs, ags, bias, out):
        _check_dynamic_x(x)
        M = check_canonical(a, sfa, x, None, sfa_layout, reference.ROW_MAJOR, out, wgs, ags, bias)[1]
        check_out_memory(out, a=a, sfa=sfa, x=x, weight_global_scale=wgs, act_global_scale=ags, bias=bias)
        q = format.quantize(x, global_scale=ags)
        out.copy_(reference.gemv_reference(a, sfa, format.as_uint8(q.data), format.as_uint8(q.scales), sfa_layout,
                                           reference.ROW_MAJOR, wgs, ags, bias, out.dtype, rows=M))

    @torch.library.register_fake("nvfp4::gemv_dynamic_out")
    def _gemv_dynamic_out_fake(a, sfa, x, sfa_layout, wgs, ags, bias, out):
        _check_dynamic_x(x)
        check_canonical(a, sfa, x, None, sfa_layout, reference.ROW_MAJOR, out, wgs, ags, bias)
        return None
