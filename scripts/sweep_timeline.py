"""CTA timelines of the row sweeps and of the stream floor over the same bytes, cold L2 (write flush),
from a diagnostic build whose kernels printf %globaltimer stamps (BENCHMARKS.md items 209, 210, 214):

  W4A4 (sweep_kernel): git apply docs/runs/run330/tl2.patch   (entry, row 0's words landed, x landed
                       and decoded, first row's dot product, first / last warp's loop end, exit)
  W4A16 (sweep16_kernel): git apply docs/runs/run334/tl16.patch   (the same but the two landings)

Both patches also stamp the floor kernel (stream_read_kernel: entry, exit, and with tl2.patch its
first 8 loads landed); apply one at a time. Thread 0 of every CTA prints one line:
  TLG block sm entry first_row loop_end_first_warp loop_end_last_warp exit rows [row0_landed x_landed]
  TLF block sm entry exit [first_loads_landed]
Lines are grouped into calls by their entry stamps (a gap of more than 20 us), the first call of
each kind (the warm-up) dropped. Prints per call, in us from the call's first CTA entry, each
stamp's min / 10% / median / 90% / max over the CTAs, and a CTA's time a row after its first.

Usage (device, on the patched build): PYTHONPATH=src python scripts/sweep_timeline.py M K L [reps] [act]
  act: fp4 (W4A4, the default), fp16 or bf16 (W4A16); one activation column.
"""
import os
import statistics
import subprocess
import sys

GAP_NS = 20_000  # entry stamps further apart than this start a new call
GEMV_STAMPS = [("entry", 2), ("row 0 landed", 8), ("x landed, decoded", 9), ("first row", 3),
               ("loop end 1st warp", 4), ("loop end last warp", 5), ("exit", 6)]
FLOOR_STAMPS = [("entry", 2), ("first 8 loads landed", 4), ("exit", 3)]


def parse(lines):
    """{"TLG": [[ints]], "TLF": [[ints]]} from the printf lines (others ignored)."""
    rows = {"TLG": [], "TLF": []}
    for line in lines:
        f = line.split()
        if f and f[0] in rows:
            rows[f[0]].append([int(v) for v in f[1:]])
    return rows


def calls(rows):
    """The rows split into calls by gaps in their entry stamps (field 2), in time order."""
    out, cur = [], []
    for r in sorted(rows, key=lambda r: r[2]):
        if cur and r[2] - cur[-1][2] > GAP_NS:
            out.append(cur)
            cur = []
        cur.append(r)
    return out + ([cur] if cur else [])


def quantiles(v):
    """min, 10%, median, 90%, max."""
    v = sorted(v)
    q = lambda f: v[min(len(v) - 1, int(f * len(v)))]  # noqa: E731
    return v[0], q(0.1), statistics.median(v), q(0.9), v[-1]


def summary(rows):
    """The printed lines for parsed rows: every call after the first of each kind."""
    out = []
    for kind, stamps, label in (("TLG", GEMV_STAMPS, "gemv"), ("TLF", FLOOR_STAMPS, "floor")):
        for i, c in enumerate(calls(rows[kind])[1:]):
            base = min(r[2] for r in c)
            head = f"{label} call {i}: {len(c)} CTAs"
            if kind == "TLG":
                head += f", rows a CTA {sorted(set(r[7] for r in c))}"
            out.append(head)
            for name, j in stamps:
                if all(len(r) > j for r in c):
                    out.append(f"  {name:<26}" + " ".join(f"{t:5.1f}" for t in quantiles([(r[j] - base) / 1e3 for r in c])))
            if kind == "TLG":  # from the first row's stamp to the last warp's loop end, a row at a time
                pace = [(r[5] - r[3]) / 1e3 / max(1, r[7] - 1) for r in c]
                out.append(f"  {'us a row after the first':<26}" + " ".join(f"{t:5.2f}" for t in quantiles(pace)))
    return out


def args(argv):
    """M, K, L, reps (3) and act ("fp4") from the command line."""
    m, k, l = (int(v) for v in argv[1:4])
    return m, k, l, int(argv[4]) if len(argv) > 4 else 3, argv[5] if len(argv) > 5 else "fp4"


def main(argv):
    m, k, l, _, act = args(argv)
    # printf output reaches this process's stdout through the driver: run the calls in a child.
    proc = subprocess.run([sys.executable, __file__, *argv[1:]], env={**os.environ, "TIMELINE_CHILD": "1"},
                          capture_output=True, text=True)
    print(proc.stderr[-1500:], end="")
    print(f"== {m}x{k}x{l} {act} (us from the call's first CTA entry: min 10% median 90% max)")
    print("\n".join(summary(parse(proc.stdout.splitlines()))))
    return proc.returncode


def child(argv):
    import torch

    from nvfp4_gemv import ops
    from nvfp4_gemv.bench import Flusher, act_value_bytes, gemv_bytes, random_bytes, random_operands, stream_read_call

    m, k, l, reps, act = args(argv)
    ops.load()
    a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    flusher = Flusher("write", "cuda")
    data = random_bytes(gemv_bytes(m, k, l, 1, act_value_bytes(act)), "cuda")
    # The floor on one CTA of 512 threads an SM: the bench's best grid on the task's byte counts.
    for call in (lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out),
                 stream_read_call(data, 1, 512)):
        for _ in range(reps + 1):  # the first: warm-up
            flusher()
            torch.cuda.synchronize()
            call()
            torch.cuda.synchronize()
    return 0


if __name__ == "__main__":
    sys.exit(child(sys.argv) if os.environ.get("TIMELINE_CHILD") == "1" else main(sys.argv))
