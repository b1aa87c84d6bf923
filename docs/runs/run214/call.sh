#!/usr/bin/env bash
# Run 214 (typed as the call's command on run 213's warm machine, 132 s of device time left): the
# bench on the kept tree (commit 220fa55's src; the working tree also held the new bf16 test,
# not run here): write flush --all and the leaderboard rule.
export PYTHONPATH=$PWD/src NVFP4_GEMV_CACHE_DIR=/tmp/nc214; git log -1 --format=%H > $OUT/env.txt; python3 -m nvfp4_gemv build >/dev/null 2>&1; python3 -m nvfp4_gemv bench --reps 30 --all --json $OUT/bench_write.json > $OUT/bench_write.txt 2>&1; python3 -m nvfp4_gemv bench --leaderboard --no-baselines --json $OUT/bench_leaderboard.json > $OUT/bench_leaderboard.txt 2>&1; cat $OUT/bench_write.txt $OUT/bench_leaderboard.txt | grep -E "task|W4A16|geomean"
