"""`sheetgen pad black-dice`: The Curse of the Black Dice on paper, in one PDF.

The bundled layouts are composed in the order a person makes the game: the four quest tiles
(one `black-dice/quest-tile` page per bundled quest), the pirate tiles with their backs, the
round tokens and the square tokens with their backs (duplex, long edge), the dice stickers,
and the one-page quick reference. Each part stays an ordinary layout (`sheetgen render
black-dice/tokens` prints it alone); the pad only picks the quests and the paper.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.registry import Pad, finish_pad
from sheetgen.render.compose import BlankBacks, compose
from sheetgen.render.pdf import PdfCanvas

PARTS: tuple[tuple[str, str], ...] = (
    ("black-dice/quest-tile", "the quest tiles, one per bundled quest"),
    ("black-dice/pirate-tiles", "8 pirate tiles with backs"),
    ("black-dice/tokens", "round tokens with backs"),
    ("black-dice/ship-tokens", "ship/enemy tokens, blockades, captain's marker, with backs"),
    ("black-dice/dice-labels", "stickers for 24 black and 24 crew dice"),
    ("black-dice/quick-reference", "quick reference"),
)


def build_pad(*, progress: Callable[[int, int], None] | None = None,
              output: str | Path | None = None, paper: str = "a4") -> Pad:
    """The whole game (A4 or Letter), its PDF and page count (the registry's pad contract);
    `progress(done, parts)` after each part."""
    from sheetgen.games.black_dice.providers import quest_ids

    # Printed double-sided as one file: one-sided sheets get a blank back (see BlankBacks).
    canvas = BlankBacks(PdfCanvas(title="The Curse of the Black Dice",
                                  subject="quest tiles, pirate tiles, tokens, dice stickers, "
                                          "quick reference"))
    pages = 0
    for done, (name, _) in enumerate(PARTS, start=1):
        runs: list[dict[str, Any]] = ([{"quest": q} for q in quest_ids()]
                                      if name == "black-dice/quest-tile" else [{}])
        for overrides in runs:
            layout = load_layout(find_layout(name),
                                 RenderOptions(overrides=overrides, paper=paper))
            pages += compose(layout, canvas, 1)
        if progress:
            progress(done, len(PARTS))
    return finish_pad(canvas.finish(), pages + canvas.blanks, output)
