"""The numbers and switches of Captain's Curse, as data.

Everything the spec (`captains-curse.md`) lets a group change lives here, so variants are
YAML files rather than code (python-chess `variant.py` style): column orders (R1), symbol
counts (R2), the goal (R18), goal thresholds and titles (R19), and the two *(option)*
switches: R8 "spent doubles count as circled" and R16 "unfinished columns score".

Ruleset file (`format: captains-curse-ruleset/1`, every key optional):

    format: captains-curse-ruleset/1
    name: standard
    columns: [[6,5,4,3,2,1], [1,2,3,4,5,6], ...]   # 6 columns, top to bottom (R1)
    symbol_counts: 6            # or a list of 6, one per column/symbol (R2)
    goal: 70                    # R18
    goals: {max_x: 8, min_unsunk: 15}              # G1 and G3 thresholds (R19)
    titles:                     # best first is not required; the highest reached wins
      - {name: Captain, score: 100, goals: 3}
    spent_doubles_count_as_circled: true           # R8 option
    unfinished_columns_score: true                 # R16 option
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen.errors import SheetgenError

from .source import Located, check_keys, load_document

RULESET_FORMAT = "captains-curse-ruleset/1"
N_COLUMNS = 6
VALUES = (1, 2, 3, 4, 5, 6)

# R1: columns 1, 3, 5 read 6..1 and columns 2, 4, 6 read 1..6 (1-based in the spec).
DEFAULT_COLUMNS: tuple[tuple[int, ...], ...] = tuple(
    (6, 5, 4, 3, 2, 1) if c % 2 == 0 else (1, 2, 3, 4, 5, 6) for c in range(N_COLUMNS)
)


@dataclass(frozen=True)
class Title:
    """A pirate title: reached with at least `score` points and `goals` of G1-G3 (R19)."""

    name: str
    score: int
    goals: int


DEFAULT_TITLES: tuple[Title, ...] = (
    Title("Captain", 100, 3),
    Title("First Mate", 90, 2),
    Title("Quartermaster", 80, 1),
    Title("Cabin Boy", 70, 0),
)


@dataclass(frozen=True)
class Ruleset:
    """One reading of the rules. Defaults are the spec's binding decisions."""

    name: str = "standard"
    columns: tuple[tuple[int, ...], ...] = DEFAULT_COLUMNS
    symbol_counts: tuple[int, ...] = (6,) * N_COLUMNS
    goal: int = 70
    g1_max_x: int = 8
    g3_min_unsunk: int = 15
    titles: tuple[Title, ...] = field(default=DEFAULT_TITLES)
    spent_doubles_count_as_circled: bool = True
    unfinished_columns_score: bool = True

    def __post_init__(self) -> None:
        if len(self.columns) != N_COLUMNS or any(
            sorted(col) != list(VALUES) for col in self.columns
        ):
            raise SheetgenError("ruleset columns must be 6 permutations of 1..6 (R1)")
        if len(self.symbol_counts) != N_COLUMNS or any(n < 1 for n in self.symbol_counts):
            raise SheetgenError("ruleset symbol_counts must be 6 positive counts (R2)")

    def cell_of(self, column: int, value: int) -> int:
        """Row (0 = top) of `value` in `column`."""
        return self.columns[column].index(value)

    def title_for(self, score: int, goals: int, lost: bool) -> str | None:
        """The highest title reached (R19), or None when lost or under every threshold."""
        if lost:
            return None
        best: Title | None = None
        for title in self.titles:
            if score >= title.score and goals >= title.goals:
                if best is None or (title.score, title.goals) > (best.score, best.goals):
                    best = title
        return best.name if best else None


def ruleset_to_dict(ruleset: Ruleset) -> dict[str, Any]:
    """The ruleset as file data (also embedded in game logs)."""
    return {
        "format": RULESET_FORMAT,
        "name": ruleset.name,
        "columns": [list(col) for col in ruleset.columns],
        "symbol_counts": list(ruleset.symbol_counts),
        "goal": ruleset.goal,
        "goals": {"max_x": ruleset.g1_max_x, "min_unsunk": ruleset.g3_min_unsunk},
        "titles": [{"name": t.name, "score": t.score, "goals": t.goals}
                   for t in ruleset.titles],
        "spent_doubles_count_as_circled": ruleset.spent_doubles_count_as_circled,
        "unfinished_columns_score": ruleset.unfinished_columns_score,
    }


_KEYS = {
    "format": False, "name": False, "columns": False, "symbol_counts": False, "goal": False,
    "goals": False, "titles": False, "spent_doubles_count_as_circled": False,
    "unfinished_columns_score": False,
}


def _int(doc: Located, path: tuple, value: Any, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise SheetgenError(f"{what} must be an integer >= {low}, got {value!r}", doc.at(path))
    return value


def _bool(doc: Located, path: tuple, value: Any, what: str) -> bool:
    if not isinstance(value, bool):
        raise SheetgenError(f"{what} must be true or false, got {value!r}", doc.at(path))
    return value


def ruleset_from_located(doc: Located, path: tuple = ()) -> Ruleset:
    """Build a Ruleset from loaded data, pointing at the field of any fault."""
    data = doc.data
    for key in path:
        data = data[key]
    check_keys(doc, path, data, _KEYS, "ruleset")
    fmt = data.get("format", RULESET_FORMAT)
    if fmt != RULESET_FORMAT:
        raise SheetgenError(f"unknown ruleset format {fmt!r}", doc.at((*path, "format")),
                            hint=f"expected '{RULESET_FORMAT}'")
    kwargs: dict[str, Any] = {}
    if "name" in data:
        kwargs["name"] = str(data["name"])
    if "columns" in data:
        cols = data["columns"]
        if not isinstance(cols, list) or len(cols) != N_COLUMNS:
            raise SheetgenError("columns must list 6 columns (R1)", doc.at((*path, "columns")))
        for i, col in enumerate(cols):
            if not isinstance(col, list) or not all(type(v) is int for v in col) \
                    or sorted(col) != list(VALUES):
                raise SheetgenError(
                    f"columns[{i}] must be a permutation of 1..6 (R1), got {col!r}",
                    doc.at((*path, "columns", i)), hint="e.g. [6, 5, 4, 3, 2, 1]")
        kwargs["columns"] = tuple(tuple(col) for col in cols)
    if "symbol_counts" in data:
        counts = data["symbol_counts"]
        where = (*path, "symbol_counts")
        if isinstance(counts, int) and not isinstance(counts, bool):
            kwargs["symbol_counts"] = (_int(doc, where, counts, "symbol_counts", 1),) * 6
        elif isinstance(counts, list) and len(counts) == N_COLUMNS:
            kwargs["symbol_counts"] = tuple(
                _int(doc, (*where, i), n, f"symbol_counts[{i}]", 1) for i, n in enumerate(counts))
        else:
            raise SheetgenError("symbol_counts must be an integer or a list of 6 (R2)",
                                doc.at(where))
    if "goal" in data:
        kwargs["goal"] = _int(doc, (*path, "goal"), data["goal"], "goal")
    if "goals" in data:
        goals = check_keys(doc, (*path, "goals"), data["goals"],
                           {"max_x": False, "min_unsunk": False}, "goals")
        if "max_x" in goals:
            kwargs["g1_max_x"] = _int(doc, (*path, "goals", "max_x"), goals["max_x"], "max_x")
        if "min_unsunk" in goals:
            kwargs["g3_min_unsunk"] = _int(doc, (*path, "goals", "min_unsunk"),
                                           goals["min_unsunk"], "min_unsunk")
    if "titles" in data:
        titles = data["titles"]
        if not isinstance(titles, list):
            raise SheetgenError("titles must be a list", doc.at((*path, "titles")))
        parsed = []
        for i, t in enumerate(titles):
            where = (*path, "titles", i)
            check_keys(doc, where, t, {"name": True, "score": True, "goals": True}, "title")
            parsed.append(Title(str(t["name"]), _int(doc, (*where, "score"), t["score"], "score"),
                                _int(doc, (*where, "goals"), t["goals"], "goals")))
        kwargs["titles"] = tuple(parsed)
    for key in ("spent_doubles_count_as_circled", "unfinished_columns_score"):
        if key in data:
            kwargs[key] = _bool(doc, (*path, key), data[key], key)
    return Ruleset(**kwargs)


def load_ruleset(path: str | Path) -> Ruleset:
    """Load a ruleset YAML/JSON file; faults name file:line:column and the field."""
    return ruleset_from_located(load_document(path))


DEFAULT_RULESET = Ruleset()
