"""Read YAML/JSON documents while remembering where every value came from.

Island files, rulesets and game logs are hand-editable, so a fault must point at
`file:line:column`. PyYAML's `compose()` keeps each node's start mark; we turn the node tree
into plain Python data plus a map from the value's path (a tuple of keys and list indices)
to its `Position`. JSON is (nearly) a subset of YAML, so both go through the same path.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from sheetgen.errors import Position, SheetgenError, did_you_mean

PathKey = tuple[Any, ...]


@dataclass
class Located:
    """A loaded document: plain data plus positions, so validators can point at fields."""

    data: Any
    source: str
    positions: dict[PathKey, Position] = field(default_factory=dict)

    def at(self, path: PathKey) -> Position:
        """The position of `path`, or of its closest ancestor that has one (or the file)."""
        path = tuple(path)
        while path:
            if path in self.positions:
                return self.positions[path]
            path = path[:-1]
        return self.positions.get((), Position(self.source))


def _convert(node: yaml.Node, path: PathKey, source: str, out: dict[PathKey, Position]) -> Any:
    out[path] = Position(source, node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else str(key_node)
            result[key] = _convert(value_node, (*path, key), source, out)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_convert(child, (*path, i), source, out) for i, child in enumerate(node.value)]
    return _scalar(node)


def _scalar(node: yaml.Node) -> Any:
    """Resolve one scalar with the safe loader's rules (ints, floats, bools, null, str)."""
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_object(node, deep=True)
    finally:
        loader.dispose()


def load_document(path: str | Path) -> Located:
    """Load a YAML or JSON file with positions; unreadable or malformed files raise."""
    path = Path(path)
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SheetgenError(f"no such file: {source}", Position(source),
                            hint="check the path") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SheetgenError(f"cannot read {source}: {err}", Position(source)) from None
    return parse_document(text, source)


def parse_document(text: str, source: str) -> Located:
    """Parse YAML/JSON text; syntax errors become a SheetgenError at the fault."""
    positions: dict[PathKey, Position] = {}
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        pos = Position(source, mark.line + 1, mark.column + 1) if mark else Position(source)
        # JSON with tabs etc. is not always YAML; give JSON a chance before failing.
        try:
            return Located(json.loads(text), source, {(): Position(source)})
        except ValueError:
            pass
        raise SheetgenError(f"not valid YAML/JSON: {err.problem}", pos,
                            hint="check indentation, quotes and brackets") from None
    if node is None:
        raise SheetgenError("the file is empty", Position(source, 1, 1),
                            hint="expected a mapping with a 'format' key")
    data = _convert(node, (), source, positions)
    return Located(data, source, positions)


def check_keys(doc: Located, path: PathKey, mapping: Any, allowed: Mapping[str, bool],
               what: str) -> dict[str, Any]:
    """Check that `mapping` is a dict with only `allowed` keys (value True = required)."""
    if not isinstance(mapping, dict):
        raise SheetgenError(f"{what} must be a mapping, got {type(mapping).__name__}",
                            doc.at(path))
    for key in mapping:
        if key not in allowed:
            raise SheetgenError(f"unknown key '{key}' in {what}", doc.at((*path, key)),
                                hint=did_you_mean(str(key), allowed)
                                or f"allowed keys: {', '.join(allowed)}")
    for key, required in allowed.items():
        if required and key not in mapping:
            raise SheetgenError(f"{what} lacks the required key '{key}'", doc.at(path),
                                hint=f"add '{key}:'")
    return mapping
