"""The Cursed Pirates (automa, seed l.612-720): every decision they take, as pure functions.

The referee (`game.VoodooState`) plays a Cursed Pirate's part itself, without asking any
player: these functions say what the automa does in a position, and the referee applies it.
A Cursed Pirate never is `to_move()`; only the chance steps its actions need (a soul from the
bag, its next Action card) stop the flow. Each function names the rule it follows:

- V43 setup: two poppets, two Object cards (skull first, one more on top), its die rolled for
  its power, placed in the first empty harbour square of the board's order (l.616-652);
- V44 its shuffled Action deck: turn the top card at Dusk; Tix or Tok in the harbour, Jax
  with six souls, Poppet with three poppets are skipped (l.622, l.715-716);
- V47 direction: at right angles to its facing (W when facing N-S, S when facing E-W) unless
  the other way scores more; with the compass SW, ending facing W (l.656-662);
- V48 ritual souls: the lowest-numbered grid square that makes a match, preferring its
  highest-stored soul, else the lowest-numbered soul that matches; no match: the soul from
  its highest space in the lowest-numbered empty square (l.646-648, l.674-678);
- V49 Take: two coins (Mermaids' then Spanish; a store with none gives a soul, then a
  poppet), plus a poppet with none and a soul with none (l.682-687, l.713-718);
- V50 boarding: compass, coin, soul, poppet, object (l.691-699);
- V52 the playing aid, row by row (l.711-720).
"""

from __future__ import annotations

from .core import HOLD_LIMIT, Core, Geometry, soul_room
from .sea import Sea, sail, tix

BOARD_PREFERENCE = ("compass", "coin", "soul", "poppet", "object")   # l.691-697


def harbour_space(geo: Geometry, c: Core) -> tuple[int, int]:
    """V43: the first empty harbour square in the board's printed order (l.628)."""
    taken = set(p for p in c.pos if p is not None)
    return next(s for s in geo.board.harbour_order if s not in taken)


def parrot(c: Core) -> int:
    """Which parrot a Cursed Pirate holding the Sun moves: the one further back (first on a
    tie). The source does not say (sheetgen's reading: the automa neither hurries nor
    slows the end; moving the rear parrot keeps the longest game)."""
    a, b = c.parrots
    return 0 if a <= b else 1


def skip_card(geo: Geometry, c: Core, seat: int, card: str) -> bool:
    """V44/V52: turn over the next card instead of this one? Tix or Tok in the harbour
    (l.622), Jax with no space for souls (l.715), Poppet with no space for a poppet: three
    already, or the holds full (l.716, l.574)."""
    if card in ("Tix", "Tok") and c.pos[seat] in geo.harbour:
        return True
    if card == "Jax" and soul_room(c, seat) <= 0:
        return True
    if card == "Poppet" and (c.poppets[seat] >= 3
                             or c.poppets[seat] + len(c.objects[seat]) >= HOLD_LIMIT):
        return True   # "no space on ship": three poppets, or the holds full (l.574)
    return False


def direction(geo: Geometry, sea: Sea, seat: int, facing: str, compass: bool,
              spaces: int) -> str:
    """V47: W when facing N-S (facing S), S when facing E-W (facing W), unless the other
    way ends on a more valuable space; with the compass always SW (l.656-662)."""
    if compass:
        return "SW"
    board = geo.board
    rule = "W" if facing in ("N", "S") else "S"
    other = "S" if rule == "W" else "W"
    ends = {d: sail(board, sea, seat, d, spaces).end for d in (rule, other)}
    return other if board.value(ends[other]) > board.value(ends[rule]) else rule


def ritual_soul(geo: Geometry, grid: tuple[int, ...], souls: tuple[int, ...]
                ) -> tuple[int, int, bool]:
    """V48: (index into `souls`, grid cell index, match?) for the soul a Cursed Pirate
    places. Cells are indexed by ritual number - 1, so 'lowest numbered' is lowest index."""
    def match_cells(colour: int) -> list[int]:
        return [i for i, v in enumerate(grid) if v < 0
                and any(grid[j] == colour for j in geo.grid_adjacent[i])]

    top = len(souls) - 1
    cells = match_cells(souls[top])
    if cells:
        return top, cells[0], True
    for idx, colour in enumerate(souls):   # the lowest-numbered soul that matches
        cells = match_cells(colour)
        if cells:
            return idx, cells[0], True
    empty = next(i for i, v in enumerate(grid) if v < 0)
    return top, empty, False


def tok_colour(c: Core, seat: int, victims: list[int]) -> int | None:
    """V52 Tok: the colour it owns that brings the most souls (grid and victims), the first
    owned in storage order on a tie; None when no owned colour is anywhere to be had."""
    best, best_n = None, 0
    for colour in dict.fromkeys(c.souls[seat]):
        n = sum(1 for v in c.grid if v == colour)
        n += sum(c.souls[v].count(colour) for v in victims)
        if n > best_n:
            best, best_n = colour, n
    return best


def tix_choice(geo: Geometry, c: Core, sea: Sea, seat: int, victims: list[int],
               facing: str) -> tuple[int, str] | None:
    """V52 Tix: the victim (no GriGri) on the most valuable space, further west on a tie;
    the direction whose move scores the Cursed Pirate more, else V47's at right angles.
    None if no victim can be moved with the Cursed Pirate moving too."""
    board = geo.board
    ranked = sorted(victims, key=lambda v: (-board.value(c.pos[v]), c.pos[v][0], v))
    rule = "E" if facing in ("N", "S") else "N"   # it then moves W, resp. S
    for victim in ranked:
        options = []
        for d in ("N", "E"):
            moves = tix(board, sea, seat, victim, d)
            if moves is not None:
                options.append((board.value(moves[1].end), d == rule, d))
        if options:
            options.sort(reverse=True)
            return victim, options[0][2]
    return None


def board_item(c: Core, victim: int) -> str | None:
    """V50: what a Cursed Pirate steals when boarding, in order of preference."""
    for item in BOARD_PREFERENCE:
        if item == "compass" and c.compass == victim:
            return "compass"
        if item == "coin" and c.coins[victim] > 0:
            return "coin"
        if item == "soul" and c.souls[victim]:
            return "soul"
        if item == "poppet" and c.poppets[victim] > 0:
            return "poppet"
        if item == "object" and c.objects[victim]:
            return "object"
    return None


def take_items(c: Core, seat: int) -> list[str]:
    """V49: what a Cursed Pirate takes with Take: a coin from each store (a store with none
    gives a soul from the bag instead, then a poppet), plus a poppet if it has none and a
    soul if it has none (l.682-687, l.718)."""
    items: list[str] = []
    stores = {"mermaids": c.mermaids, "spanish": c.spanish}
    bag = sum(c.bag)
    for store in ("mermaids", "spanish"):
        if stores[store] > 0:
            stores[store] -= 1
            items.append(store)
        elif bag > 0:
            bag -= 1
            items.append("bag")
        else:
            items.append("poppet")
    if c.poppets[seat] == 0:
        items.append("poppet")
    if not c.souls[seat]:
        items.append("bag")
    return items
