"""The shape every rules engine has, so one runner, one log format and one replay serve all.

Modelled on python-chess's Board and OpenSpiel's State: a game is an explicit, mutable state
that says whose turn it is (`to_move`: a seat, `CHANCE` when the dice decide, None when the
game is over), lists its `legal_moves`, takes a move with `push` (which refuses an illegal
one with `IllegalMove` naming the rule id it breaks) and takes it back with `pop`. Chance
outcomes are moves too (`sample_chance(rng)` draws one from a seeded generator), so a whole
game, dice included, is a plain list of move strings that a log stores and `replay` re-checks.
Moves are small values that print (`str(move)`) and parse back (`Move.parse(text)`).

`play` drives any such state to its end with one `Player` per seat. The engine stays pure:
no I/O and no hidden randomness; a log is written while playing through `on_move`.

`sheetgen.engine.dicenim` is the whole contract in a hundred lines: read it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

CHANCE = -1
"""`to_move()` at a chance step: nobody chooses, `sample_chance(rng)` draws the move."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    `termination` names the ending ("won", "sunk", "last ship standing", ...); `winners`
    are the winning seats (empty when nobody won, e.g. a co-operative game lost);
    `scores` the final score per seat where the game scores; `tiebreak` the rule that
    decided a tie, "" when none was needed.

    >>> Outcome("treasure", (1,), (3.0, 7.0)).to_dict()["winners"]
    [1]
    >>> Outcome.from_dict(Outcome("sunk", ()).to_dict())
    Outcome(termination='sunk', winners=(), scores=(), tiebreak='')
    """

    termination: str
    winners: tuple[int, ...]
    scores: tuple[float, ...] = ()
    tiebreak: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The JSON form used by game logs (`result`)."""
        return {"termination": self.termination, "winners": list(self.winners),
                "scores": list(self.scores), "tiebreak": self.tiebreak}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Outcome:
        """The inverse of `to_dict`; KeyError/TypeError on a malformed mapping."""
        return cls(str(data["termination"]), tuple(int(w) for w in data["winners"]),
                   tuple(float(s) for s in data.get("scores", ())),
                   str(data.get("tiebreak", "")))


class IllegalMove(Exception):
    """A move the rules do not allow here. `rule` is the rule id it breaks ("R7", "BD-ROLL"),
    so a referee, a replayed log or a test can say which rule, not just "illegal".

    >>> str(IllegalMove("R7", "a pass places nothing"))
    'a pass places nothing (R7)'
    """

    def __init__(self, rule: str, message: str) -> None:
        self.rule = rule
        self.message = message
        super().__init__(f"{message} ({rule})" if rule else message)


M = TypeVar("M")


@runtime_checkable
class Move(Protocol):
    """A move: a small immutable value that prints as text and parses back from it, so that
    `Move.parse(str(move)) == move`. Chance outcomes (a die roll) are moves too."""

    def __str__(self) -> str: ...

    @classmethod
    def parse(cls, text: str) -> Move: ...


@runtime_checkable
class GameState(Protocol):
    """A game in progress (see the module docstring). Mutable: `push` and `pop` change it."""

    def to_move(self) -> int | None:
        """The seat to choose (0-based), CHANCE at a chance step, None when the game is over."""
        ...

    def legal_moves(self) -> list[Any]:
        """Every legal move now (the possible chance outcomes at a chance step)."""
        ...

    def push(self, move: Any) -> None:
        """Make `move`; raise IllegalMove (with the rule id) and change nothing if illegal."""
        ...

    def pop(self) -> Any:
        """Take back the last move and return it."""
        ...

    def sample_chance(self, rng: Any) -> Any:
        """At a chance step: the chance outcome drawn from the seeded generator `rng`."""
        ...

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        ...


@runtime_checkable
class Player(Protocol):
    """A seat's decision maker: a bundled policy, a person at a prompt, a web page."""

    name: str

    def choose(self, state: Any, rng: Any) -> Any:
        """A legal move for `state.to_move()`; `rng` is the player's own seeded stream."""
        ...


class MoveLimit(Exception):
    """`play` stopped a game that had not ended after `max_moves` moves."""


def play(state: GameState, players: Sequence[Player], rng: Any,
         on_move: Callable[[int, Any], None] | None = None, *,
         player_rng: Any = None, max_moves: int | None = None) -> Outcome:
    """Drive `state` to its end and return its outcome.

    Seat `s` moves with `players[s].choose(state, player_rng)`; chance steps are drawn with
    `state.sample_chance(rng)`. Keeping the players' stream apart from the dice (give
    `player_rng`; by default both draw from `rng`) makes the dice of a seed the same whatever
    the players choose: common random numbers across policies. `on_move(seat, move)` is
    called after each move is pushed (seat is CHANCE for a chance outcome); a log is written
    from it while the game is played, never by playing it again. A game still going after
    `max_moves` moves raises MoveLimit (the state is left where it stopped).

    >>> from sheetgen.engine.dicenim import DiceNim, TakeMost
    >>> from sheetgen.engine.rng import SplitMix64
    >>> moves = []
    >>> outcome = play(DiceNim(10), [TakeMost(), TakeMost()], SplitMix64(7),
    ...                on_move=lambda seat, move: moves.append(str(move)))
    >>> outcome.termination, len(outcome.winners)
    ('last stone', 1)
    >>> moves[:2]  # a die roll (chance), then seat 0 takes
    ['roll 1', 'take 1']
    """
    own = rng if player_rng is None else player_rng
    made = 0
    while True:
        seat = state.to_move()
        if seat is None:
            break
        if max_moves is not None and made >= max_moves:
            raise MoveLimit(f"the game had not ended after {made} moves")
        if seat == CHANCE:
            move = state.sample_chance(rng)
        else:
            move = players[seat].choose(state, own)
        state.push(move)
        made += 1
        if on_move is not None:
            on_move(seat, move)
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("to_move() is None but outcome() is None: the state is inconsistent")
    return outcome
