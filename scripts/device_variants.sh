#!/usr/bin/env bash
# A/B kernel variants in one device call. Each argument NAME=EDIT makes a copy of the tree whose
# kernel sources (src/nvfp4_gemv/csrc/*.cu, *.cuh) are edited by the sed script EDIT (empty: as is;
# "%PATCH": the copy's src/ patched with PATCH by git apply (its src/ hunks alone), "%P1,P2": with
# P1, then P2 on top;
# "@FILE": gemv_kernels.cu replaced by
# FILE, e.g. a one-file version from before the kernel families had their own headers, saved with
# git show); all copies are built in parallel, then each is benchmarked in turn (bench --all
# --no-baselines, write flush) into $OUT/var_NAME.json, and a table of medians, one column per
# variant, is printed last. Example (the working tree against HEAD, and a sed variant of it):
#   git diff -R HEAD -- src > .variants/base.patch
#   bash scripts/device_variants.sh new= base=%.variants/base.patch \
#     'b2=s/constexpr int kFp4StageBatch = 4;/constexpr int kFp4StageBatch = 2;/'
# .variants/ is git-ignored: pass it to the device tool with carry. The device's own git state may
# be stale, so save old versions here rather than running git show there.
# VARIANT_CMD="scripts/time_shapes.py" runs that Python script in each copy instead of the bench
# (for diagnostic variants whose output is wrong on purpose) and prints its output;
# VARIANT_CMD="-m pytest -q -x tests/test_gpu_kernel.py" runs the kernel tests in each copy.
# VARIANT_ENVS="NVFP4_GEMV_SPANS=1 -" repeats VARIANT_CMD under each assignment ("-": none).
# VARIANT_TAIL=N prints the last N lines of each VARIANT_CMD output (default 12).
# VARIANT_ORDER="base new new base" runs VARIANT_CMD for the named copies in that order (an A/B in
# two orders, as BENCHMARKS.md's runs time them; default: each copy once, in argument order), e.g.
# VARIANT_CMD="scripts/ab_shapes.py 20 7168x16384,4096x14336 floors" (fp16 / bf16 x at one column).
# VARIANT_CMD may name a script outside scripts/ and tests/ by its absolute path ($PWD/docs/...).
# VARIANT_REUSE=1 keeps copies already built under $WORK by an earlier call on the same machine.
set -uo pipefail
OUT=${OUT:-$PWD/.out}
WORK=${WORK:-/tmp/nvfp4_variants}
mkdir -p "$OUT" "$WORK"
export PYTHONUNBUFFERED=1
PY=${PYTHON:-python3}
names=()
for spec in "$@"; do
  name=${spec%%=*}; edit=${spec#*=}; names+=("$name")
  [ -n "${VARIANT_REUSE:-}" ] && [ -d "$WORK/$name/cache" ] && continue
  rm -rf "$WORK/$name"; mkdir -p "$WORK/$name"; cp -r src "$WORK/$name/"
  csrc="$WORK/$name/src/nvfp4_gemv/csrc"
  if [[ $edit == @* ]]; then cp "${edit#@}" "$csrc/gemv_kernels.cu"
  elif [[ $edit == %* ]]; then
    IFS=, read -ra patch_files <<< "${edit#%}"
    for patch_file in "${patch_files[@]}"; do
      patch_file=$(realpath "$patch_file") && (cd "$WORK/$name" && git apply --include='src/*' "$patch_file") || exit 1
    done
  elif [ -n "$edit" ]; then sed -i "$edit" "$csrc"/*.cu "$csrc"/*.cuh; fi
  (cd "$WORK/$name" && NVFP4_GEMV_CACHE_DIR="$WORK/$name/cache" PYTHONPATH=src $PY -m nvfp4_gemv build \
     > "$WORK/$name/build.log" 2>&1; echo "built $name: exit $?") &
done
wait
if [ -n "${VARIANT_CMD:-}" ]; then
  for env_spec in ${VARIANT_ENVS:--}; do
    [ "$env_spec" = - ] && env_spec=NVFP4_GEMV_VARIANT_ENV=none
    for name in ${VARIANT_ORDER:-${names[@]}}; do
      echo "== $name ($env_spec)"
      (cd "$WORK/$name" && cp -r "$OLDPWD/scripts" "$OLDPWD/tests" "$OLDPWD/pyproject.toml" . && env "$env_spec" \
         NVFP4_GEMV_CACHE_DIR="$WORK/$name/cache" PYTHONPATH=src $PY $VARIANT_CMD 2>&1 | tail -n ${VARIANT_TAIL:-12})
    done
  done
  exit 0
fi
for name in "${names[@]}"; do
  (cd "$WORK/$name" && NVFP4_GEMV_CACHE_DIR="$WORK/$name/cache" PYTHONPATH=src \
     $PY -m nvfp4_gemv bench --all --no-baselines --reps ${REPS:-20} --json "$OUT/var_$name.json" \
     > "$WORK/$name/bench.txt" 2>&1; echo "bench $name: exit $?"; tail -n 3 "$WORK/$name/bench.txt")
done
specs=()
for name in "${names[@]}"; do specs+=("$name=$OUT/var_$name.json"); done
$PY scripts/bench_table.py "${specs[@]}"
