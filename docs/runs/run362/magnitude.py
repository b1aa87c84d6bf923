"""Run 362 (BENCHMARKS.md item 229): does the W4A16 sweep's time depend on x's magnitude? The bf16
sweep converts x to fp16 as x * 2^e with the largest value near 2^15 (column_exponent), where fp16
x from the bench is N(0, 1); the same hot loop (run 361) ran 0.4-1.2 us slower on bf16 x. Times the
tree (NVFP4_GEMV_PRESCALE=0) per shape on fp16 x ~ N(0, 1) * 2^s for s in 0, 12, -8, and bf16 x ~
N(0, 1) * 2^s for s in 0, -12 (the bf16 sweep's converted x is the same for both); write flush,
events, REPS reps, in the order given, twice. Then each of fp16 2^0, fp16 2^12, bf16 2^0 on the
lm_head back to back for ~3 s, printing time stamps, while the call samples nvidia-smi's SM clock
and power."""
import sys
import time

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

reps = int(sys.argv[1]) if len(sys.argv) > 1 else 20
ops.load()
flusher = Flusher("write", "cuda")
kinds = [("fp16", 0), ("fp16", 12), ("fp16", -8), ("bf16", 0), ("bf16", -12)]


def operands(m, k, act, s):
    a, sfa, x, _ = random_operands(m, k, 1, 1, act, "cuda")
    x = (x.float() * 2.0**s).to(x.dtype)
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    return lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, None, 0, 0, None, None, None, out)  # noqa: E731


for m, k in [(151936, 4096), (18432, 7168), (7168, 16384), (8192, 28672), (4096, 4096), (7168, 2048)]:
    for rnd in range(2):
        line = f"{m}x{k} #{rnd}"
        for act, s in kinds:
            t = time_cuda(operands(m, k, act, s), flusher, reps)
            line += f" | {act} 2^{s} {t.median_us:.1f}"
        print(line, flush=True)

print("== sustained (lm_head, no flush), phases of ~3 s", flush=True)
for act, s in [("fp16", 0), ("fp16", 12), ("bf16", 0), ("fp16", 0)]:
    call = operands(151936, 4096, act, s)
    call()
    torch.cuda.synchronize()
    t0 = time.time()
    n = 0
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    start.record()
    while time.time() - t0 < 3.0:
        for _ in range(200):
            call()
        n += 200
        torch.cuda.synchronize()
    end.record()
    torch.cuda.synchronize()
    stamp = lambda t: time.strftime("%H:%M:%S", time.localtime(t)) + f".{int(t * 10) % 10}"  # noqa: E731
    print(f"{act} 2^{s}: {stamp(t0)}-{stamp(time.time())} {start.elapsed_time(end) * 1e3 / n:.1f} us a call "
          "(back to back, no flush)", flush=True)
