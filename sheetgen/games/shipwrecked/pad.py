"""`sheetgen pad shipwrecked`: everything the game needs but the dice, in one PDF.

Four bundled layouts are composed onto one canvas, in the order a person prepares the game:
the five Desert Island tiles, the dice picture stickers (white crew, black crew), the score
pad and the rules card. Each part stays an ordinary layout (`sheetgen render
shipwrecked/tiles` prints it alone); the pad only chooses counts and passes the seed on.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.errors import LayoutWarning
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.registry import Pad, finish_pad
from sheetgen.render.compose import compose
from sheetgen.render.pdf import PdfCanvas

PARTS: tuple[tuple[str, str], ...] = (
    ("shipwrecked/tiles", "Desert Island tiles"),
    ("shipwrecked/dice-labels", "dice pictures, white and black crews"),
    ("shipwrecked/score-pad", "score pad"),
    ("shipwrecked/rules-card", "rules card"),
)


def build_pad(*, progress: Callable[[int, int], None] | None = None,
              output: str | Path | None = None, seed: int = 1, paper: str = "a4",
              score_cards: int = 4, tile_mm: float | None = None,
              warnings: list[LayoutWarning] | None = None) -> Pad:
    """The whole pad, its PDF and page count (the registry's pad contract; `progress(done,
    parts)` after each part). `seed` picks the islands (names and
    coasts); `score_cards` is how many score cards (four to a sheet); `tile_mm` resizes the
    tiles (default 90 mm); `warnings`, when given, collects what the parts' layouts warn
    about (text that does not fit, cut marks that cannot be drawn), as `render --strict` would."""
    canvas = PdfCanvas(title="Shipwrecked! pad", subject="tiles, dice pictures, score pad, "
                                                         "rules card")
    pages = 0
    counts = {"shipwrecked/score-pad": score_cards, "shipwrecked/rules-card": 2}
    for done, (name, _) in enumerate(PARTS, start=1):
        overrides: dict[str, Any] = {}
        if name == "shipwrecked/tiles" and tile_mm is not None:
            overrides["tile"] = tile_mm
        layout = load_layout(find_layout(name),
                             RenderOptions(overrides=overrides, paper=paper, seed=seed))
        pages += compose(layout, canvas, counts.get(name, 1), warnings=warnings)
        if progress:
            progress(done, len(PARTS))
    return finish_pad(canvas.finish(), pages, output)
