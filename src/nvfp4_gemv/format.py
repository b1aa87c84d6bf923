"""The NVFP4 format, written once: E2M1 values, E4M3 scales, packing, quantization, scale layouts.

Values
    E2M1 code c (4 bits) = sign s (bit 3), exponent e (bits 2..1, bias 1), mantissa m (bit 0):
        |value| = m * 0.5                  if e == 0 (subnormal: 0 or 0.5)
                = 2^(e-1) * (1 + m / 2)    otherwise
    so codes 0..7 are 0, 0.5, 1, 1.5, 2, 3, 4, 6 and code | 8 is the negative (code 8 is -0).
    E4M3 scale: ``torch.float8_e4m3fn`` (OCP, bias 7, max 448, no infinities, NaN = 0x7F / 0xFF).
    NVFP4 value = E2M1 * E4M3 block scale * FP32 global scale, one block scale per 16 values along K.

Packing (index formulas; K is the number of values per row)
    packed[..., i]  = code[..., 2i] | code[..., 2i + 1] << 4      i in [0, K/2): even k in the low nibble
    scale[..., j]   = block scale of values k in [16j, 16j + 16)   j in [0, K/16)

Scale layouts (per batch; r = row, j = scale column)
    row-major       offset(r, j) = r * (K/16) + j
    blocked 128x4   offset(r, j) = (r // 128 * ceil(K/64) + j // 4) * 512
                                   + (r % 32) * 16 + (r % 128) // 32 * 4 + j % 4
                    rows padded to a multiple of 128, scale columns to a multiple of 4 (the cuBLAS,
                    CUTLASS, torchao ``to_blocked`` and vLLM ``swizzle_blockscale`` layout).

Tiled weight format (the weights and their scales together, made once by ``to_tiled``; the GEMV
kernel reads it with 512 contiguous bytes per warp load instead of 8 rows x 64 bytes)
    tiles[l, m // 16, k // 128, m % 16, (k % 128) // 2]  = packed byte of A[l, m, k] (k even)
    tile_scales[l, m // 16, k // 128, 4 * (m % 8) + (k % 128) // 32, 2 * ((m % 16) // 8) + (k % 32) // 16]
                                                         = scale of A[l, m, k]
                    shapes [L, ceil(M/16), ceil(K/128), 16, 64] and [..., 32, 4]; rows and K
                    zero-padded (value 0, scale 0) to whole 16-row x 128-value tiles. A tile's 128
                    scale bytes are in the order a warp reads them, one 4-byte word per lane: word
                    4 r + c (r < 8, c < 4) holds scale blocks 2c, 2c + 1 of tile rows r and r + 8,
                    the blocks that lane's weights (rows r and r + 8, values 32c .. 32c + 31) need.

Global scale conventions of checkpoints
    ModelOpt ``weight_scale_2`` is the dequantization multiplier (amax / (6 * 448)): use it as is.
    compressed-tensors ``weight_global_scale`` is the encode scale (6 * 448 / amax): its reciprocal.
    ``global_scale_from_modelopt`` and ``global_scale_from_compressed_tensors`` return the multiplier.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import torch

E2M1_MAX = 6.0
E4M3_MAX = 448.0
BLOCK = 16

# Indexed by code 0..15.
E2M1_VALUES = (0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0, -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0)
# Midpoints between neighbouring magnitudes; a tie goes to the even code (round half to even).
_E2M1_MIDPOINTS = (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0)

HAS_FP4_DTYPE = hasattr(torch, "float4_e2m1fn_x2")


def e2m1_value(code: int) -> float:
    """The value of one E2M1 code (e2m1_decode's formula; for tests and docs)."""
    if not 0 <= code < 16:
        raise ValueError(f"E2M1 code must be in [0, 16), got {code}")
    return e2m1_decode(torch.tensor([code], dtype=torch.uint8)).item()


def e2m1_decode(codes: torch.Tensor) -> torch.Tensor:
    """uint8 codes (0..15) -> float32 values. Code = s e1 e0 m (sign, 2-bit exponent, mantissa):
    magnitude m / 2 for e == 0, else (2 + m) 2^(e - 2), negated (code 8: -0.0) when s is set; bits
    above the low four are ignored. The 16 values come from that formula on the device
    (torch.arange: no table copied from the host, so it runs inside a CUDA graph capture, as the
    decode's dequantized model needs), then one gather reads them. With the formula applied to
    every code, `bench --peers`'s "dequant + matmul" took 2.3x as long (7168x16384 on an H100:
    6389 us in run 489, 2816 with the gather in run 490; BENCHMARKS.md item 293)."""
    _require_dtype("codes", codes, (torch.uint8,))
    c = torch.arange(16, dtype=torch.int32, device=codes.device)
    e, m = (c >> 1) & 3, (c & 1).float()
    mag = torch.where(e == 0, 0.5 * m, torch.ldexp(2.0 + m, e - 2))
    values = torch.where((c & 8) != 0, -mag, mag)
    return values[(codes & 15).int()]


def e2m1_encode(x: torch.Tensor) -> torch.Tensor:
    """float -> uint8 E2M1 codes: round to nearest on the E2M1 grid, ties to even, saturating at 6.

    NaN or infinite inputs raise ValueError (there is no E2M1 code for them). -0.0 encodes as 8.
    """
    if not x.is_floating_point():
        raise TypeError(f"e2m1_encode expects a floating tensor, got {x.dtype}")
    if not torch.isfinite(x).all():
        raise ValueError("e2m1_encode: input contains NaN or infinity; E2M1 has no code for them")
    xf = x.float()
    mag = xf.abs()
    mids = torch.tensor(_E2M1_MIDPOINTS, dtype=torch.float32, device=x.device)
    code = torch.searchsorted(mids, mag, right=False)  # number of midpoints strictly below |x|
    tie = (mids[code.clamp(max=len(_E2M1_MIDPOINTS) - 1)] == mag) & (code < len(_E2M1_MIDPOINTS))
    code = torch.where(tie & (code % 2 == 1), code + 1, code)
    sign = torch.signbit(xf).to(torch.uint8) << 3
    return code.to(torch.uint8) | sign


def pack_e2m1(codes: torch.Tensor) -> torch.Tensor:
    """[..., K] uint8 codes -> [..., K/2] uint8, code[2i] in the low nibble of byte i."""
    _require_dtype("codes", codes, (torch.uint8,))
    if codes.shape[-1] % 2:
        raise ValueError(f"pack_e2m1: last dimension must be even, got {codes.shape[-1]}")
    c = codes & 15
    return c[..., 0::2] | (c[..., 1::2] << 4)


def unpack_e2m1(packed: torch.Tensor) -> torch.Tensor:
    """[..., K/2] packed bytes (uint8 or float4_e2m1fn_x2) -> [..., K] uint8 codes."""
    p = as_uint8(packed)
    return torch.stack((p & 15, p >> 4), dim=-1).flatten(-2)


def as_uint8(t: torch.Tensor, name: str = "tensor") -> torch.Tensor:
    """View float4_e2m1fn_x2 / float8_e4m3fn / uint8 tensors as uint8 (no copy, any strides); name
    is what the error calls t."""
    if t.dtype == torch.uint8:
        return t
    if t.dtype == torch.float8_e4m3fn or (HAS_FP4_DTYPE and t.dtype == torch.float4_e2m1fn_x2):
        return t.view(torch.uint8)
    raise TypeError(f"{name} must be uint8, float8_e4m3fn or float4_e2m1fn_x2, got {t.dtype} {tuple(t.shape)}")


def as_fp4x2(packed: torch.Tensor) -> torch.Tensor:
    """uint8 packed bytes -> torch.float4_e2m1fn_x2 view (torch >= 2.8)."""
    if not HAS_FP4_DTYPE:
        raise RuntimeError("this torch has no float4_e2m1fn_x2 dtype")
    return as_uint8(packed).view(torch.float4_e2m1fn_x2)


def e4m3_decode(scales: torch.Tensor) -> torch.Tensor:
    """E4M3 scales (float8_e4m3fn or their uint8 bits) -> float32."""
    return as_uint8(scales).view(torch.float8_e4m3fn).float()


def e4m3_encode(x: torch.Tensor) -> torch.Tensor:
    """float -> float8_e4m3fn, round to nearest even, saturating at +-448 (NaN stays NaN)."""
    return x.float().clamp(-E4M3_MAX, E4M3_MAX).to(torch.float8_e4m3fn)


# ---------------------------------------------------------------------------------------------
# Quantization
# ---------------------------------------------------------------------------------------------
@dataclass
class NVFP4Tensor:
    """A quantized tensor: ``data`` [..., K/2] uint8, ``scales`` [..., K/16] float8_e4m3fn (row-major),
    ``global_scale`` a float32 scalar tensor (the dequantization multiplier)."""

    data: torch.Tensor
    scales: torch.Tensor
    global_scale: torch.Tensor

    @property
    def shape(self) -> tuple[int, ...]:
        return (*self.data.shape[:-1], self.data.shape[-1] * 2)

    def dequantize(self, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        return dequantize(self.data, self.scales, self.global_scale).to(dtype)


def scalar_scale(value: torch.Tensor | float, name: str, device=None) -> torch.Tensor:
    """A global scale as a float32 0-d tensor: a float, or a tensor of one element (any shape)."""
    t = torch.as_tensor(value, dtype=torch.float32, device=device)
    if t.numel() != 1:
        raise ValueError(f"{name} must be a float or a tensor of one element, got shape {tuple(t.shape)}")
    return t.reshape(())


def default_global_scale(x: torch.Tensor) -> torch.Tensor:
    """amax / (6 * 448), so that the largest block scale is 448; 1 for an all-zero or empty tensor."""
    amax = x.detach().abs().amax().float() if x.numel() else torch.zeros((), device=x.device)
    return torch.where(amax > 0, amax / (E2M1_MAX * E4M3_MAX), torch.ones_like(amax))


def quantize(x: torch.Tensor, *, global_scale: torch.Tensor | float | str | None = "auto") -> NVFP4Tensor:
    """Quantize a float tensor whose last dimension is a multiple of 16 to NVFP4.

    global_scale: "auto" (amax / (6 * 448)), None (no global scale: 1.0, block scales saturate at
    448), or an explicit dequantization multiplier (float or scalar tensor).
    block scale = e4m3(amax(block) / 6 / global); code = rne(x / (block scale * global)) on the
    E2M1 grid, saturating at 6. NaN or infinite input raises ValueError.
    """
    if not x.is_floating_point():
        raise TypeError(f"quantize expects a floating tensor, got {x.dtype}")
    if x.dim() == 0 or x.shape[-1] % BLOCK:
        raise ValueError(f"quantize: last dimension must be a multiple of {BLOCK}, got shape {tuple(x.shape)}")
    if not torch.isfinite(x).all():
        raise ValueError("quantize: input contains NaN or infinity")
    xf = x.float()
    if isinstance(global_scale, str):
        if global_scale != "auto":
            raise ValueError(f"global_scale must be 'auto', None, a float or a tensor, got {global_scale!r}")
        gs = default_global_scale(xf)
    elif global_scale is None:
        gs = torch.ones((), dtype=torch.float32, device=x.device)
    else:
        gs = scalar_scale(global_scale, "quantize: global_scale", x.device)
        if not (torch.isfinite(gs) & (gs > 0)).item():
            raise ValueError(f"global_scale must be finite and positive, got {gs.item()}")
    blocks = xf.reshape(*xf.shape[:-1], xf.shape[-1] // BLOCK, BLOCK)
    amax = blocks.abs().amax(dim=-1)
    scales = e4m3_encode(amax / E2M1_MAX / gs)
    step = scales.float() * gs
    safe = torch.where(step > 0, step, torch.ones_like(step))
    codes = e2m1_encode((blocks / safe.unsqueeze(-1)).clamp(-E2M1_MAX, E2M1_MAX))
    codes = torch.where((step > 0).unsqueeze(-1), codes, torch.zeros_like(codes))
    return NVFP4Tensor(pack_e2m1(codes.reshape(xf.shape)), scales, gs)


def dequantize(
    data: torch.Tensor, scales: torch.Tensor, global_scale: torch.Tensor | float | None = None
) -> torch.Tensor:
    """Packed [..., K/2] and row-major scales [..., K/16] (+ optional global multiplier) -> float32 [..., K]."""
    values = e2m1_decode(unpack_e2m1(data))
    k = values.shape[-1]
    s = e4m3_decode(scales)
    if s.shape[-1] * BLOCK != k or s.shape[:-1] != values.shape[:-1]:
        raise ValueError(
            f"dequantize: scales shape {tuple(s.shape)} does not match data shape {tuple(data.shape)} "
            f"(expected {(*values.shape[:-1], k // BLOCK)})"
        )
    out = (values.reshape(*values.shape[:-1], k // BLOCK, BLOCK) * s.unsqueeze(-1)).reshape(values.shape)
    if global_scale is not None:
        out = out * scalar_scale(global_scale, "dequantize: global_scale", out.device)
    return out


def global_scale_from_modelopt(weight_scale_2: torch.Tensor | float) -> torch.Tensor:
    """ModelOpt stores ``weight_scale_2`` as the dequantization multiplier (amax / 2688): returned as is."""
    return scalar_scale(weight_scale_2, "ModelOpt weight_scale_2")


def global_scale_from_compressed_tensors(weight_global_scale: torch.Tensor | float) -> torch.Tensor:
    """compressed-tensors stores ``weight_global_scale`` as the encode scale (2688 / amax): the
    dequantization multiplier is its reciprocal."""
    return 1.0 / scalar_scale(weight_global_scale, "compressed-tensors weight_global_scale")


# ---------------------------------------------------------------------------------------------
# Scale layouts
# ---------------------------------------------------------------------------------------------
def blocked_size(rows: int, scale_cols: int) -> int:
    """Bytes of one batch of blocked scales: rows padded to 128, scale columns padded to 4."""
    return math.ceil(rows / 128) * 128 * math.ceil(scale_cols / 4) * 4


def blocked_offset(r: int, j: int, scale_cols: int) -> int:
    """Offset of scale (r, j) in the blocked layout (the module docstring's formula)."""
    col_groups = math.ceil(scale_cols / 4)
    return (r // 128 * col_groups + j // 4) * 512 + (r % 32) * 16 + (r % 128) // 32 * 4 + j % 4


def to_blocked(scales: torch.Tensor) -> torch.Tensor:
    """Row-major scales [..., rows, cols] -> blocked [..., blocked_size(rows, cols)], zero padding.
    Keeps the dtype (float8_e4m3fn or uint8)."""
    if scales.dim() < 2:
        raise ValueError(f"to_blocked expects [..., rows, cols], got shape {tuple(scales.shape)}")
    *batch, rows, cols = scales.shape
    u = as_uint8(scales)
    rp, cp = math.ceil(rows / 128) * 128, math.ceil(cols / 4) * 4
    padded = torch.zeros((*batch, rp, cp), dtype=torch.uint8, device=scales.device)
    padded[..., :rows, :cols] = u
    # (rb, r4, r32, kb, k4) -> (rb, kb, r32, r4, k4)
    t = padded.reshape(*batch, rp // 128, 4, 32, cp // 4, 4)
    nb = len(batch)
    t = t.permute(*range(nb), nb, nb + 3, nb + 2, nb + 1, nb + 4)
    out = t.reshape(*batch, rp * cp)
    return out.view(scales.dtype) if scales.dtype != torch.uint8 else out


def from_blocked(blocked: torch.Tensor, rows: int, cols: int) -> torch.Tensor:
    """Blocked [..., >= blocked_size(rows, cols)] -> row-major [..., rows, cols] (padding dropped)."""
    u = as_uint8(blocked)
    rp, cp = math.ceil(rows / 128) * 128, math.ceil(cols / 4) * 4
    if u.shape[-1] < rp * cp:
        raise ValueError(
            f"from_blocked: need {rp * cp} bytes per batch for {rows}x{cols} scales, got {u.shape[-1]}"
        )
    *batch, _ = u.shape
    nb = len(batch)
    t = u[..., : rp * cp].reshape(*batch, rp // 128, cp // 4, 32, 4, 4)
    t = t.permute(*range(nb), nb, nb + 3, nb + 2, nb + 1, nb + 4).reshape(*batch, rp, cp)
    out = t[..., :rows, :cols]
    return out.view(blocked.dtype) if blocked.dtype != torch.uint8 else out


_SCALE_TILE = (32, 4)  # a tile's 128 scale bytes as 32 lane words of 4 (the module docstring)


# A tile's scale bytes in (row, block) order, [..., 16, 8], seen as (row // 8, row % 8, block // 2,
# block % 2), and in lane order, [..., 32, 4], seen as (row % 8, block // 2, row // 8, block % 2):
# each as a permuted view of the other (reshape the result to the shape wanted).
def _lane_order(row_block: torch.Tensor) -> torch.Tensor:
    t = row_block.reshape(*row_block.shape[:-2], 2, 8, 4, 2)
    return t.permute(*range(t.dim() - 4), -3, -2, -4, -1)


def _row_block_order(lanes: torch.Tensor) -> torch.Tensor:
    t = lanes.reshape(*lanes.shape[:-2], 8, 4, 2, 2)
    return t.permute(*range(t.dim() - 4), -2, -4, -3, -1)


def tiled_shapes(rows: int, k: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Shapes of one batch of the tiled format for `rows` x `k` weights: tiles
    (ceil(rows/16), ceil(k/128), 16, 64) and tile scales (..., 32, 4)."""
    bands, k_tiles = math.ceil(rows / 16), math.ceil(k / 128)
    return (bands, k_tiles, 16, 64), (bands, k_tiles, *_SCALE_TILE)


def to_tiled(packed: torch.Tensor, scales: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """Packed [..., M, K/2] with row-major scales [..., M, K/16] -> the tiled weight format (the
    module docstring's formula): uint8 tiles [..., ceil(M/16), ceil(K/128), 16, 64] and tile scales
    [..., ceil(M/16), ceil(K/128), 32, 4], contiguous, zero padding."""
    a, sf = as_uint8(packed), as_uint8(scales)
    if a.dim() < 2 or sf.shape != a.shape[:-1] + (a.shape[-1] // 8,) or a.shape[-1] % 8:
        raise ValueError(f"to_tiled expects packed [..., M, K/2] and scales [..., M, K/16] with K % 16 == 0, "
                         f"got {tuple(packed.shape)} and {tuple(scales.shape)}")
    *batch, rows, half_k = a.shape
    tiles_shape, scales_shape = tiled_shapes(rows, 2 * half_k)
    bands, k_tiles = tiles_shape[:2]
    nb = len(batch)

    def tile(t: torch.Tensor, width: int) -> torch.Tensor:  # [..., rows, cols] -> [..., bands, k_tiles, 16, width]
        padded = t.new_zeros((*batch, bands * 16, k_tiles * width))
        padded[..., :rows, : t.shape[-1]] = t
        return padded.reshape(*batch, bands, 16, k_tiles, width).permute(*range(nb), nb, nb + 2, nb + 1, nb + 3)

    def canonical(t: torch.Tensor, shape: tuple[int, ...]) -> torch.Tensor:
        """A copy of t as [..., *shape] with canonical strides, also along dimensions of size 1."""
        return t.new_empty(t.shape).copy_(t).reshape(*batch, *shape)

    return canonical(tile(a, 64), tiles_shape), canonical(_lane_order(tile(sf, 8)), scales_shape)


def from_tiled(tiles: torch.Tensor, tile_scales: torch.Tensor, rows: int, k: int) -> tuple[torch.Tensor, torch.Tensor]:
    """The tiled weight format -> packed [..., rows, k/2] and row-major scales [..., rows, k/16]
    (uint8, padding dropped)."""
    a, sf = as_uint8(tiles), as_uint8(tile_scales)
    tiles_shape, scales_shape = tiled_shapes(rows, k)
    if k % 16 or a.dim() < 4 or a.shape[-4:] != tiles_shape or sf.shape != a.shape[:-4] + scales_shape:
        raise ValueError(f"from_tiled: for {rows} rows and K={k} need tiles [..., {', '.join(map(str, tiles_shape))}] "
                         f"and scales [..., {', '.join(map(str, scales_shape))}], got {tuple(tiles.shape)} and "
                         f"{tuple(tile_scales.shape)}")

    def untile(t: torch.Tensor, cols: int) -> torch.Tensor:
        nb = t.dim() - 4
        flat = t.permute(*range(nb), nb, nb + 2, nb + 1, nb + 3).reshape(*t.shape[:nb], tiles_shape[0] * 16, -1)
        return flat[..., :rows, :cols]

    return untile(a, k // 2), untile(_row_block_order(sf).reshape(*sf.shape[:-2], 16, 8), k // 16)


def _require_dtype(name: str, t: torch.Tensor, dtypes: tuple[torch.dtype, ...]) -> None:
    if t.dtype not in dtypes:
        raise TypeError(f"{name} must have dtype in {[str(d) for d in dtypes]}, got {t.dtype}")
