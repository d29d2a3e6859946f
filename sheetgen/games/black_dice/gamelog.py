"""Game logs of The Curse of the Black Dice (`black-dice-log/1`) and their re-check.

A log is the engine's one log family (`sheetgen.engine.gamelog`): the quest itself (so a
designer's quest replays without its file) and the player count under `setup`, the seats,
every move as text (chance included: each roll, gold draw and the deal, labelled by where it
came from), the result, and under `events` every settlement as it happened:

    {"after": 212, "settlement": {"round": 3, "lines": [{"field": "map", "black": 2,
     "crew": 1, "status": "failed", "effects": ["ship_damage 2"], "rerolled": [2, 6],
     "moved_to": ["flag"]}, ...], "sea_wolf": 0, "captain": 2, "ended": null}}

`after` is the index of the move that completed the round. `replay_file` pushes every move
through the rules and compares each settlement the rules make with the logged one; the first
disagreement is named with its move and rule id. A log is written while its game is played
(`GameRecorder`), never by playing the game again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.engine.contract import IllegalMove, Outcome
from sheetgen.engine.gamelog import GameLog, ReplayReport, make_log, read_log, replay, write_log
from sheetgen.errors import SheetgenError
from sheetgen.layout.source import Located

from .game import GameState
from .moves import Move, parse_move
from .quest import Quest, quest_from, quest_to_dict

GAME = "black_dice"
FORMAT = "black-dice-log/1"


def log_name(quest: Quest, players: int, index: int) -> str:
    """The file name of game `index` of a run: `kraken-3p-000012.json`."""
    return f"{quest.id}-{players}p-{index:06d}.json"


class GameRecorder:
    """`on_move` for `contract.play`: keeps each move's text and each settlement as the game
    is played, then writes the log."""

    def __init__(self, state: GameState, quest: Quest, seats: list[str], seed: int | None
                 ) -> None:
        self.state = state
        self.quest = quest
        self.seats = seats
        self.seed = seed
        self.moves: list[str] = []
        self.events: list[dict[str, Any]] = []

    def __call__(self, seat: int, move: object) -> None:
        self.moves.append(str(move))
        if len(self.state.settlements) > len(self.events):
            self.events.append({"after": len(self.moves) - 1,
                                "settlement": self.state.settlements[-1].to_dict()})

    def log(self, outcome: Outcome | None) -> GameLog:
        log = make_log(GAME, seats=self.seats, moves=self.moves, result=outcome,
                       seed=self.seed, setup={"quest": quest_to_dict(self.quest),
                                              "players": self.state.n}, format=FORMAT)
        log.events = list(self.events)
        return log

    def write(self, path: str | Path, outcome: Outcome | None) -> None:
        write_log(path, self.log(outcome))


def _sub(doc: Located, path: tuple) -> Located:
    """The located document under `path`, positions re-rooted there (errors in an embedded
    quest point into the log file)."""
    n = len(path)
    positions = {p[n:]: pos for p, pos in doc.positions.items() if p[:n] == path}
    data: Any = doc.data
    for key in path:
        data = data[key]
    sub = Located(data, doc.source, positions)
    if () not in positions:
        sub.positions[()] = doc.at(path)
    return sub


def _new_state(log: GameLog) -> GameState:
    """The starting state a log's setup describes; a bad setup is a located error."""
    setup = log.setup
    doc = log.doc if log.doc is not None else Located(log.to_dict(), "<log>")
    if not isinstance(setup.get("quest"), dict):
        raise SheetgenError("setup.quest must be the quest (a black-dice-quest/1 mapping)",
                            log.at("setup"), hint="logs written by simulate --log-dir have it")
    players = setup.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise SheetgenError(f"setup.players must be 2, 3 or 4, got {players!r}",
                            log.at("setup", "players") or log.at("setup"))
    if len(log.seats) != players:
        raise SheetgenError(f"{len(log.seats)} seats for {players} players", log.at("seats"),
                            hint="one seat name per player")
    quest = quest_from(_sub(doc, ("setup", "quest")))
    return GameState(quest, players)


def _events(log: GameLog) -> list[tuple[int, dict[str, Any]]]:
    """The logged settlements as (after, settlement), structure checked (located errors)."""
    out = []
    for i, event in enumerate(getattr(log, "events", None) or []):
        ok = isinstance(event, dict) and set(event) == {"after", "settlement"} \
            and isinstance(event["after"], int) and not isinstance(event["after"], bool) \
            and isinstance(event["settlement"], dict)
        if not ok:
            raise SheetgenError(f"events[{i}] must be {{\"after\": MOVE INDEX, \"settlement\": "
                                "{...}}", log.at("events", i) or log.at("events"))
        out.append((event["after"], event["settlement"]))
    return out


SETTLEMENT_RULES = (("round", "BD-ROUND"), ("lines", "BD-ORDER"), ("sea_wolf", "BD-HALVES"),
                    ("captain", "BD-HALVES"), ("ended", "BD-GOAL"))
LINE_RULES = (("field", "BD-ORDER"), ("black", "BD-REROLL"), ("crew", "BD-TURN"),
              ("status", "BD-ORDER"), ("effects", "BD-CODES"), ("rerolled", "BD-REROLL"),
              ("moved_to", "BD-REROLL"))


def compare_settlement(logged: dict[str, Any], made: dict[str, Any]) -> IllegalMove | None:
    """The first difference between a logged settlement and the rules' one, with its rule."""
    for key, rule in SETTLEMENT_RULES:
        if key == "lines":
            lines = logged.get("lines")
            if not isinstance(lines, list) or len(lines) != len(made["lines"]):
                return IllegalMove(rule, "the settlement must list the six fields")
            for mine, theirs in zip(made["lines"], lines, strict=True):
                for lkey, lrule in LINE_RULES:
                    if not isinstance(theirs, dict) or theirs.get(lkey) != mine[lkey]:
                        got = theirs.get(lkey) if isinstance(theirs, dict) else theirs
                        if lrule == "BD-ORDER" and "defended" in (got, mine[lkey]):
                            lrule = "BD-ARMADA"
                        return IllegalMove(lrule, f"round {made['round']}, {mine['field']}: "
                                           f"{lkey} is {got!r} in the log, the rules give "
                                           f"{mine[lkey]!r}")
        elif logged.get(key) != made[key]:
            return IllegalMove(rule, f"round {made['round']} settlement: {key} is "
                               f"{logged.get(key)!r} in the log, the rules give {made[key]!r}")
    return None


class _CheckedState(GameState):
    """A GameState that compares every settlement it makes with the logged one."""

    def __init__(self, quest: Quest, players: int,
                 events: list[tuple[int, dict[str, Any]]]) -> None:
        super().__init__(quest, players)
        self.logged = events
        self.moves_pushed = 0

    def push(self, move: Move) -> None:
        before = len(self.settlements)
        super().push(move)
        index = self.moves_pushed
        self.moves_pushed += 1
        if len(self.settlements) == before:
            if any(after == index for after, _ in self.logged[before:before + 1]):
                raise IllegalMove("BD-ROUND", "the log settles a round after this move, but "
                                  "dice are still to be placed")
            return
        made = self.settlements[-1].to_dict()
        if before >= len(self.logged):
            raise IllegalMove("BD-ROUND", f"this move completes round {made['round']}, "
                              "but the log has no settlement for it")
        after, logged = self.logged[before]
        if after != index:
            raise IllegalMove("BD-ROUND", f"round {made['round']} is settled after move "
                              f"{index}, the log says after move {after}")
        fault = compare_settlement(logged, made)
        if fault is not None:
            raise fault


def replay_log(log: GameLog) -> ReplayReport:
    """Re-check a log: every move, every settlement, the result."""
    events = _events(log)
    made: list[_CheckedState] = []

    def new_state(log: GameLog) -> GameState:
        base = _new_state(log)
        state = _CheckedState(base.quest, base.n, events)
        made.append(state)
        return state

    report = replay(log, new_state, parse_move)
    if report.ok and made and len(made[0].settlements) < len(events):
        extra = len(events) - len(made[0].settlements)
        return ReplayReport(False, report.moves_checked, message=f"the log has {extra} "
                            "settlement(s) more than the moves make", rule="BD-ROUND",
                            outcome=report.outcome)
    return report


def replay_file(path: str | Path) -> ReplayReport:
    """Read and re-check a `black-dice-log/1` file (a malformed file is a located
    SheetgenError; broken rules are a report)."""
    return replay_log(read_log(path, FORMAT))
