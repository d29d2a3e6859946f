"""Bad layouts: every fault is reported at its exact `file:line:column`, with a useful message
and, for misspelt names, a 'did you mean' hint. Each case is checked both through the library
(the SheetgenError's fields) and, for a few, through the formatted text a user sees."""

from __future__ import annotations

import pytest

from sheetgen.errors import Position, SheetgenError, did_you_mean
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import record_instances


def fault(path, options=None) -> SheetgenError:
    """The error that loading and drawing (into recordings) the layout at `path` raises."""
    with pytest.raises(SheetgenError) as info:
        record_instances(load_layout(path, options))
    return info.value


# (id, yaml, message (exact, or a substring when it ends with '...'), line, column, hint)
CASES = [
    ("game-key",
     """
     page: {size: a6}
     game: {id: captains_curse}
     elements: []
     """,
     "a layout has no 'game:' key", 2, 1,
     "delete it: a game's element types already name their game (type: "
     "captains_curse.island_map), and game data comes from provide('<game>.<name>')"),
    ("yaml-syntax",
     """
     page:
       size: a4
        bleed: 3mm
     """,
     "YAML syntax error: mapping values are not allowed here", 3, 9,
     "check indentation, colons and quotes near this place"),
    ("yaml-tab",
     "page:\n\tsize: a4\n",
     "YAML syntax error: found character '\\t' that cannot start any token", 2, 1,
     "check indentation, colons and quotes near this place"),
    ("yaml-unclosed-brace",
     """
     page:
       size: a4
     elements:
       - {type: rect, x: 1
     """,
     "YAML syntax error: expected ',' or '}', but got '<stream end>'", 4, 5,
     "a flow mapping starting here is not closed before the end of the file"),
    ("yaml-unclosed-quote",
     """
     elements:
       - {type: text, text: "Ahoy}
     """,
     "YAML syntax error: found unexpected end of stream", 2, 24,
     "a quoted scalar starting here is not closed before the end of the file"),
    ("duplicate-key",
     """
     page:
       size: a4
       size: a5
     """,
     "duplicate key 'size'", 3, 3, "'size' is already set at {file}:2:3"),
    ("unknown-top-key",
     """
     version: 1
     elemnts: []
     """,
     "unknown layout key 'elemnts'", 2, 1, "did you mean 'elements'?"),
    ("unknown-type",
     """
     elements:
       - type: rectt
         w: 10
         h: 10
     """,
     "unknown element type 'rectt'", 2, 11, "did you mean 'rect'?"),
    ("no-type",
     """
     elements:
       - {w: 10, h: 10}
     """,
     "element has no 'type'", 2, 5, "one of: ..."),
    ("unknown-field",
     """
     elements:
       - type: rect
         w: 10
         h: 10
         fil: red
     """,
     "'rect' has no field 'fil'", 5, 5, "did you mean 'fill'?"),
    ("missing-field",
     """
     elements:
       - type: rect
         w: 10
     """,
     "'rect' needs a 'h' field", 2, 5, "height, e.g. 12mm"),
    ("wrong-unit",
     """
     elements:
       - type: rect
         w: 12mn
         h: 10
     """,
     "rect.w: unknown unit 'mn' in '12mn' (use mm, cm, in or pt)", 3, 8, "width, e.g. 40mm"),
    ("not-a-length",
     """
     elements:
       - {type: circle, cx: 10, cy: ten, r: 3}
     """,
     "circle.cy: 'ten' is not a length (write it like 12mm, 1.5in, 10pt or 2cm)", 2, 32,
     "centre y"),
    ("negative-size",
     """
     elements:
       - {type: rect, w: -3mm, h: 4}
     """,
     "rect.w: expected a length of zero or more, got '-3mm'", 2, 21, "width, e.g. 40mm"),
    ("bad-colour",
     """
     elements:
       - type: rect
         w: 12
         h: 10
         fill: '#12345g'
     """,
     "rect.fill: '#12345g' is not a colour ...", 5, 11, "fill colour, e.g. '#f3e7c9', or none"),
    ("bad-page-colour",
     """
     page:
       background: mauve
     """,
     "background: 'mauve' is not a colour ...", 2, 15, None),
    ("bad-paper",
     """
     page:
       size: a44
     """,
     "unknown paper size 'a44'", 2, 9, "did you mean 'a4'?"),
    ("bad-paper-no-guess",
     """
     page:
       size: tabloidish
     """,
     "unknown paper size 'tabloidish'", 2, 9,
     "known sizes: a0, a1, a2, a3, a4, a5, a6, letter, legal, half-letter, poker, bridge, tarot, "
     "or [width, height]"),
    ("bad-orientation",
     """
     page: {size: a4, orientation: sideways}
     """,
     "orientation 'sideways' is not portrait or landscape", 1, 31, None),
    ("unknown-page-key",
     """
     page:
       bleeed: 3mm
     """,
     "'page' has no key 'bleeed'", 2, 3, "did you mean 'bleed'?"),
    ("unknown-style",
     """
     styles:
       big: {size: 20}
     elements:
       - {type: text, text: hi, style: bgi}
     """,
     "unknown style 'bgi'", 4, 35, "did you mean 'big'?"),
    ("style-unknown-field",
     """
     styles:
       big: {sise: 20}
     """,
     "style 'big' sets 'sise', which no element has", 2, 9, "did you mean 'size'?"),
    ("style-extends-unknown",
     """
     styles:
       big: {size: 20}
       huge: {extends: bgi, size: 30}
     """,
     "style 'huge' extends unknown style 'bgi'", 3, 19, "did you mean 'big'?"),
    ("style-cycle",
     """
     styles:
       a: {extends: b}
       b: {extends: a}
     """,
     "styles extend each other in a circle: a -> b -> a", 3, 16, None),
    ("unknown-component",
     """
     components:
       row: {elements: []}
     elements:
       - {type: use, component: rwo}
     """,
     "unknown component 'rwo'", 4, 28, "did you mean 'row'?"),
    ("component-without-elements",
     """
     components:
       row: {vars: {a: 1}}
     """,
     "component 'row' needs 'elements:'", 2, 8, None),
    ("unknown-variable",
     """
     vars:
       matches: 6
     elements:
       - {type: text, text: 'n=${matchs}'}
     """,
     "unknown name 'matchs'", 4, 24, "did you mean 'matches'?"),
    ("unknown-function",
     """
     elements:
       - {type: text, text: '${uper("a")}'}
     """,
     "unknown function 'uper'", 2, 24, "did you mean 'upper'?"),
    ("python-attribute",
     """
     elements:
       - {type: text, text: '${().__class__}'}
     """,
     "'().__class__' is not allowed: a.b only reads the key b of a mapping, and () is a tuple",
     2, 24, None),
    ("expression-wrong-kind",
     """
     vars: {w: abc}
     elements:
       - {type: rect, w: '${w}', h: 3}
     """,
     "rect.w: 'abc' is not a length (write it like 12mm, 1.5in, 10pt or 2cm)", 3, 21,
     "width, e.g. 40mm"),
    ("die-value",
     """
     elements:
       - {type: die, value: 7, size: 10}
     """,
     "die.value: 7 is above the largest allowed value 6", 2, 24, "face value 1-6, 0 blank"),
    ("unknown-icon",
     """
     elements:
       - {type: icon, name: skul, size: 10}
     """,
     "unknown icon 'skul'", 2, 24, "did you mean 'skull'?"),
    ("unknown-font",
     """
     elements:
       - {type: text, text: x, font: sanss}
     """,
     "text.font: unknown font 'sanss' (bundled: ...", 2, 33, "a bundled font name"),
    ("repeat-needs-count-or-over",
     """
     elements:
       - type: repeat
         elements: []
     """,
     "repeat needs exactly one of 'count' or 'over'", 2, 5, "count: 6  or  over: ${players}"),
    ("grid-cell-outside",
     """
     elements:
       - type: grid
         columns: [10, 10]
         rows: [5]
         cells:
           - {row: 0, col: 2, text: x}
     """,
     "grid cell at row 0, col 2 (span 1x1) lies outside the 1x2 grid", 6, 9,
     "rows and columns count from 0"),
    ("grid-cell-unknown-field",
     """
     elements:
       - type: grid
         columns: [10, 10]
         rows: [5]
         cells:
           - {row: 0, col: 1, txt: x}
     """,
     "grid cell has no field 'txt'", 6, 9, "did you mean 'text'?"),
    ("repeat-over-not-a-list",
     """
     vars: {crew: 3}
     elements:
       - type: repeat
         over: "${crew}"
         elements: []
     """,
     "repeat.over must be a list, got int", 4, 11, None),
    ("grid-zero-rows",
     """
     elements:
       - {type: grid, columns: [10], rows: {count: 0, size: 5}}
     """,
     "grid.rows: 0 is below the smallest allowed value 1", 2, 39, "row heights: ..."),
    ("repeat-count-too-large",
     """
     elements:
       - {type: repeat, count: 1000000000, elements: []}
     """,
     "repeat.count: 1000000000 is above the largest allowed value 10000", 2, 27,
     "how many copies"),
    ("grid-rows-too-many",
     """
     elements:
       - {type: grid, columns: [10], rows: {count: 1000000000, size: 5}}
     """,
     "grid.rows: 1000000000 is above the largest allowed value 1000", 2, 39, "row heights: ..."),
    ("imposition-does-not-fit",
     """
     page: {size: [132mm, 196mm]}
     imposition: {sheet: a4, across: 2, down: 1}
     """,
     "2 x 1 pages of 132 x 196 mm do not fit on a 210 x 297 mm sheet", 2, 13,
     "use fewer pages across/down, a larger sheet, or the other orientation"),
    ("imposition-bad-count",
     """
     page: {size: a6}
     imposition: {sheet: a4, across: 0}
     """,
     "imposition.across must be a whole number of at least 1", 2, 33, None),
    ("data-not-rows",
     """
     data: [1, 2]
     """,
     "'data' must be a list of mappings (one per page) or a file name", 1, 7, "data: ..."),
    ("missing-include",
     """
     include: [nothere.yaml]
     """,
     "no such file: nothere.yaml", 1, 11, "paths are relative to ..."),
]


def _check(err: SheetgenError, path, message, line, column, hint) -> None:
    if message.endswith("..."):
        assert err.message.startswith(message[:-3]), err.message
    else:
        assert err.message == message
    assert err.position == Position(str(path), line, column), err.position
    if hint is None:
        assert err.hint is None
    elif hint.endswith("..."):
        assert err.hint and err.hint.startswith(hint[:-3]), err.hint
    else:
        assert err.hint == hint.replace("{file}", str(path))


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_fault_is_reported_where_it_is(case, write_layout):
    _, text, message, line, column, hint = case
    path = write_layout(text)
    _check(fault(path), path, message, line, column, hint)


def test_formatted_error_shows_the_line_and_a_caret(write_layout):
    path = write_layout("""
        elements:
          - type: rect
            w: 12mn
            h: 10
        """)
    text = fault(path).format().splitlines()
    assert text == [
        f"error: {path}:3:8: rect.w: unknown unit 'mn' in '12mn' (use mm, cm, in or pt)",
        "      w: 12mn",
        "         ^",
        "hint: width, e.g. 40mm",
    ]


def test_set_of_an_unknown_variable(write_layout):
    path = write_layout("""
        version: 1
        vars:
          matches: 6
        """)
    err = fault(path, RenderOptions(overrides={"mathces": 4}))
    assert err.message == "--set mathces: this layout has no variable 'mathces'"
    assert err.position == Position(str(path), 2, 1)
    assert err.hint == "did you mean 'matches'?"


def test_set_of_a_nested_unknown_variable_names_its_root(write_layout):
    path = write_layout("vars: {points: {a: 1}}\n")
    err = fault(path, RenderOptions(overrides={"pointz.a": 4}))
    assert err.message == "--set pointz.a: this layout has no variable 'pointz'"
    assert err.hint == "did you mean 'points'?"


def test_extends_cycle_points_at_the_extends_that_closes_it(write_layout):
    a = write_layout("extends: b.yaml\n", "a.yaml")
    b = write_layout("name: b\nextends: a.yaml\n", "b.yaml")
    err = fault(a)
    assert err.message == ("layouts extend or include each other in a circle: "
                           "a.yaml -> b.yaml -> a.yaml")
    assert err.position == Position(str(b.resolve()), 2, 10)
    assert err.hint == "remove one of these 'extends:' or 'include:' entries"


def test_a_layout_extending_itself(write_layout):
    a = write_layout("name: a\nextends: a.yaml\n", "a.yaml")
    err = fault(a)
    assert err.message.endswith("a.yaml -> a.yaml")
    assert err.position == Position(str(a), 2, 10)


def test_include_cycle_points_at_the_include_entry(write_layout):
    c = write_layout("include: [d.yaml]\n", "c.yaml")
    d = write_layout("vars: {x: 1}\ninclude:\n  - e.yaml\n  - c.yaml\n", "d.yaml")
    write_layout("vars: {y: 1}\n", "e.yaml")
    err = fault(c)
    assert err.message == ("layouts extend or include each other in a circle: "
                           "c.yaml -> d.yaml -> c.yaml")
    assert err.position == Position(str(d.resolve()), 4, 5)


def test_included_file_may_not_hold_elements(write_layout):
    main = write_layout("include: parts.yaml\n", "main.yaml")
    parts = write_layout("vars: {a: 1}\nelements: []\n", "parts.yaml")
    err = fault(main)
    assert err.message == "an included file may define only vars, styles and components, " \
                          "not 'elements'"
    assert err.position == Position(str(parts.resolve()), 2, 1)
    assert err.hint == "use 'extends:' to build on a whole layout"


def test_error_in_an_extended_file_points_into_that_file(write_layout):
    write_layout("""
        elements:
          - {type: rect, w: 10, h: 1O}
        """, "base.yaml")
    child = write_layout("extends: base.yaml\n", "child.yaml")
    err = fault(child)
    assert err.message.startswith("rect.h: '1O' is not a length")
    assert err.position.file.endswith("base.yaml")
    assert (err.position.line, err.position.column) == (2, 28)


def test_error_inside_a_component_points_at_the_component_line(write_layout):
    path = write_layout("""
        components:
          row:
            vars: {w: 10}
            elements:
              - {type: rect, w: '${w}', h: '${hh}'}
        elements:
          - {type: use, component: row}
        """)
    err = fault(path)
    assert err.message == "unknown name 'hh'"
    assert err.position == Position(str(path), 5, 36)


def test_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(SheetgenError) as info:
        load_layout(tmp_path / "nope.yaml")
    assert info.value.message == f"no such file: {tmp_path / 'nope.yaml'}"


def test_did_you_mean_stays_quiet_when_nothing_is_close():
    assert did_you_mean("zzzz", ["rect", "text"]) is None
    assert did_you_mean("txet", ["rect", "text"]) == "did you mean 'text'?"


def test_error_without_position_formats_plainly():
    err = SheetgenError("no bundled layout named 'x'", hint="run 'sheetgen list'")
    assert err.format() == "error: no bundled layout named 'x'\nhint: run 'sheetgen list'"


def test_error_in_a_file_that_is_gone_still_formats():
    err = SheetgenError("bad", Position("/nonexistent/file.yaml", 3, 4))
    assert err.format() == "error: /nonexistent/file.yaml:3:4: bad"
    assert str(Position("f.yaml")) == "f.yaml"
