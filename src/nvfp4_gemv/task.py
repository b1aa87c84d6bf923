"""The GPU MODE ``nvfp4_gemv`` task contract, reproduced: generator, exact reference, check, shapes.

    c[m, 0, l] = sum_k A[m, k, l] * SFA[m, k // 16, l] * B[0, k, l] * SFB[0, k // 16, l]   (fp16 out)

Input tuple (a, b, sfa, sfb, sfa_permuted, sfb_permuted, c); every tensor is a .permute(1, 2, 0) view
of a contiguous (L, rows, cols) tensor (batch outermost):
    a   float4_e2m1fn_x2 (M, K/2, L)       b   float4_e2m1fn_x2 (128, K/2, L)  (row 0 is the vector)
    sfa float8_e4m3fn    (M, K/16, L)      sfb float8_e4m3fn    (128, K/16, L)
    sfa_permuted (32, 4, M/128, 4, K/64, L), sfb_permuted (32, 4, 1, 4, K/64, L): blocked 128x4
    c   float16          (M, 1, L)          arrives filled with random values; written in place
"""

from __future__ import annotations

import math

import torch

from . import format as fmt
from . import ops, reference

TEST_SHAPES = [  # (m, k, l)
    (128, 256, 1), (128, 1536, 1), (128, 3072, 1), (256, 7168, 1), (2432, 4608, 2),
    (384, 7168, 2), (512, 512, 2), (512, 4096, 2), (512, 1536, 2),
]
BENCHMARK_SHAPES = [(7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4)]
SEED = 1111
RTOL = ATOL = 1e-3
B_ROWS = 128  # b and sfb are padded to 128 rows for the cuBLAS reference


def default_device() -> torch.device:
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def _blocked_view(scales: torch.Tensor) -> torch.Tensor:
    """(L, rows, K/16) e4m3 -> the task's (32, 4, rows/128, 4, K/64, L) view of blocked bytes."""
    l, rows, cols = scales.shape
    flat = fmt.to_blocked(scales)  # (L, S)
    return flat.reshape(l, math.ceil(rows / 128), math.ceil(cols / 4), 32, 4, 4).permute(3, 4, 1, 5, 2, 0)


def generate_input(m: int, k: int, l: int, seed: int, device: torch.device | str | None = None):
    """The task's inputs, drawn in the task's order from torch.manual_seed(seed) (on CUDA when present)."""
    if m < 1 or l < 1 or k < 16 or k % 16:
        raise ValueError(f"generate_input: need m, l >= 1 and k a positive multiple of 16, got m={m} k={k} l={l}")
    dev = torch.device(device) if device is not None else default_device()
    torch.manual_seed(seed)
    a = torch.randint(0, 4, (l, m, k // 2), dtype=torch.uint8, device=dev)
    b = torch.randint(0, 4, (l, B_ROWS, k // 2), dtype=torch.uint8, device=dev)
    c = torch.randn((l, m, 1), dtype=torch.float16, device=dev)
    sfa = torch.randint(0, 3, (l, m, k // 16), device=dev).to(torch.float8_e4m3fn)
    sfa_blocked = _blocked_view(sfa)
    sfb = torch.randint(0, 3, (l, B_ROWS, k // 16), device=dev).to(torch.float8_e4m3fn)
    sfb_blocked = _blocked_view(sfb)
    p = (1, 2, 0)
    return (
        fmt.as_fp4x2(a).permute(*p), fmt.as_fp4x2(b).permute(*p), sfa.permute(*p), sfb.permute(*p),
        sfa_blocked, sfb_blocked, c.permute(*p),
    )


def _canonical(data):
    if not isinstance(data, (tuple, list)) or len(data) != 7:
        got = f"{type(data).__name__} of {len(data)}" if isinstance(data, (tuple, list)) else type(data).__name__
        raise ValueError(f"the task's input is the 7-tuple (a, b, sfa, sfb, sfa_permuted, sfb_permuted, c), got {got}")
    a, b, sfa, sfb, _, _, c = data
    for name, t in (("a", a), ("b", b), ("sfa", sfa), ("sfb", sfb), ("c", c)):
        if not isinstance(t, torch.Tensor) or t.dim() != 3:
            shape = tuple(t.shape) if isinstance(t, torch.Tensor) else type(t).__name__
            raise ValueError(f"the task's {name} is a 3-D tensor (rows, K or K/2 or K/16, L), got {shape}")
    p = (2, 0, 1)
    return (fmt.as_uint8(a).permute(*p), fmt.as_uint8(sfa).permute(*p),
            fmt.as_uint8(b).permute(*p)[:, :1], fmt.as_uint8(sfb).permute(*p)[:, :1], c.permute(*p))


def ref_kernel(data) -> torch.Tensor:
    """The exact oracle (dequantize, float64 accumulation, one rounding to fp16), as a new (M, 1, L) tensor."""
    a, sfa, b, sfb, c = _canonical(data)
    out = reference.gemv_reference(a, sfa, b, sfb, out_dtype=torch.float16)
    return out.permute(1, 2, 0)


def scaled_mm_reference(data) -> torch.Tensor:
    """Cross-check with torch._scaled_mm on FP4 operands, as the task's own reference does. Runs only
    where cuBLAS has FP4 GEMM (Blackwell); on Hopper cuBLAS answers NOT_SUPPORTED. Not run in this
    project's CI or on its H200."""
    a, b, _, _, sfa_p, sfb_p, c = data
    out = torch.empty_like(c)
    for i in range(c.shape[2]):
        res = torch._scaled_mm(
            a[:, :, i], b[:, :, i].transpose(0, 1), sfa_p[..., i].flatten(), sfb_p[..., i].flatten(),
            bias=None, out_dtype=torch.float16,
        )
        out[:, 0, i] = res[:, 0]
    return out


def check_implementation(data, output: torch.Tensor, max_report: int = 5) -> tuple[bool, str]:
    """Elementwise |out - ref| <= atol + rtol * |ref| (NaN and inf are mismatches), as the task checks."""
    expected = ref_kernel(data).float()
    got = output.float()
    if got.shape != expected.shape:
        return False, f"output shape {tuple(got.shape)} != expected {tuple(expected.shape)}"
    ok = torch.isfinite(got) & ((got - expected).abs() <= ATOL + RTOL * expected.abs())
    bad = (~ok).nonzero()
    if bad.numel() == 0:
        return True, f"all {got.numel()} elements match (rtol = atol = {RTOL})"
    lines = [f"{bad.shape[0]} of {got.numel()} elements mismatch (rtol = atol = {RTOL}); first:"]
    for idx in bad[:max_report].tolist():
        i = tuple(idx)
        lines.append(f"  at {i}: got {got[i].item()!r}, expected {expected[i].item()!r}")
    return False, "\n".join(lines)


def custom_kernel(data) -> torch.Tensor:
    """The submission: writes c in place with the CUDA kernel (CPU tensors: the exact reference)."""
    a, sfa, b, sfb, c = _canonical(data)
    ops.load()
    torch.ops.nvfp4.gemv_out(a, sfa, b, sfb, 0, 0, None, None, None, c)
    return data[6]
