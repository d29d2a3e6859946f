"""The suite's own machinery (tests/helpers): files shared by the xdist workers of a run are
built once whoever asks, the recorded durations that order the groups are read back from
pytest's report as they were written, and the slow step skips only files without slow
tests."""

from __future__ import annotations

import multiprocessing
import os
import time
from pathlib import Path

import pytest
from helpers.durations import SHORT, estimate, parse
from helpers.session_files import SessionFiles
from helpers.slow_step import hidden_slow_tests, skipped_in_slow_step


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


def test_the_slow_step_skips_only_test_files_that_never_name_the_slow_mark(tmp_path):
    files = {"test_marked.py": "pytestmark = pytest.mark.slow\n",
             "test_param.py": "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest"
                              ".mark.slow)])\ndef test_x(x): pass\n",
             "test_plain.py": "def test_x():\n    assert 'slow' != 'mark slow'\n",
             "conftest.py": "", "helpers.py": ""}
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    assert [n for n in files if skipped_in_slow_step(tmp_path / n)] == ["test_plain.py"]


class _Item:
    def __init__(self, path: Path, slow: bool):
        self.path, self.nodeid, self.slow = path, f"{path.name}::test_x", slow

    def get_closest_marker(self, name: str) -> object | None:
        return object() if self.slow and name == "slow" else None


def test_a_slow_test_in_a_file_the_slow_step_skips_is_named(tmp_path):
    """A test marked slow where the slow step does not look (a mark under another name):
    the first step refuses the suite (tests/conftest.py) rather than let it leave CI."""
    named, other = tmp_path / "test_named.py", tmp_path / "test_other.py"
    named.write_text("pytestmark = pytest.mark.slow\n")
    other.write_text("SLOW = getattr(pytest.mark, 'sl' + 'ow')\n")
    items = [_Item(named, True), _Item(other, False), _Item(other, True)]
    assert hidden_slow_tests(items) == ["test_other.py::test_x"]
    assert hidden_slow_tests(items[:2]) == []
