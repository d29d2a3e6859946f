"""Studio sessions: one designer's island, its undo history, a game and background jobs.

Each browser tab asks for its own session (the page keeps the id in sessionStorage, which
is per tab), so two tabs never see each other's islands. Sessions live in memory only, are
capped in number and expire when idle; nothing is written to disk except what a user
downloads, which is built in memory and sent.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from sheetgen.games.captains_curse.ruleset import Ruleset

from .jobs import Job
from .play import BrowserGame

MAX_SESSIONS = 64
IDLE_SECONDS = 2 * 3600
MAX_HISTORY = 200


@dataclass
class Settings:
    seed: int
    difficulty: str = "normal"
    per_symbol: int = 6
    cell_area: float = 300.0


@dataclass
class Session:
    id: str
    settings: Settings | None = None
    island: dict[str, Any] | None = None
    verified: dict[str, Any] | None = None  # the last finished verification of `island`
    hidden_lines: set[str] = field(default_factory=set)
    undo: list[dict[str, Any]] = field(default_factory=list)
    redo: list[dict[str, Any]] = field(default_factory=list)
    game: BrowserGame | None = None
    verify_job: Job | None = None
    pad_job: Job | None = None
    ruleset: Ruleset = field(default_factory=Ruleset)
    touched: float = field(default_factory=time.monotonic)
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    jobs: list[Job] = field(default_factory=list, repr=False)  # every job ever started here

    def own(self, job: Job) -> Job:
        """Record a job as this session's, so closing the session stops it (whatever its
        kind: a new kind of job started through `own` is covered by `close`)."""
        with self.lock:
            self.jobs = [j for j in self.jobs if not j.finished]
            self.jobs.append(job)
        return job

    def close(self) -> None:
        """The session is gone (evicted or expired): stop every job it started."""
        with self.lock:
            for job in self.jobs:
                job.cancel()
            self.jobs.clear()
            self.game = None

    def replace_island(self, data: dict[str, Any], *, record: bool = True) -> None:
        """A new version of the island: history kept, figures and game of the old one end."""
        if record and self.island is not None:
            self.undo.append(self.island)
            del self.undo[:-MAX_HISTORY]
            self.redo.clear()
        self.island = data
        self.forget_figures()

    def forget_figures(self) -> None:
        self.verified = None
        self.game = None
        self.hidden_lines &= {line["id"] for line in (self.island or {}).get("sink_lines", [])}
        if self.verify_job is not None:
            self.verify_job.cancel()
            self.verify_job = None

    def step_history(self, back: bool) -> bool:
        source, target = (self.undo, self.redo) if back else (self.redo, self.undo)
        if not source or self.island is None:
            return False
        target.append(self.island)
        self.island = source.pop()
        self.forget_figures()
        return True


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
