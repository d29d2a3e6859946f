"""One ink (issue 29): the layouts' `ink`, everything drawn in code, and the rulebook's text
are the same colour, `sheetgen.canvas.palette.INK`, on screen and in CMYK."""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path

from sheetgen.canvas import palette
from sheetgen.canvas.draw import label
from sheetgen.layout.colors import parse_color, to_cmyk
from sheetgen.layout.elements.icon import draw_icon
from sheetgen.render.recording import RecordingCanvas
from sheetgen.rulebooks.content import TEMPLATES_DIR

PACKAGE = Path(palette.__file__).resolve().parents[1]


def test_the_layout_ink_is_the_palette_ink_on_screen_and_in_print():
    ink = parse_color("ink")
    assert ink == palette.INK
    assert to_cmyk(ink) == to_cmyk(palette.INK) == (0.3, 0.3, 0.3, 0.95)
    assert "#{:02x}{:02x}{:02x}".format(*(round(c * 255) for c in palette.INK)) == \
        palette.INK_HEX


def test_colours_with_inks_survive_a_trip_to_a_worker_process():
    """Pickling (as process pools do) kept neither class: `__new__` wanted the inks."""
    for colour in (palette.INK, parse_color("navy"), parse_color("cmyk(10, 20, 30, 40)")):
        back = pickle.loads(pickle.dumps(colour))
        assert type(back) is type(colour) and back == colour and back.cmyk == colour.cmyk
        assert repr(back) == repr(colour)


def test_code_drawn_defaults_are_the_ink():
    canvas = RecordingCanvas()
    label(canvas, 0, 0, "x")
    draw_icon(canvas, "skull", 0, 0, 10, 10, None)
    colours = [args[5] for name, args in canvas.calls if name == "text"]
    colours += [args[1] for name, args in canvas.calls if name == "path"]
    assert colours and all(c == palette.INK and to_cmyk(c) == palette.INK.cmyk
                           for c in colours)


def test_the_rulebook_text_is_in_the_same_ink():
    css = (TEMPLATES_DIR / "print.css").read_text(encoding="utf-8")
    assert re.search(r"--ink:\s*(#[0-9a-f]{6})", css).group(1) == palette.INK_HEX


def _near_black_literals(source: str) -> list[tuple[float, ...]]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Tuple) and len(node.elts) == 3 and all(
                isinstance(e, ast.Constant) and isinstance(e.value, float) for e in node.elts):
            rgb = tuple(e.value for e in node.elts)
            if all(0.1 <= c <= 0.16 for c in rgb) and max(rgb) - min(rgb) <= 0.04:
                found.append(rgb)
    return found


def test_no_second_ink_is_written_in_the_code():
    """A warm near-black written as numbers is a second ink (there were four)."""
    others = {str(p.relative_to(PACKAGE)): rgb for p in PACKAGE.rglob("*.py")
              for rgb in _near_black_literals(p.read_text(encoding="utf-8"))}
    assert not others, f"use sheetgen.canvas.palette.INK instead of {others}"


def test_the_check_sees_an_ink_written_as_numbers():
    assert _near_black_literals("INK = (0.13, 0.11, 0.10)\nRED = (0.7, 0.1, 0.1)\n") == [
        (0.13, 0.11, 0.10)]
