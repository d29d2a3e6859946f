"""Shipwrecked! game logs (`shipwrecked-log/1`, the shared family of sheetgen.engine.gamelog)
and their replay through the engine.

A log's `setup` is what `state.new_state` needs (islands, sailors per side, the grab model);
its `moves` every move as text, the 60 opening splashes included; `seats` the two policies
(seat 0 plays black and starts). `simulate --log-dir` writes one per game as the game ends.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sheetgen.engine.contract import Outcome
from sheetgen.engine.gamelog import GameLog, ReplayReport, log_format, make_log, read_log, replay
from sheetgen.errors import SheetgenError

from .rules import GrabModel
from .state import GameState, new_state, parse_move

LOG_FORMAT = log_format("shipwrecked")
GAME = "shipwrecked"


def log_writer(directory: Path, seats: tuple[str, str], start: int, grab: GrabModel,
               seed: int) -> Callable[[int, list[str], Outcome], None]:
    """An `on_game` for batch.play_batch: writes game `start + g` of the pairing `seats` to
    `directory/<seat0>-vs-<seat1>-<number>.json` (atomically) as it ends."""
    directory.mkdir(parents=True, exist_ok=True)
    setup = GameState(grab).setup()

    def write(g: int, moves: list[str], outcome: Outcome) -> None:
        from sheetgen.engine.gamelog import write_log

        log = make_log(GAME, seats=list(seats), moves=moves, result=outcome, seed=seed,
                       setup=setup)
        write_log(directory / f"{seats[0]}-vs-{seats[1]}-{start + g:05d}.json", log)

    return write


def state_for(log: GameLog) -> GameState:
    """The starting state a log describes; a bad setup is a located SheetgenError."""
    try:
        return new_state(log.setup)
    except (ValueError, KeyError, TypeError) as err:
        raise SheetgenError(f"setup is not a Shipwrecked! setup: {err}", log.at("setup"),
                            hint="islands, sailors and grab: {speed: [1, 1], "
                                 "fumble: [0.05, 0.05]}") from None


def replay_file(path: str | Path) -> ReplayReport:
    """Read a log and push every move through the engine (exit codes are the CLI's)."""
    return replay(read_log(path, LOG_FORMAT), state_for, parse_move)
