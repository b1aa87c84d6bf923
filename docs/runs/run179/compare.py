"""Run 179: the saved outputs of each variant, bitwise against the first one's."""
import os
import sys

import torch

names = sys.argv[1:]
files = sorted(os.listdir(f"/tmp/run179/{names[0]}"))
for f in files:
    ref = torch.load(f"/tmp/run179/{names[0]}/{f}")
    same = [torch.equal(ref, torch.load(f"/tmp/run179/{n}/{f}")) for n in names[1:]]
    print(f, "finite" if bool(ref.isfinite().all()) else "NON-FINITE", "equal" if all(same) else f"DIFFERENT {same}")
