#!/usr/bin/env bash
# Run 205 (2026-12-01), typed as the device call's command on the machine still warm from run 204:
# the kernel tests in run 203's "inter" copy (next_sweep_inter.patch on commit 5260f7e's src).
VARIANT_REUSE=1 VARIANT_TAIL=4 VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" bash scripts/device_variants.sh inter= > $OUT/tests.txt 2>&1; tail -n 5 $OUT/tests.txt
