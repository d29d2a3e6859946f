"""Property: in any grid with any non-overlapping merged cells, an inner rule is drawn along a
unit edge exactly when the two unit cells beside it are not inside the same merged cell."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.layout.elements.base import ParseContext, Scope
from sheetgen.layout.elements.grid import Grid
from sheetgen.layout.source import parse_yaml
from sheetgen.render.recording import RecordingCanvas


@st.composite
def grids(draw):
    rows, cols = draw(st.integers(1, 5)), draw(st.integers(1, 5))
    taken: set[tuple[int, int]] = set()
    merges = []
    for _ in range(draw(st.integers(0, 4))):
        r, c = draw(st.integers(0, rows - 1)), draw(st.integers(0, cols - 1))
        rs, cs = draw(st.integers(1, rows - r)), draw(st.integers(1, cols - c))
        cells = {(i, j) for i in range(r, r + rs) for j in range(c, c + cs)}
        if cells & taken:
            continue
        taken |= cells
        merges.append((r, c, rs, cs))
    return rows, cols, merges


def drawn_unit_edges(rows: int, cols: int, merges) -> set[tuple]:
    cells = ", ".join(f"{{row: {r}, col: {c}, rowspan: {rs}, colspan: {cs}}}"
                      for r, c, rs, cs in merges)
    raw = parse_yaml(f"{{type: grid, columns: {{count: {cols}, size: 10pt}}, "
                     f"rows: {{count: {rows}, size: 10pt}}, cells: [{cells}]}}", "grid.yaml")
    ctx = ParseContext("grid.yaml", Path("."))
    grid = Grid(raw, ctx)
    canvas = RecordingCanvas()
    grid.render(canvas, Scope({}, "mm", {}, {}, ctx.base_dir))
    paths = [a for n, a in canvas.calls if n == "path"]
    # the inner rules are the one path of M/L pairs; the border is a closed rectangle
    rules = [p for p in paths if all(op[0] in "ML" for op in p[0])]
    assert len(rules) <= 1
    edges = set()
    for ops, *_ in rules:
        for (_, x0, y0), (_, x1, y1) in zip(ops[::2], ops[1::2], strict=True):
            if x0 == x1:  # vertical, between columns x/10 - 1 and x/10
                q = round(x0 / 10)
                edges |= {("v", r, q) for r in range(round(y0 / 10), round(y1 / 10))}
            else:
                r = round(y0 / 10)
                edges |= {("h", r, q) for q in range(round(x0 / 10), round(x1 / 10))}
    return edges


@settings(max_examples=60, deadline=None)
@given(grids())
def test_inner_rules_follow_the_merges(spec):
    rows, cols, merges = spec
    owner = {}
    for k, (r, c, rs, cs) in enumerate(merges):
        for i in range(r, r + rs):
            for j in range(c, c + cs):
                owner[(i, j)] = k

    def same(a, b):
        return a in owner and owner.get(a) == owner.get(b)

    expected = {("v", r, q) for r in range(rows) for q in range(1, cols)
                if not same((r, q - 1), (r, q))}
    expected |= {("h", r, q) for r in range(1, rows) for q in range(cols)
                 if not same((r - 1, q), (r, q))}
    assert drawn_unit_edges(rows, cols, merges) == expected
