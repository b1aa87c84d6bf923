"""Command line: nvfp4-gemv {run,info,check,bench,decode,build,clear-cache} (also python -m nvfp4_gemv)."""

from __future__ import annotations

import argparse
import sys
import time

import torch

from . import __version__, jit, task


def backend() -> str:
    if torch.cuda.is_available():
        target = jit.cuda_target()
        return f"CUDA kernel ({target}, {'hardware' if target.startswith(('sm_100', 'sm_120')) else 'software'} E2M1 decode)"
    return "CPU reference (exact, float64): no CUDA device"


def shape_arg(text: str) -> tuple[int, int, int]:
    """--shape m,k[,l]: positive sizes, k a multiple of 16 (the format's block); l = 1 when not given."""
    try:
        dims = [int(v) for v in text.split(",")]
    except ValueError:
        dims = []
    if len(dims) not in (2, 3) or min(dims) < 1 or dims[1] % 16:
        raise argparse.ArgumentTypeError(f"expected m,k or m,k,l: positive integers with k a multiple of 16, "
                                         f"got {text!r}")
    return dims[0], dims[1], dims[2] if len(dims) == 3 else 1


def positive_int(text: str) -> int:
    """--reps and the decode's sizes: an integer >= 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}")
    return value


def cmd_info(_args) -> int:
    print(f"nvfp4_gemv {__version__}")
    print(f"torch {torch.__version__} (CUDA {torch.version.cuda})")
    if torch.cuda.is_available():
        p = torch.cuda.get_device_properties(0)
        print(f"GPU: {p.name}, compute capability {p.major}.{p.minor}, {p.multi_processor_count} SMs")
    else:
        print("GPU: none")
    print(f"backend: {backend()}")
    print(f"build cache: {jit.build_dir(jit.cuda_target())}")
    return 0


def cmd_check(args) -> int:
    dev = task.default_device()
    print(f"checking the task's test shapes with custom_kernel on {backend()}")
    failed = 0
    for m, k, l in task.TEST_SHAPES if not args.quick else task.TEST_SHAPES[:3]:
        data = task.generate_input(m, k, l, task.SEED, dev)
        if dev.type == "cuda":
            torch.cuda.synchronize()
        t0 = time.perf_counter()
        out = task.custom_kernel(data)
        if dev.type == "cuda":
            torch.cuda.synchronize()
        dt = (time.perf_counter() - t0) * 1e3
        ok, msg = task.check_implementation(data, out)
        failed += not ok
        print(f"  ({m:5d}, {k:5d}, {l}) {'PASS' if ok else 'FAIL'}  {dt:8.2f} ms (wall, first call)")
        if not ok:
            print("    " + msg.replace("\n", "\n    "))
    print(f"{len(task.TEST_SHAPES if not args.quick else task.TEST_SHAPES[:3]) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_bench(args) -> int:
    if not torch.cuda.is_available():
        print("bench needs a CUDA GPU; none is visible here")
        return 2
    from . import bench

    shapes = args.shape
    if args.peers:
        from . import peers

        report = peers.run([s[:2] for s in shapes] if shapes else None, reps=args.reps, flush=args.flush,
                           json_path=args.json, only=args.only.split(",") if args.only else None)
        print(peers.format_table(report))
        if args.plot:
            print(f"plot: {peers.plot(report, args.plot)}")
        return 0
    extras = [rows for rows, asked in ((bench.extended_rows, args.all), (bench.column_rows, args.columns)) if asked]
    report = bench.run(shapes, args.flush, args.reps, not args.no_baselines, args.leaderboard, args.json, extras)
    print(bench.format_table(report))
    return 0


def cmd_decode(args) -> int:
    from .decode import check_model_sizes

    try:  # before the GPU check, so that the sizes get their answer on any machine
        check_model_sizes(args.hidden, args.intermediate)
    except ValueError as err:
        print(f"nvfp4-gemv {err}", file=sys.stderr)
        return 2
    if not torch.cuda.is_available():
        print("decode needs a CUDA GPU; none is visible here")
        return 2
    from . import decode

    r = decode.run(hidden=args.hidden, intermediate=args.intermediate, layers=args.layers, steps=args.steps,
                   activation=args.activation, json_path=args.json, weight_layout=args.weight_layout)
    print(decode.format_report(r))
    return 0


def cmd_build(_args) -> int:
    t0 = time.perf_counter()
    print(f"loaded {jit.load_extension()} in {time.perf_counter() - t0:.2f} s")
    return 0


def cmd_clear_cache(_args) -> int:
    print(f"removed {jit.clear_cache()}")
    return 0


def cmd_run(args) -> int:
    """The main job: check (and on a GPU, benchmark)."""
    rc = cmd_check(args)
    if torch.cuda.is_available():
        rc |= cmd_bench(args)
    else:
        print("no CUDA GPU: ran the CPU reference path only (no benchmark)")
    return rc


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="nvfp4-gemv", description=__doc__)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("info", help="versions, GPU and which backend runs").set_defaults(fn=cmd_info)
    for name, fn, hlp in (("check", cmd_check, "the task's test shapes through custom_kernel"),
                          ("bench", cmd_bench, "leaderboard-style timing with the stream floor"),
                          ("run", cmd_run, "check, then bench on a GPU (the main job)")):
        p = sub.add_parser(name, help=hlp)
        p.set_defaults(fn=fn)
        p.add_argument("--quick", action="store_true", help="check: only the first three test shapes")
        p.add_argument("--shape", action="append", type=shape_arg,
                       help="bench: m,k[,l] (repeatable; default: the task's)")
        p.add_argument("--flush", choices=("write", "read"), default="write")
        p.add_argument("--reps", type=positive_int, default=50)
        p.add_argument("--leaderboard", action="store_true", help="fresh inputs + re-check each rep, the task's stop rule")
        p.add_argument("--no-baselines", action="store_true")
        p.add_argument("--all", action="store_true", help="bench: also model layers, W4A16 and N = 1..16")
        p.add_argument("--columns", action="store_true",
                       help="bench: also N = 1, 2, 4, 8, 16 on every model layer (W4A4 and W4A16 bf16, the "
                            "layout NVFP4Linear's auto picks) and the time at N / the time at N = 1")
        p.add_argument("--json", help="write the full report here")
        p.add_argument("--peers", action="store_true", help="bench: time the peers side by side (shapes m,k)")
        p.add_argument("--plot", help="bench --peers: write the %%SOL bar chart (PNG) here")
        p.add_argument("--only", help="bench --peers: comma-separated substrings of the peers to run (default: all)")
    p = sub.add_parser("decode", help="end-to-end greedy decode of a small Llama with NVFP4Linear layers")
    p.set_defaults(fn=cmd_decode)
    p.add_argument("--steps", type=positive_int, default=48)
    p.add_argument("--layers", type=positive_int, default=8)
    p.add_argument("--hidden", type=positive_int, default=2048)
    p.add_argument("--intermediate", type=positive_int, default=5632)
    p.add_argument("--activation", choices=("weight-only", "dynamic"), default="weight-only")
    p.add_argument("--weight-layout", choices=("auto", "tiled", "row-major"), default="auto",
                   help="NVFP4Linear's weight storage (auto: row-major on sm_90 where the row sweeps take "
                        "the rows, else tiled where its padding adds <= 1/8)")
    p.add_argument("--json", help="write the report here")
    sub.add_parser("build", help="build (or load) the extension now").set_defaults(fn=cmd_build)
    sub.add_parser("clear-cache", help="delete all cached builds").set_defaults(fn=cmd_clear_cache)
    args = ap.parse_args(argv)
    return args.fn(args)


if __name__ == "__main__":
    sys.exit(main())
