"""What a referee says about a game of Captain's Curse: the sheet and the map as text, and
every space, sink line and decision described in words, using the labels a referee print
of the sheet shows (`sheetgen render captains_curse/island_sheet --set ids=true`: space
numbers and line letters, `labels`). Pure text: the terminal game (`sheetgen captains-curse
play`) prints it, and anything else that talks about a game can.
"""

from __future__ import annotations

from .labels import line_labels, space_labels
from .state import BLANK, CIRCLED, GameState, Loot, Place, Sink


class Referee:
    """Labels and descriptions of one island's spaces, lines and decisions."""

    def __init__(self, state: GameState):
        self.state = state
        isl = state.island
        self.space = space_labels(isl)
        self.line = line_labels(isl)
        self.island = isl

    def sheet(self) -> str:
        state = self.state
        lines = ["  " + " ".join(f"{s[:3]:^3}" for s in self.island.symbols)]
        lines += ["  " + row for row in state.sheet_text().splitlines()]
        marks = {BLANK: " ", CIRCLED: "o", 2: "/"}
        lines.append("  doubles: " + "  ".join(f"{d}[{marks[state.doubles[d - 1]]}]"
                                               for d in range(1, 7))
                     + "   (o circled, / spent)")
        lines.append(f"  X so far: {state.x_count()}")
        return "\n".join(lines)

    def map(self) -> str:
        state, isl = self.state, self.island
        out = []
        for c, symbol in enumerate(isl.symbols):
            cells = []
            for i, space in enumerate(isl.spaces):
                if isl.symbol_of_space[i] != c:
                    continue
                bit = 1 << i
                mark = ("~" if state.sunk & bit else "o" if state.looted & bit
                        else "a" if state.marked & bit else " ")
                ring = "*" if space.ring else ""
                cells.append(f"{self.space[i]}{ring}[{mark}]")
            out.append(f"  {symbol:>7}: " + ", ".join(cells))
        out.append("  (numbers as on the referee sheet; * centre ring; o looted, a abandoned, "
                   "~ sunk)")
        usable = []
        for i in state.usable_lines():
            region = isl.region_masks[i] & ~state.sunk
            size = bin(region).count("1")
            avail = bin(region & state.available).count("1")
            ring = " ring" if region & isl.ring_mask else ""
            usable.append(f"{self.line[i]} {size}/{avail}{ring}")
        out.append("  sink lines now (spaces/unlooted): " + (", ".join(usable) or "none (R13)"))
        return "\n".join(out)

    def line_desc(self, i: int) -> str:
        state = self.state
        region = self.island.region_masks[i] & ~state.sunk
        spaces = [self.space[k] for k in range(len(self.island.spaces)) if region >> k & 1]
        avail = bin(region & state.available).count("1")
        ring = bin(region & self.island.ring_mask).count("1")
        cost = f"{len(spaces)} space(s), {avail} unlooted"
        if ring:
            cost += f", {ring} centre-ring"
        return f"sinks spaces {', '.join(spaces)} ({cost})"

    def space_desc(self, i: int) -> str:
        state, space = self.state, self.island.spaces[i]
        extra = " centre ring" if space.ring else ""
        lines = [self.line[j] for j in state.usable_lines()
                 if self.island.region_masks[j] >> i & 1]
        risk = f"; sinkable now by line {', '.join(lines)}" if lines else ""
        place = f" {space.place}" if space.place else ""
        return f"{self.island.symbols[self.island.symbol_of_space[i]]}{place}{extra}{risk}"

    def place_desc(self, move: Place) -> str:
        state = self.state
        mod = ""
        if move.modify is not None:
            sign = "+1" if move.modify.delta > 0 else "-1"
            mod = f"{move.modify.die} {sign}, then "
        if move.take == "pass":
            return f"{mod}pass (and sink)"
        value = state.value_of(move)
        assert move.column is not None
        curse = " (cursed: sink after)" if move.take == "black" else ""
        return (f"{mod}{move.take} {value} in column {move.column + 1} "
                f"({self.island.symbols[move.column]}){curse}")

    def describe(self, move) -> str:
        if isinstance(move, Place):
            return self.place_desc(move)
        if isinstance(move, Loot):
            return f"loot space {self.space[move.space]}"
        if isinstance(move, Sink):
            return f"sink line {self.line[move.line]}"
        return str(move)
