"""Shipwrecked! figures: a patch of ocean just after the captain dice are rolled.

The sailors are scattered by a seeded generator (same picture every time) and the ones that
match the captains are ringed: the dice a quick player would grab.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sheetgen.canvas.draw import INK, RED, circle, die_face, label, rounded_rect
from sheetgen.canvas.protocol import Canvas, Stroke
from sheetgen.rulebooks.diagrams import register

OCEAN = (0.80, 0.89, 0.94)
BLACK_CAPTAIN, WHITE_CAPTAIN = 6, 2
OCEAN_SEED = 4  # a scatter where both colours have several matching sailors


@dataclass(frozen=True)
class Sailor:
    x: float
    y: float
    value: int
    black: bool

    @property
    def matches(self) -> bool:
        return self.value == (BLACK_CAPTAIN if self.black else WHITE_CAPTAIN)


def ocean(rng: random.Random, n: int = 34, width: float = 330, height: float = 150,
          size: float = 15) -> list[Sailor]:
    """`n` sailors at non-overlapping spots, half of each colour, faces rolled by `rng`."""
    sailors: list[Sailor] = []
    while len(sailors) < n:
        x, y = rng.uniform(6, width - size - 6), rng.uniform(6, height - size - 6)
        if all(abs(x - s.x) > size + 3 or abs(y - s.y) > size + 3 for s in sailors):
            sailors.append(Sailor(x, y, rng.randint(1, 6), len(sailors) % 2 == 0))
    return sailors


@register("sw-grab")
def grab(canvas: Canvas) -> tuple[float, float]:
    sea_w, sea_h, size = 330.0, 150.0, 15.0
    sailors = ocean(random.Random(OCEAN_SEED), width=sea_w, height=sea_h, size=size)
    width, height = sea_w + 110, sea_h
    canvas.begin_page(width, height)
    canvas.path(rounded_rect(0, 0, sea_w, sea_h, 10), fill=OCEAN)
    for s in sailors:
        die_face(canvas, s.x, s.y, size, s.value, dark=s.black)
        if s.matches:
            canvas.path(circle(s.x + size / 2, s.y + size / 2, size * 0.9),
                        stroke=Stroke(RED, 1.6))
    # The captain dice, kept apart from the ocean.
    cx = sea_w + 20
    label(canvas, cx + 35, 22, "Captain dice", "sans-bold", 9, INK, "middle")
    die_face(canvas, cx, 34, 30, BLACK_CAPTAIN, dark=True)
    die_face(canvas, cx + 40, 34, 30, WHITE_CAPTAIN)
    n_black = sum(s.matches and s.black for s in sailors)
    n_white = sum(s.matches and not s.black for s in sailors)
    label(canvas, cx + 35, 88, f"grab black {BLACK_CAPTAIN}s", "sans", 8.5, INK, "middle")
    label(canvas, cx + 35, 100, f"and white {WHITE_CAPTAIN}s:", "sans", 8.5, INK, "middle")
    label(canvas, cx + 35, 116, f"{n_black + n_white} sailors ringed", "sans-bold", 8.5, RED,
          "middle")
    return width, height
