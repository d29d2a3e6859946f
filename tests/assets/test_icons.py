"""The icon library: every icon loads, stays in its unit box, is credited, and draws."""

from __future__ import annotations

import shutil
import subprocess
import sys
from dataclasses import FrozenInstanceError
from pathlib import Path

import pytest

from sheetgen.assets import icons
from sheetgen.errors import SheetgenError

NAMES = icons.icon_names()

# What other parts of sheetgen ask for by name (issue 2, and the Captain's Curse spec).
TREASURE = ["barrel", "chest", "skull", "map", "coins", "rum"]
OTHERS = ["die", "anchor", "ship", "flag", "swords", "sword", "coin", "parrot", "compass",
          "cannon", "hook", "palm", "tentacle", "voodoo-doll", "candle", "crossbones",
          "hourglass", "shield", "gem", "key", "spyglass", "wheel", "treasure-map", "bottle",
          "crab", "shark", "wave", "island", "crown", "heart", "lightning", "fire", "eye",
          "spiral", "rope", "lantern", "hat", "ghost", "whirlpool"]
# The Curse of the Black Dice (issue 13): tokens, enemies and the sword-and-hook die face.
BLACK_DICE = ["kraken", "blockade", "ship-damage", "cannonball", "sword-hook",
              "spanish-galleon", "ghost-ship"]


def test_every_requested_name_is_in_the_library():
    assert [n for n in TREASURE + OTHERS + BLACK_DICE if n not in NAMES] == []


def test_an_icon_put_together_from_two_credits_both():
    credit = icons.get_icon("sword-hook").credit
    assert credit.startswith("“Broadsword” and “Pirate hook” by Lorc and Delapouite")


@pytest.mark.parametrize("name", NAMES)
def test_icon_is_a_closed_outline_inside_the_unit_box(name):
    icon = icons.get_icon(name)
    assert icon.name == name
    assert icon.ops[0][0] == "M"
    assert icon.ops[-1] == ("Z",)
    arity = {"M": 2, "L": 2, "C": 6, "Z": 0}
    for prev, op in zip(icon.ops, icon.ops[1:], strict=False):
        assert (prev[0] == "Z") == (op[0] == "M"), "every sub-path starts with M, ends with Z"
    for op in icon.ops:
        assert len(op) == 1 + arity[op[0]], op
        assert all(0.0 <= v <= 1.0 for v in op[1:]), op


@pytest.mark.parametrize("name", NAMES)
def test_icon_is_fitted_and_centred(name):
    """Touches the box on its longer side, centred on the shorter one."""
    ops = icons.get_icon(name).ops
    xs = [v for op in ops for v in op[1::2]]
    ys = [v for op in ops for v in op[2::2]]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    assert max(x1 - x0, y1 - y0) == pytest.approx(1.0, abs=2e-4)
    assert (x0 + x1) / 2 == pytest.approx(0.5, abs=2e-4)
    assert (y0 + y1) / 2 == pytest.approx(0.5, abs=2e-4)


@pytest.mark.parametrize("name", NAMES)
def test_icon_is_credited_to_an_author(name):
    icon = icons.get_icon(name)
    assert "game-icons.net" in icon.credit and "CC BY 3.0" in icon.credit
    assert "contributors" not in icon.credit  # a named author, not the set
    credits = (icons.LIBRARY.parent / "CREDITS.md").read_text(encoding="utf-8")
    assert f"| `{name}` |" in credits


def test_licence_text_is_shipped():
    text = (icons.LIBRARY.parent / "CC-BY-3.0.txt").read_text(encoding="utf-8")
    assert "Attribution 3.0 Unported" in text


def test_icons_are_frozen():
    icon = icons.get_icon("skull")
    with pytest.raises(FrozenInstanceError):
        icon.name = "other"  # type: ignore[misc]


def test_unknown_icon_is_a_user_error_with_a_suggestion():
    with pytest.raises(SheetgenError) as err:
        icons.get_icon("skul")
    assert err.value.hint == "did you mean 'skull'?"
    with pytest.raises(SheetgenError) as err:
        icons.get_icon("zeppelin")
    assert "anchor" in (err.value.hint or "")  # lists what there is


def test_parse_path_reads_what_the_vendoring_tool_writes():
    assert icons.parse_path("M0 0.5L1 0.5C0 0 1 1 0.25 0.75Z") == (
        ("M", 0.0, 0.5), ("L", 1.0, 0.5), ("C", 0.0, 0.0, 1.0, 1.0, 0.25, 0.75), ("Z",))
    with pytest.raises(ValueError):
        icons.parse_path("M0 0.5 1")


def _ink_fraction(ops: tuple[tuple, ...], even_odd: bool, tmp_path: Path) -> float:
    """Draw an icon alone on a page and measure how much of its box is black."""
    pdfium = pytest.importorskip("pypdfium2")
    from reportlab.pdfgen import canvas

    from sheetgen.assets import fonts

    fonts.register_reportlab()
    out = tmp_path / "icon.pdf"
    c = canvas.Canvas(str(out), pagesize=(100, 100), invariant=1, initialFontName="sans")
    path = c.beginPath()
    for op in ops:
        pts = [(op[i] * 100, 100 - op[i + 1] * 100) for i in range(1, len(op), 2)]
        if op[0] == "M":
            path.moveTo(*pts[0])
        elif op[0] == "L":
            path.lineTo(*pts[0])
        elif op[0] == "C":
            path.curveTo(*pts[0], *pts[1], *pts[2])
        else:
            path.close()
    c.drawPath(path, stroke=0, fill=1, fillMode=1 if even_odd else 0)
    c.save()
    page = pdfium.PdfDocument(str(out))[0]
    image = page.render(scale=1).to_pil().convert("L")
    dark = sum(image.histogram()[:128])
    return dark / (image.width * image.height)


@pytest.mark.parametrize("name", TREASURE + ["anchor", "compass", "coin", "die"])
def test_icon_draws_as_a_visible_shape(name, tmp_path):
    """Neither blank nor a solid square: catches broken arc conversion or a lost sub-path."""
    icon = icons.get_icon(name)
    ink = _ink_fraction(icon.ops, icon.even_odd, tmp_path)
    assert 0.15 < ink < 0.85


def test_contact_sheet_tool_renders(tmp_path):
    if shutil.which("pdftoppm") is None:
        pytest.skip("poppler-utils not installed")
    root = Path(__file__).resolve().parents[2]
    out = tmp_path / "sheet.pdf"
    subprocess.run([sys.executable, str(root / "tools/assets/contact_sheet.py"), "-o", str(out)],
                   check=True, capture_output=True)
    report = subprocess.run(["pdffonts", str(out)], check=True, capture_output=True,
                            text=True).stdout
    assert "Helvetica" not in report and " no " not in report


def test_placed_fits_the_box_keeping_aspect_and_centring():
    icon = icons.get_icon("anchor")
    ops = icon.placed(10, 20, 40, 20)  # a wide box: the icon is 20 x 20, centred in x
    xs = [v for op in ops for v in op[1::2]]
    ys = [v for op in ops for v in op[2::2]]
    assert min(xs) >= 20 - 1e-9 and max(xs) <= 40 + 1e-9
    assert min(ys) >= 20 - 1e-9 and max(ys) <= 40 + 1e-9
    assert [op[0] for op in ops] == [op[0] for op in icon.ops]
    assert ops[0][1:] == pytest.approx((20 + icon.ops[0][1] * 20, 20 + icon.ops[0][2] * 20))
