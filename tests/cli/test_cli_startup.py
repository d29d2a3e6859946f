"""Start-up cost: the CLI imports a heavy library only in a command that needs it, and its
lazy command index agrees with the commands themselves."""

from __future__ import annotations

import functools
import importlib
import json
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import click
import pytest

from sheetgen import registry
from sheetgen.cli import COMMAND_INDEX, COMMAND_MODULES, game_group

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("weasyprint", "numba", "scipy", "shapely", "pypdfium2")


@dataclass(frozen=True)
class FreshRun:
    """What a fresh interpreter running some code printed, and the modules it had loaded."""

    stdout: str
    modules: frozenset[str]


def _fresh_run(code: str) -> FreshRun:
    probe = code + "\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    *printed, last = done.stdout.strip().splitlines(keepends=True)
    return FreshRun("".join(printed), frozenset(json.loads(last)))


@pytest.fixture(scope="module")
def fresh_run() -> Callable[[str], FreshRun]:
    """`fresh_run(code)`: run `code` in a fresh interpreter (what it imports is only seen
    there), once per code for this module's tests: `sheetgen --help`, `--version` and each
    game group's `--help` are checked by two tests each, and one interpreter answers both.
    (A module-scoped fixture keeps these tests on one xdist worker, tests/conftest.py.)"""
    return functools.cache(_fresh_run)


@pytest.fixture(scope="module")
def imported_after(fresh_run: Callable[[str], FreshRun]) -> Callable[[str], frozenset[str]]:
    """`imported_after(code)`: the module names a fresh interpreter running `code` imported."""
    return lambda code: fresh_run(code).modules


def run_main(*args: str) -> str:
    return ("from sheetgen.cli import main\n"
            f"try:\n    main({list(args)!r}, standalone_mode=False)\n"
            "except SystemExit:\n    pass\n")


def test_import_cli_pulls_in_no_heavy_library(imported_after):
    modules = imported_after("import sheetgen.cli")
    assert not modules & {"weasyprint", "numba"}, "import sheetgen.cli must stay light"
    assert not modules & set(HEAVY)
    assert not any(m.startswith("sheetgen.cli.") and m != "sheetgen.cli.outputs"
                   for m in modules), "command modules load on use"


@pytest.mark.parametrize("args", [["--help"], ["--version"]])
def test_help_and_version_load_no_command_module(args, imported_after):
    modules = imported_after(run_main(*args))
    assert not modules & set(HEAVY)
    assert not any(m.startswith(("sheetgen.layout", "sheetgen.rulebooks", "sheetgen.cli."))
                   and m != "sheetgen.cli.outputs" for m in modules)
    # --help lists the game groups from the registry: only the games' declarations load.
    assert not any(m.startswith("sheetgen.games.") and m.count(".") > 2 for m in modules), \
        sorted(m for m in modules if m.startswith("sheetgen.games."))


GROUPS = ["pad", "export", "rulebook", "studio"] + [
    g.name for g in registry.games().values() if g.cli]
"""The command groups: sheetgen's own, then every game's (asked of the registry)."""


@pytest.mark.parametrize("group", GROUPS)
def test_each_command_group_help_loads_no_heavy_library(group, imported_after):
    """`sheetgen GAME --help` (and pad, export, studio...) lists commands without importing
    what running them needs."""
    modules = imported_after(run_main(group, "--help"))
    assert not modules & set(HEAVY), modules & set(HEAVY)


# What a listing must never pay for: the PDF and book engines, the JIT and numpy (the
# simulators' and solvers'), the studio's web server and the pad's parallel scheduler.
NEVER_FOR_HELP = set(HEAVY) | {"reportlab", "starlette", "dask", "uvicorn", "numpy"}
GAME_GROUPS = [g.name for g in registry.games().values() if g.cli]


@pytest.mark.parametrize("args", [["--help"], ["--version"]]
                         + [[name, "--help"] for name in GAME_GROUPS])
def test_listings_load_no_drawing_book_or_server_library(args, imported_after):
    """`sheetgen --help`, `--version` and every game group's `--help` stay free of reportlab,
    weasyprint, numba, numpy, starlette and dask (checked in a fresh interpreter's
    sys.modules)."""
    modules = {m.split(".")[0] for m in imported_after(run_main(*args))}
    assert not modules & NEVER_FOR_HELP, sorted(modules & NEVER_FOR_HELP)


def test_game_groups_cover_every_game_with_commands():
    assert {"captains-curse", "swashbuckle", "black-dice"} <= set(GAME_GROUPS)


def test_black_dice_group_lists_its_commands_without_loading_them(fresh_run):
    """The Black Dice commands are found through the game's group (game commands stay out of
    COMMAND_INDEX, see test_index_matches_the_commands): `black-dice --help` names `simulate`
    and `black-dice simulate --help` shows its options, neither loading the engine's players."""
    assert "simulate" in fresh_run(run_main("black-dice", "--help")).stdout.split("Commands:")[1]
    modules = fresh_run(run_main("black-dice", "simulate", "--help")).modules
    assert not {m.split(".")[0] for m in modules} & NEVER_FOR_HELP


def test_render_and_export_load_only_what_they_need(tmp_path, imported_after):
    modules = imported_after(run_main("render", "benchmarks/deck54.yaml", "-q", "-o",
                                      str(tmp_path / "d.pdf")))
    assert (tmp_path / "d.pdf").exists()
    assert not modules & set(HEAVY), modules & set(HEAVY)
    modules = imported_after(run_main("export", "png", "benchmarks/deck54.yaml", "--dpi", "10",
                                      "-o", str(tmp_path / "png")))
    assert "pypdfium2" in modules  # the one heavy library export needs
    assert not modules & {"weasyprint", "numba", "scipy", "shapely"}


def test_index_matches_the_commands():
    defined: dict[str, click.Command] = {}
    for name in COMMAND_MODULES:
        for command in importlib.import_module(name).commands:
            defined[command.name] = command
    assert set(COMMAND_INDEX) == set(defined), \
        "add new top-level commands to COMMAND_INDEX in sheetgen/cli/__init__.py"
    games = {g.name for g in registry.games().values()}
    assert not set(COMMAND_INDEX) & games, "a game's commands belong in its own group"
    for name, (modules, short) in COMMAND_INDEX.items():
        assert all(m in COMMAND_MODULES for m in modules), name
        assert defined[name].get_short_help_str(limit=150) == short, \
            f"COMMAND_INDEX help of '{name}' differs from the command's own"


def test_every_game_group_is_named_after_its_game():
    for game in registry.games().values():
        if game.cli:
            assert game_group(game).name == game.name


def test_pad_has_a_subcommand_per_game_that_declares_one():
    code = run_main("pad", "--help") + (
        "import json, click\n"
        "pad = main.commands['pad']\n"
        "print(json.dumps(pad.list_commands(click.Context(pad))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=REPO, env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin"},
                          timeout=120)
    assert done.returncode == 0, done.stderr
    listed = set(json.loads(done.stdout.splitlines()[-1]))
    assert listed == {g.name for g in registry.games().values() if g.pad}
    assert {"captains-curse", "shipwrecked", "voodoo"} <= listed
