"""Voodoo Pirate game logs (`voodoo-log/1`, the shared `<game>-log/1` family of
sheetgen.engine.gamelog) and their replay.

A log stands alone: besides the moves (chance outcomes included: souls drawn, cards drawn,
dice) it holds the board it was played on, as the board file's text, and the game's seed,
from which the engine deals the setup (colours, first souls, Skulls, coins at sea, Sea
Tiles, Cursed Pirates' dice). `seats` names who played each seat: a bundled player or
"cursed". So a log replays even after the bundled board changes or on a board that was
never saved.

    {"format": "voodoo-log/1", "game": "voodoo", "seed": 1234,
     "seats": ["greedy", "cursed", "planner"],
     "setup": {"board": "format: voodoo-board/1\\n..."},
     "moves": ["place 7,1", "~soul R", ...], "result": {...}}

The log is written while the game is played: `LogWriter` is `play_game`'s `on_move`, and
`finish` writes the file (atomically) with the result. `replay_file` re-checks a log move by
move through the engine and names the first move the rules refuse with its rule id.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.engine.gamelog import GameLog, ReplayReport, make_log, read_log, replay, write_log
from sheetgen.errors import SheetgenError
from sheetgen.games.voodoo.board import parse_board

LOG_FORMAT = "voodoo-log/1"
GAME = "voodoo"
CURSED = "cursed"


def bundled_text() -> str:
    """The bundled Sea of Souls' file text (what a log of a game on it stores)."""
    from sheetgen.games.voodoo.board import BOARD_FILE

    return BOARD_FILE.read_text(encoding="utf-8")


def setup_rng(seed: int):
    """The stream `play_game` deals a game's setup from: the first of the three streams it
    spawns from the game seed (setup, chance, players). A test replays played games, so a
    change on either side cannot pass unseen."""
    import numpy as np

    return np.random.default_rng(np.random.SeedSequence(seed).spawn(3)[0])


class LogWriter:
    """`on_move` for `play_game`: keeps each move's text as it is made; `finish` writes the
    log with the game's result."""

    def __init__(self, board_text: str, seats: list[str] | tuple[str, ...], seed: int) -> None:
        self.board_text = board_text
        self.seats = list(seats)
        self.seed = seed
        self.moves: list[str] = []

    def __call__(self, move: Any, *more: Any) -> None:
        # play_game calls on_move(move); contract.play's on_move is (seat, move)
        self.moves.append(str(more[-1] if more else move))

    def log(self, outcome: Any) -> GameLog:
        return make_log(GAME, seats=self.seats, moves=self.moves, result=outcome,
                        seed=self.seed, setup={"board": self.board_text},
                        format=LOG_FORMAT)

    def finish(self, outcome: Any, path: str | Path) -> None:
        write_log(path, self.log(outcome))


def _new_state(log: GameLog):
    from sheetgen.games.voodoo.game import new_game

    text = log.setup.get("board")
    if not isinstance(text, str):
        raise SheetgenError("setup.board must hold the board file's text", log.at("setup"),
                            hint="logs written by sheetgen voodoo simulate --log-dir have it")
    where = log.at("setup", "board")
    try:
        board = parse_board(text, f"{where.file if where else '<log>'} (setup.board)")
    except SheetgenError as err:
        raise SheetgenError(f"the log's board is not a valid board: {err.message}", where,
                            err.hint) from None
    if not 1 <= len(log.seats) <= 5:
        raise SheetgenError(f"{len(log.seats)} seats: Voodoo Pirate seats 1 to 5 pirates",
                            log.at("seats"))
    if log.seed is None:
        raise SheetgenError("the log has no seed: the setup is dealt from it", log.at("seed"),
                            hint='add "seed": the game seed the log was played with')
    kinds = ["cursed" if s == CURSED else "player" for s in log.seats]
    return new_game(board, kinds, setup_rng(log.seed))


def replay_log(log: GameLog) -> ReplayReport:
    from sheetgen.games.voodoo.moves import Move

    return replay(log, _new_state, Move.parse)


def replay_file(path: str) -> ReplayReport:
    """Read and replay a `voodoo-log/1` file (a malformed file is a located SheetgenError)."""
    return replay_log(read_log(path, LOG_FORMAT))
