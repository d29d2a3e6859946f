"""A solitaire game of Swashbuckle in the browser: the engine rolls (seeded), the player
keeps dice or fills a box, the advisor ranks every choice by the expected score still to
come, and the card's own rules score every box (`Card.score`, `sheet.derive`).

A turn: roll five dice, then up to two re-rolls of the dice not kept, then fill one open
box. A box may be filled after any roll (standing). Under the strict scuttle reading a zero
goes only where the dice score in no open box; the advisor's final ranking lists exactly
the boxes the rules allow, so the page offers only those.
"""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass, field
from typing import Any

from sheetgen.games.swashbuckle.advisor import Advice, advise
from sheetgen.games.swashbuckle.card import Card, default_card
from sheetgen.games.swashbuckle.rules import Reroll
from sheetgen.games.swashbuckle.sheet import derive
from sheetgen.games.swashbuckle.solver import Solution

_TABLES: dict[str, Solution] = {}
_TABLES_LOCK = threading.Lock()


def strategy_table(card: Card) -> Solution | None:
    """The persisted strategy table of `card`, loaded once per process (about 10 s the
    first time); None when this card (its options or values) has none yet."""
    from sheetgen.games.swashbuckle.table import load_table, table_paths

    key = card.fingerprint()
    with _TABLES_LOCK:
        if key not in _TABLES:
            if not table_paths(card)[0].exists() and card.fingerprint() != \
                    default_card().fingerprint():
                return None
            _TABLES[key] = load_table(card)
        return _TABLES[key]


def _options(advice: Advice | None) -> list[dict[str, Any]]:
    if advice is None:
        return []
    return [{"label": o.label, "value": round(o.value, 3), "keep": list(o.keep or ()),
             "box": o.box, "points": o.points} for o in advice.options]


@dataclass
class Solitaire:
    card: Card
    seed: int
    table: Solution | None
    filled: dict[str, int] = field(default_factory=dict)
    joker_marks: int = 0
    dice: list[int] = field(default_factory=list)
    rolls_left: int = 0
    turn: int = 0
    log: list[str] = field(default_factory=list)
    rng: random.Random = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self._start_turn()

    @property
    def over(self) -> bool:
        return len(self.filled) == len(self.card.boxes)

    def _roll(self, n: int) -> list[int]:
        return [self.rng.randint(1, self.card.n_faces) for _ in range(n)]

    def _start_turn(self) -> None:
        self.turn += 1
        self.dice = sorted(self._roll(self.card.n_dice))
        self.rolls_left = self.card.rolls - 1

    def keep(self, kept: list[int]) -> None:
        """Re-roll every die but `kept` (a sub-multiset of the dice on the table)."""
        if self.over:
            raise ValueError("the game is over")
        if self.rolls_left <= 0:
            raise ValueError("no re-roll left this turn: fill a box")
        rest = list(self.dice)
        for die in kept:
            if die not in rest:
                raise ValueError(f"cannot keep {die}: the dice show {self.dice}")
            rest.remove(die)
        self.dice = sorted(list(kept) + self._roll(len(rest)))
        self.rolls_left -= 1
        self.log.append(f"turn {self.turn}: kept {' '.join(map(str, kept)) or 'nothing'}, "
                        f"now {' '.join(map(str, self.dice))}")

    def boxes(self) -> Advice | None:
        """The boxes these dice may fill, ranked (the rules' choices, no others)."""
        return advise(self.card, self.filled, self.dice, 0, self.table) if self.table \
            else None

    def fill(self, box_id: str) -> dict[str, Any]:
        """Fill `box_id` with these dice, scored by the card; Piracy re-rolls all dice."""
        if self.over:
            raise ValueError("the game is over")
        box = self.card.box(box_id)
        if box_id in self.filled:
            raise ValueError(f"{box.label} is already filled")
        allowed = self.allowed_boxes()
        if box_id not in allowed:
            raise ValueError(f"{box.label} cannot take these dice now: the dice score in "
                             "another open box (strict scuttle reading)")
        alike = len(set(self.dice)) == 1
        joker_due = bool(self.card.joker and self.filled.get(self.card.joker.box, 0) > 0)
        reroll = None
        if isinstance(box.rule, Reroll):
            if box.rule.qualifies(self.card.counts(self.dice)):
                reroll = sorted(self._roll(self.card.n_dice))
                points = self.card.score(self.dice, box_id, reroll=reroll)
            else:
                points = 0
        else:
            points = self.card.score(self.dice, box_id)
        if alike and joker_due:
            self.joker_marks += 1  # the Swashbuckle Bonus: 50 for each further five alike
            open_ids = [b.id for b in self.card.boxes if b.id not in self.filled]
            if points == 0 and all(self._plain_points(b) == 0 for b in open_ids):
                points = box.joker_points  # the joker: the box's max potential points
        if reroll is not None and len(set(reroll)) == 1 and joker_due:
            self.joker_marks += 1
        self.filled[box_id] = points
        note = f" (re-rolled {' '.join(map(str, reroll))})" if reroll else ""
        self.log.append(f"turn {self.turn}: {box.label} takes {points}{note}")
        done = {"box": box_id, "points": points, "reroll": reroll}
        if not self.over:
            self._start_turn()
        return done

    def _plain_points(self, box_id: str) -> int:
        box = self.card.box(box_id)
        if isinstance(box.rule, Reroll):
            return 1 if box.rule.qualifies(self.card.counts(self.dice)) else 0
        return self.card.score(self.dice, box_id)

    def allowed_boxes(self) -> list[str]:
        """Open boxes these dice may fill: under the strict reading a box that scores
        nothing only when no open box scores (the joker rule aside)."""
        open_ids = [b.id for b in self.card.boxes if b.id not in self.filled]
        if not self.card.options.strict_scuttle:
            return open_ids
        scoring = [b for b in open_ids if self._plain_points(b) > 0]
        joker = (self.card.joker and self.filled.get(self.card.joker.box, 0) > 0
                 and len(set(self.dice)) == 1)
        return scoring if scoring and not joker else open_ids

    def view(self) -> dict[str, Any]:
        totals = derive(self.card, self.filled, self.joker_marks)
        now = int(totals[self.card.total])
        out: dict[str, Any] = {
            "turn": self.turn, "turns": len(self.card.boxes), "dice": self.dice,
            "rolls_left": self.rolls_left, "over": self.over, "seed": self.seed,
            "filled": self.filled, "joker_marks": self.joker_marks, "total": now,
            "derived": totals, "log": self.log[-12:], "advisor": self.table is not None,
            "boxes": [{"id": b.id, "label": b.label, "points": self.filled.get(b.id)}
                      for b in self.card.boxes],
            "allowed": [] if self.over else self.allowed_boxes(),
            "keeps": [], "fills": [],
        }
        if self.over or self.table is None:
            return out
        if self.rolls_left > 0:
            out["keeps"] = _options(advise(self.card, self.filled, self.dice,
                                           self.rolls_left, self.table))
        out["fills"] = _options(self.boxes())
        for group in (out["keeps"], out["fills"]):
            for option in group:  # the expected final score: banked now + still to come
                option["final"] = round(now + option["value"], 1)
        return out
