#!/usr/bin/env bash
# Installs the test dependencies and runs the whole suite, then the linter.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
.venv/bin/ruff check sheetgen tests benchmarks
.venv/bin/python -m pytest "$@"
