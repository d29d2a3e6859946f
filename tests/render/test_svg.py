"""The SVG backend: valid XML, protocol semantics (state, clip, forms), text as outlines."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from sheetgen.canvas.protocol import Stroke
from sheetgen.render.svg import SvgCanvas, path_data

NS = {"svg": "http://www.w3.org/2000/svg"}


def _doc(canvas: SvgCanvas) -> ET.Element:
    return ET.fromstring(canvas.finish())


def test_page_size_and_viewbox_in_points():
    c = SvgCanvas()
    c.begin_page(200, 100)
    c.end_page()
    root = _doc(c)
    assert root.get("width") == "200pt" and root.get("height") == "100pt"
    assert root.get("viewBox") == "0 0 200 100"


def test_path_data_and_styles():
    assert path_data([("M", 0, 0), ("L", 1.5, 2), ("C", 1, 2, 3, 4, 5, 6), ("Z",)]) == (
        "M0 0L1.5 2C1 2 3 4 5 6Z"
    )
    with pytest.raises(ValueError):
        path_data([("Q", 1, 2)])
    c = SvgCanvas()
    c.begin_page(50, 50)
    c.path([("M", 0, 0), ("L", 10, 0)], stroke=Stroke((1, 0, 0), 2, dash=(3, 1), cap=1))
    c.path([("M", 0, 0), ("L", 10, 10), ("L", 0, 10), ("Z",)], fill=(0, 0, 1), opacity=0.5,
           even_odd=True)
    c.end_page()
    stroked, filled = _doc(c).findall("svg:path", NS)
    assert stroked.get("stroke") == "#ff0000" and stroked.get("fill") == "none"
    assert stroked.get("stroke-dasharray") == "3 1"
    assert stroked.get("stroke-linecap") == "round"
    assert filled.get("fill") == "#0000ff" and filled.get("fill-rule") == "evenodd"
    assert filled.get("opacity") == "0.5"


def test_push_pop_and_transform_nest_groups():
    c = SvgCanvas()
    c.begin_page(50, 50)
    c.push()
    c.transform(1, 0, 0, 1, 10, 20)
    c.transform(2, 0, 0, 2, 0, 0)
    c.path([("M", 0, 0), ("L", 1, 1)], stroke=Stroke())
    c.pop()
    c.path([("M", 0, 0), ("L", 1, 1)], stroke=Stroke())
    c.end_page()
    root = _doc(c)
    # The second path is back at the top level: pop() closed both transform groups.
    assert len(root.findall("svg:path", NS)) == 1
    inner = root.find("svg:g/svg:g", NS)
    assert inner.get("transform") == "matrix(1 0 0 1 10 20)"
    assert inner.find("svg:g", NS).get("transform") == "matrix(2 0 0 2 0 0)"
    with pytest.raises(ValueError):
        c2 = SvgCanvas()
        c2.begin_page(1, 1)
        c2.pop()


def test_clip_path_is_defined_and_used():
    c = SvgCanvas()
    c.begin_page(50, 50)
    c.clip([("M", 0, 0), ("L", 10, 0), ("L", 10, 10), ("Z",)])
    c.path([("M", 0, 0), ("L", 40, 40)], stroke=Stroke())
    c.end_page()
    root = _doc(c)
    clip = root.find("svg:clipPath", NS)
    group = root.find("svg:g", NS)
    assert group.get("clip-path") == f"url(#{clip.get('id')})"
    assert group.find("svg:path", NS) is not None


def test_forms_become_defs_and_uses():
    c = SvgCanvas()
    c.begin_page(50, 50)
    assert c.begin_form("star")
    c.path([("M", 0, 0), ("L", 5, 5)], stroke=Stroke())
    c.end_form()
    assert not c.begin_form("star")  # already recorded: the caller just uses it
    c.use_form("star")
    c.use_form("star")
    c.end_page()
    root = _doc(c)
    form = root.find("svg:defs/svg:g", NS)
    uses = root.findall("svg:use", NS)
    assert len(uses) == 2 and all(u.get("href") == f"#{form.get('id')}" for u in uses)
    assert form.find("svg:path", NS) is not None
    with pytest.raises(KeyError):
        c.use_form("moon")


def test_text_is_outlines_with_shared_glyphs():
    c = SvgCanvas()
    c.begin_page(200, 50)
    c.text(10, 30, "abba", "serif", 12, (0, 0, 0))
    c.end_page()
    svg = c.finish().decode()
    root = ET.fromstring(svg)
    assert "<text" not in svg
    glyphs = root.findall("svg:defs/svg:path", NS)
    assert len(glyphs) == 2  # 'a' and 'b' outlined once each
    group = root.find("svg:g", NS)
    assert group.get("transform") == "translate(10 30)"
    assert len(group.findall("svg:use", NS)) == 4
    assert group.find("svg:title", NS).text == "abba"


def test_text_advances_match_font_metrics():
    from sheetgen.assets.fonts import string_width

    c = SvgCanvas()
    c.begin_page(200, 50)
    c.text(0, 30, "Wo", "sans", 20, (0, 0, 0))
    c.end_page()
    uses = ET.fromstring(c.finish()).findall("svg:g/svg:use", NS)
    second = uses[1].get("transform")
    assert second.startswith(f"translate({round(string_width('W', 'sans', 20), 3):g} 0)")


def test_deterministic_and_requires_a_page():
    def draw() -> bytes:
        c = SvgCanvas()
        c.begin_page(20, 20)
        c.clip([("M", 0, 0), ("L", 5, 0), ("L", 5, 5), ("Z",)])
        c.text(1, 10, "Hi", "sans", 8, (0.2, 0.2, 0.2))
        c.end_page()
        return c.finish()

    assert draw() == draw()
    with pytest.raises(ValueError):
        SvgCanvas().finish()
    with pytest.raises(ValueError):
        SvgCanvas().path([("M", 0, 0)], stroke=Stroke())


def test_a_layout_renders_through_the_svg_canvas():
    """The lead's layout engine can draw through this backend (how rulebook figures are made
    from the same layouts)."""
    from sheetgen.layout.bundled import find_layout
    from sheetgen.layout.document import load_layout
    from sheetgen.render.compose import compose

    c = SvgCanvas()
    pages = compose(load_layout(find_layout("swashbuckle/scorecard")), c)
    assert pages >= 1 and c.page_count == pages
    root = ET.fromstring(c.page_svg(0))
    titles = {t.text for t in root.iter("{http://www.w3.org/2000/svg}title")}
    assert "Swashbuckle" in titles and "Flotsam" in titles
