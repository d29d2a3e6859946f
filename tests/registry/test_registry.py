"""The game registry: the five games declare themselves, every module they name exists, and
a throwaway game added as one folder appears everywhere with no other edit."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from sheetgen import registry
from sheetgen.errors import SheetgenError
from sheetgen.rulebooks.content import book_dir, check_game, rulebook_games

REPO = Path(__file__).resolve().parents[2]
IDS = sorted(p.parent.name for p in (REPO / "sheetgen" / "games").glob("*/__init__.py")
             if "GAME = Game(" in p.read_text(encoding="utf-8"))
"""The game packages, found by reading the folder (not by asking the registry, which is
what is tested)."""


def test_every_game_package_and_its_names():
    games = registry.games()
    assert len(IDS) >= 5
    assert list(games) == IDS
    assert [g.name for g in games.values()] == [i.replace("_", "-") for i in IDS]
    assert rulebook_games() == tuple(g.name for g in games.values())
    assert registry.get("black-dice") is registry.get("black_dice") is games["black_dice"]


def test_unknown_game_has_a_did_you_mean():
    with pytest.raises(SheetgenError) as err:
        registry.get("captains-cruse")
    assert "captains-curse" in (err.value.hint or "")


@pytest.mark.parametrize("game_id", IDS)
def test_every_module_a_game_names_exists(game_id):
    game = registry.games()[game_id]
    for module in (game.elements, game.providers, game.cli, game.diagrams, game.examples):
        if module:
            assert importlib.util.find_spec(module) is not None, module
    if game.pad:
        assert callable(game.pad_builder())
    assert (book_dir(game.name) / "book.yaml").is_file()
    for alias in game.rulebook_aliases:
        assert check_game(alias) == game.name


@pytest.mark.parametrize("game_id", IDS)
def test_every_module_a_game_names_is_in_its_own_folder(game_id):
    """A game is its own places only: its command group, figures, rules, pad and studio page
    all live under sheetgen/games/<id>/ (sheetgen/cli keeps the commands games share)."""
    game = registry.games()[game_id]
    for module in (game.elements, game.providers, game.cli, game.diagrams, game.examples,
                   game.studio, game.pad.partition(":")[0]):
        if module:
            assert module.startswith(f"sheetgen.games.{game_id}."), module


def test_core_command_line_holds_no_game_module():
    names = {g.name for g in registry.games().values()} | set(IDS)
    core = {p.stem for p in (REPO / "sheetgen" / "cli").glob("*.py")}
    figures = {p.stem for p in (REPO / "sheetgen" / "rulebooks" / "diagrams").glob("*.py")}
    assert not (core | figures) & names


def test_old_rulebook_ids_are_kept():
    assert check_game("curse-of-the-black-dice") == "black-dice"
    assert check_game("voodoo-pirate") == "voodoo"


THROWAWAY = {
    "__init__.py": '''
        from pathlib import Path

        from sheetgen.registry import Game, PadOption

        HERE = Path(__file__).parent
        GAME = Game(
            id="throwaway", title="Throwaway", summary="A game that exists for one test.",
            elements="sheetgen.games.throwaway.elements",
            providers="sheetgen.games.throwaway.providers",
            cli="sheetgen.games.throwaway.cli", cli_aliases={"hello": "hello"},
            pad="sheetgen.games.throwaway.pad:build_pad",
            pad_options=(PadOption("--copies", "copies", "int", 1, "how many", low=1),),
            rulebook=str(HERE / "book"), rulebook_aliases=("old-throwaway",),
            diagrams="sheetgen.games.throwaway.diagrams",
            examples="sheetgen.games.throwaway.examples",
            layouts=str(HERE / "layouts"), data_folders=("stash",),
            studio="sheetgen.games.throwaway.studio",
        )
    ''',
    "elements.py": '''
        from sheetgen.layout.elements.base import register
        from sheetgen.layout.elements.shapes import Rect


        @register
        class Stamp(Rect):
            type_name = "throwaway.stamp"
            description = "a box stamped by the throwaway game"
    ''',
    "providers.py": '''
        PROVIDERS = {"answer": lambda: 42}
    ''',
    "cli.py": '''
        import click


        @click.group("throwaway")
        def group():
            """The throwaway game."""


        @group.command("hello")
        def hello():
            """Say hello."""
            click.echo("ahoy from throwaway")
    ''',
    "pad.py": '''
        """Throwaway pad: one card per copy."""
        from sheetgen.layout.bundled import find_layout
        from sheetgen.layout.document import RenderOptions, load_layout
        from sheetgen.render.compose import compose
        from sheetgen.render.pdf import PdfCanvas


        from sheetgen.registry import finish_pad


        def build_pad(*, progress=None, output=None, copies=1):
            canvas = PdfCanvas(title="Throwaway")
            pages = compose(load_layout(find_layout("throwaway/card"), RenderOptions()),
                            canvas, copies)
            if progress:
                progress(1, 1)
            return finish_pad(canvas.finish(), pages, output)
    ''',
    "diagrams.py": '''
        from sheetgen.rulebooks.diagrams import register


        @register("throwaway-box")
        def box(canvas):
            canvas.begin_page(40, 20)
            canvas.path([("M", 0, 0), ("L", 40, 0), ("L", 40, 20), ("Z",)], fill=(0, 0, 0))
            return 40, 20
    ''',
    "examples.py": '''
        EXAMPLES = {"throwaway-sum": lambda: 2 + 3}
    ''',
    "studio/__init__.py": '''
        from sheetgen.studio_contract import Page

        PAGE = Page(title="Throwaway", summary="the throwaway game's page")
    ''',
    "studio/page.html": '''
        <p>throwaway</p>
    ''',
    "layouts/card.yaml": '''
        description: Throwaway card
        page: {size: [60mm, 40mm]}
        elements:
          - {type: throwaway.stamp, x: 5mm, y: 5mm, w: 20mm, h: 10mm}
          - {type: text, x: 5mm, y: 20mm, text: "answer ${provide('throwaway.answer')}"}
    ''',
    "layouts/stash/not_a_layout.yaml": '''
        just: data
    ''',
    "book/book.yaml": '''
        title: Throwaway
        tagline: A game for one test
        players: "1"
        minutes: "1"
        credits: [{role: Design, name: Nobody}]
        chapters: [rules.md]
        quickref: quickref.md
        pages: [2, 4]
    ''',
    "book/rules.md": '''
        # Rules

        Two and three make {{ example("throwaway-sum") }}.

        {{ diagram("throwaway-box", "A box") }}
    ''',
    "book/quickref.md": '''
        # Quick reference

        Roll.
    ''',
}

PROBE = '''
import json, sys
import sheetgen.games
sheetgen.games.__path__.append(sys.argv[1])
from click.testing import CliRunner
from sheetgen.cli import main

runs = {}
for key, args in json.loads(sys.argv[2]).items():
    result = CliRunner().invoke(main, args)
    runs[key] = [result.exit_code, result.stdout, result.stderr, repr(result.exception)]
    runs["loaded after " + key] = [0, json.dumps(sorted(
        m for m in sys.modules if m.startswith("sheetgen.games.throwaway."))), "", ""]
from sheetgen.studio.pages import studio_pages
runs["studio"] = [0, json.dumps([p.describe() for p in studio_pages()]), "", ""]
print(json.dumps(runs))
'''


def test_a_throwaway_game_appears_everywhere(tmp_path):
    package = tmp_path / "games" / "throwaway"
    for name, text in THROWAWAY.items():
        path = package / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    commands = {
        "help": ["--help"],
        "list": ["list"],
        "elements": ["elements"],
        "render": ["render", "throwaway/card", "-q", "-o", str(out / "card.pdf")],
        "group": ["throwaway", "hello"],
        "alias": ["hello"],
        "pad": ["pad", "throwaway", "--copies", "3", "-o", str(out / "pad.pdf")],
        "book": ["rulebook", "old-throwaway", "-o", str(out / "book.pdf")],
    }
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(tmp_path / "games"), json.dumps(commands)],
        capture_output=True, text=True, cwd=REPO, timeout=300,
        env={"PYTHONPATH": str(REPO), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    runs = json.loads(done.stdout.strip().splitlines()[-1])
    for key, (code, stdout, stderr, exception) in runs.items():
        assert code == 0, (key, stdout, stderr, exception)
    assert "throwaway" in runs["help"][1] and "A game that exists for one test" in runs["help"][1]
    # The game's command group and figures live in its folder and load only when used.
    loaded = {key[len("loaded after "):]: set(json.loads(out))
              for key, (_, out, _, _) in runs.items() if key.startswith("loaded after ")}
    assert not loaded["list"] & {"sheetgen.games.throwaway.cli",
                                 "sheetgen.games.throwaway.diagrams"}, loaded["list"]
    assert "sheetgen.games.throwaway.cli" in loaded["group"]
    assert "sheetgen.games.throwaway.diagrams" in loaded["book"]
    assert "hello" not in runs["help"][1]  # the alias is hidden
    listed = runs["list"][1]
    assert "throwaway/card" in listed and "Throwaway card" in listed
    assert "not-a-layout" not in listed  # its data folder is skipped
    assert "throwaway.stamp" in runs["elements"][1]
    assert runs["group"][1] == runs["alias"][1] == "ahoy from throwaway\n"
    assert "sheetgen throwaway hello" in runs["alias"][2]  # the note on stderr
    assert "3 pages" in runs["pad"][1]
    assert "is now called 'throwaway'" in runs["book"][2]
    from pypdf import PdfReader

    card = PdfReader(out / "card.pdf").pages[0].extract_text()
    assert "answer 42" in card
    book = "".join(p.extract_text() for p in PdfReader(out / "book.pdf").pages)
    assert "Two and three make 5" in book and "A box" in book
    assert len(PdfReader(out / "pad.pdf").pages) == 3
    studio = {page["name"]: page for page in json.loads(runs["studio"][1])}
    assert studio["throwaway"]["title"] == "Throwaway"


def test_the_throwaway_game_keeps_to_the_import_direction(tmp_path, monkeypatch):
    """The game's folder (rules, diagrams.py, cli.py, studio page) passes the import-direction
    test, which sees it as part of the package."""
    spec = importlib.util.spec_from_file_location("import_direction",
                                                  REPO / "tests" / "test_import_direction.py")
    direction = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(direction)
    package = tmp_path / "sheetgen" / "games" / "throwaway"
    for name, text in THROWAWAY.items():
        if name.endswith(".py"):
            path = package / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    monkeypatch.setattr(direction, "PACKAGE", tmp_path / "sheetgen")
    assert direction.upward_imports() == []


@pytest.mark.parametrize("game_id", [g for g in IDS if registry.games()[g].pad])
def test_every_pad_builder_has_the_one_shape(game_id):
    """`build_pad(*, progress=None, output=None, **options) -> Pad`: keyword-only, taking a
    progress callback and an output path and every declared option; the command line calls
    them all alike (no signature inspection)."""
    import inspect

    game = registry.games()[game_id]
    params = inspect.signature(game.pad_builder()).parameters
    assert all(p.kind == p.KEYWORD_ONLY for p in params.values()), list(params)
    assert {"progress", "output"} <= set(params)
    assert params["progress"].default is None and params["output"].default is None
    assert {o.dest for o in game.pad_options} <= set(params)


def test_old_top_level_spellings_still_work_with_a_note():
    from click.testing import CliRunner

    from sheetgen.cli import main

    island = str(REPO / "layouts/captains_curse/islands/roomy.yaml")
    args = [island, "--policy", "random", "-n", "3"]
    new = CliRunner().invoke(main, ["captains-curse", "simulate", *args])
    old = CliRunner().invoke(main, ["simulate", *args])
    assert new.exit_code == old.exit_code == 0
    assert old.stdout == new.stdout and new.stderr == ""
    assert "'sheetgen simulate' is now 'sheetgen captains-curse simulate'" in old.stderr
    help_text = CliRunner().invoke(main, ["--help"]).stdout
    listed = [line.split()[0] for line in help_text.split("Commands:")[1].splitlines()
              if line.startswith("  ") and not line.startswith("   ")]
    assert "captains-curse" in listed and "simulate" not in listed and "island" not in listed


def test_the_declaration_in_the_guide_is_the_real_one():
    """docs/adding-a-game.md shows The Curse of the Black Dice's declaration as it is."""
    import re

    guide = (REPO / "docs" / "adding-a-game.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", guide, re.S).group(1)
    names: dict = {}
    exec(block, names)  # noqa: S102 - the repository's own documentation
    assert names["GAME"] == registry.get("black_dice")
