"""Read YAML/JSON documents while remembering where every value came from.

Island files, rulesets and game logs are hand-editable, so a fault must point at
`file:line:column`. `sheetgen.layout.source` parses the text (JSON that is not YAML too) into a
positioned tree; we keep plain Python data plus a map from each value's path (a tuple of keys
and list indices) to its `Position` (`Located`, shared with the other games).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from sheetgen.errors import Position, SheetgenError
from sheetgen.layout.source import Located, PathKey, load_yaml, located


def load_document(path: str | Path) -> Located:
    """Load a YAML or JSON file with positions; unreadable or malformed files raise."""
    return _located(load_yaml(path, empty=None, json_fallback=True), str(path))


def _located(tree: Any, source: str) -> Located:
    if tree is None:
        raise SheetgenError("the file is empty", Position(source, 1, 1),
                            hint="expected a mapping with a 'format' key")
    return located(tree, source)


def check_keys(doc: Located, path: PathKey, mapping: Any, allowed: Mapping[str, bool],
               what: str) -> dict[str, Any]:
    """Check that `mapping` is a dict with only `allowed` keys (value True = required)."""
    return doc.check_mapping(path, mapping, allowed,
                             [key for key, required in allowed.items() if required], what)
