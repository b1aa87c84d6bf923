#!/usr/bin/env bash
# Run 351: the README's two commands as a user runs them on the lent H200 (offline; python3 has
# torch 2.11, pytest and ninja): `bash run.sh` (the main job: build, the task's check, the bench),
# then `bash run.sh test` (the whole suite with the GPU). Predicted: run.sh takes the no-.venv
# branch (it says so on stderr), the check passes its 9 shapes, the bench prints the task rows
# (~23.7 / 41.7 / 15.1 us as run 349), and the suite passes (151 CPU + 777 GPU tests, 928; the
# cuobjdump SASS checks skip if the pip tools are absent there).
set -uo pipefail
OUT=${OUT:-$PWD/.out}
mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv > "$OUT/env.txt"
export PYTHONUNBUFFERED=1
SECONDS=0
rm -rf .venv
timeout 200 bash run.sh > "$OUT/run.txt" 2>&1
echo "run.sh exit $? ${SECONDS}s" | tee -a "$OUT/run.txt"
timeout 330 bash run.sh test > "$OUT/test.txt" 2>&1
echo "run.sh test exit $? ${SECONDS}s" | tee -a "$OUT/test.txt"
ls -d .venv >> "$OUT/env.txt" 2>&1
head -3 "$OUT/run.txt"; grep -E "PASS|FAIL|passed|geomean|^\|" "$OUT/run.txt" | tail -12; tail -3 "$OUT/test.txt"
