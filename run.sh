#!/usr/bin/env bash
# Set-up and entry point. `bash run.sh`: the main job (GPU: check + benchmark; no GPU: the CPU
# reference path). `bash run.sh test`: the test suite. Creates .venv on first use (it sees a
# system-wide torch; without one it installs torch 2.13.0).
set -euo pipefail
cd "$(dirname "$0")"
VENV=${NVFP4_VENV:-.venv}
[ -x "$VENV/bin/python" ] || python3 -m venv --system-site-packages "$VENV"
PY="$VENV/bin/python"
"$PY" -c "import torch" 2>/dev/null || "$PY" -m pip install -q "torch==2.13.0"
"$PY" -c "import nvfp4_gemv, pytest" 2>/dev/null || "$PY" -m pip install -q -e ".[test]"
case "${1:-run}" in
  test) exec "$PY" -m pytest -q tests "${@:2}" ;;
  run) exec "$PY" -m nvfp4_gemv run "${@:2}" ;;
  *) echo "usage: bash run.sh [run|test]" >&2; exit 2 ;;
esac
