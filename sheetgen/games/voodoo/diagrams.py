"""Voodoo Pirate figures: broadside range on a patch of sea.

The verdict printed under each ship comes from `rules.broadside_hits`, the function the
worked example uses, so the picture and the text cannot disagree.
"""

from __future__ import annotations

from sheetgen.canvas.draw import (
    GREY,
    INK,
    PAPER,
    RED,
    arrow,
    circle,
    icon,
    label,
    rect,
)
from sheetgen.canvas.protocol import Canvas, Stroke
from sheetgen.games.voodoo.cards import Rgb, default_cards
from sheetgen.games.voodoo.rules import broadside_hits
from sheetgen.layout.colors import legible
from sheetgen.rulebooks.diagrams import register

LANE = (0.93, 0.78, 0.74)


def ship_color(colour: str) -> Rgb:
    """A pirate's ship in the colour its mat and cards print (cards.yaml), so the figure's
    yellow is the yellow on the table."""
    return default_cards().pirate(colour).rgb


def compass_letters(canvas: Canvas, grid: tuple[float, float, float, float], size: float, *,
                    north: float, south: float, east: float, drop: float) -> None:
    """N, S, W and E round a figure's grid (x, y, width, height), bold at `size` points, so
    a reader can match the figure to the rules' words ("facing west", numbered "from the
    south-east corner"): N centred above it on the baseline `north`, S centred `south`
    below its bottom edge, W at the page's left (x 10) and E `east` right of its right
    edge, both on its middle line lowered by `drop`."""
    x, y, width, height = grid
    label(canvas, x + width / 2, north, "N", "sans-bold", size, INK, "middle")
    label(canvas, x + width / 2, y + height + south, "S", "sans-bold", size, INK, "middle")
    label(canvas, 10, y + height / 2 + drop, "W", "sans-bold", size, INK, "middle")
    label(canvas, x + width + east, y + height / 2 + drop, "E", "sans-bold", size, INK,
          "middle")


# (column, row, colour, poppets); the firing ship is Red at the centre, facing west.
FIRING = (2, 2, "Red", 3)
OTHERS = ((2, 0, "Blue", 1), (2, 3, "Green", 3), (0, 2, "Yellow", 0))


@register("vp-broadside")
def broadside(canvas: Canvas) -> tuple[float, float]:
    cell, cols, rows = 44.0, 5, 5
    ox, oy = 24.0, 22.0
    width, height = ox + cols * cell + 150, oy + rows * cell + 16
    canvas.begin_page(width, height)
    fc, fr, _, fp = FIRING
    for c in range(cols):
        for r in range(rows):
            in_lane = c == fc and r != fr and abs(r - fr) <= 2
            canvas.path(rect(ox + c * cell, oy + r * cell, cell, cell),
                        fill=LANE if in_lane else (0.86, 0.91, 0.94),
                        stroke=Stroke(PAPER, 1.2))
    compass_letters(canvas, (ox, oy, cols * cell, rows * cell), 10, north=14, south=13,
                    east=10, drop=4)

    def ship(c: int, r: int, colour: str, poppets: int) -> tuple[float, float]:
        x, y = ox + c * cell, oy + r * cell
        canvas.path(circle(x + cell / 2, y + cell / 2, cell * 0.42), fill=PAPER,
                    stroke=Stroke(ship_color(colour), 2.0))
        icon(canvas, "ship", x + cell * 0.22, y + cell * 0.16, cell * 0.56,
             ship_color(colour))
        for k in range(poppets):
            canvas.path(circle(x + cell * 0.3 + k * 8, y + cell * 0.86, 3), fill=INK)
        return x + cell / 2, y + cell / 2

    cx, cy = ship(*FIRING)
    arrow(canvas, cx - 6, cy + cell * 0.62, cx - cell * 0.9, cy + cell * 0.62, RED, 1.2)
    legend_x = ox + cols * cell + 26
    label(canvas, legend_x, oy + 10, f"Red fires: {fp} poppets, facing west", "sans-bold",
          8.5, INK)
    y = oy + 30
    for c, r, colour, poppets in OTHERS:
        ship(c, r, colour, poppets)
        in_range = c == fc and abs(r - fr) <= 2
        if in_range:
            hits = broadside_hits(fp, poppets)
            verdict = f"{hits} hits" if hits else "no hit (not fewer poppets)"
        else:
            verdict = "off the bow: out of the arc"
        label(canvas, legend_x, y, f"{colour}, {poppets} poppet{'s' if poppets != 1 else ''}",
              "sans-bold", 8.5, legible(ship_color(colour), PAPER))
        label(canvas, legend_x, y + 12, verdict, "sans", 8.5, RED if in_range and
              broadside_hits(fp, poppets) else GREY)
        y += 34
    label(canvas, legend_x, y + 4, "Shaded: broadside range,", "sans", 8, INK)
    label(canvas, legend_x, y + 15, "two spaces off each side.", "sans", 8, INK)
    return width, height


@register("vp-sea-of-souls")
def sea_of_souls(canvas: Canvas) -> tuple[float, float]:
    """The board's sea drawn by the board element's own code from the board model: values,
    haunted and calm water, tidal arrows, maps, the harbour with the Cursed Pirates' order
    (CP 1-6) and the Stars directions on harbour space 1."""
    from sheetgen.games.voodoo.board import default_board
    from sheetgen.games.voodoo.draw import draw_sea, sea_size

    board = default_board()
    cell = 36.0
    w, h = sea_size(board, cell)
    canvas.begin_page(w + 8, h + 22)
    draw_sea(canvas, board, 4, 16, cell)
    return w + 8, h + 22


@register("vp-ritual-grid")
def ritual_grid(canvas: Canvas) -> tuple[float, float]:
    """The hoodoo ritual grid with its numbering (round the edge clockwise from the
    south-east corner, then the inner ring), the order Cursed Pirates place souls in."""
    from sheetgen.games.voodoo.board import default_board, ritual_numbering

    size = default_board().ritual_grid
    cell, ox, oy = 30.0, 22.0, 18.0
    width, height = ox * 2 + size * cell, oy + size * cell + 20
    canvas.begin_page(width, height)
    compass_letters(canvas, (ox, oy, size * cell, size * cell), 9, north=12, south=14,
                    east=12, drop=3)
    for (c, r), n in ritual_numbering(size).items():
        inner = 0 < c < size - 1 and 0 < r < size - 1
        canvas.path(rect(ox + c * cell, oy + r * cell, cell, cell),
                    fill=(0.80, 0.74, 0.86) if inner else (0.30, 0.18, 0.36),
                    stroke=Stroke(PAPER, 1.2))
        label(canvas, ox + (c + 0.5) * cell, oy + (r + 0.5) * cell + 4, str(n), "sans-bold",
              11, INK if inner else PAPER, "middle")
    return width, height
