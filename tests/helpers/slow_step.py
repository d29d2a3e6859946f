"""Which test files the slow step collects.

scripts/test.sh runs the suite in two steps, `-m "not slow"` and then `-m slow`. Each step's
workers collected all ~2,400 tests to keep the ~170 slow ones in the second: about 6 s of
CPU per worker, for tests that are then deselected. Every slow test here is marked with
`pytest.mark.slow` in its own file (a module's `pytestmark`, a decorator or a parameter's
`marks=`), so the slow step skips, unread by pytest, the test files that never name that
mark (`tests/conftest.py`, `pytest_ignore_collect`).

A test marked slow some other way (a conftest hook, a mark imported under another name)
would silently leave CI; the first step, which collects every test, refuses to run such a
suite instead (`hidden_slow_tests`, called by `tests/conftest.py`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest

SLOW_MARK = re.compile(r"\bmark\.slow\b")
HIDDEN_SLOW = "hidden-slow-test"
"""The file in the run's shared folder where an xdist worker names such a test (its own
exit would not stop the run; the controller, which reads it, does)."""


def is_slow_step(config: pytest.Config) -> bool:
    """Whether this run selects the slow tests alone (`-m slow`, the suite's second step)."""
    return (config.getoption("markexpr", "") or "").strip() == "slow"


@cache
def names_the_mark(path: Path) -> bool:
    """Whether the file's text names `mark.slow` (a file that cannot be read is kept)."""
    try:
        return SLOW_MARK.search(path.read_text(encoding="utf-8", errors="replace")) is not None
    except OSError:
        return True


def skipped_in_slow_step(path: Path) -> bool:
    """Whether the slow step leaves the file uncollected: a test module (`test_*.py`) that
    never names the slow mark."""
    return path.suffix == ".py" and path.name.startswith("test_") and not names_the_mark(path)


def hidden_slow_tests(items: Iterable[pytest.Item]) -> list[str]:
    """The node ids of tests marked slow in files the slow step skips: they would run in
    neither step."""
    return [item.nodeid for item in items
            if item.get_closest_marker("slow") is not None
            and skipped_in_slow_step(Path(item.path))]


def hidden_message(nodeid: str) -> str:
    return (f"{nodeid} is marked slow, but its file never names `mark.slow`, so the slow "
            "step (-m slow) would not collect it (tests/helpers/slow_step.py): mark it with "
            "pytest.mark.slow in its own file")
