"""YAML read with source positions, so every fault in a card or sheet can point at its line.

PyYAML's `compose()` keeps each node's start mark; we convert the node tree into plain Python
values and keep, beside them, a map from the path of each value (keys and list indices) to its
position. Loaders then validate plain data and ask `doc.where(path)` when they must complain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sheetgen.errors import Position, SheetgenError, did_you_mean

Path_ = tuple[Any, ...]
KEY = "<key>"  # path suffix for the position of a mapping key rather than its value


@dataclass
class YamlDoc:
    """Plain data plus the position of every value in it."""

    data: Any
    file: str
    positions: dict[Path_, Position] = field(default_factory=dict)

    def where(self, path: Path_) -> Position:
        """Position of the value at `path`, or of its nearest enclosing value."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), Position(self.file))

    def error(self, path: Path_, message: str, hint: str | None = None) -> SheetgenError:
        return SheetgenError(message, self.where(path), hint=hint)


def parse(text: str, file: str) -> YamlDoc:
    """Parse YAML text; syntax errors become SheetgenError at the parser's mark."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        pos = Position(file, mark.line + 1, mark.column + 1) if mark else Position(file)
        raise SheetgenError(f"not valid YAML: {err.problem}", pos,
                            hint="check indentation and quoting near the caret") from None
    doc = YamlDoc(None, file)
    if node is None:
        doc.positions[()] = Position(file, 1, 1)
        return doc
    doc.data = _convert(node, (), doc)
    return doc


def load(path: str | Path) -> YamlDoc:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        raise SheetgenError(f"cannot read {path}: {err.strerror}", Position(str(path))) from None
    return parse(text, str(path))


def _pos(node: yaml.Node, file: str) -> Position:
    return Position(file, node.start_mark.line + 1, node.start_mark.column + 1)


def _convert(node: yaml.Node, path: Path_, doc: YamlDoc) -> Any:
    doc.positions[path] = _pos(node, doc.file)
    if isinstance(node, yaml.MappingNode):
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = yaml.SafeLoader.construct_object(yaml.SafeLoader(""), key_node)
            if key in out:
                raise SheetgenError(f"duplicate key '{key}'", _pos(key_node, doc.file),
                                    hint="each key may appear once in a mapping")
            doc.positions[path + (key, KEY)] = _pos(key_node, doc.file)
            out[key] = _convert(value_node, path + (key,), doc)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(child, path + (i,), doc) for i, child in enumerate(node.value)]
    return yaml.SafeLoader("").construct_object(node)


def check_keys(doc: YamlDoc, path: Path_, mapping: Any, allowed: set[str],
               required: set[str] = frozenset(), what: str = "entry") -> dict:
    """Require a mapping with only `allowed` keys and all `required` ones."""
    if not isinstance(mapping, dict):
        raise doc.error(path, f"{what} must be a mapping, not {type(mapping).__name__}")
    for key in mapping:
        if key not in allowed:
            raise doc.error(path + (key, KEY), f"unknown key '{key}' in {what}",
                            hint=did_you_mean(str(key), allowed)
                            or f"allowed keys: {', '.join(sorted(allowed))}")
    for key in sorted(required):
        if key not in mapping:
            raise doc.error(path, f"{what} lacks required key '{key}'")
    return mapping


def expect_int(doc: YamlDoc, path: Path_, value: Any, what: str, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise doc.error(path, f"{what} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise doc.error(path, f"{what} must be at least {minimum}, not {value}")
    return value
