"""Exact reference for the batched GEMV, in the op's canonical (batch-first) layouts.

    out[l, m, n] = wgs * ags * sum_k A[l, m, k] * SFA[l, m, k // 16] * X[l, n, k]  (+ bias[m])

    a    [L, M, K/2]  packed E2M1 bytes
    sfa  [L, M, K/16] E4M3 (row-major), or [L, >= blocked_size(M, K/16)] (blocked); the tiled
         weight format (TILED: a and sfa from format.to_tiled) goes through format.from_tiled
    x    [L, N, K/2]  packed E2M1 bytes with sfx like sfa (W4A4), or [L, N, K] fp16/bf16/fp32 (W4A16)
    out  [L, M, N]

Every product of decoded values is exact in float64 and so is the sum for all K used here (at most
2^16 terms of at most 2^33 with 2^-20 resolution); the single rounding happens at the output dtype.
"""

from __future__ import annotations

import torch

from . import format as fmt

ROW_MAJOR = 0
BLOCKED = 1
TILED = 2  # the tiled weight format: a and sfa together (format.to_tiled), for sfa only


def dequantize_canonical(packed: torch.Tensor, scales: torch.Tensor, layout: int, k: int) -> torch.Tensor:
    """[L, R, K/2] packed + scales in `layout` -> float64 [L, R, K]."""
    rows = packed.shape[1]
    if layout == BLOCKED:
        scales = fmt.from_blocked(scales, rows, k // fmt.BLOCK)
    elif layout != ROW_MAJOR:
        raise ValueError(f"scale layout must be 0 (row-major) or 1 (blocked), got {layout}")
    return fmt.dequantize(packed, scales).double()


def gemv_reference(
    a: torch.Tensor,
    sfa: torch.Tensor,
    x: torch.Tensor,
    sfx: torch.Tensor | None,
    sfa_layout: int = ROW_MAJOR,
    sfx_layout: int = ROW_MAJOR,
    weight_global_scale: torch.Tensor | None = None,
    act_global_scale: torch.Tensor | None = None,
    bias: torch.Tensor | None = None,
    out_dtype: torch.dtype = torch.float16,
    rows: int | None = None,
) -> torch.Tensor:
    """The float64 oracle; returns [L, M, N] in out_dtype (on a's device). rows: M, for the tiled
    weight format only (its shape holds M rounded up to 16)."""
    if sfa_layout == TILED:
        if rows is None:
            raise ValueError("gemv_reference: the tiled weight format needs rows (M)")
        a, sfa = fmt.from_tiled(a, sfa, rows, x.shape[-1] * (2 if sfx is not None else 1))
        sfa_layout = ROW_MAJOR
    k = a.shape[-1] * 2
    w = dequantize_canonical(a, sfa, sfa_layout, k)
    if sfx is not None:
        xv = dequantize_canonical(x, sfx, sfx_layout, k)
    else:
        xv = x.double()
    out = torch.matmul(w, xv.transpose(-1, -2))
    alpha = torch.ones((), dtype=torch.float64, device=out.device)
    if weight_global_scale is not None:  # one element, or one per row [M]
        alpha = alpha * weight_global_scale.double().reshape(-1, 1)
    if act_global_scale is not None:
        alpha = alpha * act_global_scale.double().reshape(())
    out = out * alpha
    if bias is not None:
        out = out + bias.double().reshape(1, -1, 1)
    return out.to(out_dtype)
