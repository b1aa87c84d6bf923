# Sourced by a device call script that answers a question of one GPU kind only:
#   source scripts/only_on_gpu.sh H200
# On a GPU whose name lacks that word it writes "not an H200 (NAME): nothing run" to $OUT/env.txt
# and on stdout, and ends the calling script with exit 0 (the call costs the machine's start, not
# a build); on that kind it returns and the script goes on. Needs OUT set and created.
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)
case "$gpu" in
  *"$1"*) ;;
  *) echo "not an $1 ($gpu): nothing run" | tee "$OUT/env.txt"; exit 0 ;;
esac
