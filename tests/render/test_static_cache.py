"""Elements that are the same on every page are drawn once per document; anything with `${}`
(in its fields, children or styles), `use` and game elements are drawn per page."""

from __future__ import annotations

from sheetgen.layout.document import load_layout
from sheetgen.layout.elements.base import Element
from sheetgen.render.compose import record_instances

LAYOUT = """
page: {size: [60mm, 40mm]}
styles:
  dyn: {color: "${'#ff0000' if n > 1 else '#000000'}"}
components:
  badge: {elements: [{type: text, text: "${page.number}", x: 1, y: 1}]}
data: [{n: 1}, {n: 2}, {n: 3}]
elements:
  - {id: frame, type: rect, x: 1, y: 1, w: 50, h: 30, stroke: ink}
  - {id: group, type: group, elements: [{type: circle, cx: 5, cy: 5, r: 2, fill: gold}]}
  - {id: long, type: text, text: "Supercalifragilistic", x: 1, y: 1, w: 5, h: 5}
  - {id: styled, type: text, text: "same", style: dyn, x: 1, y: 1}
  - {id: number, type: text, text: "${n}", x: 1, y: 1}
  - {id: badge, type: use, component: badge}
"""


def test_static_elements_draw_once_and_the_rest_per_page(write_layout, monkeypatch):
    drawn: list[str] = []
    original = Element.render

    def counting(self, canvas, scope):
        if "id" in self.raw:
            drawn.append(self.raw["id"])
        return original(self, canvas, scope)

    monkeypatch.setattr(Element, "render", counting)
    warnings: list = []
    instances = record_instances(load_layout(write_layout(LAYOUT)), warnings=warnings)
    counts = {name: drawn.count(name) for name in set(drawn)}
    assert counts == {"frame": 1, "group": 1, "long": 1, "styled": 3, "number": 3, "badge": 3}
    assert all(len(inst.blocks) == 6 for inst in instances)
    assert instances[0].blocks[0][1] is instances[2].blocks[0][1]  # the very same recording
    assert [w.message.rsplit("(", 1)[1] for w in warnings] == ["page 1, row 1, '1')",
                                                               "page 2, row 2, '2')",
                                                               "page 3, row 3, '3')"]
