"""Run 468 (BENCHMARKS.md item 282): what the global scales and the bias cost a call.

Every kernel's epilogue reads weight_global_scale, act_global_scale (global_alpha) and bias[m]
(store_sum) after its last row, where nothing overlaps them; after an L2 flush (and in a decode
step, where the other layers' weights have gone through L2 since) those are DRAM round trips at
the very end of every CTA. NVFP4Linear always passes a global scale. This times the op as the
bench does (CUDA events, write flush, median of REPS, unchecked) with none of them ("plain"), both
global scales ("alpha"), a bias ("bias") and all three ("all"), in the order plain alpha bias all
all bias alpha plain, one line a shape and activation.

Usage: PYTHONPATH=src python docs/runs/run468/epilogue_loads.py REPS MxK[xL],...
"""
import sys

sys.path.insert(0, "scripts")


def main(argv):
    import torch

    from ab_shapes import parse_shapes
    from nvfp4_gemv import ops
    from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

    reps, shapes = int(argv[0]), parse_shapes(argv[1])
    ops.load()
    flusher = Flusher("write", "cuda")
    order = ["plain", "alpha", "bias", "all", "all", "bias", "alpha", "plain"]
    for m, k, l in shapes:
        for act in ("fp4", "bf16"):
            torch.manual_seed(m + k + l)
            a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
            out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
            wgs = torch.full((1,), 0.75, dtype=torch.float32, device="cuda")
            ags = torch.full((1,), 1.25, dtype=torch.float32, device="cuda")
            bias = torch.randn(m, dtype=torch.float32, device="cuda")
            args = {"plain": (None, None, None), "alpha": (wgs, ags, None), "bias": (None, None, bias),
                    "all": (wgs, ags, bias)}
            times = {name: [] for name in args}
            for name in order:
                w, s, b = args[name]
                call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, w, s, b, out)  # noqa: E731
                times[name].append(time_cuda(call, flusher, reps).median_us)
            cells = " | ".join(f"{name} {' / '.join(f'{t:.1f}' for t in ts)}" for name, ts in times.items())
            print(f"{m}x{k}x{l} {act} | {cells}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
