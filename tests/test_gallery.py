"""docs/gallery.md stays fresh (issue 32): the page equals what tools/gallery.py writes from
the bundled layouts and the registry's pads, every thumbnail it shows exists, every listed
layout validates and every listed pad command parses. The PNGs are not all re-rendered (about
a minute): one cheap one is, and must be byte-identical to the committed file."""

from __future__ import annotations

import importlib.util
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from sheetgen import registry
from sheetgen.cli import main
from sheetgen.layout.bundled import bundled_layouts

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def gallery():
    spec = importlib.util.spec_from_file_location("gallery", ROOT / "tools" / "gallery.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["gallery"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("gallery", None)


@pytest.fixture(autouse=True)
def bundled_only(monkeypatch):
    monkeypatch.delenv("SHEETGEN_LAYOUTS", raising=False)


def test_the_page_is_what_the_script_writes(gallery):
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    assert page == gallery.gallery_markdown() + "\n", "run: python tools/gallery.py"


def test_every_bundled_layout_and_pad_is_shown_with_its_thumbnail(gallery):
    page = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    items = gallery.entries()
    for name in bundled_layouts():
        assert f"`sheetgen render {name} -o " in page
    for game in registry.games().values():
        if game.pad:
            assert f"`sheetgen pad {game.name} " in page
    for e in items:
        path = ROOT / "docs" / "gallery" / e.thumb
        assert f"(gallery/{e.thumb})" in page
        with Image.open(path) as image:
            assert image.format == "PNG" and abs(image.width - gallery.THUMB_WIDTH) <= 1
    listed = {p.name for p in (ROOT / "docs" / "gallery").iterdir()}
    assert listed == {e.thumb for e in items}, "stale thumbnails: run tools/gallery.py"


def test_every_listed_command_validates_or_parses(gallery):
    for e in gallery.entries():
        args = shlex.split(e.command)[1:]
        if e.kind == "layout":
            result = CliRunner().invoke(main, ["validate", e.name])
            assert result.exit_code == 0, (e.command, result.output)
        else:
            ctx = main.make_context("sheetgen", ["pad", "--help"], resilient_parsing=True)
            group = main.get_command(ctx, "pad")
            command = group.get_command(ctx, args[1])
            assert command is not None, e.command
            command.make_context(f"pad {args[1]}", args[2:])  # raises on a bad option


def test_a_thumbnail_regenerates_byte_for_byte(gallery):
    (entry,) = [e for e in gallery.entries() if e.name == "swashbuckle/scorecard"]
    assert gallery.thumbnail(entry) == (ROOT / "docs" / "gallery" / entry.thumb).read_bytes()


def test_the_readme_links_the_gallery():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(docs/gallery.md)" in readme
