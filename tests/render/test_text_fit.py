"""Text that fits or says so: a corpus of good and bad boxes, the warning's wording and place,
--strict, and validate reporting every fault in line order."""

from __future__ import annotations

import re

import pytest

from sheetgen.cli import main
from sheetgen.errors import SheetgenError
from sheetgen.layout.document import load_layout
from sheetgen.render.compose import record_instances

LONG = "Black Bart sails the Sea of Souls with forty barrels of rum and a parrot"

GOOD = [
    "{type: text, text: 'Ahoy', x: 2, y: 2, w: 30, h: 8, size: 10}",
    "{type: text, text: 'Ahoy', x: 2, y: 2}",  # no box: nothing to overflow
    f"{{type: text, text: '{LONG}', x: 2, y: 2, w: 50, h: 30, size: 9}}",
    f"{{type: text, text: '{LONG}', x: 2, y: 2, w: 50, h: 12, size: 14, shrink: true}}",
    "{type: text, text: 'Ahoy', x: 2, y: 2, w: 30, h: 8, size: 10, align: right}",
]
BAD = [  # element, what the warning says, the smallest overflow it may give (mm)
    (f"{{type: text, text: '{LONG}', x: 2, y: 2, w: 50, h: 8, size: 10}}",
     r"text overflows its box by (\d+\.\d) mm", 3.0),
    (f"{{type: text, text: '{LONG} {LONG} {LONG}', x: 2, y: 2, w: 50, h: 8, size: 12, "
     "shrink: true}", r"text overflows its box by (\d+\.\d) mm \(at min_size\)", 0.1),
    ("{type: text, text: 'Supercalifragilisticexpialidocious', x: 2, y: 2, w: 20, h: 20, "
     "size: 10}", r"the word 'Supercalifragilisticexpialidocious' is (\d+\.\d) mm wider", 5),
    (f"{{type: text, text: '{LONG}', x: 2, y: 2, w: 50, size: 10, wrap: false}}",
     r"text overflows its box by (\d+\.\d) mm", 20),
]


def _warnings(write_layout, element: str, data: str = "") -> list:
    path = write_layout(f"page: {{size: [60mm, 40mm]}}\n{data}\nelements:\n  - {element}\n")
    found: list = []
    record_instances(load_layout(path), warnings=found)
    return found


@pytest.mark.parametrize("element", GOOD)
def test_text_that_fits_gives_no_warning(write_layout, element):
    assert _warnings(write_layout, element) == []


@pytest.mark.parametrize("element,pattern,least", BAD)
def test_text_that_overflows_says_so(write_layout, element, pattern, least):
    (warning,) = _warnings(write_layout, element)
    match = re.search(pattern, warning.message)
    assert match, warning.message
    assert float(match.group(1)) >= least
    assert warning.position.line == 4 and warning.position.column == 5
    assert warning.message.endswith("(page 1)")


def test_the_warning_names_page_and_row(write_layout):
    data = "data: [{name: Anne}, {name: Black Bart of the Sea of Souls}]"
    found = _warnings(write_layout, "{type: text, text: '${name}', x: 2, y: 2, w: 20, h: 6, "
                      "wrap: false}", data)
    assert len(found) == 1
    text = found[0].format()
    assert re.fullmatch(r"warning: .*layout\.yaml:4:5: text overflows its box by \d+\.\d mm "
                        r"\(page 2, row 2, 'Black Bart of the Sea of Souls'\)",
                        text), text


def test_shrink_stops_at_six_points_by_default(write_layout):
    path = write_layout(f"""
        elements:
          - {{type: text, text: '{LONG} {LONG}', x: 2, y: 2, w: 40, h: 5, size: 12,
             shrink: true}}
        """)
    (inst,) = record_instances(load_layout(path))
    sizes = {args[4] for _, rec in inst.blocks for op, args in rec.calls if op == "text"}
    assert sizes == {6.0}


BAD_LAYOUT = """
page: {size: [60mm, 40mm]}
data: [{n: 1}, {n: 2}]
elements:
  - {type: text, text: "${n + nope}", x: 2, y: 2}
  - {type: text, text: 'ok', x: 2, y: 2}
  - {type: rect, w: "${n / 0}", h: 4}
  - {type: text, text: 'Supercalifragilisticexpialidocious', x: 2, y: 2, w: 10, h: 5}
"""


def test_validate_reports_every_fault_in_line_order(runner, write_layout):
    path = write_layout(BAD_LAYOUT)
    result = runner.invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    lines = [ln for ln in result.stderr.splitlines() if ln.startswith(("error:", "warning:"))]
    assert [int(ln.split(":")[2]) for ln in lines] == [4, 6, 7, 7]  # the warning per page
    assert "(row 1, '1') (and 1 more row)" in lines[0] and "2 faults" in result.stderr


def test_parse_faults_are_all_reported(write_layout):
    path = write_layout("""
        elements:
          - {type: rect, w: 12mn, h: 3}
          - {type: text, txt: hi}
          - {type: circle, r: 3}
        """)
    with pytest.raises(SheetgenError) as err:
        load_layout(path)
    text = err.value.format()
    assert [int(m) for m in re.findall(r"layout\.yaml:(\d+):", text)] == [2, 3, 4]
    assert "3 faults" in text


def test_strict_render_exits_2_and_writes_nothing(runner, write_layout, tmp_path):
    path = write_layout("elements: [{type: text, text: 'Supercalifragilistic', w: 8, h: 9}]")
    out = tmp_path / "out.pdf"
    result = runner.invoke(main, ["render", str(path), "-o", str(out), "--strict", "-q"])
    assert result.exit_code == 2 and not out.exists()
    assert "wider than its box" in result.stderr
    result = runner.invoke(main, ["render", str(path), "-o", str(out), "-q"])
    assert result.exit_code == 0 and out.exists() and "warning:" in result.stderr
    result = runner.invoke(main, ["validate", str(path), "--strict"])
    assert result.exit_code == 2


def test_faults_in_several_sections_are_all_reported(write_layout):
    path = write_layout("""
        page: {size: a44}
        styles:
          title: {colr: red}
        data:
          - {name: coin, copies: -2}
        elements:
          - {type: rect, w: 12mn, h: 3}
        """)
    with pytest.raises(SheetgenError) as err:
        load_layout(path)
    text = err.value.format()
    lines = [int(m) for m in re.findall(r"layout\.yaml:(\d+):", text)]
    assert lines == [1, 3, 5]  # elements are not checked while a style is broken
    assert "3 faults" in text
    fixed = path.read_text().replace("colr", "color")
    path.write_text(fixed)
    with pytest.raises(SheetgenError) as err:
        load_layout(path)
    assert [int(m) for m in re.findall(r"layout\.yaml:(\d+):", err.value.format())] == [1, 5, 7]


def _fit_walked(text, font, size, width, height, min_size, leading, wrap):
    """`fit_text`'s shrink as it was written first: laid out at every step (the reference
    `text._past_wide_words` must agree with)."""
    from sheetgen.layout.elements.text import FIT_STEP, Fit, layout_lines

    fit = Fit(size, layout_lines(text, font, size, width, wrap), font, leading, False)
    while True:
        ok = fit.overflow(width, height) <= 0.01
        if ok or fit.size <= min_size:
            return Fit(fit.size, fit.lines, font, leading, ok)
        size = max(min_size, fit.size - FIT_STEP)
        fit = Fit(size, layout_lines(text, font, size, width, wrap), font, leading, False)


FIT_TEXTS = ["Ahoy", "Supercalifragilisticexpialidocious rum", "a :skull: b",
             "**Bold** *and* plain\nx", "Ἀχιλλεύς 東京", ""]


@pytest.mark.parametrize("text", FIT_TEXTS)
def test_shrink_skips_only_sizes_at_which_a_word_is_too_wide(text):
    """The shrink's shortcut past sizes at which one word alone is wider than the box
    (`text._past_wide_words`) ends on the size, lines and verdict of laying the text out at
    every step, for sizes from 14 to 400 pt (odd ones too, whose steps are inexact sums),
    boxes 12 to 200 pt wide, with and without a height, and unwrapped (no shortcut)."""
    from sheetgen.layout.elements.text import fit_text

    cases = [(size, width, height, min_size, True)
             for size in (14.0, 33.3)
             for width in (12.0, 37.5, 200.0)
             for height in (None, 60.0)
             for min_size in (5.0, 7.3)]
    cases += [(33.3, 37.5, None, 4.1, False), (400.0, 30.0, None, 5.0, True)]
    for size, width, height, min_size, wrap in cases:
        got = fit_text(text, "serif", size, width, height, min_size=min_size, leading=1.15,
                       wrap=wrap)
        want = _fit_walked(text, "serif", size, width, height, min_size, 1.15, wrap)
        assert got == want, (text, size, width, height, min_size, wrap)
