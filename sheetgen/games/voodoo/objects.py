"""Object cards: drawing them, playing them while holding the Moon, Jail Break and
Shipwreck (V6, V40, V60-V72).

A mixin of `game.VoodooState`: its methods take the core being built by a `push` and
use the referee's helpers (`_ask`, `_push_tasks`, `sea`, ...). See `game` for the shape.
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from sheetgen.engine.contract import CHANCE

from .board import DIRECTIONS
from .core import (
    NO_TURN_OBJECTS,
    YELLOW,
    Core,
    add,
    bag_put,
    bag_take,
    deck_remove,
    deck_size,
    drop_object,
    gain_souls,
    give_object,
    lose_soul,
    poppet_room,
    refill_deck,
    soul_room,
)
from .moves import COLOURS, Move, card_name, card_word
from .sea import broadside_targets, sail


class ObjectRules:
    """Object cards: drawn, played and kept."""

    def _t_object_to(self, c: Core, seat: int) -> None:
        """The top card of the deck goes to `seat` (a chance step)."""
        refill_deck(c)
        if deck_size(c):
            self._ask(c, CHANCE, "~object", ("to", seat))

    def _do_object(self, c: Core, seat: int, data: tuple, move: Move) -> None:
        name = card_name(move.args[0])
        deck_remove(c, name)
        if data[0] == "to":
            give_object(c, data[1], name)
        elif data[0] == "peek":
            c.peek = c.peek + (name,)

    def _t_jailbreak(self, c: Core, seat: int) -> None:
        self._ask(c, seat, "jailbreak")

    def _opt_jailbreak(self, c: Core, seat: int, data: Any) -> list[str]:
        return ["jailbreak yes", "jailbreak no"]

    def _do_jailbreak(self, c: Core, seat: int, data: Any, move: Move) -> None:   # V68
        if move.args[0] == "yes":
            drop_object(c, seat, "Jail Break")
            c.discard = c.discard + ("Jail Break",)
            c.jailed &= ~(1 << seat)
            c.no_take |= 1 << seat

    # --- Object cards in the Moonlight (V40, V60-V72) ---------------------------------------
    def _object_options(self, c: Core, seat: int) -> list[str]:
        out: list[str] = []
        sea = None
        for name in sorted(set(c.objects[seat]) - NO_TURN_OBJECTS):
            w = card_word(name)
            if name == "Silent Oars":
                for v in self._adjacent_victims(c, seat):
                    out += [f"use {w} {v} {item}" for item in self._stealable(c, seat, v)]
            elif name == "Ghost Whisper":
                if c.poppets[seat] > 0:
                    sea = sea or self.sea(c)
                    out += [f"use {w} {d}" for d in DIRECTIONS
                            if sail(self.board, sea, seat, d, 1).moved]  # type: ignore[arg-type]
            elif name == "Shipwreck":
                if deck_size(c):
                    out.append(f"use {w}")
            elif name == "Transform":
                for k in (1, 2):
                    if c.poppets[seat] >= k and sum(c.bag) >= k and soul_room(c, seat) >= k:
                        out.append(f"use {w} souls {k}")
                if c.supply and poppet_room(c, seat) > 0:
                    kinds = sorted(set(c.souls[seat]))
                    for a in kinds:
                        out.append(f"use {w} poppets {COLOURS[a]}")
                    if c.supply >= 2 and poppet_room(c, seat) >= 2:
                        out += [f"use {w} poppets {COLOURS[a]}{COLOURS[b]}"
                                for a, b in combinations_with_replacement(kinds, 2)
                                if a != b or c.souls[seat].count(a) >= 2]
            elif name == "Spyglass":
                out += [f"use {w} {card_word(x)}" for x in sorted(set(c.discard))]
            elif name == "Crow's Nest":
                for v in self._crows_targets(c, seat):
                    gives = self._possessions(c, seat, named_objects=True)
                    takes = self._possessions(c, v, named_objects=False)
                    out += [f"use {w} {v} {g} {t}" for g in gives for t in takes
                            if self._swap_fits(c, seat, v, g, t)]
            elif name == "Octopus":
                for a in sorted(set(c.souls[seat])):
                    for b in range(len(COLOURS)):
                        if b != a and c.bag[b] > 0:
                            out.append(f"use {w} {COLOURS[a]} {COLOURS[b]}")
            elif name == "Ghost Ship":
                sea = sea or self.sea(c)
                for v in broadside_targets(self.board, sea, seat):  # type: ignore[arg-type]
                    if c.poppets[v] > c.poppets[seat]:  # type: ignore[index]
                        out.append(f"use {w} {v}")
        return out

    def _adjacent_victims(self, c: Core, seat: int) -> list[int]:
        if self.in_harbour(c, seat):
            return []
        near = set(self.board.neighbours(c.pos[seat]))
        becalmed = self.board.wind[c.wind] == "Becalmed"
        return [v for v in range(self.n) if v != seat and c.pos[v] in near
                and self.victim_ok(c, v)
                and not (becalmed and self.board.haunted(c.pos[v], frozenset(c.tiles)))]

    def _crows_targets(self, c: Core, seat: int) -> list[int]:
        """The nearest ship due west and the nearest due south (V66)."""
        col, row = c.pos[seat]
        out = []
        for key in (lambda p: p[1] == row and p[0] < col, lambda p: p[0] == col and p[1] > row):
            cands = [v for v in range(self.n) if v != seat and c.pos[v] is not None
                     and key(c.pos[v]) and not self.ashore(c, v)]
            if cands:
                out.append(min(cands, key=lambda v: abs(c.pos[v][0] - col)
                               + abs(c.pos[v][1] - row)))
        return out

    def _possessions(self, c: Core, owner: int, *, named_objects: bool) -> list[str]:
        """What `owner` has that can change hands: its own objects by name, or another's
        "object" drawn blind."""
        out = []
        if c.compass == owner:
            out.append("compass")
        if c.coins[owner]:
            out.append("coin")
        if c.poppets[owner]:
            out.append("poppet")
        out += [f"soul-{COLOURS[k]}" for k in sorted(set(c.souls[owner]))]
        if named_objects:
            out += [f"obj-{card_word(o)}" for o in sorted(set(c.objects[owner]))
                    if o != "Crow's Nest"]
        elif c.objects[owner]:
            out.append("object")
        return out

    @staticmethod
    def _kind(item: str) -> str:
        return "soul" if item.startswith("soul") else ("object" if item.startswith("obj")
                                                        else item)

    def _swap_fits(self, c: Core, seat: int, v: int, give: str, take: str) -> bool:
        g, t = self._kind(give), self._kind(take)
        if g == t:
            return g != "compass"
        for who, gets in ((seat, t), (v, g)):
            if gets == "soul" and soul_room(c, who) <= 0:
                return False
            if gets == "poppet" and poppet_room(c, who) <= 0:
                return False
        return True

    def _use_object(self, c: Core, seat: int, name: str, args: list[str]) -> None:
        drop_object(c, seat, name)
        if name == "Spyglass":   # V65: to the bottom of the deck
            c.deck_bottom = c.deck_bottom + (name,)
        elif name != "Shipwreck":
            c.discard = c.discard + (name,)
        if name == "Silent Oars":   # V61
            self._steal(c, seat, int(args[0]), args[1])
            if c.colour[seat] == YELLOW:   # Light Fingers: a second item (V56)
                self._push_tasks(c, ("board_offer", seat, (int(args[0]),), 0))
        elif name == "Ghost Whisper":   # V62
            add(c, "poppets", seat, -1)
            c.supply += 1
            self._sail(c, seat, args[0], 1)
        elif name == "Shipwreck":   # V63: look at the top five, keep one
            c.peek = ("Shipwreck",)   # the card waits with the five to go back in
            self._push_tasks(c, *[("object_peek",)] * min(5, deck_size(c)), ("ask", seat, "keep"))
        elif name == "Transform":   # V64
            if args[0] == "souls":
                k = int(args[1])
                add(c, "poppets", seat, -k)
                c.supply += k
                self._souls_from_bag(c, seat, k)
            else:
                for ch in args[1]:
                    colour = COLOURS.index(ch)
                    lose_soul(c, seat, colour)
                    bag_put(c, (colour,))
                    if c.supply and poppet_room(c, seat) > 0:
                        c.supply -= 1
                        add(c, "poppets", seat, 1)
        elif name == "Spyglass":
            got = card_name(args[0])
            d = list(c.discard)
            d.reverse()
            d.remove(got)
            d.reverse()
            c.discard = tuple(d)
            give_object(c, seat, got)
        elif name == "Crow's Nest":   # V66
            v, give, take = int(args[0]), args[1], args[2]
            self._hand_over(c, seat, v, give)
            if take == "object" and not c.cursed[v]:
                self._ask(c, CHANCE, "~steal", (seat, v))
            else:
                self._hand_over(c, v, seat, take if take != "object" else
                                f"obj-{card_word(c.objects[v][-1])}")
        elif name == "Octopus":   # V70
            a, b = COLOURS.index(args[0]), COLOURS.index(args[1])
            lose_soul(c, seat, a)
            bag_put(c, (a,))
            bag_take(c, b)
            gain_souls(c, seat, (b,))
        elif name == "Ghost Ship":   # V71
            v = int(args[0])
            drop = c.poppets[v] - c.poppets[seat]
            add(c, "poppets", v, -drop)
            c.supply += drop

    def _hand_over(self, c: Core, frm: int, to: int, item: str) -> None:
        """Move one possession; a poppet or soul with no room on the receiving ship goes
        back to the supply or the bag (V39)."""
        if item == "compass":
            c.compass = to
        elif item == "coin":
            add(c, "coins", frm, -1)
            add(c, "coins", to, 1)
        elif item == "poppet":
            add(c, "poppets", frm, -1)
            if poppet_room(c, to) > 0:
                add(c, "poppets", to, 1)
            else:
                c.supply += 1
        elif item.startswith("soul-"):
            colour = lose_soul(c, frm, COLOURS.index(item[5:]))
            if soul_room(c, to) > 0:
                gain_souls(c, to, (colour,))
            else:
                bag_put(c, (colour,))
        elif item.startswith("obj-"):
            self._object_moves(c, frm, to, card_name(item[4:]))

    def _t_object_peek(self, c: Core) -> None:
        if deck_size(c):
            self._ask(c, CHANCE, "~object", ("peek",))

    def _opt_keep(self, c: Core, seat: int, data: Any) -> list[str]:
        return ["keep none"] + [f"keep {card_word(x)}" for x in sorted(set(c.peek[1:]))]

    def _do_keep(self, c: Core, seat: int, data: Any, move: Move) -> None:
        rest = list(c.peek)
        if move.args[0] != "none":
            got = card_name(move.args[0])
            rest.remove(got)
            give_object(c, seat, got)
        c.peek = ()
        c.deck = tuple(sorted(c.deck + tuple(rest) + c.deck_bottom))   # shuffled back
        c.deck_bottom = ()

