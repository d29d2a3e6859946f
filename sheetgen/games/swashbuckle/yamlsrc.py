"""YAML read with source positions, so every fault in a card or sheet can point at its line.

`sheetgen.layout.source` parses the text into a positioned tree; we keep plain Python values
and, beside them, a map from the path of each value (keys and list indices) to its position.
Loaders then validate plain data and ask `doc.where(path)` when they must complain.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sheetgen.layout.source import Located, load_yaml, located, parse_yaml

Path_ = tuple[Any, ...]
KEY = "<key>"  # path suffix for the position of a mapping key rather than its value


YamlDoc = Located  # plain data plus positions; `where(path)` and `error(path, ...)`


def parse(text: str, file: str) -> YamlDoc:
    """Parse YAML text; syntax errors and duplicate keys become SheetgenError at the fault."""
    return _doc(parse_yaml(text, file, empty=None), file)


def load(path: str | Path) -> YamlDoc:
    return _doc(load_yaml(path, empty=None), str(path))


def _doc(tree: Any, file: str) -> YamlDoc:
    return located(tree, file, key_marker=KEY)


def check_keys(doc: YamlDoc, path: Path_, mapping: Any, allowed: set[str],
               required: set[str] = frozenset(), what: str = "entry") -> dict:
    """Require a mapping with only `allowed` keys and all `required` ones."""
    return doc.check_mapping(path, mapping, allowed, sorted(required), what,
                             key_path=lambda key: path + (key, KEY))


def expect_int(doc: YamlDoc, path: Path_, value: Any, what: str, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise doc.error(path, f"{what} must be a whole number, not {value!r}")
    if minimum is not None and value < minimum:
        raise doc.error(path, f"{what} must be at least {minimum}, not {value}")
    return value
