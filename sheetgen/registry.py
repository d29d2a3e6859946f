"""The game registry: every game sheetgen knows is one folder, `sheetgen/games/<id>/`.

A game's `__init__.py` declares one `GAME = Game(...)`. Nothing else in sheetgen lists games:
the command line, `sheetgen list`, `sheetgen elements`, `sheetgen pad`, the rulebook builder,
the diagram loader and the layout loader all ask this module. Adding a game is adding its
folder (docs/adding-a-game.md walks through it).

One spelling per game, by one rule: the **id** is the Python spelling (`captains_curse`,
`black_dice`): package folder, layouts folder, element type prefix (`captains_curse.map`),
provider prefix. Everything a person types is the same with `_` -> `-` (the **name**:
`sheetgen captains-curse ...`, `sheetgen pad black-dice`, `sheetgen rulebook black-dice`,
`templates/rulebooks/black-dice/`, layout names `captains-curse/island-sheet`).

Everything a `Game` names is a module path *string*, imported only when it is used, so
`sheetgen --help` and a layout of one game never load another game's code. A game's
`__init__.py` must stay light (no numpy, numba, weasyprint at import time).

The pad builder
---------------
`Game.pad` names a function, `"package.module:function"`, that `sheetgen pad <name>` calls.
Every builder has one shape:

    def build_pad(*, progress: Callable[[int, int], None] | None = None,
                  output: str | Path | None = None, **options) -> Pad

`options` are the values of the game's `pad_options` (each `PadOption` becomes a command
line option; its `dest` is the keyword). `progress(done, total)` is called as work advances
(the command line shows a progress bar from it). Without `output` the builder writes
nothing and returns the PDF in `Pad.pdf`, so a web page or a distributed runner can call it;
with `output` the PDF is written to that path atomically (`sheetgen.atomic`: a failed run
leaves no partial file) and `Pad.pdf` is empty. A builder that renders in memory ends with
`return finish_pad(pdf, pages, output)`; a pad too long to hold in memory (Captain's Curse)
streams to `output` as it goes.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NamedTuple

from sheetgen.errors import SheetgenError, did_you_mean


class Pad(NamedTuple):
    """What a pad builder returns."""

    pdf: bytes  # empty when the builder wrote its `output` path
    pages: int
    note: str = ""  # e.g. "3 islands (5 tried)"; printed after the file's size
    extras: tuple[tuple[str, bytes], ...] = ()
    """Other files of the pad, (suffix, PDF bytes): written beside the output as
    <stem><suffix>.pdf (a board for a print shop, in a file of its own)."""


def extra_path(output: str | os.PathLike[str], suffix: str) -> Path:
    """Where a pad's extra file goes: beside `output`, as <stem><suffix>.pdf."""
    output = Path(output)
    return output.with_name(output.stem + suffix + ".pdf")


def finish_pad(pdf: bytes, pages: int, output: str | os.PathLike[str] | None = None,
               note: str = "", extras: tuple[tuple[str, bytes], ...] = ()) -> Pad:
    """The end of a pad builder that rendered `pdf` (and any `extras`, (suffix, bytes)) in
    memory: written atomically to `output` (the extras beside it, `extra_path`) when given
    (then `Pad.pdf` is empty and the extras keep their suffix only), else returned."""
    if output is None:
        return Pad(pdf, pages, note, extras)
    from sheetgen.atomic import write_bytes

    write_bytes(output, pdf)
    for suffix, data in extras:
        write_bytes(extra_path(output, suffix), data)
    return Pad(b"", pages, note, tuple((suffix, b"") for suffix, _ in extras))


@dataclass(frozen=True)
class PadOption:
    """One option of `sheetgen pad <game>`, declared without importing click.

    `kind` is "int", "float", "str" or "flag"; `choices` limits a "str"; `low`/`high` bound
    a number (inclusive).
    """

    flag: str  # "--cards"
    dest: str  # keyword given to the builder
    kind: str = "str"
    default: Any = None
    help: str = ""
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    short: str = ""  # e.g. "-n"


@dataclass(frozen=True)
class Game:
    """What sheetgen needs to know about one game. Module paths are strings, imported on use.

    - `id`: the package folder's name (`black_dice`); `name` derives from it (`black-dice`).
    - `title`: display name ("The Curse of the Black Dice").
    - `summary`: one line for `sheetgen --help` and `sheetgen games`.
    - `elements`: module whose import registers the game's layout element types
      (`<id>.<type>`), or "" for none.
    - `providers`: module with `PROVIDERS: dict[str, Callable[[], Any]]` for
      `${provide('<id>.<name>')}` in layouts, or "".
    - `cli`: module exposing `group: click.Group`, mounted as `sheetgen <name>`, or "".
    - `cli_aliases`: old top-level command names -> path inside the group
      (`{"play": "play"}`), kept as hidden commands that print a note on stderr.
    - `pad`, `pad_options`: the pad builder (see the module docstring) and its options.
    - `rulebook`: folder of the rulebook templates; "" = `templates/rulebooks/<name>/`;
      `rulebook_aliases`: older rulebook ids still accepted.
    - `rulebook_effort`: rough relative cost of typesetting the book (scheduling only).
    - `diagrams`: module registering the rulebook's figures with `@register`, or "".
    - `examples`: module with `EXAMPLES: dict[str, Callable]` for the rulebook's worked
      examples (`{% set r = example("cc-endgame") %}`), or "".
    - `layouts`: folder of the game's printable layouts; "" = the bundled `layouts/<id>/`.
    - `data_folders`: sub-folders of `layouts` holding data, not printable layouts.
    - `studio`: module holding the game's `PAGE` for `sheetgen studio` (its folder holds
      page.html/js/css; contract in `sheetgen/studio_contract.py`), or "" for none.
    """

    id: str
    title: str
    summary: str = ""
    elements: str = ""
    providers: str = ""
    cli: str = ""
    cli_aliases: dict[str, str] = field(default_factory=dict)
    pad: str = ""
    pad_options: tuple[PadOption, ...] = ()
    rulebook: str = ""
    rulebook_aliases: tuple[str, ...] = ()
    rulebook_effort: int = 1
    diagrams: str = ""
    examples: str = ""
    layouts: str = ""
    data_folders: tuple[str, ...] = ()
    studio: str = ""

    @property
    def name(self) -> str:
        """The spelling people type: the id with `_` -> `-`."""
        return self.id.replace("_", "-")

    def pad_builder(self) -> Callable[..., Any]:
        """The pad function named by `pad` (imported now)."""
        module, _, function = self.pad.partition(":")
        return getattr(importlib.import_module(module), function)


SHARED_DATA_FOLDERS = ("common", "cards", "examples")
"""Folders under layouts/ (at any depth) that `sheetgen list` skips whatever the games
declare: shared pieces, card data, and the layout language's examples (layouts/examples,
rendered by path)."""

_GAMES: dict[str, Game] | None = None


def _game_packages() -> Iterator[str]:
    import sheetgen.games

    for info in pkgutil.iter_modules(sheetgen.games.__path__):
        if info.ispkg and not info.name.startswith("_"):
            yield info.name


def games() -> dict[str, Game]:
    """Every game, id -> Game, sorted by id. A package without `GAME` is not a game."""
    global _GAMES
    if _GAMES is None:
        found: dict[str, Game] = {}
        for package in sorted(set(_game_packages())):
            module = importlib.import_module(f"sheetgen.games.{package}")
            game = getattr(module, "GAME", None)
            if isinstance(game, Game):
                if game.id != package:
                    raise SheetgenError(f"sheetgen/games/{package}: GAME.id is '{game.id}'",
                                        hint=f"a game's id is its folder's name: '{package}'")
                found[game.id] = game
        _GAMES = found
    return _GAMES


def get(key: str) -> Game:
    """The game whose id or name is `key`, else an error with a did-you-mean hint."""
    table = games()
    ident = key.replace("-", "_")
    if ident in table:
        return table[ident]
    names = [g.name for g in table.values()]
    raise SheetgenError(f"no game named '{key}'",
                        hint=did_you_mean(key, names) or f"games: {', '.join(names)}")


def find(key: str) -> Game | None:
    """The game whose id or name is `key`, or None."""
    return games().get(key.replace("-", "_"))


def data_folder_names() -> set[str]:
    """Every folder name that holds data rather than layouts, over all games."""
    names = set(SHARED_DATA_FOLDERS)
    for game in games().values():
        names.update(game.data_folders)
    return names
