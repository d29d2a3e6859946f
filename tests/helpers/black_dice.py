"""Black Dice test helpers: a game set up at settlement time, and scripted chance fed to it."""

from __future__ import annotations

from collections.abc import Iterable

from sheetgen.engine.contract import CHANCE
from sheetgen.engine.rng import SplitMix64
from sheetgen.games.black_dice.game import GameState, new_game
from sheetgen.games.black_dice.moves import Deal, Draw, Roll
from sheetgen.games.black_dice.quest import load_quest
from sheetgen.games.black_dice.settlement import Report


class Scripted:
    """Chance from a script: die faces in order, then 1, 2, ..., 6 over and over (so duels
    always end); gold tokens drawn in the order given, then the lowest value left."""

    def __init__(self, faces: Iterable[int] = (), draws: Iterable[int] = ()) -> None:
        self.faces = list(faces)
        self.draws = list(draws)
        self.next = 0

    def die(self) -> int:
        if self.faces:
            return self.faces.pop(0)
        self.next += 1
        return (self.next - 1) % 6 + 1

    def move(self, state: GameState):
        need = state.pending
        assert need is not None
        if need.kind == "roll":
            return Roll(need.origin, tuple(self.die() for _ in range(need.count)))
        if need.kind == "draw":
            value = self.draws.pop(0) if self.draws else min(
                v for v, c in state.unseen.items() if c)
            return Draw(need.origin, value)
        return Deal(tuple(state.legal_moves()[0].pirates))


def feed(state: GameState, script: Scripted, *, until_settled: bool = False) -> None:
    """Push scripted chance until a player is to move (or, with `until_settled`, until the
    next settlement is made)."""
    settled = len(state.settlements)
    while state.to_move() == CHANCE:
        if until_settled and len(state.settlements) > settled:
            return
        state.push(script.move(state))


def table(quest_id: str, players: int = 3, black=(0,) * 6, placed=None, captain: int = 0,
          gold_left: int | None = None) -> GameState:
    """A game of `quest_id` at settlement: black dice per field (anchor..flag) and placed
    dice as {field value: [(player, count), ...]} in the order they were added."""
    state = new_game(load_quest(quest_id), players, SplitMix64(7))
    state.black = [0, *black]
    state.placed = [[] for _ in range(7)]
    for v, entries in (placed or {}).items():
        state.placed[v] = list(entries)
    state.captain = state.round_captain = captain
    if gold_left is not None:
        state.gold_left = gold_left
    return state


def settle(state: GameState, faces: Iterable[int] = (), draws: Iterable[int] = ()) -> Report:
    """Settle the tile as it lies, with scripted dice and gold; the report. The state stops
    after the settlement (`new_round` starts the next one)."""
    state.begin_settlement(next_round=False)
    feed(state, Scripted(faces, draws), until_settled=True)
    return state.settlements[-1]


def start_round(state: GameState, faces: Iterable[int] = ()) -> None:
    """Begin the next round with scripted dice (after a settlement that did not end it)."""
    feed(state, Scripted(faces))


def push(state: GameState, move, faces: Iterable[int] = (), draws: Iterable[int] = ()) -> None:
    """Push a player's move, then the scripted chance it leads to (a roll, a new turn)."""
    state.push(move)
    feed(state, Scripted(faces, draws))


def new_round(state: GameState, faces: Iterable[int] = ()) -> None:
    """Start a round on a position set up by hand, with scripted black dice."""
    state._start(state._start_round())  # noqa: SLF001  (a test reaching into the flow)
    feed(state, Scripted(faces))
