"""E2M1 / E4M3 format, packing, quantization and scale layouts (CPU, exhaustive where possible)."""

import math

import pytest
import torch

import nvfp4_gemv
from nvfp4_gemv import format as fmt


@pytest.mark.parametrize("code", range(16))
def test_every_e2m1_code_matches_sign_exponent_mantissa_formula(code):
    s, e, m = code >> 3, (code >> 1) & 3, code & 1
    mag = m * 0.5 if e == 0 else 2.0 ** (e - 1) * (1 + m / 2)
    expected = -mag if s else mag
    assert fmt.e2m1_value(code) == expected
    got = fmt.e2m1_decode(torch.tensor([code], dtype=torch.uint8)).item()
    assert got == expected and math.copysign(1, got) == (-1 if s else 1)  # code 8 is -0.0


def test_decode_of_every_byte_reads_its_low_nibble_in_any_shape():
    # e2m1_decode gathers from a 16-entry table: a byte above 15 must read its low four bits (as
    # the formula applied to each code did), never index past the table.
    byte = torch.arange(256, dtype=torch.uint8)
    got = fmt.e2m1_decode(byte.reshape(4, 8, 8))
    assert got.shape == (4, 8, 8) and got.dtype == torch.float32
    assert torch.equal(got.flatten().view(torch.int32), fmt.e2m1_decode(byte & 15).view(torch.int32))


def test_encode_decode_round_trip_of_every_code():
    codes = torch.arange(16, dtype=torch.uint8)
    assert torch.equal(fmt.e2m1_encode(fmt.e2m1_decode(codes)), codes)


# (input, expected code): every midpoint rounds to the neighbour with an even code (mantissa 0).
TIES = [(0.25, 0), (0.75, 2), (1.25, 2), (1.75, 4), (2.5, 4), (3.5, 6), (5.0, 6),
        (-0.25, 8), (-0.75, 10), (-1.25, 10), (-1.75, 12), (-2.5, 12), (-3.5, 14), (-5.0, 14)]


@pytest.mark.parametrize("x,code", TIES)
def test_each_rounding_tie_goes_to_even(x, code):
    assert fmt.e2m1_encode(torch.tensor([x])).item() == code


def test_rounding_off_ties_and_saturation():
    x = torch.tensor([0.2499, 0.2501, 0.76, 5.01, 6.0, 7.0, 1e9, -1e9, -5.01])
    assert fmt.e2m1_encode(x).tolist() == [0, 1, 2, 7, 7, 7, 7, 15, 15]


def test_encode_rejects_nan_and_inf():
    for bad in (float("nan"), float("inf"), -float("inf")):
        with pytest.raises(ValueError, match="NaN or infinity"):
            fmt.e2m1_encode(torch.tensor([1.0, bad]))


def test_nibble_order_even_element_in_low_nibble():
    # codes [k0, k1] = [1, 7] -> byte 0x71:   bit 7..4 = k1 = 0b0111, bit 3..0 = k0 = 0b0001
    packed = fmt.pack_e2m1(torch.tensor([1, 7, 15, 8], dtype=torch.uint8))
    assert packed.tolist() == [0x71, 0x8F]
    assert fmt.unpack_e2m1(packed).tolist() == [1, 7, 15, 8]
    if fmt.HAS_FP4_DTYPE:
        assert fmt.unpack_e2m1(fmt.as_fp4x2(packed)).tolist() == [1, 7, 15, 8]


def test_e4m3_round_trip_all_finite_bytes_max_subnormals_nan():
    bits = torch.arange(256, dtype=torch.int32).to(torch.uint8)
    vals = fmt.e4m3_decode(bits)
    finite = ~torch.isnan(vals)
    assert int((~finite).sum()) == 2  # 0x7F and 0xFF
    assert torch.equal(fmt.e4m3_encode(vals[finite]).view(torch.uint8), bits[finite])
    assert vals[finite].max().item() == 448.0
    assert fmt.e4m3_decode(torch.tensor([1], dtype=torch.uint8)).item() == 2.0 ** -9  # smallest subnormal
    assert fmt.e4m3_decode(torch.tensor([7], dtype=torch.uint8)).item() == 7 * 2.0 ** -9
    assert fmt.e4m3_encode(torch.tensor([1000.0])).float().item() == 448.0  # saturates
    assert torch.isnan(fmt.e4m3_encode(torch.tensor([float("nan")])).float()).all()


@pytest.mark.parametrize("dist", ["gaussian", "student_t"])
def test_quantize_error_within_half_a_step_of_the_block_scale(dist):
    gen = torch.Generator().manual_seed(0)
    x = torch.randn(64, 512, generator=gen, dtype=torch.float64)
    if dist == "student_t":  # heavy tails: a few huge outliers per row
        x = x / torch.rand(64, 512, generator=gen, dtype=torch.float64).clamp(min=1e-3) ** 0.5
    q = fmt.quantize(x)
    deq = q.dequantize(torch.float64)
    step = (fmt.e4m3_decode(q.scales).double() * q.global_scale.double()).repeat_interleave(16, dim=-1)
    # E2M1 spacing is at most 2 (between 4 and 6) in units of the step: error <= 1 step, and
    # <= 0.25 step below 2 (spacing 0.5); plus the block-scale rounding (e4m3, 2^-4 relative).
    err = (deq - x).abs()
    assert (err <= step * 1.0 + 1e-12).all()
    small = x.abs() <= 2 * step
    assert (err[small] <= 0.25 * step[small] * 1.07 + 1e-12).all()
    rel = (deq - x).norm() / x.norm()
    assert rel < 0.12


def test_quantize_modes_and_errors():
    x = torch.linspace(-10, 10, 32).reshape(2, 16)
    q = fmt.quantize(x, global_scale=None)
    assert q.global_scale.item() == 1.0 and q.data.shape == (2, 8) and q.scales.shape == (2, 1)
    q2 = fmt.quantize(x, global_scale=0.5)
    assert q2.global_scale.item() == 0.5
    assert torch.allclose(q2.dequantize(), x, atol=2.0)
    assert fmt.quantize(torch.zeros(1, 16)).dequantize().abs().max() == 0
    with pytest.raises(ValueError, match="multiple of 16"):
        fmt.quantize(torch.ones(3, 20))
    with pytest.raises(ValueError, match="NaN or infinity"):
        fmt.quantize(torch.tensor([float("nan")] * 16))
    # A global scale is one number: a tensor of two is refused, not broadcast or reshaped away.
    assert fmt.quantize(x, global_scale=torch.tensor([[0.5]])).global_scale.shape == ()
    with pytest.raises(ValueError,
                       match=r"quantize: global_scale must be a float or a tensor of one element, got shape \(2,\)"):
        fmt.quantize(x, global_scale=torch.ones(2))
    with pytest.raises(ValueError, match=r"dequantize: global_scale must be .* got shape \(2,\)"):
        fmt.dequantize(q.data, q.scales, torch.ones(2))
    with pytest.raises(ValueError, match=r"ModelOpt weight_scale_2 must be .* got shape \(1, 3\)"):
        fmt.global_scale_from_modelopt(torch.ones(1, 3))
    with pytest.raises(ValueError, match=r"quantize_activation: global_scale must be .* got shape \(2,\)"):
        nvfp4_gemv.quantize_activation(x, torch.ones(2))
    with pytest.raises(TypeError, match="floating"):
        fmt.quantize(torch.ones(16, dtype=torch.int32))


@pytest.mark.parametrize("shape", [(0, 32), (2, 0, 48), (3, 0)], ids=str)
@pytest.mark.parametrize("global_scale", ["auto", None, 0.5], ids=str)
def test_quantize_takes_empty_tensors(shape, global_scale):
    """No values: empty codes and scales of the shapes a non-empty tensor would give ("auto" then
    has no amax: 1, as for an all-zero tensor), on the CPU path and quantize_activation's alike (the
    reshape had raised "cannot reshape tensor of 0 elements")."""
    x = torch.empty(shape)
    q = fmt.quantize(x, global_scale=global_scale)
    assert q.data.shape == (*shape[:-1], shape[-1] // 2) and q.scales.shape == (*shape[:-1], shape[-1] // 16)
    assert q.global_scale.item() == (0.5 if global_scale == 0.5 else 1.0)
    assert q.dequantize().shape == shape
    assert nvfp4_gemv.quantize_activation(x.half()).data.shape == q.data.shape


def test_checkpoint_global_scale_conventions():
    amax = 5376.0
    assert fmt.global_scale_from_modelopt(amax / 2688).item() == pytest.approx(2.0)
    assert fmt.global_scale_from_compressed_tensors(2688 / amax).item() == pytest.approx(2.0)


@pytest.mark.parametrize("rows,cols", [(128, 4), (1, 1), (130, 5), (256, 16), (7, 33)])
def test_blocked_layout_matches_index_formula_and_round_trips(rows, cols):
    gen = torch.Generator().manual_seed(rows * 100 + cols)
    s = torch.randint(0, 256, (rows, cols), generator=gen, dtype=torch.uint8)
    b = fmt.to_blocked(s)
    assert b.numel() == fmt.blocked_size(rows, cols)
    for r in range(rows):
        for j in range(cols):
            assert b[fmt.blocked_offset(r, j, cols)] == s[r, j]
    used = torch.zeros(b.numel(), dtype=torch.bool)
    for r in range(rows):
        for j in range(cols):
            used[fmt.blocked_offset(r, j, cols)] = True
    assert (b[~used] == 0).all()  # padding is zero
    assert torch.equal(fmt.from_blocked(b, rows, cols), s)


def test_blocked_batched_and_e4m3_dtype():
    s = fmt.e4m3_encode(torch.rand(3, 200, 12) * 400)
    b = fmt.to_blocked(s)
    assert b.dtype == torch.float8_e4m3fn and b.shape == (3, fmt.blocked_size(200, 12))
    assert torch.equal(fmt.from_blocked(b, 200, 12).view(torch.uint8), s.view(torch.uint8))


def test_weight_times_block_scale_is_exact_in_fp16():
    """The kernel's premise (nvfp4_gemv.cuh, "Exactness"): every E2M1 value times every finite
    E4M3 scale times 2^-7 is an fp16 number (at most 6 significant bits, 2^-17 .. 21), so the
    block scale can be applied in fp16 before the tensor core without rounding."""
    codes = torch.arange(16, dtype=torch.uint8)
    scales = torch.arange(256, dtype=torch.uint8)
    scales = scales[(scales & 0x7F) != 0x7F]  # the two NaN bytes
    w = fmt.e2m1_decode(codes).double()[:, None] * fmt.e4m3_decode(scales).double()[None, :] / 128
    assert torch.equal(w.half().double(), w)
    nonzero = w[w != 0].abs()
    assert nonzero.min().item() == 2.0**-17 and nonzero.max().item() == 6 * 448 / 128


@pytest.mark.parametrize("batch,rows,k", [((), 16, 128), ((), 33, 80), ((2,), 17, 272), ((3,), 1, 16)])
def test_tiled_format_matches_index_formula_and_round_trips(batch, rows, k):
    """Every byte where the module docstring's formula puts it, zero padding, and back."""
    gen = torch.Generator().manual_seed(rows * 1000 + k)
    a = torch.randint(0, 256, (*batch, rows, k // 2), generator=gen, dtype=torch.uint8)
    s = torch.randint(0, 256, (*batch, rows, k // 16), generator=gen, dtype=torch.uint8)
    tiles, tile_scales = fmt.to_tiled(a, s)
    bands, k_tiles = math.ceil(rows / 16), math.ceil(k / 128)
    assert tiles.shape == (*batch, bands, k_tiles, 16, 64) and tiles.is_contiguous()
    assert tile_scales.shape == (*batch, bands, k_tiles, 32, 4) and tile_scales.is_contiguous()
    for t in (tiles, tile_scales):  # canonical strides, dimensions of size 1 included (the binding's rule)
        assert t.stride() == torch.empty(t.shape).stride()
    t3, s3, a3, sf3 = (v.reshape(-1, *v.shape[len(batch):]) for v in (tiles, tile_scales, a, s))
    filled_a, filled_s = torch.zeros_like(t3, dtype=torch.bool), torch.zeros_like(s3, dtype=torch.bool)
    for l in range(a3.shape[0]):
        for m in range(rows):
            for kk in range(0, k, 2):
                idx = (l, m // 16, kk // 128, m % 16, (kk % 128) // 2)
                assert t3[idx] == a3[l, m, kk // 2]
                filled_a[idx] = True
            for j in range(k // 16):  # j = k // 16: the lane word 4 (m % 8) + (k % 128) // 32, its byte
                idx = (l, m // 16, j // 8, 4 * (m % 8) + (j % 8) // 2, 2 * ((m % 16) // 8) + j % 2)
                assert s3[idx] == sf3[l, m, j]
                filled_s[idx] = True
    assert (t3[~filled_a] == 0).all() and (s3[~filled_s] == 0).all()  # padding: value 0, scale 0
    back_a, back_s = fmt.from_tiled(tiles, tile_scales, rows, k)
    assert torch.equal(back_a, a) and torch.equal(back_s, s)


def test_tiled_format_rejects_mismatched_shapes():
    a = torch.zeros(20, 64, dtype=torch.uint8)
    with pytest.raises(ValueError, match="to_tiled expects"):
        fmt.to_tiled(a, torch.zeros(20, 7, dtype=torch.uint8))
    tiles, sc = fmt.to_tiled(a, torch.zeros(20, 8, dtype=torch.uint8))
    with pytest.raises(ValueError, match=r"from_tiled: for 40 rows"):
        fmt.from_tiled(tiles, sc, 40, 128)
