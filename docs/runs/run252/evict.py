"""Run 252: the GEMV and the stream floor of one build, timed after three flushes: "write" (the
bench's: 512 MiB written by normal_()), "write4g" (4 GiB written, as the leaderboard's randn) and
"tread" (512 MiB read by a torch reduction: clean lines, with loads that carry no L2 policy, so the
flush is the same whatever policy the build's own loads carry). Unchecked timings (events, median
of 20), the task's shapes through custom_kernel, then W4A4 / W4A16 bf16 layers at L = 1 through the
op. Usage (in each variant's copy): PYTHONPATH=src python3 evict.py"""
import torch

from nvfp4_gemv import ops, task
from nvfp4_gemv.bench import gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
buf = torch.empty(1 << 30, dtype=torch.float32, device="cuda")  # 4 GiB
buf.normal_()
part = buf[: 128 << 20]  # 512 MiB
flushes = {
    "write": lambda: part.normal_(),
    "write4g": lambda: buf.normal_(),
    "tread": lambda: part.amax(),
}
rows = []
for m, k, l in ((7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4)):
    data = task.generate_input(m, k, l, task.SEED, "cuda")
    rows.append((f"task {m}x{k}x{l}", lambda d=data: task.custom_kernel(d), gemv_bytes(m, k, l)))
for m, k in ((4096, 4096), (151936, 4096)):
    a, sfa, x, sfx = random_operands(m, k, 1, 1, "fp4", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    rows.append((f"W4A4 {m}x{k}", lambda a=a, sfa=sfa, x=x, sfx=sfx, out=out: torch.ops.nvfp4.gemv_out(
        a, sfa, x, sfx, 0, 0, None, None, None, out), gemv_bytes(m, k, 1)))
for m, k in ((7168, 16384), (4096, 4096)):
    a, sfa, x, _ = random_operands(m, k, 1, 1, "bf16", "cuda")
    out = torch.empty((1, m, 1), dtype=torch.float16, device="cuda")
    rows.append((f"bf16 {m}x{k}", lambda a=a, sfa=sfa, x=x, out=out: torch.ops.nvfp4.gemv_out(
        a, sfa, x, None, 0, 0, None, None, None, out), gemv_bytes(m, k, 1, 1, 2.0)))
floors = {}
for name, fn, nbytes in rows:
    line = []
    for fname, fl in flushes.items():
        t = time_cuda(fn, fl, 20)
        if (nbytes, fname) not in floors:
            floors[(nbytes, fname)] = stream_floor(nbytes, fl, "cuda", 20)[0].median_us
        f = floors[(nbytes, fname)]
        line.append(f"{fname} {t.median_us:.1f}/{f:.1f}")
    print(f"{name:22s} " + "  ".join(line), flush=True)
