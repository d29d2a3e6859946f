"""Worked examples for the rulebooks, computed rather than typed.

Each game keeps its examples beside its rules (`Game.examples`, e.g.
`sheetgen.games.captains_curse.examples`): where a game has a rules engine the example is
scored by it, so the book and the engine cannot disagree. The prose quotes their results
through jinja: `{% set r = example("cc-endgame") %}`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

from sheetgen import registry
from sheetgen.errors import SheetgenError, did_you_mean


def examples(game: str | None = None) -> dict[str, Callable[[], Any]]:
    """Every game's worked examples, name -> function, from the game registry; only
    `game`'s if given (a book's own examples: the others' modules import their engines)."""
    found: dict[str, Callable[[], Any]] = {}
    chosen = registry.games().values() if game is None else [registry.find(game)]
    for entry in chosen:
        if entry is not None and entry.examples:
            found.update(importlib.import_module(entry.examples).EXAMPLES)
    return found


def example(name: str, game: str | None = None) -> Any:
    """A worked example by name (a jinja global: `{% set r = example("cc-endgame") %}`),
    looked for among `game`'s own examples first, then every game's."""
    table = examples(game) if game is not None else {}
    if name not in table:
        table = examples()
    if name not in table:
        raise SheetgenError(f"unknown worked example '{name}'", hint=did_you_mean(name, table))
    return table[name]()
