// binding.cpp: the CUDA implementations of torch.ops.nvfp4.*, compiled by the host C++ compiler
// (not nvcc: error messages built in nvcc-compiled host code crashed on the H200 image when they
// streamed 64-bit integers, seen 2026-11-30). Checks arguments (every message names
// what it received), fills GemvParams and launches on the current stream. No allocation except the
// functional ops' outputs (gemv, quantize, dequantize); no host synchronisation.
#include <ATen/ATen.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/library.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iterator>
#include <mutex>
#include <set>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>
#include <string>

#include "nvfp4_gemv.cuh"

namespace {

using at::Tensor;

// Messages are assembled with std::to_string, not ostream insertion: on the H200 image an error
// message that streamed an integer crashed the process (seen 2026-11-30, cause not established).
std::string fmt_arg(const char* s) { return s; }
std::string fmt_arg(const std::string& s) { return s; }
std::string fmt_arg(const at::Device& d) { return d.str(); }
std::string fmt_arg(at::ScalarType t) { return c10::toString(t); }
std::string fmt_arg(at::IntArrayRef a) {
  std::string s = "[";
  for (size_t i = 0; i < a.size(); ++i) s += (i ? ", " : "") + std::to_string(a[i]);
  return s + "]";
}
template <typename T, std::enable_if_t<std::is_integral_v<T>, int> = 0>
std::string fmt_arg(T v) {
  return std::to_string(v);
}
template <typename... Args>
std::string msg(const Args&... args) {
  std::string s = "nvfp4.gemv: ";
  ((s += fmt_arg(args)), ...);
  return s;
}

#define NVFP4_CHECK(cond, ...) TORCH_CHECK(cond, msg(__VA_ARGS__))

// A macro, not a helper function: every check throws from the op's own frame.
#define NVFP4_CHECK_DEVICE(t, name, ref)                                                \
  NVFP4_CHECK((t).is_cuda() && (t).device() == (ref).device(), name,                  \
              " must be a CUDA tensor on a's device ", (ref).device(), ", got ", (t).device())

// Pointer and every stride but the innermost (unit, checked by the caller) in multiples of `bytes`.
bool aligned(const Tensor& t, int bytes) {
  if (reinterpret_cast<uintptr_t>(t.data_ptr()) % bytes) return false;
  for (int d = 0; d + 1 < t.dim(); ++d)
    if (t.size(d) > 1 && (t.stride(d) * t.element_size()) % bytes) return false;
  return true;
}

// A dimension's stride, 0 where it has one element (torch leaves any stride there, e.g. after a
// permute that needed no copy; the kernel never steps along it, and its alignment rules then hold).
int64_t stride_or_0(const Tensor& t, int d) { return t.size(d) > 1 ? t.stride(d) : 0; }

// Whether no two of t's elements share memory: with the dimensions of more than one element in
// increasing stride order, each stride steps past all that the smaller ones reach. Sufficient, not
// necessary: strides that interleave two dimensions' elements without a collision (which no torch
// view op makes; as_strided can) are refused too.
bool distinct_elements(const Tensor& t) {
  std::vector<std::pair<int64_t, int64_t>> dims;  // (stride, size)
  for (int d = 0; d < t.dim(); ++d)
    if (t.size(d) > 1) dims.emplace_back(t.stride(d), t.size(d));
  std::sort(dims.begin(), dims.end());
  int64_t reach = 0;  // the largest element offset the dimensions so far reach
  for (const auto& [stride, size] : dims) {
    if (stride <= reach) return false;
    reach += stride * (size - 1);
  }
  return true;
}

// Whether the bytes t and u span (first to last element; torch strides are not negative) meet.
bool bytes_meet(const Tensor& t, const Tensor& u) {
  const auto span = [](const Tensor& v) {
    int64_t last = 0;
    for (int d = 0; d < v.dim(); ++d) last += (v.size(d) - 1) * v.stride(d);
    const auto first = reinterpret_cast<uintptr_t>(v.data_ptr());
    return std::make_pair(first, first + static_cast<uintptr_t>((last + 1) * v.element_size()));
  };
  const auto [t0, t1] = span(t);
  const auto [u0, u1] = span(u);
  return t0 < u1 && u0 < t1;
}

// Fills *s from a scale tensor; returns "" or what is wrong with it (the caller throws, so every
// exception leaves from the op's own frame).
std::string scale_index(const Tensor& sf, int64_t layout, int64_t rows, int64_t k, int64_t batches,
                        const char* name, const Tensor& ref, nvfp4::ScaleIndex* s) {
  std::string err;
  if (!sf.is_cuda() || sf.device() != ref.device()) {
    err = msg(name, " must be a CUDA tensor on ", ref.device(), ", got ", sf.device());
  } else if (sf.scalar_type() != at::kByte && sf.scalar_type() != at::kFloat8_e4m3fn) {
    err = msg(name, " must be uint8 or float8_e4m3fn, got ", sf.scalar_type());
  } else if (layout == nvfp4::kScaleRowMajor) {
    if (!(sf.dim() == 3 && sf.size(0) == batches && sf.size(1) == rows && sf.size(2) == k / 16))
      err = msg(name, " (row-major) must have shape [", batches, ", ", rows, ", ", k / 16, "], got ", sf.sizes());
    else if (std::abs(sf.stride(2)) * (k / 16) >= (int64_t{1} << 31))  // the kernel steps along K in 32 bits
      err = msg(name, "'s stride along K (", sf.stride(2), ") times K/16 (", k / 16, ") must be below 2^31");
    else
      *s = nvfp4::ScaleIndex{static_cast<const uint8_t*>(sf.data_ptr()), sf.stride(0), sf.stride(1),
                             sf.stride(2), nvfp4::kScaleRowMajor, static_cast<int>((k + 63) / 64)};
  } else if (layout == nvfp4::kScaleBlocked) {
    const int64_t need = (rows + 127) / 128 * 128 * ((k + 63) / 64) * 4;
    if (!(sf.dim() == 2 && sf.size(0) == batches && sf.size(1) >= need && sf.stride(1) == 1))
      err = msg(name, " (blocked) must be [", batches, ", >= ", need, "] with unit inner stride, got shape ", sf.sizes(), " strides ", sf.strides());
    else
      *s = nvfp4::ScaleIndex{static_cast<const uint8_t*>(sf.data_ptr()), sf.stride(0), 0, 0,
                             nvfp4::kScaleBlocked, static_cast<int>((k + 63) / 64)};
  } else if (layout == nvfp4::kScaleTiled) {  // the weight's only (a tiled too, see gemv_out)
    const int64_t bands = (rows + 15) / 16, k_tiles = (k + 127) / 128;
    if (!(sf.dim() == 5 && sf.size(0) == batches && sf.size(1) == bands && sf.size(2) == k_tiles &&
          sf.size(3) == 32 && sf.size(4) == 4))
      err = msg(name, " (tiled) must have shape [", batches, ", ", bands, ", ", k_tiles, ", 32, 4], got ", sf.sizes());
    else if (!(sf.stride(4) == 1 && sf.stride(3) == 4 && (sf.size(2) == 1 || sf.stride(2) == 128)))
      err = msg(name, " (tiled) must have contiguous tiles (strides [*, *, 128, 4, 1]), got strides ", sf.strides());
    else if (!aligned(sf, 4))  // each lane reads a 4-byte word of a tile's scales
      err = msg(name, " (tiled): data pointer and strides must be 4-byte aligned, got strides ", sf.strides());
    else
      *s = nvfp4::ScaleIndex{static_cast<const uint8_t*>(sf.data_ptr()), stride_or_0(sf, 0),
                             stride_or_0(sf, 1), 1, nvfp4::kScaleTiled, static_cast<int>((k + 63) / 64)};
  } else {
    err = msg(name, " layout must be 0 (row-major), 1 (blocked) or 2 (tiled, sfa only), got ", layout);
  }
  return err;
}

// The arguments of gemv_out checked (every message names what it received) and filled into
// GemvParams, all but the split workspace (launch).
nvfp4::GemvParams gemv_params(const Tensor& a, const Tensor& sfa, const Tensor& x,
                              const c10::optional<Tensor>& sfx, int64_t sfa_layout,
                              int64_t sfx_layout, const c10::optional<Tensor>& weight_global_scale,
                              const c10::optional<Tensor>& act_global_scale,
                              const c10::optional<Tensor>& bias, const Tensor& out) {
  NVFP4_CHECK(a.is_cuda(), "a must be a CUDA tensor, got device ", a.device());
  NVFP4_CHECK(a.scalar_type() == at::kByte || a.scalar_type() == at::kFloat4_e2m1fn_x2,
              "a must be uint8 or float4_e2m1fn_x2, got ", a.scalar_type());
  // The tiled weight format (sfa_layout 2, format.py): a [L, ceil(M/16), ceil(K/128), 16, 64],
  // M from out and K from x (the padding hides them).
  const bool tiled = sfa_layout == nvfp4::kScaleTiled;
  NVFP4_CHECK(tiled ? a.dim() == 5 && out.dim() == 3 && x.dim() == 3 : a.dim() == 3,
              tiled ? "tiled a must be [L, ceil(M/16), ceil(K/128), 16, 64] with out [L, M, N] and x [L, N, K]"
                    : "a must be [L, M, K/2]",
              ", got a ", a.sizes(), ", x ", x.sizes(), ", out ", out.sizes());
  const bool x_fp4 = x.scalar_type() == at::kByte || x.scalar_type() == at::kFloat4_e2m1fn_x2;
  const int64_t L = a.size(0), M = tiled ? out.size(1) : a.size(1);
  const int64_t K = tiled ? x.size(2) * (x_fp4 ? 2 : 1) : a.size(2) * 2;
  NVFP4_CHECK(L >= 1 && M >= 1 && K >= 16 && K % 16 == 0,
              "need L >= 1, M >= 1 and K a positive multiple of 16, got L=", L, " M=", M, " K=", K);
  NVFP4_CHECK(M * L < (1ll << 31) && K < (1ll << 30), "shape too large: L=", L, " M=", M, " K=", K);
  if (tiled) {
    NVFP4_CHECK(a.size(1) == (M + 15) / 16 && a.size(2) == (K + 127) / 128 && a.size(3) == 16 &&
                    a.size(4) == 64,
                "tiled a for M=", M, " (out) and K=", K, " (x) must be [", L, ", ", (M + 15) / 16, ", ",
                (K + 127) / 128, ", 16, 64], got ", a.sizes());
    NVFP4_CHECK(a.stride(4) == 1 && a.stride(3) == 64 && (a.size(2) == 1 || a.stride(2) == 1024) &&
                    aligned(a, 16),
                "tiled a must have contiguous 1 KB tiles (strides [*, *, 1024, 64, 1]) and a 16-byte "
                "aligned data pointer and strides; got strides ", a.strides(), ", pointer % 16 = ",
                reinterpret_cast<uintptr_t>(a.data_ptr()) % 16);
  } else {
    NVFP4_CHECK(a.stride(2) == 1, "a must have unit stride along K, got strides ", a.strides());
    NVFP4_CHECK(aligned(a, 8),
                "a's data pointer and row/batch strides must be 8-byte aligned (call .contiguous()); "
                "got pointer % 16 = ", reinterpret_cast<uintptr_t>(a.data_ptr()) % 16,
                ", strides ", a.strides());
  }
  NVFP4_CHECK_DEVICE(x, "x", a);
  NVFP4_CHECK(x.dim() == 3 && x.size(0) == L, "x must be [L=", L, ", N, K], got shape ", x.sizes());
  const int64_t N = x.size(1);
  NVFP4_CHECK(N >= 1 && N <= nvfp4::kMaxCols, "x must have 1..16 columns (dim 1), got ", N);
  NVFP4_CHECK(x.stride(2) == 1, "x must have unit stride along K, got strides ", x.strides());
  NVFP4_CHECK(aligned(x, 4), "x's data pointer and strides must be 4-byte aligned, got strides ",
              x.strides());

  nvfp4::GemvParams p{};
  p.M = static_cast<int>(M);
  p.K = static_cast<int>(K);
  p.L = static_cast<int>(L);
  p.N = static_cast<int>(N);
  p.a = static_cast<const uint8_t*>(a.data_ptr());
  p.a_batch_stride = stride_or_0(a, 0);
  p.a_row_stride = stride_or_0(a, 1);  // tiled: bytes per 16-row band
  const std::string sfa_err = scale_index(sfa, sfa_layout, M, K, L, "sfa", a, &p.sfa);
  TORCH_CHECK(sfa_err.empty(), sfa_err);
  p.x = x.data_ptr();
  p.x_batch_stride = x.stride(0);
  p.x_col_stride = x.stride(1);

  const auto xt = x.scalar_type();
  NVFP4_CHECK(sfx_layout != nvfp4::kScaleTiled, "sfx layout 2 (tiled) is for weights only");
  if (x_fp4) {
    NVFP4_CHECK(x.size(2) * 2 == K, "FP4 x must be [", L, ", N, ", K / 2, "], got ", x.sizes());
    NVFP4_CHECK(sfx.has_value(), "FP4 x (W4A4) needs its scales sfx");
    p.act = nvfp4::kActFP4;
    const std::string sfx_err = scale_index(*sfx, sfx_layout, N, K, L, "sfx", a, &p.sfx);
    TORCH_CHECK(sfx_err.empty(), sfx_err);
  } else {
    NVFP4_CHECK(xt == at::kHalf || xt == at::kBFloat16,
                "x must be FP4 (uint8/float4_e2m1fn_x2), float16 or bfloat16, got ", xt);
    NVFP4_CHECK(x.size(2) == K, "W4A16 x must be [", L, ", N, ", K, "], got ", x.sizes());
    NVFP4_CHECK(!sfx.has_value(), "sfx must be None for ", xt, " activations");
    p.act = xt == at::kHalf ? nvfp4::kActF16 : nvfp4::kActBF16;
  }

  NVFP4_CHECK_DEVICE(out, "out", a);
  NVFP4_CHECK(out.dim() == 3 && out.size(0) == L && out.size(1) == M && out.size(2) == N,
              "out must be [", L, ", ", M, ", ", N, "], got ", out.sizes());
  const auto ot = out.scalar_type();
  NVFP4_CHECK(ot == at::kHalf || ot == at::kBFloat16 || ot == at::kFloat,
              "out must be float16, bfloat16 or float32, got ", ot);
  p.out = out.data_ptr();
  p.out_batch_stride = out.stride(0);
  p.out_row_stride = out.stride(1);
  p.out_col_stride = out.stride(2);
  p.out_kind = ot == at::kHalf ? nvfp4::kOutF16 : ot == at::kBFloat16 ? nvfp4::kOutBF16 : nvfp4::kOutF32;

  if (act_global_scale.has_value()) {
    NVFP4_CHECK_DEVICE(*act_global_scale, "act_global_scale", a);
    NVFP4_CHECK(act_global_scale->scalar_type() == at::kFloat && act_global_scale->numel() == 1,
                "act_global_scale must be a float32 tensor with one element, got ",
                act_global_scale->scalar_type(), " with ", act_global_scale->numel(), " elements");
    p.act_global_scale = act_global_scale->data_ptr<float>();
  }
  // The weight's global scale: one element, or one per row (a contiguous [M]: fused shards whose
  // scales differ), which the epilogue reads where it reads the bias.
  if (weight_global_scale.has_value()) {
    const Tensor& wgs = *weight_global_scale;
    NVFP4_CHECK_DEVICE(wgs, "weight_global_scale", a);
    const bool one = wgs.numel() == 1, per_row = wgs.dim() == 1 && wgs.size(0) == M && wgs.stride(0) == 1;
    NVFP4_CHECK(wgs.scalar_type() == at::kFloat && (one || per_row),
                "weight_global_scale must be a float32 tensor with one element or a contiguous one per row [",
                M, "], got ", wgs.scalar_type(), " ", wgs.sizes());
    (one ? p.weight_global_scale : p.weight_row_scale) = wgs.data_ptr<float>();
  }
  if (bias.has_value()) {
    NVFP4_CHECK_DEVICE(*bias, "bias", a);
    NVFP4_CHECK(bias->scalar_type() == at::kFloat && bias->dim() == 1 && bias->size(0) == M &&
                    bias->stride(0) == 1,
                "bias must be a contiguous float32 [", M, "], got ", bias->scalar_type(), " ",
                bias->sizes());
    p.bias = bias->data_ptr<float>();
  }
  // Every out element is written once, by one thread, while other CTAs still read the inputs: an
  // out whose elements share memory, or that shares bytes with an input, would come out wrong.
  NVFP4_CHECK(distinct_elements(out), "out must not have elements that share memory, got shape ",
              out.sizes(), " strides ", out.strides());
  const auto held = [](const c10::optional<Tensor>& t) { return t.has_value() ? &*t : nullptr; };
  const std::pair<const char*, const Tensor*> inputs[] = {
      {"a", &a}, {"sfa", &sfa}, {"x", &x}, {"sfx", held(sfx)}, {"weight_global_scale", held(weight_global_scale)},
      {"act_global_scale", held(act_global_scale)}, {"bias", held(bias)}};
  for (const auto& [name, t] : inputs)
    NVFP4_CHECK(t == nullptr || !bytes_meet(out, *t), "out must not share memory with ", name,
                " (the kernel reads ", name, " while it writes out), got out of shape ", out.sizes(),
                " strides ", out.strides(), " and ", name, " of shape ", t->sizes(), " strides ", t->strides());
  return p;
}

// NVFP4_GEMV_LOG=1: which kernel the launch rule chose, and its shape, on stderr once for each new
// problem (shape, activation, weight layout and plan), in describe_launch's words. The rule and the
// measurements behind each choice: launch_rule.cuh; tests/cpp/plan_rules.cu prints the same lines
// for a described H200 without a GPU (`plan_rules show`).
void log_plan(const nvfp4::GemvParams& p, const nvfp4::GemvLaunch& plan) {
  static const bool on = [] {
    const char* v = std::getenv("NVFP4_GEMV_LOG");
    return v != nullptr && v[0] == '1';
  }();
  if (!on) return;
  static const char* const acts[] = {"fp4 x", "fp16 x", "bf16 x", "fp16 x quantized in the kernel",
                                     "bf16 x quantized in the kernel"};
  static const char* const layouts[] = {"row-major weights", "row-major weights, blocked scales", "tiled weights"};
  const bool known_act = p.act >= 0 && p.act < static_cast<int>(std::size(acts)),
             known_layout = p.sfa.layout >= 0 && p.sfa.layout < static_cast<int>(std::size(layouts));
  char text[512];
  int n = std::snprintf(text, sizeof(text), "nvfp4_gemv: M=%d K=%d L=%d N=%d, %s, %s: ", p.M, p.K, p.L, p.N,
                        known_act ? acts[p.act] : "x", known_layout ? layouts[p.sfa.layout] : "weights");
  if (n < 0 || n >= static_cast<int>(sizeof(text))) return;
  nvfp4::describe_launch(p, plan, text + n, static_cast<int>(sizeof(text)) - n);
  static std::mutex mutex;
  static std::set<std::string> seen;
  const std::lock_guard<std::mutex> lock(mutex);
  if (seen.insert(text).second) std::fprintf(stderr, "%s\n", text);
}

// Launches `plan` for p on the current stream of a's device (the caller holds a device guard).
void launch(nvfp4::GemvParams p, const nvfp4::GemvLaunch& plan, const Tensor& a) {
  log_plan(p, plan);
  p.partials = nullptr;
  // split-K (or K sections') partial sums, from the caching allocator (stream-ordered)
  Tensor workspace;
  if (plan.workspace_bytes > 0) {
    workspace = at::empty({plan.workspace_bytes / 4}, a.options().dtype(at::kFloat));
    p.partials = workspace.data_ptr<float>();
  }
  const int err = nvfp4::launch_gemv(p, plan, c10::cuda::getCurrentCUDAStream());
  TORCH_CHECK(err == 0, "nvfp4.gemv: kernel launch failed: ",
              cudaGetErrorString(static_cast<cudaError_t>(err)), " (M=", p.M, " K=", p.K, " L=", p.L,
              " N=", p.N, ")");
}

void gemv_out(const Tensor& a, const Tensor& sfa, const Tensor& x, const c10::optional<Tensor>& sfx,
              int64_t sfa_layout, int64_t sfx_layout,
              const c10::optional<Tensor>& weight_global_scale,
              const c10::optional<Tensor>& act_global_scale, const c10::optional<Tensor>& bias,
              const Tensor& out) {
  const nvfp4::GemvParams p = gemv_params(a, sfa, x, sfx, sfa_layout, sfx_layout, weight_global_scale,
                                          act_global_scale, bias, out);
  const c10::cuda::CUDAGuard guard(a.device());
  launch(p, nvfp4::plan_gemv(p), a);
}

std::tuple<Tensor, Tensor> quantize(const Tensor& x, const c10::optional<Tensor>& global_scale);

// W4A4 with x (fp16 / bf16 [L, N, K]) quantized per call: quantize(x, act_global_scale) then
// gemv_out with act_global_scale, bitwise, in one kernel where nvfp4::fused_quant_fits says so
// (one column, the integer item's tiled or k-span plans or the band sweep's over short k ranges or
// the row sweep over enough rows a CTA, 16-byte aligned x), in those two otherwise.
void gemv_dynamic_out(const Tensor& a, const Tensor& sfa, const Tensor& x, int64_t sfa_layout,
                      const c10::optional<Tensor>& weight_global_scale,
                      const c10::optional<Tensor>& act_global_scale,
                      const c10::optional<Tensor>& bias, const Tensor& out) {
  NVFP4_CHECK(x.scalar_type() == at::kHalf || x.scalar_type() == at::kBFloat16,
              "gemv_dynamic: x must be float16 or bfloat16, got ", x.scalar_type());
  nvfp4::GemvParams p = gemv_params(a, sfa, x, c10::nullopt, sfa_layout, nvfp4::kScaleRowMajor,
                                    weight_global_scale, act_global_scale, bias, out);
  p.act = p.act == nvfp4::kActF16 ? nvfp4::kActQuantF16 : nvfp4::kActQuantBF16;
  const c10::cuda::CUDAGuard guard(a.device());
  const nvfp4::GemvLaunch plan = nvfp4::plan_gemv(p);
  if (nvfp4::fused_quant_fits(p, plan)) return launch(p, plan, a);
  Tensor xc = x.contiguous();
  if (reinterpret_cast<uintptr_t>(xc.data_ptr()) % 16) xc = xc.clone();  // quantize's alignment
  const auto [xq, sq] = quantize(xc, act_global_scale);
  gemv_out(a, sfa, xq, sq, sfa_layout, nvfp4::kScaleRowMajor, weight_global_scale, act_global_scale,
           bias, out);
}

Tensor gemv(const Tensor& a, const Tensor& sfa, const Tensor& x, const c10::optional<Tensor>& sfx,
            int64_t sfa_layout, int64_t sfx_layout, const c10::optional<Tensor>& wgs,
            const c10::optional<Tensor>& ags, const c10::optional<Tensor>& bias,
            at::ScalarType out_dtype) {
  NVFP4_CHECK(a.dim() == 3 && x.dim() == 3, "a and x must be 3-D, got ", a.sizes(), " and ",
              x.sizes(), (sfa_layout == nvfp4::kScaleTiled ? " (tiled weights: use gemv_out, M is in out)" : ""));
  Tensor out = at::empty({a.size(0), a.size(1), x.size(1)}, a.options().dtype(out_dtype));
  gemv_out(a, sfa, x, sfx, sfa_layout, sfx_layout, wgs, ags, bias, out);
  return out;
}

void stream_read(const Tensor& data, const Tensor& sink, int64_t grid, int64_t threads) {
  TORCH_CHECK(data.is_cuda() && data.is_contiguous(), "stream_read: data must be contiguous CUDA");
  TORCH_CHECK(sink.is_cuda() && sink.scalar_type() == at::kInt && sink.is_contiguous(),
              "stream_read: sink must be a contiguous int32 CUDA tensor");
  TORCH_CHECK(reinterpret_cast<uintptr_t>(data.data_ptr()) % 16 == 0,
              "stream_read: data must be 16-byte aligned");
  TORCH_CHECK(threads <= 0 || (threads % 32 == 0 && threads <= nvfp4::kStreamReadMaxThreads),
              "stream_read: threads must be a multiple of 32 up to ", nvfp4::kStreamReadMaxThreads, ", got ", threads);
  int g = static_cast<int>(grid);
  if (g <= 0) g = nvfp4::stream_read_default_grid(data.device().index());
  TORCH_CHECK(sink.numel() >= g, "stream_read: sink needs >= ", g, " elements, got ", sink.numel());
  const c10::cuda::CUDAGuard guard(data.device());
  const int err = nvfp4::launch_stream_read(
      data.data_ptr(), data.numel() * data.element_size(),
      reinterpret_cast<uint32_t*>(sink.data_ptr<int>()), g, static_cast<int>(threads),
      c10::cuda::getCurrentCUDAStream());
  TORCH_CHECK(err == 0, "stream_read: launch failed: ", cudaGetErrorString(static_cast<cudaError_t>(err)));
}

std::tuple<Tensor, Tensor> quantize(const Tensor& x, const c10::optional<Tensor>& global_scale) {
  NVFP4_CHECK(x.is_cuda(), "quantize: x must be a CUDA tensor, got ", x.device());
  const auto dt = x.scalar_type();
  NVFP4_CHECK(dt == at::kHalf || dt == at::kBFloat16 || dt == at::kFloat,
              "quantize: x must be float16, bfloat16 or float32, got ", dt);
  NVFP4_CHECK(x.dim() >= 1 && x.size(-1) % 16 == 0,
              "quantize: the last dimension must be a multiple of 16, got shape ", x.sizes());
  NVFP4_CHECK(x.is_contiguous() && reinterpret_cast<uintptr_t>(x.data_ptr()) % 16 == 0,
              "quantize: x must be contiguous and 16-byte aligned (call .contiguous()), got strides ",
              x.strides());
  const float* gs = nullptr;
  if (global_scale) {
    NVFP4_CHECK_DEVICE(*global_scale, "quantize: global_scale", x);
    NVFP4_CHECK(global_scale->scalar_type() == at::kFloat && global_scale->numel() == 1,
                "quantize: global_scale must be one float32 element, got ",
                global_scale->scalar_type(), " with ", global_scale->numel(), " elements");
    gs = global_scale->data_ptr<float>();
  }
  std::vector<int64_t> shape(x.sizes().begin(), x.sizes().end());
  shape.back() = x.size(-1) / 2;
  Tensor packed = at::empty(shape, x.options().dtype(at::kByte));
  shape.back() = x.size(-1) / 16;
  Tensor scales = at::empty(shape, x.options().dtype(at::kByte));
  const c10::cuda::CUDAGuard guard(x.device());
  const int kind = dt == at::kHalf ? nvfp4::kActF16 : dt == at::kBFloat16 ? nvfp4::kActBF16 : -1;
  const int err = nvfp4::launch_quantize(x.data_ptr(), kind, x.numel(), gs, packed.data_ptr<uint8_t>(),
                                         scales.data_ptr<uint8_t>(), c10::cuda::getCurrentCUDAStream());
  TORCH_CHECK(err == 0, "nvfp4.quantize: launch failed: ", cudaGetErrorString(static_cast<cudaError_t>(err)));
  return {packed, scales};
}

Tensor dequantize(const Tensor& a, const Tensor& sfa, const c10::optional<Tensor>& global_scale,
                  at::ScalarType dtype) {
  NVFP4_CHECK(a.is_cuda(), "dequantize: a must be a CUDA tensor, got ", a.device());
  NVFP4_CHECK(a.scalar_type() == at::kByte && a.dim() >= 1 && a.is_contiguous(),
              "dequantize: a must be contiguous uint8 [..., K/2], got ", a.scalar_type(), " of shape ", a.sizes(),
              " strides ", a.strides());
  NVFP4_CHECK_DEVICE(sfa, "dequantize: sfa", a);
  const int64_t half_k = a.size(-1);
  NVFP4_CHECK(half_k % 8 == 0, "dequantize: K must be a multiple of 16, got a of shape ", a.sizes());
  std::vector<int64_t> scale_shape(a.sizes().begin(), a.sizes().end());
  scale_shape.back() = half_k / 8;
  NVFP4_CHECK(sfa.scalar_type() == at::kByte && sfa.is_contiguous() && sfa.sizes() == at::IntArrayRef(scale_shape),
              "dequantize: sfa must be contiguous uint8 ", at::IntArrayRef(scale_shape), " (row-major, one per 16 "
              "values), got ", sfa.scalar_type(), " of shape ", sfa.sizes(), " strides ", sfa.strides());
  NVFP4_CHECK(dtype == at::kFloat || dtype == at::kHalf || dtype == at::kBFloat16,
              "dequantize: dtype must be float32, float16 or bfloat16, got ", dtype);
  const int64_t rows = half_k ? a.numel() / half_k : 0;
  const float* gs = nullptr;
  bool per_row = false;
  if (global_scale) {
    NVFP4_CHECK_DEVICE(*global_scale, "dequantize: global_scale", a);
    NVFP4_CHECK(global_scale->scalar_type() == at::kFloat && global_scale->is_contiguous() &&
                    (global_scale->numel() == 1 || global_scale->numel() == rows),
                "dequantize: global_scale must be float32, one element or one per row (", rows, "), got ",
                global_scale->scalar_type(), " of shape ", global_scale->sizes());
    gs = global_scale->data_ptr<float>();
    per_row = global_scale->numel() != 1;
  }
  std::vector<int64_t> shape(a.sizes().begin(), a.sizes().end());
  shape.back() = half_k * 2;
  Tensor out = at::empty(shape, a.options().dtype(dtype));
  // The kernel reads each block's 8 bytes in one load: a view at an odd offset is copied first.
  const Tensor ac = reinterpret_cast<uintptr_t>(a.data_ptr()) % 8 ? a.clone() : a;
  const c10::cuda::CUDAGuard guard(a.device());
  const int out_kind = dtype == at::kHalf ? nvfp4::kOutF16 : dtype == at::kBFloat16 ? nvfp4::kOutBF16 : nvfp4::kOutF32;
  const int err = nvfp4::launch_dequantize(ac.data_ptr<uint8_t>(), sfa.data_ptr<uint8_t>(), out.numel(), half_k * 2,
                                           gs, per_row, out_kind, out.data_ptr(), c10::cuda::getCurrentCUDAStream());
  TORCH_CHECK(err == 0, "nvfp4.dequantize: launch failed: ", cudaGetErrorString(static_cast<cudaError_t>(err)));
  return out;
}

}  // namespace

TORCH_LIBRARY_IMPL(nvfp4, CUDA, m) {
  m.impl("quantize", &quantize);
  m.impl("dequantize", &dequantize);
  m.impl("gemv", &gemv);
  m.impl("gemv_out", &gemv_out);
  m.impl("gemv_dynamic_out", &gemv_dynamic_out);
  m.impl("stream_read", &stream_read);
}
