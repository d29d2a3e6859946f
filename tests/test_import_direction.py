"""The import graph is one-way: cli -> studio -> rulebooks -> games -> preflight -> render ->
engine -> layout -> canvas, each package importing only the ones below it plus the base
modules. A layer that imports upward fails here with the offending line.

Every `import` counts, at the top of a module or inside a function (a lazy import is still a
dependency). Games are found through the registry by module-path strings, which are not
imports, so `layout` can load a game's element types without depending on `games`.

A game is its own folder, so a game's module that plays a higher part sits in that folder
and takes that part's layer (GAME_ROLES): `sheetgen/games/<id>/diagrams.py` draws rulebook
figures (rulebooks layer), `cli.py` is a command group (cli layer), `studio/` a studio page.
Code outside the games imports no game at all (the registry's strings reach them), which is
what keeps every game's command group and figures in its own folder.
Each game is also its own layer beside the others: a game imports another only where
SHARED_GAMES says why, and never another game's private names (`_name`, `_module`): what
games share lives below them (sheetgen.engine, sheetgen.canvas). Nor does a game take a
private name of sheetgen's own layers: what a game needs from them is made public there.
"""

from __future__ import annotations

import ast
from pathlib import Path

from helpers.imports import import_statements

PACKAGE = Path(__file__).resolve().parents[1] / "sheetgen"

LAYERS = ["canvas", "layout", "engine", "render", "preflight", "games", "rulebooks", "studio",
          "cli"]
"""Lowest first: a layer may import the layers before it."""

BASE = {"sheetgen", "__version__", "errors", "registry", "resources", "atomic", "stopping", "lazy",
        "limits", "access", "workers", "assets", "cache", "numba_locator", "studio_contract",
        "splitmix"}
"""Modules below every layer: they import only one another."""

ALLOWED = {("sheetgen.registry", "sheetgen.games")}
"""The registry lists the game packages (`sheetgen.games.__path__`); it imports no game."""


GAME_ROLES = {"diagrams": "rulebooks", "cli": "cli", "studio": "studio"}
"""A game's module (or sub-package) of this name belongs to that layer."""

SHARED_GAMES = {
    ("shipwrecked", "captains_curse"):
        "Shipwrecked's Desert Island tiles are drawn with Captain's Curse's island generator "
        "(coast, names) and map frame",
}
"""(game, other game) -> why the first may import the second's public names."""


def _layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) > 3 and parts[1] == "games" and parts[3] in GAME_ROLES:
        return GAME_ROLES[parts[3]]
    return parts[1] if len(parts) > 1 else "sheetgen"


def _game(module: str) -> str | None:
    """The game a module belongs to, whatever its layer."""
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "games" else None


def _rank(layer: str) -> int:
    return -1 if layer in BASE else LAYERS.index(layer)


def _imports(path: Path, module: str = "") -> list[tuple[int, str, tuple[str, ...]]]:
    """(line, module imported, names taken from it) for every sheetgen import; relative
    imports are resolved against `module`."""
    found: list[tuple[int, str, tuple[str, ...]]] = []
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    for node in import_statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name, ()) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                if not module:
                    continue
                base = package[:len(package) - node.level + 1]
                name = ".".join([*base, *([node.module] if node.module else [])])
            else:
                name = node.module or ""
            names = tuple(a.name for a in node.names)
            found.append((node.lineno, name, names))
            # `from sheetgen import registry` imports sheetgen.registry
            if name == "sheetgen" or not node.module:
                found += [(node.lineno, f"{name}.{a}", ()) for a in names]
    return [(line, name, names) for line, name, names in found
            if name.split(".")[0] == "sheetgen"]


def upward_imports() -> list[str]:
    faults = []
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE.parent).with_suffix("")
        module = ".".join(rel.parts).removesuffix(".__init__")
        here = _layer(module)
        for line, name, names in _imports(path, module):
            fault = _cross_game(module, name, names) or _core_to_game(module, name)
            if fault:
                faults.append(f"sheetgen/{rel.relative_to('sheetgen')}.py:{line}: {fault}")
                continue
            if _same_game_and_layer(module, name):
                continue
            there = _layer(name)
            if there == "sheetgen" or here == there or (module, name) in ALLOWED \
                    or there in BASE:
                continue
            unknown = [x for x in (here, there) if x not in BASE and x not in LAYERS]
            assert not unknown, f"{rel}: place package(s) {unknown} in LAYERS or BASE"
            if here in BASE or _rank(there) >= _rank(here):
                faults.append(f"sheetgen/{rel.relative_to('sheetgen')}.py:{line}: "
                              f"{here} imports {name} ({there} is not below {here})")
    return faults


def _same_game_and_layer(module: str, name: str) -> bool:
    """An import inside one game's own folder at the same layer needs no further check."""
    return _game(module) is not None and _game(module) == _game(name) \
        and _layer(module) == _layer(name)


def _core_to_game(module: str, name: str) -> str:
    """Why a module outside the games may not import `name` ("" when it may): sheetgen's own
    code reaches a game only through the registry's module-path strings, so a game's command
    group, diagrams and studio page live in its folder, never in sheetgen/cli,
    sheetgen/rulebooks or sheetgen/studio."""
    if _game(module) is None and _game(name) is not None:
        return (f"{_layer(module)} imports {name}: core code reaches a game only through the "
                "registry (move the game's command, figure or page into its own folder)")
    return ""


def _cross_game(module: str, name: str, names: tuple[str, ...]) -> str:
    """Why `module` may not import `names` from `name` across games ("" when it may)."""
    mine, theirs = _game(module), _game(name)
    if mine is None or mine == theirs:
        return ""
    if theirs is None:  # a game taking a private helper of sheetgen's own layers
        private = [n for n in (*name.split(".")[1:], *names)
                   if n.startswith("_") and not n.startswith("__")]
        return (f"games.{mine} imports {', '.join(private)} of {name}: a private name is "
                "not a game's to use (make it public where it lives)") if private else ""
    private = [n for n in (*name.split(".")[3:], *names) if n.startswith("_")]
    if private:
        return (f"games.{mine} imports {', '.join(private)} of games.{theirs}: another game's "
                "private names are not to be used (move what is shared below the games)")
    if (mine, theirs) not in SHARED_GAMES:
        return (f"games.{mine} imports {name}: games are independent (move what is shared "
                "below the games, or say why in SHARED_GAMES)")
    return ""


def test_imports_point_down_the_layers():
    faults = upward_imports()
    assert not faults, "\n".join(faults)


def test_the_check_sees_an_upward_import(tmp_path, monkeypatch):
    """The checker itself: a layout module importing render is reported."""
    fake = tmp_path / "sheetgen"
    (fake / "layout").mkdir(parents=True)
    (fake / "layout" / "bad.py").write_text("def f():\n    from sheetgen.render.pdf import x\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    faults = upward_imports()
    assert faults == ["sheetgen/layout/bad.py:2: layout imports sheetgen.render.pdf (render is "
                      "not below layout)"]


def test_a_game_folder_may_hold_its_diagrams_cli_and_studio_page(tmp_path, monkeypatch):
    """A game's diagrams.py imports the rulebooks' figure registry and its cli.py click and
    the game itself: both are in their own layers, so nothing is reported; the game's rules
    importing its own cli upward is."""
    fake = tmp_path / "sheetgen" / "games" / "toy"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text("")
    (fake / "rules.py").write_text("from sheetgen.engine.contract import Outcome\n")
    (fake / "diagrams.py").write_text("from sheetgen.rulebooks.diagrams import register\n"
                                      "from . import rules\n")
    (fake / "cli.py").write_text("from sheetgen.games.toy.rules import Outcome\n"
                                 "from .diagrams import register\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path / "sheetgen")
    assert upward_imports() == []
    (fake / "pad.py").write_text("from .cli import x\n")
    assert upward_imports() == ["sheetgen/games/toy/pad.py:1: games imports "
                                "sheetgen.games.toy.cli (cli is not below games)"]


def test_core_code_imports_no_game(tmp_path, monkeypatch):
    """The top layers may import everything below them, but not a game: a command group or a
    figure of one game written in sheetgen/cli or sheetgen/rulebooks is reported, lazily
    imported or not; the registry listing the games' folder is not."""
    fake = tmp_path / "sheetgen"
    (fake / "games" / "toy").mkdir(parents=True)
    (fake / "games" / "__init__.py").write_text("")
    (fake / "games" / "toy" / "__init__.py").write_text("")
    (fake / "cli").mkdir()
    (fake / "cli" / "toy.py").write_text("def f():\n    from sheetgen.games.toy import rules\n")
    (fake / "rulebooks").mkdir()
    (fake / "rulebooks" / "toy.py").write_text("import sheetgen.games.toy.rules\n")
    (fake / "registry.py").write_text("import sheetgen.games\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", fake)
    assert upward_imports() == [
        "sheetgen/cli/toy.py:2: cli imports sheetgen.games.toy: core code reaches a game only "
        "through the registry (move the game's command, figure or page into its own folder)",
        "sheetgen/rulebooks/toy.py:1: rulebooks imports sheetgen.games.toy.rules: core code "
        "reaches a game only through the registry (move the game's command, figure or page "
        "into its own folder)"]


def test_games_import_no_private_name_and_no_undeclared_game(tmp_path, monkeypatch):
    games = tmp_path / "sheetgen" / "games"
    for game in ("toy", "other"):
        (games / game).mkdir(parents=True)
        (games / game / "__init__.py").write_text("")
    (games / "toy" / "a.py").write_text("from sheetgen.games.other.draw import _wobble\n")
    (games / "toy" / "b.py").write_text("import sheetgen.games.other.draw\n")
    (games / "toy" / "cli.py").write_text("from sheetgen.cli.pads import _progress_bar\n"
                                          "from sheetgen.cli.progress import progress_bar\n"
                                          "from sheetgen import __version__\n")
    monkeypatch.setattr(__import__(__name__), "PACKAGE", tmp_path / "sheetgen")
    faults = upward_imports()
    assert len(faults) == 3
    assert faults[2].startswith("sheetgen/games/toy/cli.py:1: games.toy imports _progress_bar "
                                "of sheetgen.cli.pads: a private name")
    assert faults[0].startswith("sheetgen/games/toy/a.py:1: games.toy imports _wobble of "
                                "games.other: another game's private names")
    assert faults[1].startswith("sheetgen/games/toy/b.py:1: games.toy imports "
                                "sheetgen.games.other.draw: games are independent")
