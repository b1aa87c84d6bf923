"""End-to-end greedy decode with NVFP4Linear layers (``nvfp4-gemv decode``).

A small Llama-style decoder (transformers' LlamaForCausalLM from a config, random weights, nothing
downloaded) runs greedy decoding three ways on the GPU:
  bf16        the original model (cuBLAS bf16 Linear layers);
  nvfp4       every Linear of the decoder layers and the lm_head swapped for NVFP4Linear;
  dequant     the same NVFP4 weights dequantized exactly to fp32 and multiplied in fp32, output in
              the model's dtype (in dynamic mode after the same activation quantization): what
              the NVFP4 kernel computes, up to the fp32 summation order.
The nvfp4 tokens are fed (teacher-forced) through the dequant model and the logits compared step by
step; tokens/s is timed over the decode loop (eager, batch 1, KV cache; CUDA events).
"""

from __future__ import annotations

import copy
import time

import torch

from .bench import save_json
from .api import quantize_activation
from .linear import NVFP4Linear


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


def _swap(model: torch.nn.Module, kind: type, make) -> int:
    """Replace every submodule of type `kind` by make(submodule); returns how many."""
    count = 0
    for mod in list(model.modules()):
        for child_name, child in list(mod.named_children()):
            if isinstance(child, kind):
                setattr(mod, child_name, make(child))
                count += 1
    return count


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
    n = _swap(nvfp4, torch.nn.Linear,
              lambda lin: NVFP4Linear.from_linear(lin, activation=activation, weight_layout=weight_layout))
    dequant = copy.deepcopy(nvfp4)
    _swap(dequant, NVFP4Linear, DequantLinear)
    return cfg, base, nvfp4, dequant, n


@torch.inference_mode()
def greedy(model, prompt: torch.Tensor, steps: int, forced: torch.Tensor | None = None):
    """Greedy decode (or teacher-forced when `forced` is given); returns tokens, per-step logits, seconds."""
    out = model(input_ids=prompt, use_cache=True)
    past, logits = out.past_key_values, [out.logits[:, -1].float()]
    tokens = []
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda.synchronize()
    start.record()
    for i in range(steps):
        tok = forced[:, i] if forced is not None else logits[-1].argmax(-1)
        tokens.append(tok)
        out = model(input_ids=tok[:, None], past_key_values=past, use_cache=True)
        past = out.past_key_values
        logits.append(out.logits[:, -1].float())
    end.record()
    torch.cuda.synchronize()
    return torch.stack(tokens, 1), torch.stack(logits, 1), start.elapsed_time(end) / 1e3


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
        "setup_s": time.perf_counter() - t0,
    }
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
    ])
