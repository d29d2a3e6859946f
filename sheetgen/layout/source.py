"""YAML with source positions.

Layout files are read through PyYAML's composer, so every mapping and list remembers where
each of its entries stands in the file. Scalars stay plain Python values; their position is
asked of the container that holds them (`Mapping.pos_of(key)`, `Sequence.pos_of(index)`).
This keeps the rest of the code working on ordinary dicts and lists while every error can
still point at `file:line:column`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from sheetgen.errors import Position, SheetgenError


class Mapping(dict):
    """A dict that knows its own position and the positions of its keys and values."""

    pos: Position
    key_pos: dict[Any, Position]
    value_pos: dict[Any, Position]

    def __init__(self, *args: Any, pos: Position | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.pos = pos or Position("<memory>")
        self.key_pos = {}
        self.value_pos = {}

    def pos_of(self, key: Any) -> Position:
        return self.value_pos.get(key, self.pos)

    def key_pos_of(self, key: Any) -> Position:
        return self.key_pos.get(key, self.pos)


class Sequence(list):
    """A list that knows its own position and the positions of its items."""

    pos: Position
    item_pos: list[Position]

    def __init__(self, *args: Any, pos: Position | None = None):
        super().__init__(*args)
        self.pos = pos or Position("<memory>")
        self.item_pos = []

    def pos_of(self, index: int) -> Position:
        if 0 <= index < len(self.item_pos):
            return self.item_pos[index]
        return self.pos


def position_of(container: Any, key: Any) -> Position | None:
    """The position of `container[key]` if the container tracks positions."""
    if isinstance(container, (Mapping, Sequence)):
        return container.pos_of(key)
    return None


def _mark(file: str, node: yaml.Node) -> Position:
    return Position(file, node.start_mark.line + 1, node.start_mark.column + 1)


class _Loader(yaml.SafeLoader):
    """SafeLoader whose scalars are typed by the standard resolvers; nothing else is trusted."""


def _build(node: yaml.Node, loader: _Loader, file: str) -> Any:
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)  # YAML merge keys (<<) behave as users expect
        out = Mapping(pos=_mark(file, node))
        for key_node, value_node in node.value:
            key = _build(key_node, loader, file)
            if not isinstance(key, (str, int, float, bool)) or key is None:
                raise SheetgenError("mapping keys must be plain words or numbers",
                                    _mark(file, key_node))
            if key in out:
                raise SheetgenError(f"duplicate key '{key}'", _mark(file, key_node),
                                    hint=f"'{key}' is already set at {out.key_pos[key]}")
            out[key] = _build(value_node, loader, file)
            out.key_pos[key] = _mark(file, key_node)
            out.value_pos[key] = _mark(file, value_node)
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = Sequence(pos=_mark(file, node))
        for item in node.value:
            seq.append(_build(item, loader, file))
            seq.item_pos.append(_mark(file, item))
        return seq
    return loader.construct_object(node, deep=True)


def parse_yaml(text: str, file: str = "<string>") -> Any:
    """Parse YAML text into Mapping/Sequence/scalars with positions; errors point at the fault."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return Mapping(pos=Position(file, 1, 1))
        return _build(node, loader, file)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        pos = Position(file, mark.line + 1, mark.column + 1) if mark else Position(file)
        problem = err.problem or err.context or "invalid YAML"
        hint = "check indentation, colons and quotes near this place"
        start = err.context_mark
        if mark is not None and start is not None and mark.index >= len(text.rstrip()):
            # The file ended inside a bracket or quote: point at where it was opened.
            pos = Position(file, start.line + 1, start.column + 1)
            what = (err.context or "").replace("while parsing ", "").replace("while scanning ",
                                                                              "")
            hint = f"{what or 'this'} starting here is not closed before the end of the file"
        raise SheetgenError(f"YAML syntax error: {problem}", pos, hint=hint) from None
    except yaml.YAMLError as err:
        raise SheetgenError(f"YAML error: {err}", Position(file)) from None
    finally:
        loader.dispose()


def load_yaml(path: str | Path) -> Any:
    """Read and parse a YAML file; a missing or unreadable file is a clear error."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SheetgenError(f"no such file: {path}") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SheetgenError(f"cannot read {path}: {err}") from None
    return parse_yaml(text, str(path))
