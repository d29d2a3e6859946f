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

# Without pip: ensurepip installing and compiling pip took 8 s of CPU (over 20 s of wall time
# on a busy machine); uv puts a pip into it below in a fraction of that.
if [ ! -x .venv/bin/python ]; then
  python3 -m venv --without-pip .venv
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

# The packages are installed by uv (https://docs.astral.sh/uv/, a static binary from PyPI):
# from an empty cache it fetches and installs them in about 20 s of wall time and 9 s of CPU,
# where pip took 1 min 30 s and 62 s (it resolves one package at a time and compiles every
# module it installs; uv downloads in parallel, and Python compiles what is imported on its
# first import). The uv used: .venv's own (an earlier run installed it), else one on PATH,
# else it is installed into .venv with the pip there is (.venv's, or python3's pointed at
# .venv with --python). uv reads its own settings (UV_INDEX_URL, uv.toml), not pip's: where
# packages come only from a mirror configured for pip, or uv cannot be had, pip installs
# everything as before (SHEETGEN_INSTALLER=pip chooses it).
packages=".[studio]"
if [ "$extra" = "test" ]; then packages=".[studio,test]"; fi
uv=""
if [ "${SHEETGEN_INSTALLER:-uv}" != "pip" ]; then
  if [ -x .venv/bin/uv ]; then
    uv=.venv/bin/uv
  elif command -v uv >/dev/null 2>&1; then
    uv=$(command -v uv)
  else
    log=$(mktemp)
    if { .venv/bin/python -m pip --version >/dev/null 2>&1 &&
         .venv/bin/python -m pip install -q uv; } >"$log" 2>&1 ||
       { python3 -m pip --version >/dev/null 2>&1 &&
         python3 -m pip --python .venv/bin/python install -q uv; } >"$log" 2>&1; then
      uv=.venv/bin/uv
    else
      echo "sheetgen setup: uv could not be installed, installing with pip (slower):" >&2
      tail -n 3 "$log" >&2
    fi
    rm -f "$log"
  fi
fi
# constraints.txt pins the exact versions the tests passed with (scripts/lock.py writes it).
# pip comes along: the tests' packaging checks and `python -m build` use .venv's pip.
installed=no
if [ -n "$uv" ]; then
  if "$uv" pip install -q --python .venv/bin/python -c constraints.txt pip -e "$packages"; then
    installed=yes
  else
    echo "sheetgen setup: uv failed (above), installing with pip instead" >&2
  fi
fi
if [ "$installed" = no ]; then
  .venv/bin/python -m pip --version >/dev/null 2>&1 || .venv/bin/python -m ensurepip >/dev/null
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null
  .venv/bin/python -m pip install -q -c constraints.txt -e "$packages"
fi
installed_state > "$stamp"
