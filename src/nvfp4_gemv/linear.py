"""NVFP4Linear: a drop-in torch.nn.Linear for inference with NVFP4 weights.

y = x @ W^T (+ bias) with W = E2M1 * E4M3 block scale * global scale, stored packed (0.5625 bytes
per weight) in one of two layouts (``weight_layout``):
  "row-major"  the checkpoint layout, which every kernel family but the band sweep reads: on sm_90
               the row sweeps at one or two rows of x (no activation staging), the tile sweep at
               3..16 (BENCHMARKS.md items 134-137, 164, 181, 184-194, 273);
  "tiled"      format.to_tiled (16-row x 128-value tiles, 512 contiguous bytes a warp load): the
               band sweep at one row where it fits, the tile sweep at 2..16 where the launch rule
               takes it, the row tiles elsewhere (items 59-60, 266-276);
  "auto"       (default) row-major for a layer on an sm_90 GPU whose in_features the row
               sweeps take (a multiple of 32 up to 32768); elsewhere tiled
               where its padding (rows to 16, in_features to 128) adds at most TILED_MAX_PADDING of
               the bytes, else row-major. Decided where the layer is built and again each time it
               moves to a CUDA device (a model converted on the CPU, then moved, gets the GPU's
               layout). Measured last after the tiled format's band and tile
               sweeps (run 449, BENCHMARKS.md item 273; bf16 / FP4 x, row-major / tiled): at one
               row row-major is faster or even (FP4 x 1.5-4.0 us faster, e.g. 7168x16384 23.3-23.4
               against 25.8-26.3; bf16 within 0.5 but 2048x7168 8.8-9.1 against 10.4), at two rows
               on all but the two largest layers; at 3-16 rows within 0.5 us on the short layers,
               tiled 0.6-7 us faster on 7168x16384, 8192x28672 and the lm_head. Row-major stays,
               one row being decode's common case. W4A4 "dynamic" layers take the same rule (item
               188). Past 16384 where in_features % 256 != 0 too since items 324 and 326 (run
               528, H100, 8192x29568, Qwen2.5-72B's down_proj: one row FP4 x 55.9 us against 58.9
               tiled, fp16 / bf16 58.3 / 58.0 against 57.9 / 59.1; 4-16 rows tiled 1.1-3.8
               faster, as on 8192x28672; run 532: 8192x16416, whose scale rows end mid-word,
               since item 325 the same: one row FP4 x 34.8 against 36.5, 8 rows 41.8 against
               40.5-40.8, 16 rows 51.7 against 47.7). The earlier measurements behind it (runs
               168-423): BENCHMARKS.md, items 122, 187, 196, 199-200, and "The README's long
               sections as they stood until 2026-12-05" (this docstring's long form).
Row-major block scales sit on rows padded to a 16-byte stride (``weight_scale_packed`` is a view
[out, in/16] of a zero-padded [out, in/16 rounded up to 16] buffer) where in_features % 256 != 0,
so that every tile-sweep kernel takes 3..16 rows of x: its 16-byte scale copies (bf16 x at 9..16
rows on two chunks, four chunks past in_features = 4096) need such rows, and contiguous ones (in/16
bytes) fit only its 4-byte-word kernels, none where in_features % 64 == 32 (items 321, 323). Before
item 323 contiguous rows took none of it and left 3..16 rows on the row tiles (run 521, H100,
BENCHMARKS.md item 321: 5120x2880 8 rows FP4 / fp16 x 12.4 / 12.5 us padded against 16.8 / 17.2,
16 rows fp16 14.6 against 20.3; one row even). At most 15 more bytes a row (12 at in_features =
2880: 0.7% of the layer's bytes); no kernel reads the padding.
The state dict keeps the checkpoint layout either way (``weight`` [out, in/2], ``weight_scale``
[out, in/16], converted on save and load), and so do the ``weight`` / ``weight_scale`` properties
(copies: write through load_state_dict or from_quantized).
Up to 16 rows of x (decode, speculative verify) run the GEMV kernel, which reads the weights once
for all rows. More rows (prefill) take the documented fallback: the weight is dequantized to x's
dtype for that call (torch.ops.nvfp4.dequantize, one pass over the packed bytes) and multiplied by
cuBLAS (nothing cached: the dequantized weight is 3.6x the packed bytes).

Activation modes: "weight-only" (W4A16: x is used as is, fp16 / bf16) or "dynamic" (W4A4: x is
quantized to NVFP4 per call on the GPU, optionally with a fixed activation global scale; at one row
on the H200 inside the GEMV where the launch rule allows, torch.ops.nvfp4.gemv_dynamic_out).

Global scales: one for the layer (``weight_global_scale`` [1]), or one per output row ([out]) where
a fused layer's shards (q / k / v, gate / up: ``from_quantized_shards``) come with different ones.
Per row, the op takes the [out] vector as its weight_global_scale and the kernel's fp32 epilogue
applies each row's scale where it applies the one scale (and the bias): each shard's rows come out
bitwise as that shard alone would, at the same cost.
"""

from __future__ import annotations

import warnings

import torch

from . import format as fmt
from . import ops, reference
from .api import quantize_activation

MAX_GEMV_ROWS = 16
SCALE_ROW_ALIGN = 16  # bytes: the row stride of row-major block scales (the tile sweep's copies)
TILED_MAX_PADDING = 1 / 8  # "auto": the most padding, as a fraction of the weights, for tiled
LAYOUTS = ("auto", "tiled", "row-major")
CONVENTIONS = ("modelopt", "compressed-tensors", "multiplier")


# The longest rows the row sweeps take at one row (up to 16384 the W4A16 one on 8 warps, past it on
# 10 or 14: BENCHMARKS.md items 199-200) and the tile sweep at 2..16, on padded scale rows (items
# 321, 323-326). Past 16384 until item 326 only where in_features % 256 == 0 (the tile sweep's
# 16-byte scale copies), then % 64 == 0 (item 324: its 4-byte-word kernels); rows ending mid-word
# cost it 16-bit ORs that waited in its loop (run 530: 8192x16416 FP4 x 8 rows 53.2 us against 40.8
# tiled) until item 325 (42.1, run 531).
SWEEP_MAX_IN_FEATURES = 32768


def auto_layout(out_features: int, in_features: int, activation: str = "weight-only",
                capability: tuple[int, int] | None = None) -> str:
    """weight_layout="auto" (see the module docstring): "row-major" for a layer on an sm_90 device
    (capability (9, x)) whose rows the row sweeps take, W4A16 or dynamic W4A4 alike (`activation`
    is kept for the rule's callers: since BENCHMARKS.md item 188 both modes choose the same); else
    "tiled" where the tiled format's padding adds at most TILED_MAX_PADDING of the weights
    (2048x2064, padded 5.4%, was still 1.3-1.9 us faster tiled at N = 1, run 168), else
    "row-major"."""
    sweeps = in_features % 32 == 0 and in_features <= SWEEP_MAX_IN_FEATURES
    if capability is not None and capability[0] == 9 and sweeps:
        return "row-major"
    (bands, k_tiles, _, _), _ = fmt.tiled_shapes(out_features, in_features)
    padded = bands * 16 * k_tiles * 128
    return "tiled" if padded <= (1 + TILED_MAX_PADDING) * out_features * in_features else "row-major"


def padded_scale_rows(scales: torch.Tensor) -> torch.Tensor:
    """Row-major block scales [rows, cols] as a view of a zero buffer whose rows are SCALE_ROW_ALIGN
    bytes wide or a multiple of it (the tensor itself where its rows already are)."""
    rows, cols = scales.shape
    width = -(-cols // SCALE_ROW_ALIGN) * SCALE_ROW_ALIGN
    if scales.stride() == (width, 1) and scales.storage_offset() % SCALE_ROW_ALIGN == 0:
        return scales
    buf = torch.zeros((rows, width), dtype=scales.dtype, device=scales.device)
    buf[:, :cols] = scales
    return buf[:, :cols]


def layer_global_scale(value, out_features: int, convention: str) -> torch.Tensor:
    """A layer's global scale as its dequantization multiplier(s): a float32 0-d tensor from a float
    or a tensor of one element, or [out_features] from a tensor of that many (one per output row),
    read by `convention` (CONVENTIONS; compressed-tensors' encode scale inverted)."""
    t = torch.as_tensor(value, dtype=torch.float32)
    if t.numel() == 1:
        t = t.reshape(())
    elif t.numel() != out_features:
        raise ValueError(f"NVFP4Linear: global_scale must be a float, a tensor of one element or one per output row "
                         f"({out_features}), got shape {tuple(t.shape)}")
    else:
        t = t.reshape(out_features)
    return 1.0 / t if convention == "compressed-tensors" else t


def input_multiplier(value, convention: str) -> torch.Tensor | None:
    """The activation's global scale (None: none given) as a float32 0-d multiplier, read by
    `convention`: compressed-tensors stores input_global_scale as the encode scale (2688 / amax), as
    it stores the weight's, so it is inverted here; ModelOpt's input_scale is the multiplier."""
    if value is None:
        return None
    t = fmt.scalar_scale(value, "NVFP4Linear: input_global_scale")
    return 1.0 / t if convention == "compressed-tensors" else t


def check_multiplier(value: torch.Tensor, name: str, convention: str) -> None:
    """Every element of a global multiplier finite and positive (else every output would be inf,
    NaN or of the wrong sign): a ValueError naming the first that is not."""
    bad = value.reshape(-1)[~(torch.isfinite(value) & (value > 0)).reshape(-1)]
    if bad.numel():
        raise ValueError(f"NVFP4Linear: {name} must be a finite, positive multiplier once read by the "
                         f"{convention} convention, got {bad[0].item()}")


class NVFP4Linear(torch.nn.Module):
    def __init__(self, in_features: int, out_features: int, bias: bool = True, *, activation: str = "weight-only",
                 weight_layout: str = "auto", device=None):
        super().__init__()
        ops.load()  # here, not in forward: torch.compile then sees only the ops
        if in_features < 16 or in_features % 16 or out_features < 1:
            raise ValueError(f"NVFP4Linear: in_features must be a positive multiple of 16 and out_features positive, "
                             f"got in_features={in_features}, out_features={out_features}")
        if activation not in ("weight-only", "dynamic"):
            raise ValueError(f"NVFP4Linear: activation must be 'weight-only' or 'dynamic', got {activation!r}")
        if weight_layout not in LAYOUTS:
            raise ValueError(f"NVFP4Linear: weight_layout must be one of {LAYOUTS}, got {weight_layout!r}")
        self.in_features, self.out_features, self.activation = in_features, out_features, activation
        self.layout_is_auto = weight_layout == "auto"  # decided again on each move to a CUDA device
        if weight_layout == "auto":
            dev = torch.device(device) if device is not None else None
            capability = (torch.cuda.get_device_capability(dev) if dev is not None and dev.type == "cuda"
                          else None)
            weight_layout = auto_layout(out_features, in_features, activation, capability)
        self.weight_layout = weight_layout
        # The packed weights in weight_layout; saved and loaded in the checkpoint layout (see below).
        w, sc = self._zero_packed(device)
        self.register_buffer("weight_packed", w, persistent=False)
        self.register_buffer("weight_scale_packed", sc, persistent=False)
        self.register_buffer("weight_global_scale", torch.ones(1, dtype=torch.float32, device=device))
        # Activation multiplier for "dynamic" mode (1 = block scales alone, saturating at 448).
        self.register_buffer("input_global_scale", torch.ones(1, dtype=torch.float32, device=device))
        self.register_buffer("bias", torch.zeros(out_features, dtype=torch.float32, device=device) if bias else None)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_linear(cls, linear: torch.nn.Linear, *, activation: str = "weight-only",
                    weight_layout: str = "auto") -> "NVFP4Linear":
        """Quantize a Linear's weight (global scale amax / 2688, RNE codes, see format.quantize)."""
        if not isinstance(linear, torch.nn.Linear):
            raise TypeError(f"NVFP4Linear.from_linear takes a torch.nn.Linear, got {type(linear).__name__}")
        q = fmt.quantize(linear.weight.detach())
        return cls.from_quantized(q.data, q.scales, q.global_scale, convention="multiplier",
                                  bias=linear.bias, activation=activation, weight_layout=weight_layout)

    @classmethod
    def from_quantized(cls, weight: torch.Tensor, weight_scale: torch.Tensor, global_scale, *,
                       convention: str, bias: torch.Tensor | None = None,
                       activation: str = "weight-only", input_global_scale=None,
                       weight_layout: str = "auto") -> "NVFP4Linear":
        """Wrap checkpoint tensors: weight uint8 / float4_e2m1fn_x2 [out, in/2], weight_scale E4M3
        [out, in/16] (row-major), global_scale per `convention` (one, or one per output row):
          "modelopt"            weight_scale_2, the dequantization multiplier (amax / 2688)
          "compressed-tensors"  weight_global_scale, the encode scale (2688 / amax): inverted here
          "multiplier"          already the dequantization multiplier
        input_global_scale (the activation's, for activation="dynamic") is read by the same
        convention: ModelOpt's input_scale (a multiplier), compressed-tensors' input_global_scale
        (an encode scale, inverted here).
        """
        if convention not in CONVENTIONS:
            raise ValueError(f"NVFP4Linear: convention must be one of {CONVENTIONS}, got {convention!r}")
        w, s = fmt.as_uint8(weight, "NVFP4Linear weight"), fmt.as_uint8(weight_scale, "NVFP4Linear weight_scale")
        if w.dim() != 2 or s.dim() != 2 or s.shape != (w.shape[0], w.shape[1] // 8):
            raise ValueError(f"NVFP4Linear: weight [out, in/2] and weight_scale [out, in/16] expected, "
                             f"got {tuple(w.shape)} and {tuple(s.shape)}")
        gs = layer_global_scale(global_scale, w.shape[0], convention)
        if gs.dim() == 1 and bool((gs == gs[0]).all()):
            gs = gs[0]  # one scale after all: the single-scale path
        input_gs = input_multiplier(input_global_scale, convention)
        for name, value in (("global_scale", gs), ("input_global_scale", input_gs)):
            if value is not None:
                check_multiplier(value, name, convention)
        if bias is not None and tuple(bias.shape) != (w.shape[0],):
            raise ValueError(f"NVFP4Linear: bias must be [{w.shape[0]}] (out), got {tuple(bias.shape)}")
        layer = cls(w.shape[1] * 2, w.shape[0], bias is not None, activation=activation,
                    weight_layout=weight_layout, device=w.device)
        layer._set_weight(w, s)
        layer._set_global_scale(gs)
        if input_gs is not None:
            layer.input_global_scale.copy_(input_gs.reshape(1))
        if bias is not None:
            layer.bias.copy_(bias.detach().float())
        return layer

    @classmethod
    def from_quantized_shards(cls, shards, *, convention: str, bias: torch.Tensor | None = None,
                              activation: str = "weight-only", input_global_scale=None,
                              weight_layout: str = "auto") -> "NVFP4Linear":
        """One layer from the shards of a fused projection (q / k / v, gate / up), in output order:
        each a (weight, weight_scale, global_scale) triple as from_quantized takes them, with the
        same in_features. The weights are stacked along out; the global scales become one for the
        layer where the shards' agree, else one per output row (the module docstring). bias, if
        given, is the fused layer's [sum of the shards' out]; input_global_scale, the activation's
        (one for the fused input), is read by `convention` as in from_quantized."""
        shards = list(shards)
        if not shards or not all(isinstance(sh, (tuple, list)) and len(sh) == 3 for sh in shards):
            got = [f"{type(sh).__name__} of {len(sh)}" if isinstance(sh, (tuple, list)) else type(sh).__name__
                   for sh in shards]
            raise ValueError(f"NVFP4Linear.from_quantized_shards takes (weight, weight_scale, global_scale) triples, "
                             f"got {got}")
        if convention not in CONVENTIONS:
            raise ValueError(f"NVFP4Linear: convention must be one of {CONVENTIONS}, got {convention!r}")
        ws = [fmt.as_uint8(sh[0], "NVFP4Linear weight") for sh in shards]
        ss = [fmt.as_uint8(sh[1], "NVFP4Linear weight_scale") for sh in shards]
        if (any(w.dim() != 2 or s.shape != (w.shape[0], w.shape[1] // 8) for w, s in zip(ws, ss))
                or len({w.shape[1] for w in ws}) != 1):
            got = [(tuple(w.shape), tuple(s.shape)) for w, s in zip(ws, ss)]
            raise ValueError(f"NVFP4Linear.from_quantized_shards: every shard's weight [out, in/2] and weight_scale "
                             f"[out, in/16], the same in, expected; got {got}")
        devices = {t.device for t in ws + ss}
        if len(devices) != 1:
            raise ValueError(f"NVFP4Linear.from_quantized_shards: the shards lie on different devices, got {devices}")
        # Each shard's scale(s) read by `convention` here, one per row; the layer's by "multiplier".
        scales = [layer_global_scale(sh[2], w.shape[0], convention) for sh, w in zip(shards, ws)]
        for g in scales:
            check_multiplier(g, "global_scale", convention)
        gs = torch.cat([g.to(w.device).expand(w.shape[0]) for g, w in zip(scales, ws)])
        return cls.from_quantized(torch.cat(ws), torch.cat(ss), gs, convention="multiplier", bias=bias,
                                  activation=activation,
                                  input_global_scale=input_multiplier(input_global_scale, convention),
                                  weight_layout=weight_layout)

    # -- the checkpoint layout ---------------------------------------------------------------
    def _zero_packed(self, device) -> tuple[torch.Tensor, torch.Tensor]:
        """Zero packed weights and block scales in self.weight_layout (row-major scales on padded rows)."""
        if self.weight_layout == "tiled":
            return tuple(torch.zeros(shape, dtype=torch.uint8, device=device)
                         for shape in fmt.tiled_shapes(self.out_features, self.in_features))
        w = torch.zeros((self.out_features, self.in_features // 2), dtype=torch.uint8, device=device)
        sc = torch.zeros((self.out_features, self.in_features // 16), dtype=torch.uint8, device=device)
        return w, padded_scale_rows(sc)

    def settle_auto_layout(self, capability: tuple[int, int] | None) -> None:
        """For a layer built with weight_layout="auto": the packed weights in auto_layout's choice
        for a device of that compute capability (None: no GPU), converted in place if it differs
        (exact both ways). Called on each move to a CUDA device."""
        if not getattr(self, "layout_is_auto", False):  # (layers pickled before the attribute: as built)
            return
        want = auto_layout(self.out_features, self.in_features, self.activation, capability)
        if want == self.weight_layout:
            return
        w, s = self._checkpoint_tensors()
        self.weight_layout = want
        self._buffers["weight_packed"], self._buffers["weight_scale_packed"] = self._zero_packed(w.device)
        self._set_weight(w, s)

    def _apply(self, fn, recurse=True):
        # model.to(torch.bfloat16) or .half() would round the fp32 global scales and bias, which
        # the kernel's epilogue reads as fp32 (and refuses otherwise): they follow fn to its
        # device but keep their dtype and values. The packed weights are uint8 and never converted.
        fp32 = {name: b for name, b in self._buffers.items() if b is not None and b.dtype == torch.float32}
        super()._apply(fn, recurse)
        for name, b in fp32.items():
            if self._buffers[name].dtype != torch.float32:
                self._buffers[name] = b.to(self._buffers[name].device)
        if self.weight_packed.is_cuda:
            self.settle_auto_layout(torch.cuda.get_device_capability(self.weight_packed.device))
        # A move to another device copies the padded scale rows contiguous: padded again (a layout
        # settle_auto_layout just made is padded already, and returned as it is).
        if self.weight_layout == "row-major":
            self._buffers["weight_scale_packed"] = padded_scale_rows(self._buffers["weight_scale_packed"])
        return self

    def _checkpoint_tensors(self, copy: bool = True) -> tuple[torch.Tensor, torch.Tensor]:
        """weight, weight_scale in the checkpoint layout, contiguous (tiled: always new tensors). A
        view of padded rows (the tiled format's, the row-major scales') is copied: safetensors and
        most checkpoint writers take no such tensor."""
        if self.weight_layout == "tiled":
            w, s = fmt.from_tiled(self.weight_packed, self.weight_scale_packed, self.out_features, self.in_features)
            return w.contiguous(), s.contiguous()
        if copy:
            return self.weight_packed.clone(), self.weight_scale_packed.clone(memory_format=torch.contiguous_format)
        return self.weight_packed, self.weight_scale_packed.contiguous()

    @property
    def weight(self) -> torch.Tensor:
        """Packed E2M1 [out, in/2] (uint8), a copy."""
        return self._checkpoint_tensors()[0]

    @property
    def weight_scale(self) -> torch.Tensor:
        """E4M3 block scales [out, in/16] (uint8, row-major), a copy."""
        return self._checkpoint_tensors()[1]

    def _set_weight(self, weight: torch.Tensor, weight_scale: torch.Tensor) -> None:
        if self.weight_layout == "tiled":
            weight, weight_scale = fmt.to_tiled(weight, weight_scale)
        self.weight_packed.copy_(weight)
        self.weight_scale_packed.copy_(weight_scale)

    @property
    def per_row_global_scale(self) -> bool:
        """Whether weight_global_scale holds one scale per output row (fused shards' scales)."""
        return self.weight_global_scale.numel() > 1

    def _set_global_scale(self, gs: torch.Tensor) -> None:
        """weight_global_scale from a multiplier of one element or out_features elements."""
        gs = gs.detach().to(torch.float32).reshape(-1)
        if gs.numel() != self.weight_global_scale.numel():  # the buffer takes the new shape
            self.weight_global_scale = self.weight_global_scale.new_empty(gs.numel())
        self.weight_global_scale.copy_(gs)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        super()._save_to_state_dict(destination, prefix, keep_vars)
        destination[prefix + "weight"], destination[prefix + "weight_scale"] = self._checkpoint_tensors(copy=False)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        # load_state_dict hands every module its own copy of the dict: the two keys are taken out
        # here so that the base class does not report them as unexpected.
        w, s = state_dict.pop(prefix + "weight", None), state_dict.pop(prefix + "weight_scale", None)
        shapes = ((self.out_features, self.in_features // 2), (self.out_features, self.in_features // 16))
        packed = []  # error_msgs is shared by every module of the load: judge this layer's own keys
        for key, t, shape in (("weight", w, shapes[0]), ("weight_scale", s, shapes[1])):
            if t is None:
                missing_keys.append(prefix + key)
            elif tuple(t.shape) != shape:
                error_msgs.append(f"size mismatch for {prefix}{key}: expected {shape}, got {tuple(t.shape)}")
            else:  # a wrong dtype is reported with the other errors, the key named
                try:
                    packed.append(fmt.as_uint8(t, prefix + key).to(self.weight_packed.device))
                except TypeError as e:
                    error_msgs.append(f"dtype mismatch: {e}")
        if len(packed) == 2:
            self._set_weight(*packed)
        # weight_global_scale: [1] or [out] (one per row) as the state dict has it, whichever this
        # layer held before (the buffer takes that shape; the base class then copies the values).
        key = prefix + "weight_global_scale"
        gs = state_dict.get(key)
        if gs is not None and tuple(gs.shape) in ((1,), (self.out_features,)):
            if gs.numel() != self.weight_global_scale.numel():
                self._set_global_scale(torch.ones(gs.numel()))
        elif gs is not None:
            error_msgs.append(f"size mismatch for {key}: expected (1,) or ({self.out_features},) (one per row), "
                              f"got {tuple(gs.shape)}")
            state_dict[key] = self.weight_global_scale  # reported above, not again by the base class
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)

    def dequantized_weight(self, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        """The weight [out, in] in dtype: (E2M1 x E4M3) x its global scale (one, or one per row) in
        fp32, then cast, by torch.ops.nvfp4.dequantize (on the GPU one pass over the packed bytes;
        on the CPU the reference, format.dequantize)."""
        w, sc = self._checkpoint_tensors(copy=False)
        return torch.ops.nvfp4.dequantize(fmt.as_uint8(w).contiguous(), fmt.as_uint8(sc).contiguous(),
                                          self.weight_global_scale, dtype)

    # -- forward -----------------------------------------------------------------------------
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.dim() == 0 or x.shape[-1] != self.in_features:
            raise ValueError(f"NVFP4Linear: expected [..., {self.in_features}], got {tuple(x.shape)}")
        if x.dtype not in (torch.float16, torch.bfloat16):
            raise TypeError(f"NVFP4Linear: x must be float16 or bfloat16, got {x.dtype}")
        lead = x.shape[:-1]
        rows = x.reshape(-1, self.in_features)
        if not 0 < rows.shape[0] <= MAX_GEMV_ROWS or not x.is_cuda:
            # Fallback (prefill, or CPU): dequantize for this call, then a plain matmul; in dynamic
            # mode the activation goes through the same NVFP4 round trip as on the GEMV path.
            if self.activation == "dynamic":
                rows = quantize_activation(rows, self.input_global_scale).dequantize(x.dtype)
            y = torch.nn.functional.linear(rows, self.dequantized_weight(x.dtype),
                                           None if self.bias is None else self.bias.to(x.dtype))
            return y.reshape(*lead, self.out_features)
        return self._gemv(rows).reshape(*lead, self.out_features)

    def _gemv(self, rows: torch.Tensor) -> torch.Tensor:
        """The GEMV path on rows [n, in] (n <= 16): the op on the packed weights directly (no
        per-call layout inference, nothing torch.compile has to trace through); out [n, out] is
        written through its transposed view [1, out, n]. forward takes it on the GPU; on the CPU
        the op's reference implementation runs it (tests/test_linear_and_peers.py)."""
        # weight_global_scale is [1] or one per row [out]: the op takes either into its epilogue.
        out = torch.empty((rows.shape[0], self.out_features), dtype=rows.dtype, device=rows.device)
        a, sfa = self.weight_packed[None], self.weight_scale_packed[None]
        layout = reference.TILED if self.weight_layout == "tiled" else reference.ROW_MAJOR
        if self.activation == "dynamic":  # quantized inside the GEMV where it can be (gemv_dynamic_out)
            torch.ops.nvfp4.gemv_dynamic_out(a, sfa, rows.contiguous()[None], layout, self.weight_global_scale,
                                             self.input_global_scale, self.bias, out.t()[None])
        else:
            torch.ops.nvfp4.gemv_out(a, sfa, rows.contiguous()[None], None, layout, 0, self.weight_global_scale,
                                     None, self.bias, out.t()[None])
        return out

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}, "
                f"activation={self.activation!r}, weights=NVFP4 {self.weight_layout} "
                f"({self.weight_packed.numel() + self.weight_scale_packed.numel()} bytes)"
                + (", a global scale per row" if self.per_row_global_scale else ""))


def replace_modules(model: torch.nn.Module, kind: type, make) -> list[str]:
    """Replace, in place, each submodule of type `kind` by make(name, module) and return the
    qualified names replaced, in module order. make is called once a module, at the first name it
    has (None: keep it); a module under several names (tied) gets one replacement under all of them."""
    made: dict[int, torch.nn.Module | None] = {}  # id(module) -> its replacement
    names = []
    for name, module in list(model.named_modules(remove_duplicate=False)):  # every path to every module
        if not name or not isinstance(module, kind):
            continue
        if id(module) not in made:
            made[id(module)] = make(name, module)
        if made[id(module)] is not None:
            parent_name, _, child_name = name.rpartition(".")
            setattr(model.get_submodule(parent_name), child_name, made[id(module)])
            names.append(name)
    return names


def convert_linears(model: torch.nn.Module, *, activation: str = "weight-only", weight_layout: str = "auto",
                    include=None) -> list[str]:
    """Replace, in place, each torch.nn.Linear of `model` by NVFP4Linear.from_linear of it (the weight
    quantized as from_linear says; bias kept in fp32) and return the qualified names replaced, in
    module order. `include(name, linear) -> bool`, if given, picks the layers (e.g. to keep an lm_head
    in bf16). A Linear whose in_features is no multiple of 16 (NVFP4's block) is left as it is, with a
    warning that names it. A Linear shared by several parents stays shared: one NVFP4Linear, decided
    by the first name it has (replace_modules)."""
    left = []

    def make(name: str, linear: torch.nn.Linear) -> NVFP4Linear | None:
        if include is not None and not include(name, linear):
            return None
        if linear.in_features % 16:
            left.append(f"{name} (in_features={linear.in_features})")
            return None
        return NVFP4Linear.from_linear(linear, activation=activation, weight_layout=weight_layout)

    names = replace_modules(model, torch.nn.Linear, make)
    if left:
        warnings.warn("nvfp4_gemv.convert_linears: left unquantized, in_features no multiple of 16: "
                      + ", ".join(left), stacklevel=2)
    return names
