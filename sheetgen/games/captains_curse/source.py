"""Read YAML/JSON documents while remembering where every value came from.

Island files, rulesets and game logs are hand-editable, so a fault must point at
`file:line:column`. `sheetgen.layout.source` parses the text (JSON that is not YAML too) into a
positioned tree; we keep plain Python data plus a map from each value's path (a tuple of keys
and list indices) to its `Position`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.source import PathKey, load_yaml, parse_yaml, plain_with_positions


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


def load_document(path: str | Path) -> Located:
    """Load a YAML or JSON file with positions; unreadable or malformed files raise."""
    return _located(load_yaml(path, empty=None, json_fallback=True), str(path))


def parse_document(text: str, source: str) -> Located:
    """Parse YAML/JSON text; syntax errors become a SheetgenError at the fault."""
    return _located(parse_yaml(text, source, empty=None, json_fallback=True), source)


def _located(tree: Any, source: str) -> Located:
    if tree is None:
        raise SheetgenError("the file is empty", Position(source, 1, 1),
                            hint="expected a mapping with a 'format' key")
    data, positions = plain_with_positions(tree)
    positions.setdefault((), Position(source, 1, 1))
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
