"""Files built once per test run and shared by every xdist worker of that run.

A rulebook render or a bundled pad costs seconds to tens of seconds. Held in a session
fixture, each worker built its own copy, so the suite kept every test that asked for one on
a single worker (an xdist group of about 60 rulebook tests and one of about 40 preflight
tests, three minutes each, run serially while the other core idled). Kept here instead, in
a folder the controller makes for the run (`tests/conftest.py` passes it to each worker),
the first worker to ask builds the file while holding its lock, a worker asking for the
same file meanwhile waits and reads it, and the tests can run on any worker. Nothing
outlives the run, so nothing can be stale: the folder is removed when the run ends.
`scripts/test.sh` makes one folder for both its pytest steps (`$SHEETGEN_TEST_RUN_FILES`)
and removes it at its end, so a file the first step made serves the second.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import quote

from sheetgen.atomic import write_bytes
from sheetgen.cache import made_once


class SessionFiles:
    """`path(name, build)`: the file `name` in `folder`, built by `build()` if no worker has
    built it yet in this run."""

    def __init__(self, folder: Path):
        self.folder = folder

    def _file(self, name: str) -> Path:
        return self.folder / quote(name, safe="")  # one file name per name, no folders

    def path(self, name: str, build: Callable[[], Mapping[str, bytes]],
             lock: str | None = None) -> Path:
        """The file `name`. `build()` returns the bytes of `name` and of any other file the
        same work makes (a pad's extra files), all written; `lock` names the work when
        several names come from it, so it runs once whichever of them is asked first."""
        path = self._file(name)
        if path.is_file():
            return path
        with made_once(self._file(lock or name)):  # another worker building it: wait, read
            if not path.is_file():
                for made, data in build().items():
                    write_bytes(self._file(made), data)  # a reader never sees half a file
        if not path.is_file():
            raise KeyError(f"building {lock or name} did not make {name}")
        return path

    def read(self, name: str, build: Callable[[], Mapping[str, bytes]],
             lock: str | None = None) -> bytes:
        """The bytes of `path(name, build, lock)`."""
        return self.path(name, build, lock).read_bytes()
