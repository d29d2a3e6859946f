"""A game of Captain's Curse played in the browser, refereed by the rules engine.

The page never sends a move of its own making: it asks for the legal moves, each offered
with what the page needs to show it as a click (a grid column, a space, a sink line), and
sends back the index of the one clicked. The referee (`GameState`) is the only judge, so no
illegal move can be made. The dice come from the engine's seeded stream (R5); the finished
game's log is a `captains-curse-log/1` that `sheetgen replay` re-checks move by move.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sheetgen.games.captains_curse.gamelog import make_log
from sheetgen.games.captains_curse.island import Island
from sheetgen.games.captains_curse.rng import dice_stream
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.session import Session
from sheetgen.games.captains_curse.state import (
    BLANK,
    CIRCLED,
    GameState,
    Loot,
    Move,
    Phase,
    Place,
    Roll,
    Sink,
)

PHASE_NAMES = {Phase.CHANCE: "roll", Phase.PLACE: "place", Phase.LOOT: "loot",
               Phase.SINK: "sink", Phase.OVER: "over"}


def describe_move(state: GameState, move: Move) -> dict[str, Any]:
    """A legal move as the page shows it: a label and the thing to click."""
    isl = state.island
    if isinstance(move, Place):
        spend = None
        if move.modify is not None:
            sign = "+1" if move.modify.delta > 0 else "-1"
            spend = {"spend": move.modify.spend, "die": move.modify.die, "delta": move.modify.delta,
                     "label": f"spend doubles {move.modify.spend}: {move.modify.die} die {sign}"}
        if move.take == "pass":
            return {"kind": "pass", "modify": spend, "label": "pass: place nothing, then sink"}
        value = state.value_of(move)
        curse = " (cursed: then sink)" if move.take == "black" else ""
        return {"kind": "place", "take": move.take, "column": move.column, "value": value,
                "modify": spend,
                "label": f"{move.take} {value} in the {isl.symbols[move.column]} column{curse}"}
    if isinstance(move, Loot):
        space = isl.spaces[move.space]
        return {"kind": "loot", "space": space.id,
                "label": f"loot {space.place or space.id} ({space.symbol})"}
    if isinstance(move, Sink):
        line = isl.sink_lines[move.line]
        region = isl.region_masks[move.line] & ~state.sunk
        ids = [s.id for k, s in enumerate(isl.spaces) if region >> k & 1]
        return {"kind": "sink", "line": line.id, "spaces": ids,
                "label": f"sink along {line.id}: {len(ids)} space(s) go under"}
    raise TypeError(move)


@dataclass
class BrowserGame:
    island: Island
    ruleset: Ruleset
    seed: int
    state: GameState = field(init=False)
    _table: Session = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.state = GameState(self.island, self.ruleset)
        self._table = Session(self.state, dice_stream(self.seed))

    def roll(self) -> Roll:
        """The chance step, from the game's own seeded dice (the same draw as `play`)."""
        if self.state.phase != Phase.CHANCE:
            raise ValueError("the dice are rolled only at the start of a turn")
        return self._table.roll()

    def choose(self, index: int) -> None:
        """Push legal move number `index`; anything else is refused before the referee."""
        if self.state.phase in (Phase.CHANCE, Phase.OVER):
            raise ValueError("there is no decision to make now: "
                             + ("roll the dice" if self.state.phase == Phase.CHANCE
                                else "the game is over"))
        legal = self.state.legal_moves()
        if not 0 <= index < len(legal):
            raise ValueError(f"choice {index} is not one of the {len(legal)} legal moves")
        self._table.push(legal[index])

    def view(self) -> dict[str, Any]:
        """Everything the page draws: the sheet, the island's marks, the choices."""
        st = self.state
        isl = self.island
        columns = []
        for c in range(6):
            cells = []
            for r in range(6):
                if st.circled[c] >> r & 1:
                    cells.append("circled")
                elif r < st.next_row[c]:
                    cells.append("x")
                else:
                    cells.append("open")
            columns.append(cells)
        marks = {}
        for k, space in enumerate(isl.spaces):
            bit = 1 << k
            if st.sunk & bit:
                marks[space.id] = "sunk"
            elif st.looted & bit:
                marks[space.id] = "looted"
            elif st.marked & bit:
                marks[space.id] = "abandoned"
        doubles = ["circled" if d == CIRCLED else "blank" if d == BLANK else "spent"
                   for d in st.doubles]
        out: dict[str, Any] = {
            # turns completed, plus the one under way (none once the game is over: the
            # log's count)
            "phase": PHASE_NAMES[st.phase],
            "turn": st.turn + (st.phase not in (Phase.CHANCE, Phase.OVER)),
            "roll": [st.roll.white, st.roll.black] if st.roll else None,
            "doubles_circled": bool(st.record and st.record.get("doubles_circled")),
            "columns": columns, "marks": marks, "doubles": doubles, "x": st.x_count(),
            "usable_lines": [isl.sink_lines[i].id for i in st.usable_lines()]
            if st.phase != Phase.OVER else [],
            "moves": [],
        }
        if st.phase in (Phase.PLACE, Phase.LOOT, Phase.SINK):
            out["moves"] = [dict(describe_move(st, m), index=i)
                            for i, m in enumerate(st.legal_moves())]
        if st.phase == Phase.OVER:
            result = st.result()
            out["result"] = result.to_dict()
        return out

    def log(self) -> dict[str, Any]:
        """The game as a `captains-curse-log/1` object (only once it is over)."""
        return make_log(self.island, self.ruleset, self.seed, "human", self.state.turns,
                        self.state.result())
