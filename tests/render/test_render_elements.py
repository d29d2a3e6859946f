"""Each element type drawn through the RecordingCanvas: geometry in points, colours, strokes,
text runs and fonts, exactly as the drawing code receives them."""

from __future__ import annotations

import math

import pytest
from PIL import Image as PILImage

from sheetgen.assets import fonts
from sheetgen.canvas.geometry import bbox
from sheetgen.canvas.protocol import Stroke
from sheetgen.layout.document import load_layout
from sheetgen.render.compose import record_instances

MM = 72 / 25.4
INK = (0x1f / 255, 0x1a / 255, 0x17 / 255)


def calls(write_layout, elements: str, head: str = "", name: str = "layout.yaml") -> list:
    """Every (method, args) recorded for the first page of a layout with these elements."""
    path = write_layout(head + "elements:\n" + elements, name)
    inst = record_instances(load_layout(path))[0]
    return [call for _, rec in inst.blocks for call in rec.calls]


def only(recorded: list, method: str) -> list[tuple]:
    return [args for name, args in recorded if name == method]


def approx_ops(ops):
    return [(op[0], *[pytest.approx(v, abs=1e-6) for v in op[1:]]) for op in ops]


# --- shapes ------------------------------------------------------------------------------
def test_rect_geometry_fill_and_default_stroke(write_layout):
    (ops, fill, stroke, opacity, even_odd), = only(calls(write_layout, """
      - {type: rect, x: 10mm, y: 5mm, w: 20mm, h: 8mm, fill: '#ff0000', stroke: ink}
    """), "path")
    x, y, w, h = 10 * MM, 5 * MM, 20 * MM, 8 * MM
    assert list(ops) == approx_ops([("M", x, y), ("L", x + w, y), ("L", x + w, y + h),
                                    ("L", x, y + h), ("Z",)])
    assert fill == (1.0, 0.0, 0.0)
    assert stroke == Stroke(color=pytest.approx(INK), width=0.8, dash=None, cap=0, join=1)
    assert (opacity, even_odd) == (1.0, False)


def test_rect_with_neither_fill_nor_stroke_draws_nothing(write_layout):
    assert only(calls(write_layout, "  - {type: rect, w: 1, h: 1}\n"), "path") == []


def test_rounded_rect_has_four_curves_inside_its_box(write_layout):
    (ops, *_), = only(calls(write_layout, """
      - {type: rect, x: 0, y: 0, w: 30, h: 10, radius: 2, fill: black, opacity: 0.5}
    """), "path")
    assert [op[0] for op in ops].count("C") == 4
    assert bbox(list(ops)) == pytest.approx((0, 0, 30 * MM, 10 * MM))
    assert only(calls(write_layout, """
      - {type: rect, w: 30, h: 10, radius: 2, fill: black, opacity: 0.5}
    """), "path")[0][3] == 0.5


def test_rect_bleed_extends_only_edges_on_the_trim(write_layout):
    head = "page: {size: [100mm, 50mm], bleed: 3mm}\n"
    (ops, *_), = only(calls(write_layout, """
      - {type: rect, x: 0, y: 0, w: 100, h: 20, fill: navy, bleed: true}
    """, head), "path")
    assert bbox(list(ops)) == pytest.approx((-3 * MM, -3 * MM, 103 * MM, 20 * MM))
    (ops, *_), = only(calls(write_layout, """
      - {type: rect, x: 10, y: 10, w: 10, h: 10, fill: navy, bleed: true}
    """, head), "path")
    assert bbox(list(ops)) == pytest.approx((10 * MM, 10 * MM, 20 * MM, 20 * MM))


@pytest.mark.parametrize("dash, pattern, cap", [
    ("solid", None, 0), ("dashed", (4.0, 3.0), 0), ("dotted", (0.0, 2.2), 1),
    ("[2pt, 1pt]", (2.0, 1.0), 0),
])
def test_line_dash_patterns(write_layout, dash, pattern, cap):
    (ops, fill, stroke, *_), = only(calls(write_layout, f"""
      - {{type: line, points: [[0, 0], [10mm, 0]], stroke_width: 1pt, dash: {dash}}}
    """), "path")
    assert list(ops) == approx_ops([("M", 0, 0), ("L", 10 * MM, 0)])
    assert fill is None
    assert stroke.dash == (pytest.approx(pattern) if pattern else None)
    assert (stroke.width, stroke.cap) == (1.0, cap)


def test_polyline_is_open_and_polygon_closed(write_layout):
    recorded = only(calls(write_layout, """
      - {type: polyline, points: [[0, 0], [1, 1], [2, 0]]}
      - {type: polygon, points: [[0, 0], [1, 1], [2, 0]], fill: sand}
    """), "path")
    poly, gon = recorded
    assert [op[0] for op in poly[0]] == ["M", "L", "L"] and poly[1] is None
    assert [op[0] for op in gon[0]] == ["M", "L", "L", "Z"] and gon[1] is not None
    assert poly[0][1] == ("L", pytest.approx(MM), pytest.approx(MM))


def test_circle_bbox(write_layout):
    (ops, *_), = only(calls(write_layout, """
      - {type: circle, cx: 20mm, cy: 10mm, r: 5mm, fill: gold}
    """), "path")
    assert bbox(list(ops)) == pytest.approx((15 * MM, 5 * MM, 25 * MM, 15 * MM))


# --- text --------------------------------------------------------------------------------
def test_text_top_left_baseline_and_colour(write_layout):
    (x, y, s, font, size, color, opacity), = only(calls(write_layout, """
      - {type: text, text: Hello, x: 10mm, y: 20mm, font: sans, size: 10, color: red}
    """), "text")
    assert (s, font, size) == ("Hello", "sans", 10)
    assert x == pytest.approx(10 * MM)
    assert y == pytest.approx(20 * MM + fonts.cap_height("sans", 10))  # top of capitals
    assert color == pytest.approx((0xb3 / 255, 0x26 / 255, 0x1e / 255))


@pytest.mark.parametrize("align, expected_x", [
    ("left", 10 * MM),
    ("center", 10 * MM + (40 * MM - fonts.string_width("Hello", "sans", 10)) / 2),
    ("right", 50 * MM - fonts.string_width("Hello", "sans", 10)),
])
def test_text_alignment_in_a_box(write_layout, align, expected_x):
    (x, *_), = only(calls(write_layout, f"""
      - {{type: text, text: Hello, x: 10mm, w: 40mm, font: sans, size: 10, align: {align}}}
    """), "text")
    assert x == pytest.approx(expected_x)


def test_text_anchor_without_box(write_layout):
    (x, *_), = only(calls(write_layout, """
      - {type: text, text: Hello, x: 50mm, font: sans, size: 10, align: right}
    """), "text")
    assert x == pytest.approx(50 * MM - fonts.string_width("Hello", "sans", 10))


def test_bold_and_italic_markup_become_runs(write_layout):
    runs = only(calls(write_layout, """
      - {type: text, text: "**Full Boat** scores *twenty five*", font: serif, size: 9}
    """), "text")
    assert [(r[2], r[3]) for r in runs] == [("Full Boat", "serif-bold"),
                                           (" scores ", "serif"),
                                           ("twenty five", "serif-italic")]
    # runs follow each other on one baseline
    assert runs[1][0] == pytest.approx(runs[0][0] + fonts.string_width("Full Boat",
                                                                        "serif-bold", 9))
    assert {r[1] for r in runs} == {runs[0][1]}


def test_markup_falls_back_when_no_variant_exists(write_layout):
    runs = only(calls(write_layout, "  - {type: text, text: '**x**', font: display}\n"), "text")
    assert [(r[2], r[3]) for r in runs] == [("x", "display")]


def test_wrapped_lines_fit_the_width_and_step_by_the_leading(write_layout):
    words = "the quick brown fox jumps over the lazy dog " * 3
    runs = only(calls(write_layout, f"""
      - {{type: text, text: "{words}", x: 0, w: 30mm, font: sans, size: 10, leading: 1.5}}
    """), "text")
    assert len(runs) > 3
    assert all(fonts.string_width(r[2], "sans", 10) <= 30 * MM + 0.01 for r in runs)
    assert " ".join(r[2] for r in runs).split() == words.split()
    ys = [r[1] for r in runs]
    assert all(b - a == pytest.approx(15.0) for a, b in zip(ys, ys[1:], strict=False))


def test_no_wrap_keeps_one_line(write_layout):
    runs = only(calls(write_layout, """
      - {type: text, text: "a long line that would wrap", w: 10mm, wrap: false}
    """), "text")
    assert len(runs) == 1


def test_shrink_to_fit_reduces_the_size_until_it_fits(write_layout):
    runs = only(calls(write_layout, """
      - {type: text, text: "Quartermaster", w: 15mm, h: 6mm, font: sans, size: 20,
         shrink: true, wrap: false}
    """), "text")
    (x, y, s, font, size, *_), = runs
    assert size < 20
    assert fonts.string_width("Quartermaster", "sans", size) <= 15 * MM + 0.01
    assert fonts.string_width("Quartermaster", "sans", size + 0.25) > 15 * MM


def test_shrink_stops_at_min_size(write_layout):
    (run,) = only(calls(write_layout, """
      - {type: text, text: "Quartermaster", w: 2mm, size: 20, shrink: true, wrap: false,
         min_size: 7}
    """), "text")
    assert run[4] == 7


def test_text_case_and_valign_middle(write_layout):
    (x, y, s, font, size, *_), = only(calls(write_layout, """
      - {type: text, text: "crow's nest", y: 10mm, h: 10mm, font: sans, size: 10,
         case: upper, valign: middle}
    """), "text")
    assert s == "CROW'S NEST"
    cap = fonts.cap_height("sans", 10)
    assert y == pytest.approx(10 * MM + (10 * MM - cap) / 2 + cap)


# --- grid --------------------------------------------------------------------------------
def _segments(ops):
    it = iter(ops)
    return [((a[1], a[2]), (b[1], b[2])) for a, b in zip(it, it, strict=True)]


def test_grid_rules_and_merged_cells(write_layout):
    recorded = calls(write_layout, """
      - type: grid
        x: 0
        y: 0
        columns: [10, 10, 10]
        rows: [5, 5]
        fill: white
        border_width: 2pt
        cells:
          - {row: 0, col: 0, colspan: 3, text: HEADER, fill: sand}
          - {row: 1, col: 1, text: x}
    """)
    paths = only(recorded, "path")
    background, header_fill, rules, border = paths
    assert bbox(list(background[0])) == pytest.approx((0, 0, 30 * MM, 10 * MM))
    assert bbox(list(header_fill[0])) == pytest.approx((0, 0, 30 * MM, 5 * MM))
    segs = _segments(rules[0])
    # the merged header row has no inner vertical rules: they start at the second row
    verticals = [s for s in segs if s[0][0] == s[1][0]]
    assert verticals == [((pytest.approx(10 * MM), pytest.approx(5 * MM)),
                          (pytest.approx(10 * MM), pytest.approx(10 * MM))),
                         ((pytest.approx(20 * MM), pytest.approx(5 * MM)),
                          (pytest.approx(20 * MM), pytest.approx(10 * MM)))]
    horizontals = [s for s in segs if s[0][1] == s[1][1]]
    assert horizontals == [((0, pytest.approx(5 * MM)), (pytest.approx(30 * MM),
                                                          pytest.approx(5 * MM)))]
    assert rules[2].width == 0.5 and border[2].width == 2.0
    texts = only(recorded, "text")
    assert [t[2] for t in texts] == ["HEADER", "x"]
    # centred in their cells
    header_w = fonts.string_width("HEADER", "sans", 9)
    assert texts[0][0] == pytest.approx((30 * MM - header_w) / 2)


def test_grid_without_merges_draws_every_inner_rule(write_layout):
    rules = only(calls(write_layout, """
      - {type: grid, columns: {count: 4, size: 5mm}, rows: {count: 3, size: 5mm}}
    """), "path")[0]
    segs = _segments(rules[0])
    full = [((pytest.approx(q * 5 * MM), 0), (pytest.approx(q * 5 * MM),
                                                pytest.approx(15 * MM))) for q in (1, 2, 3)]
    full += [((0, pytest.approx(r * 5 * MM)), (pytest.approx(20 * MM),
                                                 pytest.approx(r * 5 * MM))) for r in (1, 2)]
    assert segs == full  # one full-length segment per inner rule


def test_grid_cell_icon_and_shrinking_text(write_layout):
    recorded = calls(write_layout, """
      - type: grid
        columns: [8mm, 16mm]
        rows: [8mm]
        cells:
          - {row: 0, col: 0, icon: skull}
          - {row: 0, col: 1, text: "Quartermaster", size: 12}
    """)
    icon = [p for p in only(recorded, "path") if p[1] is not None][0]
    x0, y0, x1, y1 = bbox(list(icon[0]))
    assert 0 <= x0 and x1 <= 8 * MM and 0 <= y0 and y1 <= 8 * MM
    (text,) = only(recorded, "text")
    assert text[4] < 12
    assert fonts.string_width(text[2], "sans", text[4]) <= 16 * MM - 2 * 1.2 * MM + 0.01


# --- containers --------------------------------------------------------------------------
def test_repeat_offsets_and_wrap(write_layout):
    recorded = calls(write_layout, """
      - type: repeat
        count: 5
        x: 1mm
        y: 2mm
        dx: 10mm
        wrap: 2
        row_dy: 20mm
        elements:
          - {type: text, text: "${i}:${i_col},${i_row}"}
    """)
    moves = [(a[4], a[5]) for a in only(recorded, "transform")]
    expected = [(1 + 10 * c, 2 + 20 * r) for r in range(3) for c in range(2)][:5]
    assert moves == [(pytest.approx(x * MM), pytest.approx(y * MM)) for x, y in expected]
    assert [t[2] for t in only(recorded, "text")] == ["0:0,0", "1:1,0", "2:0,1", "3:1,1",
                                                      "4:0,2"]
    assert [n for n, _ in recorded].count("push") == 5 == [n for n, _ in recorded].count("pop")


def test_repeat_over_a_list_with_names(write_layout):
    recorded = calls(write_layout, """
      - type: repeat
        over: [Anne, Mary]
        as: pirate
        index: k
        dy: 5mm
        elements:
          - {type: text, text: "${k} ${pirate}"}
    """)
    assert [t[2] for t in only(recorded, "text")] == ["0 Anne", "1 Mary"]
    assert [a[5] for a in only(recorded, "transform")] == [0, pytest.approx(5 * MM)]


def test_group_translate_rotate_scale(write_layout):
    recorded = calls(write_layout, """
      - type: group
        x: 10mm
        y: 20mm
        rotate: 90
        scale: 2
        clip: [5mm, 5mm]
        elements:
          - {type: rect, w: 1, h: 1, fill: black}
    """)
    names = [n for n, _ in recorded]
    assert names == ["push", "transform", "transform", "transform", "clip", "path", "pop"]
    t = only(recorded, "transform")
    assert t[0] == (1, 0, 0, 1, pytest.approx(10 * MM), pytest.approx(20 * MM))
    c, s = math.cos(math.radians(90)), math.sin(math.radians(90))
    assert t[1] == pytest.approx((c, s, -s, c, 0, 0))
    assert t[2] == (2, 0, 0, 2, 0, 0)
    (clip,) = only(recorded, "clip")
    assert bbox(list(clip[0])) == pytest.approx((0, 0, 5 * MM, 5 * MM))


def test_group_without_transform_only_translates(write_layout):
    recorded = calls(write_layout, """
      - {type: group, elements: [{type: rect, w: 1, h: 1, fill: black}]}
    """)
    assert [n for n, _ in recorded] == ["push", "transform", "path", "pop"]


# --- icons and dice ----------------------------------------------------------------------
@pytest.mark.parametrize("value", [0, 1, 2, 3, 4, 5, 6])
def test_die_pips(write_layout, value):
    recorded = only(calls(write_layout, f"""
      - {{type: die, value: {value}, x: 10mm, y: 10mm, size: 12mm}}
    """), "path")
    face = recorded[0]
    assert bbox(list(face[0])) == pytest.approx((10 * MM, 10 * MM, 22 * MM, 22 * MM))
    assert face[1] == (1.0, 1.0, 1.0) and face[2].width == 0.8
    pips = recorded[1:]
    if value == 0:
        assert pips == []
        return
    (pip_ops, pip_fill, *_), = pips
    assert [op[0] for op in pip_ops].count("M") == value
    x0, y0, x1, y1 = bbox(list(pip_ops))
    assert 10 * MM < x0 < x1 < 22 * MM and 10 * MM < y0 < y1 < 22 * MM
    assert pip_fill == pytest.approx(INK)


def test_icon_path_lies_within_its_box(write_layout):
    (ops, fill, stroke, _, even_odd), = only(calls(write_layout, """
      - {type: icon, name: anchor, x: 30mm, y: 40mm, size: 12mm, color: sea}
    """), "path")
    x0, y0, x1, y1 = bbox(list(ops))
    assert 30 * MM - 0.01 <= x0 < x1 <= 42 * MM + 0.01
    assert 40 * MM - 0.01 <= y0 < y1 <= 52 * MM + 0.01
    assert max(x1 - x0, y1 - y0) > 8 * MM  # fills most of the box
    assert fill == pytest.approx((0x2e / 255, 0x6f / 255, 0x8e / 255)) and stroke is None


def test_rotated_icon_is_turned_about_its_centre(write_layout):
    recorded = calls(write_layout, """
      - {type: icon, name: anchor, x: 0, y: 0, size: 10mm, rotate: 180}
    """)
    (a, b, c, d, e, f), = only(recorded, "transform")
    # the centre (5mm, 5mm) maps onto itself
    cx = cy = 5 * MM
    assert (a * cx + c * cy + e, b * cx + d * cy + f) == (pytest.approx(cx), pytest.approx(cy))
    assert (a, d) == (pytest.approx(-1), pytest.approx(-1))


# --- images ------------------------------------------------------------------------------
SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
  <rect x="0" y="0" width="100" height="50" fill="#ff0000"/>
  <circle cx="25" cy="25" r="20" fill="none" stroke="#0000ff" stroke-width="2"/>
  <path d="M 60 10 L 90 10 L 75 40 Z" fill="#00ff00" fill-rule="evenodd"/>
</svg>
"""


def test_svg_image_becomes_vector_paths(write_layout):
    write_layout(SVG, "art.svg")
    recorded = calls(write_layout, """
      - {type: image, src: art.svg, x: 10mm, y: 10mm, w: 40mm, h: 40mm}
    """)
    assert only(recorded, "image") == []
    paths = only(recorded, "path")
    assert len(paths) == 3
    assert paths[0][1] == (1.0, 0.0, 0.0)
    assert paths[1][1] is None and paths[1][2].color == (0.0, 0.0, 1.0)
    assert paths[1][2].width == 2.0  # in SVG units; the transform scales it
    assert paths[2][4] is True  # even-odd
    # contain: 100x50 into 40x40 mm -> 40x20 mm, centred vertically
    (sx, _, _, sy, ex, ey), = only(recorded, "transform")
    assert sx == sy == pytest.approx(40 * MM / 100)
    assert (ex, ey) == (pytest.approx(10 * MM), pytest.approx(20 * MM))


def test_png_image_is_placed_with_its_aspect_kept(write_layout, tmp_path):
    PILImage.new("RGB", (40, 20), (200, 10, 10)).save(tmp_path / "pic.png")
    recorded = calls(write_layout, """
      - {type: image, src: pic.png, x: 10mm, y: 10mm, w: 20mm, h: 20mm}
      - {type: image, src: pic.png, x: 0, y: 0, w: 20mm, h: 20mm, fit: stretch}
    """)
    (path, x, y, w, h), (_, *stretched) = only(recorded, "image")
    assert path == str(tmp_path / "pic.png")
    assert (x, y, w, h) == (pytest.approx(10 * MM), pytest.approx(15 * MM),
                            pytest.approx(20 * MM), pytest.approx(10 * MM))
    assert stretched == [0, 0, pytest.approx(20 * MM), pytest.approx(20 * MM)]


def test_missing_image_is_a_positioned_error(write_layout):
    from sheetgen.errors import SheetgenError

    with pytest.raises(SheetgenError) as info:
        calls(write_layout, "  - {type: image, src: gone.png, w: 1, h: 1}\n")
    assert info.value.message.startswith("image not found: ")
    assert (info.value.position.line, info.value.position.column) == (2, 24)


def test_grid_cell_words_on_one_line_are_one_text_call(write_layout):
    texts = only(calls(write_layout, """
      - type: grid
        columns: [40mm]
        rows: [8mm]
        cells: [{row: 0, col: 0, text: "341+ Captain **bold**"}]
    """), "text")
    assert [(t[2], t[3]) for t in texts] == [("341+ Captain", "sans"), (" bold", "sans-bold")]


def test_rect_bleed_inside_moved_containers_uses_page_position(write_layout):
    """A bleeding box counts as touching the trim by where it lies on the page, not by its
    coordinates inside a group, repeat or component."""
    head = "page: {size: [100mm, 60mm], bleed: 3mm}\n"
    recorded = only(calls(write_layout, """
      - type: group
        x: 20mm
        y: 20mm
        elements:
          - {type: rect, x: 0, y: 0, w: 10, h: 10, fill: navy, bleed: true}
      - type: group
        x: 90mm
        elements:
          - {type: rect, x: 0, y: 0, w: 10, h: 10, fill: navy, bleed: true}
      - type: repeat
        count: 2
        dx: 50mm
        y: 50mm
        elements:
          - {type: rect, x: 0, y: 0, w: 50, h: 10, fill: navy, bleed: true}
    """, head), "path")
    boxes = [tuple(round(v / MM, 3) for v in bbox(list(p[0]))) for p in recorded]
    assert boxes == [(0, 0, 10, 10),            # mid-page: untouched
                     (0, -3, 13, 10),           # top-right corner: top and right edges bleed
                     (-3, 0, 50, 13),           # bottom-left cell
                     (0, 0, 53, 13)]            # bottom-right cell


def test_rect_bleed_in_a_rotated_group_is_left_alone(write_layout):
    recorded = only(calls(write_layout, """
      - type: group
        rotate: 90
        elements:
          - {type: rect, x: 0, y: 0, w: 10, h: 10, fill: navy, bleed: true}
    """, "page: {size: [100mm, 60mm], bleed: 3mm}\n"), "path")
    assert bbox(list(recorded[0][0])) == pytest.approx((0, 0, 10 * MM, 10 * MM))


def test_shrink_with_wrap_fits_width_and_height(write_layout):
    words = "Roll five dice up to three times and score the best box you can find"
    runs = only(calls(write_layout, f"""
      - {{type: text, text: "{words}", x: 0, y: 0, w: 30mm, h: 12mm, font: serif, size: 14,
         shrink: true, leading: 1.2}}
    """), "text")
    size = runs[0][4]
    assert size < 14 and {r[4] for r in runs} == {size}
    assert all(fonts.string_width(r[2], "serif", size) <= 30 * MM + 0.01 for r in runs)
    block = (fonts.cap_height("serif", size) + size * 1.2 * (len(runs) - 1)
             - fonts.descent("serif", size))
    assert block <= 12 * MM + 0.01
    assert " ".join(r[2] for r in runs).split() == words.split()
