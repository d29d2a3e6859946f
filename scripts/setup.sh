#!/usr/bin/env bash
# Installs everything sheetgen needs on a fresh Debian/Ubuntu machine: the system tools the
# print checks and weasyprint use, then a virtual environment in .venv with the package.
# Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."
extra="${1:-}"   # "test" adds the test dependencies

debs=(poppler-utils qpdf libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 libharfbuzz0b python3-venv)
# The studio's browser tests drive Debian's own Chromium (no browser download).
if [ "$extra" = "test" ]; then debs+=(chromium chromium-driver); fi
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for d in "${debs[@]}"; do
    dpkg-query -W -f='${Status}' "$d" 2>/dev/null | grep -q "install ok installed" || missing+=("$d")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "sheetgen setup: installing Debian packages: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi

# Everything the Python install below depends on, as one digest kept in the environment: the
# checkout's path (the editable install points at it), the extra, the Python, pyproject.toml,
# constraints.txt and this script, every distribution installed (names and versions) and
# where the editable install points (another checkout sharing this .venv may have installed
# itself there since).
# The same digest as the last install that ended well: nothing to do (pip's own check, a
# rebuild of the editable install included, took 10 s of every `scripts/test.sh`).
site=$(.venv/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
installed_state() {
  {
    printf 'extra=%s checkout=%s\n' "$extra" "$(pwd -P)"
    .venv/bin/python -VV
    cat pyproject.toml constraints.txt scripts/setup.sh
    ls -d "$site"/*.dist-info
    cat "$site"/__editable__*sheetgen*.py "$site"/__editable__*sheetgen*.pth 2>/dev/null || true
  } | sha256sum | cut -d' ' -f1
}
stamp=.venv/sheetgen-setup.done
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$(installed_state)" ]; then
  exit 0
fi
rm -f "$stamp"
.venv/bin/python -m pip install -q --upgrade pip >/dev/null
# constraints.txt pins the exact versions the tests passed with (scripts/lock.py writes it).
if [ "$extra" = "test" ]; then
  .venv/bin/python -m pip install -q -c constraints.txt -e ".[studio,test]"
else
  .venv/bin/python -m pip install -q -c constraints.txt -e ".[studio]"
fi
installed_state > "$stamp"
