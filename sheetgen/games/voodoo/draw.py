"""Voodoo Pirate's printed components, drawn through the `Canvas` protocol.

One drawing code for every output: the layout element types (`elements.py`) call these
functions onto the PDF canvas, the rulebook's Sea of Souls figure calls `draw_sea` onto the
SVG canvas, so the board in the box and the board in the book are the same picture of the
same model (`board.py`). Coordinates are y-down points; sizes are given by the caller.

Card text is fitted by the layout's one shrink-to-fit (`layout.elements.text.fit_text`),
which shrinks a paragraph until it fits its box but never below `MIN_TEXT_PT`; `action_fit`
and `object_fit` report the result per card, which the tests check for every card (a card
whose text would need less than 6 pt, or would be clipped, fails).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from sheetgen.canvas import MM
from sheetgen.canvas.draw import PAPER, arrow, label
from sheetgen.canvas.geometry import circle_ops, polyline_ops, rect_ops
from sheetgen.canvas.palette import INK
from sheetgen.canvas.protocol import Canvas, Color, Stroke
from sheetgen.games.voodoo.board import DIRECTIONS, Board, Space, ritual_numbering
from sheetgen.games.voodoo.cards import ActionCard, ObjectCard, Pirate
from sheetgen.layout.colors import contrast, legible
from sheetgen.layout.elements.icon import draw_icon
from sheetgen.layout.elements.text import Fit, fit_text

MIN_TEXT_PT = 6.0

CALM: Color = (0.14, 0.16, 0.20)        # the source's black squares
HAUNTED: Color = (0.33, 0.62, 0.58)     # blue-green
HARBOUR: Color = (0.93, 0.86, 0.70)
LAND: Color = (0.84, 0.76, 0.56)
SHORE: Color = (0.90, 0.82, 0.58)
RED: Color = (0.72, 0.12, 0.10)
GOLD: Color = (0.80, 0.62, 0.10)
NIGHT: Color = (0.16, 0.18, 0.32)
PARCH: Color = (0.97, 0.94, 0.86)
GREY: Color = (0.36, 0.36, 0.36)  # 4.5:1 on parchment and the harbour: small print

SEA_ICONS = ("palm", "treasure-map", "compass", "anchor", "ghost", "ship")
"""Library icons `draw_sea` may draw (figures report them for the icon credits)."""
WIND_ICONS = {"Fair Wind": "ship", "Becalmed": "hourglass", "Mermaid's Breath": "wave",
              "Storm": "lightning"}
WIND_NOTES = {"Fair Wind": "no effect", "Becalmed": "stop there",
              "Mermaid's Breath": "1 more space, 1 coin", "Storm": "1 space north first"}
BARREL_NOTES = {"Tide": "switch the tide", "Sea": "move a Sea Tile", "Wind": "vane: up to 2 turns",
                "Stars": "2 spaces, harbour 1", "Moon": "go first", "Sand": "bury items",
                "Bones": "second Action", "KRKN": "place the Kraken"}


def compass_arrow(canvas: Canvas, cx: float, cy: float, length: float, direction: str,
                  color: Color, width: float = 1.0) -> None:
    """An arrow `length` long centred on (cx, cy), pointing `direction` (a compass point),
    drawn by the one arrow (`canvas.draw.arrow`) with a head 38% of its length."""
    dc, dr = DIRECTIONS[direction]
    n = math.hypot(dc, dr)
    ux, uy = dc / n, dr / n
    head = length * 0.38
    arrow(canvas, cx - ux * length / 2, cy - uy * length / 2, cx + ux * length / 2,
          cy + uy * length / 2, color, width, head=head, half=head * 0.5, stop=head * 0.6)


# --- the sea --------------------------------------------------------------------------------
@dataclass(frozen=True)
class SeaFrame:
    """Where the sea grid sits: top-left of column 0, row 0, and the cell size in points."""

    x: float
    y: float
    cell: float

    def box(self, space: Space) -> tuple[float, float, float, float]:
        return (self.x + space[0] * self.cell, self.y + space[1] * self.cell, self.cell,
                self.cell)

    def centre(self, space: Space) -> tuple[float, float]:
        x, y, c, _ = self.box(space)
        return x + c / 2, y + c / 2


def sea_size(board: Board, cell: float) -> tuple[float, float]:
    """Width and height of `draw_sea`'s drawing, shore strip included."""
    return (board.columns + 0.9) * cell, board.rows * cell


def draw_sea(canvas: Canvas, board: Board, x: float, y: float, cell: float, *,
             ship_marks: dict[Space, Color] | None = None, cp_order: bool = True) -> SeaFrame:
    """The Sea of Souls grid with the Voodoo Shore on its west, Tortuga and Cayona harbour on
    its east; returns the frame so callers can place things on spaces."""
    shore_w = 0.9 * cell
    fr = SeaFrame(x + shore_w, y, cell)
    # The Voodoo Shore.
    canvas.path(rect_ops(x, y, shore_w, board.rows * cell), fill=SHORE)
    for i in range(board.rows * 3):
        canvas.path(circle_ops(x + shore_w * (0.25 + 0.3 * (i % 2)),
                               y + (i + 0.5) * cell / 3, cell * 0.025), fill=(0.7, 0.6, 0.38))
    canvas.push()
    cx, cy = x + shore_w * 0.42, y + board.rows * cell / 2
    canvas.transform(0, -1, 1, 0, cx, cy)
    label(canvas, 0, cell * 0.08, "VOODOO SHORE", "display", cell * 0.26, RED, "middle")
    canvas.pop()
    land = [s for s in _grid(board) if board.kind(s) == "land"]
    for s in land:
        canvas.path(rect_ops(*fr.box(s)), fill=LAND)
    if land:
        lx = sum(s[0] for s in land) / len(land)
        ly = sum(s[1] for s in land) / len(land)
        px, py = fr.x + (lx + 0.5) * cell, fr.y + (ly + 0.5) * cell
        draw_icon(canvas, "palm", px - cell * 0.9, py - cell * 0.55, cell * 0.5, cell * 0.5,
                  (0.45, 0.38, 0.22))
        label(canvas, px + cell * 0.15, py + cell * 0.05, "TORTUGA", "display", cell * 0.3,
              (0.36, 0.28, 0.14), "middle")
    order = {s: i + 1 for i, s in enumerate(board.harbour_order)}
    small = cell * 0.13
    for s in board.spaces():
        bx, by, c, _ = fr.box(s)
        kind = board.kind(s)
        haunted = board.haunted(s)
        fill = HARBOUR if kind == "harbour" else HAUNTED if haunted else CALM
        canvas.path(rect_ops(bx, by, c, c), fill=fill, stroke=Stroke(PAPER, c * 0.025))
        text_col = INK if kind == "harbour" or haunted else PAPER
        label(canvas, bx + c * 0.08, by + c * 0.26, str(board.value(s)), "display", c * 0.24,
              text_col)
        if kind == "tidal":
            compass_arrow(canvas, bx + c * 0.5, by + c * 0.62, c * 0.42, board.tide_arrow,
                          (0.62, 0.78, 0.86), c * 0.035)
            label(canvas, bx + c * 0.92, by + c * 0.26, "tide", "sans", small, PAPER, "end")
        elif kind == "map":
            draw_icon(canvas, "treasure-map", bx + c * 0.3, by + c * 0.3, c * 0.5, c * 0.5,
                      GOLD)
        elif kind == "harbour":
            if s == board.stars_space():
                for d in board.stars_directions:
                    dc, dr = DIRECTIONS[d]
                    compass_arrow(canvas, bx + c * (0.6 + dc * 0.17),
                                  by + c * (0.45 + dr * 0.17), c * 0.16, d, NIGHT, c * 0.02)
                draw_icon(canvas, "compass", bx + c * 0.53, by + c * 0.38, c * 0.14, c * 0.14,
                          NIGHT)
                label(canvas, bx + c * 0.6, by + c * 0.8, "Stars", "sans", small, NIGHT,
                      "middle")
            else:
                draw_icon(canvas, "anchor", bx + c * 0.55, by + c * 0.1, c * 0.3, c * 0.3,
                          (0.55, 0.45, 0.3))
            if cp_order:
                label(canvas, bx + c * 0.08, by + c * 0.9, f"CP {order[s]}", "sans-bold",
                      small, (0.45, 0.32, 0.16))
            if board.value(s) <= 2:
                label(canvas, bx + c * 0.92, by + c * 0.9, "+1 power", "sans", small,
                      (0.45, 0.32, 0.16), "end")
        elif haunted:
            draw_icon(canvas, "ghost", bx + c * 0.58, by + c * 0.56, c * 0.34, c * 0.34,
                      (0.22, 0.45, 0.42))
        if ship_marks and s in ship_marks:
            canvas.path(circle_ops(bx + c / 2, by + c / 2, c * 0.3), fill=PAPER,
                        stroke=Stroke(ship_marks[s], c * 0.05))
            draw_icon(canvas, "ship", bx + c * 0.3, by + c * 0.3, c * 0.4, c * 0.4,
                      ship_marks[s])
    # The red border round the Sea of Souls, and the harbour's own edge.
    _outline(canvas, board, fr, board.in_sea, Stroke(RED, cell * 0.06, join=1))
    _outline(canvas, board, fr, lambda s: board.kind(s) == "harbour",
             Stroke((0.45, 0.32, 0.16), cell * 0.035, join=1))
    hx = [s for s in board.harbour()]
    if hx:
        left = min(s[0] for s in hx)
        label(canvas, fr.x + (left + (max(s[0] for s in hx) - left + 1) / 2) * cell,
              fr.y - cell * 0.08, "CAYONA HARBOUR", "sans-bold", cell * 0.14,
              (0.45, 0.32, 0.16), "middle")
    return fr


def _grid(board: Board) -> list[Space]:
    return [(c, r) for r in range(board.rows) for c in range(board.columns)]


def _outline(canvas: Canvas, board: Board, fr: SeaFrame, inside, stroke: Stroke) -> None:
    ops: list = []
    for s in _grid(board):
        if not inside(s):
            continue
        x, y, c, _ = fr.box(s)
        edges = (((0, -1), ((x, y), (x + c, y))), ((0, 1), ((x, y + c), (x + c, y + c))),
                 ((-1, 0), ((x, y), (x, y + c))), ((1, 0), ((x + c, y), (x + c, y + c))))
        for (dc, dr), seg in edges:
            if not inside((s[0] + dc, s[1] + dr)):
                ops += [("M", *seg[0]), ("L", *seg[1])]
    canvas.path(ops, stroke=stroke)


# --- the rest of the board ----------------------------------------------------------------
def draw_vane(canvas: Canvas, board: Board, cx: float, cy: float, r: float) -> None:
    """The weather vane: the four sea conditions in quadrants, clockwise in the board's
    order from the north-east quadrant, and a pointer to cut out and pin."""
    canvas.path(circle_ops(cx, cy, r), fill=PARCH, stroke=Stroke(INK, r * 0.02))
    quad_centres = [(1, -1), (1, 1), (-1, 1), (-1, -1)]  # NE, SE, SW, NW: clockwise
    for name, (qx, qy) in zip(board.wind, quad_centres, strict=True):
        ix, iy = cx + qx * r * 0.42, cy + qy * r * 0.4
        draw_icon(canvas, WIND_ICONS[name], ix - r * 0.14, iy - r * 0.3, r * 0.28, r * 0.28,
                  NIGHT)
        label(canvas, ix, iy + r * 0.1, name, "sans-bold", r * 0.085, INK, "middle")
        label(canvas, ix, iy + r * 0.21, WIND_NOTES[name], "sans", r * 0.07, INK, "middle")
    canvas.path([("M", cx - r, cy), ("L", cx + r, cy), ("M", cx, cy - r), ("L", cx, cy + r)],
                stroke=Stroke(INK, r * 0.015))
    canvas.path(circle_ops(cx, cy, r * 0.05), fill=INK)
    label(canvas, cx, cy - r - r * 0.08, "WIND (turns clockwise)", "sans-bold", r * 0.11, INK,
          "middle")
    label(canvas, cx, cy + r + r * 0.18, f"starts on {board.start_wind}", "sans", r * 0.09,
          GREY, "middle")


def _track(canvas: Canvas, x: float, y: float, cell: float, labels: list[str],
           fill: Color, text: Color, title: str, notes: dict[int, str] | None = None) -> None:
    label(canvas, x, y - cell * 0.18, title, "sans-bold", cell * 0.28, INK)
    for i, s in enumerate(labels):
        bx = x + i * cell
        canvas.path(rect_ops(bx, y, cell, cell, cell * 0.12), fill=fill,
                    stroke=Stroke(PAPER, cell * 0.04))
        label(canvas, bx + cell / 2, y + cell * 0.62, s, "display", cell * 0.38, text, "middle")
        if notes and i in notes:
            label(canvas, bx + cell / 2, y + cell * 1.25, notes[i], "sans", cell * 0.2, INK,
                  "middle")


def draw_board(canvas: Canvas, board: Board, x: float, y: float, w: float, h: float) -> None:
    """The whole board in the box (x, y, w, h): its parts are placed in proportion to the
    box, which is expected to be about A2 landscape (594 x 420 mm)."""
    u = min(w / (594.0 * MM), h / (420.0 * MM)) * MM  # one "board millimetre", in points
    canvas.path(rect_ops(x, y, w, h), fill=(0.86, 0.91, 0.93))
    label(canvas, x + 14 * u, y + 22 * u, "Voodoo Pirate · the Sea of Souls", "display",
          15 * u, NIGHT)
    label(canvas, x + w - 14 * u, y + 22 * u, "sail west and south: every step is worth one "
          "more", "serif-italic", 6 * u, INK, "end")
    cell = 40 * u
    draw_sea(canvas, board, x + 14 * u, y + 44 * u, cell)
    sea_w, sea_h = sea_size(board, cell)
    # Vane and tide on the right.
    right = x + 14 * u + sea_w + 14 * u
    rw = x + w - 14 * u - right
    draw_vane(canvas, board, right + rw / 2, y + 44 * u + 48 * u, min(rw / 2, 50 * u))
    ty = y + 44 * u + 118 * u
    label(canvas, right, ty, "TIDE", "sans-bold", 7 * u, INK)
    for i, (state, note) in enumerate((("IN", "Jax: +1 ship"), ("OUT", "Jax: −1 ship; "
                                                                      "tidal ships drift"))):
        bx = right + i * (rw / 2)
        canvas.path(rect_ops(bx, ty + 3 * u, rw / 2 - 3 * u, 20 * u, 3 * u),
                    fill=NIGHT if state == "IN" else (0.35, 0.45, 0.6))
        label(canvas, bx + (rw / 2 - 3 * u) / 2, ty + 14 * u, state, "display", 9 * u, PAPER,
              "middle")
        label(canvas, bx + (rw / 2 - 3 * u) / 2, ty + 20 * u, note, "sans", 3.6 * u, PAPER,
              "middle")
    label(canvas, right, ty + 29 * u, f"starts {board.start_tide}; switches at Dawn", "sans",
          4.2 * u, GREY)
    # Bottom band: lunar track, colonial ships, barrels, ritual grid, treasures.
    by = y + 44 * u + sea_h + 22 * u
    _track(canvas, x + 14 * u, by, 22 * u, [str(i) for i in range(board.lunar_track)],
           NIGHT, PAPER, "LUNAR TRACK: the Sun holder moves a parrot one space each Dusk",
           {0: "start", board.lunar_track - 1: "end"})
    cy0 = by + 42 * u
    cols = list(range(board.colonial_min, board.colonial_max + 1))
    _track(canvas, x + 14 * u, cy0, 18 * u, [str(n) for n in cols], (0.55, 0.42, 0.25),
           PAPER, "COLONIAL SHIPS IN PODÉPÈ HARBOUR (Jax draws this many souls)",
           {cols.index(board.colonial_start): "start"})
    draw_icon(canvas, "ship", x + 14 * u + len(cols) * 18 * u + 6 * u, cy0 + 1 * u, 16 * u,
              16 * u, (0.55, 0.42, 0.25))
    # Barrels.
    bx0, by0 = x + 14 * u, cy0 + 40 * u
    label(canvas, bx0, by0 - 3 * u, "BARRELS: a poppet and your figure; one pirate each",
          "sans-bold", 6 * u, INK)
    bw = 34 * u
    for row, (names, title, col) in enumerate(((board.moonlight_barrels, "Moonlight", NIGHT),
                                               (board.dusk_barrels, "Dusk", (0.55, 0.3, 0.12)))):
        ry = by0 + row * 40 * u
        label(canvas, bx0, ry + 20 * u, title, "display", 7 * u, col)
        for i, name in enumerate(names):
            cx = bx0 + 32 * u + i * (bw + 4 * u)
            canvas.path(rect_ops(cx, ry, bw, 34 * u, 4 * u), fill=PARCH,
                        stroke=Stroke(col, 1.2 * u))
            draw_icon(canvas, "barrel", cx + bw / 2 - 8 * u, ry + 3 * u, 16 * u, 16 * u, col)
            label(canvas, cx + bw / 2, ry + 25 * u, name, "sans-bold", 5.5 * u, INK, "middle")
            label(canvas, cx + bw / 2, ry + 31 * u, BARREL_NOTES[name], "sans", 3.6 * u, INK,
                  "middle")
    # Ritual grid.
    gsize = board.ritual_grid
    gc = 22 * u
    gx = x + 14 * u + 32 * u + 4 * (bw + 4 * u) + 14 * u
    gy = by + 10 * u
    label(canvas, gx, gy - 3 * u, "HOODOO RITUAL", "sans-bold", 6 * u, INK)
    numbers = ritual_numbering(gsize)
    for (c, r), n in numbers.items():
        canvas.path(rect_ops(gx + c * gc, gy + r * gc, gc, gc), fill=(0.30, 0.18, 0.36),
                    stroke=Stroke(PAPER, 0.8 * u))
        label(canvas, gx + c * gc + 2 * u, gy + r * gc + 6 * u, str(n), "sans-bold", 5 * u,
              (0.86, 0.78, 0.92))
    label(canvas, gx, gy + gsize * gc + 6 * u, "A soul beside (not diagonal) a soul of its",
          "sans", 4 * u, INK)
    label(canvas, gx, gy + gsize * gc + 11 * u, "colour sails one space more.", "sans",
          4 * u, INK)
    label(canvas, gx, gy + gsize * gc + 16 * u, "Numbers: Cursed Pirates' order (from the SE).",
          "sans", 4 * u, GREY)
    # Treasure stores, jail and the Object deck.
    tx = gx + gsize * gc + 14 * u
    tw = (x + w - 14 * u - tx - 8 * u) / 2
    for i, (name, note, icon) in enumerate((
            ("Mermaids' Treasure", "Fills with the mermaids' tolls. Stop on a map: take half "
             "(rounded up) and the compass.", "coins"),
            ("Spanish Gold", "Fills with coins lost to broadsides. With Rackham's Map, stop "
             "on an 8: take half (rounded up).", "chest"))):
        ty2 = gy
        bx2 = tx + i * (tw + 8 * u)
        canvas.path(rect_ops(bx2, ty2, tw, 60 * u, 4 * u), fill=PARCH,
                    stroke=Stroke(GOLD, 1.4 * u))
        draw_icon(canvas, icon, bx2 + 4 * u, ty2 + 4 * u, 16 * u, 16 * u, GOLD)
        fit = fit_text(name, "display", 8 * u, tw - 26 * u, 9 * u, min_size=4 * u)
        fit.draw(canvas, bx2 + 23 * u, ty2 + 9 * u, tw - 26 * u, None, INK)
        fit = fit_text(note, "sans", 4.4 * u, tw - 8 * u, 20 * u, min_size=3.0 * u)
        fit.draw(canvas, bx2 + 4 * u, ty2 + 25 * u, tw - 8 * u, None, INK)
        label(canvas, bx2 + 4 * u, ty2 + 56 * u, "starts with 5 coins", "sans", 3.8 * u, GREY)
    jy = gy + 70 * u
    for i, (name, note, icon) in enumerate((
            ("Jail", "two or more Takes: all of them here until Dawn", "key"),
            ("Objects", "deck face down · discard pile face up", "chest"))):
        bx2 = tx + i * (tw + 8 * u)
        canvas.path(rect_ops(bx2, jy, tw, 56 * u, 4 * u), fill=PARCH,
                    stroke=Stroke(INK, 0.8 * u, dash=(4 * u, 2 * u)))
        draw_icon(canvas, icon, bx2 + 4 * u, jy + 4 * u, 14 * u, 14 * u, INK)
        label(canvas, bx2 + 22 * u, jy + 13 * u, name, "display", 8 * u, INK)
        fit = fit_text(note, "sans", 4.2 * u, tw - 8 * u, 14 * u, min_size=3.0 * u)
        fit.draw(canvas, bx2 + 4 * u, jy + 24 * u, tw - 8 * u, None, INK)


# --- cards ---------------------------------------------------------------------------------
CARD_W, CARD_H = 63 * MM, 88 * MM
CARD_PAD = 4 * MM
BODY_SIZE = 9.0
FOOT = 8.5 * MM  # the coloured foot band and the gap above it
FOOT_BASELINE = 4.0 * MM  # the foot label's descenders stay 3 mm inside the trim


def on_colour(fill: Color, preferred: Color = PAPER) -> Color:
    """Text colour on a coloured band: `preferred` (white) where it reads at 4.5:1, else
    ink (a pirate's yellow takes dark text), else pure black (a mid green), else whichever
    of them reads best."""
    choices = (preferred, INK, (0.0, 0.0, 0.0))
    for colour in choices:
        if contrast(colour, fill) >= 4.5:
            return colour
    return max(choices, key=lambda colour: contrast(colour, fill))


def action_text_box() -> tuple[float, float, float, float]:
    """Where an Action card's rule text goes (x, y, w, h from the card's top-left)."""
    return (CARD_PAD, 47 * MM, CARD_W - 2 * CARD_PAD, CARD_H - 47 * MM - FOOT)


def object_text_box() -> tuple[float, float, float, float]:
    return (CARD_PAD, 44 * MM, CARD_W - 2 * CARD_PAD, CARD_H - 44 * MM - FOOT)


def action_fit(card: ActionCard) -> Fit:
    _, _, w, h = action_text_box()
    return fit_text(card.text, "serif", BODY_SIZE, w, h, min_size=MIN_TEXT_PT)


def object_fit(card: ObjectCard) -> Fit:
    _, _, w, h = object_text_box()
    return fit_text(card.text, "serif", BODY_SIZE + 0.5, w, h, min_size=MIN_TEXT_PT)


def _frame(canvas: Canvas, x: float, y: float, edge: Color, inner: Color,
           bleed: float = 0.0) -> None:
    """The coloured edge (carried `bleed` beyond the trim, so a slightly off cut shows no
    white) and the parchment panel inside it."""
    canvas.path(rect_ops(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed),
                fill=edge)
    canvas.path(rect_ops(x + 2.2 * MM, y + 2.2 * MM, CARD_W - 4.4 * MM, CARD_H - 9.0 * MM,
                         2 * MM), fill=inner)  # clear of the foot label's ascenders


def draw_action_card(canvas: Canvas, x: float, y: float, pirate: Pirate,
                     card: ActionCard, bleed: float = 0.0) -> None:
    _frame(canvas, x, y, pirate.rgb, PARCH, bleed)
    label(canvas, x + CARD_W / 2, y + 13 * MM, card.name, "display", 22,
          legible(pirate.rgb, PARCH, 3.0), "middle")
    label(canvas, x + CARD_W / 2, y + 18.5 * MM, card.title, "serif-italic", 9, INK, "middle")
    draw_icon(canvas, card.icon, x + CARD_W / 2 - 11 * MM, y + 21 * MM, 22 * MM, 22 * MM,
              pirate.rgb)
    bx, by, bw, _ = action_text_box()
    action_fit(card).draw(canvas, x + bx, y + by, bw, None, INK)
    label(canvas, x + CARD_W / 2, y + CARD_H - FOOT_BASELINE, f"{pirate.colour} pirate",
          "sans-bold", 6.5, on_colour(pirate.rgb), "middle")


def draw_object_card(canvas: Canvas, x: float, y: float, card: ObjectCard,
                     bleed: float = 0.0) -> None:
    edge = card.colour if card.colour is not None else NIGHT
    _frame(canvas, x, y, edge, PARCH, bleed)
    fit_title = fit_text(card.name, "display", 18, CARD_W - 10 * MM, 9 * MM, min_size=10)
    fit_title.draw(canvas, x + 5 * MM, y + 6 * MM, CARD_W - 10 * MM, None,
                   legible(edge, PARCH, 3.0 if fit_title.size >= 14 else 4.5), "center")
    draw_icon(canvas, card.icon, x + CARD_W / 2 - 10 * MM, y + 18 * MM, 20 * MM, 20 * MM, edge)
    bx, by, bw, _ = object_text_box()
    object_fit(card).draw(canvas, x + bx, y + by, bw, None, INK)
    foot = {"end": "kept for the end of the game", "defence": "when attacked",
            "treasure": "treasure", "action": "when you hold the Moon"}[card.kind]
    label(canvas, x + CARD_W / 2, y + CARD_H - FOOT_BASELINE, foot, "sans-bold", 6.5,
          on_colour(edge), "middle")


def draw_card_back(canvas: Canvas, x: float, y: float, kind: str,
                   colour: Color | None = None, bleed: float = 0.0, owner: str = "") -> None:
    """The back of an Action card (in its pirate's colour) or of an Object card."""
    edge = colour if colour is not None else NIGHT
    canvas.path(rect_ops(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed),
                fill=edge)
    canvas.path(rect_ops(x + 4 * MM, y + 4 * MM, CARD_W - 8 * MM, CARD_H - 8 * MM, 3 * MM),
                stroke=Stroke(PAPER, 1.2))
    draw_icon(canvas, "voodoo-doll" if kind == "action" else "chest",
              x + CARD_W / 2 - 14 * MM, y + 24 * MM, 28 * MM, 28 * MM, PAPER)
    ink = on_colour(edge)
    label(canvas, x + CARD_W / 2, y + 64 * MM, "Voodoo Pirate", "display", 16, ink, "middle")
    label(canvas, x + CARD_W / 2, y + 70 * MM,
          (f"Action · {owner}" if owner else "Action") if kind == "action" else "Object",
          "sans-bold", 9, ink, "middle")


# --- ship mat --------------------------------------------------------------------------------
MAT_W, MAT_H = 190 * MM, 120 * MM


def draw_mat(canvas: Canvas, x: float, y: float, pirate: Pirate) -> None:
    """A ship mat: souls (6), three holds, the Voodoo Power die, coins, and the pirate's
    skill printed upside down along the far edge for the other players to read."""
    col = pirate.rgb
    inset = 1.5 * MM  # the frame lies inside the trim: a cut that wanders leaves it whole
    canvas.path(rect_ops(x + inset, y + inset, MAT_W - 2 * inset, MAT_H - 2 * inset, 3 * MM),
                fill=PARCH, stroke=Stroke(col, 2.5))
    # Hull.
    hull = [(x + 14 * MM, y + 30 * MM), (x + 150 * MM, y + 30 * MM), (x + 182 * MM,
            y + 66 * MM), (x + 150 * MM, y + 102 * MM), (x + 14 * MM, y + 102 * MM)]
    canvas.path(polyline_ops(hull, closed=True), fill=(0.93, 0.88, 0.78),
                stroke=Stroke(col, 1.6, join=1))
    label(canvas, x + 8 * MM, y + 112 * MM, f"{pirate.colour} pirate's ship", "display", 16,
          legible(col, PARCH, 3.0))
    label(canvas, x + MAT_W - 8 * MM, y + 112 * MM, "everything here stays in plain view "
          "(Objects face down)", "sans", 6.5, GREY, "end")
    # Skill, upside down along the top edge.
    canvas.push()
    canvas.transform(-1, 0, 0, -1, x + MAT_W, y + 26 * MM)
    label(canvas, 8 * MM, 6 * MM, f"{pirate.skill} (skill)", "display", 13, legible(col, PARCH))
    fit = fit_text(pirate.skill_text, "serif", 10, MAT_W - 16 * MM, 10 * MM,
                   min_size=MIN_TEXT_PT)
    fit.draw(canvas, 8 * MM, 9 * MM, MAT_W - 16 * MM, None, INK)
    canvas.pop()
    canvas.path([("M", x + 6 * MM, y + 27 * MM), ("L", x + MAT_W - 6 * MM, y + 27 * MM)],
                stroke=Stroke(col, 0.6, dash=(3, 2)))
    # Souls: six numbered spaces (Cursed Pirates fill them in order).
    label(canvas, x + 20 * MM, y + 39 * MM, "SOULS (up to 6)", "sans-bold", 7, INK)
    for i in range(6):
        cx = x + 26 * MM + i * 15 * MM
        canvas.path(circle_ops(cx, y + 49 * MM, 6 * MM), fill=PAPER,
                    stroke=Stroke(col, 1.0))
        label(canvas, cx, y + 51 * MM, str(i + 1), "sans", 7, GREY, "middle")
    # Holds: ends take a poppet and an object; the middle one or the other.
    label(canvas, x + 20 * MM, y + 64 * MM, "HOLDS: at most 3 poppets, 3 Objects, 5 together",
          "sans-bold", 7, INK)
    for i, note in enumerate(("poppet + Object", "poppet OR Object", "poppet + Object")):
        hx = x + 20 * MM + i * 38 * MM
        canvas.path(rect_ops(hx, y + 67 * MM, 34 * MM, 26 * MM, 2 * MM), fill=PAPER,
                    stroke=Stroke(col, 1.0, dash=None if i != 1 else (2, 1.5)))
        draw_icon(canvas, "voodoo-doll", hx + 2 * MM, y + 70 * MM, 9 * MM, 9 * MM, GREY)
        label(canvas, hx + 17 * MM, y + 90 * MM, note, "sans-bold", 6.5, INK, "middle")
    # Voodoo Power die at the bow.
    dx, dy = x + 142 * MM, y + 52 * MM
    canvas.path(rect_ops(dx, dy, 24 * MM, 24 * MM, 3 * MM), fill=PAPER,
                stroke=Stroke(col, 1.6))
    label(canvas, dx + 12 * MM, dy + 15 * MM, str(pirate.power), "display", 26,
          legible(col, PAPER, 3.0), "middle")
    label(canvas, dx + 12 * MM, dy - 2 * MM, "VOODOO POWER", "sans-bold", 6.5, INK, "middle")
    label(canvas, dx + 12 * MM, dy + 29 * MM, "+1 per hit, max 6", "sans", 6, GREY, "middle")
    # Coins.
    canvas.path(rect_ops(x + 118 * MM, y + 34 * MM, 30 * MM, 14 * MM, 2 * MM), fill=PAPER,
                stroke=Stroke(GOLD, 1.0))
    draw_icon(canvas, "coins", x + 119 * MM, y + 35 * MM, 12 * MM, 12 * MM, GOLD)
    label(canvas, x + 133 * MM, y + 43 * MM, "COINS: any", "sans-bold", 6.5, INK)


# --- tokens --------------------------------------------------------------------------------
@dataclass(frozen=True)
class TokenGroup:
    """A run of identical punch-out tokens: how many, how big, what they show."""

    title: str
    count: int
    size_mm: float
    fill: Color
    icon: str | None = None
    text: str = ""
    square: bool = False
    ink: Color = PAPER


SOULS_PER_COLOUR = 10   # sheetgen's design: the source gives no count
POPPETS = 15
COINS = 40
JAIL_TOKENS = 5


def token_groups(pirates: tuple[Pirate, ...], sea_tiles: int) -> list[list[TokenGroup]]:
    """Every token the game needs, split into two sheets."""
    first = [TokenGroup(f"{p.colour} ship", 1, 30, p.rgb, "ship") for p in pirates]
    first += [TokenGroup(f"{p.colour} pirate figure", 1, 16, p.rgb, "voodoo-doll")
              for p in pirates]
    first += [TokenGroup("Cursed Pirate figure", 2, 16, (0.35, 0.35, 0.38), "skull")]
    first += [TokenGroup(f"{p.colour} souls", SOULS_PER_COLOUR, 13, p.rgb, "ghost")
              for p in pirates]
    second = [TokenGroup("poppets", POPPETS, 14, (0.62, 0.45, 0.28), "voodoo-doll"),
              TokenGroup("coins", COINS, 12, GOLD, "coin"),
              TokenGroup("parrots (round markers)", 2, 16, (0.2, 0.55, 0.3), "parrot"),
              TokenGroup("Sun", 1, 18, (0.92, 0.65, 0.1), text="SUN"),
              TokenGroup("Moon", 1, 18, NIGHT, text="MOON"),
              TokenGroup("jail", JAIL_TOKENS, 14, INK, "key"),
              TokenGroup("compass", 1, 18, NIGHT, "compass"),
              TokenGroup("GriGri", 1, 18, (0.45, 0.22, 0.55), "bottle"),
              TokenGroup("Kraken", 1, 22, (0.5, 0.1, 0.1), "tentacle"),
              TokenGroup("wind", 1, 16, NIGHT, "lightning"),
              TokenGroup("tide", 1, 16, (0.2, 0.4, 0.6), "wave"),
              TokenGroup("colonial ships", 1, 14, (0.55, 0.42, 0.25), "ship"),
              TokenGroup("Sea Tiles (turn the water beneath)", sea_tiles, 38, HAUNTED,
                         "whirlpool", square=True)]
    return [first, second]


def draw_tokens(canvas: Canvas, x: float, y: float, w: float, groups: list[TokenGroup]
                ) -> float:
    """Lay the groups out in rows across the width `w`; returns the height used."""
    gap = 2.5 * MM
    cx, cy, row_h = x, y, 0.0
    for group in groups:
        d = group.size_mm * MM
        need = d + gap
        if group.count >= 5 and cx != x:  # a big group starts its own row
            cx, cy, row_h = x, cy + row_h + gap, 0.0
        for _ in range(group.count):
            if cx + d > x + w:
                cx, cy, row_h = x, cy + row_h + gap, 0.0
            if group.square:
                ops = rect_ops(cx, cy, d, d, 1.5 * MM)
            else:
                ops = circle_ops(cx + d / 2, cy + d / 2, d / 2)
            canvas.path(ops, fill=group.fill, stroke=Stroke(INK, 0.5))
            if group.icon:
                draw_icon(canvas, group.icon, cx + d * 0.2, cy + d * 0.2, d * 0.6, d * 0.6,
                          group.ink)
            elif group.text:
                label(canvas, cx + d / 2, cy + d / 2 + d * 0.1, group.text, "sans-bold",
                      d * 0.22 / MM * 2.2, on_colour(group.fill, group.ink), "middle")
            cx += need
            row_h = max(row_h, d)
    return cy + row_h - y
