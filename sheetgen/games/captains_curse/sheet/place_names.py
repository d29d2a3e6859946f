"""Where a place name sits on the island map, and at what size: never over anything else.

A place name is set under its space's symbol. It must stay inside its space (so it crosses no
border, sink line or coast) and clear of every label already placed (a hand-drawn island's
spaces may overlap), at 6 pt or more (the smallest text a printed sheet carries). The largest
setting that does is chosen: one line, then two or three lines split at spaces (the most even
split first), at the map's name size, then smaller steps down to 6 pt; if no setting fits under
the symbol, the name moves to the nearest spot of its space where one does (clear of its
symbol). A name that fits nowhere is refused: the caller names the space and the file line.
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from sheetgen.assets.fonts import string_width
from sheetgen.canvas import MM

from ..island import PLACE_FONT

MIN_SIZE = 6.0
"""The smallest place name, in points (no printed text is smaller)."""
LINE = 1.05
"""Line height of a place name, in ems."""


@dataclass(frozen=True)
class PlaceLabel:
    """A place name's setting: its size, its lines and each line's box (page points)."""

    size: float
    lines: tuple[str, ...]
    boxes: tuple[BaseGeometry, ...]
    top: float
    """The top of the first line."""
    x: float | None = None
    """The lines' centre when the name was moved from under its symbol, else None."""

    def baselines(self) -> list[float]:
        return [self.top + self.size * LINE * (i + 1) for i in range(len(self.lines))]


def _splits(name: str) -> list[tuple[str, ...]]:
    """The name on one line, then on two and three lines at its spaces, evenest first."""
    words = name.split(" ")
    out: list[tuple[str, ...]] = [(name,)]
    n = len(words)
    two = [(" ".join(words[:i]), " ".join(words[i:])) for i in range(1, n)]
    out += sorted(two, key=lambda ls: max(len(t) for t in ls))
    three = [(" ".join(words[:i]), " ".join(words[i:j]), " ".join(words[j:]))
             for i in range(1, n) for j in range(i + 1, n)]
    out += sorted(three, key=lambda ls: max(len(t) for t in ls))
    return out


def _sizes(size: float) -> list[float]:
    """The name size, then smaller in steps of about 6%, down to MIN_SIZE."""
    sizes = [size]
    while sizes[-1] > MIN_SIZE:
        sizes.append(max(MIN_SIZE, round(sizes[-1] * 0.94, 2)))
    return sizes


def line_boxes(lines: tuple[str, ...], cx: float, top: float, size: float
               ) -> tuple[BaseGeometry, ...]:
    """Each line's box, centred on cx under `top`: its width plus 1 pt a side, from a
    little below the line above to its descenders."""
    boxes = []
    for i, text in enumerate(lines):
        half = string_width(text, PLACE_FONT, size) / 2 + 1
        boxes.append(box(cx - half, top + size * LINE * i + 0.15 * size,
                         cx + half, top + size * LINE * (i + 1) + 0.3 * size))
    return tuple(boxes)


def _fits(boxes: tuple[BaseGeometry, ...], space: Polygon, taken: list[BaseGeometry]) -> bool:
    return all(space.contains(b) for b in boxes) and not any(
        b.intersects(t) for b in boxes for t in taken)


MOVE_STEP = 1.0 * MM
"""The grid on which a name that does not fit under its symbol looks for another spot."""


def fit_place_name(name: str, cx: float, top: float, space: Polygon, size: float,
                   taken: list[BaseGeometry]) -> PlaceLabel | None:
    """The largest setting of `name` under its symbol (its top line at `top`, centred on cx)
    whose every line lies inside `space` and meets none of the `taken` boxes (other names,
    the symbol); failing that, the largest setting anywhere else in the space, nearest that
    spot first; None when there is none. Returns boxes in page points."""
    size = max(size, MIN_SIZE)
    splits = _splits(name)
    sizes = _sizes(size)
    for pt in sizes:
        for lines in splits:
            boxes = line_boxes(lines, cx, top, pt)
            if _fits(boxes, space, taken):
                return PlaceLabel(pt, lines, boxes, top)
    x0, y0, x1, y1 = space.bounds
    spots = [(x0 + i * MOVE_STEP, y0 + j * MOVE_STEP)
             for i in range(int((x1 - x0) / MOVE_STEP) + 1)
             for j in range(int((y1 - y0) / MOVE_STEP) + 1)]
    spots.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - top) ** 2, p))
    for pt in sizes:
        for lines in splits:
            widest = max(string_width(t, PLACE_FONT, pt) for t in lines) + 2
            for x, y in spots:
                if x - widest / 2 < x0 or x + widest / 2 > x1:
                    continue
                boxes = line_boxes(lines, x, y, pt)
                if _fits(boxes, space, taken):
                    return PlaceLabel(pt, lines, boxes, y, x)
    return None


def place_symbol_and_name(name: str, cx: float, cy: float, icon: float, space: Polygon,
                          size: float, taken: list[BaseGeometry]
                          ) -> tuple[tuple[float, float], PlaceLabel] | None:
    """Where a named space's symbol (centre, `icon` points square) and its name go: the
    symbol at (cx, cy) with the name fitted around it (`fit_place_name`); else, for a space
    too cramped for that, the symbol moved to the nearest spot of the space from which its
    name fits under it. None when no spot will do."""
    def icon_box(x: float, y: float) -> BaseGeometry:
        return box(x - icon / 2, y - icon / 2, x + icon / 2, y + icon / 2)

    placed = fit_place_name(name, cx, cy + icon / 2, space, size, [*taken, icon_box(cx, cy)])
    if placed is not None:
        return (cx, cy), placed
    x0, y0, x1, y1 = space.bounds
    spots = [(x0 + i * MOVE_STEP, y0 + j * MOVE_STEP)
             for i in range(int((x1 - x0) / MOVE_STEP) + 1)
             for j in range(int((y1 - y0) / MOVE_STEP) + 1)]
    spots.sort(key=lambda p: ((p[0] - cx) ** 2 + (p[1] - cy) ** 2, p))
    splits = _splits(name)
    for pt in _sizes(max(size, MIN_SIZE)):
        for lines in splits:
            for x, y in spots:
                mark = icon_box(x, y)
                if not space.contains(mark) or any(mark.intersects(t) for t in taken):
                    continue
                boxes = line_boxes(lines, x, y + icon / 2, pt)
                if _fits(boxes, space, taken):
                    return (x, y), PlaceLabel(pt, lines, boxes, y + icon / 2, x)
    return None
