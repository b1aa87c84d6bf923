"""Where the time of an NVFP4 decode step goes: torch.profiler over a few greedy steps of the
decode model (nvfp4_gemv.decode), top ops by device and host time. Needs a GPU and transformers."""
import sys

import torch
from torch.profiler import ProfilerActivity, profile

from nvfp4_gemv import decode

activation = sys.argv[1] if len(sys.argv) > 1 else "weight-only"
cfg, base, nvfp4, dequant, n = decode.build_models(2048, 5632, 8, 32000, 0, torch.device("cuda"), activation)
prompt = torch.randint(0, 32000, (1, 8), device="cuda")
decode.greedy(nvfp4, prompt, 4)
with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
    decode.greedy(nvfp4, prompt, 4)
print(prof.key_averages().table(sort_by="cuda_time_total", row_limit=15, max_name_column_width=60))
print(prof.key_averages().table(sort_by="cpu_time_total", row_limit=12, max_name_column_width=60))
