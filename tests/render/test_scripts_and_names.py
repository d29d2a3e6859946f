"""Text in a script the bundled faces cannot draw is refused with the line it is on (it used to
print as nothing, the PDF text a row of NULs); a too-long island name shrinks to the sheet's
width, or is refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from sheetgen.assets.fonts import missing_glyphs
from sheetgen.cli import main

REPO = Path(__file__).resolve().parents[2]

LAYOUT = """
page: {size: a4, bleed: 0mm}
elements:
  - {type: text, text: "Port TEXT", x: 20, y: 20, size: 12}
"""


@pytest.mark.parametrize("text, char", [("שלום", "ש"), ("مرسى", "م"), ("港口", "港"),
                                        ("Skull 💀", "💀")])
def test_text_without_glyphs_is_refused(runner, write_layout, tmp_path, text, char):
    path = write_layout(LAYOUT.replace("TEXT", text))
    out = tmp_path / "x.pdf"
    done = runner.invoke(main, ["render", str(path), "-q", "-o", str(out)])
    assert done.exit_code == 2, done.output
    assert f"{path}:3:" in done.stderr and f"'{char}' (U+{ord(char):04X})" in done.stderr
    assert "Traceback" not in done.stderr and not out.exists()


def test_latin_accents_have_glyphs():
    assert missing_glyphs("Île de la Tortue, Açores, Ñandú", "serif") == ""
    assert missing_glyphs("a\nb", "sans") == ""


def _island_texts(write_layout, tmp_path, name: str, w: str = "190mm") -> list:
    import yaml

    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import compose
    from sheetgen.render.recording import RecordingCanvas

    source = sorted((REPO / "layouts" / "captains_curse" / "islands").glob("*.yaml"))[0]
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["name"] = name
    isle = f"isle-{len(name)}.yaml"  # island files are cached by path: one per name
    (tmp_path / isle).write_text(yaml.safe_dump(data), encoding="utf-8")
    layout = load_layout(write_layout(f"""
page: {{size: a4, bleed: 0mm}}
elements:
  - {{type: captains_curse.island_text, island: {isle}, x: 105mm, y: 20mm, w: {w},
      size: 24}}
"""))
    canvas = RecordingCanvas()
    compose(layout, canvas)
    return [args for op, args in canvas.calls if op == "text"]


def test_long_island_name_shrinks_to_the_sheet(write_layout, tmp_path):
    long_name = "The Isle of the Forty Thieves, Their Cats, Their Parrots and All Their Gold"
    (call,) = _island_texts(write_layout, tmp_path, long_name)
    x, size = call[0], call[4]
    assert size < 24 and x >= 10 * 72 / 25.4 - 0.01  # starts inside the 190 mm line
    (call,) = _island_texts(write_layout, tmp_path, "Isle of Blackhaven")
    assert call[4] == 24


def test_name_too_long_even_at_half_size_is_refused(write_layout, tmp_path):
    from sheetgen.errors import SheetgenError

    with pytest.raises(SheetgenError, match="choose a shorter name|mm long"):
        _island_texts(write_layout, tmp_path, "Isle of Blackhaven", w="20mm")
