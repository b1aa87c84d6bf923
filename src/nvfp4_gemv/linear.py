"""NVFP4Linear: a drop-in torch.nn.Linear for inference with NVFP4 weights.

y = x @ W^T (+ bias) with W = E2M1 * E4M3 block scale * global scale, stored packed (0.5625 bytes
per weight) in the tiled weight format (format.to_tiled: the GEMV reads it with 512 contiguous
bytes per warp load; 3-9% faster than the checkpoint layout on the H200, BENCHMARKS.md item 56).
The state dict keeps the checkpoint layout (``weight`` [out, in/2], ``weight_scale`` [out, in/16],
converted on save and load), and so do the ``weight`` / ``weight_scale`` properties (copies).
Up to 16 rows of x (decode, speculative verify) run the GEMV kernel, which reads the weights once
for all rows. More rows (prefill) take the documented fallback: the weight is dequantized to x's
dtype for that call and multiplied by cuBLAS (correct, not fast; nothing cached).

Activation modes: "weight-only" (W4A16: x is used as is, fp16 / bf16) or "dynamic" (W4A4: x is
quantized to NVFP4 per call on the GPU, optionally with a fixed activation global scale).
"""

from __future__ import annotations

import torch

from . import format as fmt
from . import ops, reference
from .api import quantize_activation

MAX_GEMV_ROWS = 16
CONVENTIONS = ("modelopt", "compressed-tensors", "multiplier")


class NVFP4Linear(torch.nn.Module):
    def __init__(self, in_features: int, out_features: int, bias: bool = True, *, activation: str = "weight-only",
                 device=None):
        super().__init__()
        ops.load()  # here, not in forward: torch.compile then sees only the ops
        if in_features % 16:
            raise ValueError(f"NVFP4Linear: in_features must be a multiple of 16, got {in_features}")
        if activation not in ("weight-only", "dynamic"):
            raise ValueError(f"NVFP4Linear: activation must be 'weight-only' or 'dynamic', got {activation!r}")
        self.in_features, self.out_features, self.activation = in_features, out_features, activation
        # The weights in the tiled format; saved and loaded in the checkpoint layout (see below).
        bands, k_tiles = -(-out_features // 16), -(-in_features // 128)
        self.register_buffer("weight_tiles", torch.zeros(bands, k_tiles, 16, 64, dtype=torch.uint8, device=device),
                             persistent=False)
        self.register_buffer("weight_scale_tiles", torch.zeros(bands, k_tiles, 16, 8, dtype=torch.uint8, device=device),
                             persistent=False)
        self.register_buffer("weight_global_scale", torch.ones(1, dtype=torch.float32, device=device))
        # Activation multiplier for "dynamic" mode (1 = block scales alone, saturating at 448).
        self.register_buffer("input_global_scale", torch.ones(1, dtype=torch.float32, device=device))
        self.register_buffer("bias", torch.zeros(out_features, dtype=torch.float32, device=device) if bias else None)

    # -- construction ------------------------------------------------------------------------
    @classmethod
    def from_linear(cls, linear: torch.nn.Linear, *, activation: str = "weight-only") -> "NVFP4Linear":
        """Quantize a Linear's weight (global scale amax / 2688, RNE codes, see format.quantize)."""
        q = fmt.quantize(linear.weight.detach())
        return cls.from_quantized(q.data, q.scales, q.global_scale, convention="multiplier",
                                  bias=linear.bias, activation=activation)

    @classmethod
    def from_quantized(cls, weight: torch.Tensor, weight_scale: torch.Tensor, global_scale, *,
                       convention: str, bias: torch.Tensor | None = None,
                       activation: str = "weight-only", input_global_scale=None) -> "NVFP4Linear":
        """Wrap checkpoint tensors: weight uint8 / float4_e2m1fn_x2 [out, in/2], weight_scale E4M3
        [out, in/16] (row-major), global_scale per `convention`:
          "modelopt"            weight_scale_2, the dequantization multiplier (amax / 2688)
          "compressed-tensors"  weight_global_scale, the encode scale (2688 / amax): inverted here
          "multiplier"          already the dequantization multiplier
        """
        if convention not in CONVENTIONS:
            raise ValueError(f"NVFP4Linear: convention must be one of {CONVENTIONS}, got {convention!r}")
        w, s = fmt.as_uint8(weight), fmt.as_uint8(weight_scale)
        if w.dim() != 2 or s.dim() != 2 or s.shape != (w.shape[0], w.shape[1] // 8):
            raise ValueError(f"NVFP4Linear: weight [out, in/2] and weight_scale [out, in/16] expected, "
                             f"got {tuple(w.shape)} and {tuple(s.shape)}")
        gs = (fmt.global_scale_from_compressed_tensors(global_scale) if convention == "compressed-tensors"
              else fmt.global_scale_from_modelopt(global_scale))
        layer = cls(w.shape[1] * 2, w.shape[0], bias is not None, activation=activation, device=w.device)
        layer._set_weight(w, s)
        layer.weight_global_scale.copy_(gs.reshape(1))
        if input_global_scale is not None:
            layer.input_global_scale.copy_(torch.as_tensor(input_global_scale, dtype=torch.float32).reshape(1))
        if bias is not None:
            layer.bias.copy_(bias.detach().float())
        return layer

    # -- the checkpoint layout ---------------------------------------------------------------
    @property
    def weight(self) -> torch.Tensor:
        """Packed E2M1 [out, in/2] (uint8), a copy from the tiled buffers."""
        return fmt.from_tiled(self.weight_tiles, self.weight_scale_tiles, self.out_features, self.in_features)[0]

    @property
    def weight_scale(self) -> torch.Tensor:
        """E4M3 block scales [out, in/16] (uint8, row-major), a copy from the tiled buffers."""
        return fmt.from_tiled(self.weight_tiles, self.weight_scale_tiles, self.out_features, self.in_features)[1]

    def _set_weight(self, weight: torch.Tensor, weight_scale: torch.Tensor) -> None:
        tiles, tile_scales = fmt.to_tiled(weight, weight_scale)
        self.weight_tiles.copy_(tiles)
        self.weight_scale_tiles.copy_(tile_scales)

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        super()._save_to_state_dict(destination, prefix, keep_vars)
        destination[prefix + "weight"], destination[prefix + "weight_scale"] = fmt.from_tiled(
            self.weight_tiles, self.weight_scale_tiles, self.out_features, self.in_features)

    def _load_from_state_dict(self, state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                              error_msgs):
        # load_state_dict hands every module its own copy of the dict: the two keys are taken out
        # here so that the base class does not report them as unexpected.
        w, s = state_dict.pop(prefix + "weight", None), state_dict.pop(prefix + "weight_scale", None)
        shapes = ((self.out_features, self.in_features // 2), (self.out_features, self.in_features // 16))
        for key, t, shape in (("weight", w, shapes[0]), ("weight_scale", s, shapes[1])):
            if t is None:
                missing_keys.append(prefix + key)
            elif tuple(t.shape) != shape:
                error_msgs.append(f"size mismatch for {prefix}{key}: expected {shape}, got {tuple(t.shape)}")
        if w is not None and s is not None and not error_msgs:
            self._set_weight(fmt.as_uint8(w).to(self.weight_tiles.device), fmt.as_uint8(s).to(self.weight_tiles.device))
        super()._load_from_state_dict(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys,
                                      error_msgs)

    def dequantized_weight(self, dtype: torch.dtype = torch.float32) -> torch.Tensor:
        return fmt.dequantize(self.weight, self.weight_scale, self.weight_global_scale.reshape(())).to(dtype)

    # -- forward -----------------------------------------------------------------------------
    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if x.shape[-1] != self.in_features:
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
        # GEMV path: the op on the tiled weights directly (no per-call layout inference, and
        # nothing torch.compile has to trace through): out [rows, M] is written through its
        # transposed view [1, M, rows].
        out = torch.empty((rows.shape[0], self.out_features), dtype=x.dtype, device=x.device)
        a, sfa, tiled = self.weight_tiles[None], self.weight_scale_tiles[None], reference.TILED
        if self.activation == "dynamic":
            xq, sx = torch.ops.nvfp4.quantize(rows.contiguous(), self.input_global_scale)
            torch.ops.nvfp4.gemv_out(a, sfa, xq[None], sx[None], tiled, 0, self.weight_global_scale,
                                     self.input_global_scale, self.bias, out.t()[None])
        else:
            torch.ops.nvfp4.gemv_out(a, sfa, rows.contiguous()[None], None, tiled, 0, self.weight_global_scale,
                                     None, self.bias, out.t()[None])
        return out.reshape(*lead, self.out_features)

    def extra_repr(self) -> str:
        return (f"in_features={self.in_features}, out_features={self.out_features}, bias={self.bias is not None}, "
                f"activation={self.activation!r}, weights=NVFP4 tiled "
                f"({self.weight_tiles.numel() + self.weight_scale_tiles.numel()} bytes)")
