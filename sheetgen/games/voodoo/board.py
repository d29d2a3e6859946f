"""The Sea of Souls as data: spaces, values, calm and haunted water, harbour, tidal column, shore.

The source (../shared/seeds/voodoo-pirate.txt) describes its board only in words, so the
geometry lives in a YAML file (`data/sea_of_souls.yaml`) and everything the words state is
checked when it is loaded, each fault reported at the file position of the value:

- every space is worth 1 to 13 (seed l.65), one step west or south is worth one more (l.314),
  so a value is constant along each north-west/south-east diagonal (l.550: "any space on the
  '8' diagonal");
- the red-bordered sea holds 28 squares from the harbour limits to the tidal waters (l.178);
- the harbour has six spaces, the back three worth 1 and 2 (l.510-512), and opens onto the sea;
- the tidal row lies by the Voodoo Shore (l.180), which can be reached from the harbour.

Coordinates are `(column, row)`, column 0 the westmost, row 0 the northmost. The board model
answers questions about places only; movement lives in `sheetgen.games.voodoo.sea`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.layout.source import Located, PathKey, load_yaml, located, parse_yaml

Space = tuple[int, int]
"""(column, row): column 0 is the westmost, row 0 the northmost."""

DATA_DIR = Path(__file__).parent / "data"
BOARD_FILE = DATA_DIR / "sea_of_souls.yaml"

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "E": (1, 0), "SE": (1, 1),
    "S": (0, 1), "SW": (-1, 1), "W": (-1, 0), "NW": (-1, -1),
}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E",
            "NE": "SW", "SW": "NE", "NW": "SE", "SE": "NW"}

KIND_LETTERS = {"~": "tidal", ".": "calm", "h": "haunted", "M": "map", "H": "harbour",
                "#": "land"}
SEA_SQUARES = 28          # seed l.178
HARBOUR_SPACES = 6        # seed l.510
MAX_VALUE = 13            # seed l.65
WIND_CONDITIONS = ("Fair Wind", "Becalmed", "Mermaid's Breath", "Storm")  # seed l.216-232
BARRELS = ("Tide", "Sea", "Wind", "Stars", "Moon", "Sand", "Bones", "KRKN")  # seed l.23
MOONLIGHT_BARRELS = ("Tide", "Sea", "Wind", "Stars")  # west to east, seed l.135, l.617
DUSK_BARRELS = ("KRKN", "Bones", "Sand", "Moon")     # west to east, seed l.403-417, l.617

_KEYS = {"format": True, "name": True, "values": True, "kinds": True, "shore": True,
         "tide_arrow": True, "harbour_order": True, "stars_directions": True, "wind": True,
         "start_wind": True, "start_tide": True, "colonial_ships": True, "lunar_track": True,
         "ritual_grid": True, "barrels": True, "sea_tiles": True}


@dataclass(frozen=True)
class Board:
    """A validated Sea of Souls board. Build it with `load_board` or `parse_board`."""

    name: str
    columns: int
    rows: int
    value_of: dict[Space, int]
    kind_of: dict[Space, str]
    shore: str
    tide_arrow: str
    harbour_order: tuple[Space, ...]
    stars_directions: tuple[str, ...]
    wind: tuple[str, ...]
    start_wind: str
    start_tide: str
    colonial_start: int
    colonial_min: int
    colonial_max: int
    lunar_track: int
    ritual_grid: int
    moonlight_barrels: tuple[str, ...]
    dusk_barrels: tuple[str, ...]
    sea_tiles: int

    # --- places --------------------------------------------------------------------------
    def spaces(self) -> Iterator[Space]:
        """Every space a ship may stand on (sea, tidal, maps, harbour), north-west first."""
        for row in range(self.rows):
            for col in range(self.columns):
                if self.kind_of.get((col, row), "land") != "land":
                    yield (col, row)

    def is_space(self, space: Space) -> bool:
        return self.kind_of.get(space, "land") != "land"

    def is_shore(self, space: Space) -> bool:
        """A landing on the Voodoo Shore: one step shoreward of a tidal square."""
        return space in self._shore_set

    @cached_property
    def step_memo(self) -> dict:
        """Where a ship goes from a space in a direction (`sea._advance`), filled as asked:
        the board never changes, so each answer is worked out once."""
        return {}

    @cached_property
    def _shore_set(self) -> frozenset[Space]:
        """Every shore landing, computed once (movement asks `is_shore` at every step)."""
        back = OPPOSITE[self.shore]
        return frozenset(s for s in (self.step(t, self.shore) for t in self.spaces()
                                     if self.tidal(t))
                         if not self.is_space(s) and self.tidal(self.step(s, back)))

    def shore_landings(self) -> list[Space]:
        return [self.step(s, self.shore) for s in self.spaces() if self.tidal(s)]

    def value(self, space: Space) -> int:
        """A space's value; a ship on the Voodoo Shore keeps the value of the tidal square it
        landed from (sheetgen's design: the source values only sea spaces, 1 to 13)."""
        if space in self.value_of:
            return self.value_of[space]
        if self.is_shore(space):
            return self.value_of[self.step(space, OPPOSITE[self.shore])]
        raise KeyError(space)

    def kind(self, space: Space) -> str:
        return self.kind_of.get(space, "land")

    def in_sea(self, space: Space) -> bool:
        """True for the red-bordered Sea of Souls (everything but harbour and land)."""
        return self.kind(space) in ("calm", "haunted", "map", "tidal")

    def sea(self) -> list[Space]:
        return [s for s in self.spaces() if self.in_sea(s)]

    def haunted(self, space: Space, sea_tiles: frozenset[Space] = frozenset()) -> bool:
        """Is the water haunted? A Sea Tile turns the space beneath it the other way
        (sheetgen's design: the source gives the tiles no effect)."""
        base = self.kind(space) == "haunted"
        return (not base) if space in sea_tiles else base

    def tidal(self, space: Space) -> bool:
        return self.kind(space) == "tidal"

    def harbour(self) -> list[Space]:
        return [s for s in self.spaces() if self.kind(s) == "harbour"]

    def back_row(self) -> list[Space]:
        """The harbour's back three spaces (values 1 and 2): ships starting there raise
        their Voodoo Power die by one (seed l.85, l.512)."""
        return [s for s in self.harbour() if self.value(s) <= 2]

    def maps(self) -> list[Space]:
        return [s for s in self.spaces() if self.kind(s) == "map"]

    def diagonal(self, value: int) -> list[Space]:
        """The spaces worth `value`, north-west to south-east: "the 8 diagonal" (l.550)."""
        return sorted((s for s in self.spaces() if self.value(s) == value),
                      key=lambda s: (s[1], s[0]))

    def step(self, space: Space, direction: str) -> Space:
        dc, dr = DIRECTIONS[direction]
        return (space[0] + dc, space[1] + dr)

    def neighbours(self, space: Space) -> list[Space]:
        """The up-to-eight spaces around `space` (the Kraken's and Silent Oars' reach)."""
        return [n for d in DIRECTIONS if self.is_space(n := self.step(space, d))]

    def stars_space(self) -> Space:
        """Harbour space 1, which shows the Stars barrel's directions (seed l.433)."""
        return next(s for s in self.harbour() if self.value(s) == 1)


def ritual_numbering(size: int) -> dict[tuple[int, int], int]:
    """Number a size x size ritual grid: round the edge clockwise from the south-east corner,
    then each inner ring the same way (the Cursed Pirates' placing order, seed l.674)."""
    numbers: dict[tuple[int, int], int] = {}
    n = 1
    lo, hi = 0, size - 1
    while lo <= hi:
        if lo == hi:
            numbers[(lo, lo)] = n
            break
        ring: list[tuple[int, int]] = []
        ring += [(c, hi) for c in range(hi, lo, -1)]      # south edge, east to west
        ring += [(lo, r) for r in range(hi, lo, -1)]      # west edge, south to north
        ring += [(c, lo) for c in range(lo, hi)]          # north edge, west to east
        ring += [(hi, r) for r in range(lo, hi)]          # east edge, north to south
        for cell in ring:
            numbers[cell] = n
            n += 1
        lo, hi = lo + 1, hi - 1
    return numbers


# --- loading and validation ----------------------------------------------------------------
def load_board(path: str | Path | None = None) -> Board:
    """Read and validate a board file (the bundled Sea of Souls by default)."""
    path = Path(path) if path is not None else BOARD_FILE
    return _validate(located(load_yaml(path), str(path)))


def parse_board(text: str, source: str = "<board>") -> Board:
    return _validate(located(parse_yaml(text, source), source))


@cache
def default_board() -> Board:
    """The bundled Sea of Souls, loaded once."""
    return load_board()


def _fail(doc: Located, path: PathKey, message: str, hint: str | None = None) -> SheetgenError:
    return doc.error(path, message, hint)


def _int(doc: Located, path: PathKey, value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(doc, path, f"{what} must be a whole number, got {value!r}")
    if not lo <= value <= hi:
        raise _fail(doc, path, f"{what} must be between {lo} and {hi}, got {value}")
    return value


def _direction(doc: Located, path: PathKey, value: Any, allowed: tuple[str, ...]) -> str:
    if value not in allowed:
        raise _fail(doc, path, f"unknown direction {value!r}",
                    hint=did_you_mean(str(value), allowed) or f"one of {', '.join(allowed)}")
    return value


def _validate(doc: Located) -> Board:
    data = doc.data
    if not isinstance(data, dict):
        raise _fail(doc, (), "a board file must be a mapping", hint="start with 'format:'")
    for key in data:
        if key not in _KEYS:
            raise _fail(doc, (key,), f"unknown key '{key}' in the board",
                        hint=did_you_mean(str(key), _KEYS))
    for key in _KEYS:
        if key not in data:
            raise _fail(doc, (), f"the board lacks '{key}'", hint=f"add '{key}:'")
    if data["format"] != "voodoo-board/1":
        raise _fail(doc, ("format",), f"unknown board format {data['format']!r}",
                    hint="expected 'voodoo-board/1'")

    values, kinds = data["values"], data["kinds"]
    if not isinstance(values, list) or not values or not all(isinstance(r, list) for r in values):
        raise _fail(doc, ("values",), "values must be a list of rows (lists of numbers)")
    rows, columns = len(values), len(values[0])
    for r, row in enumerate(values):
        if len(row) != columns:
            raise _fail(doc, ("values", r), f"row {r} has {len(row)} spaces, row 0 has {columns}",
                        hint="every row lists the same number of columns (null for land)")
    if not isinstance(kinds, list) or len(kinds) != rows:
        raise _fail(doc, ("kinds",), f"kinds must be {rows} strings, one per row of values")
    kind_of: dict[Space, str] = {}
    value_of: dict[Space, int] = {}
    for r, line in enumerate(kinds):
        letters = line.split() if isinstance(line, str) else None
        if letters is None or len(letters) != columns:
            raise _fail(doc, ("kinds", r), f"row {r} of kinds must give {columns} letters "
                        "separated by spaces")
        for c, letter in enumerate(letters):
            if letter not in KIND_LETTERS:
                raise _fail(doc, ("kinds", r), f"row {r}, column {c}: unknown letter "
                            f"{letter!r}", hint="letters: " + ", ".join(
                                f"{k} {v}" for k, v in KIND_LETTERS.items()))
            kind_of[(c, r)] = KIND_LETTERS[letter]
            raw = values[r][c]
            if KIND_LETTERS[letter] == "land":
                if raw is not None:
                    raise _fail(doc, ("values", r, c), f"land at column {c}, row {r} has a "
                                f"value ({raw})", hint="write null for land")
                continue
            value_of[(c, r)] = _int(doc, ("values", r, c), raw,
                                    f"the value at column {c}, row {r}", 1, MAX_VALUE)

    # A value is constant along each NW-SE diagonal and rises by one west or south.
    for (c, r), v in value_of.items():
        for nb, delta, how in (((c - 1, r), 1, "west"), ((c, r + 1), 1, "south"),
                               ((c + 1, r + 1), 0, "south-east (same diagonal)")):
            if nb in value_of and value_of[nb] != v + delta:
                raise _fail(doc, ("values", nb[1], nb[0]),
                            f"the space at column {nb[0]}, row {nb[1]} is worth "
                            f"{value_of[nb]}, but one step {how} of a {v} must be worth "
                            f"{v + delta}", hint="values run 1..13 and stay the same along "
                            "each north-west to south-east diagonal")
    present = set(value_of.values())
    for v in (1, MAX_VALUE):
        if v not in present:
            raise _fail(doc, ("values",), f"no space is worth {v}",
                        hint="the board's values run from 1 (harbour) to 13")

    board_kinds = {s: k for s, k in kind_of.items()}
    sea = [s for s, k in board_kinds.items() if k in ("calm", "haunted", "map", "tidal")]
    harbour = [s for s, k in board_kinds.items() if k == "harbour"]
    if len(harbour) != HARBOUR_SPACES:
        raise _fail(doc, ("kinds",), f"the harbour has {len(harbour)} spaces; the rules "
                    f"give {HARBOUR_SPACES}")
    back = sorted(value_of[s] for s in harbour if value_of[s] <= 2)
    if len(back) != 3:
        raise _fail(doc, ("values",), f"the harbour has {len(back)} spaces worth 1 or 2; "
                    "its back three must be worth 1 and 2")
    if sum(1 for s in harbour if value_of[s] == 1) != 1:
        raise _fail(doc, ("values",), "the harbour needs exactly one space worth 1 "
                    "(harbour space 1 shows the Stars directions)")
    maps = [s for s, k in board_kinds.items() if k == "map"]
    if len(maps) != 2:
        raise _fail(doc, ("kinds",), f"the board has {len(maps)} map spaces; the rules give 2")

    # Harbour connected to the sea; shore beside the tidal column; shore reachable.
    shore = _direction(doc, ("shore",), data["shore"], ("N", "E", "S", "W"))
    arrow = _direction(doc, ("tide_arrow",), data["tide_arrow"], tuple(DIRECTIONS))
    if arrow != shore:
        raise _fail(doc, ("tide_arrow",), "the tidal arrows must point at the Voodoo Shore")
    dc, dr = DIRECTIONS[shore]
    for s, k in board_kinds.items():
        beyond = (s[0] + dc, s[1] + dr)
        off_board = not (0 <= beyond[0] < columns and 0 <= beyond[1] < rows)
        if k == "tidal" and not off_board:
            raise _fail(doc, ("kinds", s[1]), f"the tidal square at column {s[0]}, row {s[1]} "
                        "is not on the shore's edge", hint="tidal waters lie by the shore")
        if k != "land" and k != "tidal" and off_board:
            raise _fail(doc, ("kinds", s[1]), f"column {s[0]}, row {s[1]} touches the Voodoo "
                        "Shore but is not tidal", hint="the row by the shore is tidal water")
    if not any(k == "tidal" for k in board_kinds.values()):
        raise _fail(doc, ("kinds",), "the board has no tidal waters by the Voodoo Shore")
    reach = _reachable(set(harbour), set(harbour) | set(sea), columns, rows)
    if not reach & set(sea):
        raise _fail(doc, ("kinds",), "the harbour does not open onto the sea",
                    hint="put a sea square next to a harbour space")
    unreachable = [s for s in sea if s not in reach]
    if unreachable:
        c, r = unreachable[0]
        raise _fail(doc, ("kinds", r), f"the sea square at column {c}, row {r} cannot be "
                    "reached from the harbour")
    if not any(board_kinds[s] == "tidal" for s in reach):
        raise _fail(doc, ("kinds",), "the Voodoo Shore cannot be reached from the harbour")
    if len(sea) != SEA_SQUARES:
        raise _fail(doc, ("kinds",), f"the Sea of Souls has {len(sea)} squares; the rules "
                    f"give {SEA_SQUARES}", hint="count tidal, calm, haunted and map squares")

    order_raw = data["harbour_order"]
    if not isinstance(order_raw, list):
        raise _fail(doc, ("harbour_order",), "harbour_order must list [column, row] pairs")
    order: list[Space] = []
    for i, pair in enumerate(order_raw):
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(v, int) for v in pair)):
            raise _fail(doc, ("harbour_order", i), "each entry is [column, row]")
        space = (pair[0], pair[1])
        if board_kinds.get(space) != "harbour":
            raise _fail(doc, ("harbour_order", i), f"{list(space)} is not a harbour space")
        if space in order:
            raise _fail(doc, ("harbour_order", i), f"{list(space)} is listed twice")
        order.append(space)
    if len(order) != len(harbour):
        raise _fail(doc, ("harbour_order",), f"harbour_order lists {len(order)} spaces; "
                    f"the harbour has {len(harbour)}")

    stars = data["stars_directions"]
    if not isinstance(stars, list) or not stars:
        raise _fail(doc, ("stars_directions",), "stars_directions must list directions")
    for i, d in enumerate(stars):
        _direction(doc, ("stars_directions", i), d, tuple(DIRECTIONS))
        if d in stars[:i]:
            raise _fail(doc, ("stars_directions", i), f"{d} is listed twice")
    wind = data["wind"]
    if not isinstance(wind, list) or sorted(map(str, wind)) != sorted(WIND_CONDITIONS):
        raise _fail(doc, ("wind",), "wind must list the four sea conditions once each",
                    hint=", ".join(WIND_CONDITIONS))
    if data["start_wind"] not in wind:
        raise _fail(doc, ("start_wind",), f"unknown sea condition {data['start_wind']!r}",
                    hint=did_you_mean(str(data["start_wind"]), wind))
    if data["start_tide"] not in ("IN", "OUT"):
        raise _fail(doc, ("start_tide",), "start_tide must be IN or OUT")
    col = data["colonial_ships"]
    if not isinstance(col, dict) or set(col) != {"start", "min", "max"}:
        raise _fail(doc, ("colonial_ships",), "colonial_ships needs start, min and max")
    cmin = _int(doc, ("colonial_ships", "min"), col["min"], "colonial_ships.min", 0, 12)
    cmax = _int(doc, ("colonial_ships", "max"), col["max"], "colonial_ships.max", cmin, 12)
    cstart = _int(doc, ("colonial_ships", "start"), col["start"], "colonial_ships.start",
                  cmin, cmax)
    barrels = data["barrels"]
    if not isinstance(barrels, dict) or set(barrels) != {"moonlight", "dusk"}:
        raise _fail(doc, ("barrels",), "barrels needs a 'moonlight' and a 'dusk' row")
    for row in ("moonlight", "dusk"):
        if not isinstance(barrels[row], list):
            raise _fail(doc, ("barrels", row), f"barrels.{row} must be a list of barrels",
                        hint=", ".join(BARRELS))
    listed = [b for row in ("moonlight", "dusk") for b in barrels[row]]
    if sorted(map(str, listed)) != sorted(BARRELS):
        raise _fail(doc, ("barrels",), "the barrels must be the eight of the rules, once each",
                    hint=", ".join(BARRELS))
    for row, fixed in (("moonlight", MOONLIGHT_BARRELS), ("dusk", DUSK_BARRELS)):
        got = tuple(map(str, barrels[row]))
        if sorted(got) != sorted(fixed) or (got[0], got[-1]) != (fixed[0], fixed[-1]):
            raise _fail(doc, ("barrels", row), f"barrels.{row} must hold "
                        f"{', '.join(fixed[1:-1])} between {fixed[0]} (west) and {fixed[-1]} "
                        "(east)", hint="the rules conjure Tide, Sea, Wind and Stars by "
                        "moonlight and the rest at Dusk; the Cursed Pirates' figures start on "
                        "Stars and Moon and walk west to Tide and KRKN")
    if not isinstance(data["name"], str):
        raise _fail(doc, ("name",), "name must be text")

    return Board(
        name=data["name"], columns=columns, rows=rows, value_of=value_of, kind_of=kind_of,
        shore=shore, tide_arrow=arrow, harbour_order=tuple(order),
        stars_directions=tuple(stars), wind=tuple(wind), start_wind=data["start_wind"],
        start_tide=data["start_tide"], colonial_start=cstart, colonial_min=cmin,
        colonial_max=cmax,
        lunar_track=_int(doc, ("lunar_track",), data["lunar_track"], "lunar_track", 2, 30),
        ritual_grid=_int(doc, ("ritual_grid",), data["ritual_grid"], "ritual_grid", 2, 8),
        moonlight_barrels=tuple(barrels["moonlight"]), dusk_barrels=tuple(barrels["dusk"]),
        sea_tiles=_int(doc, ("sea_tiles",), data["sea_tiles"], "sea_tiles", 0, 8),
    )


def _reachable(start: set[Space], allowed: set[Space], columns: int, rows: int) -> set[Space]:
    """Spaces reached from `start` by orthogonal steps through `allowed`."""
    seen = set(start)
    queue = deque(start)
    while queue:
        c, r = queue.popleft()
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nb = (c + dc, r + dr)
            if nb in allowed and nb not in seen:
                seen.add(nb)
                queue.append(nb)
    return seen
