"""Whole Voodoo games from a seed: `play_game` seats players (by name or as objects) around
a `game.new_game` position and plays it to its end through the engine contract's `play`,
returning a `GameRecord`.

It sits above both `game` (the rules) and `players` (who decides), which is why it is not
in either: the players read the game's state, and playing a game needs the players, so
keeping this here leaves the two modules one-way (tests/test_import_cycles.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sheetgen.engine.contract import Outcome, play

from .board import Board, Space
from .game import new_game, streams
from .players import make_player


@dataclass(frozen=True)
class GameRecord:
    """One game played to its end (see `play_game`)."""

    outcome: Outcome
    rounds: int
    end: str                                  # "shore" | "lunar"
    start_space: tuple[Space, ...]            # per seat
    power: tuple[dict[str, int], ...]         # per seat: position, coins, broadsides, skulls
    moves: tuple[str, ...]
    seats: tuple[str, ...]
    colours: tuple[int, ...]


def play_game(board: Board, seats: Sequence[str], policies: Sequence[Any], seed: int,
              on_move: Callable[[str], None] | None = None) -> GameRecord:
    """Play one game: `policies[i]` (a Player with `choose(state, rng)`, or a name in
    players.PLAYERS) decides for seat i (ignored for Cursed Pirates, whom the referee plays).
    The seed drives the setup, the chance steps and the players, each from its own stream."""
    setup_rng, chance_rng, player_rng = streams(seed)
    state = new_game(board, seats, setup_rng)
    players = [make_player(p) if isinstance(p, str) else p for p in policies]
    moves: list[str] = []

    def record(seat: int, move: Any) -> None:
        moves.append(str(move))
        if on_move is not None:
            on_move(str(move))

    play(state, players, chance_rng, record, player_rng=player_rng)
    c = state.core
    return GameRecord(outcome=c.result, rounds=c.round, end=c.end,
                      start_space=tuple(c.start), power=tuple(dict(p) for p in c.power_parts),
                      moves=tuple(moves), seats=tuple(seats), colours=tuple(c.colour))
