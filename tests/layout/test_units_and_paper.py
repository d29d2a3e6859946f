"""Lengths, colours, paper sizes and page geometry, all in points after loading."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.layout.colors import ColorError, parse_color
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.layout.units import PT_PER, UnitError, mm, parse_length

MM = 72 / 25.4


@pytest.mark.parametrize("value, points", [
    ("12mm", 12 * MM), ("1.5in", 108.0), ("10pt", 10.0), ("2cm", 20 * MM), (" 3 mm ", 3 * MM),
    (".5in", 36.0), ("-4mm", -4 * MM), (7, 7 * MM), (2.5, 2.5 * MM), ("7", 7 * MM),
])
def test_lengths(value, points):
    assert parse_length(value) == pytest.approx(points)


def test_bare_numbers_take_the_default_unit():
    assert parse_length(3, "pt") == 3.0
    assert parse_length("3", "in") == 216.0
    assert mm(parse_length("25.4mm")) == pytest.approx(25.4)


@pytest.mark.parametrize("value, message", [
    ("12mn", "unknown unit 'mn' in '12mn'"),
    ("12 px", "unknown unit 'px'"),
    ("twelve", "'twelve' is not a length"),
    ("1e3mm", "is not a length"),
    (True, "expected a length such as 12mm, got True"),
    (None, "expected a length such as 12mm, got None"),
    ([1, 2], "expected a length"),
])
def test_bad_lengths(value, message):
    with pytest.raises(UnitError) as info:
        parse_length(value)
    assert message in str(info.value)


@pytest.mark.parametrize("value, rgb", [
    ("#ff0000", (1.0, 0.0, 0.0)), ("#F00", (1.0, 0.0, 0.0)), ("white", (1.0, 1.0, 1.0)),
    ("navy", (0x1d / 255, 0x35 / 255, 0x57 / 255)), (" Black ", (0.0, 0.0, 0.0)),
    ("none", None), ("transparent", None), (None, None),
])
def test_colours(value, rgb):
    assert parse_color(value) == (pytest.approx(rgb) if rgb else None)


@pytest.mark.parametrize("value", ["#12345g", "#1234", "mauve", "", 12, "rgb(1,2,3)"])
def test_bad_colours(value):
    with pytest.raises(ColorError):
        parse_color(value)


@pytest.mark.parametrize("size, orientation, w_mm, h_mm", [
    ("a4", "portrait", 210, 297), ("a4", "landscape", 297, 210), ("letter", "portrait", 215.9,
                                                                    279.4),
    ("A5", "portrait", 148, 210), ("poker", "landscape", 88.9, 63.5),
    ("[100mm, 50mm]", "portrait", 50, 100), ("[100mm, 50mm]", "landscape", 100, 50),
    ("[4in, 6in]", "portrait", 101.6, 152.4),
])
def test_paper_sizes(write_layout, size, orientation, w_mm, h_mm):
    lay = load_layout(write_layout(f"page: {{size: {size}, orientation: {orientation}}}\n"))
    assert (lay.page.width / MM, lay.page.height / MM) == (pytest.approx(w_mm),
                                                          pytest.approx(h_mm))


def test_width_and_height_and_page_unit(write_layout):
    lay = load_layout(write_layout("page: {width: 2, height: 3, unit: in, bleed: 0.125}\n"))
    assert (lay.page.width, lay.page.height, lay.page.bleed) == (144.0, 216.0, 9.0)
    assert lay.unit == "in"


def test_page_defaults(write_layout):
    lay = load_layout(write_layout("name: x\n"))
    assert (lay.page.width / MM, lay.page.height / MM) == (pytest.approx(210),
                                                          pytest.approx(297))
    assert lay.page.bleed == pytest.approx(3 * MM)
    assert lay.page.margin == pytest.approx(5 * MM)
    assert lay.page.crop_marks is False


def test_zero_bleed_is_allowed_and_negative_is_not(write_layout):
    assert load_layout(write_layout("page: {bleed: 0}\n")).page.bleed == 0.0
    with pytest.raises(SheetgenError) as info:
        load_layout(write_layout("page: {bleed: -1mm}\n"))
    assert info.value.message == "bleed cannot be negative"
    assert (info.value.position.line, info.value.position.column) == (1, 15)


def test_options_override_paper_bleed_and_marks(write_layout):
    path = write_layout("page: {size: a4, bleed: 3mm, crop_marks: false}\n")
    lay = load_layout(path, RenderOptions(paper="letter", bleed=False, crop_marks=True))
    assert lay.page.width == pytest.approx(215.9 * MM)
    assert lay.page.bleed == 0.0
    assert lay.page.crop_marks is True


def test_paper_option_sets_the_sheet_of_an_imposed_layout(write_layout):
    path = write_layout("""
        page: {size: [100mm, 140mm]}
        imposition: {sheet: a4, orientation: landscape, across: 2}
        """)
    lay = load_layout(path, RenderOptions(paper="letter"))
    assert lay.page.width == pytest.approx(100 * MM)
    assert lay.imposition.sheet_width == pytest.approx(279.4 * MM)
    assert lay.imposition.per_sheet == 2


def test_page_needs_both_width_and_height(write_layout):
    with pytest.raises(SheetgenError) as info:
        load_layout(write_layout("page:\n  width: 10cm\n"))
    assert info.value.message == "page needs both width and height"
    assert (info.value.position.line, info.value.position.column) == (2, 3)


def test_unit_table():
    assert PT_PER == {"pt": 1.0, "mm": 72 / 25.4, "cm": 720 / 25.4, "in": 72.0}


def test_custom_size_without_orientation_is_kept_as_written(write_layout):
    """[width, height] means what it says; only an explicit orientation turns it."""
    lay = load_layout(write_layout("page: {size: [100mm, 60mm]}\n"))
    assert (lay.page.width / MM, lay.page.height / MM) == (pytest.approx(100),
                                                          pytest.approx(60))
    lay = load_layout(write_layout("page: {size: a6}\n"))
    assert lay.page.width < lay.page.height


def test_length_text_round_trips_for_any_number_and_unit():
    from hypothesis import given
    from hypothesis import strategies as st

    @given(st.floats(-1e4, 1e4, allow_nan=False).map(lambda v: round(v, 4)),
           st.sampled_from(sorted(PT_PER)))
    def check(value, unit):
        assert parse_length(f"{value}{unit}") == pytest.approx(value * PT_PER[unit])
        assert parse_length(value, unit) == pytest.approx(value * PT_PER[unit])

    check()
