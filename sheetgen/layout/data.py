"""The `data:` section: one page per row, written inline, read from a CSV, JSON or YAML file
(CSV cells typed as they look, or as `columns:` declares), or provided by a game
(`provide: black_dice.pirates`); each row keeps its position and `copies:`.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

from sheetgen import limits
from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.model import Row
from sheetgen.layout.sections import checked_section
from sheetgen.layout.source import Mapping, Sequence, load_yaml, read_text
from sheetgen.layout.tree import relative

DATA_KEYS = {"file", "columns", "provide"}
COLUMN_TYPES = ("str", "int", "float", "bool")


def read_rows(raw: Mapping, path: Path) -> list[Row]:
    data = raw.get("data")
    if data is None:
        return [Row({}, raw.pos, 1)]
    pos = raw.pos_of("data")
    columns: dict[str, str] = {}
    if isinstance(data, Mapping):
        checked_section(data, DATA_KEYS, "data", pos)
        if "provide" in data:
            return _provided_rows(data, pos)
        if not isinstance(data.get("file"), str):
            raise SheetgenError("data: {file: ..., columns: ...} needs the file's name",
                                data.pos, hint="data: {file: crew.csv, columns: {id: str}}")
        columns = _columns(data)
        pos, data = data.pos_of("file"), data["file"]
    positions: list[Position] = []
    if isinstance(data, str):
        source = relative(path, data, pos, path.resolve().parent, "data file")
        suffix = source.suffix.lower()
        if suffix == ".csv":
            data, positions = _csv_rows(source, columns)
        elif suffix == ".json":
            try:
                data = json.loads(read_text(source, "data file"))
            except json.JSONDecodeError as err:
                raise SheetgenError(f"invalid JSON: {err.msg}",
                                    Position(str(source), err.lineno, err.colno)) from None
            except RecursionError:
                raise limits.exceeded("yaml_depth", "lists and mappings nest too deeply",
                                      Position(str(source))) from None
        else:
            data = load_yaml(source)
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise SheetgenError("'data' must be a list of mappings (one per page) or a file name",
                            pos, hint="data: [{name: Anne}, {name: Mary}]  or  data: crew.csv")
    if not data:
        raise SheetgenError("'data' is empty: nothing to render", pos)
    limits.check("data_rows", len(data), f"the data holds {len(data):,} rows", pos)
    rows = []
    for i, row in enumerate(data):
        where = (positions[i] if positions else row.pos if isinstance(row, Mapping)
                 else data.pos_of(i) if isinstance(data, Sequence) else pos)
        for key in row:
            if not isinstance(key, str):
                raise SheetgenError(f"data field names must be words, not {key!r}",
                                    row.key_pos_of(key) if isinstance(row, Mapping) else where,
                                    hint="quote it as a name: '5': ...")
        rows.append(Row(dict(row), where, i + 1))
        copies = row.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 0 <= copies <= 10000:
            raise SheetgenError(f"copies must be a whole number from 0 to 10000, not "
                                f"{copies!r} ({rows[-1].label()})",
                                row.pos_of("copies") if isinstance(row, Mapping) else where,
                                hint="copies: 3 prints this row's page three times; 0 skips it")
    if not any(row.fields.get("copies", 1) for row in rows):
        raise SheetgenError("every data row has copies: 0: nothing to render", pos)
    return rows


def _provided_rows(data: Mapping, pos: Position) -> list[Row]:
    """`data: {provide: <game>.<name>}`: the rows a game computes from its own data (the Black
    Dice pirate tiles from the engine's pirates), so a layout never copies a game's list."""
    from sheetgen.layout.expressions import ExpressionError, provide

    where = data.pos_of("provide")
    if set(data) != {"provide"}:
        raise SheetgenError("data: {provide: ...} takes no other keys", pos,
                            hint="data: {provide: black_dice.pirates}")
    try:
        rows = provide(str(data["provide"]))
    except ExpressionError as err:
        raise SheetgenError(str(err), where, hint=err.hint) from None
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) for r in rows):
        raise SheetgenError(f"provide('{data['provide']}') gives no rows (a list of mappings)",
                            where)
    limits.check("data_rows", len(rows), f"provide('{data['provide']}') gives {len(rows):,} "
                 "rows", where)
    return [Row(dict(row), where, i + 1) for i, row in enumerate(rows)]


def _columns(data: Mapping) -> dict[str, str]:
    """`columns: {name: str}`: the type a CSV column is read as, overriding the guess."""
    columns = data.get("columns", {})
    if not isinstance(columns, Mapping):
        raise SheetgenError("data.columns must map column names to a type",
                            data.pos_of("columns"), hint="columns: {id: str, rum: int}")
    for name, kind in columns.items():
        if kind not in COLUMN_TYPES:
            raise SheetgenError(f"column '{name}': unknown type {kind!r}", columns.pos_of(name),
                                hint=did_you_mean(str(kind), COLUMN_TYPES)
                                or f"types: {', '.join(COLUMN_TYPES)}")
    return dict(columns)


_INT = re.compile(r"[+-]?(0|[1-9][0-9]*)")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.[0-9]*|\.[0-9]+)")


def typed_cell(text: str | None, kind: str | None = None) -> Any:
    """A CSV cell as the value it looks like: `12` an int, `1.5` a float, `true`/`false` a
    bool, anything else (including `007`, kept with its zeros) text. `kind` forces a type
    and raises ValueError when the cell cannot be read as it."""
    if text is None:
        return None
    stripped = text.strip()
    if kind == "str":
        return text
    if kind == "int":
        return int(stripped)
    if kind == "float":
        return float(stripped)
    if kind == "bool":
        if stripped.lower() not in ("true", "false"):
            raise ValueError(f"{text!r} is not true or false")
        return stripped.lower() == "true"
    if _INT.fullmatch(stripped):
        return int(stripped)
    if _DECIMAL.fullmatch(stripped):
        return float(stripped)
    if stripped.lower() in ("true", "false"):
        return stripped.lower() == "true"
    return text


def _csv_rows(source: Path, columns: dict[str, str] | None = None
              ) -> tuple[list[dict[str, Any]], list[Position]]:
    """Rows of a CSV file with a header line, typed (see `typed_cell`), with the position of
    each; a row with more cells than the header is an error at its line (csv.DictReader
    would file the extras under a key that is not a name). A short row's missing cells are
    None, except `copies`, which a spreadsheet user leaving it blank means as one copy."""
    columns = columns or {}
    text = read_text(source, "data file").removeprefix("\ufeff")  # spreadsheets add a BOM
    reader = csv.reader(io.StringIO(text, newline=""))
    rows: list[dict[str, Any]] = []
    positions: list[Position] = []
    try:
        header = next(reader, None)
        if header is None:
            return rows, positions
        twice = sorted({name for name in header if header.count(name) > 1})
        if twice:
            col = text.split("\n", 1)[0].find(twice[0]) + 1
            raise SheetgenError(f"the header names the column '{twice[0]}' twice",
                                Position(str(source), 1, max(col, 1)),
                                hint="every column needs its own name (a later one would "
                                     "hide the earlier)")
        for name in columns:
            if name not in header:
                raise SheetgenError(f"data.columns names '{name}', which is not a column of "
                                    f"{source.name}", Position(str(source), 1, 1),
                                    hint=did_you_mean(name, header)
                                    or f"columns: {', '.join(header)}")
        most = limits.get("data_rows")
        for cells in reader:
            if not cells:
                continue
            if len(rows) >= most:  # stop reading here: the rest is never parsed
                raise limits.exceeded("data_rows", f"{source.name} holds more than {most:,} "
                                      "rows", Position(str(source), reader.line_num, 1))
            if len(cells) > len(header):
                raise SheetgenError(f"this row has {len(cells)} cells but the header names "
                                    f"{len(header)} columns",
                                    Position(str(source), reader.line_num, 1),
                                    hint="add a column name to the first line, or remove "
                                         "the extra cells")
            where = Position(str(source), reader.line_num, 1)
            row = {}
            for name, cell in zip(header, cells + [None] * (len(header) - len(cells)),
                                  strict=True):
                try:
                    row[name] = typed_cell(cell, columns.get(name))
                except ValueError:
                    raise SheetgenError(f"column '{name}' is declared {columns[name]} but "
                                        f"holds {cell!r}", where,
                                        hint="fix the cell or the type in data.columns"
                                        ) from None
            if "copies" in row and row["copies"] in (None, ""):
                row["copies"] = 1  # a blank cell in a spreadsheet's copies column: one copy
            rows.append(row)
            positions.append(where)
    except csv.Error as err:
        raise SheetgenError(f"cannot read CSV: {err}",
                            Position(str(source), reader.line_num, 1)) from None
    return rows, positions
