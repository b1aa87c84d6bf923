#!/usr/bin/env bash
# Run 208 (refused: no machine lent; nothing ran). The W4A4 sweep's compute-side cut (pst: both
# rows' warp sums in one butterfly, the rows' shared slot a 32-bit address; run 206 won on 2-piece
# and 4 x 2 plans, lost on 4 x 1) against its 4 x 1 exception (pst41), and on top of pst the
# scale stream: scales prefetched to L2 two rows further ahead (pf1; 2-piece FP4 plans only),
# weights and scales prefetched (pf2), scale loads with a 256-byte L2 fetch (s256).
# time_shapes.py 20, unchecked, two orders. Sources: .variants/*.cu (head.cu = 86fd794's
# gemv_kernels.cu; the others = head.cu + the .diff beside this file).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
V=.variants
VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh base=@$V/head.cu \
  pst=@$V/pst.cu pst41=@$V/pst41.cu pf1=@$V/pf1.cu pf2=@$V/pf2.cu s256=@$V/s256.cu > "$OUT/a.txt" 2>&1
VARIANT_REUSE=1 VARIANT_TAIL=9 VARIANT_CMD="scripts/time_shapes.py 20" bash scripts/device_variants.sh \
  s256= pf2= pf1= pst41= pst= base= > "$OUT/b.txt" 2>&1
grep -vE "^\s*$" "$OUT/a.txt" "$OUT/b.txt" | grep -v built | sed 's/^.*\.txt://' | tail -n 110
