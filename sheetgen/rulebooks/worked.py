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


def examples() -> dict[str, Callable[[], Any]]:
    """Every game's worked examples, name -> function, from the game registry."""
    found: dict[str, Callable[[], Any]] = {}
    for game in registry.games().values():
        if game.examples:
            found.update(importlib.import_module(game.examples).EXAMPLES)
    return found


def example(name: str) -> Any:
    """A worked example by name (a jinja global: `{% set r = example("cc-endgame") %}`)."""
    table = examples()
    if name not in table:
        raise SheetgenError(f"unknown worked example '{name}'", hint=did_you_mean(name, table))
    return table[name]()
