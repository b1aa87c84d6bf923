"""Benchmarks, timed the way the GPU MODE task does: CUDA events around the call, L2 flushed before each
rep, median and spread; bandwidth and the stream floor measured in the same run.

Terms
    bytes       what the GEMV must move: L * (M*K/2 + M*K/16) of weights and scales, the activations
                and the output, each once.
    SOL         bytes / the asymptotic read bandwidth (a >= 1 GiB streaming read, measured now).
    stream floor  the median time of our own streaming-read kernel over the same number of bytes,
                flushed and timed the same way (best of a few grid sizes): what moving the bytes costs
                with nothing computed. GEMV / floor is the figure of merit.
    flush       "write" (the task's way: a large write just before, leaving dirty lines) or "read"
                (a large read: clean lines, as in a decode loop after the previous layer).
"""

from __future__ import annotations

import json
import math
import statistics
import time
from dataclasses import asdict, dataclass, field

import torch

from . import format as fmt
from . import ops, reference, task

FLUSH_BYTES = 512 << 20  # > 8x the H200's 60 MB L2
# (CTAs per SM, threads) tried for the floor; each thread keeps 8 x 16 bytes in flight. Since run 286
# (BENCHMARKS.md item 189, scripts/floor_probe.cu: each thread's last group predicated) 1 x 512 is
# the best grid on most sizes (13.2 us over 33 MB, 21.3 over 66 MB, 38.0 over 132 MB; (4, 256) on
# 9.4 MB); before it 3 x 256 was (run 87); 32 KB per SM took 26.0 us over 66 MB, 16 KB 38.9.
READ_GRIDS = ((1, 512), (2, 512), (3, 256), (4, 256), (4, 512), (8, 256))


@dataclass
class Timing:
    median_us: float
    mean_us: float
    std_us: float
    min_us: float
    max_us: float
    reps: int

    @staticmethod
    def of(samples_ms: list[float]) -> "Timing":
        us = [s * 1e3 for s in samples_ms]
        return Timing(statistics.median(us), statistics.fmean(us), statistics.pstdev(us), min(us), max(us), len(us))


class Flusher:
    """Evicts L2 before each timed rep, by a large write or a large read."""

    def __init__(self, how: str, device):
        if how not in ("write", "read"):
            raise ValueError(f"flush must be 'write' or 'read', got {how!r}")
        self.how = how
        self.buf = torch.empty(FLUSH_BYTES // 4, dtype=torch.float32, device=device)
        self.buf.normal_()
        self.sink = torch.zeros(4096, dtype=torch.int32, device=device)

    def __call__(self) -> None:
        if self.how == "write":
            self.buf.normal_()
        else:
            torch.ops.nvfp4.stream_read(self.buf, self.sink, 0, 512)


def event_ms(fn, before, events) -> float:
    """One call of fn() timed between CUDA events (ms), after each step of `before` (None skipped) ran
    untimed, in order. `events` is a (start, end) pair, reused across samples."""
    for step in before:
        if step:
            step()
    start, end = events
    start.record()
    fn()
    end.record()
    end.synchronize()
    return start.elapsed_time(end)


def time_cuda(fn, flusher: Flusher | None, reps: int = 50, warmup: int = 3, setup=None) -> Timing:
    """Median of `reps` event-timed calls of fn(), each after setup() (untimed) and an L2 flush."""
    for _ in range(warmup):
        if setup:
            setup()
        fn()
    torch.cuda.synchronize()
    events = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    return Timing.of([event_ms(fn, (setup, flusher), events) for _ in range(reps)])


def random_bytes(nbytes: int, device) -> torch.Tensor:
    """nbytes random bytes on device: the floor's data (random, never zero, as the GEMV's)."""
    data = torch.empty(nbytes, dtype=torch.uint8, device=device)
    data.random_()
    return data


def stream_read_call(data: torch.Tensor, per_sm: int, threads: int):
    """A call of our read kernel over `data` on per_sm CTAs an SM of `threads` threads (its sink
    made here, outside any timed interval)."""
    sms = torch.cuda.get_device_properties(data.device).multi_processor_count
    sink = torch.zeros(sms * 8, dtype=torch.int32, device=data.device)
    return lambda: torch.ops.nvfp4.stream_read(data, sink, sms * per_sm, threads)


def read_bandwidth(device, nbytes: int = 4 << 30, reps: int = 20) -> float:
    """Asymptotic streaming-read bandwidth (bytes/s): our read kernel over nbytes, best grid, median."""
    data = random_bytes(nbytes, device)
    best = min(time_cuda(stream_read_call(data, *grid), None, reps).median_us for grid in READ_GRIDS)
    del data
    return nbytes / (best * 1e-6)


def copy_read_bandwidth(device, nbytes: int = 4 << 30, reps: int = 20) -> float:
    """Read side of a device-to-device copy (bytes read per second, torch's copy_), median: the
    yardstick the stream-floor kernel must reach 95% of."""
    src = random_bytes(nbytes, device)
    dst = torch.empty_like(src)
    t = time_cuda(lambda: dst.copy_(src), None, reps)
    del src, dst
    return nbytes / (t.median_us * 1e-6)


def stream_floor(nbytes: int, flusher: Flusher, device, reps: int) -> tuple[Timing, str]:
    """Best (by median) of our read kernel over nbytes, flushed like the GEMV."""
    data = random_bytes(nbytes, device)
    sms = torch.cuda.get_device_properties(device).multi_processor_count
    best, cfg = None, ""
    for per_sm, threads in READ_GRIDS:
        t = time_cuda(stream_read_call(data, per_sm, threads), flusher, reps)
        if best is None or t.median_us < best.median_us:
            best, cfg = t, f"{per_sm}x{sms} CTAs x {threads}"
    return best, cfg


def act_value_bytes(act: str) -> float:
    """gemv_bytes' activation bytes per value for an activation kind: FP4 codes half a byte (their
    scales added by gemv_bytes), fp16 / bf16 two."""
    return 0.5 if act == "fp4" else 2.0


def gemv_bytes(m: int, k: int, l: int, n: int = 1, act_bytes_per_value: float = 0.5, out_bytes: int = 2) -> int:
    weights = l * (m * k // 2 + m * k // 16)
    act = l * n * (int(k * act_bytes_per_value) + (k // 16 if act_bytes_per_value == 0.5 else 0))
    return weights + act + l * m * n * out_bytes


@dataclass
class ShapeResult:
    shape: tuple
    kind: str
    bytes: int
    gemv: dict
    floor: dict
    floor_config: str
    tbps: float
    pct_sol: float
    sol_us: float
    gemv_over_floor: float
    baselines: dict = field(default_factory=dict)


def bench_task_shape(m, k, l, flusher, bw, device, reps, baselines=True, leaderboard=False) -> ShapeResult:
    """The task's W4A4 GEMV through custom_kernel on the task's inputs."""
    data = task.generate_input(m, k, l, task.SEED, device)
    ok, msg = task.check_implementation(data, task.custom_kernel(data))
    if not ok:
        raise AssertionError(f"({m},{k},{l}) failed the check before timing:\n{msg}")
    nbytes = gemv_bytes(m, k, l)
    if leaderboard:
        t = leaderboard_time(m, k, l, flusher)
    else:
        t = time_cuda(lambda: task.custom_kernel(data), flusher, reps)
    floor, cfg = stream_floor(nbytes, flusher, device, reps)
    res = ShapeResult(
        (m, k, l), "W4A4 task" + (" (leaderboard rule)" if leaderboard else ""), nbytes, asdict(t),
        asdict(floor), cfg, nbytes / t.median_us / 1e6, 100 * nbytes / bw / (t.median_us * 1e-6),
        nbytes / bw * 1e6, t.median_us / floor.median_us,
    )
    if baselines:
        res.baselines = torch_baselines(m, k, l, flusher, reps)
    return res


def leaderboard_time(m, k, l, flusher) -> Timing:
    """The task's leaderboard loop: fresh inputs (seed += 13) each rep, flush, events, re-check;
    stop after >= 3 reps and 100 ms once the mean is known to 0.1%, or after 30 s of kernel time,
    120 s of wall time or 200 reps."""
    samples, seed, t0 = [], task.SEED, time.perf_counter()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    while len(samples) < 200:
        seed += 13
        data = task.generate_input(m, k, l, seed)
        torch.cuda.synchronize()
        flusher()
        start.record()
        out = task.custom_kernel(data)
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end))
        ok, msg = task.check_implementation(data, out)
        if not ok:
            raise AssertionError(f"({m},{k},{l}) seed {seed} failed the re-check:\n{msg}")
        n, wall = len(samples), time.perf_counter() - t0
        if n >= 3 and wall > 0.1:
            mean, std = statistics.fmean(samples), statistics.pstdev(samples)
            if std / math.sqrt(n) / mean < 0.001 or mean * n > 30e3 or wall > 120:
                break
    return Timing.of(samples)


def torch_baselines(m, k, l, flusher, reps) -> dict:
    """cuBLAS bf16 on the unquantized weight, and dequantize-to-bf16-then-matmul (no kernel)."""
    gen = torch.Generator(device="cuda").manual_seed(0)
    w = torch.randn((l, m, k), generator=gen, device="cuda", dtype=torch.bfloat16)
    x = torch.randn((l, k, 1), generator=gen, device="cuda", dtype=torch.bfloat16)
    out = {"cublas_bf16_bmm": asdict(time_cuda(lambda: torch.bmm(w, x), flusher, reps))}
    del w
    q = fmt.quantize(torch.randn((l, m, k), generator=gen, device="cuda"))
    out["dequant_then_matmul"] = asdict(time_cuda(
        lambda: torch.bmm(fmt.dequantize(q.data, q.scales, q.global_scale).to(torch.bfloat16), x),
        flusher, max(3, reps // 10)))
    return out


MODEL_LAYERS = [  # (m, k): Llama-3-8B / Mistral / DeepSeek-style projections, a 152k-vocab lm_head and
    # Llama-3-70B's down projection (K past 16384)
    (4096, 4096), (14336, 4096), (4096, 14336), (7168, 2048), (2048, 7168), (151936, 4096), (8192, 28672),
]


def random_operands(m, k, l, n, act, device):
    """Realistic operands made on the GPU: all 16 codes, scales over 2^-9..448, N activation columns."""
    a = torch.randint(0, 256, (l, m, k // 2), dtype=torch.uint8, device=device)
    sfa = fmt.e4m3_encode(torch.exp2(torch.empty((l, m, k // 16), device=device).uniform_(-9, 8.8))).view(torch.uint8)
    if act == "fp4":
        x = torch.randint(0, 256, (l, n, k // 2), dtype=torch.uint8, device=device)
        sfx = fmt.e4m3_encode(torch.exp2(torch.empty((l, n, k // 16), device=device).uniform_(-4, 4))).view(torch.uint8)
    else:
        x = torch.randn((l, n, k), device=device).to(torch.float16 if act == "fp16" else torch.bfloat16)
        sfx = None
    return a, sfa, x, sfx


def bench_op_shape(m, k, l, n, act, flusher, bw, device, reps, tiled=False) -> ShapeResult:
    """The op on random operands; tiled: the weights in the tiled format (format.to_tiled), timed
    against the same floor (the bytes counted are the unpadded ones; the task's and the layers'
    shapes have no padding)."""
    a, sfa, x, sfx = random_operands(m, k, l, n, act, device)
    layout = 0
    if tiled:
        a, sfa = fmt.to_tiled(a, sfa)
        layout = reference.TILED
    out = torch.empty((l, m, n), dtype=torch.float16, device=device)
    call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, layout, 0, None, None, None, out)  # noqa: E731
    nbytes = gemv_bytes(m, k, l, n, act_value_bytes(act))
    t = time_cuda(call, flusher, reps)
    floor, cfg = stream_floor(nbytes, flusher, device, reps)
    kind = f"{'W4A4' if act == 'fp4' else 'W4A16 ' + act} N={n}" + (" tiled" if tiled else "")
    return ShapeResult((m, k, l), kind, nbytes, asdict(t), asdict(floor), cfg, nbytes / t.median_us / 1e6,
                       100 * nbytes / bw / (t.median_us * 1e-6), nbytes / bw * 1e6, t.median_us / floor.median_us)


def extended_rows(flusher, bw, device, reps) -> list[dict]:
    """Model layers at L = 1 (W4A4 and W4A16 bf16, both weight layouts); N = 1..16 columns on the
    task's first shape, both weight layouts (NVFP4Linear's "auto" stores them row-major on sm_90
    where the row sweeps take them, tiled elsewhere)."""
    rows = []
    for m, k in MODEL_LAYERS:
        for act in ("fp4", "bf16"):
            for tiled in (False, True):
                rows.append(asdict(bench_op_shape(m, k, 1, 1, act, flusher, bw, device, reps, tiled)))
    m, k, l = task.BENCHMARK_SHAPES[0]
    for act in ("fp4", "bf16"):
        for tiled in (False, True):
            for n in (1, 2, 4, 8, 16):
                rows.append(asdict(bench_op_shape(m, k, l, n, act, flusher, bw, device, reps, tiled)))
    for m, k, l in task.BENCHMARK_SHAPES[1:]:
        rows.append(asdict(bench_op_shape(m, k, l, 1, "bf16", flusher, bw, device, reps)))
    return rows


COLUMNS = (1, 2, 4, 8, 16)


def column_rows(flusher, bw, device, reps) -> list[dict]:
    """N = 1, 2, 4, 8, 16 activation columns on every model layer at L = 1, W4A4 and W4A16 bf16, the
    weights in the layout NVFP4Linear's "auto" stores them in on this GPU (linear.auto_layout): what
    a batched decode or a speculative verify pays per layer. column_ratios sums it up."""
    from .linear import auto_layout

    capability = torch.cuda.get_device_capability(device)
    rows = []
    for m, k in MODEL_LAYERS:
        tiled = auto_layout(m, k, capability=capability) == "tiled"
        for act in ("fp4", "bf16"):
            for n in COLUMNS:
                rows.append(asdict(bench_op_shape(m, k, 1, n, act, flusher, bw, device, reps, tiled)))
    return rows


def column_ratios(results: list[dict]) -> list[tuple[str, str, dict[int, float]]]:
    """(shape, kind without its N, {N: GEMV us / the same shape and kind's N = 1 us}) for every shape and
    kind the results hold at N = 1 and at least one other N (issue 5 asks N = 8 within 1.3x of N = 1)."""
    times: dict[tuple[str, str], dict[int, float]] = {}
    for r in results:
        words = r["kind"].split()
        cols = [w for w in words if w.startswith("N=")]
        if len(cols) != 1:
            continue
        key = (",".join(map(str, r["shape"])), " ".join(w for w in words if w not in cols))
        times.setdefault(key, {})[int(cols[0][2:])] = r["gemv"]["median_us"]
    return [(shape, kind, {n: t / by_n[1] for n, t in sorted(by_n.items()) if n != 1})
            for (shape, kind), by_n in times.items() if 1 in by_n and len(by_n) > 1]


def host_overhead_us(calls: int = 2000) -> dict:
    """Host time of one eager call (wall clock over many back-to-back calls, GPU work tiny)."""
    data = task.generate_input(128, 256, 1, task.SEED)
    a, sfa, b, sfb, c = task._canonical(data)
    op = torch.ops.nvfp4.gemv_out
    res = {}
    for name, fn in (("torch.ops.nvfp4.gemv_out", lambda: op(a, sfa, b, sfb, 0, 0, None, None, None, c)),
                     ("task.custom_kernel", lambda: task.custom_kernel(data))):
        for _ in range(50):
            fn()
        torch.cuda.synchronize()
        t0 = time.perf_counter()
        for _ in range(calls):
            fn()
        dt = time.perf_counter() - t0
        torch.cuda.synchronize()
        res[name] = dt / calls * 1e6
    return res


def environment() -> dict:
    props = torch.cuda.get_device_properties(0)
    return {
        "gpu": props.name, "sms": props.multi_processor_count,
        "capability": f"{props.major}.{props.minor}", "torch": torch.__version__,
        "cuda": torch.version.cuda, "driver": _driver_version(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
    }


def _driver_version() -> str:
    try:
        import subprocess

        return subprocess.run(["nvidia-smi", "--query-gpu=driver_version,clocks.sm,clocks.mem", "--format=csv,noheader"],
                              capture_output=True, text=True, timeout=10).stdout.strip()
    except Exception as e:  # nvidia-smi missing: say so rather than fail the benchmark
        return f"unknown ({e.__class__.__name__})"


def run(shapes=None, flush: str = "write", reps: int = 50, baselines: bool = True, leaderboard: bool = False,
        json_path: str | None = None, extras=()) -> dict:
    """The task's shapes (and their tiled form unless leaderboard), then each of extras' rows
    (extended_rows, column_rows: functions of (flusher, bw, device, reps))."""
    ops.load()
    device = torch.device("cuda")
    bw = read_bandwidth(device)
    copy_bw = copy_read_bandwidth(device)
    flusher = Flusher(flush, device)
    results = []
    for m, k, l in shapes or task.BENCHMARK_SHAPES:
        results.append(asdict(bench_task_shape(m, k, l, flusher, bw, device, reps, baselines, leaderboard)))
    if not leaderboard:  # the same shapes with the weights in the tiled format (NVFP4Linear's for large layers)
        for m, k, l in shapes or task.BENCHMARK_SHAPES:
            results.append(asdict(bench_op_shape(m, k, l, 1, "fp4", flusher, bw, device, reps, tiled=True)))
    for rows in extras:
        results.extend(rows(flusher, bw, device, reps))
    times = [r["gemv"]["median_us"] for r in results if r["kind"].startswith("W4A4 task")]
    task_shapes = [tuple(s) for s in task.BENCHMARK_SHAPES]
    tiled_times = [r["gemv"]["median_us"] for r in results
                   if r["kind"] == "W4A4 N=1 tiled" and tuple(r["shape"]) in task_shapes]
    report = {
        "environment": environment(), "flush": flush, "read_bandwidth_tbps": bw / 1e12,
        "copy_read_side_tbps": copy_bw / 1e12, "results": results, "host_overhead_us": host_overhead_us(),
        "geomean_us": math.exp(statistics.fmean(math.log(t) for t in times)) if times else None,
        "geomean_tiled_us": (math.exp(statistics.fmean(math.log(t) for t in tiled_times))
                             if len(tiled_times) == len(task_shapes) else None),
    }
    save_json(report, json_path)
    return report


def save_json(report: dict, path: str | None) -> None:
    """Write a report (bench, peers, decode) as JSON when a path is given."""
    if path:
        with open(path, "w") as f:
            json.dump(report, f, indent=1)


def format_table(report: dict) -> str:
    env = report["environment"]
    lines = [
        f"{env['gpu']} | torch {env['torch']} CUDA {env['cuda']} | {env['date']} | flush={report['flush']} | "
        f"read BW {report['read_bandwidth_tbps']:.2f} TB/s"
        + (f" = {100 * report['read_bandwidth_tbps'] / report['copy_read_side_tbps']:.0f}% of a 4 GiB device copy's read "
           f"side ({report['copy_read_side_tbps']:.2f} TB/s read + as much written)" if report.get("copy_read_side_tbps") else ""),
        "| shape | kind | GEMV us (median +- std) | TB/s | %SOL | floor us | GEMV/floor | cuBLAS bf16 us | dequant+mm us |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in report["results"]:
        b = r.get("baselines") or {}
        cb = b.get("cublas_bf16_bmm", {}).get("median_us")
        dq = b.get("dequant_then_matmul", {}).get("median_us")
        lines.append(
            f"| {','.join(map(str, r['shape']))} | {r['kind']} | {r['gemv']['median_us']:.1f} +- {r['gemv']['std_us']:.1f} | "
            f"{r['tbps']:.2f} | {r['pct_sol']:.0f}% | {r['floor']['median_us']:.1f} | {r['gemv_over_floor']:.2f} | "
            f"{'-' if cb is None else f'{cb:.1f}'} | {'-' if dq is None else f'{dq:.0f}'} |"
        )
    lines.append("host time per eager call: " + ", ".join(f"{k} {v:.1f} us" for k, v in report["host_overhead_us"].items()))
    for shape, kind, by_n in column_ratios(report["results"]):
        lines.append(f"time at N columns / at N = 1, {shape} {kind}: " + ", ".join(f"N={n} {r:.2f}" for n, r in by_n.items()))
    if report.get("geomean_us"):
        lines.append(f"geomean of the task rows: {report['geomean_us']:.2f} us")
    if report.get("geomean_tiled_us"):
        lines.append(f"geomean of the task shapes in the tiled weight format: {report['geomean_tiled_us']:.2f} us")
    return "\n".join(lines)
