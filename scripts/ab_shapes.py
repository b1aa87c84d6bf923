"""Times the op at one activation column (or N with "cols=N") on the shapes given, the bench's
way (CUDA events, write flush, median of REPS), WITHOUT checking the output: the harness of the
two-build A/B runs (BENCHMARKS.md items 239-245; runs 361-391 each kept a copy of it under
docs/runs), meant as scripts/device_variants.sh's VARIANT_CMD with VARIANT_ORDER="base new new
base". The call's GPU tests check the kernels; this only times them.

One line per shape: its W4A16 medians with fp16 and bf16 x (or with "fp4", W4A4's; with "dyn",
dynamic W4A4's: bf16 x quantized in the call, gemv_dynamic_out, fused or in two kernels as its
plan says), and with "floors" the kernels the last activation's call launched (torch.profiler)
and the stream floor over the same bytes. With "tiled", the weights in the tiled format
(format.to_tiled) in place of row-major ones. With "epilogue", every call also applies a weight
global scale per row and a bias (fp32, [M]: NVFP4Linear's fused shards with a bias), whose
per-row loads the kernels' epilogues make. With "padded", row-major scales on rows padded to a
16-byte stride (a view of a wider buffer: what the tile sweep's 16-byte scale copies need where
K % 256 != 0).

Usage: PYTHONPATH=src python scripts/ab_shapes.py REPS MxK[xL][,MxK[xL]...] [floors] [fp4|dyn] [cols=N] [tiled]
                                                   [epilogue] [padded]
  e.g. scripts/ab_shapes.py 20 7168x16384,4096x14336,7168x2048x4 floors
       scripts/ab_shapes.py 20 7168x16384 fp4 cols=2
       scripts/ab_shapes.py 20 4096x6144x4 floors dyn
       scripts/ab_shapes.py 20 7168x16384,4096x4096 fp4 cols=8 tiled
       scripts/ab_shapes.py 20 14336x4096,8000x6144 fp4 cols=8 epilogue
       scripts/ab_shapes.py 20 5120x2880,2880x2880 cols=8 padded
"""
import sys


def parse_shapes(spec: str) -> list[tuple[int, int, int]]:
    """"MxK[xL],..." as (M, K, L) triples, L = 1 where not given."""
    shapes = []
    for item in spec.split(","):
        dims = [int(v) for v in item.lower().split("x")]
        if len(dims) not in (2, 3) or min(dims) < 1:
            raise ValueError(f"a shape is MxK or MxKxL with positive sizes, got {item!r}")
        shapes.append((dims[0], dims[1], dims[2] if len(dims) == 3 else 1))
    return shapes


def columns(args: list[str]) -> int:
    """N from a "cols=N" argument (1 without one), 1 <= N <= 16."""
    n = [int(a.split("=", 1)[1]) for a in args if a.startswith("cols=")]
    if len(n) > 1 or (n and not 1 <= n[0] <= 16):
        raise ValueError(f"at most one cols=N with 1 <= N <= 16, got {args}")
    return n[0] if n else 1


def weights(a, sfa, tiled: bool):
    """The op's weight operands and their sfa_layout: row-major as given (0), or tiled (format.to_tiled)."""
    from nvfp4_gemv import format as fmt
    from nvfp4_gemv import reference

    return (*fmt.to_tiled(a, sfa), reference.TILED) if tiled else (a, sfa, 0)


def padded_scales(sfa):
    """Row-major scales [L, M, K/16] as a view of a buffer whose rows are padded to 16 bytes (the
    padding 0xFF, a NaN scale: a kernel that read it would poison its sums)."""
    import torch

    width = -(-sfa.shape[-1] // 16) * 16
    buf = torch.full((*sfa.shape[:-1], width), 0xFF, dtype=sfa.dtype, device=sfa.device)
    buf[..., : sfa.shape[-1]] = sfa
    return buf[..., : sfa.shape[-1]]


def kernel_names(call) -> list[str]:
    """The library's CUDA kernels one call launches, without their parameter lists."""
    sys.path.insert(0, "tests")
    from helpers import cuda_kernel_names

    return sorted({s.split("(")[0].replace("void nvfp4::detail::", "").replace("nvfp4::detail::", "")
                   for s in cuda_kernel_names(call) if "nvfp4::detail" in s})


def main(argv: list[str]) -> None:
    import torch

    from nvfp4_gemv import ops
    from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_operands, stream_floor, time_cuda

    reps, shapes = int(argv[0]), parse_shapes(argv[1])
    floors = "floors" in argv[2:]
    acts = ["fp4"] if "fp4" in argv[2:] else ["dyn"] if "dyn" in argv[2:] else ["fp16", "bf16"]
    n = columns(argv[2:])
    tiled = "tiled" in argv[2:]
    epilogue = "epilogue" in argv[2:]
    padded = "padded" in argv[2:]
    if padded and tiled:
        raise ValueError("padded is for row-major scales, not with tiled")
    ops.load()
    flusher = Flusher("write", "cuda")
    for m, k, l in shapes:
        line = f"{m}x{k}x{l}" + (f" N={n}" if n > 1 else "") + (" tiled" if tiled else "") + (
            " epilogue" if epilogue else "") + (" padded" if padded else "")
        for act in acts:
            torch.manual_seed(m + k + l)
            a, sfa, x, sfx = random_operands(m, k, l, n, "bf16" if act == "dyn" else act, "cuda")
            a, sfa, layout = weights(a, sfa, tiled)
            if padded:
                sfa = padded_scales(sfa)
            out = torch.empty((l, m, n), dtype=torch.float16, device="cuda")
            wgs, bias = (torch.rand(m, device="cuda") + 0.5, torch.randn(m, device="cuda")) if epilogue else (None, None)
            if act == "dyn":
                call = lambda: torch.ops.nvfp4.gemv_dynamic_out(a, sfa, x, layout, wgs, None, bias, out)  # noqa: E731
            else:
                call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, wgs, None, bias, out)  # noqa: E731
            if floors and act == acts[-1]:
                line += f" | {kernel_names(call)}"
            line += f" | {act} {time_cuda(call, flusher, reps).median_us:.1f}"
        if floors:
            floor, _ = stream_floor(gemv_bytes(m, k, l, n, act_value_bytes(acts[-1])), flusher, "cuda", reps)
            line += f" | floor {floor.median_us:.1f}"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
