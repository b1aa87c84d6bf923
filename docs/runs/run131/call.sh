#!/usr/bin/env bash
# Run 131 (one device call, from the repository root; writes under $OUT): where the tiled
# kernel's warps stall, per SASS instruction (ncu PC sampling, SourceCounters), on 7168x16384
# W4A4 N = 1: the kernel as is, and its compute side alone (docs/runs/next_nomem.patch: the load
# pointers never advance, the weights come from L2). The source page goes to CSV for offline
# analysis (scripts: see README.txt of this run).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1
rm -rf /tmp/nomem && mkdir -p /tmp/nomem && cp -r src scripts /tmp/nomem/ && (cd /tmp/nomem && git apply "$OLDPWD/docs/runs/next_nomem.patch") || exit 1
for v in kernel nomem; do
  dir=$PWD; [ $v = nomem ] && dir=/tmp/nomem
  (cd $dir && export PYTHONPATH=$dir/src NVFP4_GEMV_CACHE_DIR=/tmp/nc_$v
   python3 -m nvfp4_gemv build > "$OUT/build_$v.log" 2>&1
   timeout 200 ncu --clock-control none -k regex:gemv_kernel -s 2 -c 1 --section SourceCounters \
     --section WarpStateStats --warp-sampling-interval 0 -f -o "$OUT/$v" \
     python3 scripts/profile_case.py 7168 16384 1 1 fp4 tiled > "$OUT/ncu_$v.log" 2>&1
   ncu -i "$OUT/$v.ncu-rep" --page source --csv --print-source sass > "$OUT/${v}_source.csv" 2> "$OUT/${v}_source.err"
   ncu -i "$OUT/$v.ncu-rep" --page details > "$OUT/${v}_details.txt" 2>&1)
  echo "$v: $(wc -l < "$OUT/${v}_source.csv") source lines"; tail -n 3 "$OUT/ncu_$v.log"; head -c 600 "$OUT/${v}_source.err"
done
head -n 3 "$OUT/kernel_source.csv" | cut -c 1-1500
