"""nvfp4_gemv: the NVFP4 matrix-vector product (W4A4 and W4A16, 1..16 columns) for Hopper, Ampere/Ada
and Blackwell, as a PyTorch op (torch.ops.nvfp4.gemv)."""

__version__ = "0.1.0"

from .format import (  # noqa: E402
    NVFP4Tensor, dequantize, from_blocked, global_scale_from_compressed_tensors,
    global_scale_from_modelopt, quantize, to_blocked, to_tiled, from_tiled,
)
from .api import gemv, quantize_activation  # noqa: E402
from .linear import NVFP4Linear, convert_linears  # noqa: E402
from .checkpoint import load_quantized_linears, quantized_state_dict  # noqa: E402

__all__ = [
    "NVFP4Linear", "NVFP4Tensor", "convert_linears", "dequantize", "from_blocked", "from_tiled", "gemv",
    "global_scale_from_compressed_tensors", "global_scale_from_modelopt", "load_quantized_linears", "quantize",
    "quantize_activation", "quantized_state_dict", "to_blocked", "to_tiled", "__version__",
]
