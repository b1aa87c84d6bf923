"""Run 179: the tiled format with each tile's 128 scale bytes right after its 1 KB of E2M1 (tile
stride 1152; interleaved_scales.patch) against the tiled format as it is (scales in their own
tensor). Run in each variant's copy: it reads the copy's header to know which one it is, builds
the same random operands (fixed seeds) in that layout, times the op the bench's way (events, write
flush, median of `reps`; unchecked here) and saves each output to /tmp/run179/<variant>/ for the
bitwise comparison the call makes afterwards (same arithmetic in the same order: equal bits).
Usage (device, in a variant copy $WORK/NAME): PYTHONPATH=src python3 interleaved.py PASS [reps]"""
import os
import sys

import torch

from nvfp4_gemv import format as fmt
from nvfp4_gemv import ops, reference
from nvfp4_gemv.bench import Flusher, random_operands, time_cuda

name = os.path.basename(os.getcwd()) + sys.argv[1]
reps = int(sys.argv[2]) if len(sys.argv) > 2 else 20
stride = 1152 if "kTileStride = 1152" in open("src/nvfp4_gemv/csrc/nvfp4_gemv.cuh").read() else 1024
save = f"/tmp/run179/{name}"
os.makedirs(save, exist_ok=True)
ops.load()
flusher = Flusher("write", "cuda")


def interleave(tiles, tile_scales):
    """Views (tiles, scales) of one buffer [L, bands, k_tiles, 1152]: 1 KB of E2M1, then 128 scales."""
    l, bands, k_tiles = tiles.shape[:3]
    buf = torch.empty((l, bands, k_tiles, 1152), dtype=torch.uint8, device=tiles.device)
    buf[..., :1024] = tiles.reshape(l, bands, k_tiles, 1024)
    buf[..., 1024:] = tile_scales.reshape(l, bands, k_tiles, 128)
    return buf[..., :1024].view(l, bands, k_tiles, 16, 64), buf[..., 1024:].view(l, bands, k_tiles, 32, 4)


for m, k, l in ((7168, 16384, 1), (4096, 7168, 8), (7168, 2048, 4), (4096, 4096, 1), (14336, 4096, 1),
                (4096, 14336, 1), (2048, 7168, 1), (151936, 4096, 1), (1000, 4176, 3)):
    for act in ("fp4", "bf16"):
        torch.manual_seed(m + k + l)
        a, sfa, x, sfx = random_operands(m, k, l, 1, act, "cuda")
        tiles, tile_scales = fmt.to_tiled(a, sfa)
        del a, sfa
        if stride == 1152:
            tiles, tile_scales = interleave(tiles, tile_scales)
        out = torch.full((l, m, 1), float("nan"), dtype=torch.float16, device="cuda")
        call = lambda: torch.ops.nvfp4.gemv_out(tiles, tile_scales, x, sfx, reference.TILED, 0, None,  # noqa: E731
                                                 None, None, out)
        t = time_cuda(call, flusher, reps)
        torch.save(out.cpu(), f"{save}/{m}x{k}x{l}_{act}.pt")
        print(f"{name} stride {stride}: {m}x{k}x{l} {act}: tiled {t.median_us:.1f} us", flush=True)
        del tiles, tile_scales
