"""Text in a script the bundled faces cannot draw is refused with the line it is on (it used to
print as nothing, the PDF text a row of NULs); a too-long island name shrinks to the sheet's
width, or is refused."""

from __future__ import annotations

import re
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


@pytest.mark.parametrize("text, char", [("مرسى", "م"), ("港口", "港"), ("Skull 💀", "💀")])
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


@pytest.mark.parametrize("text, words", [
    ("مرسى", ["Arabic", "shaping", "unjoined"]),
    ("מפרץ 7", ["mixes Hebrew", "digits", "bidirectional"]),
    ("Cove of שלום", ["mixes Hebrew", "Latin letters"]),
    ("שָׁלוֹם", ["vowel points", "mark positioning"]),
    ("港口", ["Chinese, Japanese or Korean", "16 MB"]),
    ("Skull 💀", ["emoji"]),
])
def test_each_script_is_refused_with_its_reason(text, words):
    from sheetgen.assets.scripts import UnprintableText, check_printable

    with pytest.raises(UnprintableText) as info:
        check_printable(text, "serif")
    for word in words:
        assert word in info.value.message
    assert info.value.hint


def test_every_bundled_face_has_printable_ascii():
    """check_printable skips printable ASCII without reading a font: this is why it may."""
    from sheetgen.assets.fonts import font_names

    ascii_text = "".join(chr(c) for c in range(32, 127))
    for font in font_names():
        assert missing_glyphs(ascii_text, font) == "", font


def test_the_pdf_canvas_refuses_what_it_would_draw_as_nothing():
    from sheetgen.assets.scripts import UnprintableText
    from sheetgen.render.pdf import PdfCanvas

    canvas = PdfCanvas()
    canvas.begin_page(100, 100)
    with pytest.raises(UnprintableText):
        canvas.text(10, 10, "Port 港", "sans", 10, (0, 0, 0))


def _island_file(tmp_path, place: str | None = None, name: str | None = None) -> Path:
    import yaml

    source = sorted((REPO / "layouts" / "captains_curse" / "islands").glob("*.yaml"))[0]
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    if name is not None:
        data["name"] = name
    if place is not None:
        next(s for s in data["spaces"] if "place" in s)["place"] = place
    path = tmp_path / "isle.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


def test_an_island_file_with_an_unprintable_place_name_is_refused_at_its_line(runner,
                                                                            tmp_path):
    path = _island_file(tmp_path, place="المرسى")
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if "المرسى" in text)
    out = tmp_path / "sheet.pdf"
    done = runner.invoke(main, ["render", "captains-curse/island-sheet", "--set",
                                f"island={path}", "-q", "-o", str(out)])
    assert done.exit_code == 2, done.output
    assert f"{path}:{line}:" in done.stderr and "Arabic" in done.stderr
    assert "place" in done.stderr and "hint: write it in Latin letters" in done.stderr
    assert "Traceback" not in done.stderr and not out.exists()


def test_an_island_name_in_cjk_is_refused_at_its_line(runner, tmp_path):
    path = _island_file(tmp_path, name="宝島")
    done = runner.invoke(main, ["render", "captains-curse/island-sheet", "--set",
                                f"island={path}", "-q", "-o", str(tmp_path / "x.pdf")])
    line = next(i for i, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if text.startswith("name:"))
    assert done.exit_code == 2 and "the island name" in done.stderr
    assert f"{path}:{line}:" in done.stderr


def test_a_deck_card_name_points_at_its_data_row(runner, tmp_path):
    (tmp_path / "deck.csv").write_text("name,text\nPort Royal,A port\nمرسى,Harbour\n",
                                       encoding="utf-8")
    layout = tmp_path / "deck.yaml"
    layout.write_text("page: {size: [63mm, 88mm], bleed: 3mm}\ndata: deck.csv\nelements:\n"
                      "  - {type: text, text: '${row.name}', x: 5mm, y: 10mm, w: 50mm}\n",
                      encoding="utf-8")
    done = runner.invoke(main, ["validate", str(layout)])
    assert done.exit_code == 2, done.output
    assert f"{tmp_path / 'deck.csv'}:3:" in done.stderr and "field 'name'" in done.stderr
    assert "Arabic" in done.stderr and "Traceback" not in done.stderr


def test_the_studio_refuses_an_unprintable_rename(tmp_path):
    import yaml

    from sheetgen.games.captains_curse.studio.edit import Edit, EditRejected, apply_edit

    data = yaml.safe_load(_island_file(tmp_path).read_text(encoding="utf-8"))
    with pytest.raises(EditRejected, match="Chinese, Japanese or Korean"):
        apply_edit(data, Edit("rename", text="宝島"))
    space = next(s for s in data["spaces"] if "place" in s)
    with pytest.raises(EditRejected, match="emoji"):
        apply_edit(data, Edit("set_place", space=space["id"], text="Skull 💀"))


def test_hebrew_prints_right_to_left_in_the_bundled_fallback_face(runner, write_layout,
                                                                 tmp_path):
    import subprocess

    path = write_layout(LAYOUT.replace("Port TEXT", "נמל הצדפים")
                        + "  - {type: text, text: 'מפרץ (הגולגולת)', x: 20, y: 40, "
                          "font: display}\n")
    out = tmp_path / "x.pdf"
    done = runner.invoke(main, ["render", str(path), "-q", "-o", str(out), "--preflight"])
    assert done.exit_code == 0, done.output
    fonts = subprocess.run(["pdffonts", str(out)], capture_output=True, text=True).stdout
    assert "NotoSansHebrew-Regular" in fonts
    # drawn as the reader sees it: the first word on the right, each word's last letter
    # first, brackets mirrored (pdftotext -bbox lists the glyphs as drawn, left to right)
    words = re.findall(r'<word xMin="([\d.]+)" yMin="([\d.]+)"[^>]*>([^<]+)</word>',
                       subprocess.run(["pdftotext", "-bbox", str(out), "-"],
                                      capture_output=True, text=True).stdout)
    drawn = [w for _, _, w in sorted(words, key=lambda w: (float(w[1]), float(w[0])))]
    assert drawn[:2] == ["םיפדצה", "למנ"] and "(תלוגלוגה)" in drawn


def test_hebrew_widths_and_outlines_use_the_fallback_face():
    from sheetgen.assets.fonts import face_runs, string_width, text_outline

    assert face_runs("נמל הצדפים", "display") == [("נמל", "hebrew"), (" ", "display"),
                                                  ("הצדפים", "hebrew")]
    width = string_width("נמל", "serif", 10)
    assert width == pytest.approx(string_width("נמל", "hebrew", 10)) and width > 10
    assert text_outline("נ", "serif", 10) == text_outline("נ", "hebrew", 10) != []


def test_visual_order_reverses_only_hebrew_lines():
    from sheetgen.assets.scripts import visual_order

    assert visual_order("Port Royal (east)") == "Port Royal (east)"
    assert visual_order("אב (גד)") == "(דג) בא"


def test_bold_inside_a_hebrew_line_is_refused(runner, write_layout, tmp_path):
    path = write_layout(LAYOUT.replace("Port TEXT", "נמל **הצדפים**"))
    done = runner.invoke(main, ["render", str(path), "-q", "-o", str(tmp_path / "x.pdf")])
    assert done.exit_code == 2 and f"{path}:3:" in done.stderr
    assert "wrong order" in done.stderr


def test_a_hebrew_place_name_is_printed_on_the_island_map(tmp_path):
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import RenderOptions, load_layout
    from sheetgen.render.compose import compose
    from sheetgen.render.recording import RecordingCanvas

    path = _island_file(tmp_path, place="הצדפים")
    layout = load_layout(find_layout("captains-curse/island-map"),
                         RenderOptions(overrides={"island": str(path)}))
    canvas = RecordingCanvas()
    compose(layout, canvas)
    assert any(args[2] == "הצדפים" for op, args in canvas.calls if op == "text")
