"""Run 191: why the library's row sweep timed slower than the probe's (run 190 against run 189).
Times torch.ops.nvfp4.gemv_out (W4A4, N = 1, row-major; the sweep by default) on 7168x16384 and
4096x4096 with the bench's operands and with the probe's (random scale bytes 0x01..0x5F / ..0x37),
each after the bench's write flush (normal_ over 512 MiB) and after a memset-like one (zero_), and
the floor. Unchecked."""
import torch

from nvfp4_gemv import ops
from nvfp4_gemv.bench import Flusher, gemv_bytes, random_operands, stream_floor, time_cuda

ops.load()
write = Flusher("write", "cuda")
zero_buf = torch.empty(512 << 20, dtype=torch.uint8, device="cuda")
zero = lambda: zero_buf.zero_()  # noqa: E731
for m, k, l in ((7168, 16384, 1), (4096, 4096, 1), (4096, 7168, 8)):
    a, sfa, x, sfx = random_operands(m, k, l, 1, "fp4", "cuda")
    sfa_p = (torch.randint(0, 0x5F, sfa.shape, device="cuda") + 1).to(torch.uint8)
    sfx_p = (torch.randint(0, 0x37, sfx.shape, device="cuda") + 1).to(torch.uint8)
    out = torch.empty((l, m, 1), dtype=torch.float16, device="cuda")
    line = []
    for name, (sa, sx) in (("bench data", (sfa, sfx)), ("probe scales", (sfa_p, sfx_p))):
        for fname, fl in (("normal_", write), ("zero_", zero)):
            t = time_cuda(lambda: torch.ops.nvfp4.gemv_out(a, sa, x, sx, 0, 0, None, None, None, out), fl, 30)
            line.append(f"{name}/{fname} {t.median_us:.1f}")
    floor, _ = stream_floor(gemv_bytes(m, k, l), write, "cuda", 30)
    print(f"{m}x{k}x{l}: " + ", ".join(line) + f", floor {floor.median_us:.1f} us", flush=True)
