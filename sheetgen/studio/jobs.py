"""Background work with progress a page can watch and a button can cancel.

A `Job` runs one top-level function in a child process: `target(report, *args)`, where
`report(**fields)` sends progress back; its return value is the job's result. Why a process
and not a thread: pads and verification are CPU-bound Python, and threads in the server
share one interpreter lock, so four pads made every click wait seconds. A child process at
a lower priority (nice) leaves the server's process free to answer at once, and cancelling
is exact: the child is killed (no cooperative checks to forget). Children come from a
forkserver (a clean process started once, never a fork of the threaded server) and die with
the server.

The page follows `job.snapshot()` as server-sent events; `await job.next_change(seen, t)`
waits for a change without holding any thread (the job's thread wakes the event loop), so
open streams cost nothing while they wait.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
from collections.abc import Callable
from typing import Any

from sheetgen.errors import SheetgenError

MAX_CONCURRENT_JOBS = 4
NICE = 10  # how much lower than the server a job's process runs
FINISHED = ("done", "failed", "cancelled")
_SLOTS = threading.BoundedSemaphore(MAX_CONCURRENT_JOBS)
_CONTEXT: Any = None
_CONTEXT_LOCK = threading.Lock()
_PRELOAD: list[str] = ["sheetgen.studio.jobs", "sheetgen.workers"]
"""Imported by the forkserver before it forks a job: this module (`_child` lives here) and
what `_child` imports first, so a job's process lowers its priority at once, then the pages'
modules (`preload`); then `sheetgen.studio.warm` loads the compiled code they define, so a
job's process does not load it again (2.7 s of CPU per Captain's Curse job)."""


def preload(modules: list[str]) -> None:
    """Modules the forkserver imports once, so a job's process starts warm (the pages'
    modules: their jobs' functions live there). Takes effect if no job has run yet."""
    for module in modules:
        if module not in _PRELOAD:
            _PRELOAD.append(module)


def _context() -> Any:
    global _CONTEXT
    with _CONTEXT_LOCK:
        if _CONTEXT is None:
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
                else "spawn"
            _CONTEXT = multiprocessing.get_context(method)
            if method == "forkserver":
                # Last, with the pages' modules loaded: their compiled code (warm.py).
                _CONTEXT.set_forkserver_preload([*_PRELOAD, "sheetgen.studio.warm"])
        return _CONTEXT


def start_forkserver() -> None:
    """Start the forkserver now rather than at the first job: it imports the pages' modules
    and loads their compiled code (`sheetgen.studio.warm`) while the user is still reading
    the page, so the first click gets a warm process like every later one. Starting it costs
    the server a fork and nothing else (the imports run in the forkserver). Call it after
    every page's modules are `preload`ed; without a forkserver (spawn) it does nothing."""
    if _context().get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


def _child(conn: Any, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
    """A job's process: lower priority, dies with the server, reports through `conn`."""
    from sheetgen.workers import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the server's to handle
    # The parent is the forkserver (or, under spawn, the server), which itself ends when
    # the server does: dying with it is dying with the server.
    die_with_parent(os.getppid())
    try:
        os.nice(NICE)
    except OSError:
        pass
    conn.send(("started", None))  # the job counts as running from here: at its priority

    def report(**fields: Any) -> None:
        conn.send(("progress", fields))

    try:
        result = target(report, *args)
    except SheetgenError as err:
        conn.send(("failed", err.message + (f" ({err.hint})" if err.hint else "")))
    except Exception as err:  # noqa: BLE001 - reported to the page, never raised
        conn.send(("failed", f"internal error: {type(err).__name__}: {str(err)[:300]}"))
    else:
        conn.send(("done", result))
    finally:
        conn.close()


class Job:
    """One background task of a session; see the module docstring."""

    def __init__(self, kind: str, target: Callable[..., Any], args: tuple[Any, ...] = (),
                 on_done: Callable[[Job], None] | None = None) -> None:
        self.kind = kind
        self.state = "queued"  # queued | running | done | failed | cancelled
        self.progress: dict[str, Any] = {}
        self.result: Any = None
        self.error: str | None = None
        self.version = 0
        self.pid: int | None = None
        self._on_done = on_done
        self._cancel = threading.Event()
        self._process: Any = None
        self._changed = threading.Condition()
        self._waiters: list[tuple[asyncio.AbstractEventLoop, asyncio.Future[None]]] = []
        self._thread = threading.Thread(target=self._run, args=(target, args), daemon=True,
                                        name=f"studio-{kind}")
        self._thread.start()

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def finished(self) -> bool:
        return self.state in FINISHED

    def cancel(self) -> bool:
        """Stop the job; True if it was still queued or running (False: already over)."""
        with self._changed:
            if self.finished:
                return False
            self._cancel.set()
            process = self._process
        if process is not None:
            try:
                process.kill()
            except (OSError, ValueError, AttributeError):
                pass
        return True

    def report(self, **fields: Any) -> None:
        with self._changed:
            self.progress.update(fields)
            self._bump()

    def _finish(self, state: str) -> None:
        with self._changed:
            self.state = state
            self._bump()

    def _bump(self) -> None:
        """A change: wake threads waiting in `wait_change` and streams in `next_change`."""
        self.version += 1
        self._changed.notify_all()
        for loop, future in self._waiters:
            try:
                loop.call_soon_threadsafe(_wake, future)
            except RuntimeError:  # that loop has closed
                pass
        self._waiters.clear()

    def _run(self, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
        with _SLOTS:  # a few jobs at a time: the machine has few cores
            if self.cancelled:
                self._finish("cancelled")
                return
            try:
                self._run_child(target, args)
            except Exception as err:  # noqa: BLE001 - the process could not even start
                self.error = f"internal error: {type(err).__name__}: {str(err)[:300]}"
                self._finish("failed")
        if self._on_done is not None and self.state == "done":
            self._on_done(self)

    def _run_child(self, target: Callable[..., Any], args: tuple[Any, ...]) -> None:
        ctx = _context()
        receiving, sending = ctx.Pipe(duplex=False)
        process = ctx.Process(target=_child, args=(sending, target, args),
                              daemon=True, name=f"studio-{self.kind}")
        with self._changed:
            if self.cancelled:
                self.state = "cancelled"
                self._bump()
                return
            process.start()
            self._process = process
            self.pid = process.pid
        sending.close()
        outcome: tuple[str, Any] | None = None
        try:
            while True:
                try:
                    kind, value = receiving.recv()
                except (EOFError, OSError):
                    break
                if kind == "started":
                    self._finish("running")
                elif kind == "progress":
                    self.report(**value)
                else:
                    outcome = (kind, value)
                    break
        finally:
            receiving.close()
            process.join(5)
            if process.is_alive():
                process.kill()
                process.join(5)
            process.close()
            self._process = None
        if self.cancelled:
            self._finish("cancelled")
        elif outcome is None:
            self.error = "internal error: the job's process ended without an answer"
            self._finish("failed")
        elif outcome[0] == "done":
            self.result = outcome[1]
            self._finish("done")
        else:
            self.error = outcome[1]
            self._finish("failed")

    def wait_change(self, seen: int, timeout: float) -> int:
        """Block until the job changes after version `seen` (or timeout); the new version.
        For threads and tests; a web stream uses `next_change`, which holds no thread."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.finished, timeout)
            return self.version

    async def next_change(self, seen: int, timeout: float) -> int:
        """Wait in the event loop, holding no thread, for a change after `seen`."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        with self._changed:
            if self.version != seen or self.finished:
                return self.version
            self._waiters.append((loop, future))
        try:
            await asyncio.wait_for(future, timeout)
        except TimeoutError:
            with self._changed:
                if (loop, future) in self._waiters:
                    self._waiters.remove((loop, future))
        return self.version

    def snapshot(self) -> dict[str, Any]:
        with self._changed:
            return {"kind": self.kind, "state": self.state, "error": self.error,
                    **self.progress}


def _wake(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)
