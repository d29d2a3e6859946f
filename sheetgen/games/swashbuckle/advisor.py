"""The advisor: for a position in a solitaire game, which dice to keep or which box to fill.

A position is the filled boxes with their scores, the dice on the table and the rolls left.
The filled boxes give the solver state (mask, capped bonus subtotal, joker flag, zero flag);
the strategy table gives the value of every later state, so one state's turn tables, computed
here, rank every keep and every box by expected final score still to come.

Without a persisted table the advisor solves just the positions reachable from this one,
which takes seconds when few boxes are open (`MAX_OPEN_WITHOUT_TABLE`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.card import Card
from sheetgen.games.swashbuckle.sheet import possible_scores
from sheetgen.games.swashbuckle.solver import (
    Solution,
    States,
    best_subsets,
    expect_keeps,
    final_values,
    solve,
)

MAX_OPEN_WITHOUT_TABLE = 9


@dataclass(frozen=True)
class Option:
    """One choice with its expected score still to come (this turn included)."""

    label: str
    value: float
    keep: tuple[int, ...] | None = None   # dice kept, for keep options
    box: str | None = None                # box filled, for final choices
    points: float | None = None           # points the box takes now (expected for Piracy)


@dataclass(frozen=True)
class Advice:
    dice: tuple[int, ...]
    rolls_left: int
    options: tuple[Option, ...]           # best first

    @property
    def best(self) -> Option:
        return self.options[0]

    def lines(self, limit: int = 6) -> list[str]:
        verb = "keep" if self.rolls_left else "fill"
        out = [f"dice {' '.join(map(str, self.dice))}, {self.rolls_left} roll(s) left: "
               f"{verb} {self.best.label}"]
        for opt in self.options[:limit]:
            extra = f"  ({opt.points:g} now)" if opt.points is not None else ""
            out.append(f"  {opt.value:9.3f}  {opt.label}{extra}")
        return out


def state_of(card: Card, filled: Mapping[str, int]) -> States:
    """The solver state of a position given by its filled boxes."""
    mask = 0
    for box_id, points in filled.items():
        box = card.box(box_id)
        if points not in possible_scores(card, box):
            raise SheetgenError(f"{box.label} cannot hold {points}")
        mask |= 1 << box.index
    section = card.bonus_section
    sub = 0
    if section:
        sub = min(sum(filled.get(b, 0) for b in section.boxes), section.bonus.above + 1)
    j = int(bool(card.joker and filled.get(card.joker.box, 0) > 0))
    z = int(bool(card.no_zero_bonus and any(v == 0 for v in filled.values())))
    one = np.ones(1, dtype=np.int64)
    return States(one * mask, one * sub, one * j, one * z)


def solution_for(card: Card, filled: Mapping[str, int], table: Solution | None,
                 progress: Callable[[int, int, float], None] | None = None) -> Solution:
    """The persisted table when there is one, else a solve from this position on
    (`progress`: told of each layer when the card's whole table is solved at first use)."""
    if table is not None:
        return table
    open_boxes = len(card.boxes) - len(filled)
    if open_boxes > MAX_OPEN_WITHOUT_TABLE:
        from sheetgen.games.swashbuckle.table import load_table

        return load_table(card, progress=progress)
    return solve(card, base=int(state_of(card, filled).mask[0]))


def advise(card: Card, filled: Mapping[str, int], dice: Sequence[int], rolls_left: int,
           table: Solution | None = None,
           progress: Callable[[int, int, float], None] | None = None) -> Advice:
    """Rank every keep (rolls left) or every open box (no rolls left) for this position
    (`progress` as in `solution_for`)."""
    if not 0 <= rolls_left < card.rolls:
        raise SheetgenError(f"rolls left must be 0 to {card.rolls - 1}, not {rolls_left}")
    if len(filled) >= len(card.boxes):
        raise SheetgenError("every box is filled; the game is over")
    counts = card.counts(list(dice))
    st = state_of(card, filled)
    sol = solution_for(card, filled, table, progress)
    ct = sol.ct()
    r = int(np.flatnonzero(ct.dice.full == ct.dice.index(counts))[0])
    per_box = np.full((ct.n_boxes, 1, ct.dice.n_rolls), -np.inf)
    v_roll, _ = final_values(ct, sol.values, st, per_box=per_box)
    if rolls_left == 0:
        options = []
        for b, box in enumerate(card.boxes):
            value = per_box[b, 0, r]
            if np.isfinite(value):
                points = _points_now(card, ct, st, b, r, counts)
                options.append(Option(f"{box.label} ({box.id})", float(value), box=box.id,
                                      points=points))
        options.sort(key=lambda o: -o.value)
        return Advice(tuple(sorted(dice)), 0, tuple(options))
    E = None
    for _ in range(rolls_left):
        E = expect_keeps(ct.dice, v_roll)
        best, _ = best_subsets(ct.dice, E)
        v_roll = best[:, ct.dice.full]
    k_roll = ct.dice.full[r]
    options = []
    for k in _sub_multisets(ct.dice, k_roll):
        kept = tuple(ct.dice.dice_of(k))
        if k == k_roll:
            label = "all (stand)"
        elif kept:
            label = " ".join(map(str, kept))
        else:
            label = "nothing (re-roll all)"
        options.append(Option(label, float(E[0, k]), keep=kept))
    options.sort(key=lambda o: (-o.value, -len(o.keep or ())))
    return Advice(tuple(sorted(dice)), rolls_left, tuple(options))


def _sub_multisets(dice, k: int) -> list[int]:
    seen = {k}
    frontier = [k]
    while frontier:
        nxt = []
        for x in frontier:
            for y in dice.sub_kf[x]:
                if y >= 0 and int(y) not in seen:
                    seen.add(int(y))
                    nxt.append(int(y))
        frontier = nxt
    return sorted(seen)


def _points_now(card: Card, ct, st: States, b: int, r: int, counts) -> float:
    alike = max(counts) == card.n_dice
    if card.joker and st.j[0] == 1 and alike:
        open_b = [i for i in range(ct.n_boxes) if not st.mask[0] >> i & 1]
        if all(ct.zero_br[i, r] for i in open_b):
            return float(ct.joker_pts_b[b])
    return 0.0 if ct.zero_br[b, r] else float(ct.pts_bjr[b, int(st.j[0]), r])


def parse_state(card: Card, text: str) -> dict[str, int]:
    """`"ones=3, fours=12 swashbuckle=0"` -> {"ones": 3, "fours": 12, "swashbuckle": 0}."""
    filled: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        if "=" not in item:
            raise SheetgenError(f"state entry '{item}' is not box=score",
                                hint="e.g. --state 'ones=3 fours=12 swashbuckle=0'")
        key, _, value = item.partition("=")
        card.box(key)
        try:
            filled[key] = int(value)
        except ValueError:
            raise SheetgenError(f"score of '{key}' must be a whole number, not '{value}'") from None
    return filled
