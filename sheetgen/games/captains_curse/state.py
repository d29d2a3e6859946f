"""The game state and the turn API: the referee every player, tool and replay goes through.

One mutable `GameState` with `push(move)` / `pop()` (python-chess style: each push saves a
small `Undo` record, and `pop()` returns the move it took back) and an explicit chance step
(OpenSpiel style): a turn is

    CHANCE  --Roll(w, b)-->  PLACE  --Place(modify, take, column)-->
    LOOT (if a die was placed)  --Loot(space)-->  SINK (if owed, R9)  --Sink(line)-->  CHANCE

`legal_moves()` lists the decisions of the current phase in a fixed order (the fast path
enumerates in the same order, so both agree move by move). Illegal moves raise
`IllegalMove` naming the rule. Phases with nothing to decide are skipped automatically:
an owed sink with no usable line does nothing (R13), and the game ends after a turn when
R14 says so.

Compact integer state: per column the first open row and a bitmask of circled rows; per
doubles value blank/circled/spent; bitmasks of marked (looted or abandoned), looted and sunk
spaces. Copying is cheap and the masks are what the fast path uses as well.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from sheetgen.engine import contract
from sheetgen.engine.contract import CHANCE, Outcome

from .island import Island
from .ruleset import N_COLUMNS, Ruleset

RULE_ID = re.compile(r"\bR\d+\b")


class IllegalMove(contract.IllegalMove, ValueError):
    """A decision the rules forbid here. The message names the rule (R-id) in its own words
    ("... (R9, R11)"); `rule` is the first id it names, as the engine contract asks."""

    def __init__(self, message: str) -> None:
        found = RULE_ID.search(message)
        super().__init__(found.group(0) if found else "", message)
        self.args = (message,)  # str(err) stays the message, which already names its rule


class Phase(IntEnum):
    CHANCE = 0
    PLACE = 1
    LOOT = 2
    SINK = 3
    OVER = 4


BLANK, CIRCLED, SPENT = 0, 1, 2  # R4: state of a doubles symbol


@dataclass(frozen=True)
class Roll:
    """The chance step (R5). Text: `roll 3 5` (white, black)."""

    white: int
    black: int

    def __str__(self) -> str:
        return f"roll {self.white} {self.black}"

    @classmethod
    def parse(cls, text: str) -> Roll:
        return _parse(text, cls)


@dataclass(frozen=True)
class Modify:
    """R7: change one die by +1/-1 (wrapping), paying with circled doubles symbol `spend`."""

    die: str  # "white" | "black"
    delta: int  # +1 | -1
    spend: int  # the doubles value (1..6) scribbled out


@dataclass(frozen=True)
class Place:
    """R6-R8: the die decision. `take` is "white", "black" or "pass" (column None). Text:
    `place white 2` (column 0-5), `place pass`, with a modification first
    `place black 4 modify white +1 spend 3`."""

    modify: Modify | None
    take: str
    column: int | None

    def __str__(self) -> str:
        where = "" if self.column is None else f" {self.column}"
        mod = self.modify
        how = "" if mod is None else f" modify {mod.die} {mod.delta:+d} spend {mod.spend}"
        return f"place {self.take}{where}{how}"

    @classmethod
    def parse(cls, text: str) -> Place:
        return _parse(text, cls)


@dataclass(frozen=True)
class Loot:
    """R6: loot one available space (index into island.spaces) of the column's symbol.
    Text: `loot 12`."""

    space: int

    def __str__(self) -> str:
        return f"loot {self.space}"

    @classmethod
    def parse(cls, text: str) -> Loot:
        return _parse(text, cls)


@dataclass(frozen=True)
class Sink:
    """R11: sink the region of sink line `line` (index into island.sink_lines). Text:
    `sink 3`."""

    line: int

    def __str__(self) -> str:
        return f"sink {self.line}"

    @classmethod
    def parse(cls, text: str) -> Sink:
        return _parse(text, cls)


Move = Roll | Place | Loot | Sink


def parse_move(text: str) -> Move:
    """A move from its text (`str(move)`); ValueError for anything else.

    >>> parse_move("place black 4 modify white +1 spend 3")
    Place(modify=Modify(die='white', delta=1, spend=3), take='black', column=4)
    >>> str(parse_move(" roll 6  2 "))
    'roll 6 2'
    """
    words = text.split()
    try:
        if words[0] == "roll" and len(words) == 3:
            return Roll(int(words[1]), int(words[2]))
        if words[0] in ("loot", "sink") and len(words) == 2:
            return (Loot if words[0] == "loot" else Sink)(int(words[1]))
        if words[0] == "place" and len(words) >= 2 and words[1] in ("white", "black", "pass"):
            rest = words[2:]
            column = None
            if words[1] != "pass":
                column, rest = int(rest[0]), rest[1:]
            modify = None
            if rest:
                if len(rest) != 5 or rest[0] != "modify" or rest[1] not in ("white", "black") \
                        or rest[2] not in ("+1", "-1") or rest[3] != "spend":
                    raise ValueError
                modify = Modify(rest[1], int(rest[2]), int(rest[4]))
            return Place(modify, words[1], column)
    except (ValueError, IndexError):
        pass
    raise ValueError(f"not a Captain's Curse move: {text!r} (roll W B, place white|black "
                     "COLUMN [modify DIE +1|-1 spend D], place pass, loot SPACE, sink LINE)")


def _parse(text: str, kind: type) -> Any:
    move = parse_move(text)
    if not isinstance(move, kind):
        raise ValueError(f"{text!r} is not a {kind.__name__.lower()} move")
    return move


@dataclass(frozen=True)
class Undo:
    """What `GameState.push` needs to take a move back: the move, and the dynamic state just
    before it (lists kept as tuples, the turn log by its length)."""

    move: Move
    next_row: tuple[int, ...]
    circled: tuple[int, ...]
    doubles: tuple[int, ...]
    marked: int
    looted: int
    sunk: int
    phase: Phase
    roll: Roll | None
    turn: int
    record: dict[str, Any] | None
    n_turns: int
    termination: str | None
    owes_sink: bool
    column: int | None


@dataclass(frozen=True)
class GameResult:
    """The end of a game (R14-R19), as the log's `result` object holds it."""

    score: int
    column_totals: tuple[int, ...]
    x_count: int
    unsunk_spaces: int
    lost: bool
    won: bool
    goals: tuple[bool, bool, bool]
    title: str | None
    termination: str
    turns: int

    def to_dict(self) -> dict[str, Any]:
        return {"score": self.score, "column_totals": list(self.column_totals),
                "x_count": self.x_count, "unsunk_spaces": self.unsunk_spaces,
                "lost": self.lost, "won": self.won,
                "goals": {"G1": self.goals[0], "G2": self.goals[1], "G3": self.goals[2]},
                "title": self.title}


def score_sheet(ruleset: Ruleset, circled: list[int] | tuple[int, ...],
                complete: list[bool] | tuple[bool, ...], unsunk: int, lost: bool,
                termination: str = "", turns: int = 0) -> GameResult:
    """Score a finished sheet (R16-R19) from the circled-row masks of the six columns.

    At the end every cell that is not circled is an X (skipped cells, and R16's open cells
    of unfinished columns alike), so the X count is 36 minus the circled cells.
    """
    totals = []
    x_count = 0
    perfect = False
    for c in range(N_COLUMNS):
        values = [ruleset.columns[c][r] for r in range(6) if circled[c] >> r & 1]
        xs = 6 - len(values)
        x_count += xs
        perfect = perfect or xs == 0
        if complete[c] or ruleset.unfinished_columns_score:  # R16 option
            totals.append(sum(values))
        else:
            totals.append(0)
    score = sum(totals) - x_count  # R17
    goals = (x_count <= ruleset.g1_max_x, perfect, unsunk >= ruleset.g3_min_unsunk)  # R19
    won = not lost and score >= ruleset.goal  # R18
    title = ruleset.title_for(score, sum(goals), lost)
    return GameResult(score, tuple(totals), x_count, unsunk, lost, won, goals, title,
                      termination, turns)


class GameState:
    """A game in progress on one island under one ruleset. See the module docstring."""

    def __init__(self, island: Island, ruleset: Ruleset) -> None:
        self.island = island
        self.ruleset = ruleset
        n = len(island.spaces)
        if n == 0:
            raise ValueError("an island needs spaces")
        # Static tables.
        self._row_of = [[ruleset.cell_of(c, v) for v in range(1, 7)] for c in range(N_COLUMNS)]
        self._sym = island.symbol_masks
        self._regions = island.region_masks
        self._ends = island.end_masks
        self._all = island.all_mask
        self._ring = island.ring_mask
        # Dynamic state.
        self.next_row = [0] * N_COLUMNS  # first open row per column; 6 = complete
        self.circled = [0] * N_COLUMNS  # bitmask of circled rows per column
        self.doubles = [BLANK] * 6  # index d-1
        self.marked = 0  # looted or abandoned (R6, R10)
        self.looted = 0
        self.sunk = 0
        self.phase = Phase.CHANCE
        self.roll: Roll | None = None
        self.turn = 0  # turns completed
        self.record: dict[str, Any] | None = None  # the turn being played, as a log entry
        self.turns: list[dict[str, Any]] = []  # completed turns, as log entries
        self.termination: str | None = None
        self._owes_sink = False
        self._column: int | None = None
        self._stack: list[Undo] = []

    # ------------------------------------------------------------ queries
    @property
    def available(self) -> int:
        """Spaces that can still be looted: not marked, not sunk (R6)."""
        return self._all & ~self.marked & ~self.sunk

    def is_over(self) -> bool:
        return self.phase == Phase.OVER

    # ------------------------------------------------------------ the engine contract
    def to_move(self) -> int | None:
        """CHANCE before a roll, seat 0 (the one player) at a decision, None when over."""
        if self.phase == Phase.OVER:
            return None
        return CHANCE if self.phase == Phase.CHANCE else 0

    def sample_chance(self, rng: Any) -> Roll:
        """The roll drawn from the game's dice stream (`rng.dice_stream(seed)`): one draw of
        36, white = r // 6 + 1, black = r % 6 + 1, as the fast path draws it (R5)."""
        r = rng.randrange(36)
        return Roll(r // 6 + 1, r % 6 + 1)

    def outcome(self) -> Outcome | None:
        """The contract's view of the end: seat 0 wins or not, its score (R14-R19)."""
        if self.phase != Phase.OVER:
            return None
        result = self.result()
        return Outcome(result.termination, (0,) if result.won else (), (float(result.score),))

    def x_count(self) -> int:
        """X cells so far (skipped cells; R16's crossings only happen at the end)."""
        return sum(self.next_row[c] - bin(self.circled[c]).count("1") for c in range(6))

    def placeable_columns(self, value: int) -> list[int]:
        """Columns where `value` may be placed now (R6)."""
        avail = self.available
        return [c for c in range(N_COLUMNS)
                if self.next_row[c] < 6 and self._row_of[c][value - 1] >= self.next_row[c]
                and avail & self._sym[c]]

    def usable_lines(self) -> list[int]:
        """Sink lines that may be chosen now (R11): both ends wet, something left to sink."""
        sunk = self.sunk
        out = []
        for i, region in enumerate(self._regions):
            e0, e1 = self._ends[i]
            if region & ~sunk and (e0 == 0 or e0 & sunk) and (e1 == 0 or e1 & sunk):
                out.append(i)
        return out

    def chance_outcomes(self) -> list[tuple[Roll, float]]:
        """The 36 rolls with their probabilities (R5), in draw order."""
        return [(Roll(w, b), 1 / 36) for w in range(1, 7) for b in range(1, 7)]

    def _doubles_force_black(self, d: int) -> bool:
        """R8: on doubles d, must the black die be taken (symbol blank before this roll)?"""
        assert self.record is not None
        if self.record["doubles_circled"] == d:
            return True
        return self.doubles[d - 1] == SPENT and not self.ruleset.spent_doubles_count_as_circled

    def modifications(self) -> list[Modify | None]:
        """R7: the modification choices for this roll (None = no change), in fixed order."""
        assert self.roll is not None
        mods: list[Modify | None] = [None]
        if self.roll.white == self.roll.black:
            return mods  # R8: no modification on doubles
        circled = [d for d in range(1, 7) if self.doubles[d - 1] == CIRCLED]
        if not circled:
            return mods
        # Which symbol is scribbled out only matters when spent ones stop counting (R8 option).
        spends = circled if not self.ruleset.spent_doubles_count_as_circled else circled[:1]
        for die in ("white", "black"):
            for delta in (1, -1):
                for spend in spends:
                    mods.append(Modify(die, delta, spend))
        return mods

    def legal_moves(self) -> list[Move]:
        """The legal decisions of the current phase, in the engine's fixed order."""
        if self.phase == Phase.CHANCE:
            return [roll for roll, _ in self.chance_outcomes()]
        if self.phase == Phase.PLACE:
            return list(self._legal_placements())
        if self.phase == Phase.LOOT:
            assert self._column is not None
            mask = self.available & self._sym[self._column]
            return [Loot(i) for i in range(len(self.island.spaces)) if mask >> i & 1]
        if self.phase == Phase.SINK:
            return [Sink(i) for i in self.usable_lines()]
        return []

    def _legal_placements(self) -> list[Place]:
        assert self.roll is not None
        w, b = self.roll.white, self.roll.black
        if w == b:  # R8
            cols = self.placeable_columns(w)
            if not cols:
                return [Place(None, "pass", None)]
            out = [Place(None, "black", c) for c in cols]
            if not self._doubles_force_black(w):
                out = [Place(None, "white", c) for c in cols] + out
            return out
        out = []
        for mod in self.modifications():  # R7
            mw, mb = w, b
            if mod is not None:
                if mod.die == "white":
                    mw = _wrap(w + mod.delta)
                else:
                    mb = _wrap(b + mod.delta)
            cw, cb = self.placeable_columns(mw), self.placeable_columns(mb)
            if not cw and not cb:
                out.append(Place(mod, "pass", None))
                continue
            out.extend(Place(mod, "white", c) for c in cw)
            out.extend(Place(mod, "black", c) for c in cb)
        return out

    def value_of(self, move: Place) -> int | None:
        """The value a placement puts in its column (after any modification)."""
        assert self.roll is not None
        if move.take == "pass":
            return None
        value = self.roll.white if move.take == "white" else self.roll.black
        if move.modify is not None and move.modify.die == move.take:
            value = _wrap(value + move.modify.delta)
        return value

    # ------------------------------------------------------------ push / pop
    def _undo_record(self, move: Move) -> Undo:
        return Undo(move, tuple(self.next_row), tuple(self.circled), tuple(self.doubles),
                    self.marked, self.looted, self.sunk, self.phase, self.roll, self.turn,
                    dict(self.record) if self.record is not None else None, len(self.turns),
                    self.termination, self._owes_sink, self._column)

    def _restore(self, undo: Undo) -> None:
        self.next_row, self.circled, self.doubles = \
            list(undo.next_row), list(undo.circled), list(undo.doubles)
        self.marked, self.looted, self.sunk = undo.marked, undo.looted, undo.sunk
        self.phase, self.roll, self.turn, self.record = undo.phase, undo.roll, undo.turn, \
            undo.record
        self.termination, self._owes_sink, self._column = undo.termination, undo.owes_sink, \
            undo.column
        del self.turns[undo.n_turns:]

    def pop(self) -> Move:
        """Undo the last push and return the move it undid."""
        undo = self._stack.pop()
        self._restore(undo)
        return undo.move

    def push(self, move: Move) -> None:
        """Apply a decision of the current phase; raise IllegalMove (naming the rule) if illegal."""
        undo = self._undo_record(move)
        try:
            if self.phase == Phase.OVER:
                raise IllegalMove("the game is over (R14)")
            if self.phase == Phase.CHANCE:
                self._apply_roll(move)
            elif self.phase == Phase.PLACE:
                self._apply_place(move)
            elif self.phase == Phase.LOOT:
                self._apply_loot(move)
            else:
                self._apply_sink(move)
        except Exception:
            self._restore(undo)
            raise
        self._stack.append(undo)

    def _apply_roll(self, move: Move) -> None:
        if not isinstance(move, Roll):
            raise IllegalMove(f"expected a roll of the dice (R5), got {move!r}")
        if not (1 <= move.white <= 6 and 1 <= move.black <= 6):
            raise IllegalMove(f"dice show 1..6 (R5), got {move.white} and {move.black}")
        self.roll = move
        self.record = {"white": move.white, "black": move.black, "modify": None, "take": None,
                       "value": None, "column": None, "loot": None, "doubles_circled": None,
                       "sink": None}
        d = move.white
        if move.white == move.black and self.doubles[d - 1] == BLANK:  # R8: circle it
            self.doubles[d - 1] = CIRCLED
            self.record["doubles_circled"] = d
        self.phase = Phase.PLACE

    def _apply_place(self, move: Move) -> None:
        if not isinstance(move, Place):
            raise IllegalMove(f"expected a die decision (R6-R8), got {move!r}")
        if move not in self._legal_placements():
            raise IllegalMove(self._why_illegal(move))
        assert self.record is not None
        if move.modify is not None:  # R7: scribble out the circled symbol
            self.doubles[move.modify.spend - 1] = SPENT
            self.record["modify"] = {"die": move.modify.die, "delta": move.modify.delta,
                                     "spend": move.modify.spend}
        self.record["take"] = move.take
        self._owes_sink = move.take in ("black", "pass")  # R9
        if move.take == "pass":
            self._after_loot()
            return
        value = self.value_of(move)
        assert value is not None and move.column is not None
        c = move.column
        row = self._row_of[c][value - 1]
        self.circled[c] |= 1 << row  # rows above `row` that were open are now X (R6)
        self.next_row[c] = row + 1
        self.record["value"] = value
        self.record["column"] = c
        self._column = c
        self.phase = Phase.LOOT

    def _why_illegal(self, move: Place) -> str:
        assert self.roll is not None
        w, b = self.roll.white, self.roll.black
        if move.take not in ("white", "black", "pass"):
            return f"take must be white, black or pass, got {move.take!r}"
        if move.modify is not None:
            if w == b:
                return "no modification on doubles (R8)"
            if move.modify not in self.modifications():
                return ("a modification needs a circled doubles symbol and changes one die by "
                        "+1 or -1 (R7)")
        if w == b and move.take == "white" and self.placeable_columns(w) and \
                self._doubles_force_black(w):
            return f"doubles {w} was not circled before this roll: take the black die (R8)"
        if move.take == "pass":
            return "a die can be placed, so passing is not allowed (R7)"
        value = self.value_of(move)
        if move.column is None or not 0 <= move.column < 6:
            return f"column must be 0..5, got {move.column!r}"
        c = move.column
        if self.next_row[c] >= 6:
            return f"column {c} is complete (R6)"
        if not self.available & self._sym[c]:
            return f"no available {self.island.symbols[c]} space to loot for column {c} (R6)"
        if value is not None and self._row_of[c][value - 1] < self.next_row[c]:
            return f"{value} lies above the first open cell of column {c} (R6)"
        return ("the other die has a legal placement and this one has none: it must be taken "
                "(R7)")

    def _apply_loot(self, move: Move) -> None:
        if not isinstance(move, Loot):
            raise IllegalMove(f"expected a space to loot (R6), got {move!r}")
        assert self._column is not None and self.record is not None
        c = self._column
        bit = 1 << move.space if 0 <= move.space < len(self.island.spaces) else 0
        if not bit & self.available & self._sym[c]:
            raise IllegalMove(
                f"space {move.space} is not an available {self.island.symbols[c]} space (R6)")
        self.marked |= bit
        self.looted |= bit
        self.record["loot"] = self.island.spaces[move.space].id
        if self.next_row[c] == 6:  # R10: completed, abandon the rest of its symbol
            self.marked |= self.available & self._sym[c]
        self._after_loot()

    def _after_loot(self) -> None:
        if self._owes_sink and self.usable_lines():
            self.phase = Phase.SINK
            return
        self._end_turn()  # R13: an owed sink with no usable line does nothing

    def _apply_sink(self, move: Move) -> None:
        if not isinstance(move, Sink):
            raise IllegalMove(f"expected a sink line (R9, R11), got {move!r}")
        if move.line not in self.usable_lines():
            raise IllegalMove(f"sink line {move.line} cannot be chosen: both ends must be wet "
                              "and its region must hold an unsunk space (R11)")
        assert self.record is not None
        self.sunk |= self._regions[move.line]
        self.record["sink"] = self.island.sink_lines[move.line].id
        self._end_turn()

    def _end_turn(self) -> None:
        assert self.record is not None
        self.turns.append(self.record)
        self.record = None
        self.roll = None
        self._column = None
        self._owes_sink = False
        self.turn += 1
        self.termination = self._termination()  # R14
        self.phase = Phase.OVER if self.termination else Phase.CHANCE

    def _termination(self) -> str | None:
        if all(r == 6 for r in self.next_row):
            return "columns_complete"
        if self._ring & ~self.sunk == 0:
            return "ring_sunk"
        if self._all & ~self.sunk == 0:
            return "island_sunk"
        if self.available == 0:
            return "no_available_space"
        return None

    # ------------------------------------------------------------ result
    def result(self) -> GameResult:
        """The end-of-game result (R15-R19); only once the game is over."""
        if self.phase != Phase.OVER:
            raise IllegalMove("the game is not over yet (R14)")
        unsunk = bin(self._all & ~self.sunk).count("1")
        lost = self._ring & ~self.sunk == 0  # R15
        return score_sheet(self.ruleset, self.circled, [r == 6 for r in self.next_row],
                           unsunk, lost, self.termination or "", self.turn)

    def sheet_text(self) -> str:
        """The six columns as text: circled values in (), X for crossed, . for open."""
        rows = []
        for r in range(6):
            cells = []
            for c in range(N_COLUMNS):
                v = self.ruleset.columns[c][r]
                if self.circled[c] >> r & 1:
                    cells.append(f"({v})")
                elif r < self.next_row[c]:
                    cells.append(" X ")
                else:
                    cells.append(f" {v} ")
            rows.append(" ".join(cells))
        return "\n".join(rows)


def _wrap(value: int) -> int:
    """R7: 6+1 = 1 and 1-1 = 6."""
    return (value - 1) % 6 + 1
