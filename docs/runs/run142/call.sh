#!/usr/bin/env bash
# Run 142: bash scripts/device_run.sh full on the commit with the imma item (all tests, the kernel
# tests with the ring, the k spans and imma forced, and with imma off; memcheck; the benches).
bash scripts/device_run.sh full
