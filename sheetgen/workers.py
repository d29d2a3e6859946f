"""Worker process pools that never outlive their parent and leave Ctrl-C to it; and the one
way to reach a dask.distributed cluster (`--scheduler`), for pads and simulations alike.

`pad --jobs 2`, `simulate --jobs 2` and `rulebook --all` spread work over processes. Two
things go wrong with a bare ProcessPoolExecutor: killing the parent (`kill -9`, a closed
terminal) leaves the workers computing for minutes, and Ctrl-C reaches every process of the
terminal's group, so each worker prints its own KeyboardInterrupt traceback. Workers made
here ignore SIGINT (the parent stops them) and die with their parent: on Linux the kernel
sends them SIGTERM when the parent exits (prctl PR_SET_PDEATHSIG); elsewhere a watchdog
thread polls the parent's pid once a second.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TypeVar

PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            if libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0) == 0:
                if os.getppid() != parent:  # the parent died before prctl took effect
                    os._exit(1)
                return
        except (OSError, AttributeError):
            pass

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watchdog", daemon=True).start()


def _start_worker(parent: int, budgets: dict[str, int], allowed: list[Any],
                  initializer: Callable[..., Any] | None, initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGTERM kills a worker outright, whatever handler the parent had when it forked (the
    # pad command's turns SIGTERM into a clean exit): it is how the parent's death reaches it
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)
    from sheetgen import access, limits

    limits._values.update(budgets)  # --limit and --allow-path hold in the workers too
    access.allow(allowed)
    if initializer is not None:
        initializer(*initargs)


class WorkerPool(ProcessPoolExecutor):
    """A pool whose `with` block, left by an exception (Ctrl-C in the parent, an error),
    stops at once: queued work is cancelled and running workers are terminated, instead of
    the executor's default of finishing every queued task first."""

    def __exit__(self, exc_type: Any, exc: Any, tb: Any) -> bool:
        if exc_type is None:
            return bool(super().__exit__(exc_type, exc, tb))
        processes = list((getattr(self, "_processes", None) or {}).values())
        # Taken before shutdown, which forgets the thread (sets the attribute to None)
        manager = getattr(self, "_executor_manager_thread", None)
        self.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            if process.is_alive():
                process.terminate()
        for process in processes:
            process.join(timeout=5)
        # The executor's manager thread sees the dead workers and closes its wake-up pipe. Let
        # it finish first: otherwise the interpreter's exit hook may write to that pipe while
        # it is being closed (a race in Python 3.11's concurrent.futures) and print an
        # "OSError: Bad file descriptor" traceback after a clean Ctrl-C.
        if manager is not None and manager is not threading.current_thread():
            manager.join(timeout=5)
        return False


def worker_pool(jobs: int, initializer: Callable[..., Any] | None = None,
                initargs: tuple[Any, ...] = ()) -> WorkerPool:
    """A process pool of `jobs` workers that exit when this process dies and ignore Ctrl-C;
    `initializer(*initargs)` runs in each worker after that setup."""
    from sheetgen import access, limits

    return WorkerPool(max_workers=jobs, initializer=_start_worker,
                      initargs=(os.getpid(), limits.settings(), access.allowed(), initializer,
                                initargs))


T = TypeVar("T")
R = TypeVar("R", covariant=True)


class HasResult(Protocol[R]):
    """A future: concurrent.futures.Future or distributed.Future."""

    def result(self) -> R: ...


def map_ahead(submit: Callable[[T], HasResult[R]], items: Iterable[T], ahead: int
              ) -> Iterator[R]:
    """The results of `submit(item)` for each item, in order, with at most `ahead` items
    submitted and not yet taken. `Executor.map` (and `client.map`) submit everything at
    once and keep every result until it is taken: a long run's results then pile up in
    memory while the consumer is busy. Here the workers stay `ahead` items in front of the
    consumer and no further."""
    if ahead < 1:
        raise ValueError("ahead must be at least 1")
    pending: deque[HasResult[R]] = deque()
    for item in items:
        pending.append(submit(item))
        if len(pending) >= ahead:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


@contextlib.contextmanager
def dask_client(scheduler: str, jobs: int = 1) -> Iterator[Any]:
    """A dask.distributed Client for `--scheduler`: `local` starts a LocalCluster of `jobs`
    worker processes (closed with the block), `tcp://HOST:PORT` (or tls://, ws://, wss://,
    inproc://) connects to a running scheduler whose workers have the same sheetgen
    installed. A missing package, a malformed address or an unreachable scheduler is a
    SheetgenError with a hint."""
    from sheetgen.errors import SheetgenError

    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise SheetgenError("--scheduler needs dask.distributed",
                            hint="pip install 'sheetgen[cluster]' (or: pip install distributed)"
                            ) from None
    cluster = None
    try:
        if scheduler == "local":
            cluster = LocalCluster(n_workers=max(jobs, 1), threads_per_worker=1,
                                   processes=True, dashboard_address=None)
            client = Client(cluster)
        elif scheduler.startswith(("tcp://", "tls://", "ws://", "wss://", "inproc://")):
            client = Client(scheduler, timeout="20s")
        else:
            raise SheetgenError(f"--scheduler {scheduler!r}: expected tcp://HOST:PORT or local",
                                hint="start one with `dask scheduler`, then "
                                     "`dask worker tcp://HOST:8786` on each machine")
    except OSError as err:
        raise SheetgenError(f"cannot reach the dask scheduler at {scheduler}: {err}",
                            hint="is `dask scheduler` running there, and the port open?"
                            ) from None
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
