#!/usr/bin/env bash
# Per-instruction stall samples of the GEMV (Nsight Compute PC sampling; device). Writes
# $OUT/NAME.ncu-rep and $OUT/NAME_source.csv (NAME: first argument, default source) and prints
# the summary of scripts/ncu_source_stalls.py. The case: CASE="M K L N act [tiled]"
# (scripts/profile_case.py's arguments), default the tiled 7168x16384 W4A4 N = 1, e.g.
#   CASE="151936 4096 1 1 fp4 tiled" bash scripts/ncu_source.sh lm_head
# (run 131: the tiled kernel's hot loop waits on its loads at two places, BENCHMARKS.md item 92).
# KERNEL: the kernel name's regex (default gemv_kernel; the row sweeps: KERNEL=sweep_kernel).
NAME=${1:-source}
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=${NVFP4_GEMV_CACHE_DIR:-/tmp/nc}
python3 -m nvfp4_gemv build >/dev/null 2>&1
timeout 200 ncu --clock-control none -k regex:${KERNEL:-gemv_kernel} -s 2 -c 1 --section SourceCounters \
  --section WarpStateStats --warp-sampling-interval 0 -f -o "$OUT/$NAME" \
  python3 scripts/profile_case.py ${CASE:-7168 16384 1 1 fp4 tiled} > "$OUT/${NAME}_ncu.log" 2>&1
ncu -i "$OUT/$NAME.ncu-rep" --page source --csv --print-source sass > "$OUT/${NAME}_source.csv"
python3 scripts/ncu_source_stalls.py "$OUT/${NAME}_source.csv" 12
