#!/usr/bin/env bash
# Installs the test dependencies and runs the whole suite, then the linter.
#
# The suite runs on every core (pytest-xdist, `-n auto`) in two steps that always both run:
# first the tests not marked slow (a failure there shows within minutes), then the slow ones
# (packaging, simulations, fuzz campaigns, rulebook renders; `slow` in pyproject.toml). The
# exit status is the first failing step's. Arguments go to both steps:
#     bash scripts/test.sh tests/cli -x        # a folder, stop at the first failure
#     SHEETGEN_TEST_WORKERS=0 bash scripts/test.sh   # in one process, no xdist
# `--dist loadgroup` with the groups tests/conftest.py gives keeps each costly fixture a
# module shares (the installed wheel) built once per step, not once per worker, and hands
# out the longest groups first; rulebook renders and bundled outputs are files the workers
# share (tests/helpers/session_files.py), built once per run whichever worker asks, in a
# folder made here for both steps and removed when the script ends (a fresh one each run,
# so nothing in it can be stale): a file the first step made serves the second.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh test
.venv/bin/ruff check sheetgen tests benchmarks

# The suite starts many Python processes (the xdist workers, each step, the CLI tests'
# subprocesses); with bytecode writing switched off each of them compiles every module and
# rewrites every test's asserts again (collection alone took twice the CPU). The .pyc files
# go to __pycache__ folders, which git ignores.
unset PYTHONDONTWRITEBYTECODE

SHEETGEN_TEST_RUN_FILES="$(mktemp -d "${TMPDIR:-/tmp}/sheetgen-test-run-XXXXXX")"
export SHEETGEN_TEST_RUN_FILES
trap 'rm -rf "$SHEETGEN_TEST_RUN_FILES"' EXIT

workers="${SHEETGEN_TEST_WORKERS:-auto}"
status=0
ran=0
for step in "not slow" "slow"; do
  echo "== scripts/test.sh: pytest -m \"$step\" -n $workers"
  rc=0
  .venv/bin/python -m pytest -n "$workers" --dist loadgroup -m "$step" "$@" || rc=$?
  case "$rc" in
    0) ran=1 ;;
    5) ;;  # this step selected no test (a folder without slow tests): not a failure alone
    *) [ "$status" -ne 0 ] || status=$rc ;;
  esac
done
if [ "$status" -eq 0 ] && [ "$ran" -eq 0 ]; then
  status=5  # neither step ran a test
fi
exit "$status"
