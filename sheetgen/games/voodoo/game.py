"""Voodoo Pirate as a pure rules engine: the referee every player, simulation and replay
goes through (issue 24).

Shape (the shared contract of sheetgen/engine): `new_game(board, seats, rng)` sets up a game
(seats are "player" or "cursed", 1 to 5 of them); the returned `VoodooState` answers
`to_move()` (a seat, `CHANCE` at a chance step, None when over), `legal_moves()`,
`push(move)` (raising `IllegalMove(rule, message)`), `pop()`, `sample_chance(rng)` and
`outcome()`. Moves are `moves.Move` strings ("card Tix", "rite 3 R W", "~soul B").

How it runs: the position is a compact `core.Core` of tuples and small ints; `push` copies
it (a dict copy), applies the move, then runs the rules forward through a queue of tasks
until the next decision or chance step, so one move may carry a whole stretch of play
(Cursed Pirates' turns, broadsides, Dawn). `pop` puts the previous core back: exact undo.
Cursed Pirates are played by the referee itself (their decisions are forced by
`automa`); a Cursed Pirate is never `to_move()`, but the chance steps of its actions are
chance moves like everyone's. Hidden information (face-down cards, the bag) is kept as
what is known: the deck is an unordered multiset on top of the cards put under it in a
known order, so every draw is a chance step, and nobody can peek at a future card.

Simplified on purpose (each is in the rulebook's Interpretations): a pirate's moves that
are never worse to make are made for it: picking up a coin or a map's treasure where it
stops, Rackham's Map on a space worth 8 (when the Spanish Gold holds any), Night Watch when
boarded and the Voodoo Mask when hit. Sand buries either everything (but the GriGri) or
coins, compass and objects only; Crow's Nest and boarding take a player's object blind.

The rules, each with an id (used by IllegalMove and the tests) and the lines of
../shared/seeds/voodoo-pirate.txt it rests on, are `ruleids.RULES`; the table is appended
to this docstring and printed in docs/voodoo-engine.md:
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from sheetgen.engine.contract import CHANCE, IllegalMove, Outcome, play

from . import automa
from .board import DIRECTIONS, OPPOSITE, Board, Space
from .core import (
    END_CARDS,
    HOLD_LIMIT,
    OBJECT_LIMIT,
    POPPET_TOKENS,
    SEA_COINS,
    SKULLS,
    SOULS_PER_COLOUR,
    TREASURE_START,
    Core,
    Geometry,
    add,
    bag_put,
    bag_take,
    deck_remove,
    deck_size,
    deck_top_choices,
    drop_object,
    gain_souls,
    give_object,
    hold,
    lose_soul,
    over_storage,
    poppet_room,
    put,
    refill_deck,
    soul_room,
)
from .moves import COLOURS, Move, card_name, card_word, parse_space, space_word
from .ruleids import rules_table
from .scoring import voodoo_power
from .sea import Move as SeaMove
from .sea import (
    Sea,
    broadside_targets,
    dawn_tide,
    sail,
    tix,
    turn_wind,
)

__doc__ = (__doc__ or "") + "\n" + rules_table()

ACTIONS = ("Jax", "Tok", "Take", "#oodoo", "Tix", "Poppet")
OBJECT_COUNTS = {
    "Rackham's Map": 2, "Silent Oars": 2, "Ghost Whisper": 2, "Spyglass": 2, "Crow's Nest": 2,
    "Voodoo Mask": 1, "Shipwreck": 1, "Transform": 1, "Jail Break": 1, "Night Watch": 1,
    "Octopus": 1, "Ghost Ship": 1, "Barrel Magic": 1, "Gold Skull": 1, "Purple Skull": 1,
    "Blue Skull": 1, "Red Skull": 1, "Green Skull": 1, "Black Skull": 1, "Crystal Skull": 1,
    "Morgan's Eyes": 2,
}   # the 27 cards listed at l.393-395 (cards.yaml prints the same counts)
PLAYER_POWER = 2          # the power printed on every ship (cards.yaml)
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)   # colour indices; skills by colour (V56)
TAKE_ITEMS = ("mermaids", "spanish", "poppet", "deck", "discard", "bag")
STEAL_ITEMS = ("compass", "coin", "poppet", "soul", "object")
_NO_TURN_OBJECTS = frozenset({"Rackham's Map", "Voodoo Mask", "Jail Break", "Night Watch",
                              "Barrel Magic", *END_CARDS})

RULE_OF_KIND = {"place": "V2", "parrot": "V5", "draw": "V6", "choose": "V7", "barrel": "V8",
                "bones": "V31", "jailbreak": "V68", "sand": "V30", "kraken": "V32",
                "turn": "V11", "rite": "V23", "board": "V37", "keep": "V63",
                "discard": "V39", "chance": "V4"}
RULE_OF_VERB = {"jax": "V20", "tok": "V21", "take": "V22", "tix": "V25", "poppet": "V26",
                "stars": "V33", "wind": "V34", "sea": "V35", "tide": "V36", "use": "V40",
                "end": "V12"}


def _ceil_half(n: int) -> int:
    return (n + 1) // 2


@dataclass
class VoodooState:
    """A game in progress (see the module docstring)."""

    geo: Geometry
    _c: Core
    _stack: list[tuple[Core, Move]] = field(default_factory=list)

    # --- the contract ------------------------------------------------------------------
    @property
    def core(self) -> Core:
        return self._c

    @property
    def board(self) -> Board:
        return self.geo.board

    @property
    def n(self) -> int:
        return len(self._c.cursed)

    def to_move(self) -> int | None:
        c = self._c
        if c.result is not None:
            return None
        return c.dec[0]

    def legal_moves(self) -> list[Move]:
        c = self._c
        if c.legal is None:
            c.legal = [] if c.result is not None else self._options(c)
        return c.legal

    def push(self, move: Move | str) -> None:
        move = move if isinstance(move, Move) else Move.parse(move)
        c = self._c
        if c.result is not None:
            raise IllegalMove("V15", f"the game is over; {move!r} cannot be played")
        if move not in self.legal_moves():
            kind = c.dec[1]
            rule = RULE_OF_VERB.get(move.verb, RULE_OF_KIND.get(
                "chance" if kind.startswith("~") else kind, "V4"))
            who = "chance" if c.dec[0] == CHANCE else f"seat {c.dec[0]}"
            raise IllegalMove(rule, f"{move!r} is not legal now ({who} to {kind}; "
                              f"e.g. {', '.join(self.legal_moves()[:4])})")
        nc = c.clone()
        self._apply(nc, move)
        self._run(nc)
        self._stack.append((c, move))
        self._c = nc

    def pop(self) -> Move:
        c, move = self._stack.pop()
        self._c = c
        return move

    def sample_chance(self, rng: np.random.Generator) -> Move:
        c = self._c
        if c.result is not None or c.dec[0] != CHANCE:
            raise ValueError("not a chance step")
        options = self._chance_options(c)
        x = rng.random() * sum(w for _, w in options)
        for move, w in options:
            x -= w
            if x < 0:
                return move
        return options[-1][0]

    def outcome(self) -> Outcome | None:
        return self._c.result

    def moves(self) -> list[Move]:
        return [m for _, m in self._stack]

    # --- what there is to decide ---------------------------------------------------------
    def _options(self, c: Core) -> list[Move]:
        seat, kind, data = c.dec
        if seat == CHANCE:
            return [m for m, _ in self._chance_options(c)]
        return [Move(t) for t in getattr(self, "_opt_" + kind)(c, seat, data)]

    def _chance_options(self, c: Core) -> list[tuple[Move, int]]:
        _, kind, data = c.dec
        if kind == "~soul":
            src = c.bag
            return [(Move(f"~soul {COLOURS[k]}"), n) for k, n in enumerate(src) if n > 0]
        if kind == "~object":
            return [(Move(f"~object {card_word(name)}"), w)
                    for name, w in deck_top_choices(c)]
        if kind == "~card":
            deck = c.cp_deck[data[0]]
            return [(Move(f"~card {name}"), deck.count(name)) for name in dict.fromkeys(deck)]
        if kind == "~steal":
            objs = c.objects[data[1]]
            return [(Move(f"~steal {card_word(name)}"), objs.count(name))
                    for name in sorted(set(objs))]
        raise AssertionError(kind)

    # --- applying a move ---------------------------------------------------------------
    def _apply(self, c: Core, move: Move) -> None:
        seat, kind, data = c.dec
        c.dec = None
        getattr(self, "_do_" + kind.lstrip("~"))(c, seat, data, move)

    def _run(self, c: Core) -> None:
        """Play the rules forward until somebody (or chance) must decide, or the game ends."""
        while c.dec is None and c.result is None and c.tasks:
            task = c.tasks[0]
            c.tasks = c.tasks[1:]
            getattr(self, "_t_" + task[0])(c, *task[1:])

    def _push_tasks(self, c: Core, *tasks: tuple) -> None:
        c.tasks = tasks + c.tasks

    def _ask(self, c: Core, seat: int, kind: str, data: Any = ()) -> None:
        c.dec = (seat, kind, data)

    # --- small questions ---------------------------------------------------------------------
    def order_from(self, c: Core, first: int) -> list[int]:
        n = len(c.cursed)
        return [(first + i) % n for i in range(n)]

    def ashore(self, c: Core, seat: int) -> bool:
        return c.pos[seat] in self.geo.shore

    def in_harbour(self, c: Core, seat: int) -> bool:
        return c.pos[seat] in self.geo.harbour

    def active(self, c: Core, seat: int) -> bool:
        """Takes part in the round: not in jail (V57), not on the shore (V28)."""
        return not (c.jailed >> seat) & 1 and not self.ashore(c, seat)

    def victim_ok(self, c: Core, seat: int) -> bool:
        """May be the victim of others' actions: afloat on the sea (V27, V28)."""
        return c.pos[seat] is not None and not self.ashore(c, seat) and not self.in_harbour(
            c, seat)

    def sea(self, c: Core) -> Sea:
        order = self.order_from(c, c.sun)
        ships = {s: c.pos[s] for s in order if c.pos[s] is not None}
        return Sea(ships, wind=self.board.wind[c.wind], tide=c.tide,  # type: ignore[arg-type]
                   facing={s: c.facing[s] for s in ships},  # type: ignore[misc]
                   sea_tiles=frozenset(c.tiles), kraken=c.kraken,
                   storm_riders=frozenset(s for s in ships if c.colour[s] == BLUE))

    # === setup ============================================================================
    def _t_place(self, c: Core, seat: int) -> None:
        if c.cursed[seat]:
            self._place(c, seat, automa.harbour_space(self.geo, c))
        else:
            self._ask(c, seat, "place")

    def _opt_place(self, c: Core, seat: int, data: Any) -> list[str]:
        taken = set(c.pos)
        return [f"place {space_word(s)}" for s in self.board.harbour_order if s not in taken]

    def _do_place(self, c: Core, seat: int, data: Any, move: Move) -> None:
        self._place(c, seat, parse_space(move.args[0]))

    def _place(self, c: Core, seat: int, space: Space) -> None:
        put(c, "pos", seat, space)
        put(c, "start", seat, space)
        if self.board.value(space) <= 2:   # V2: the back row raises the die by one
            put(c, "power", seat, min(6, c.power[seat] + 1))

    # === Dusk =============================================================================
    def _t_dusk(self, c: Core) -> None:
        c.round += 1
        order = self.order_from(c, c.sun)
        players = [s for s in order if not c.cursed[s]]
        tasks: list[tuple] = [("parrot",)]
        tasks += [("draw", s) for s in players]
        tasks += [("choose", s) for s in players]
        tasks += [("barrel", s) for s in players]
        tasks += [("reveal",)]
        self._push_tasks(c, *tasks)

    def _t_parrot(self, c: Core) -> None:
        if c.cursed[c.sun]:
            self._move_parrot(c, automa.parrot(c))
        else:
            self._ask(c, c.sun, "parrot")

    def _opt_parrot(self, c: Core, seat: int, data: Any) -> list[str]:
        return ["parrot 1", "parrot 2"]

    def _do_parrot(self, c: Core, seat: int, data: Any, move: Move) -> None:
        self._move_parrot(c, int(move.args[0]) - 1)

    def _move_parrot(self, c: Core, which: int) -> None:
        p = list(c.parrots)
        p[which] = min(p[which] + 1, self.board.lunar_track - 1)
        c.parrots = tuple(p)

    def _t_draw(self, c: Core, seat: int) -> None:   # V6
        refill_deck(c)
        if deck_size(c) or c.discard:
            self._ask(c, seat, "draw")

    def _opt_draw(self, c: Core, seat: int, data: Any) -> list[str]:
        out = []
        if deck_size(c):
            out.append("draw deck")
        if c.discard:
            out.append("draw discard")
        return out

    def _do_draw(self, c: Core, seat: int, data: Any, move: Move) -> None:
        if move.args[0] == "deck":
            self._push_tasks(c, ("object_to", seat))
        else:
            give_object(c, seat, c.discard[-1])
            c.discard = c.discard[:-1]

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

    def _t_choose(self, c: Core, seat: int) -> None:
        self._ask(c, seat, "choose")

    def _opt_choose(self, c: Core, seat: int, data: Any) -> list[str]:   # V7
        return [f"card {a}" for a in ACTIONS if a != c.last_card[seat]]

    def _do_choose(self, c: Core, seat: int, data: Any, move: Move) -> None:
        put(c, "card", seat, move.args[0])

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

    def _t_reveal(self, c: Core) -> None:   # V9
        order = self.order_from(c, c.sun)
        tasks: list[tuple] = [("cp_card", s) for s in order if c.cursed[s]]
        tasks += [("bones",), ("jail",), ("activate",), ("moonlight",)]
        self._push_tasks(c, *tasks)

    def _t_cp_card(self, c: Core, seat: int) -> None:   # V44
        if not c.cp_deck[seat]:
            put(c, "cp_deck", seat, tuple(sorted(ACTIONS)))   # reshuffled (l.622)
        self._ask(c, CHANCE, "~card", (seat,))

    def _do_card(self, c: Core, seat: int, data: tuple, move: Move) -> None:
        cp = data[0]
        name = move.args[0]
        deck = list(c.cp_deck[cp])
        deck.remove(name)
        put(c, "cp_deck", cp, tuple(deck))
        if automa.skip_card(self.geo, c, cp, name):
            self._push_tasks(c, ("cp_card", cp))
        else:
            put(c, "card", cp, name)

    def _t_bones(self, c: Core) -> None:   # V31
        i = self.geo.barrels.index("Bones")
        who = c.barrels[i]
        if who >= 0:
            self._ask(c, who, "bones")

    def _opt_bones(self, c: Core, seat: int, data: Any) -> list[str]:
        return [f"bones {a}" for a in ACTIONS if a != c.last_card[seat]]

    def _do_bones(self, c: Core, seat: int, data: Any, move: Move) -> None:
        put(c, "card", seat, move.args[0])

    def _t_jail(self, c: Core) -> None:   # V9, V57
        takers = [s for s in range(self.n) if c.card[s] == "Take" and not self.ashore(c, s)]
        if len(takers) > 1:
            for s in takers:
                c.jailed |= 1 << s
            self._push_tasks(c, *[("jailbreak", s) for s in takers
                                  if not c.cursed[s] and "Jail Break" in c.objects[s]])

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

    # === Moonlight ========================================================================
    def _t_moonlight(self, c: Core) -> None:   # V10
        order = self.order_from(c, c.sun)
        moon = c.barrels[self.geo.barrels.index("Moon")]
        if moon >= 0:
            order.remove(moon)
            order.insert(0, moon)
        c.hoodoo = sum(1 for s in range(self.n) if c.card[s] == "#oodoo")
        callers = [s for s in order if c.card[s] == "#oodoo"]
        c.caller = callers[0] if callers else -1
        self._push_tasks(c, *[("turn", s) for s in order], ("dawn",))

    def _t_turn(self, c: Core, seat: int) -> None:
        c.acted = c.barreled = 0
        tasks: list[tuple] = []
        if seat == c.caller:
            tasks.append(("ritual",))
        if self.active(c, seat):
            tasks.append(("cp_turn", seat) if c.cursed[seat] else ("menu", seat))
        self._push_tasks(c, *tasks)

    def _t_menu(self, c: Core, seat: int) -> None:
        if self.active(c, seat):
            self._ask(c, seat, "turn")
        else:
            self._push_tasks(c, ("broadside", seat))

    def _opt_turn(self, c: Core, seat: int, data: Any) -> list[str]:   # V11
        out: list[str] = []
        if not c.acted:
            out += self._action_options(c, seat)
        if not c.barreled and not self.in_harbour(c, seat):
            out += self._barrel_options(c, seat)
        out += self._object_options(c, seat)
        out += ["end W", "end S"]
        return out

    def _do_turn(self, c: Core, seat: int, data: Any, move: Move) -> None:
        verb, args = move.verb, move.args
        if verb == "end":   # V12, then the broadside (V13)
            put(c, "facing", seat, args[0])
            self._push_tasks(c, ("broadside", seat))
            return
        self._push_tasks(c, ("menu", seat))
        if verb in ("jax", "tok", "take", "tix", "poppet"):
            c.acted = 1
            getattr(self, "_act_" + verb)(c, seat, args)
        elif verb in ("stars", "wind", "sea", "tide"):
            c.barreled = 1
            barrel = verb.capitalize()
            if c.seated[seat] != barrel:   # a free moonlight barrel, for a poppet (l.144)
                add(c, "poppets", seat, -1)
                c.supply += 1
                self._sit(c, seat, barrel)
            getattr(self, "_barrel_" + verb)(c, seat, args)
        elif verb == "use":
            self._use_object(c, seat, card_name(args[0]), args[1:])
        else:  # pragma: no cover - options and verbs agree
            raise AssertionError(verb)

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
                    got = _ceil_half(c.spanish)
                    c.spanish -= got
                else:
                    got = _ceil_half(c.mermaids)
                    c.mermaids -= got
            else:
                got = _ceil_half(c.mermaids)
                c.mermaids -= got
            add(c, "coins", seat, got)
            if c.compass >= -1:   # not while buried with its holder
                c.compass = seat
        if (pos in self.geo.eight and not c.cursed[seat] and c.spanish
                and "Rackham's Map" in c.objects[seat]):   # V60
            got = _ceil_half(c.spanish)
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
        """Take one item from `v` (boarding, V37): Night Watch repels it (V69)."""
        if (c.watch >> v) & 1 or "Night Watch" in c.objects[v]:
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
                seen = set()
                for d in self.board.stars_directions:
                    for n in (1, 2):
                        end = sail(self.board, sea, seat, d, n).end  # type: ignore[arg-type]
                        if end != c.pos[seat] and (d, end) not in seen:
                            seen.add((d, end))
                            out.append(f"stars {d} {n}")
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

    # --- Object cards in the Moonlight (V40, V60-V72) ---------------------------------------
    def _object_options(self, c: Core, seat: int) -> list[str]:
        out: list[str] = []
        sea = None
        for name in sorted(set(c.objects[seat]) - _NO_TURN_OBJECTS):
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
        self._push_tasks(c, *tasks, ("broadside", seat))

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

    # === Dawn =============================================================================
    def _t_dawn(self, c: Core) -> None:   # V14, V15
        self._unbury(c)
        shore = any(self.ashore(c, s) for s in range(self.n))
        lunar = max(c.parrots) >= self.board.lunar_track - 1
        if shore or lunar:
            self._finish(c, "shore" if shore else "lunar")
            return
        c.jailed = 0
        c.no_take = 0
        self._switch_tide(c)
        c.barrels = tuple(-1 for _ in c.barrels)
        c.seated = ("",) * self.n
        if c.watch:
            for s in range(self.n):
                if (c.watch >> s) & 1:
                    c.discard = c.discard + ("Night Watch",)
            c.watch = 0
        if c.cp_figures is not None:   # V45: one barrel west, round again
            m, d = c.cp_figures
            c.cp_figures = ((m - 1) % len(self.board.moonlight_barrels),
                            (d - 1) % len(self.board.dusk_barrels))
        self._block_barrels(c)
        for s in range(self.n):
            if c.cursed[s] and not c.cp_deck[s]:
                put(c, "cp_deck", s, tuple(sorted(ACTIONS)))
        c.last_card = c.card
        c.card = (None,) * self.n
        c.caller = -1
        c.grid_full = 0
        c.sun = (c.sun + 1) % self.n
        tasks: list[tuple] = [("storage", s) for s in self.order_from(c, c.sun)]
        self._push_tasks(c, *tasks, ("dusk",))

    def _unbury(self, c: Core) -> None:
        for s in range(self.n):
            b = c.buried[s]
            if b is None:
                continue
            coins, souls, poppets, objects, compass = b
            add(c, "coins", s, coins)
            if souls:
                gain_souls(c, s, souls)
            add(c, "poppets", s, poppets)
            put(c, "objects", s, c.objects[s] + objects)
            if compass:
                c.compass = s
            put(c, "buried", s, None)

    def _block_barrels(self, c: Core) -> None:
        if c.cp_figures is None:
            return
        m, d = c.cp_figures
        b = list(c.barrels)
        for name in (self.board.moonlight_barrels[m], self.board.dusk_barrels[d]):
            b[self.geo.barrels.index(name)] = -2
        c.barrels = tuple(b)

    def _t_storage(self, c: Core, seat: int) -> None:   # V39
        if not over_storage(c, seat):
            return
        if c.cursed[seat]:
            while over_storage(c, seat):
                if c.poppets[seat] > 3 or not c.objects[seat]:
                    add(c, "poppets", seat, -1)
                    c.supply += 1
                else:   # the bottom card goes
                    name = c.objects[seat][0]
                    put(c, "objects", seat, c.objects[seat][1:])
                    c.discard = c.discard + (name,)
            return
        self._ask(c, seat, "discard")

    def _opt_discard(self, c: Core, seat: int, data: Any) -> list[str]:
        out = [f"discard {card_word(o)}" for o in sorted(set(c.objects[seat]))]
        if hold(c, seat) > HOLD_LIMIT and len(c.objects[seat]) <= OBJECT_LIMIT:
            if c.poppets[seat]:
                out.append("discard poppet")
        return out

    def _do_discard(self, c: Core, seat: int, data: Any, move: Move) -> None:
        if move.args[0] == "poppet":
            add(c, "poppets", seat, -1)
            c.supply += 1
        else:
            name = card_name(move.args[0])
            drop_object(c, seat, name)
            c.discard = c.discard + (name,)
        self._push_tasks(c, ("storage", seat))

    def _finish(self, c: Core, end: str) -> None:
        power = voodoo_power(self.geo, c)
        totals = tuple(float(sum(p.values())) for p in power)
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        c.power_parts = tuple(tuple(sorted(p.items())) for p in power)
        c.end = end
        c.result = Outcome(termination=end, winners=winners, scores=totals,
                           tiebreak="shared" if len(winners) > 1 else "")

    # --- for players and records -------------------------------------------------------------
    def voodoo_power(self) -> list[dict[str, int]]:
        return voodoo_power(self.geo, self._c)


_GEOMETRY: dict[int, Geometry] = {}


def geometry(board: Board) -> Geometry:
    g = _GEOMETRY.get(id(board))
    if g is None or g.board is not board:
        g = _GEOMETRY[id(board)] = Geometry.of(board)
    return g


def new_game(board: Board, seats: Sequence[str], rng: np.random.Generator,
             colours: Sequence[int] | None = None) -> VoodooState:
    """Set up a game (V1-V3, V43): `seats` lists "player" or "cursed" in clockwise order,
    1 to 5 of them; `colours` (indices into moves.COLOURS) default to a random draw of the
    five pirates. Every random part of the setup is drawn from `rng`, in a fixed order, so
    the same seed gives the same setup."""
    n = len(seats)
    if not 1 <= n <= 5:
        raise ValueError("Voodoo Pirate seats 1 to 5 pirates")
    for s in seats:
        if s not in ("player", "cursed"):
            raise ValueError(f"a seat is 'player' or 'cursed', not {s!r}")
    geo = geometry(board)
    cols = tuple(int(x) for x in (colours if colours is not None
                                  else rng.permutation(len(COLOURS))[:n]))
    if len(set(cols)) != n or not all(0 <= x < len(COLOURS) for x in cols):
        raise ValueError("each seat needs its own pirate colour")
    cursed = tuple(int(s == "cursed") for s in seats)
    c = Core()
    c.legal = None
    c.cursed, c.colour = cursed, cols
    bag = [SOULS_PER_COLOUR] * len(COLOURS)

    def draw_soul() -> int:
        k = int(rng.choice(len(bag), p=np.array(bag) / sum(bag)))
        bag[k] -= 1
        return k

    souls = [draw_soul() for _ in range(n)]      # V1: one random soul each, in seat order
    first = None
    for k in souls:                               # V3: the first soul names the starter
        if k in cols:
            first = cols.index(k)
            break
    while first is None:                          # nobody of those colours: the next soul
        k = draw_soul()
        bag[k] += 1
        if k in cols:
            first = cols.index(k)
    c.bag = tuple(bag)
    c.souls = tuple((k,) for k in souls)
    # V1: Skulls dealt, one each; the rest shuffled back; one more to each Cursed Pirate.
    skulls = list(SKULLS)
    rng.shuffle(skulls)
    objects = [[skulls[i]] for i in range(n)]
    deck = [name for name, k in OBJECT_COUNTS.items() for _ in range(k)]
    for s in skulls[:n]:
        deck.remove(s)
    for s in range(n):
        if cursed[s]:
            rng.shuffle(deck)
            objects[s].append(deck.pop())
    c.objects = tuple(tuple(o) for o in objects)
    c.deck, c.deck_bottom, c.discard, c.peek = tuple(sorted(deck)), (), (), ()
    # V1, V43: poppets; power (players' printed power, Cursed Pirates roll)
    c.poppets = tuple(2 if cursed[s] else 1 for s in range(n))
    c.supply = POPPET_TOKENS - sum(c.poppets)
    c.power = tuple(int(rng.integers(1, 7)) if cursed[s] else PLAYER_POWER for s in range(n))
    c.coins = (0,) * n
    c.mermaids = c.spanish = TREASURE_START
    spots = rng.choice(len(geo.sea), size=SEA_COINS, replace=False)
    c.sea_coins = tuple(sorted(geo.sea[int(i)] for i in spots))
    tiles = rng.choice(len(geo.tile_spaces), size=board.sea_tiles, replace=False)
    c.tiles = tuple(geo.tile_spaces[int(i)] for i in tiles)
    c.kraken = None
    c.wind = board.wind.index(board.start_wind)
    c.tide = board.start_tide
    c.colonial = board.colonial_start
    c.parrots = (0, 0)
    c.grid = (-1,) * geo.grid_cells
    c.grid_full = 0
    c.compass = -1
    c.grigri = -1
    c.sun = first
    c.pos = (None,) * n
    c.start = (None,) * n
    c.facing = ("W",) * n
    c.card = (None,) * n
    c.last_card = (None,) * n
    c.cp_deck = tuple(tuple(sorted(ACTIONS)) if cursed[s] else () for s in range(n))
    c.buried = (None,) * n
    c.seated = ("",) * n
    c.jailed = c.no_take = c.watch = 0
    c.acted = c.barreled = 0
    c.hoodoo = 0
    c.caller = -1
    c.round = 0
    c.barrels = (-1,) * len(geo.barrels)
    c.cp_figures = None
    if any(cursed):   # V45: CP figures on Stars and Moon
        c.cp_figures = (board.moonlight_barrels.index("Stars"),
                        board.dusk_barrels.index("Moon"))
    c.result = None
    c.end = ""
    c.power_parts = ()
    c.dec = None
    order = [(first + i) % n for i in range(n)]
    c.tasks = tuple(("place", s) for s in order) + (("dusk",),)
    state = VoodooState(geo, c)
    state._block_barrels(c)
    state._run(c)
    return state


# --- playing whole games ----------------------------------------------------------------------
def streams(seed: int) -> tuple[np.random.Generator, np.random.Generator, np.random.Generator]:
    """The three independent generators `play_game` draws from: the setup (`new_game`), the
    chance steps, the players. Chance and players apart give common random numbers: the
    same seed deals the same setup and the same dice whoever plays."""
    a, b, c = (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3))
    return a, b, c


def setup_for_replay(board: Board, seats: Sequence[str], seed: int) -> VoodooState:
    """The position `play_game(board, seats, ..., seed)` started from: a log of its moves
    (chance outcomes included) replays from here with `push`."""
    return new_game(board, seats, streams(seed)[0])


@dataclass(frozen=True)
class GameRecord:
    """One game played to its end (see `play_game`)."""

    outcome: Outcome
    rounds: int
    end: str                                  # "shore" | "lunar"
    start_space: tuple[Space, ...]            # per seat
    power: tuple[dict[str, int], ...]         # per seat: position, coins, broadsides, skulls
    moves: tuple[str, ...]
    seats: tuple[str, ...]
    colours: tuple[int, ...]


def play_game(board: Board, seats: Sequence[str], policies: Sequence[Any], seed: int,
              on_move: Callable[[str], None] | None = None) -> GameRecord:
    """Play one game: `policies[i]` (a Player with `choose(state, rng)`, or a name in
    players.PLAYERS) decides for seat i (ignored for Cursed Pirates, whom the referee plays).
    The seed drives the setup, the chance steps and the players, each from its own stream."""
    from .players import make_player

    setup_rng, chance_rng, player_rng = streams(seed)
    state = new_game(board, seats, setup_rng)
    players = [make_player(p) if isinstance(p, str) else p for p in policies]
    moves: list[str] = []

    def record(seat: int, move: Any) -> None:
        moves.append(str(move))
        if on_move is not None:
            on_move(str(move))

    play(state, players, chance_rng, record, player_rng=player_rng)
    c = state.core
    return GameRecord(outcome=c.result, rounds=c.round, end=c.end,
                      start_space=tuple(c.start), power=tuple(dict(p) for p in c.power_parts),
                      moves=tuple(moves), seats=tuple(seats), colours=tuple(c.colour))
