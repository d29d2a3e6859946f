"""Files built once per test run and shared by every xdist worker of that run.

A rulebook render or a bundled pad costs seconds to tens of seconds. Held in a session
fixture, each worker built its own copy, so the suite kept every test that asked for one on
a single worker (an xdist group of about 60 rulebook tests and one of about 40 preflight
tests, three minutes each, run serially while the other core idled). Kept here instead, in
a folder the controller makes for the run (`tests/conftest.py` passes it to each worker),
the first worker to ask builds the file while holding its lock, a worker asking for the
same file meanwhile waits and reads it, and the tests can run on any worker. Nothing
outlives the run, so nothing can be stale: the folder is removed when the run ends.
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import quote


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
        held_name = self._file(lock or name)
        with open(held_name.with_name(held_name.name + ".lock"), "a") as held:
            fcntl.flock(held, fcntl.LOCK_EX)  # another worker building it: wait, then read
            if not path.is_file():
                for made, data in build().items():
                    target = self._file(made)
                    temporary = target.with_name(target.name + f".{os.getpid()}.part")
                    temporary.write_bytes(data)
                    os.replace(temporary, target)  # a reader never sees half a file
        if not path.is_file():
            raise KeyError(f"building {lock or name} did not make {name}")
        return path

    def read(self, name: str, build: Callable[[], Mapping[str, bytes]],
             lock: str | None = None) -> bytes:
        """The bytes of `path(name, build, lock)`."""
        return self.path(name, build, lock).read_bytes()
