"""How long the suite's long tests took in a recorded run: a hint for the order in which
tests/conftest.py hands xdist its groups (longest first), nothing more.

The figures (`durations.json`) are the setup + call + teardown seconds pytest reported for
each test in a named run of `bash scripts/test.sh --durations=N` (its "slowest durations"
lists): wall seconds on a loaded machine, not a measurement to quote. A test missing from
the file (new, renamed, or short) counts as `SHORT`; a stale figure only makes the order
worse, never a result different. Refresh it from a run's output:

    bash scripts/test.sh --durations=150 2>&1 | tee /tmp/suite.log
    .venv/bin/python tests/helpers/durations.py /tmp/suite.log "what the run was"
"""

from __future__ import annotations

import json
import re
import sys
from functools import cache
from pathlib import Path

FILE = Path(__file__).with_name("durations.json")
SHORT = 0.3
"""Seconds assumed for a test the file does not list (most tests take a fraction of one)."""

_LINE = re.compile(r"^\s*(\d+(?:\.\d+)?)s (setup|call|teardown)\s+(\S.*?)\s*$")
_GROUP = re.compile(r"@(alone|module|fixture)-[^@]*$")  # the xdist group suffix of a node id
KEEP = 1.0
"""Tests under this many seconds are left out of the file (they would count as SHORT)."""


@cache
def _seconds() -> dict[str, float]:
    try:
        return json.loads(FILE.read_text(encoding="utf-8"))["seconds"]
    except (OSError, ValueError, KeyError):
        return {}


def estimate(nodeid: str) -> float:
    """The recorded seconds of the test `nodeid` (without its xdist group), else SHORT."""
    return _seconds().get(nodeid, SHORT)


def parse(text: str) -> dict[str, float]:
    """nodeid -> setup + call + teardown seconds, from pytest's "slowest durations" lines."""
    seconds: dict[str, float] = {}
    for line in text.splitlines():
        match = _LINE.match(line)
        if match:
            nodeid = _GROUP.sub("", match.group(3))
            seconds[nodeid] = seconds.get(nodeid, 0.0) + float(match.group(1))
    return seconds


def main(log: Path, run: str) -> None:
    seconds = {k: round(v, 1) for k, v in sorted(parse(log.read_text()).items())
               if v >= KEEP}
    FILE.write_text(json.dumps({"run": run, "seconds": seconds}, indent=1) + "\n",
                    encoding="utf-8")
    print(f"{FILE}: {len(seconds)} tests of {KEEP} s or more")


if __name__ == "__main__":
    main(Path(sys.argv[1]), sys.argv[2])
