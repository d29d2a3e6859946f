"""One game-log family for every engine on the contract, and one `replay` that re-checks a log.

A log is JSON that stands alone:

    {"format": "<game name>-log/1", "game": "<game id>", "seed": 7,
     "seats": ["greedy", "random"], "setup": {...what the game needs to start...},
     "moves": ["roll 2", "take 1", ...], "result": {"termination": ..., "winners": [...],
     "scores": [...], "tiebreak": ""}}

`moves` holds every move as its text, chance outcomes (dice) included, so replaying it needs
no random generator: `replay` builds the starting state from the log (the game's
`new_state(log)`), parses and pushes each move, and names the first one the rules refuse
(its index, its text and the rule id), or a result that the final state does not give.
`result` is null for a game stopped before its end; replay then checks as far as it goes.

A log is written while the game is played (`MoveRecorder` as `play`'s `on_move`), never by
playing the game a second time. Malformed files (not JSON, unknown keys, a move that is not a
string) are SheetgenErrors at `file:line:column`, like every other input; broken rules are a
`ReplayReport`. Captain's Curse keeps its spec-fixed `captains-curse-log/1`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen import errors
from sheetgen.atomic import write_text
from sheetgen.errors import Position, SheetgenError
from sheetgen.layout.source import Located, load_yaml, located

from .contract import IllegalMove, Outcome

VERSION = 1
KEYS = {"format": True, "game": True, "seed": False, "seats": True, "setup": False,
        "moves": True, "events": False, "result": True}
"""The keys of a log; True = required. `events` is a list of mappings a game keeps beside
its moves (what a round's settlement paid, say) for its own replay to compare; the shared
`replay` ignores it."""


def log_format(game: str) -> str:
    """The format string of a game's logs, from its name (`black-dice` -> `black-dice-log/1`).

    >>> log_format("black_dice")
    'black-dice-log/1'
    """
    return f"{game.replace('_', '-')}-log/{VERSION}"


@dataclass
class GameLog:
    """A log read or made: the fields of the file, and where each value sits in it."""

    format: str
    game: str
    seats: list[str]
    moves: list[str]
    result: dict[str, Any] | None
    seed: int | None = None
    setup: dict[str, Any] = field(default_factory=dict)
    doc: Located | None = None
    events: list[dict[str, Any]] = field(default_factory=list)

    def at(self, *path: str | int) -> Position | None:
        """The position of the value at `path` (e.g. `"setup", "quest"`), when read from a file."""
        return self.doc.at(path) if self.doc is not None else None

    def to_dict(self) -> dict[str, Any]:
        data = {"format": self.format, "game": self.game, "seed": self.seed,
                "seats": list(self.seats), "setup": self.setup, "moves": list(self.moves)}
        if self.events:
            data["events"] = list(self.events)
        data["result"] = self.result
        return data


def make_log(game: str, *, seats: list[str], moves: list[str],
             result: Outcome | dict[str, Any] | None, seed: int | None = None,
             setup: dict[str, Any] | None = None, format: str | None = None) -> GameLog:
    """A log of a game (`result` None: stopped before its end). `game` is the registry id;
    the format defaults to `log_format(game)`.

    >>> log = make_log("dice_nim", seats=["most", "random"], moves=["roll 2"], result=None)
    >>> log.to_dict()["format"]
    'dice-nim-log/1'
    """
    if isinstance(result, Outcome):
        result = result.to_dict()
    return GameLog(format or log_format(game), game, list(seats), list(moves), result, seed,
                   dict(setup or {}))


class MoveRecorder:
    """`on_move` for `contract.play`: keeps each move's text as it is made, so the log of a
    game is written from the game itself.

    >>> from sheetgen.engine.contract import play
    >>> from sheetgen.engine.dicenim import DiceNim, TakeMost
    >>> from sheetgen.engine.rng import SplitMix64
    >>> recorder = MoveRecorder()
    >>> outcome = play(DiceNim(3), [TakeMost(), TakeMost()], SplitMix64(1), recorder)
    >>> recorder.moves
    ['roll 3', 'take 3']
    """

    def __init__(self) -> None:
        self.moves: list[str] = []

    def __call__(self, seat: int, move: Any) -> None:
        self.moves.append(str(move))


def write_log(path: str | Path, log: GameLog | dict[str, Any]) -> None:
    """Write a log as JSON, atomically (a failed write leaves no partial file); an unwritable
    place is a SheetgenError."""
    data = log.to_dict() if isinstance(log, GameLog) else log
    write_text(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def read_log(path: str | Path, expected_format: str) -> GameLog:
    """Read a log file, checking its structure; faults are SheetgenErrors at
    `file:line:column`."""
    tree = load_yaml(path, empty=None, json_fallback=True)
    if tree is None:
        raise SheetgenError("the file is empty", Position(str(path), 1, 1),
                            hint=f"expected a {expected_format} game log")
    return parse_log(located(tree, str(path)), expected_format)


def parse_log(doc: Located | dict[str, Any], expected_format: str) -> GameLog:
    """A GameLog from data (a `Located` document, or a plain dict), structure checked.

    >>> parse_log({"format": "x-log/1", "game": "x", "seats": [], "moves": [1],
    ...            "result": None}, "x-log/1")
    Traceback (most recent call last):
    ...
    sheetgen.errors.SheetgenError: error: <log>: moves[0] must be a string, got 1
    hint: a move is its text, e.g. "roll 3"
    """
    if not isinstance(doc, Located):
        doc = Located(doc, "<log>")
    data = doc.data
    if not isinstance(data, dict):
        raise SheetgenError("a game log must be a mapping", doc.at(()),
                            hint=f"expected a {expected_format} JSON object")
    errors.check_keys(data, KEYS, lambda key: doc.at((key,)), "unknown key '{key}' in the log")
    for key, required in KEYS.items():
        if required and key not in data:
            raise SheetgenError(f"the log lacks the required key '{key}'", doc.at(()),
                                hint=f"add \"{key}\"")
    if data["format"] != expected_format:
        raise SheetgenError(f"unknown log format {data['format']!r}", doc.at(("format",)),
                            hint=f"expected '{expected_format}'")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SheetgenError(f"seed must be an integer or null, got {seed!r}",
                            doc.at(("seed",)))
    for key, kind in (("seats", list), ("moves", list), ("setup", dict), ("events", list)):
        value = data.get(key, {} if kind is dict else [])
        if not isinstance(value, kind):
            raise SheetgenError(f"{key} must be a {'list' if kind is list else 'mapping'}, "
                                f"got {type(value).__name__}", doc.at((key,)))
    for key in ("seats", "moves"):
        for i, item in enumerate(data[key]):
            if not isinstance(item, str):
                raise SheetgenError(f"{key}[{i}] must be a string, got {item!r}",
                                    doc.at((key, i)),
                                    hint='a move is its text, e.g. "roll 3"' if key == "moves"
                                    else "a seat is the name of its player")
    result = data["result"]
    if result is not None and not isinstance(result, dict):
        raise SheetgenError("result must be a mapping, or null for a game stopped before its "
                            "end", doc.at(("result",)))
    for i, event in enumerate(data.get("events") or []):
        if not isinstance(event, dict):
            raise SheetgenError(f"events[{i}] must be a mapping, got {event!r}",
                                doc.at(("events", i)))
    return GameLog(data["format"], str(data["game"]), list(data["seats"]), list(data["moves"]),
                   result, seed, dict(data.get("setup") or {}), doc,
                   list(data.get("events") or []))


@dataclass(frozen=True)
class ReplayReport:
    """The verdict on a log. At a refused move, `index` is its 0-based place in `moves`,
    `move` its text and `rule` the rule id it breaks; a fault in the end or the result has
    `index` None. `outcome` is the final state's outcome when the log reached one."""

    ok: bool
    moves_checked: int
    index: int | None = None
    move: str = ""
    rule: str = ""
    message: str = ""
    outcome: Outcome | None = None

    def describe(self) -> str:
        """One line for the command line."""
        if self.ok and self.outcome is None:
            return f"ok: {self.moves_checked} moves legal; the game was stopped unfinished"
        if self.ok:
            assert self.outcome is not None
            winners = ", ".join(str(w) for w in self.outcome.winners) or "nobody"
            return (f"ok: {self.moves_checked} moves legal, result matches "
                    f"({self.outcome.termination}; winners: {winners})")
        rule = f" ({self.rule})" if self.rule else ""
        if self.index is not None:
            return f"fault: move {self.index} {self.move!r}: {self.message}{rule}"
        return f"fault: {self.message}{rule}"


RESULT_KEYS = ("termination", "winners", "scores", "tiebreak")


def replay(log: GameLog, new_state: Callable[[GameLog], Any],
           parse_move: Callable[[str], Any]) -> ReplayReport:
    """Push every move of `log` through the rules and say whether the log holds.

    `new_state(log)` builds the starting state from the log's setup and seats (raising a
    SheetgenError at `log.at("setup", ...)` for a bad setup); `parse_move(text)` turns a
    move's text into a move (ValueError for text that is no move at all: a SheetgenError at
    that move). The first move the state refuses ends the replay with its index and rule.

    >>> from sheetgen.engine.dicenim import DiceNim, parse_move
    >>> log = make_log("dice_nim", seats=["a", "b"], setup={"stones": 2},
    ...                moves=["roll 3", "take 3"], result=None)
    >>> report = replay(log, lambda log: DiceNim(log.setup["stones"]), parse_move)
    >>> report.describe()
    "fault: move 1 'take 3': take 1 to 2 stones, the number rolled (DN3)"
    """
    state = new_state(log)
    for index, text in enumerate(log.moves):
        try:
            move = parse_move(text)
        except (ValueError, KeyError, IndexError) as err:
            raise SheetgenError(f"moves[{index}] {text!r} is not a move: {err}",
                                log.at("moves", index),
                                hint="each move is the text the game prints for it") from None
        if state.to_move() is None:
            return ReplayReport(False, index, index, text, "",
                                "the game was already over", state.outcome())
        try:
            state.push(move)
        except IllegalMove as err:
            return ReplayReport(False, index, index, text, err.rule, err.message)
    outcome = state.outcome()
    checked = len(log.moves)
    if log.result is None:
        if outcome is not None:
            return ReplayReport(False, checked, message="the game is over but the log has no "
                                "result", outcome=outcome)
        return ReplayReport(True, checked)
    if outcome is None:
        return ReplayReport(False, checked, message="the log ends before the game does")
    expected = outcome.to_dict()
    for key in RESULT_KEYS:
        if key not in log.result:
            return ReplayReport(False, checked, message=f"result lacks '{key}'",
                                outcome=outcome)
        logged = log.result[key]
        if logged != expected[key]:
            return ReplayReport(False, checked, message=f"result {key} is {logged!r} but the "
                                f"moves give {expected[key]!r}", outcome=outcome)
    return ReplayReport(True, checked, outcome=outcome)
