"""NVFP4 checkpoints by their tensors' names: load the Linear layers a ModelOpt or compressed-tensors
checkpoint holds quantized into a model as NVFP4Linear (load_quantized_linears), and write a model's
NVFP4Linear layers back in those names (quantized_state_dict). How each convention stores its global
scales (multiplier or encode scale) is NVFP4Linear.from_quantized's to read (linear.py)."""

from __future__ import annotations

import torch

from . import format as fmt
from .linear import NVFP4Linear, replace_modules

# A quantized Linear's tensors in each checkpoint convention, under "<layer name>.": packed codes,
# block scales, the weight's global scale, the activation's global scale (optional).
PACKED_DTYPES = (torch.uint8,) + ((torch.float4_e2m1fn_x2,) if fmt.HAS_FP4_DTYPE else ())
CHECKPOINT_KEYS = {
    "modelopt": ("weight", "weight_scale", "weight_scale_2", "input_scale"),
    "compressed-tensors": ("weight_packed", "weight_scale", "weight_global_scale", "input_global_scale"),
}


def load_quantized_linears(model: torch.nn.Module, checkpoint, *, convention: str, activation: str = "weight-only",
                           weight_layout: str = "auto") -> list[str]:
    """Replace, in place, each torch.nn.Linear of `model` that `checkpoint` (a state dict: name ->
    tensor, e.g. safetensors.torch.load_file of an NVFP4 checkpoint) holds quantized, by
    NVFP4Linear.from_quantized of its tensors, and return the qualified names replaced. A layer
    counts as quantized where the checkpoint has both its packed codes and its block scales
    (CHECKPOINT_KEYS[convention]: ModelOpt "<name>.weight" uint8 + "<name>.weight_scale" E4M3 +
    "<name>.weight_scale_2" + optional "<name>.input_scale"; compressed-tensors "<name>.weight_packed"
    + "<name>.weight_scale" + "<name>.weight_global_scale" + optional "<name>.input_global_scale");
    the others (an unquantized lm_head, say) stay as they are, for the model's own loading. The bias
    is the checkpoint's "<name>.bias" where it has one, else the Linear's own. Tensors go to the
    Linear's device (the checkpoint's where the Linear is on the meta device). A Linear under two
    names (tied) is read from the first and stays one module. A quantized layer whose tensors do
    not fit the Linear raises a ValueError that names the layer."""
    if convention not in CHECKPOINT_KEYS:
        raise ValueError(f"load_quantized_linears: convention must be one of {tuple(CHECKPOINT_KEYS)}, "
                         f"got {convention!r}")
    codes_key, scales_key = CHECKPOINT_KEYS[convention][:2]

    def make(name: str, linear: torch.nn.Linear) -> NVFP4Linear | None:
        if f"{name}.{codes_key}" not in checkpoint or f"{name}.{scales_key}" not in checkpoint:
            return None  # not quantized there
        return _checkpoint_layer(name, linear, checkpoint, convention, activation, weight_layout)

    return replace_modules(model, torch.nn.Linear, make)


def _checkpoint_layer(name: str, linear: torch.nn.Linear, checkpoint, convention: str, activation: str,
                      weight_layout: str) -> NVFP4Linear:
    """load_quantized_linears' layer `name` from its checkpoint tensors, checked against `linear`."""
    codes_key, scales_key, global_key, input_key = CHECKPOINT_KEYS[convention]
    device = linear.weight.device if linear.weight.device.type != "meta" else None

    def tensor(key):
        t = checkpoint.get(f"{name}.{key}")
        return t if t is None or device is None else t.to(device)

    codes, scales, global_scale = tensor(codes_key), tensor(scales_key), tensor(global_key)
    where = f"load_quantized_linears: {name}"
    if codes.dtype not in PACKED_DTYPES:
        raise ValueError(f"{where}.{codes_key} must be packed NVFP4 (uint8 or float4_e2m1fn_x2), got {codes.dtype} "
                         f"{tuple(codes.shape)}: not an NVFP4 layer?")
    if linear.in_features % 16 or tuple(codes.shape) != (linear.out_features, linear.in_features // 2):
        raise ValueError(f"{where}.{codes_key} has shape {tuple(codes.shape)}, which does not fit a "
                         f"Linear({linear.in_features}, {linear.out_features}) (expected [{linear.out_features}, "
                         f"{linear.in_features // 2}], in_features a multiple of 16)")
    if global_scale is None:
        raise ValueError(f"{where} has {codes_key} and {scales_key} but no {global_key}")
    bias = tensor("bias")
    if bias is None and linear.bias is not None:
        bias = linear.bias.detach()
    try:
        return NVFP4Linear.from_quantized(codes, scales, global_scale, convention=convention, bias=bias,
                                          activation=activation, input_global_scale=tensor(input_key),
                                          weight_layout=weight_layout)
    except (ValueError, TypeError) as e:
        raise type(e)(f"{where}: {e}") from e


def quantized_state_dict(model: torch.nn.Module, *, convention: str) -> dict[str, torch.Tensor]:
    """The NVFP4Linear layers of `model` as an NVFP4 checkpoint in `convention`'s key names
    (CHECKPOINT_KEYS), which load_quantized_linears reads back: under each layer's name the packed
    codes (uint8 [out, in/2]), the block scales (float8_e4m3fn [out, in/16]), the weight's global
    scale (ModelOpt: the multiplier, 0-d; compressed-tensors: the encode scale, [1]), the
    activation's for a "dynamic" layer (the same way), and the bias (fp32) where it has one. The
    model's other tensors are not in it (model.state_dict() has them). A layer with a global scale
    per output row (fused shards whose scales differ) has no single one to write in either
    convention: a ValueError names it."""
    if convention not in CHECKPOINT_KEYS:
        raise ValueError(f"quantized_state_dict: convention must be one of {tuple(CHECKPOINT_KEYS)}, "
                         f"got {convention!r}")
    codes_key, scales_key, global_key, input_key = CHECKPOINT_KEYS[convention]
    encode = convention == "compressed-tensors"

    def written(multiplier: torch.Tensor) -> torch.Tensor:
        m = multiplier.detach().reshape(())
        return (1.0 / m).reshape(1) if encode else m.clone()

    out = {}
    for name, layer in model.named_modules():
        if not isinstance(layer, NVFP4Linear):
            continue
        if layer.per_row_global_scale:
            raise ValueError(f"quantized_state_dict: {name} has a global scale per output row (fused shards), "
                             f"which neither checkpoint convention can hold; save it with model.state_dict()")
        codes, scales = layer._checkpoint_tensors()
        out[f"{name}.{codes_key}"] = codes
        out[f"{name}.{scales_key}"] = scales.view(torch.float8_e4m3fn)
        out[f"{name}.{global_key}"] = written(layer.weight_global_scale)
        if layer.activation == "dynamic":
            out[f"{name}.{input_key}"] = written(layer.input_global_scale)
        if layer.bias is not None:
            out[f"{name}.bias"] = layer.bias.detach().clone()
    return out
