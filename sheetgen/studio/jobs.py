"""Background work with progress a page can watch and a button can cancel.

A `Job` runs one function in a daemon thread; the function reports progress through
`job.report(**fields)` and checks `job.cancelled` between steps (verification games are
played in chunks, a pad island by island). The page follows `job.snapshot()` as
server-sent events. Numba's compiled games hold the interpreter for one chunk only (a few
milliseconds), so other requests are served between chunks.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from sheetgen.errors import SheetgenError

MAX_CONCURRENT_JOBS = 4
_SLOTS = threading.BoundedSemaphore(MAX_CONCURRENT_JOBS)


class Job:
    def __init__(self, kind: str, work: Callable[[Job], Any]) -> None:
        self.kind = kind
        self.state = "queued"  # queued | running | done | failed | cancelled
        self.progress: dict[str, Any] = {}
        self.result: Any = None
        self.error: str | None = None
        self.version = 0
        self._cancel = threading.Event()
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, args=(work,), daemon=True,
                                        name=f"studio-{kind}")
        self._thread.start()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    def cancel(self) -> None:
        self._cancel.set()

    def report(self, **fields: Any) -> None:
        with self._changed:
            self.progress.update(fields)
            self.version += 1
            self._changed.notify_all()

    def _finish(self, state: str) -> None:
        with self._changed:
            self.state = state
            self.version += 1
            self._changed.notify_all()

    def _run(self, work: Callable[[Job], Any]) -> None:
        with _SLOTS:  # a few jobs at a time: the machine has few cores
            if self.cancelled:
                self._finish("cancelled")
                return
            self._finish("running")
            try:
                self.result = work(self)
            except SheetgenError as err:
                self.error = err.message + (f" ({err.hint})" if err.hint else "")
                self._finish("failed")
                return
            except Exception as err:  # noqa: BLE001 - reported to the page, never raised
                self.error = f"internal error: {type(err).__name__}: {err}"
                self._finish("failed")
                return
            self._finish("cancelled" if self.cancelled else "done")

    def wait_change(self, seen: int, timeout: float) -> int:
        """Block until the job changes after version `seen` (or timeout); the new version."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while self.version == seen and self.state not in ("done", "failed", "cancelled"):
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
            return self.version

    def snapshot(self) -> dict[str, Any]:
        with self._changed:
            return {"kind": self.kind, "state": self.state, "error": self.error,
                    **self.progress}
