#!/usr/bin/env bash
# Run 204 (2026-12-01), typed as the device call's command on the machine still warm from run 203
# (its variant copies under /tmp/nvfp4_variants reused): "inter" and the tree again in the other
# order, and "inter2", a fresh copy of next_sweep_inter.patch (time_shapes.py 20, unchecked).
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh inter= base= inter2=%docs/runs/run205/next_sweep_inter.patch > $OUT/ab.txt 2>&1; grep -vE "^\s*$" $OUT/ab.txt | grep -v built
