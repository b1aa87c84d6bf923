#!/usr/bin/env bash
# Run 151: bash scripts/device_run.sh full on the commit with the tiled format's lane-order scales
# (all tests, the kernel tests with the ring, the k spans and imma forced, and with imma off;
# memcheck; the benches).
bash scripts/device_run.sh full
