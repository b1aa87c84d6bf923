"""Runs each invalid call of test_bad_inputs in its own process and prints how it ended (diagnostics)."""
import subprocess
import sys

CASES = {
    "valid": "call(a, sfa, x, sfx, 0, 0, None, None, None, out)",
    "a_on_cpu": "call(a.cpu(), sfa, x, sfx, 0, 0, None, None, None, out)",
    "cols17": "call(a, sfa, x.expand(1, 17, -1), sfx.expand(1, 17, -1), 0, 0, None, None, None, torch.empty((1, 32, 17), device='cuda'))",
    "misaligned": "call(torch.zeros(32 * 128 + 1, dtype=torch.uint8, device='cuda')[1:].view(1, 32, 128), sfa, x, sfx, 0, 0, None, None, None, out)",
    "out_int": "call(a, sfa, x, sfx, 0, 0, None, None, None, out.to(torch.int32))",
    "wgs_two": "call(a, sfa, x, sfx, 0, 0, torch.ones(2, device='cuda'), None, None, out)",
    "sfa_short": "call(a, sfa[:, :, :-1], x, sfx, 0, 0, None, None, None, out)",
    "sfa_short_contig": "call(a, sfa[:, :, :-1].contiguous(), x, sfx, 0, 0, None, None, None, out)",
    "out_short": "call(a, sfa, x, sfx, 0, 0, None, None, None, out[:, :31])",
    "no_sfx": "call(a, sfa, x, None, 0, 0, None, None, None, out)",
}
PRE = """
import sys, torch
sys.path.insert(0, 'tests')
from helpers import random_problem
from nvfp4_gemv import ops
ops.load()
gen = torch.Generator().manual_seed(8)
a, sfa, x, sfx = random_problem(1, 32, 256, 1, gen, 'fp4', 'cuda')
out = torch.empty((1, 32, 1), dtype=torch.float16, device='cuda')
call = torch.ops.nvfp4.gemv_out
try:
    {case}
    print('no error')
except Exception as e:
    print(type(e).__name__, str(e).splitlines()[0][:200])
"""
for name, case in CASES.items():
    r = subprocess.run([sys.executable, "-c", PRE.format(case=case)], capture_output=True, text=True)
    err = [l for l in r.stderr.strip().splitlines() if 'File' in l or 'Error' in l or 'error' in l][-3:]
    print(f"{name}: rc={r.returncode} {r.stdout.strip()} {err if r.returncode else ''}")
