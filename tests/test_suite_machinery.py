"""The suite's own machinery (tests/helpers): files shared by the xdist workers of a run are
built once whoever asks, and the recorded durations that order the groups are read back
from pytest's report as they were written."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest
from helpers.durations import SHORT, estimate, parse
from helpers.session_files import SessionFiles


def _ask(folder: str, log: str, name: str) -> bytes:
    """In a process of its own: read `name` (a pad and its extra file), building it slowly
    and recording who built it."""

    def build():
        with open(log, "a") as f:
            f.write(f"{os.getpid()}\n")
        time.sleep(1.0)  # long enough for the other process to ask meanwhile
        return {"pad:x:a2": b"pad by %d" % os.getpid(), "pad:x:a2-board": b"board"}

    return SessionFiles(Path(folder)).read(name, build, lock="pad:x:a2")


def test_workers_asking_at_once_build_once(tmp_path):
    """Two workers asking together for a pad and its extra file: one builds, the other waits
    and reads the same bytes."""
    log = tmp_path / "built.log"
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        pad, board = pool.starmap(_ask, [(str(tmp_path), str(log), "pad:x:a2"),
                                         (str(tmp_path), str(log), "pad:x:a2-board")])
    assert len(log.read_text().split()) == 1
    assert board == b"board"
    assert pad == f"pad by {log.read_text().split()[0]}".encode()
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".lock")) == [
        "built.log", "pad%3Ax%3Aa2", "pad%3Ax%3Aa2-board"]


def test_a_build_that_does_not_make_the_file_is_an_error(tmp_path):
    with pytest.raises(KeyError, match="did not make"):
        SessionFiles(tmp_path).path("render:a", lambda: {"render:b": b""})


def test_durations_are_summed_per_test_without_the_xdist_group():
    report = """\
============================ slowest 100 durations =============================
166.27s call     tests/a.py::test_long@alone-514
15.44s setup    tests/b.py::test_wheel[x y]@module-tests/b.py
1.00s call     tests/b.py::test_wheel[x y]@module-tests/b.py
0.50s teardown tests/c.py::test_mail[a@b]@alone-3
2225 passed, 2 skipped in 541.96s (0:09:01)"""
    assert parse(report) == {"tests/a.py::test_long": 166.27,
                             "tests/b.py::test_wheel[x y]": pytest.approx(16.44),
                             "tests/c.py::test_mail[a@b]": 0.5}


def test_a_test_without_a_recorded_duration_counts_as_short():
    assert estimate("tests/nowhere.py::test_not_recorded") == SHORT
