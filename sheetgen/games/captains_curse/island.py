"""The island model: spaces, sink lines, and the file format `captains-curse-island/1`.

An `Island` is what the engine needs from a sheet's map: which symbol each space shows,
which spaces touch the centre (R3), and which dotted lines can sink which spaces (R11, R12).
Geometry (polygons, paths) rides along for the renderer and is ignored by the rules.

`load_island` reads YAML or JSON and points at `file:line:column` for structural faults;
`validate_island` checks what depends on the rules (symbol counts, R2) and what needs the
whole island (laminar regions and coverage, R12; a non-empty ring, R3; ends that can become
wet, R11). Generated and hand-made islands go through exactly the same code.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from sheetgen.assets.scripts import check_printable
from sheetgen.errors import Position, SheetgenError, did_you_mean

from .ruleset import N_COLUMNS, Ruleset
from .source import Located, PathKey, check_keys, load_document

NAME_FONT = "display"
"""The face the island sheet sets the island's name in."""
PLACE_FONT = "serif-italic"
"""The face the map sets place names in."""

ISLAND_FORMAT = "captains-curse-island/1"

Point = tuple[float, float]


@dataclass(frozen=True)
class Space:
    """One island space: the symbol printed in it and whether it touches the centre (R3)."""

    id: str
    symbol: str
    ring: bool = False
    polygon: tuple[Point, ...] | None = None
    place: str | None = None


@dataclass(frozen=True)
class SinkLine:
    """A dotted line (R11): choosing it sinks its seaward `region`.

    `ends` holds two tuples of space ids: an empty tuple is an end on the coast (always wet);
    otherwise the end becomes wet as soon as any listed space has sunk.
    """

    id: str
    region: tuple[str, ...]
    ends: tuple[tuple[str, ...], tuple[str, ...]]
    path: tuple[Point, ...] | None = None


@dataclass(frozen=True)
class Island:
    """A whole island. `symbols` is the column order, left to right (column i = symbols[i]).

    `source` and `positions` remember where a loaded island came from so that validation can
    point into the file; they take no part in equality.
    """

    name: str
    seed: int | None
    symbols: tuple[str, ...]
    spaces: tuple[Space, ...]
    sink_lines: tuple[SinkLine, ...]
    source: str = field(default="<island>", compare=False, repr=False)
    positions: dict[PathKey, Position] = field(default_factory=dict, compare=False,
                                               repr=False, hash=False)

    # Derived tables, computed once: the engine works with indices and bitmasks.
    @cached_property
    def space_index(self) -> dict[str, int]:
        """Space id -> index into `spaces` (bit position in the engine's masks)."""
        return {s.id: i for i, s in enumerate(self.spaces)}

    @cached_property
    def line_index(self) -> dict[str, int]:
        """Sink line id -> index into `sink_lines`."""
        return {line.id: i for i, line in enumerate(self.sink_lines)}

    @cached_property
    def symbol_of_space(self) -> tuple[int, ...]:
        """Per space, the column index of its symbol."""
        col = {sym: i for i, sym in enumerate(self.symbols)}
        return tuple(col[s.symbol] for s in self.spaces)

    @cached_property
    def symbol_masks(self) -> tuple[int, ...]:
        """Per column, the bitmask of spaces showing that column's symbol."""
        masks = [0] * len(self.symbols)
        for i, c in enumerate(self.symbol_of_space):
            masks[c] |= 1 << i
        return tuple(masks)

    @cached_property
    def ring_mask(self) -> int:
        """Bitmask of centre-ring spaces (R3, R15)."""
        return sum(1 << i for i, s in enumerate(self.spaces) if s.ring)

    @cached_property
    def all_mask(self) -> int:
        return (1 << len(self.spaces)) - 1

    @cached_property
    def region_masks(self) -> tuple[int, ...]:
        """Per sink line, the bitmask of its region."""
        idx = self.space_index
        return tuple(sum(1 << idx[s] for s in set(line.region)) for line in self.sink_lines)

    @cached_property
    def end_masks(self) -> tuple[tuple[int, int], ...]:
        """Per sink line, per end, a bitmask of wetting spaces; 0 means on the coast (R11)."""
        idx = self.space_index
        return tuple(
            tuple(sum(1 << idx[s] for s in set(end)) for end in line.ends)  # type: ignore[misc]
            for line in self.sink_lines
        )

    def at(self, *path: Any) -> Position:
        """Where `path` (e.g. ("spaces", 3, "symbol")) is in the source file, if known."""
        return Located(None, self.source, self.positions).at(tuple(path))


# ---------------------------------------------------------------- dict <-> Island

_ISLAND_KEYS = {"format": True, "name": True, "seed": False, "symbols": True, "spaces": True,
                "sink_lines": True}
_SPACE_KEYS = {"id": True, "symbol": True, "ring": False, "polygon": False, "place": False}
_LINE_KEYS = {"id": True, "region": True, "ends": True, "path": False}


MAX_COORD = 1e6  # mm; island drawings are a few hundred across


def _coord(v: Any) -> bool:
    """A usable coordinate: a finite number of sane size (not NaN, not 400 digits long)."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return False
    try:
        return math.isfinite(float(v)) and abs(v) <= MAX_COORD
    except OverflowError:
        return False


def _points(doc: Located, path: PathKey, value: Any, what: str,
            minimum: int = 2) -> tuple[Point, ...] | None:
    if value is None:
        return None
    ok = isinstance(value, list) and all(
        isinstance(p, list) and len(p) == 2 and all(_coord(v) for v in p) for p in value)
    if not ok:
        raise SheetgenError(f"{what} must be a list of [x, y] points, each a finite number "
                            f"up to {MAX_COORD:g}", doc.at(path),
                            hint="e.g. [[0, 0], [10, 0], [5, 8]]")
    if len(value) < minimum:
        raise SheetgenError(f"{what} needs at least {minimum} points", doc.at(path))
    return tuple((float(p[0]), float(p[1])) for p in value)


def _id_list(doc: Located, path: PathKey, value: Any, known: dict[str, int], what: str,
             allow_empty: bool) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SheetgenError(f"{what} must be a list of space ids", doc.at(path))
    if not value and not allow_empty:
        raise SheetgenError(f"{what} is empty", doc.at(path),
                            hint="list the spaces this line sinks")
    seen: set[str] = set()
    for i, sid in enumerate(value):
        if not isinstance(sid, str) or sid not in known:
            raise SheetgenError(f"{what}[{i}]: unknown space id {sid!r}", doc.at((*path, i)),
                                hint=did_you_mean(str(sid), known) or "use an id from 'spaces'")
        if sid in seen:
            raise SheetgenError(f"{what}[{i}]: space {sid!r} listed twice", doc.at((*path, i)))
        seen.add(sid)
    return tuple(value)


def island_from_located(doc: Located) -> Island:
    """Build an Island from loaded data, checking structure and references."""
    data = check_keys(doc, (), doc.data, _ISLAND_KEYS, "island")
    if data["format"] != ISLAND_FORMAT:
        raise SheetgenError(f"unknown island format {data['format']!r}", doc.at(("format",)),
                            hint=f"expected '{ISLAND_FORMAT}'")
    name = data["name"]
    if not isinstance(name, str) or not name.strip():
        raise SheetgenError("name must be a non-empty string", doc.at(("name",)))
    check_printable(name, NAME_FONT, doc.at(("name",)), "the island name")
    seed = data.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise SheetgenError(f"seed must be an integer or null, got {seed!r}", doc.at(("seed",)))
    symbols = data["symbols"]
    if (not isinstance(symbols, list) or len(symbols) != N_COLUMNS
            or not all(isinstance(s, str) and s for s in symbols)):
        raise SheetgenError("symbols must list 6 symbol names, one per column",
                            doc.at(("symbols",)),
                            hint="e.g. [barrel, chest, skull, map, coins, rum]")
    if len(set(symbols)) != len(symbols):
        raise SheetgenError("symbols lists a name twice", doc.at(("symbols",)))

    raw_spaces = data["spaces"]
    if not isinstance(raw_spaces, list) or not raw_spaces:
        raise SheetgenError("spaces must be a non-empty list", doc.at(("spaces",)))
    spaces: list[Space] = []
    known: dict[str, int] = {}
    for i, raw in enumerate(raw_spaces):
        where = ("spaces", i)
        check_keys(doc, where, raw, _SPACE_KEYS, f"spaces[{i}]")
        sid = raw["id"]
        if not isinstance(sid, str) or not sid:
            raise SheetgenError(f"spaces[{i}].id must be a non-empty string",
                                doc.at((*where, "id")))
        if sid in known:
            raise SheetgenError(f"spaces[{i}].id {sid!r} is already used by spaces[{known[sid]}]",
                                doc.at((*where, "id")), hint="space ids must be unique")
        known[sid] = i
        symbol = raw["symbol"]
        if symbol not in symbols:
            raise SheetgenError(f"spaces[{i}].symbol {symbol!r} is not one of the symbols",
                                doc.at((*where, "symbol")),
                                hint=did_you_mean(str(symbol), symbols)
                                or f"symbols: {', '.join(symbols)}")
        ring = raw.get("ring", False)
        if not isinstance(ring, bool):
            raise SheetgenError(f"spaces[{i}].ring must be true or false",
                                doc.at((*where, "ring")))
        place = raw.get("place")
        if place is not None and not isinstance(place, str):
            raise SheetgenError(f"spaces[{i}].place must be a string", doc.at((*where, "place")))
        if place is not None:
            check_printable(place, PLACE_FONT, doc.at((*where, "place")),
                            f"spaces[{i}].place (space {sid})")
        polygon = _points(doc, (*where, "polygon"), raw.get("polygon"), f"spaces[{i}].polygon",
                          minimum=3)
        spaces.append(Space(sid, symbol, ring, polygon, place))

    raw_lines = data["sink_lines"]
    if not isinstance(raw_lines, list):
        raise SheetgenError("sink_lines must be a list", doc.at(("sink_lines",)))
    lines: list[SinkLine] = []
    line_ids: dict[str, int] = {}
    for i, raw in enumerate(raw_lines):
        where = ("sink_lines", i)
        what = f"sink_lines[{i}]"
        check_keys(doc, where, raw, _LINE_KEYS, what)
        lid = raw["id"]
        if not isinstance(lid, str) or not lid:
            raise SheetgenError(f"{what}.id must be a non-empty string", doc.at((*where, "id")))
        if lid in line_ids:
            raise SheetgenError(f"{what}.id {lid!r} is already used by "
                                f"sink_lines[{line_ids[lid]}]", doc.at((*where, "id")),
                                hint="sink line ids must be unique")
        line_ids[lid] = i
        region = _id_list(doc, (*where, "region"), raw["region"], known, f"{what}.region",
                          allow_empty=False)
        ends = raw["ends"]
        if not isinstance(ends, list) or len(ends) != 2:
            raise SheetgenError(f"{what}.ends must list exactly 2 ends", doc.at((*where, "ends")),
                                hint="[] is an end on the coast, e.g. ends: [[], [s07]]")
        end0 = _id_list(doc, (*where, "ends", 0), ends[0], known, f"{what}.ends[0]", True)
        end1 = _id_list(doc, (*where, "ends", 1), ends[1], known, f"{what}.ends[1]", True)
        path = _points(doc, (*where, "path"), raw.get("path"), f"{what}.path")
        lines.append(SinkLine(lid, region, (end0, end1), path))

    return Island(name=name, seed=seed, symbols=tuple(symbols), spaces=tuple(spaces),
                  sink_lines=tuple(lines), source=doc.source, positions=dict(doc.positions))


def island_from_dict(data: dict[str, Any], source: str = "<island>") -> Island:
    """Build an Island from plain data (e.g. a generator's output or a log's embedded island)."""
    return island_from_located(Located(data, source, {(): Position(source)}))


def load_island(path: str | Path) -> Island:
    """Load an island file (YAML or JSON). Structural faults name file:line:column."""
    return island_from_located(load_document(path))


def island_to_dict(island: Island) -> dict[str, Any]:
    """The island as file data; `island_from_dict(island_to_dict(i)) == i`."""
    spaces = []
    for s in island.spaces:
        d: dict[str, Any] = {"id": s.id, "symbol": s.symbol, "ring": s.ring}
        if s.polygon is not None:
            d["polygon"] = [list(p) for p in s.polygon]
        if s.place is not None:
            d["place"] = s.place
        spaces.append(d)
    lines = []
    for line in island.sink_lines:
        d = {"id": line.id, "region": list(line.region), "ends": [list(e) for e in line.ends]}
        if line.path is not None:
            d["path"] = [list(p) for p in line.path]
        lines.append(d)
    return {"format": ISLAND_FORMAT, "name": island.name, "seed": island.seed,
            "symbols": list(island.symbols), "spaces": spaces, "sink_lines": lines}


# ---------------------------------------------------------------- validation

def sinkable_lines(island: Island) -> tuple[bool, ...]:
    """Per line, whether some sequence of sinks can ever make both its ends wet (R11).

    Sinking only ever adds water, so the set of lines that can fire is the least fixpoint
    of "both ends wet given everything sinkable so far".
    """
    can_sink = 0
    fired = [False] * len(island.sink_lines)
    changed = True
    while changed:
        changed = False
        for i, (e0, e1) in enumerate(island.end_masks):
            if fired[i]:
                continue
            if (e0 == 0 or e0 & can_sink) and (e1 == 0 or e1 & can_sink):
                fired[i] = True
                can_sink |= island.region_masks[i]
                changed = True
    return tuple(fired)


def validate_island(island: Island, ruleset: Ruleset) -> None:
    """Check an island against a ruleset; raise SheetgenError on the first fault.

    Faults: symbol counts that differ from the ruleset (R2); an empty centre ring (R3);
    regions that are not laminar (R12); a space that no line can sink (R12); a line with an
    end that can never become wet (R11).
    """
    # R2: counts per symbol.
    for c, symbol in enumerate(island.symbols):
        count = bin(island.symbol_masks[c]).count("1")
        want = ruleset.symbol_counts[c]
        if count != want:
            raise SheetgenError(
                f"symbol {symbol!r} appears on {count} spaces, the ruleset wants {want} (R2)",
                island.at("symbols", c),
                hint="change a space's symbol, or set symbol_counts in the ruleset")
    # R3: the centre ring is never empty.
    if island.ring_mask == 0:
        raise SheetgenError("no space has ring: true; the centre ring is empty (R3)",
                            island.at("spaces"),
                            hint="mark the spaces touching the island centre with ring: true")
    # R12: laminar regions.
    regions = island.region_masks
    for i in range(len(regions)):
        for j in range(i + 1, len(regions)):
            a, b = regions[i], regions[j]
            if a & b and (a & b) != a and (a & b) != b:
                li, lj = island.sink_lines[i], island.sink_lines[j]
                raise SheetgenError(
                    f"sink_lines[{i}].region ({li.id}) and sink_lines[{j}].region ({lj.id}) "
                    "overlap without one containing the other: regions must be laminar (R12)",
                    island.at("sink_lines", i, "region"),
                    hint="nested lines must sink a superset of the spaces of inner lines")
    # R11: every end can become wet; R12: every space can sink.
    fired = sinkable_lines(island)
    for i, ok in enumerate(fired):
        if not ok:
            line = island.sink_lines[i]
            e0, e1 = island.end_masks[i]
            can = 0
            for j, f in enumerate(fired):
                if f:
                    can |= regions[j]
            end = 0 if not (e0 == 0 or e0 & can) else 1
            raise SheetgenError(
                f"sink_lines[{i}].ends[{end}] of line {line.id} can never become wet (R11)",
                island.at("sink_lines", i, "ends", end),
                hint="an end must be on the coast ([]) or list spaces that some usable line "
                     "can sink")
    covered = 0
    for i, ok in enumerate(fired):
        if ok:
            covered |= regions[i]
    for i, s in enumerate(island.spaces):
        if not covered >> i & 1:
            raise SheetgenError(f"space {s.id} (spaces[{i}]) lies in no sink line's region: "
                                "every space must be able to sink (R12)",
                                island.at("spaces", i, "id"),
                                hint="add it to the region of a line seaward of it")


def load_checked(island_path: str | Path, ruleset_path: str | Path | None = None
                 ) -> tuple[Island, Ruleset]:
    """An island file and a ruleset file (None: the spec's rules), loaded and the island
    validated under that ruleset: what every command that plays an island starts with."""
    from .ruleset import DEFAULT_RULESET, load_ruleset

    ruleset = load_ruleset(ruleset_path) if ruleset_path else DEFAULT_RULESET
    island = load_island(island_path)
    validate_island(island, ruleset)
    return island, ruleset
