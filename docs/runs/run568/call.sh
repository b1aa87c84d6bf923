#!/usr/bin/env bash
# Run 568 (ninety-second session): run 567's call again, asked of an H200 (kind nvidia-h200) and
# given another H100 (the device tool places a call without needs_h200 on either card; run 567's
# prediction was for the H200). Output: docs/runs/run568/out/ (run_sh.txt again left out of the
# returned files by their count; the call's printed tail has its table).
# Usage (device, from the repo root): bash docs/runs/run568/call.sh  (OUT: where the output goes)
exec bash "$(dirname "$0")/../run567/call.sh"
