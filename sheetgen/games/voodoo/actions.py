"""The six Action cards and the hoodoo ritual (V20-V26, V19, V23, V24), and the Cursed
Pirates' turn, which conjures their card by the playing aid (V52).

A mixin of `game.VoodooState`: its methods take the core being built by a `push` and
use the referee's helpers (`_ask`, `_push_tasks`, `sea`, ...). See `game` for the shape.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from sheetgen.engine.contract import CHANCE

from . import automa
from .board import DIRECTIONS, OPPOSITE
from .core import (
    PURPLE,
    Core,
    add,
    bag_put,
    bag_take,
    deck_size,
    gain_souls,
    give_object,
    lose_soul,
    poppet_room,
    put,
    soul_room,
)
from .moves import COLOURS, Move
from .sea import sail, tix


class ActionRules:
    """The Action cards, the ritual and the Cursed Pirates' turn."""

    # --- Action cards ------------------------------------------------------------------
    def _action_options(self, c: Core, seat: int) -> list[str]:
        card = c.card[seat]
        harbour = self.in_harbour(c, seat)
        if card == "Jax":
            return ["jax"]
        if card == "Poppet":
            return ["poppet"]
        if card == "Tok":
            if harbour:
                return []
            return [f"tok {COLOURS[k]}" for k in sorted(set(c.souls[seat]))]
        if card == "Take":
            if (c.no_take >> seat) & 1:
                return []
            return [f"take {a} {b}" for a, b in self._take_pairs(c, seat)]
        if card == "Tix":
            if harbour or c.poppets[seat] == 0 or not c.souls[seat]:
                return []
            out = []
            sea = self.sea(c)
            for v in self._tix_victims(c, seat):
                for d in ("N", "E"):
                    if tix(self.board, sea, seat, v, d) is not None:  # type: ignore[arg-type]
                        out += [f"tix {v} {d} {COLOURS[k]}" for k in sorted(set(c.souls[seat]))]
            return out
        return []   # #oodoo is conjured by the ritual itself

    def _tix_victims(self, c: Core, seat: int) -> list[int]:
        return [v for v in range(self.n) if v != seat and c.grigri != v
                and self.victim_ok(c, v)]

    def _take_sources(self, c: Core) -> dict[str, int]:
        src = {"mermaids": c.mermaids, "spanish": c.spanish, "poppet": c.supply,
               "deck": deck_size(c) + (len(c.discard) if not deck_size(c) else 0),
               "discard": len(c.discard), "bag": sum(c.bag)}
        for k in sorted(set(c.grid)):
            if k >= 0:
                src[f"grid-{COLOURS[k]}"] = c.grid.count(k)
        return src

    def _take_pairs(self, c: Core, seat: int) -> list[tuple[str, str]]:
        src = self._take_sources(c)
        names = [k for k, v in src.items() if v > 0]
        room_souls, room_pop = soul_room(c, seat), poppet_room(c, seat)
        pairs = []
        for a, b in combinations_with_replacement(names, 2):
            if a == b and src[a] < 2:
                continue
            if a == b == "deck" and src["deck"] < 2 and not c.discard:
                continue
            souls = sum(1 for x in (a, b) if x == "bag" or x.startswith("grid"))
            pops = sum(1 for x in (a, b) if x == "poppet")
            if souls > room_souls or pops > room_pop:
                continue
            pairs.append((a, b))
        return pairs

    def _act_jax(self, c: Core, seat: int, args: list[str]) -> None:   # V20
        b = self.board
        delta = 1 if c.tide == "IN" else -1
        c.colonial = max(b.colonial_min, min(b.colonial_max, c.colonial + delta))
        self._souls_from_bag(c, seat, min(c.colonial, soul_room(c, seat)), grid=True)

    def _souls_from_bag(self, c: Core, seat: int, n: int, grid: bool = False) -> None:
        """`n` random souls from the bag (chance steps); with `grid`, from the ritual grid
        when the bag is empty (Jax, l.274), lowest-numbered square first."""
        tasks = [("soul_to", seat, grid)] * n
        self._push_tasks(c, *tasks)

    def _t_soul_to(self, c: Core, seat: int, grid: bool) -> None:
        if soul_room(c, seat) <= 0:
            return
        if sum(c.bag):
            self._ask(c, CHANCE, "~soul", ("to", seat))
        elif grid:
            cells = [i for i, v in enumerate(c.grid) if v >= 0]
            if cells:
                g = list(c.grid)
                colour = g[cells[0]]
                g[cells[0]] = -1
                c.grid = tuple(g)
                gain_souls(c, seat, (colour,))

    def _do_soul(self, c: Core, seat: int, data: tuple, move: Move) -> None:
        colour = COLOURS.index(move.args[0])
        bag_take(c, colour)
        if data[0] == "to":
            gain_souls(c, data[1], (colour,))
        elif data[0] == "cptok":   # V52: a Cursed Pirate with no souls calls the drawn colour
            gain_souls(c, data[1], (colour,))
            self._tok(c, data[1], colour)

    def _act_tok(self, c: Core, seat: int, args: list[str]) -> None:
        self._tok(c, seat, COLOURS.index(args[0]))

    def _tok_victims(self, c: Core, seat: int) -> list[int]:
        """V21: pirates Tok may take from: not the GriGri holder, not in the harbour or
        ashore (V27, V28), not Purple (Soul Keeper, V56)."""
        return [v for v in self.order_from(c, seat)[1:] if c.grigri != v
                and self.victim_ok(c, v) and c.colour[v] != PURPLE]

    def _tok(self, c: Core, seat: int, colour: int) -> None:   # V21
        room = soul_room(c, seat)
        got = 0
        g = list(c.grid)
        for i, v in enumerate(g):
            if v == colour and got < room:
                g[i] = -1
                got += 1
        c.grid = tuple(g)
        for v in self._tok_victims(c, seat):
            while got < room and colour in c.souls[v]:
                lose_soul(c, v, colour)
                got += 1
        gain_souls(c, seat, (colour,) * got)

    def _act_take(self, c: Core, seat: int, args: list[str]) -> None:   # V22
        for item in args:
            self._take_one(c, seat, item)

    def _take_one(self, c: Core, seat: int, item: str) -> None:
        if item == "mermaids":
            if c.mermaids:
                c.mermaids -= 1
                add(c, "coins", seat, 1)
        elif item == "spanish":
            if c.spanish:
                c.spanish -= 1
                add(c, "coins", seat, 1)
        elif item == "poppet":
            if c.supply and poppet_room(c, seat) > 0:
                c.supply -= 1
                add(c, "poppets", seat, 1)
        elif item == "deck":
            self._push_tasks(c, ("object_to", seat))
        elif item == "discard":
            if c.discard:
                give_object(c, seat, c.discard[-1])
                c.discard = c.discard[:-1]
        elif item == "bag":
            self._push_tasks(c, ("soul_to", seat, False))
        elif item.startswith("grid-"):
            colour = COLOURS.index(item[5:])
            g = list(c.grid)
            g[g.index(colour)] = -1
            c.grid = tuple(g)
            gain_souls(c, seat, (colour,))

    def _act_tix(self, c: Core, seat: int, args: list[str]) -> None:
        self._tix(c, seat, int(args[0]), args[1], COLOURS.index(args[2]))

    def _tix(self, c: Core, seat: int, victim: int, d: str, colour: int) -> None:   # V25
        add(c, "poppets", seat, -1)
        c.supply += 1
        lose_soul(c, seat, colour)
        if soul_room(c, victim) > 0:
            gain_souls(c, victim, (colour,))
        else:
            bag_put(c, (colour,))   # no room on the victim's ship: back to the bag
        moves = tix(self.board, self.sea(c), seat, victim, d)  # type: ignore[arg-type]
        assert moves is not None
        self._moved(c, victim, moves[0], forced=True)
        second = sail(self.board, self.sea(c), seat, OPPOSITE[d], 1)  # type: ignore[arg-type]
        self._moved(c, seat, second)

    def _act_poppet(self, c: Core, seat: int, args: list[str]) -> None:   # V26
        c.grigri = seat
        if c.supply and poppet_room(c, seat) > 0:
            c.supply -= 1
            add(c, "poppets", seat, 1)

    # --- the ritual (V19, V23, V24) --------------------------------------------------------
    def _t_ritual(self, c: Core) -> None:
        self._turn_wind(c, c.hoodoo)
        order = self.order_from(c, c.caller)
        tasks = [("rite", s, 1) for s in order]
        tasks += [("rite", s, 2) for s in order if c.card[s] == "#oodoo"]
        self._push_tasks(c, *tasks)

    def _t_rite(self, c: Core, seat: int, rnd: int) -> None:
        if c.grid_full or not self.active(c, seat):
            return
        if c.cursed[seat]:
            if not c.souls[seat]:
                if rnd == 1 and c.card[seat] == "#oodoo" and sum(c.bag):   # V52
                    self._push_tasks(c, ("soul_to", seat, False), ("cp_rite", seat))
                return
            self._cp_rite(c, seat)
        elif c.souls[seat]:
            self._ask(c, seat, "rite", (rnd,))

    def _t_cp_rite(self, c: Core, seat: int) -> None:
        if c.souls[seat]:
            self._cp_rite(c, seat)

    def _cp_rite(self, c: Core, seat: int) -> None:   # V48, V47
        idx, cell, match = automa.ritual_soul(self.geo, c.grid, c.souls[seat])
        colour = c.souls[seat][idx]
        n = 2 if match else 1
        d = automa.direction(self.geo, self.sea(c), seat, c.facing[seat],
                             c.compass == seat, n)
        self._place_soul(c, seat, cell, colour, d, n)
        put(c, "facing", seat, "W" if d == "SW" else d)

    def _opt_rite(self, c: Core, seat: int, data: Any) -> list[str]:
        dirs = tuple(DIRECTIONS) if c.compass == seat else ("S", "W")
        colours = sorted(set(c.souls[seat]))
        out = ["rite pass"]
        for i, v in enumerate(c.grid):
            if v < 0:
                out += [f"rite {i + 1} {COLOURS[k]} {d}" for k in colours for d in dirs]
        return out

    def _do_rite(self, c: Core, seat: int, data: Any, move: Move) -> None:
        if move.args[0] == "pass":
            return
        cell, colour, d = int(move.args[0]) - 1, COLOURS.index(move.args[1]), move.args[2]
        match = any(c.grid[j] == colour for j in self.geo.grid_adjacent[cell])
        self._place_soul(c, seat, cell, colour, d, 2 if match else 1)

    def _place_soul(self, c: Core, seat: int, cell: int, colour: int, d: str, n: int) -> None:
        lose_soul(c, seat, colour)
        g = list(c.grid)
        g[cell] = colour
        c.grid = tuple(g)
        self._sail(c, seat, d, n)
        if all(v >= 0 for v in g):
            # The ritual ends once this ship has moved (l.326); the freed souls leave the
            # grid for the bag (sheetgen's reading: l.328 keeps souls only on a grid that
            # did not fill).
            c.grid_full = 1
            bag_put(c, c.grid)
            c.grid = (-1,) * len(g)

    # --- the Cursed Pirates' turn (V52) ------------------------------------------------------
    def _t_cp_turn(self, c: Core, seat: int) -> None:
        card = c.card[seat]
        # The broadside ends the turn (l.148): queued first, so that what the card queues
        # (souls drawn, ships boarded) comes before it.
        self._push_tasks(c, ("broadside", seat))
        tasks: list[tuple] = []
        if card == "Jax":
            self._act_jax(c, seat, [])
        elif card == "Poppet":
            if c.poppets[seat] < 3:   # l.720: at three poppets it can no longer conjure it
                self._act_poppet(c, seat, [])
        elif card == "Tok":
            if not c.souls[seat]:
                if sum(c.bag):
                    self._push_tasks(c, ("cp_tok_draw", seat))
            else:
                colour = automa.tok_colour(c, seat, self._tok_victims(c, seat))
                if colour is None:   # no colour match: a soul from the bag, no call
                    self._souls_from_bag(c, seat, min(1, soul_room(c, seat)))
                else:
                    self._tok(c, seat, colour)
        elif card == "Take":
            for item in automa.take_items(c, seat):
                self._take_one(c, seat, item)
        elif card == "Tix":
            if c.poppets[seat] == 0:   # take a poppet, do not conjure
                if c.supply:
                    c.supply -= 1
                    add(c, "poppets", seat, 1)
            elif c.souls[seat]:
                self._cp_tix(c, seat)
            elif sum(c.bag):
                tasks = [("soul_to", seat, False), ("cp_tix", seat)]
        self._push_tasks(c, *tasks)

    def _t_cp_tok_draw(self, c: Core, seat: int) -> None:
        self._ask(c, CHANCE, "~soul", ("cptok", seat))

    def _t_cp_tix(self, c: Core, seat: int) -> None:
        if c.souls[seat] and c.poppets[seat]:
            self._cp_tix(c, seat)

    def _cp_tix(self, c: Core, seat: int) -> None:
        if self.in_harbour(c, seat):
            return
        choice = automa.tix_choice(self.geo, c, self.sea(c), seat, self._tix_victims(c, seat),
                                   c.facing[seat])
        if choice is not None:
            victim, d = choice
            self._tix(c, seat, victim, d, c.souls[seat][-1])
            put(c, "facing", seat, OPPOSITE[d])

