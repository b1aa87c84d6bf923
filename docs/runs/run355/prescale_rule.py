"""Run 355 (BENCHMARKS.md item 226): bf16 x at one column through bf16_prescale_kernel and the fp16
row sweep (GemvLaunch::prescale), against the bf16 sweep, on the shapes that set and test its
rule. For the build on PYTHONPATH and NVFP4_GEMV_PRESCALE of the environment: per shape, the kernels the bf16 call launched (torch.profiler), a check of its output
(poisoned first) against the float64 reference within the tests' bound (BF16_RESCALE_REL), and the
medians (write flush, events, REPS reps) of fp16 and bf16 x and the floor over bf16's bytes.
Usage: PYTHONPATH=src python docs/runs/run355/prescale_rule.py [reps] [check]
(Run 354 ran docs/runs/run354/prescale.py, the experiment's form: other shapes, and its check
wrote fp16 outputs, which overflow for random data on these shapes.)"""
import sys

import torch

sys.path.insert(0, "tests")
from helpers import assert_close_elementwise, cuda_kernel_names, tolerance  # noqa: E402

from nvfp4_gemv import ops, reference  # noqa: E402
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda  # noqa: E402

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
check = "check" in sys.argv[2:]
ops.load()
flusher = Flusher("write", "cuda")
shapes = [(151936, 4096), (65536, 4096), (16384, 16384), (24576, 8192), (32768, 6144), (100000, 2048),
          (200000, 1024), (18432, 7168), (7168, 16384), (8192, 28672)]


def run(a, sfa, x, out, wgs=None, ags=None, bias=None):
    return torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, wgs, ags, bias, out)


for m, k in shapes:
    line = f"{m}x{k}"
    for act in ("fp16", "bf16"):
        a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
        out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
        if act == "bf16":
            names = sorted({n.split("(")[0].replace("void nvfp4::detail::", "") for n in
                            cuda_kernel_names(lambda: run(a, sfa, x, out)) if "nvfp4::detail" in n})
            line += f" | {names}"
            if check:
                xs = [x]
                if m * k <= 7168 * 16384:  # magnitudes 2^-30..2^30 along K, every 256 values
                    chunk = torch.arange(k, device="cuda") // 256
                    xs.append((x.double() * torch.exp2(((chunk * 37) % 61 - 30).double())).to(torch.bfloat16))
                for xv in xs:
                    o32 = torch.full((1, m, 1), float("nan"), dtype=torch.float32, device="cuda")
                    run(a, sfa, xv, o32)
                    ref = reference.gemv_reference(a, sfa, xv, None, out_dtype=torch.float64)
                    tol = tolerance(a, sfa, xv, None, torch.float32, extra_rel=2.0**-24)
                    assert_close_elementwise(o32.double(), ref, tol, f"{m}x{k} bf16")
                wgs = torch.tensor([0.37], device="cuda")
                ags = torch.tensor([3.1], device="cuda")
                bias = torch.randn(m, device="cuda")
                o32 = torch.empty((1, m, 1), dtype=torch.float32, device="cuda")
                o32.fill_(float("nan"))
                run(a, sfa, x, o32, wgs, ags, bias)
                ref = reference.gemv_reference(a, sfa, x, None, out_dtype=torch.float64) * (0.37 * 3.1) \
                    + bias.double().reshape(1, m, 1)
                tol = tolerance(a, sfa, x, None, torch.float32, extra_rel=2.0**-24) * 1.2 + ref.abs() * 2.0**-22
                assert_close_elementwise(o32.double(), ref, tol, f"{m}x{k} bf16 scales+bias")
                line += " checked"
        t = time_cuda(lambda: run(a, sfa, x, out), flusher, reps)
        line += f" | {act} {t.median_us:.1f}"
    floor, _ = stream_floor(gemv_bytes(m, k, 1, 1, 2.0), flusher, "cuda", reps)
    print(line + f" | floor {floor.median_us:.1f}", flush=True)
