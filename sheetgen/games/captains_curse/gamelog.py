"""Game logs (`captains-curse-log/1`): write every engine game, re-check any log move by move.

A log embeds the island and the ruleset, so it stands alone. `replay` pushes each turn
through the referee (`state.GameState`) and stops at the first fault: an illegal decision
(with the rule it breaks), a recorded detail that disagrees with the rules (the doubles
circled, the value placed, a sink where none was owed), a log that ends too early or too
late, or a result that the final sheet does not give. Malformed files (not JSON, missing
format, an island that does not load) are `SheetgenError`s, as for every other input.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sheetgen.atomic import write_text
from sheetgen.errors import SheetgenError

from .island import Island, island_from_located, island_to_dict, validate_island
from .ruleset import Ruleset, ruleset_from_located, ruleset_to_dict
from .source import Located, check_keys, load_document
from .state import (
    CIRCLED,
    GameResult,
    GameState,
    IllegalMove,
    Loot,
    Modify,
    Phase,
    Place,
    Roll,
    Sink,
)

LOG_FORMAT = "captains-curse-log/1"
_LOG_KEYS = {"format": True, "ruleset": False, "island": True, "seed": False, "policy": False,
             "turns": True, "result": True}
_TURN_KEYS = {"white": True, "black": True, "modify": False, "take": True, "value": False,
              "column": False, "loot": False, "doubles_circled": False, "sink": False}
RESULT_KEYS = ("score", "column_totals", "x_count", "unsunk_spaces", "lost", "won", "goals",
               "title")


def make_log(island: Island, ruleset: Ruleset, seed: int | None, policy: str | None,
             turns: list[dict[str, Any]], result: GameResult | None) -> dict[str, Any]:
    """A log object: a finished game, or (`result` None, written `null`) the turns of a game
    stopped before its end (a referee quitting), which replay checks as far as it goes."""
    return {"format": LOG_FORMAT, "ruleset": ruleset_to_dict(ruleset),
            "island": island_to_dict(island), "seed": seed, "policy": policy,
            "turns": turns, "result": result.to_dict() if result is not None else None}


def write_log(path: str | Path, log: dict[str, Any]) -> None:
    """Write a log as JSON, atomically; an unwritable place is a SheetgenError."""
    try:
        write_text(path, json.dumps(log, indent=1, ensure_ascii=False) + "\n")
    except OSError as err:
        raise SheetgenError(f"cannot write the game log {path}: {err.strerror or err}",
                            hint="check that the folder exists and is writable") from None


@dataclass(frozen=True)
class ReplayReport:
    """The verdict on a log. `turn` is 1-based; None for faults in the result or the end."""

    ok: bool
    fault: str | None
    turn: int | None
    result: GameResult | None
    turns_checked: int

    def describe(self) -> str:
        if self.ok and self.result is None:
            return f"ok: {self.turns_checked} turns legal; the game was stopped unfinished"
        if self.ok:
            assert self.result is not None
            return (f"ok: {self.turns_checked} turns legal, result matches "
                    f"(score {self.result.score}, {'won' if self.result.won else 'lost'})")
        where = f"turn {self.turn}: " if self.turn is not None else ""
        return f"fault: {where}{self.fault}"


def _sub(doc: Located, key: str) -> Located:
    """The located document under `key`, with positions re-rooted there."""
    n = 1
    positions = {path[n:]: pos for path, pos in doc.positions.items()
                 if path[:n] == (key,)}
    return Located(doc.data[key], doc.source, positions)


def load_log(path: str | Path) -> Located:
    """Load a log file with positions (structure is checked by `replay_document`)."""
    return load_document(path)


def replay_file(path: str | Path) -> ReplayReport:
    """Load and replay a log file."""
    return replay_document(load_log(path))


def replay(log: dict[str, Any], source: str = "<log>") -> ReplayReport:
    """Replay a log given as plain data."""
    return replay_document(Located(log, source))


def replay_document(doc: Located) -> ReplayReport:
    """Replay a loaded log; SheetgenError for malformed files, a report for rule faults."""
    data = check_keys(doc, (), doc.data, _LOG_KEYS, "game log")
    if data["format"] != LOG_FORMAT:
        raise SheetgenError(f"unknown log format {data['format']!r}", doc.at(("format",)),
                            hint=f"expected '{LOG_FORMAT}'")
    ruleset = ruleset_from_located(_sub(doc, "ruleset")) if data.get("ruleset") is not None \
        else Ruleset()
    island = island_from_located(_sub(doc, "island"))
    validate_island(island, ruleset)
    turns = data["turns"]
    if not isinstance(turns, list):
        raise SheetgenError("turns must be a list", doc.at(("turns",)))
    unfinished = data["result"] is None
    if not unfinished and not isinstance(data["result"], dict):
        raise SheetgenError("result must be a mapping, or null for a game stopped before its "
                            "end", doc.at(("result",)))
    state = GameState(island, ruleset)
    for t, turn in enumerate(turns, start=1):
        if state.is_over():
            return ReplayReport(False, f"the game was already over after turn {t - 1} "
                                f"({state.termination}, R14)", t, None, t - 1)
        if not isinstance(turn, dict):
            return ReplayReport(False, "a turn must be a mapping", t, None, t - 1)
        try:
            _replay_turn(state, turn)
        except IllegalMove as err:
            return ReplayReport(False, str(err), t, None, t - 1)
    if unfinished:
        if state.is_over():
            return ReplayReport(False, "the game is over but the log has no result (R14)",
                                None, None, len(turns))
        return ReplayReport(True, None, None, None, len(turns))
    if not state.is_over():
        return ReplayReport(False, "the log ends before the game does (R14)", None, None,
                            len(turns))
    result = state.result()
    expected = result.to_dict()
    logged = data["result"]
    for key in RESULT_KEYS:
        if key not in logged:
            return ReplayReport(False, f"result lacks '{key}'", None, result, len(turns))
        if logged[key] != expected[key]:
            return ReplayReport(False, f"result {key} is {logged[key]!r} but the final sheet "
                                f"gives {expected[key]!r} (R15-R19)", None, result, len(turns))
    return ReplayReport(True, None, None, result, len(turns))


def _replay_turn(state: GameState, turn: dict[str, Any]) -> None:
    """Push one logged turn through the referee; IllegalMove on the first disagreement."""
    for key in turn:
        if key not in _TURN_KEYS:
            raise IllegalMove(f"unknown key {key!r} in the turn")
    for key, required in _TURN_KEYS.items():
        if required and key not in turn:
            raise IllegalMove(f"the turn lacks {key!r}")
    white, black = turn["white"], turn["black"]
    if not all(isinstance(d, int) and not isinstance(d, bool) for d in (white, black)):
        raise IllegalMove(f"dice must be integers, got {white!r} and {black!r} (R5)")
    state.push(Roll(white, black))
    assert state.record is not None
    if turn.get("doubles_circled") != state.record["doubles_circled"]:
        raise IllegalMove(f"doubles_circled is {turn.get('doubles_circled')!r} but the rules "
                          f"circle {state.record['doubles_circled']!r} (R8)")
    modify = _parse_modify(state, turn.get("modify"))
    take = turn["take"]
    column = turn.get("column")
    if take == "pass" and column is not None:
        raise IllegalMove("a pass places nothing, so column must be null (R7)")
    if column is not None and (isinstance(column, bool) or not isinstance(column, int)):
        raise IllegalMove(f"column must be an integer 0..5, got {column!r}")
    state.push(Place(modify, take, column))
    if "value" in turn and turn["value"] != state.record["value"]:
        raise IllegalMove(f"value is {turn['value']!r} but the die taken shows "
                          f"{state.record['value']!r} (R6, R7)")
    loot = turn.get("loot")
    if state.phase == Phase.LOOT:
        index = state.island.space_index.get(loot) if isinstance(loot, str) else None
        if index is None:
            raise IllegalMove(f"loot must name an available space, got {loot!r} (R6)")
        state.push(Loot(index))
    elif loot is not None:
        raise IllegalMove(f"nothing was placed, so nothing can be looted, got {loot!r} (R6)")
    sink = turn.get("sink")
    if state.phase == Phase.SINK:
        index = state.island.line_index.get(sink) if isinstance(sink, str) else None
        if index is None:
            raise IllegalMove(f"a sink is owed: sink must name a usable line, got {sink!r} "
                              "(R9, R11)")
        state.push(Sink(index))
    elif sink is not None:
        last = state.turns[-1]
        if last["take"] == "white":
            raise IllegalMove(f"the white die was taken, so no sink is owed, got {sink!r} (R9)")
        raise IllegalMove(f"no line could be chosen, so nothing sinks (R13), got {sink!r}")


def _parse_modify(state: GameState, raw: Any) -> Modify | None:
    if raw is None:
        return None
    if not isinstance(raw, dict) or raw.get("die") not in ("white", "black") \
            or raw.get("delta") not in (1, -1):
        raise IllegalMove(f"modify must be {{die: white|black, delta: 1|-1}}, got {raw!r} (R7)")
    spend = raw.get("spend")
    circled = [d for d in range(1, 7) if state.doubles[d - 1] == CIRCLED]
    if spend is None or (spend in circled and state.ruleset.spent_doubles_count_as_circled):
        # The spec's log omits it; and while spent symbols count as circled (R8 option) which
        # one is scribbled out changes nothing, so the engine's canonical choice is the lowest.
        if not circled:
            raise IllegalMove("no circled doubles symbol to spend on a modification (R7)")
        spend = circled[0]
    return Modify(raw["die"], raw["delta"], spend)
