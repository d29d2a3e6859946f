"""Studio sessions: one browser tab's state for each page it opened, and its background jobs.

Each browser tab asks for its own session (the page keeps the id in sessionStorage, which
is per tab), so two tabs never see each other's work. A session holds, per page (game), the
state that page's `new_state()` made, and the jobs it started, one per kind. Sessions live
in memory only, are capped in number and expire when idle; nothing is written to disk
except what a user downloads, which is built in memory and sent.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .jobs import Job

MAX_SESSIONS = 64
IDLE_SECONDS = 2 * 3600


@dataclass
class Session:
    id: str
    states: dict[str, Any] = field(default_factory=dict)  # page name -> its state
    jobs: dict[tuple[str, str], Job] = field(default_factory=dict)  # (page, kind) -> job
    touched: float = field(default_factory=time.monotonic)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def state(self, page: str, new: Callable[[], Any]) -> Any:
        """The page's state in this session, made on first use."""
        with self.lock:
            if page not in self.states:
                self.states[page] = new()
            return self.states[page]

    def start(self, page: str, kind: str, target: Callable[..., Any],
              args: tuple[Any, ...] = (), on_done: Callable[[Job], None] | None = None) -> Job:
        """A background job for the page (`target(report, *args)` in a child process, see
        jobs.py); the page's previous job of that kind is cancelled. Every job is the
        session's: closing the session stops it, whatever its kind."""
        with self.lock:
            old = self.jobs.get((page, kind))
            if old is not None:
                old.cancel()
            job = self.jobs[(page, kind)] = Job(kind, target, tuple(args), on_done)
            return job

    def job(self, page: str, kind: str) -> Job | None:
        with self.lock:
            return self.jobs.get((page, kind))

    def close(self) -> None:
        """The session is gone (evicted or expired): stop every job it started."""
        with self.lock:
            for job in self.jobs.values():
                job.cancel()
            self.jobs.clear()
            self.states.clear()


class SessionStore:
    """At most MAX_SESSIONS sessions; the least recently used goes first, idle ones expire."""

    def __init__(self, limit: int = MAX_SESSIONS, idle: float = IDLE_SECONDS) -> None:
        self._sessions: OrderedDict[str, Session] = OrderedDict()
        self._limit = limit
        self._idle = idle
        self._lock = threading.Lock()

    def new(self) -> Session:
        with self._lock:
            self._expire()
            while len(self._sessions) >= self._limit:
                _, old = self._sessions.popitem(last=False)
                old.close()
            session = Session(secrets.token_urlsafe(16))
            self._sessions[session.id] = session
            return session

    def get(self, session_id: str) -> Session | None:
        with self._lock:
            session = self._sessions.get(session_id)
            if session is not None:
                session.touched = time.monotonic()
                self._sessions.move_to_end(session_id)
            return session

    def __len__(self) -> int:
        return len(self._sessions)

    def _expire(self) -> None:
        now = time.monotonic()
        for sid in [s for s, v in self._sessions.items() if now - v.touched > self._idle]:
            self._sessions.pop(sid).close()
