"""Run 363 (BENCHMARKS.md item 229): power and SM clock in the bench's regime. Run 362 found the
lm_head W4A16 sweep back to back at the H200's 700 W limit with the SM clock at 1425-1680 MHz (1980
idle-to-busy). Here, phases of ~2.5 s each, while the call samples nvidia-smi every 50 ms: the
bench's own loop (write flush, then the timed call, events, synchronize) on the task's 7168x16384
W4A4 GEMV, on the stream floor over its bytes, and on nothing; then the GEMV and the floor back to
back without a flush. Each phase prints its time stamps and the median of its timed calls."""
import statistics
import sys
import time

import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands

ops.load()
flusher = Flusher("write", "cuda")
m, k = 7168, 16384
a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
gemv = lambda: torch.ops.nvfp4.gemv_out(a, sfa, x, sfx, 0, 0, None, None, None, out)  # noqa: E731
data = torch.empty(gemv_bytes(m, k, 1, 1, 0.5), dtype=torch.uint8, device="cuda")
data.random_()
sms = torch.cuda.get_device_properties(0).multi_processor_count
sink = torch.zeros(sms * 8, dtype=torch.int32, device="cuda")
floor = lambda: torch.ops.nvfp4.stream_read(data, sink, sms * 2, 512)  # noqa: E731
nothing = lambda: None  # noqa: E731
stamp = lambda t: time.strftime("%H:%M:%S", time.localtime(t)) + f".{int(t * 10) % 10}"  # noqa: E731
seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.5


def phase(name, fn, flush):
    fn()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    samples, t0 = [], time.time()
    while time.time() - t0 < seconds:
        if flush:
            flusher()
        start.record()
        fn()
        end.record()
        end.synchronize()
        samples.append(start.elapsed_time(end) * 1e3)
    q = statistics.quantiles(samples, n=10)
    print(f"{name}: {stamp(t0)}-{stamp(time.time())} {len(samples)} calls, median {statistics.median(samples):.1f} us "
          f"(p10 {q[0]:.1f}, p90 {q[-1]:.1f})", flush=True)


time.sleep(1.0)
for name, fn, flush in [("flush + GEMV", gemv, True), ("flush + floor", floor, True), ("flush + nothing", nothing, True),
                        ("GEMV back to back", gemv, False), ("floor back to back", floor, False),
                        ("flush + GEMV again", gemv, True)]:
    phase(name, fn, flush)
    time.sleep(1.0)
