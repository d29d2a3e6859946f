"""A reader that stops early (`sheetgen list | head`) is not a failure of the command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

MAIN = "from sheetgen.cli import main; main()"


@pytest.mark.parametrize("args", [["list"], ["icons"], ["elements"]])
def test_a_closed_stdout_ends_quietly_with_status_0(args):
    env = dict(os.environ, PYTHONPATH=str(REPO))
    proc = subprocess.Popen([sys.executable, "-c", MAIN, *args], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the reader is gone before the first line is written
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0, err
    assert err == ""


def test_an_open_stdout_still_gets_everything():
    env = dict(os.environ, PYTHONPATH=str(REPO))
    done = subprocess.run([sys.executable, "-c", MAIN, "list"], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0
    assert "captains-curse/island-sheet" in done.stdout
