"""The compact game state of Voodoo Pirate and the small operations every rule uses.

`Core` is a plain bag of immutable values (ints, strings, tuples): copying it is a dict copy,
so the referee (`game.VoodooState`) keeps one core per move on its undo stack and `pop()`
restores the previous one exactly. Per-seat values are tuples indexed by seat; `put` replaces
one entry. Nothing here draws random numbers: chance is a move (see `game`).

Souls are colour indices (0-4, `moves.COLOURS`). A pirate's souls are a tuple in storage
order: a Cursed Pirate fills its numbered spaces lowest first and plays or loses from the
highest (seed l.646-648), so the order matters for it; a player's souls are kept sorted.
Objects are card names; the last one is the top card (what a boarder of a Cursed Pirate
takes, l.566, l.640). Buried possessions (Sand, l.417) sit in `buried[seat]` until Dawn, so
everything that counts usable or stealable items simply reads the ship's own fields.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .board import Board, Space, ritual_numbering

SOUL_LIMIT = 6      # l.572, l.590
POPPET_LIMIT = 3    # l.385, l.572
OBJECT_LIMIT = 3    # l.572
HOLD_LIMIT = 5      # l.258, l.574: poppets + objects
SOULS_PER_COLOUR = 10   # sheetgen's token count (rulebook Interpretations: Tokens)
POPPET_TOKENS = 15
TREASURE_START = 5      # l.84
SEA_COINS = 8           # l.84
END_CARDS = ("Gold Skull", "Purple Skull", "Blue Skull", "Red Skull", "Green Skull",
             "Black Skull", "Crystal Skull", "Morgan's Eyes")
SKULLS = END_CARDS[:-1]
ACTIONS = ("Jax", "Tok", "Take", "#oodoo", "Tix", "Poppet")   # l.19-21
RED, BLUE, GREEN, YELLOW, PURPLE = range(5)   # colour indices (moves.COLOURS); skills (V56)
NO_TURN_OBJECTS = frozenset({"Rackham's Map", "Voodoo Mask", "Jail Break", "Night Watch",
                             "Barrel Magic", *END_CARDS})
"""Object cards with no use of their own in a Moonlight turn (automatic, Dusk or scoring)."""


def ceil_half(n: int) -> int:
    """Half, rounded up (the treasure stores, l.546-550)."""
    return (n + 1) // 2

SKILLS = {0: "Hot Shot", 1: "Storm Rider", 2: "Mermaids' Friend", 3: "Light Fingers",
          4: "Soul Keeper"}   # by colour index (cards.yaml, sheetgen's design)


_CACHES = frozenset({"legal", "sea_cache"})


class Core:
    """All of one position. Attributes are set by `game.new_game`; see there for the list."""

    def clone(self) -> Core:
        c = Core.__new__(Core)
        d = self.__dict__.copy()
        d["legal"] = None
        c.__dict__ = d
        return c

    def snapshot(self) -> dict[str, Any]:
        """Every value but the caches (legal moves, the movement model's view): tests
        compare positions with it."""
        return {k: v for k, v in self.__dict__.items() if k not in _CACHES}


def put(c: Core, field: str, seat: int, value: Any) -> None:
    """Replace seat `seat`'s entry of the per-seat tuple `field`."""
    d = c.__dict__
    t = list(d[field])
    t[seat] = value
    d[field] = tuple(t)


def add(c: Core, field: str, seat: int, delta: int) -> None:
    d = c.__dict__
    t = list(d[field])
    t[seat] += delta
    d[field] = tuple(t)


@dataclass(frozen=True)
class Geometry:
    """What the rules ask of a board, computed once per board."""

    board: Board
    sea: tuple[Space, ...]          # the 28 squares of the Sea of Souls
    harbour: frozenset[Space]
    grid_cells: int                 # ritual grid squares
    grid_adjacent: tuple[tuple[int, ...], ...]   # by cell index (number - 1)
    barrels: tuple[str, ...]        # moonlight row then dusk row, west to east
    moonlight: frozenset[str]
    eight: frozenset[Space]         # the spaces worth 8 (Rackham's Map, l.550)
    tile_spaces: tuple[Space, ...]  # where a Sea Tile may lie (not tidal, not a map)
    shore: frozenset[Space]         # the Voodoo Shore landings
    value: dict[Space, int]         # every space's value, shore landings included
    memo: dict = field(default_factory=dict, compare=False, repr=False)
    """Players' caches of pure functions of a position on this board (`players._worth`):
    a board's values never change, so an answer computed once holds for the whole run."""
    seas: dict = field(default_factory=dict, compare=False, repr=False)
    """The movement model's `Sea` of each ship layout met (`VoodooState.sea`), shared by
    every position with that layout, and with it the moves already sailed on it."""

    @staticmethod
    def of(board: Board) -> Geometry:
        numbering = ritual_numbering(board.ritual_grid)
        cell_of = {pos: n - 1 for pos, n in numbering.items()}
        adjacent: list[tuple[int, ...]] = [()] * len(cell_of)
        for (col, row), i in cell_of.items():
            adjacent[i] = tuple(sorted(cell_of[p] for p in ((col + 1, row), (col - 1, row),
                                                          (col, row + 1), (col, row - 1))
                                       if p in cell_of))
        sea = tuple(board.sea())
        shore = frozenset(board.shore_landings())
        value = {s: board.value(s) for s in (*board.spaces(), *shore)}
        return Geometry(
            board=board, sea=sea, harbour=frozenset(board.harbour()),
            grid_cells=len(cell_of), grid_adjacent=tuple(adjacent),
            barrels=board.moonlight_barrels + board.dusk_barrels,
            moonlight=frozenset(board.moonlight_barrels),
            eight=frozenset(s for s in sea if board.value(s) == 8),
            tile_spaces=tuple(s for s in sea if board.kind(s) in ("calm", "haunted")),
            shore=shore, value=value,
        )


def hold(c: Core, seat: int) -> int:
    """Poppets plus objects stored (l.574)."""
    return c.poppets[seat] + len(c.objects[seat])


def over_storage(c: Core, seat: int) -> bool:
    return (len(c.objects[seat]) > OBJECT_LIMIT or c.poppets[seat] > POPPET_LIMIT
            or hold(c, seat) > HOLD_LIMIT)


def soul_room(c: Core, seat: int) -> int:
    return SOUL_LIMIT - len(c.souls[seat])


def poppet_room(c: Core, seat: int) -> int:
    """Poppets the seat may still take: at most three, and a fourth is discarded at once
    (l.385), so one never takes it."""
    return POPPET_LIMIT - c.poppets[seat]


def gain_souls(c: Core, seat: int, colours: tuple[int, ...] | list[int]) -> None:
    """Add souls in order (a Cursed Pirate fills its lowest free spaces first, l.646)."""
    souls = c.souls[seat] + tuple(colours)
    put(c, "souls", seat, souls if c.cursed[seat] else tuple(sorted(souls)))


def lose_soul(c: Core, seat: int, colour: int | None = None) -> int:
    """Remove one soul: the named colour, else the one a Cursed Pirate loses first (its
    highest space, l.648) or a player's last."""
    souls = list(c.souls[seat])
    if colour is None:
        colour = souls.pop()
    else:
        # the highest-numbered soul of that colour
        idx = len(souls) - 1 - souls[::-1].index(colour)
        souls.pop(idx)
    put(c, "souls", seat, tuple(souls))
    return colour


def bag_put(c: Core, colours) -> None:
    bag = list(c.bag)
    for col in colours:
        bag[col] += 1
    c.bag = tuple(bag)


def bag_take(c: Core, colour: int) -> None:
    bag = list(c.bag)
    if bag[colour] <= 0:
        raise ValueError("no soul of that colour in the bag")
    bag[colour] -= 1
    c.bag = tuple(bag)


def deck_size(c: Core) -> int:
    return len(c.deck) + len(c.deck_bottom)


def deck_remove(c: Core, name: str) -> None:
    """Take `name` off the top of the deck: the shuffled part lies on top of the cards put
    under the deck in a known order (Rackham's Map, Spyglass)."""
    if c.deck:
        deck = list(c.deck)
        deck.remove(name)
        c.deck = tuple(deck)
    else:
        if not c.deck_bottom or c.deck_bottom[0] != name:
            raise ValueError(f"{name} is not on top of the deck")
        c.deck_bottom = c.deck_bottom[1:]


def deck_top_choices(c: Core) -> list[tuple[str, int]]:
    """What the top card of the deck can be, with weights: any card of the shuffled part,
    else the first card put under it."""
    if c.deck:
        counts: dict[str, int] = {}
        for name in c.deck:
            counts[name] = counts.get(name, 0) + 1
        return sorted(counts.items())
    if c.deck_bottom:
        return [(c.deck_bottom[0], 1)]
    return []


def refill_deck(c: Core) -> None:
    """An empty deck takes the discard pile, shuffled (sheetgen's reading: the source does
    not say what happens when the deck runs out)."""
    if not c.deck and not c.deck_bottom and c.discard:
        c.deck = tuple(sorted(c.discard))
        c.discard = ()


def give_object(c: Core, seat: int, name: str) -> None:
    put(c, "objects", seat, c.objects[seat] + (name,))


def drop_object(c: Core, seat: int, name: str) -> None:
    objs = list(c.objects[seat])
    idx = len(objs) - 1 - objs[::-1].index(name)
    objs.pop(idx)
    put(c, "objects", seat, tuple(objs))
