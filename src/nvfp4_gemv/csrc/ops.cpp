// ops.cpp: the schema of every torch.ops.nvfp4 op, defined once. Built on every machine (it needs
// no CUDA); the CUDA kernels register against it from binding.cpp, the CPU reference and the fake
// (meta) implementations from nvfp4_gemv/ops.py.
//
// Canonical layouts (the Python API turns the task's permuted views into these without copying):
//   a    uint8 [L, M, K/2], unit stride along K            (E2M1 pairs, even k in the low nibble)
//   sfa  uint8 [L, M, K/16] row-major (any strides) or [L, S] blocked 128x4 (layout 1)
//   x    uint8 [L, N, K/2] with sfx (W4A4), or fp16/bf16 [L, N, K] with sfx = None (W4A16)
//   out  [L, M, N] fp16 / bf16 / fp32, any strides; N in 1..16; no element sharing memory with
//        another or with an input
//   weight_global_scale, act_global_scale: fp32, one element each, on the device (no host sync);
//        weight_global_scale may instead be one per row, contiguous [M] (fused shards)
//   bias: fp32 [M]
#include <torch/library.h>

TORCH_LIBRARY(nvfp4, m) {
  m.def(
      "gemv(Tensor a, Tensor sfa, Tensor x, Tensor? sfx, int sfa_layout, int sfx_layout, "
      "Tensor? weight_global_scale, Tensor? act_global_scale, Tensor? bias, "
      "ScalarType out_dtype) -> Tensor");
  m.def(
      "gemv_out(Tensor a, Tensor sfa, Tensor x, Tensor? sfx, int sfa_layout, int sfx_layout, "
      "Tensor? weight_global_scale, Tensor? act_global_scale, Tensor? bias, Tensor(a!) out) -> ()");
  // W4A4 with x fp16/bf16 [L, N, K] quantized per call: bitwise quantize(x, act_global_scale)
  // followed by gemv_out(..., act_global_scale, ...), in one kernel where the launch rule allows.
  m.def(
      "gemv_dynamic_out(Tensor a, Tensor sfa, Tensor x, int sfa_layout, Tensor? weight_global_scale, "
      "Tensor? act_global_scale, Tensor? bias, Tensor(a!) out) -> ()");
  // Dynamic NVFP4 quantization of x [..., K] (fp16/bf16/fp32, K % 16 == 0), as format.quantize
  // with an explicit global multiplier (None = 1): packed uint8 [..., K/2], row-major scales
  // uint8 [..., K/16].
  m.def("quantize(Tensor x, Tensor? global_scale) -> (Tensor, Tensor)");
  // NVFP4 -> dtype (float32 / float16 / bfloat16): a uint8 [..., K/2] and row-major scales sfa
  // uint8 [..., K/16], both contiguous; global_scale None, one float32, or one per row ([rows],
  // rows = a.numel() / (K/2)): out[..., k] = (E2M1 x E4M3) x global in fp32, then cast, bitwise
  // format.dequantize(a, sfa) * global_scale .to(dtype). NVFP4Linear's fallback weight.
  m.def("dequantize(Tensor a, Tensor sfa, Tensor? global_scale, ScalarType dtype) -> Tensor");
  // Benchmark helper: a bare streaming read of data's bytes (the stream floor).
  m.def("stream_read(Tensor data, Tensor(a!) sink, int grid, int threads) -> ()");
}
