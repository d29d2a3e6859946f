"""Ships moving, what they find where they stop, boarding, and broadsides (V13, V18,
V37, V38, V42, V51, V60, V67, V69).

A mixin of `game.VoodooState`: its methods take the core being built by a `push` and
use the referee's helpers (`_ask`, `_push_tasks`, `sea`, ...). See `game` for the shape.
"""

from __future__ import annotations

from sheetgen.engine.contract import CHANCE

from . import automa
from .core import (
    GREEN,
    RED,
    YELLOW,
    Core,
    add,
    bag_put,
    ceil_half,
    drop_object,
    give_object,
    poppet_room,
    put,
    soul_room,
)
from .moves import COLOURS, Move, card_name
from .sea import Move as SeaMove
from .sea import broadside_targets, sail


class SailingRules:
    """Moving, arriving, boarding and broadsides."""

    # --- moving, arriving, boarding --------------------------------------------------------
    def _sail(self, c: Core, seat: int, d: str, n: int, *, forced: bool = False) -> SeaMove:
        move = sail(self.board, self.sea(c), seat, d, n)  # type: ignore[arg-type]
        self._moved(c, seat, move, forced=forced)
        return move

    def _moved(self, c: Core, seat: int, move: SeaMove, *, forced: bool = False) -> None:
        """A move made: the ship's new place, the mermaids' toll, what it finds where it
        stops, and (for a move it made itself) the ships it may board."""
        put(c, "pos", seat, move.end)
        if move.mermaid_toll:
            self._toll(c, seat)
        self._arrive(c, seat)
        if not forced and move.passed:
            victims = tuple(v for v in move.passed  # type: ignore[union-attr]
                            if self.victim_ok(c, v))  # type: ignore[arg-type]
            if victims and not self.ashore(c, seat) and not self.in_harbour(c, seat):
                self._push_tasks(c, ("board_offer", seat, victims, 1))

    def _toll(self, c: Core, seat: int) -> None:   # V42
        if c.colour[seat] == GREEN:   # Mermaids' Friend (V56)
            return
        if c.coins[seat]:
            add(c, "coins", seat, -1)
            c.mermaids += 1
        elif c.souls[seat]:
            bag_put(c, c.souls[seat])
            put(c, "souls", seat, ())

    def _arrive(self, c: Core, seat: int) -> None:   # V38
        pos = c.pos[seat]
        if pos in c.sea_coins:
            n = c.sea_coins.count(pos)
            c.sea_coins = tuple(s for s in c.sea_coins if s != pos)
            add(c, "coins", seat, n)
        if self.board.kind(pos) == "map":
            if c.cursed[seat]:   # V53: half the richer store
                if c.spanish > c.mermaids:
                    got = ceil_half(c.spanish)
                    c.spanish -= got
                else:
                    got = ceil_half(c.mermaids)
                    c.mermaids -= got
            else:
                got = ceil_half(c.mermaids)
                c.mermaids -= got
            add(c, "coins", seat, got)
            if c.compass >= -1:   # not while buried with its holder
                c.compass = seat
        if (pos in self.geo.eight and not c.cursed[seat] and c.spanish
                and "Rackham's Map" in c.objects[seat]):   # V60
            got = ceil_half(c.spanish)
            c.spanish -= got
            add(c, "coins", seat, got)
            drop_object(c, seat, "Rackham's Map")
            c.deck_bottom = c.deck_bottom + ("Rackham's Map",)

    def _t_board_offer(self, c: Core, seat: int, victims: tuple[int, ...], left: int) -> None:
        victims = tuple(v for v in victims if self.victim_ok(c, v) and c.pos[v] is not None)
        if not victims or not self.active(c, seat):
            return
        if c.cursed[seat]:   # V50: the first ship passed, by preference
            for v in victims:
                item = automa.board_item(c, v)
                if item is not None:
                    self._steal(c, seat, v, item)
                    break
            return
        self._ask(c, seat, "board", (victims, left))

    def _opt_board(self, c: Core, seat: int, data: tuple) -> list[str]:
        victims, _ = data
        out = ["board none"]
        for v in victims:
            out += [f"board {v} {item}" for item in self._stealable(c, seat, v)]
        return out

    def _stealable(self, c: Core, thief: int, v: int) -> list[str]:
        """What a boarder can take from `v` and keep (V37, V39)."""
        return [item for item in self._possessions(c, v, named_objects=False)
                if not (item == "poppet" and poppet_room(c, thief) <= 0)
                and not (item.startswith("soul") and soul_room(c, thief) <= 0)]

    def _do_board(self, c: Core, seat: int, data: tuple, move: Move) -> None:   # V37
        if move.args[0] == "none":
            return
        victims, left = data
        v, item = int(move.args[0]), move.args[1]
        self._steal(c, seat, v, item)
        if left == 1 and c.colour[seat] == YELLOW:   # Light Fingers: a second item (V56)
            self._push_tasks(c, ("board_offer", seat, (v,), 0))

    def _steal(self, c: Core, thief: int, v: int, item: str) -> None:
        """Take one item from `v` (boarding, V37): a player's Night Watch repels it (V69;
        Cursed Pirates keep their cards for the end, V55)."""
        if (c.watch >> v) & 1 or (not c.cursed[v] and "Night Watch" in c.objects[v]):
            if not (c.watch >> v) & 1:
                drop_object(c, v, "Night Watch")
                c.watch |= 1 << v
            return
        if item == "object":
            if c.cursed[v]:   # a Cursed Pirate's top card (l.640)
                self._object_moves(c, v, thief, c.objects[v][-1])
            else:
                self._ask(c, CHANCE, "~steal", (thief, v))
            return
        if item == "soul":   # a Cursed Pirate takes the soul its victim would lose first
            item = f"soul-{COLOURS[c.souls[v][-1]]}"
        self._hand_over(c, v, thief, item)

    def _do_steal(self, c: Core, seat: int, data: tuple, move: Move) -> None:
        thief, v = data
        self._object_moves(c, v, thief, card_name(move.args[0]))

    def _object_moves(self, c: Core, frm: int, to: int, name: str) -> None:
        drop_object(c, frm, name)
        give_object(c, to, name)   # on top of a Cursed Pirate's others (l.697)
        if c.cursed[frm] and not c.objects[frm]:   # V55: a CP's last card is replaced
            self._push_tasks(c, ("object_to", frm))

    # --- broadsides (V13, V51, V67) ----------------------------------------------------------
    def _t_broadside(self, c: Core, seat: int) -> None:
        if not self.active(c, seat):
            return
        targets = broadside_targets(self.board, self.sea(c), seat,  # type: ignore[arg-type]
                                    cursed=bool(c.cursed[seat]))
        for t in targets:
            self._fire(c, seat, t, mask=True)  # type: ignore[arg-type]

    def _hits(self, c: Core, a: int, b: int) -> int:
        diff = c.poppets[a] - c.poppets[b]
        if diff == 0 and c.colour[a] == RED:   # Hot Shot (V56)
            return 1
        return max(0, diff)

    def _fire(self, c: Core, a: int, b: int, mask: bool) -> None:
        if self.ashore(c, b):
            return
        hits = self._hits(c, a, b)
        if hits == 0:
            return
        if c.power[a] >= 6:
            put(c, "power", b, max(1, c.power[b] - hits))
        else:
            put(c, "power", a, min(6, c.power[a] + hits))
        if c.coins[b]:
            add(c, "coins", b, -1)
            c.spanish += 1
        if mask and not c.cursed[b] and "Voodoo Mask" in c.objects[b]:   # V67
            drop_object(c, b, "Voodoo Mask")
            c.discard = c.discard + ("Voodoo Mask",)
            if c.poppets[a] and poppet_room(c, b) > 0:
                add(c, "poppets", a, -1)
                add(c, "poppets", b, 1)
            self._fire(c, b, a, mask=False)

