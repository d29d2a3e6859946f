"""The eight barrels: Dusk barrel magic, Moon, Sand, Bones, KRKN, and the Moonlight
barrels Stars, Wind, Sea, Tide (V8, V29-V36, V45, V72).

A mixin of `game.VoodooState`: its methods take the core being built by a `push` and
use the referee's helpers (`_ask`, `_push_tasks`, `sea`, ...). See `game` for the shape.
"""

from __future__ import annotations

from typing import Any

from .core import (
    ACTIONS,
    Core,
    add,
    drop_object,
    put,
)
from .moves import Move, parse_space, space_word
from .sea import dawn_tide, sail, turn_wind


class BarrelRules:
    """The eight barrels, at Dusk and in the Moonlight."""

    def _t_barrel(self, c: Core, seat: int) -> None:   # V8
        if not self.in_harbour(c, seat) and not self.ashore(c, seat):
            opts = self._opt_barrel(c, seat, ())
            if len(opts) > 1:
                self._ask(c, seat, "barrel")

    def _opt_barrel(self, c: Core, seat: int, data: Any) -> list[str]:
        out = ["barrel pass"]
        free = [b for b, who in zip(self.geo.barrels, c.barrels, strict=True) if who == -1]
        for b in free:
            if c.poppets[seat] > 0:
                out.append(f"barrel {b}")
            if "Barrel Magic" in c.objects[seat]:
                out.append(f"barrel {b} free")
        return out

    def _do_barrel(self, c: Core, seat: int, data: Any, move: Move) -> None:
        if move.args[0] == "pass":
            return
        b = move.args[0]
        if len(move.args) > 1:    # V72: Barrel Magic instead of a poppet
            drop_object(c, seat, "Barrel Magic")
            c.discard = c.discard + ("Barrel Magic",)
        else:
            add(c, "poppets", seat, -1)
            c.supply += 1
        self._sit(c, seat, b)

    def _sit(self, c: Core, seat: int, barrel: str) -> None:
        i = self.geo.barrels.index(barrel)
        bs = list(c.barrels)
        bs[i] = seat
        c.barrels = tuple(bs)
        put(c, "seated", seat, barrel)

    def _t_bones(self, c: Core) -> None:   # V31
        i = self.geo.barrels.index("Bones")
        who = c.barrels[i]
        if who >= 0:
            self._ask(c, who, "bones")

    def _opt_bones(self, c: Core, seat: int, data: Any) -> list[str]:
        return [f"bones {a}" for a in ACTIONS if a != c.last_card[seat]]

    def _do_bones(self, c: Core, seat: int, data: Any, move: Move) -> None:
        put(c, "card", seat, move.args[0])

    def _t_activate(self, c: Core) -> None:
        """Dusk barrels take effect (l.136): Sand and KRKN ask their sitter; Moon orders the
        Moonlight; Bones was settled at the reveal."""
        for barrel, kind in (("Sand", "sand"), ("KRKN", "kraken")):
            who = c.barrels[self.geo.barrels.index(barrel)]
            if who >= 0 and self.active(c, who):
                self._push_tasks(c, ("ask", who, kind))

    def _t_ask(self, c: Core, seat: int, kind: str) -> None:
        self._ask(c, seat, kind)

    def _opt_sand(self, c: Core, seat: int, data: Any) -> list[str]:
        return ["sand all", "sand hold"]

    def _do_sand(self, c: Core, seat: int, data: Any, move: Move) -> None:   # V30
        everything = move.args[0] == "all"
        compass = c.compass == seat
        buried = (c.coins[seat], c.souls[seat] if everything else (),
                  c.poppets[seat] if everything else 0, c.objects[seat], compass)
        put(c, "buried", seat, buried)
        put(c, "coins", seat, 0)
        put(c, "objects", seat, ())
        if everything:
            put(c, "souls", seat, ())
            put(c, "poppets", seat, 0)
        if compass:
            c.compass = -2 - seat    # buried with its owner

    def _opt_kraken(self, c: Core, seat: int, data: Any) -> list[str]:
        ships = set(c.pos)
        return [f"kraken {space_word(s)}" for s in self.geo.sea if s not in ships]

    def _do_kraken(self, c: Core, seat: int, data: Any, move: Move) -> None:   # V32
        c.kraken = parse_space(move.args[0])

    # --- barrels in the Moonlight ----------------------------------------------------------
    def _barrel_options(self, c: Core, seat: int) -> list[str]:
        mine = c.seated[seat]
        if mine:
            barrels = [mine] if mine in self.geo.moonlight else []
        elif c.poppets[seat] > 0:
            barrels = [b for b, who in zip(self.geo.barrels, c.barrels, strict=True)
                       if who == -1 and b in self.geo.moonlight]
        else:
            barrels = []
        out: list[str] = []
        for b in barrels:
            if b == "Stars":
                sea = self.sea(c)
                out += [f"stars {d} {n}" for d in self.board.stars_directions for n in (1, 2)
                        if sail(self.board, sea, seat, d, n).moved]  # type: ignore[arg-type]
            elif b == "Wind":
                out += ["wind 1", "wind 2"]
            elif b == "Sea":
                ships = set(c.pos)
                for i, t in enumerate(c.tiles):
                    if t in ships:
                        continue   # only an unoccupied tile moves (l.441)
                    out += [f"sea {i} {space_word(s)}" for s in self.geo.tile_spaces
                            if s not in ships and s not in c.tiles]
            elif b == "Tide":
                out.append("tide")
        return out

    def _barrel_stars(self, c: Core, seat: int, args: list[str]) -> None:   # V33
        self._sail(c, seat, args[0], int(args[1]))

    def _barrel_wind(self, c: Core, seat: int, args: list[str]) -> None:   # V34
        self._turn_wind(c, int(args[0]))

    def _turn_wind(self, c: Core, quarters: int) -> None:
        sea, moves = turn_wind(self.board, self.sea(c), quarters)
        c.wind = self.board.wind.index(sea.wind)
        for m in moves:
            self._moved(c, m.ship, m, forced=True)  # type: ignore[arg-type]

    def _barrel_sea(self, c: Core, seat: int, args: list[str]) -> None:   # V35
        tiles = list(c.tiles)
        tiles[int(args[0])] = parse_space(args[1])
        c.tiles = tuple(tiles)

    def _barrel_tide(self, c: Core, seat: int, args: list[str]) -> None:   # V36
        """Switch the tide; turned OUT, ships in tidal waters drift at once (as at Dawn,
        l.168: sheetgen's reading, the barrel text only says the tide changes)."""
        self._switch_tide(c)

    def _switch_tide(self, c: Core) -> None:
        sea, moves = dawn_tide(self.board, self.sea(c))
        c.tide = sea.tide
        for m in moves:
            self._moved(c, m.ship, m, forced=True)  # type: ignore[arg-type]

    def _block_barrels(self, c: Core) -> None:
        if c.cp_figures is None:
            return
        m, d = c.cp_figures
        b = list(c.barrels)
        for name in (self.board.moonlight_barrels[m], self.board.dusk_barrels[d]):
            b[self.geo.barrels.index(name)] = -2
        c.barrels = tuple(b)

