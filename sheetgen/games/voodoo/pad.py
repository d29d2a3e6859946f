"""`sheetgen pad voodoo`: the whole of Voodoo Pirate that paper can hold, in one PDF.

The bundled layouts are composed in the order a person prepares the game: the board, the
five ship mats, the 30 Action cards, the 27 Object cards, the player aids. Each part stays an
ordinary layout (`sheetgen render voodoo/action-cards` prints it alone); the pad only picks
the paper.
"""

from __future__ import annotations

from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import compose
from sheetgen.render.pdf import PdfCanvas

PARTS: tuple[tuple[str, str], ...] = (
    ("voodoo/board", "the board"),
    ("voodoo/ship-mats", "five ship mats"),
    ("voodoo/action-cards", "30 Action cards"),
    ("voodoo/object-cards", "27 Object cards"),
    ("voodoo/player-aids", "player aids"),
    ("voodoo/tokens", "tokens"),
)


def build_pad(paper: str = "a4") -> tuple[bytes, int]:
    """The whole game as PDF bytes, and its page count. `paper` is the printer's sheet for
    the mats, cards and aids; the board keeps its own A2 page."""
    canvas = PdfCanvas(title="Voodoo Pirate", subject="board, ship mats, Action and Object "
                                                      "cards, player aids")
    pages = 0
    for name, _ in PARTS:
        options = RenderOptions(paper=None if name == "voodoo/board" else paper)
        layout = load_layout(find_layout(name), options)
        pages += compose(layout, canvas, 1)
    return canvas.finish(), pages
