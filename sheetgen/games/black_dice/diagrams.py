"""The Curse of the Black Dice figures: a quest tile's six adventures at settlement.

The dice shown and the verdict under each adventure come from the engine's settlement, the
same function whose results the text quotes, so picture, prose and arithmetic agree.
"""

from __future__ import annotations

from sheetgen.canvas.draw import (
    GREY,
    INK,
    PAPER,
    RED,
    SAND,
    die_face,
    icon,
    label,
    rounded_rect,
)
from sheetgen.canvas.protocol import Canvas, Stroke
from sheetgen.games.black_dice.examples import BD_EXAMPLE, black_dice_settlement
from sheetgen.games.black_dice.rules import BD_SYMBOLS
from sheetgen.rulebooks.diagrams import register

ICONS = ("anchor", "rum", "swords", "map", "ship", "flag")
PLAYER_COLORS = {
    "Red": (0.74, 0.18, 0.15),
    "Blue": (0.16, 0.35, 0.62),
    "Green": (0.20, 0.50, 0.27),
    "Brown": (0.50, 0.33, 0.18),
}
GOOD = (0.16, 0.45, 0.24)


@register("bd-settlement")
def settlement(canvas: Canvas) -> tuple[float, float]:
    settled = black_dice_settlement()
    col_w, die, gap = 62.0, 13.0, 2.5
    width = 6 * col_w + 4
    height = 228.0
    canvas.begin_page(width, height)
    canvas.path(rounded_rect(2, 2, width - 4, height - 4, 8), fill=SAND,
                stroke=Stroke(INK, 1.0))
    for i, (adventure, result) in enumerate(zip(BD_EXAMPLE, settled, strict=True)):
        x = 2 + i * col_w
        if i:
            canvas.path([("M", x, 10), ("L", x, height - 10)], stroke=Stroke(GREY, 0.5))
        cx = x + col_w / 2
        icon(canvas, ICONS[i], cx - 11, 10, 22)
        label(canvas, cx, 44, f"{i + 1} {BD_SYMBOLS[i]}", "sans-bold", 8, INK, "middle")
        # Black dice (above): the ones rolled this round, plus any that joined at settlement.
        gained = result.black - adventure.black
        for k in range(result.black):
            row, col = divmod(k, 3)
            dx = x + 8 + col * (die + gap)
            dy = 52 + row * (die + gap)
            die_face(canvas, dx, dy, die, i + 1, dark=True)
            if k >= adventure.black and gained:
                canvas.path(rounded_rect(dx - 2, dy - 2, die + 4, die + 4, 4),
                            stroke=Stroke(RED, 1.4, dash=(2.5, 1.5)))
        canvas.path([("M", x + 6, 104), ("L", x + col_w - 6, 104)], stroke=Stroke(INK, 0.8))
        # Player dice (below).
        k = 0
        for player, count in adventure.players.items():
            for _ in range(count):
                row, col = divmod(k, 3)
                die_face(canvas, x + 8 + col * (die + gap), 110 + row * (die + gap), die,
                         i + 1, color=PLAYER_COLORS[player])
                k += 1
        # Verdict.
        verdict = {"completed": ("completed", GOOD), "failed": ("failed", RED),
                   "inactive": ("inactive", GREY)}[result.status]
        canvas.path(rounded_rect(x + 6, 160, col_w - 12, 16, 4), fill=verdict[1])
        label(canvas, cx, 171.5, verdict[0], "sans-bold", 8, PAPER, "middle")
        label(canvas, cx, 190, f"{result.player_dice} vs {result.black}", "sans", 8, INK,
              "middle")
        if result.rerolled:
            rolled = ", ".join(str(v) for v in result.rerolled)
            label(canvas, cx, 204, f"re-roll: {rolled}", "sans", 7.5, RED, "middle")
            if result.moved_to:
                label(canvas, cx, 215, f"to {', '.join(result.moved_to)}", "sans", 7.5, RED,
                      "middle")
    return width, height
