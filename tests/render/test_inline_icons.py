"""Inline icons in text: `:name:` sets a bundled icon one em wide inside the line, in the
text's colour, in wrapped, shrunk and grid-cell text; unknown names stay text and warn."""

from __future__ import annotations

import pytest

from sheetgen.cli import main
from sheetgen.layout.document import load_layout
from sheetgen.layout.elements.text import layout_lines, line_width, split_runs
from sheetgen.render.compose import record_instances


def _calls(write_layout, element: str, warnings: list | None = None) -> list:
    path = write_layout(f"page: {{size: [80mm, 40mm]}}\nelements:\n  - {element}\n")
    (inst,) = record_instances(load_layout(path), warnings=warnings)
    return [(op, args) for _, rec in inst.blocks for op, args in rec.calls]


def test_known_names_become_icon_runs_and_others_stay_text():
    runs = split_runs("Take 2 :coin: and :nothing: or **:skull:**", "serif")
    assert [r.icon for r in runs if r.icon] == ["coin", "skull"]
    assert "".join(r.text for r in runs) == "Take 2  and :nothing: or "


def test_an_icon_is_one_em_wide_and_wraps_with_its_word():
    size = 10.0
    plain = line_width(split_runs("Take 2 from", "serif"), size)
    with_icon = line_width(split_runs("Take 2 :coin: from", "serif"), size)
    space = line_width(split_runs(" ", "serif"), size)
    assert with_icon == pytest.approx(plain + size + space)
    lines = layout_lines("Take :coin:, then :skull: again", "serif", size, 40.0, True)
    assert [any(r.icon for r in line) for line in lines].count(True) >= 1
    assert all(line_width(line, size) <= 40.0 or len(line) == 1 for line in lines)


def test_icons_are_drawn_in_line_in_the_text_colour(write_layout):
    calls = _calls(write_layout, "{type: text, text: 'Pay 1 :coin: now', x: 10, y: 10, "
                                 "size: 10, color: '#ff0000'}")
    texts = [args for op, args in calls if op == "text"]
    paths = [args for op, args in calls if op == "path"]
    assert [t[2] for t in texts] == ["Pay 1 ", " now"]
    assert len(paths) == 1 and paths[0][1] == (1.0, 0.0, 0.0)
    xs = [x for op in paths[0][0] for x in op[1::2]]
    assert texts[0][0] + 20 < min(xs) and max(xs) <= texts[1][0] + 0.01  # between the words
    ys = [y for op in paths[0][0] for y in op[2::2]]
    assert min(ys) < texts[0][1] < max(ys) + 3  # on the text line, around the baseline


def test_shrunk_text_shrinks_its_icons(write_layout):
    calls = _calls(write_layout, "{type: text, text: ':skull: :skull: :skull: :skull: :skull: "
                                 ":skull: :skull: :skull:', x: 0, y: 0, w: 40, h: 6, size: 20, "
                                 "shrink: true}")
    paths = [args for op, args in calls if op == "path"]
    assert len(paths) == 8
    widths = {round(max(o[1] for o in p[0] if len(o) > 2) - min(o[1] for o in p[0]
                                                                 if len(o) > 2), 1)
              for p in paths}
    assert max(widths) < 20 * 0.8  # well under the 20 pt it started at


def test_grid_cells_take_icons(write_layout):
    calls = _calls(write_layout, "{type: grid, x: 0, y: 0, columns: [30mm], rows: [8mm], "
                                 "cells: [{row: 0, col: 0, text: 'Cost 1 :coin:'}]}")
    assert any(op == "path" and args[2] is None for op, args in calls)  # the filled icon
    assert [args[2] for op, args in calls if op == "text"] == ["Cost 1 "]


def test_an_unknown_name_warns(write_layout):
    warnings: list = []
    _calls(write_layout, "{type: text, text: 'Roll :dice: now', x: 0, y: 0}", warnings)
    (warning,) = warnings
    assert "':dice:' is not an icon" in warning.message and "die" in warning.message


def test_elements_shows_choices_and_the_icon_command(runner):
    result = runner.invoke(main, ["elements", "text"])
    assert "one of left | center | right" in result.output
    assert "sheetgen icons" in runner.invoke(main, ["elements", "icon"]).output
