#!/usr/bin/env bash
# Run 589 (ninety-seventh session): what run 587 asks of an H200, with item 343's A/B truly first.
# Run 587 runs run 584's H200 part, whose W4A16 tests (up to 120 s) come before the A/B; those tests
# already passed on an H100 (run 583), so here: (1) run 588 (the branch's src at ec3e2ec applied,
# both builds, old / new / new / old on run 580's seven shapes, the floors; ~200 s with the start)
# into $OUT/item343; (2) the W4A16 GPU tests on that tree into $OUT/tests; (3) the patch taken
# back, run 571's measurements on main into $OUT/owed. If the call's time runs out, what it wrote
# comes back in that order. On any other card it prints the card and stops.
# Predicted (written before the run): (1) as run 588's header says; (2) all pass; (3) as run 571's.
# Usage (device, from the repo root): bash docs/runs/run589/call.sh  (OUT: where the output goes)
set -uo pipefail
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader)
[[ $gpu == *H200* ]] || { echo "$gpu: not an H200, nothing run"; exit 0; }
R=${OUT:-$PWD/.out}
mkdir -p "$R/item343" "$R/tests" "$R/owed"
OUT=$R/item343 bash docs/runs/run588/call.sh
OUT=$R/tests bash -c 'source scripts/device_call_setup.sh && w4a16_tests && cat "$OUT/tests.txt"'
git apply -R docs/runs/run583/new.patch || exit 1
OUT=$R/owed bash docs/runs/run571/call.sh
