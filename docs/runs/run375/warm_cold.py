"""Run 375 (BENCHMARKS.md item 235): where the short streams' time goes. For the layers whose
bytes fit in L2, each GEMV (W4A4 one FP4 column, and W4A16 bf16) and the stream floor over the
same bytes, timed cold (L2 flushed by the task's write, and by a read: clean lines) and warm (no
flush: the operands left in L2 by the warm-up and the previous rep; before each rep the GPU spins
~100 us in torch.cuda._sleep, which touches no memory, so that the host has queued the events and
the call before the GPU reaches them: without it the first pass, first/, timed the host's launch,
~20 us even for an empty kernel), medians of REPS; and a near-empty kernel (the floor kernel over
16 bytes, one CTA) between events. Unchecked: the call's tests check the kernels. us."""
import sys

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 30
ops.load()
flushes = {"write": Flusher("write", "cuda"), "read": Flusher("read", "cuda"), "warm": None}


def busy():
    torch.cuda._sleep(200_000)  # ~100 us of GPU cycles, no memory traffic


def timed(fn, f):
    return time_cuda(fn, f, reps, setup=None if f is not None else busy)


tiny = torch.zeros(16, dtype=torch.uint8, device="cuda")
sink = torch.zeros(1024, dtype=torch.int32, device="cuda")
empty = {name: timed(lambda: torch.ops.nvfp4.stream_read(tiny, sink, 1, 32), f).median_us
         for name, f in flushes.items()}
print("near-empty kernel | " + " | ".join(f"{n} {t:.2f}" for n, t in empty.items()), flush=True)
cases = [(4096, 4096, 1), (7168, 2048, 1), (2048, 7168, 1), (14336, 4096, 1), (4096, 14336, 1),
         (7168, 2048, 4), (7168, 16384, 1)]
for m, k, l in cases:
    for act in ("fp4", "bf16"):
        torch.manual_seed(m + k + l)
        a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
        out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
        nbytes = gemv_bytes(m, k, l, 1, 0.5 if act == "fp4" else 2.0)
        line = f"{m}x{k}x{l} {act} {nbytes / 2**20:.1f} MiB"
        for name, f in flushes.items():
            g = timed(call, f).median_us
            fl, _ = stream_floor(nbytes, f, "cuda", reps) if f is not None else (None, "")
            if f is None:  # warm floor: the floor's best grid, no flush, over the same bytes
                data = torch.empty(nbytes, dtype=torch.uint8, device="cuda")
                data.random_()
                sms = torch.cuda.get_device_properties(0).multi_processor_count
                s = torch.zeros(sms * 8, dtype=torch.int32, device="cuda")
                fl = min((timed(lambda: torch.ops.nvfp4.stream_read(data, s, sms * c, t), None)
                          for c, t in ((1, 512), (2, 512), (4, 256))), key=lambda t: t.median_us)
            line += f" | {name} {g:.2f} / floor {fl.median_us:.2f}"
        print(line, flush=True)
