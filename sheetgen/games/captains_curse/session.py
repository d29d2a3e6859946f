"""One person's game at the table: the referee's `GameState` plus what a person needs from
it and a program does not, kept here so the terminal (`cli/play.py`) and the studio
(`studio/play.py`) only ask and show.

- Dice: seeded (`dice`, the game's own stream, the same draw as `simulate` and the logs) or
  typed by the player refereeing a paper game (`dice=None`).
- Undo: `undo()` takes back the player's last decision. Pushes the player did not decide
  (a seeded roll, a forced pass) are taken back with it; a seeded roll taken back is dealt
  again first, so undoing never re-rolls the dice. A typed roll is the player's own entry,
  so it is undone like a decision.

>>> from sheetgen.games.captains_curse.island import load_island
>>> from sheetgen.games.captains_curse.rng import dice_stream
>>> from sheetgen.games.captains_curse.ruleset import DEFAULT_RULESET
>>> from sheetgen.resources import bundled_dir
>>> isl = load_island(bundled_dir("layouts") / "captains_curse/islands/roomy.yaml")
>>> table = Session(GameState(isl, DEFAULT_RULESET), dice_stream(7))
>>> roll = table.roll()
>>> first = table.state.legal_moves()[0]
>>> table.push(first)
>>> table.undo() == (first, None) and table.state.roll == roll  # the dice stay
True
>>> table.undo() is None  # nothing of the player's left to take back
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .state import GameState, Phase, Roll


@dataclass
class Session:
    state: GameState
    dice: Any = None  # a seeded stream (rng.dice_stream), or None: the player types the dice
    history: list[bool] = field(default_factory=list)
    """Per push: was it the player's own decision (or typed roll)?"""
    redeal: list[Roll] = field(default_factory=list)
    """Seeded rolls taken back by an undo, dealt again (last first) before any new draw."""

    def roll(self, typed: Roll | None = None) -> Roll:
        """The chance step: the roll the player typed, or the next seeded one."""
        if self.dice is None:
            if typed is None:
                raise ValueError("this game's dice are typed: give the roll")
            roll = typed
        elif self.redeal:
            roll = self.redeal.pop()
        else:
            roll = self.state.sample_chance(self.dice)
        self.state.push(roll)
        self.history.append(self.dice is None)
        return roll

    def push(self, move: Any, decided: bool = True) -> None:
        """Push a decision (`decided=False`: one the rules made, such as a forced pass)."""
        self.state.push(move)
        self.history.append(decided)

    def undo(self) -> tuple[Any, Roll | None] | None:
        """Take back the player's last decision: (that move, the seeded roll dealt again or
        None), or None when there is nothing to take back. A game left waiting for a seeded
        roll gets it again at once: undo lands on a decision, never between the dice and
        the choice they ask for."""
        if not any(self.history):
            return None
        undone = None
        while self.history:
            mine = self.history.pop()
            move = self.state.pop()
            if isinstance(move, Roll) and self.dice is not None:
                self.redeal.append(move)
            if mine:
                undone = move
                break
        dealt = None
        if self.state.phase == Phase.CHANCE and self.redeal and self.dice is not None:
            dealt = self.redeal.pop()
            self.state.push(dealt)
            self.history.append(False)
        return undone, dealt
