#!/usr/bin/env bash
# Run 363 (BENCHMARKS.md item 229): docs/runs/run363/power.py on the tree (the kernels of b0f8e9e),
# nvidia-smi sampling the SM clock and power every 50 ms (smi.csv).
# Usage (device, from the repo root): bash docs/runs/run363/call.sh  (OUT: where the output goes)
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu,power.limit,clocks.max.sm --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1 PYTHONPATH="$PWD/src" NVFP4_GEMV_CACHE_DIR=/tmp/nvfp4_gemv_cache
SECONDS=0
python3 -m nvfp4_gemv build > /tmp/build.log 2>&1 || { tail -20 /tmp/build.log; exit 1; }
echo "build ${SECONDS}s" >> "$OUT/env.txt"
nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,power.draw,temperature.gpu --format=csv,noheader -lms 50 > "$OUT/smi.csv" 2>&1 &
SMI=$!
nvidia-smi --query-gpu=timestamp,clocks_event_reasons.active,clocks_event_reasons.sw_power_cap,clocks_event_reasons.hw_slowdown --format=csv,noheader -lms 200 > "$OUT/reasons.csv" 2>&1 &
SMI2=$!
sleep 3
timeout 100 python3 docs/runs/run363/power.py 2.5 > "$OUT/power.txt" 2>&1
sleep 1
kill $SMI $SMI2
echo "all done ${SECONDS}s" >> "$OUT/env.txt"
cat "$OUT/power.txt"
python3 - "$OUT" <<'PY'
import re, sys
out = sys.argv[1]
rows = [l.split(", ") for l in open(f"{out}/smi.csv") if l.count(",") >= 4]
for line in open(f"{out}/power.txt"):
    m = re.match(r"(.+?): (\S+)-(\S+) ", line)
    if not m:
        continue
    t0, t1 = m.group(2), m.group(3)
    sel = [r for r in rows if t0 <= r[0].split()[1][:10] <= t1]
    mhz = [int(r[1].split()[0]) for r in sel]
    w = [float(r[3].split()[0]) for r in sel]
    if sel:
        print(f"{m.group(1)}: {len(sel)} samples, SM {min(mhz)}-{max(mhz)} MHz (mean {sum(mhz)/len(mhz):.0f}), "
              f"{min(w):.0f}-{max(w):.0f} W (mean {sum(w)/len(w):.0f})")
PY
sort "$OUT/reasons.csv" | awk -F', ' '{print $2, $3, $4}' | uniq -c | head; tail -n 1 "$OUT/env.txt"
