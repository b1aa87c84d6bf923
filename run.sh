#!/usr/bin/env bash
# Set-up and entry point. `bash run.sh`: the main job (GPU: check + benchmark; no GPU: the CPU
# reference path). `bash run.sh test`: the test suite. Where python3 already has torch, pytest and
# ninja (torch's extension builds need it) and no .venv exists (an offline GPU machine's
# environment, say), the package runs from the tree (PYTHONPATH=src; nothing to install: the
# extension is built on first use). Otherwise it creates .venv on first use (it sees a system-wide
# torch; without one it installs torch 2.13.0).
set -euo pipefail
cd "$(dirname "$0")"
VENV=${NVFP4_VENV:-.venv}
ready='import pytest, torch.utils.cpp_extension as c; c.verify_ninja_availability()'
if [ ! -x "$VENV/bin/python" ] && python3 -c "$ready" 2>/dev/null; then
  PY=python3
  export PYTHONPATH="$PWD/src${PYTHONPATH:+:$PYTHONPATH}"
  echo "run.sh: using $(command -v python3) (torch, pytest and ninja found; the package from src/, no .venv)" >&2
else
  [ -x "$VENV/bin/python" ] || python3 -m venv --system-site-packages "$VENV"
  PY="$VENV/bin/python"
  "$PY" -c "import torch" 2>/dev/null || "$PY" -m pip install -q "torch==2.13.0"
  "$PY" -c "import nvfp4_gemv, pytest" 2>/dev/null || "$PY" -m pip install -q -e ".[test]"
fi
case "${1:-run}" in
  test) exec "$PY" -m pytest -q tests "${@:2}" ;;
  run) exec "$PY" -m nvfp4_gemv run "${@:2}" ;;
  *) echo "usage: bash run.sh [run|test]" >&2; exit 2 ;;
esac
