"""sheetgen.workers: a pool left by an exception stops at once and leaves nothing running
that the interpreter's exit could race with."""

from __future__ import annotations

import time

import pytest

from sheetgen.workers import worker_pool


def _nap(seconds: float) -> float:
    time.sleep(seconds)
    return seconds


class _Stop(Exception):
    pass


def test_a_pool_left_by_an_exception_has_no_manager_thread_running_after_it():
    """The executor's manager thread owns a wake-up pipe that Python 3.11's exit hook writes
    to; if the thread is still closing it when the interpreter exits, the hook prints an
    "OSError: Bad file descriptor" traceback after a clean Ctrl-C (seen once in a full run of
    the Ctrl-C test). So the thread must have finished when the `with` block is left."""
    with pytest.raises(_Stop):
        with worker_pool(2) as pool:
            futures = [pool.submit(_nap, 30.0) for _ in range(4)]
            manager = pool._executor_manager_thread
            processes = list(pool._processes.values())
            assert manager is not None and manager.is_alive()
            raise _Stop
    assert not manager.is_alive()
    assert not any(p.is_alive() for p in processes)
    assert all(f.done() for f in futures)


def test_a_pool_left_normally_finishes_its_work():
    with worker_pool(2) as pool:
        futures = [pool.submit(_nap, 0.01) for _ in range(4)]
    assert [f.result() for f in futures] == [0.01] * 4
