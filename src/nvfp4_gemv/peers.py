"""Side-by-side benchmark against what users would pick instead (``nvfp4-gemv bench --peers``).

Every implementation gets the same NVFP4 weights (all 16 codes, block scales 2^-9..448, a global
scale) and the same bf16 activation columns, is timed with the same rule as our kernel (L2 flushed
before each rep, CUDA events, median and spread; device time only), and is first checked against
the float64 reference of the operands it was given. A peer that is not installed, fails to build or
run, or fails the check is reported with the reason, never dropped.

Peers (optional extras: ``pip install nvfp4_gemv[peers]``; offline machines: see README):
  cuBLAS bf16        F.linear on the unquantized (bf16) weight: the baseline without quantization
  dequant + matmul   NVFP4 -> bf16 in torch, then F.linear (what a user without a kernel does)
  humming            humming-kernels, NVFP4 W4A16 (ModelOpt tensors), JIT CUDA
  gemlite A16W4 / A4W4   gemlite's Triton NVFP4 layers
torchao's NVFP4 weight-only path dequantizes and multiplies, which the "dequant + matmul" row
measures without needing torchao installed. Shapes are (m, k) at L = 1 (a Linear layer): the three
benchmark shapes' m, k and the model layers at N = 1, and N = 1, 4, 8, 16 on the first shape.
"""

from __future__ import annotations

import functools
import math
from dataclasses import asdict, dataclass

import torch
import torch.nn.functional as F

from . import bench, ops, reference
from . import format as fmt
from .api import quantize_activation

SHAPES = list(dict.fromkeys([(7168, 16384), (4096, 7168), (7168, 2048)] + list(bench.MODEL_LAYERS)))
COLUMNS = (1, 4, 8, 16)


@dataclass
class Operands:
    m: int
    k: int
    n: int
    a: torch.Tensor        # uint8 [M, K/2]
    sfa: torch.Tensor      # uint8 [M, K/16]
    gs: torch.Tensor       # fp32 [1], dequantization multiplier
    x: torch.Tensor        # bf16 [N, K]
    w: torch.Tensor        # fp32 [M, K], exact dequantized weight


def make_operands(m, k, n, device, seed=0) -> Operands:
    g = torch.Generator(device=device).manual_seed(seed)
    a = torch.randint(0, 256, (m, k // 2), dtype=torch.uint8, device=device, generator=g)
    sfa = fmt.e4m3_encode(torch.exp2(torch.empty((m, k // 16), device=device).uniform_(-9, 8.8, generator=g)))
    gs = torch.tensor([2.0 ** -6], device=device)
    x = torch.randn((n, k), device=device, generator=g).to(torch.bfloat16)
    return Operands(m, k, n, a, sfa.view(torch.uint8), gs, x, fmt.dequantize(a, sfa, gs.reshape(())))


def check(y: torch.Tensor, w: torch.Tensor, x: torch.Tensor | None, x_full: torch.Tensor) -> tuple[bool, float]:
    """y [N, M] against float64 x @ w^T. Allowed per element: bf16 output rounding (2^-8 |ref|) plus
    2^-10 of sum_k |w x| (fp32 accumulation in any order, or a bf16/fp16 rounding of a partial sum).
    x None: the peer quantizes the activation itself by a rule we do not reproduce, so the reference
    uses x_full and the allowance adds 1/4 of sum_k |w x| (an E2M1 rounding moves a value by at most
    a quarter of its magnitude, block scales aside). Returns (passed, worst error / allowance)."""
    xr = x_full if x is None else x
    ref = (xr.double() @ w.double().t())
    mag = xr.double().abs() @ w.double().abs().t()
    allow = 2.0 ** -8 * ref.abs() + (0.25 if x is None else 2.0 ** -10) * mag + 1e-30
    worst = ((y.double() - ref).abs() / allow).max().item()
    return worst <= 1.0 and math.isfinite(worst), worst


# Each peer: name, bytes-per-weight of the format it reads, and prepare(op) -> fn() returning [N, M].
def _ours_w4a16(op: Operands, tiled: bool = False):
    """tiled: the weights in our tiled format, made once (as humming's transform() is)."""
    a, sfa = fmt.to_tiled(op.a, op.sfa) if tiled else (op.a, op.sfa)
    layout = reference.TILED if tiled else reference.ROW_MAJOR
    a_b, sfa_b, x3 = a[None], sfa[None], op.x[None]
    out = torch.empty((1, op.m, op.n), dtype=torch.bfloat16, device=op.a.device)
    call = lambda: torch.ops.nvfp4.gemv_out(a_b, sfa_b, x3, None, layout, 0, op.gs, None, None, out)  # noqa: E731
    return lambda: (call(), out[0].t())[1], op.w, op.x


def _ours_w4a4(op: Operands):
    a3, s3 = op.a[None], op.sfa[None]
    out = torch.empty((1, op.m, op.n), dtype=torch.bfloat16, device=op.a.device)

    def call():
        q = quantize_activation(op.x)
        torch.ops.nvfp4.gemv_out(a3, s3, q.data[None], q.scales[None], 0, 0, op.gs, None, None, out)
        return out[0].t()
    q = quantize_activation(op.x)  # the check compares against the quantized activation it used
    return call, op.w, fmt.dequantize(q.data, q.scales).to(torch.float32)


def _cublas_bf16(op: Operands):
    wb = op.w.to(torch.bfloat16)
    return lambda: F.linear(op.x, wb), wb.float(), op.x


def _dequant_matmul(op: Operands):
    return (lambda: F.linear(op.x, fmt.dequantize(op.a, op.sfa, op.gs.reshape(())).to(torch.bfloat16)),
            op.w.to(torch.bfloat16).float(), op.x)


def _humming(op: Operands):
    from humming.layer import HummingLayer

    layer = HummingLayer(shape_n=op.m, shape_k=op.k, weight_config={"quant_method": "modelopt", "quant_algo": "nvfp4"},
                         torch_dtype=torch.bfloat16).cuda()
    layer.load_from_tensors({"weight": op.a, "weight_scale": op.sfa.view(torch.float8_e4m3fn),
                             "weight_scale_2": op.gs.reshape(1)})
    layer.transform()
    return lambda: layer(op.x), op.w, op.x


def _gemlite(kind: str):
    def prepare(op: Operands):
        from gemlite import helper

        enc = (1.0 / op.gs).reshape(())
        if kind == "A16W4":
            lin = helper.A16W4_NVFP(device="cuda", dtype=torch.bfloat16).from_packed_weights(op.a, scales=op.sfa, meta_scale=enc)
            return lambda: lin(op.x), op.w, op.x
        lin = helper.A4W4_NVFP_dynamic(device="cuda", dtype=torch.bfloat16).from_packed_weights(op.a, scales=op.sfa, meta_scale=enc)
        return lambda: lin(op.x), op.w, None
    return prepare


PEERS = [
    ("ours W4A16", 0.5625, _ours_w4a16),
    ("ours W4A16 tiled", 0.5625, functools.partial(_ours_w4a16, tiled=True)),
    ("ours W4A4 + act quant", 0.5625, _ours_w4a4),
    ("cuBLAS bf16", 2.0, _cublas_bf16),
    ("dequant + matmul", 0.5625, _dequant_matmul),
    ("humming W4A16", 0.5625, _humming),
    ("gemlite A16W4", 0.5625, _gemlite("A16W4")),
    ("gemlite A4W4", 0.5625, _gemlite("A4W4")),
]


@dataclass
class PeerResult:
    shape: tuple
    n: int
    peer: str
    status: str            # "ok", "missing: ...", "error: ...", "wrong: ..."
    median_us: float | None = None
    std_us: float | None = None
    tbps: float | None = None
    sol_pct: float | None = None
    worst_error_ratio: float | None = None


def _short(e: BaseException) -> str:
    text = f"{type(e).__name__}: {e}".replace("\n", " ")
    return text[:160]


def run(shapes=None, columns=COLUMNS, reps: int = 30, flush: str = "write", json_path=None, only=None) -> dict:
    """only: names to keep, by substring (None: every peer; skipped peers are not reported)."""
    device = torch.device("cuda")
    peers = [p for p in PEERS if not only or any(s in p[0] for s in only)]
    ops.load()
    flusher = bench.Flusher(flush, device)
    bw = bench.read_bandwidth(device)
    results = []
    shapes = shapes or SHAPES
    for m, k in shapes:
        for n in columns if (m, k) == shapes[0] else (1,):
            op = make_operands(m, k, n, device)
            for name, bytes_per_weight, prepare in peers:
                r = PeerResult((m, k), n, name, "ok")
                try:
                    fn, w_ref, x_ref = prepare(op)
                    y = fn()
                    torch.cuda.synchronize()
                    ok, worst = check(y.float(), w_ref, x_ref, op.x)
                    r.worst_error_ratio = worst
                    if not ok:
                        r.status = f"wrong: worst error {worst:.3g}x the allowance"
                    else:
                        t = bench.time_cuda(fn, flusher, reps)
                        nbytes = m * k * bytes_per_weight + n * k * 2 + m * n * 2
                        r.median_us, r.std_us = t.median_us, t.std_us
                        r.tbps = nbytes / t.median_us / 1e6
                        r.sol_pct = 100 * nbytes / bw / (t.median_us * 1e-6)
                except ImportError as e:
                    r.status = f"missing: {_short(e)}"
                except Exception as e:  # a peer that fails is reported, not dropped
                    r.status = f"error: {_short(e)}"
                results.append(r)
                torch.cuda.synchronize()
            del op
    report = {"environment": bench.environment(), "flush": flush, "read_bw_tbps": bw / 1e12,
              "versions": peer_versions(), "results": [asdict(r) for r in results]}
    bench.save_json(report, json_path)
    return report


def peer_versions() -> dict:
    from importlib import metadata
    out = {}
    for dist in ("torch", "humming-kernels", "gemlite", "triton"):
        try:
            out[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            out[dist] = "not installed"
    return out


def format_table(report: dict) -> str:
    rows = report["results"]
    lines = [f"{report['environment'].get('gpu', '?')} | {report['environment'].get('date', '')} | flush={report['flush']} "
             f"| read BW {report['read_bw_tbps']:.2f} TB/s | " + ", ".join(f"{k} {v}" for k, v in report["versions"].items()),
             "| shape m,k | N | implementation | us (median +- std) | TB/s | %SOL | ours W4A16 faster by |",
             "|---|---|---|---|---|---|---|"]
    ours = {(tuple(r["shape"]), r["n"]): r["median_us"] for r in rows if r["peer"] == "ours W4A16" and r["median_us"]}
    for r in rows:
        key = (tuple(r["shape"]), r["n"])
        shape = f"{r['shape'][0]},{r['shape'][1]}"
        if r["status"] != "ok":
            lines.append(f"| {shape} | {r['n']} | {r['peer']} | {r['status']} | - | - | - |")
            continue
        speed = f"{r['median_us'] / ours[key]:.2f}x" if key in ours else "-"
        lines.append(f"| {shape} | {r['n']} | {r['peer']} | {r['median_us']:.1f} +- {r['std_us']:.1f} | "
                     f"{r['tbps']:.2f} | {r['sol_pct']:.0f}% | {speed} |")
    return "\n".join(lines)


def plot(report: dict, path: str) -> str:
    """Bar chart of %SOL per shape (N = 1), one bar per implementation that ran, HBM limit at 100%."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError as e:
        return f"no plot: {e}"
    rows = [r for r in report["results"] if r["n"] == 1]
    shapes = list(dict.fromkeys(f"{r['shape'][0]}x{r['shape'][1]}" for r in rows))
    names = [p[0] for p in PEERS if any(r["peer"] == p[0] and r["status"] == "ok" for r in rows)]
    fig, ax = plt.subplots(figsize=(max(8, 1.6 * len(shapes)), 4.8))
    width = 0.8 / max(1, len(names))
    for i, name in enumerate(names):
        vals = []
        for s in shapes:
            hit = [r for r in rows if r["peer"] == name and f"{r['shape'][0]}x{r['shape'][1]}" == s and r["status"] == "ok"]
            vals.append(hit[0]["sol_pct"] if hit else 0.0)
        ax.bar([j + i * width for j in range(len(shapes))], vals, width, label=name)
    ax.axhline(100, color="k", linestyle="--", linewidth=1, label=f"HBM limit ({report['read_bw_tbps']:.2f} TB/s measured)")
    ax.set_xticks([j + 0.4 - width / 2 for j in range(len(shapes))], shapes, rotation=20)
    ax.set_ylabel("% of measured HBM read bandwidth (own bytes)")
    env = report["environment"]
    v = report["versions"]
    ax.set_title(f"NVFP4 GEMV, N=1, bf16 activations: {env.get('gpu', '?')} {env.get('date', '')}\n"
                 f"torch {v['torch']}, humming {v['humming-kernels']}, gemlite {v['gemlite']}, flush={report['flush']}",
                 fontsize=9)
    ax.legend(fontsize=7, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    return path
