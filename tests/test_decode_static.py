"""The end-to-end decode's static-cache path (decode.greedy_static) on the CPU: a preallocated KV
cache written in place gives the tokens and logits of greedy()'s growing cache, for the bf16 model
and its NVFP4Linear copy (the op's CPU implementation), stepped eagerly and after a stand-in for
the CUDA graph capture (its warm-up steps write the cache, which must then be reset). On a GPU the
step is captured and replayed (test_gpu_features.py, the end-to-end decode)."""
import pytest
import torch

pytest.importorskip("transformers")
from nvfp4_gemv import decode  # noqa: E402


def warm_up_then_eager(step):
    """_captured's side effects without a GPU: two warm-up steps into the cache, then eager steps."""
    step()
    step()
    return step


@pytest.fixture(scope="module")
def models():
    _, base, nvfp4, _, n = decode.build_models(256, 512, 2, 512, seed=0, device=torch.device("cpu"),
                                               activation="weight-only")
    assert n == 2 * 7 + 1
    return {"bf16": base, "nvfp4": nvfp4}


@pytest.mark.parametrize("capture", [None, warm_up_then_eager], ids=["eager", "after-warm-up"])
@pytest.mark.parametrize("name", ["bf16", "nvfp4"])
def test_static_cache_steps_as_the_dynamic_cache(models, name, capture):
    model = models[name]
    gen = torch.Generator().manual_seed(3)
    prompt = torch.randint(0, 512, (1, 5), generator=gen)
    forced = torch.randint(0, 512, (1, 6), generator=gen)
    tokens, logits, _ = decode.greedy(model, prompt, 6)
    tokens_s, logits_s, seconds = decode.greedy_static(model, prompt, 6, capture=capture)
    assert torch.equal(tokens_s, tokens) and seconds > 0
    # The same bf16 layers; attention over the static cache also sees its empty slots (masked), so
    # its sums may round otherwise: a few bf16 ulps (2^-7 of the value at most) of the largest logit.
    # Seen: 1 ulp (0.0039 and 0.0078 of max |logit| 1.25 and 1.30). The context matters far more:
    # another first prompt token moves the logits by ~1.0, 30x the bound.
    bound = 4 * 2.0 ** -7 * logits.abs().max()
    assert (logits_s - logits).abs().max() <= bound
    tokens_f, logits_f, _ = decode.greedy_static(model, prompt, 6, forced=forced, capture=capture)
    _, logits_fd, _ = decode.greedy(model, prompt, 6, forced=forced)
    assert torch.equal(tokens_f, forced) and (logits_f - logits_fd).abs().max() <= bound
    other = prompt.clone()
    other[0, 0] = (other[0, 0] + 1) % 512
    _, logits_other, _ = decode.greedy_static(model, other, 6, forced=forced, capture=capture)
    assert (logits_other - logits_fd).abs().max() > 10 * bound


def test_a_llama_loads_its_nvfp4_checkpoint_by_name(models):
    """load_quantized_linears on transformers' own module names: the NVFP4 model's layers written
    out as a ModelOpt checkpoint (quantized_state_dict; the lm_head quantized too) load into a fresh
    bf16 Llama of the same config, whose logits are then the NVFP4 model's bit for bit."""
    import nvfp4_gemv as nv

    nvfp4 = models["nvfp4"]
    ckpt = nv.quantized_state_dict(nvfp4, convention="modelopt")
    _, fresh, _, _, _ = decode.build_models(256, 512, 2, 512, seed=0, device=torch.device("cpu"),
                                            activation="weight-only")
    names = nv.load_quantized_linears(fresh, ckpt, convention="modelopt")
    assert len(names) == 2 * 7 + 1 and "lm_head" in names and "model.layers.1.mlp.down_proj" in names
    prompt = torch.randint(0, 512, (1, 5), generator=torch.Generator().manual_seed(4))
    with torch.no_grad():
        assert torch.equal(fresh(prompt).logits, nvfp4(prompt).logits)
