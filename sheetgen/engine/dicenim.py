"""Dice Nim: the smallest game on the engine contract, the worked example of
`sheetgen.engine` (its docstrings and tests play it; docs/adding-a-game.md points here).

Rules (ids as a real game's engine cites them):
- DN1: a pile of stones; two seats take turns, seat 0 first.
- DN2: a turn starts with a roll of a three-sided die (a chance step).
- DN3: the seat then takes 1 to the number rolled, never more than the pile holds.
- DN4: whoever takes the last stone wins.

>>> state = DiceNim(4)
>>> state.push(Roll(2)); state.legal_moves()
[Take(n=1), Take(n=2)]
>>> state.push(Take(3))
Traceback (most recent call last):
...
sheetgen.engine.contract.IllegalMove: take 1 to 2 stones, the number rolled (DN3)
>>> state.push(Take(2)); state.pop(); state.to_move()
Take(n=2)
0
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .contract import CHANCE, IllegalMove, Outcome

DIE = 3


@dataclass(frozen=True)
class Roll:
    """A chance outcome: the die shows `n`."""

    n: int

    def __str__(self) -> str:
        return f"roll {self.n}"

    @classmethod
    def parse(cls, text: str) -> Roll:
        return cls(_number(text, "roll"))


@dataclass(frozen=True)
class Take:
    """A seat takes `n` stones."""

    n: int

    def __str__(self) -> str:
        return f"take {self.n}"

    @classmethod
    def parse(cls, text: str) -> Take:
        return cls(_number(text, "take"))


def _number(text: str, word: str) -> int:
    head, _, tail = text.strip().partition(" ")
    if head != word or not tail.strip().isdigit():
        raise ValueError(f"expected '{word} N', got {text!r}")
    return int(tail)


def parse_move(text: str) -> Roll | Take:
    """A move from its text ("roll 2", "take 1"); ValueError for anything else."""
    return Roll.parse(text) if text.strip().startswith("roll") else Take.parse(text)


class DiceNim:
    """The state: the pile, whose turn, the roll waiting to be used, and the history."""

    def __init__(self, stones: int = 10) -> None:
        self.stones = stones
        self.seat = 0
        self.rolled: int | None = None
        self.history: list[tuple[Roll | Take, int | None, int]] = []  # move, old roll, old seat

    def to_move(self) -> int | None:
        if self.stones == 0:
            return None
        return CHANCE if self.rolled is None else self.seat

    def legal_moves(self) -> list[Any]:
        if self.stones == 0:
            return []
        if self.rolled is None:
            return [Roll(n) for n in range(1, DIE + 1)]
        return [Take(n) for n in range(1, min(self.rolled, self.stones) + 1)]

    def push(self, move: Any) -> None:
        if self.stones == 0:
            raise IllegalMove("DN4", "the game is over")
        if self.rolled is None:
            if not isinstance(move, Roll) or not 1 <= move.n <= DIE:
                raise IllegalMove("DN2", f"a turn starts with a roll of 1 to {DIE}")
            self.history.append((move, None, self.seat))
            self.rolled = move.n
            return
        if not isinstance(move, Take) or not 1 <= move.n <= min(self.rolled, self.stones):
            raise IllegalMove("DN3", f"take 1 to {min(self.rolled, self.stones)} stones, "
                                     "the number rolled")
        self.history.append((move, self.rolled, self.seat))
        self.stones -= move.n
        self.rolled = None
        if self.stones:
            self.seat = 1 - self.seat

    def pop(self) -> Any:
        move, rolled, seat = self.history.pop()
        if isinstance(move, Take):
            self.stones += move.n
        self.rolled, self.seat = rolled, seat
        return move

    def sample_chance(self, rng: Any) -> Roll:
        return Roll(rng.below(DIE) + 1)

    def outcome(self) -> Outcome | None:
        if self.stones:
            return None
        return Outcome("last stone", (self.seat,))


class TakeMost:
    """Takes as many stones as the roll allows."""

    name = "most"

    def choose(self, state: DiceNim, rng: Any) -> Take:
        return max(state.legal_moves(), key=lambda m: m.n)


class RandomPlayer:
    """Any legal move, drawn from its own stream."""

    name = "random"

    def choose(self, state: Any, rng: Any) -> Any:
        return rng.choice(state.legal_moves())


def play_seeded(seed: int, index: int, stones: int = 10) -> Outcome:
    """Game `index` of a run (`runner.run_games` calls it with the game's seed): seat 0
    takes the most, seat 1 plays at random; dice and choices from the seed's two streams."""
    from .contract import play
    from .rng import dice_stream, policy_stream

    return play(DiceNim(stones), [TakeMost(), RandomPlayer()], dice_stream(seed),
                player_rng=policy_stream(seed))
