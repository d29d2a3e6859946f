"""Sailing the Sea of Souls: where a move ends, what a card can reach, what the tide and wind do.

Pure functions over an explicit, immutable `Sea` (ship positions and facings, wind, tide, Sea
Tiles, Kraken); nothing here draws or reads files. Each rule cites its line in
../shared/seeds/voodoo-pirate.txt:

- l.207  a ship that would stop on another ship carries on to the next space without one;
- l.209  a move over the north or south edge turns east along that edge to a space where the
         ship may stop (normal rules apply on the way);
- l.220  Becalmed: a ship moving into a haunted space stops there (on a ship: next empty space);
         a becalmed ship cannot move until the wind changes;
- l.226  Mermaid's Breath: a ship ending its move on a haunted space goes one space further and
         pays the mermaids a coin (else all its souls);
- l.232  Storm: a ship entering a haunted space is first blown one space north;
- l.180  tidal waters: ending a move there while the tide runs OUT, the ship follows the arrow
         one space; when the tide turns IN to OUT at Dawn, ships there move at once;
- l.147, l.318  when the wind changes, ships caught on haunted spaces by Storm or Mermaid's
         Breath move at once, in turn order; a ship caught by Mermaid's Breath sails the way
         it faces (the one time facing affects movement);
- l.425  no ship may end its move on the Kraken;
- l.188  a ship at the Voodoo Shore takes no further part;
- l.514-518  Tix, Tok, barrel magic, boarding and broadsides are not allowed in the harbour,
         neither for the pirate who works them nor on a victim there;
- l.393, l.530  a ship that lands on the Voodoo Shore scores the square it came from: a
         landing (straight or diagonal) is recorded on the shore beside that tidal square.

The Sea Tiles' effect (they turn the water beneath them the other way), the Storm push not
chaining (the push north does not itself trigger another push) and a ship blown onto
another ship carrying on north are sheetgen's readings.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import NamedTuple

from sheetgen.games.voodoo.board import DIRECTIONS, OPPOSITE, Board, Space

FAIR, BECALMED, MERMAIDS, STORM = "Fair Wind", "Becalmed", "Mermaid's Breath", "Storm"
ORTHOGONAL = ("N", "E", "S", "W")
_MAX_STEPS = 64  # far above any real move; guards the loop


@dataclass(frozen=True)
class Sea:
    """Everything on the board that movement depends on."""

    ships: Mapping[str, Space]
    wind: str = STORM
    tide: str = "IN"
    facing: Mapping[str, str] = field(default_factory=dict)  # "W" or "S"; W if absent
    sea_tiles: frozenset[Space] = frozenset()
    kraken: Space | None = None
    storm_riders: frozenset[str] = frozenset()  # ships Storm never blows north (Blue's skill)
    memo: dict = field(default_factory=dict, init=False, compare=False, repr=False)
    """Answers already given on this sea (`sail`, `broadside_targets`): a Sea never changes,
    so the rules engine, which asks the same sea the same question for every move it tries,
    computes each answer once. Not an init field, so `replace` starts a new sea empty."""

    def at(self, space: Space, but: str | None = None) -> str | None:
        """The ship on `space` other than `but`, if any."""
        for n, s in self.ships.items():
            if s == space and n != but:
                return n
        return None

    def moved(self, ship: str, to: Space) -> Sea:
        ships = dict(self.ships)
        ships[ship] = to
        return replace(self, ships=ships)


@dataclass(frozen=True)
class Move:
    """A finished move: where it started and ended, every space entered, what happened."""

    ship: str
    start: Space
    end: Space
    path: tuple[Space, ...] = ()
    events: tuple[str, ...] = ()
    passed: tuple[str, ...] = ()  # ships passed through that may be boarded (l.488): not in
    # the harbour, not becalmed

    @property
    def moved(self) -> bool:
        return bool(self.path) and self.end != self.start

    @property
    def mermaid_toll(self) -> bool:
        return "mermaid" in self.events


def new_sea(board: Board, ships: Mapping[str, Space], **kw: object) -> Sea:
    """A sea at the board's starting wind and tide (l.83; the tide's start is sheetgen's)."""
    kw.setdefault("wind", board.start_wind)
    kw.setdefault("tide", board.start_tide)
    return Sea(dict(ships), **kw)  # type: ignore[arg-type]


def becalmed(board: Board, sea: Sea, ship: str) -> bool:
    pos = sea.ships[ship]
    return sea.wind == BECALMED and board.is_space(pos) and board.haunted(pos, sea.sea_tiles)


def in_harbour(board: Board, sea: Sea, ship: str) -> bool:
    """Is `ship` in the harbour, where Tix, Tok, barrel magic, boarding and broadsides are
    not allowed, by it or on it (l.514-518)?"""
    return board.kind(sea.ships[ship]) == "harbour"


def sail(board: Board, sea: Sea, ship: str, direction: str, spaces: int, *,
         tide: bool = True) -> Move:
    """Move `ship` `spaces` spaces in `direction` under the movement rules (see module doc).

    `tide=False` leaves out the tidal drift at the end (used by the drift itself).
    """
    key = ("sail", ship, direction, spaces, tide)
    got = sea.memo.get(key)
    if got is not None and got[0] is board:
        return got[1]
    move = _sail(board, sea, ship, direction, spaces, tide)
    sea.memo[key] = (board, move)
    return move


def _sail(board: Board, sea: Sea, ship: str, direction: str, spaces: int, tide: bool) -> Move:
    start = sea.ships[ship]
    if board.is_shore(start):
        return Move(ship, start, start, events=("ashore",))
    if becalmed(board, sea, ship):
        return Move(ship, start, start, events=("becalmed",))

    def occupied(space: Space) -> bool:
        if space == sea.kraken:
            return True
        other = sea.at(space, but=ship)
        return other is not None and not board.is_shore(space)

    steps = board.step_memo

    def advance(pos: Space, d: str) -> tuple[Space | None, str]:
        got = steps.get((pos, d))
        if got is None:
            got = steps[(pos, d)] = _advance(board, pos, d)
        return got

    pos, d, remaining = start, direction, spaces
    path: list[Space] = []
    events: list[str] = []
    passed: list[str] = []
    mermaid_used = tide_used = False

    def enter(space: Space) -> None:
        path.append(space)
        other = sea.at(space, but=ship)
        if (other is not None and other not in passed and board.in_sea(space)
                and not becalmed(board, sea, other)):
            passed.append(other)  # no boarding in the harbour (l.514) or of a becalmed ship

    for _ in range(_MAX_STEPS):
        if remaining == 0:
            if pos != start and occupied(pos):
                events.append("hop")
                remaining = 1
                continue
            if (sea.wind == MERMAIDS and not mermaid_used and pos != start
                    and board.haunted(pos, sea.sea_tiles)):
                mermaid_used = True
                events.append("mermaid")
                remaining = 1
                continue
            if tide and not tide_used and sea.tide == "OUT" and board.tidal(pos):
                tide_used = True
                events.append("tide")
                d, remaining = board.tide_arrow, 1
                continue
            break
        nxt, how = advance(pos, d)
        if nxt is None:
            events.append("blocked")
            pos = _last_free(path, start, occupied)
            break
        if how == "edge":
            events.append("edge")
            d, remaining = "E", 1  # along the edge to the first space where it may stop
        pos = nxt
        enter(pos)
        remaining -= 1
        if how == "shore":
            events.append("shore")
            break
        if board.haunted(pos, sea.sea_tiles):
            if sea.wind == BECALMED:
                events.append("becalmed")
                remaining = 0  # an occupied space still sends it on (the hop above)
            elif sea.wind == STORM and ship not in sea.storm_riders:
                pushed, how2 = advance(pos, "N")
                if pushed is not None:
                    events.append("storm")
                    if how2 == "edge":
                        events.append("edge")
                    pos = pushed
                    enter(pos)
                    if remaining == 0 and occupied(pos):
                        d = "N"  # blown onto a ship: it carries on the way the storm blew
                    if how2 == "shore":  # pragma: no cover - the shore lies west
                        break
    else:  # pragma: no cover - a board that loops would be a bug
        raise RuntimeError(f"move of {ship} did not settle")
    return Move(ship, start, pos, tuple(path), tuple(events), tuple(passed))


def _advance(board: Board, pos: Space, d: str) -> tuple[Space | None, str]:
    """The next space in direction d: ('step'), an east slide at the N/S edge ('edge'),
    a shore landing ('shore') or None when the east edge or land stops it."""
    target = board.step(pos, d)
    if board.is_space(target):
        return target, "step"
    if board.is_shore(target):
        # Land beside the tidal square the ship came from, whatever the direction, so
        # that the shore's value is that square's (l.393, l.530).
        return board.step(pos, board.shore), "shore"
    dc, dr = DIRECTIONS[d]
    if dr and not board.is_space((pos[0], pos[1] + dr)):
        east = board.step(pos, "E")
        return (east, "edge") if board.is_space(east) else (None, "blocked")
    return None, "blocked"


def _last_free(path: list[Space], start: Space, occupied) -> Space:
    for space in reversed(path):
        if not occupied(space):
            return space
    return start


def apply(sea: Sea, move: Move) -> Sea:
    return sea.moved(move.ship, move.end)


# --- questions the rules pose ----------------------------------------------------------------
class Leg(NamedTuple):
    """One order of a plan and what came of it: `direction` and `spaces` as ordered, and the
    move's `events` ("edge" when it slid east along an edge, "storm", "hop", ...). A plan
    lists only the legs that moved the ship, so a ship that stayed has the plan ()."""

    direction: str
    spaces: int
    events: tuple[str, ...] = ()

    def label(self) -> str:
        """"1 S", or what really happened: "1 S, slid east", "2 W, storm north"."""
        notes = [_EVENT_NOTES[e] for e in dict.fromkeys(self.events) if e in _EVENT_NOTES]
        return ", ".join([f"{self.spaces} {self.direction}", *notes])


_EVENT_NOTES = {"edge": "slid east", "storm": "storm north", "hop": "hopped a ship",
                "mermaid": "mermaids", "tide": "tide", "shore": "ashore",
                "becalmed": "becalmed", "blocked": "stopped short"}
Plan = tuple[Leg, ...]


def plan_label(plan: Plan) -> str:
    """A plan for people: "stay" when the ship did not move, else its legs."""
    return "; ".join(leg.label() for leg in plan) or "stay"


def _leg(direction: str, spaces: int, move: Move) -> tuple[Leg, ...]:
    return (Leg(direction, spaces, move.events),) if move.moved else ()


def ritual_moves(board: Board, sea: Sea, ship: str, rounds: int = 2, *, compass: bool = False,
                 match: bool = True) -> dict[Space, Plan]:
    """Where a hoodoo ritual can take `ship` (l.318-326): each round one soul moves it one
    space south or west (any one direction with the compass, l.530), one more with a colour
    match; the direction may change only between rounds. Other ships stay put.

    Returns each reachable end space with one plan that reaches it (see `Leg`).
    """
    directions = tuple(DIRECTIONS) if compass else ("S", "W")
    lengths = (1, 2) if match else (1,)
    plans: dict[Space, Plan] = {sea.ships[ship]: ()} if becalmed(board, sea, ship) else {}
    frontier: list[tuple[Sea, Plan]] = [(sea, ())]
    for _ in range(rounds):
        nxt: list[tuple[Sea, Plan]] = []
        for state, plan in frontier:
            if board.is_shore(state.ships[ship]):
                continue
            for d in directions:
                for n in lengths:
                    move = sail(board, state, ship, d, n)
                    step_plan = (*plan, *_leg(d, n, move))
                    plans.setdefault(move.end, step_plan)
                    nxt.append((apply(state, move), step_plan))
        frontier = nxt
    return plans


BARREL_MOVES = ("Stars",)
"""Barrel magic that moves a ship; like all barrel magic, not in the harbour (l.514-518)."""


def reachable(board: Board, sea: Sea, ship: str, card: str, *, compass: bool = False,
              match: bool = True) -> dict[Space, Plan]:
    """The spaces `ship` can end on with `card` this turn, each with one plan reaching it.

    Action cards (l.199-205): `#oodoo` (both ritual rounds), `Tix` (the conjurer moves one
    space south or west, opposite to its victim's north or east); Jax, Tok, Take and Poppet
    do not move the ship. Barrel and Object magic: `Stars` (up to two spaces in one of the
    directions on harbour space 1, l.433), `Ghost Whisper` (one space any way, l.393).
    Tix and barrel magic cannot be worked in the harbour (l.514-518): from there the answer
    is empty.
    """
    start = sea.ships[ship]
    if card == "#oodoo":
        return ritual_moves(board, sea, ship, 2, compass=compass, match=match)
    options: Iterable[tuple[str, int]]
    if card in ("Tix", *BARREL_MOVES) and in_harbour(board, sea, ship):
        return {}
    if card == "Tix":
        options = [("S", 1), ("W", 1)]
    elif card == "Stars":
        options = [(d, n) for d in board.stars_directions for n in (1, 2)]
    elif card == "Ghost Whisper":
        options = [(d, 1) for d in DIRECTIONS]
    elif card in ("Jax", "Tok", "Take", "Poppet"):
        return {start: ()}
    else:
        raise ValueError(f"unknown card {card!r}")
    plans: dict[Space, Plan] = {}
    for d, n in options:
        move = sail(board, sea, ship, d, n)
        plans.setdefault(move.end, _leg(d, n, move))
    return plans


def tix(board: Board, sea: Sea, conjurer: str, victim: str, direction: str
        ) -> tuple[Move, Move] | None:
    """Tix (l.352): the victim's ship moves first, one space `direction` (N or E), then the
    conjurer's one space the opposite way. None if either ship cannot move at all, or if
    either is in the harbour (l.514-518)."""
    if direction not in ("N", "E"):
        raise ValueError("Tix moves the victim north or east")
    if in_harbour(board, sea, conjurer) or in_harbour(board, sea, victim):
        return None  # no Tix by or on a ship in the harbour (l.514-518)
    first = sail(board, sea, victim, direction, 1)
    if not first.moved:
        return None
    first = replace(first, passed=())  # a possessed ship boards nobody (l.498)
    after = apply(sea, first)
    second = sail(board, after, conjurer, OPPOSITE[direction], 1)
    if not second.moved:
        return None
    return first, second


def tide_drift(board: Board, sea: Sea, ship: str) -> Move:
    """Where the tide carries a ship standing in tidal waters while it runs OUT (l.180)."""
    pos = sea.ships[ship]
    if sea.tide != "OUT" or not board.tidal(pos):
        return Move(ship, pos, pos)
    return sail(board, sea, ship, board.tide_arrow, 1, tide=False)


def dawn_tide(board: Board, sea: Sea) -> tuple[Sea, list[Move]]:
    """Dawn switches the tide (l.168); turning IN to OUT moves ships in tidal waters at once,
    in turn order (the order of `sea.ships`)."""
    turned = replace(sea, tide="OUT" if sea.tide == "IN" else "IN")
    moves: list[Move] = []
    if turned.tide == "OUT":
        for ship in list(turned.ships):
            move = tide_drift(board, turned, ship)
            if move.moved:
                moves.append(move)
                turned = apply(turned, move)
    return turned, moves


def turn_wind(board: Board, sea: Sea, quarters: int) -> tuple[Sea, list[Move]]:
    """Turn the vane `quarters` clockwise (l.190, l.318) and resolve, in turn order, the ships
    caught on haunted spaces: Storm blows them one space north, Mermaid's Breath carries them
    one space the way they face (l.147) and takes the toll."""
    order = board.wind
    wind = order[(order.index(sea.wind) + quarters) % len(order)]
    turned = replace(sea, wind=wind)
    moves: list[Move] = []
    if quarters % len(order) == 0 or wind not in (STORM, MERMAIDS):
        return turned, moves
    for ship in list(turned.ships):
        pos = turned.ships[ship]
        if board.is_shore(pos) or not board.haunted(pos, turned.sea_tiles):
            continue
        if wind == STORM:
            if ship in turned.storm_riders:
                continue
            move = sail(board, turned, ship, "N", 1)
        else:
            move = sail(board, turned, ship, turned.facing.get(ship, "W"), 1)
            move = replace(move, events=("mermaid", *move.events))
        moves.append(move)
        turned = apply(turned, move)
    return turned, moves


def broadside_targets(board: Board, sea: Sea, ship: str, *, cursed: bool = False
                      ) -> list[str]:
    """Ships a broadside can reach (l.453-486): up to two spaces straight out from either side
    (a ship facing W fires N and S; facing S fires E and W), only the nearer ship on a side,
    none from or into the harbour or the Kraken's eight neighbours. A Cursed Pirate fires
    all four ways (l.703)."""
    key = ("broadside", ship, cursed)
    got = sea.memo.get(key)
    if got is None or got[0] is not board:
        got = sea.memo[key] = (board, tuple(_broadside_targets(board, sea, ship, cursed)))
    return list(got[1])


def _broadside_targets(board: Board, sea: Sea, ship: str, cursed: bool) -> list[str]:
    pos = sea.ships[ship]

    def sheltered(space: Space) -> bool:
        if not board.in_sea(space):
            return True
        if sea.kraken is not None and space in board.neighbours(sea.kraken):
            return True
        return False

    if board.is_shore(pos) or sheltered(pos):
        return []
    facing = sea.facing.get(ship, "W")
    sides = ORTHOGONAL if cursed else (("N", "S") if facing in ("W", "E") else ("E", "W"))
    targets: list[str] = []
    for side in sides:
        space = pos
        for _ in range(2):
            space = board.step(space, side)
            if not board.is_space(space):
                break
            other = sea.at(space, but=ship)
            if other is not None:
                if not sheltered(space):
                    targets.append(other)
                break
    return targets
