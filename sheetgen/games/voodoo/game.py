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

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from sheetgen.engine.contract import CHANCE, IllegalMove, Outcome

from . import automa
from .actions import ActionRules
from .barrels import BarrelRules
from .board import Board, Space
from .core import (
    ACTIONS,
    BLUE,
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
    deck_size,
    deck_top_choices,
    drop_object,
    gain_souls,
    give_object,
    hold,
    over_storage,
    put,
    refill_deck,
)
from .moves import COLOURS, Move, card_name, card_word, parse_space, space_word
from .objects import ObjectRules
from .ruleids import rules_table
from .sailing import SailingRules
from .scoring import voodoo_power
from .sea import (
    Sea,
)

__doc__ = (__doc__ or "") + "\n" + rules_table()

OBJECT_COUNTS = {
    "Rackham's Map": 2, "Silent Oars": 2, "Ghost Whisper": 2, "Spyglass": 2, "Crow's Nest": 2,
    "Voodoo Mask": 1, "Shipwreck": 1, "Transform": 1, "Jail Break": 1, "Night Watch": 1,
    "Octopus": 1, "Ghost Ship": 1, "Barrel Magic": 1, "Gold Skull": 1, "Purple Skull": 1,
    "Blue Skull": 1, "Red Skull": 1, "Green Skull": 1, "Black Skull": 1, "Crystal Skull": 1,
    "Morgan's Eyes": 2,
}   # the 27 cards listed at l.393-395 (cards.yaml prints the same counts)
PLAYER_POWER = 2          # the power printed on every ship (cards.yaml)

RULE_OF_KIND = {"place": "V2", "parrot": "V5", "draw": "V6", "choose": "V7", "barrel": "V8",
                "bones": "V31", "jailbreak": "V68", "sand": "V30", "kraken": "V32",
                "turn": "V11", "rite": "V23", "board": "V37", "keep": "V63",
                "discard": "V39", "chance": "V4"}
RULE_OF_VERB = {"jax": "V20", "tok": "V21", "take": "V22", "tix": "V25", "poppet": "V26",
                "stars": "V33", "wind": "V34", "sea": "V35", "tide": "V36", "use": "V40",
                "end": "V12"}


@dataclass
class VoodooState(ActionRules, SailingRules, BarrelRules, ObjectRules):
    """A game in progress (see the module docstring)."""

    geo: Geometry
    _c: Core
    _stack: list[tuple[Core, Move]] = field(default_factory=list)
    _kids: OrderedDict[int, list[Any]] = field(
        default_factory=OrderedDict, repr=False, compare=False)
    """Positions already reached by a move from a position (see `push`): by id of the
    core, [core, its legal list, {move: core reached}, the legal moves as a set or None]."""

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
        """Play `move`. The rules are pure, so the position a move leads to from a position
        is always the same: the last `KIDS_KEPT` positions pushed from remember where each
        move led, and pushing it again (the move a player chose after trying every move
        with push/pop, or a planner's second rollout) reuses that position. A remembered
        answer belongs to the position's list of legal moves, so code that edits a core
        in place and clears `legal` (as tests do) is never answered from before."""
        move = move if isinstance(move, Move) else Move.parse(move)
        c = self._c
        if c.result is not None:
            raise IllegalMove("V15", f"the game is over; {move!r} cannot be played")
        legal = c.legal
        if legal is None:
            legal = self.legal_moves()
        kids = self._kids
        entry = kids.get(id(c))
        if entry is not None and entry[0] is c and entry[1] is legal:
            nc = entry[2].get(move)
            if nc is not None:
                self._stack.append((c, move))
                self._c = nc
                return
        else:
            if len(kids) >= KIDS_KEPT:
                kids.popitem(last=False)   # O(1), unlike deleting a dict's first key
            entry = kids[id(c)] = [c, legal, {}, None]
        if entry[2]:   # tried before (greedy tries every move): a set, built once
            if entry[3] is None:
                entry[3] = frozenset(legal)
            legal_now = entry[3]
        else:
            legal_now = legal
        if move not in legal_now:
            kind = c.dec[1]
            rule = RULE_OF_VERB.get(move.verb, RULE_OF_KIND.get(
                "chance" if kind.startswith("~") else kind, "V4"))
            who = "chance" if c.dec[0] == CHANCE else f"seat {c.dec[0]}"
            raise IllegalMove(rule, f"{move!r} is not legal now ({who} to {kind}; "
                              f"e.g. {', '.join(self.legal_moves()[:4])})")
        nc = c.clone()
        self._apply(nc, move)
        self._run(nc)
        entry[2][move] = nc
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
        if c.legal is None:   # the same list `legal_moves` would build (push asks for it)
            c.legal = [m for m, _ in options]
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
        moves = _MOVES
        if len(moves) >= MOVES_KEPT:
            moves.clear()
        out = []
        for t in _handler(type(self), "_opt_" + kind)(self, c, seat, data):
            m = moves.get(t)
            if m is None:
                m = moves[t] = Move(t)
            out.append(m)
        return out

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
        _handler(type(self), "_do_" + kind.lstrip("~"))(self, c, seat, data, move)

    def _run(self, c: Core) -> None:
        """Play the rules forward until somebody (or chance) must decide, or the game ends."""
        table = _table(type(self), "_t_")
        while c.dec is None and c.result is None and c.tasks:
            task = c.tasks[0]
            c.tasks = c.tasks[1:]
            fn = table.get(task[0])
            if fn is None:
                fn = table[task[0]] = getattr(type(self), "_t_" + task[0])
            fn(self, c, *task[1:])

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
        """The movement model's view of the position (ships in turn order from the Sun
        holder), kept on the core until one of the values it is made of changes."""
        key = (c.pos, c.wind, c.tide, c.facing, c.tiles, c.kraken, c.sun)
        cached = c.__dict__.get("sea_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        seas = self.geo.seas
        shared = (key, c.colour)
        sea = seas.get(shared)
        if sea is None:
            order = self.order_from(c, c.sun)
            ships = {s: c.pos[s] for s in order if c.pos[s] is not None}
            sea = Sea(ships, wind=self.board.wind[c.wind], tide=c.tide,  # type: ignore[arg-type]
                      facing={s: c.facing[s] for s in ships},  # type: ignore[misc]
                      sea_tiles=frozenset(c.tiles), kraken=c.kraken,
                      storm_riders=frozenset(s for s in ships if c.colour[s] == BLUE))
            if len(seas) >= SEAS_KEPT:
                seas.clear()
            seas[shared] = sea
        c.sea_cache = (key, sea)
        return sea

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

    def _t_choose(self, c: Core, seat: int) -> None:
        self._ask(c, seat, "choose")

    def _opt_choose(self, c: Core, seat: int, data: Any) -> list[str]:   # V7
        return [f"card {a}" for a in ACTIONS if a != c.last_card[seat]]

    def _do_choose(self, c: Core, seat: int, data: Any, move: Move) -> None:
        put(c, "card", seat, move.args[0])

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

    def _t_jail(self, c: Core) -> None:   # V9, V57
        takers = [s for s in range(self.n) if c.card[s] == "Take" and not self.ashore(c, s)]
        if len(takers) > 1:
            for s in takers:
                c.jailed |= 1 << s
            self._push_tasks(c, *[("jailbreak", s) for s in takers
                                  if not c.cursed[s] and "Jail Break" in c.objects[s]])

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


SEAS_KEPT = 5_000
"""Ship layouts whose `Sea` a board keeps before it starts afresh (memory stays flat)."""

KIDS_KEPT = 512
"""Positions whose children `push` remembers (the oldest is forgotten first): enough for
a planner's decision (its candidates and their rollouts), a few MB at most."""

MOVES_KEPT = 50_000
_MOVES: dict[str, Move] = {}
"""Every option text met, as its Move (a few thousand texts: built once, not per position)."""

_HANDLERS: dict[tuple[type, str], Any] = {}
_TABLES: dict[tuple[type, str], dict[str, Any]] = {}


def _handler(cls: type, name: str) -> Any:
    """The method `name` of `cls` (an option or move handler), looked up once: the
    referee dispatches on names thousands of times a game."""
    fn = _HANDLERS.get((cls, name))
    if fn is None:
        fn = _HANDLERS[(cls, name)] = getattr(cls, name)
    return fn


def _table(cls: type, prefix: str) -> dict[str, Any]:
    """`cls`'s methods named `prefix` + a task's name, by that name (filled as met)."""
    table = _TABLES.get((cls, prefix))
    if table is None:
        table = _TABLES[(cls, prefix)] = {}
    return table


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
    """The three independent generators `playthrough.play_game` draws from: the setup
    (`new_game`), the chance steps, the players. Chance and players apart give common
    random numbers: the same seed deals the same setup and the same dice whoever plays."""
    a, b, c = (np.random.default_rng(s) for s in np.random.SeedSequence(seed).spawn(3))
    return a, b, c


def setup_for_replay(board: Board, seats: Sequence[str], seed: int) -> VoodooState:
    """The position `playthrough.play_game(board, seats, ..., seed)` started from: a log of
    its moves (chance outcomes included) replays from here with `push`."""
    return new_game(board, seats, streams(seed)[0])
