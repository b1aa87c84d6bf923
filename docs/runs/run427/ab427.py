"""Run 427's timing pass: scripts/ab_shapes.py over dynamic W4A4 (bf16 x quantized in the call,
gemv_dynamic_out) on shapes whose row sweep holds 2 pieces a thread past K = 8192 with at least 24
rows a CTA, which quantize inside the sweep in the tree with two.patch and in two kernels with
twok.patch; controls (K <= 8192, fused either way): the lm_head and 4096x7168x8.
Usage: PYTHONPATH=src python docs/runs/run427/ab427.py REPS"""
import sys

sys.path.insert(0, "scripts")
import ab_shapes  # noqa: E402

reps = sys.argv[1]
ab_shapes.main([reps, "4096x14336x8,7168x16384x2,14336x12288,700x12800x16,8192x10240x2,4096x10240x4,"
                "151936x4096,4096x7168x8", "floors", "dyn"])
