"""The functional API: nvfp4_gemv.gemv. Turns user layouts (2-D or batched, row-major or blocked
scales, the GPU MODE task's permuted views) into the op's canonical layouts without copying, then
calls torch.ops.nvfp4.gemv_out (CUDA kernel on CUDA tensors, exact reference on CPU tensors)."""

from __future__ import annotations

import torch

from . import format as fmt
from . import ops, reference

_LAYOUTS = {"row-major": reference.ROW_MAJOR, "blocked": reference.BLOCKED}


def _scale_tensor(t, device, name):
    if t is None or isinstance(t, torch.Tensor):
        return t
    try:
        value = float(t)
    except (TypeError, ValueError):
        raise TypeError(f"{name} must be a float32 tensor of one element or a number, got {t!r}") from None
    return torch.tensor(value, dtype=torch.float32, device=device)


def canonical_scales(sf: torch.Tensor, batched: bool, rows: int, k: int, layout: str = "auto"):
    """User scales -> (uint8 tensor in the op's layout, layout id). See gemv for what is accepted."""
    if sf.dtype not in (torch.uint8, torch.float8_e4m3fn):
        raise TypeError(f"scales must be float8_e4m3fn or uint8, got {sf.dtype}")
    u = fmt.as_uint8(sf)
    if u.dim() == 6:  # the task's blocked view (32, 4, rows/128, 4, K/64, L) of (L, rb, kb, 32, 4, 4)
        t = u.permute(5, 2, 4, 0, 1, 3)
        if t.shape[3:] != (32, 4, 4) or not t.is_contiguous():
            raise ValueError(
                f"6-D blocked scales must be the (32, 4, rows/128, 4, K/64, L) view of a contiguous "
                f"(L, rows/128, K/64, 32, 4, 4) tensor; got shape {tuple(sf.shape)} strides {sf.stride()}"
            )
        u, found = t.reshape(t.shape[0], -1), "blocked"
    elif u.dim() == (3 if batched else 2):
        u, found = (u if batched else u.unsqueeze(0)), "row-major"
    elif u.dim() == (2 if batched else 1):
        u, found = (u if batched else u.unsqueeze(0)), "blocked"
    else:
        raise ValueError(
            f"scales for {rows} rows must be row-major [{'L, ' if batched else ''}{rows}, {k // 16}] or "
            f"blocked [{'L, ' if batched else ''}S]; got shape {tuple(sf.shape)}"
        )
    if layout not in ("auto", found):
        raise ValueError(f"scale_layout={layout!r} but the scales look {found} (shape {tuple(sf.shape)})")
    return u, _LAYOUTS[found]


def gemv(
    a: torch.Tensor,
    sfa: torch.Tensor,
    b: torch.Tensor,
    sfb: torch.Tensor | None = None,
    *,
    out: torch.Tensor | None = None,
    out_dtype: torch.dtype = torch.float16,
    scale_layout: str = "auto",
    weight_global_scale: torch.Tensor | float | None = None,
    act_global_scale: torch.Tensor | float | None = None,
    bias: torch.Tensor | None = None,
    rows: int | None = None,
    quantize_b: bool = False,
) -> torch.Tensor:
    """out = weight_global_scale * act_global_scale * dequant(a, sfa) @ b^T (+ bias), fp32 accumulation.

    a      [M, K/2] or [L, M, K/2]: packed E2M1 (uint8 or float4_e2m1fn_x2), unit stride along K.
    sfa    E4M3 block scales (float8_e4m3fn or uint8): row-major [M, K/16] / [L, M, K/16], or
           blocked 128x4 [S] / [L, S], or the GPU MODE task's 6-D blocked view. scale_layout
           ("auto", "row-major", "blocked") states which you pass; "auto" tells them apart by rank.
           scale_layout="tiled": a and sfa are the tiled weight format (format.to_tiled: [(L,)
           ceil(M/16), ceil(K/128), 16, 64] and [..., 32, 4], the faster layout for repeated
           calls), M is given as rows, K comes from b, sfb is row-major or blocked.
    b      activations, N = 1..16 columns, each read with the weights once for all columns:
           W4A4: packed E2M1 [K/2] / [N, K/2] / [L, N, K/2] with sfb like sfa;
           W4A16: float16 / bfloat16 [K] / [N, K] / [L, N, K] with sfb None.
    out    [M, N] / [L, M, N] (or [M] / [L, M] for a 1-D b), float16 / bfloat16 / float32, any
           strides, written in place (refused where two of its elements, or it and an input,
           share memory); allocated with out_dtype when None.
    weight_global_scale, act_global_scale: float32 one-element tensors on a's device (floats are
           accepted but cost a host-to-device copy per call); weight_global_scale may instead be
           one per row, a contiguous float32 [M] (fused shards whose scales differ), applied in the
           same fp32 epilogue; bias: float32 [M].
    quantize_b: W4A4 on a float16 / bfloat16 b quantized per call, bitwise quantize_activation(b,
           act_global_scale) then the W4A4 GEMV (torch.ops.nvfp4.gemv_dynamic_out: on the H200 at one
           column and where the launch rule allows, the quantization happens inside the GEMV, in
           its staging or in the row sweep's registers, one kernel; otherwise two).
    """
    if scale_layout not in ("auto", "row-major", "blocked", "tiled"):
        raise ValueError(f"scale_layout must be 'auto', 'row-major', 'blocked' or 'tiled', got {scale_layout!r}")
    tiled = scale_layout == "tiled"
    if tiled:
        if not isinstance(rows, int) or rows < 1 or a.dim() not in (4, 5):
            raise ValueError(f"scale_layout='tiled' takes a [(L,) ceil(M/16), ceil(K/128), 16, 64] and rows=M (a "
                             f"positive int), got shape {tuple(a.shape)} and rows={rows!r}")
        batched = a.dim() == 5
    else:
        batched = a.dim() == 3
        if a.dim() not in (2, 3):
            raise ValueError(f"a must be [M, K/2] or [L, M, K/2], got shape {tuple(a.shape)}")
    a3 = fmt.as_uint8(a, "a") if batched else fmt.as_uint8(a, "a").unsqueeze(0)
    L = a3.shape[0]
    vector = b.dim() == (2 if batched else 1)
    b3 = b.unsqueeze(-2) if vector else b
    if not batched:
        b3 = b3.unsqueeze(0)
    if b3.dim() != 3:
        forms = "[L, K] or [L, N, K] for a batched a" if batched else "[K] or [N, K] for an unbatched a"
        raise ValueError(f"b must be {forms} (K/2 when packed), got shape {tuple(b.shape)} with a of shape "
                         f"{tuple(a.shape)}")
    w4a4 = b3.dtype in (torch.uint8, getattr(torch, "float4_e2m1fn_x2", torch.uint8))
    if quantize_b and (w4a4 or sfb is not None):
        raise ValueError(f"quantize_b takes float16 / bfloat16 b without sfb, got {b3.dtype}"
                         f"{' with sfb' if sfb is not None else ''}")
    if w4a4 and sfb is None:
        raise ValueError("packed FP4 activations (W4A4) need their scales sfb")
    if not w4a4 and sfb is not None:
        raise ValueError(f"sfb must be None for {b3.dtype} activations (W4A16)")
    if w4a4:
        b3 = fmt.as_uint8(b3, "b")
    if tiled:  # M is given, K comes from b; the op checks the tiles against both
        M, K = rows, b3.shape[-1] * (2 if w4a4 else 1)
        sfa_c = fmt.as_uint8(sfa, "sfa") if batched else fmt.as_uint8(sfa, "sfa").unsqueeze(0)
        sfa_layout = reference.TILED
    else:
        M, K = a3.shape[1], a3.shape[2] * 2
        sfa_c, sfa_layout = canonical_scales(sfa, batched, M, K, scale_layout)
    if sfb is not None:
        sfb_b = sfb.unsqueeze(-2) if (vector and sfb.dim() == b.dim()) else sfb
        sfb_c, sfb_layout = canonical_scales(sfb_b, batched, b3.shape[1], K, "auto" if tiled else scale_layout)
    else:
        sfb_c, sfb_layout = None, reference.ROW_MAJOR
    N = b3.shape[1]
    if out is None:
        out3 = torch.empty((L, M, N), dtype=out_dtype, device=a.device)
        out = out3 if batched else out3[0]
        if vector:
            out = out[..., 0]
    else:
        want = ((L,) if batched else ()) + (M,) + (() if vector else (N,))
        if tuple(out.shape) != want:
            raise ValueError(f"out must have shape {want} for a of shape {tuple(a.shape)} and b of shape "
                             f"{tuple(b.shape)}, got {tuple(out.shape)}")
        out3 = out.unsqueeze(-1) if vector else out
        if not batched:
            out3 = out3.unsqueeze(0)
    ops.load()
    wgs = _scale_tensor(weight_global_scale, a.device, "weight_global_scale")
    ags = _scale_tensor(act_global_scale, a.device, "act_global_scale")
    if quantize_b:
        torch.ops.nvfp4.gemv_dynamic_out(a3, sfa_c, b3, sfa_layout, wgs, ags, bias, out3)
    else:
        torch.ops.nvfp4.gemv_out(a3, sfa_c, b3, sfb_c, sfa_layout, sfb_layout, wgs, ags, bias, out3)
    return out


def quantize_activation(x: torch.Tensor, global_scale: torch.Tensor | None = None) -> fmt.NVFP4Tensor:
    """Dynamic NVFP4 quantization for W4A4, on x's device in one kernel (CPU: format.quantize).

    x [..., K] float16 / bfloat16 / float32 with K % 16 == 0; global_scale: None (block scales
    alone, saturating at 448) or a float32 one-element tensor, the dequantization multiplier (for
    example a calibrated ModelOpt ``input_scale``). Same bits as ``format.quantize`` with that
    global scale. No host synchronisation (CUDA-graph safe); a block with NaN / inf gets the NaN
    scale, so it reaches the GEMV output as NaN (format.quantize raises instead).
    """
    ops.load()
    gs = None
    if global_scale is not None:
        gs = fmt.scalar_scale(global_scale, "quantize_activation: global_scale").reshape(1)
    data, scales = torch.ops.nvfp4.quantize(x.contiguous(), gs)
    return fmt.NVFP4Tensor(data, scales, gs.reshape(()) if gs is not None else torch.ones((), device=x.device))
