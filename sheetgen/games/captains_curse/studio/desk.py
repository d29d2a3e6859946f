"""One designer's Captain's Curse work in a studio session: the island, its undo history,
the last verification, a game in play and the background jobs that belong to the island.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from sheetgen.errors import SheetgenError
from sheetgen.games.captains_curse.ruleset import Ruleset

from .play import BrowserGame

MAX_HISTORY = 200


@dataclass
class Settings:
    seed: int
    difficulty: str = "normal"
    per_symbol: int = 6
    cell_area: float = 300.0


@dataclass
class Desk:
    settings: Settings | None = None
    island: dict[str, Any] | None = None
    verified: dict[str, Any] | None = None  # the last finished verification of `island`
    hidden_lines: set[str] = field(default_factory=set)
    undo: list[dict[str, Any]] = field(default_factory=list)
    redo: list[dict[str, Any]] = field(default_factory=list)
    game: BrowserGame | None = None
    verify_job: Any = None  # the studio's job handle (cancel(), state, result)
    ruleset: Ruleset = field(default_factory=Ruleset)
    # requests hold the studio's session lock; a verification thread takes this one too
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def replace_island(self, data: dict[str, Any], *, record: bool = True) -> None:
        """A new version of the island: history kept, figures and game of the old one end."""
        with self.lock:
            self._replace(data, record)

    def _replace(self, data: dict[str, Any], record: bool) -> None:
        if record and self.island is not None:
            self.undo.append(self.island)
            del self.undo[:-MAX_HISTORY]
            self.redo.clear()
        kept = self.verified if self._same_play(self.island, data) else None
        self.island = data
        self.forget_figures()
        self.verified = kept  # a rename or a new place name keeps the verification

    @staticmethod
    def _same_play(old: dict[str, Any] | None, new: dict[str, Any]) -> bool:
        """Whether two versions of the island play alike (equal `play_digest`): names and
        place names take no part in play, so their edits keep the island's figures."""
        from sheetgen.games.captains_curse.island import island_from_dict
        from sheetgen.games.captains_curse.islands.verify import play_digest

        if old is None:
            return False
        try:
            return play_digest(island_from_dict(old)) == play_digest(island_from_dict(new))
        except SheetgenError:
            return False

    def forget_figures(self) -> None:
        self.verified = None
        self.game = None
        self.hidden_lines &= {line["id"] for line in (self.island or {}).get("sink_lines", [])}
        if self.verify_job is not None:
            self.verify_job.cancel()
            self.verify_job = None

    def step_history(self, back: bool) -> bool:
        with self.lock:
            source, target = (self.undo, self.redo) if back else (self.redo, self.undo)
            if not source or self.island is None:
                return False
            target.append(self.island)
            self.island = source.pop()
            self.forget_figures()
            return True
