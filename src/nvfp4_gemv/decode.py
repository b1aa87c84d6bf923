"""End-to-end greedy decode with NVFP4Linear layers (``nvfp4-gemv decode``).

A small Llama-style decoder (transformers' LlamaForCausalLM from a config, random weights, nothing
downloaded) runs greedy decoding three ways on the GPU:
  bf16        the original model (cuBLAS bf16 Linear layers);
  nvfp4       every Linear of the decoder layers and the lm_head swapped for NVFP4Linear (convert_linears);
  dequant     the same NVFP4 weights dequantized exactly to fp32 and multiplied in fp32, output in
              the model's dtype (in dynamic mode after the same activation quantization): what
              the NVFP4 kernel computes, up to the fp32 summation order.
The nvfp4 tokens are fed (teacher-forced) through the dequant model and the logits compared step by
step; tokens/s is timed over the decode loop (eager, batch 1, KV cache; CUDA events). Eager decode
of a model this small is bound by the host (Python and launches), so each model is timed a second
way too: every step one replay of a CUDA graph over a static KV cache (greedy_static), which leaves
the GPU's own time per token, the Linear layers' weight reads the largest part of it.
"""

from __future__ import annotations

import copy
import time

import torch

from .bench import save_json
from .api import quantize_activation
from .linear import NVFP4Linear, convert_linears, replace_modules


class DequantLinear(torch.nn.Module):
    """y = (x.float() @ W_fp32^T + b).to(x.dtype) with W the exact dequantized NVFP4 weight; in
    dynamic mode x first takes the same NVFP4 round trip as in NVFP4Linear."""

    def __init__(self, q: NVFP4Linear):
        super().__init__()
        self.register_buffer("w", q.dequantized_weight(torch.float32))
        self.register_buffer("b", None if q.bias is None else q.bias.float())
        self.register_buffer("input_global_scale", q.input_global_scale.clone())
        self.dynamic = q.activation == "dynamic"

    def forward(self, x):
        xf = quantize_activation(x, self.input_global_scale).dequantize() if self.dynamic else x.float()
        return torch.nn.functional.linear(xf, self.w, self.b).to(x.dtype)


def check_model_sizes(hidden: int, intermediate: int) -> None:
    """The model's sizes: heads of 128 (hidden / 128 of them, hidden / 512 key-value heads, at least
    one, which must divide the heads) and NVFP4's 16-value blocks along every Linear's K."""
    heads, kv_heads = hidden // 128, max(1, hidden // 512)
    if hidden < 128 or hidden % 128 or heads % kv_heads or intermediate < 16 or intermediate % 16:
        raise ValueError(f"decode: hidden must be a multiple of 128 whose hidden / 128 heads take hidden / 512 "
                         f"key-value heads evenly (e.g. 2048), intermediate a multiple of 16; got hidden={hidden}, "
                         f"intermediate={intermediate}")


def build_models(hidden: int, intermediate: int, layers: int, vocab: int, seed: int, device, activation: str,
                 weight_layout: str = "auto"):
    from transformers import LlamaConfig, LlamaForCausalLM

    check_model_sizes(hidden, intermediate)
    torch.manual_seed(seed)
    cfg = LlamaConfig(hidden_size=hidden, intermediate_size=intermediate, num_hidden_layers=layers,
                      num_attention_heads=hidden // 128, num_key_value_heads=max(1, hidden // 512),
                      vocab_size=vocab, max_position_embeddings=1024, tie_word_embeddings=False)
    base = LlamaForCausalLM(cfg).to(device=device, dtype=torch.bfloat16).eval()
    nvfp4 = copy.deepcopy(base)
    n = len(convert_linears(nvfp4, activation=activation, weight_layout=weight_layout))
    dequant = copy.deepcopy(nvfp4)
    replace_modules(dequant, NVFP4Linear, lambda name, q: DequantLinear(q))
    return cfg, base, nvfp4, dequant, n


class _Timer:
    """Seconds since construction: CUDA events on a CUDA device (the GPU's time), else the clock."""

    def __init__(self, device: torch.device):
        self.cuda = device.type == "cuda"
        if self.cuda:
            self.start, self.end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            torch.cuda.synchronize()
            self.start.record()
        else:
            self.t0 = time.perf_counter()

    def seconds(self) -> float:
        if not self.cuda:
            return time.perf_counter() - self.t0
        self.end.record()
        torch.cuda.synchronize()
        return self.start.elapsed_time(self.end) / 1e3


@torch.inference_mode()
def greedy(model, prompt: torch.Tensor, steps: int, forced: torch.Tensor | None = None):
    """Greedy decode (or teacher-forced when `forced` is given); returns tokens, per-step logits, seconds."""
    out = model(input_ids=prompt, use_cache=True)
    past, logits = out.past_key_values, [out.logits[:, -1].float()]
    tokens = []
    timer = _Timer(prompt.device)
    for i in range(steps):
        tok = forced[:, i] if forced is not None else logits[-1].argmax(-1)
        tokens.append(tok)
        out = model(input_ids=tok[:, None], past_key_values=past, use_cache=True)
        past = out.past_key_values
        logits.append(out.logits[:, -1].float())
    return torch.stack(tokens, 1), torch.stack(logits, 1), timer.seconds()


def _captured(step):
    """step() captured in a CUDA graph: a function that replays it and returns a copy of its output.
    Two warm-up calls on a side stream first (kernels pick their plans, lazy buffers allocate)."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(2):
            step()
    torch.cuda.current_stream().wait_stream(side)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        out = step()

    def replay():
        graph.replay()
        return out.clone()

    return replay


@torch.inference_mode()
def greedy_static(model, prompt: torch.Tensor, steps: int, forced: torch.Tensor | None = None, capture=_captured):
    """greedy() over transformers' StaticCache: the KV cache preallocated for the prompt and the
    steps and written in place, its length a tensor the cache advances itself, so every step has the
    same shapes and addresses. capture(step) makes the step a CUDA graph replay (_captured; None:
    eager): the token goes in by copy_ into the captured input, the logits come out of the captured
    output, and the host does no per-layer work. Returns tokens, per-step logits and the loop's
    seconds, as greedy(). The capture's warm-up steps write the cache, so it is reset (in place, the
    captured addresses kept) before the prompt goes in."""
    from transformers import StaticCache

    cache = StaticCache(config=model.config, max_cache_len=prompt.shape[1] + steps)
    tok = torch.zeros(prompt.shape[0], 1, dtype=prompt.dtype, device=prompt.device)

    def step():
        return model(input_ids=tok, past_key_values=cache, use_cache=True).logits[:, -1].float()

    run_step = step
    if capture is not None:
        run_step = capture(step)
        cache.reset()
    logits = [model(input_ids=prompt, past_key_values=cache, use_cache=True).logits[:, -1].float()]
    tokens = []
    timer = _Timer(prompt.device)
    for i in range(steps):
        t = forced[:, i] if forced is not None else logits[-1].argmax(-1)
        tokens.append(t)
        tok.copy_(t[:, None])
        logits.append(run_step())
    return torch.stack(tokens, 1), torch.stack(logits, 1), timer.seconds()


def run(hidden=2048, intermediate=5632, layers=8, vocab=32000, prompt_len=8, steps=48, seed=0,
        activation="weight-only", json_path=None, weight_layout="auto") -> dict:
    if not torch.cuda.is_available():
        raise SystemExit("nvfp4-gemv decode needs a CUDA GPU")
    device = torch.device("cuda")
    t0 = time.perf_counter()
    cfg, base, nvfp4, dequant, n = build_models(hidden, intermediate, layers, vocab, seed, device, activation,
                                                weight_layout)
    layouts = sorted({m.weight_layout for m in nvfp4.modules() if isinstance(m, NVFP4Linear)})
    prompt = torch.randint(0, vocab, (1, prompt_len), device=device)
    # Warm-up over the full length: attention back-ends build a plan per KV length on first use,
    # which would otherwise land in whichever model is timed first.
    for model in (nvfp4, base, dequant):
        greedy(model, prompt, steps)
    tok_q, logit_q, sec_q = greedy(nvfp4, prompt, steps)
    tok_b, _, sec_b = greedy(base, prompt, steps)
    _, logit_d, sec_d = greedy(dequant, prompt, steps, forced=tok_q)
    diff = (logit_q - logit_d).abs()
    scale = logit_d.abs().amax(-1, keepdim=True)
    top_q, top_d = logit_q.argmax(-1), logit_d.argmax(-1)
    agree = (top_q == top_d).float().mean().item()
    # Where the argmax differs: how far below its own top the reference puts the NVFP4 model's pick
    # (a near tie when within the logit difference).
    gap = (logit_d.gather(-1, top_d[..., None]) - logit_d.gather(-1, top_q[..., None]))[..., 0]
    report = {
        "model": f"LlamaForCausalLM hidden={hidden} intermediate={intermediate} layers={layers} vocab={vocab}",
        "nvfp4_linears": n, "activation": activation, "prompt_len": prompt_len, "steps": steps,
        "gpu": torch.cuda.get_device_name(), "torch": torch.__version__,
        "max_abs_logit_diff": diff.max().item(), "max_rel_logit_diff": (diff / scale).max().item(),
        "mean_abs_logit_diff": diff.mean().item(), "logit_scale": scale.max().item(),
        "argmax_agreement": agree, "max_gap_where_argmax_differs": gap.max().item(),
        "weight_layouts": layouts,
        "tokens_per_s": {"nvfp4": steps / sec_q, "dequant_fp32": steps / sec_d, "bf16": steps / sec_b},
        "tokens_match_bf16": (tok_q == tok_b).float().mean().item(),
    }
    # The same three models with every step one CUDA graph replay over a static KV cache, each
    # teacher-forced on its eager tokens (greedy decoding's work; the nvfp4 logits then compare step
    # by step with the eager ones). A transformers release whose StaticCache or forward does not
    # take this path is reported by name, after the eager results.
    try:
        _, logit_qg, sec_qg = greedy_static(nvfp4, prompt, steps, forced=tok_q)
        _, _, sec_bg = greedy_static(base, prompt, steps, forced=tok_b)
        _, _, sec_dg = greedy_static(dequant, prompt, steps, forced=tok_q)
        report["tokens_per_s_cuda_graph"] = {"nvfp4": steps / sec_qg, "dequant_fp32": steps / sec_dg,
                                             "bf16": steps / sec_bg}
        report["cuda_graph_max_abs_logit_diff_vs_eager"] = (logit_qg - logit_q).abs().max().item()
    except Exception as err:  # noqa: BLE001 - any failure of the optional path is reported, not fatal
        report["cuda_graph_error"] = f"{type(err).__name__}: {err}"
    report["setup_s"] = time.perf_counter() - t0
    save_json(report, json_path)
    return report


def format_report(r: dict) -> str:
    tps = r["tokens_per_s"]
    return "\n".join([
        f"{r['model']} on {r['gpu']}: {r['nvfp4_linears']} Linear layers -> NVFP4Linear ({r['activation']}, "
        f"weight layouts {'/'.join(r.get('weight_layouts', []))})",
        f"greedy decode of {r['steps']} tokens after a {r['prompt_len']}-token prompt (eager, batch 1)",
        f"logits vs the exact dequantized model (fp32 matmul), teacher-forced on the nvfp4 tokens: "
        f"max |diff| {r['max_abs_logit_diff']:.3g} ({r['max_rel_logit_diff']:.2e} of max |logit| "
        f"{r['logit_scale']:.3g}), mean {r['mean_abs_logit_diff']:.3g}; argmax agreement {100 * r['argmax_agreement']:.1f}% "
        f"(where it differs, the reference's own top is at most {r.get('max_gap_where_argmax_differs', 0):.3g} higher)",
        f"tokens/s: nvfp4 {tps['nvfp4']:.1f} | dequantized fp32 {tps['dequant_fp32']:.1f} | bf16 original {tps['bf16']:.1f}"
        f"  (nvfp4 tokens equal to bf16's greedy tokens: {100 * r['tokens_match_bf16']:.0f}%)",
        _format_graph_line(r),
    ])


def _format_graph_line(r: dict) -> str:
    if "cuda_graph_error" in r:
        return f"tokens/s with CUDA graphs: not measured, the static-cache step failed: {r['cuda_graph_error']}"
    tps = r["tokens_per_s_cuda_graph"]
    return (f"tokens/s with each step one CUDA graph replay (static KV cache): nvfp4 {tps['nvfp4']:.1f} | dequantized "
            f"fp32 {tps['dequant_fp32']:.1f} | bf16 original {tps['bf16']:.1f}  (nvfp4 logits within "
            f"{r['cuda_graph_max_abs_logit_diff_vs_eager']:.3g} of its eager ones)")
