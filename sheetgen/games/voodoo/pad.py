"""`sheetgen pad voodoo`: the whole of Voodoo Pirate that paper can hold, in one PDF.

The bundled layouts are composed in the order a person prepares the game: the board, the
five ship mats, the 30 Action cards, the 27 Object cards, the player aids. Each part stays an
ordinary layout (`sheetgen render voodoo/action-cards` prints it alone); the pad only picks
the paper. Cards come with their backs (duplex, long edge); the board is tiled for home
printers (the layout language's `tile:`), or one sheet for a print shop.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sheetgen.games.voodoo.board import load_board
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.registry import Pad, finish_pad
from sheetgen.render.compose import BlankBacks, compose
from sheetgen.render.output import render_pdf
from sheetgen.render.pdf import PdfCanvas

PARTS: tuple[tuple[str, str], ...] = (
    ("voodoo/board", "the board"),
    ("voodoo/ship-mats", "five ship mats"),
    ("voodoo/action-cards", "30 Action cards"),
    ("voodoo/object-cards", "27 Object cards"),
    ("voodoo/player-aids", "player aids"),
    ("voodoo/tokens", "tokens"),
)


HOME_PAPER = ("a4", "letter")
SHOP_PAPER = ("a2", "a1")


def build_pad(*, progress: Callable[[int, int], None] | None = None,
              output: str | Path | None = None, paper: str = "a4",
              board: str | None = None) -> Pad:
    """The whole game, its PDF and page count (the registry's pad contract; `progress(done,
    parts)` after each part).

    On home paper (A4, Letter) the A2 board is tiled over sheets of that paper to tape
    together, and everything else is printed on the same paper. On print-shop paper (A2, A1)
    the board is a file of its own for the shop (one sheet with 3 mm of bleed and crop marks,
    suffix `-board-a2`), and the rest goes on A4 for the home printer. `board` names a board
    file to print instead of the Sea of Souls (`sheetgen voodoo board new` makes them); it is
    checked before anything is drawn, so a fault in it is reported at its own line.
    """
    overrides = {}
    if board:
        load_board(board)
        overrides = {"board": str(Path(board).resolve())}
    # Printed double-sided as one file: every one-sided sheet gets a blank back, so each
    # card front stays on an odd page with its back behind it.
    canvas = BlankBacks(PdfCanvas(title="Voodoo Pirate",
                                  subject="board, ship mats, Action and Object cards, "
                                          "player aids, tokens"))
    small = paper if paper in HOME_PAPER else "a4"
    pages = 0
    extras: list[tuple[str, bytes]] = []
    for done, (name, _) in enumerate(PARTS, start=1):
        if name == "voodoo/board" and paper not in HOME_PAPER:
            sheet = load_layout(find_layout(name), RenderOptions(paper=paper, crop_marks=True,
                                                                 overrides=overrides))
            extras.append((f"-board-{paper}", render_pdf(sheet)))  # scales to its page
            continue
        if name == "voodoo/board":
            options = RenderOptions(tile=paper, overrides=overrides)
        else:
            options = RenderOptions(paper=small)
        layout = load_layout(find_layout(name), options)
        pages += compose(layout, canvas, 1)
        if progress:
            progress(done, len(PARTS))
    note = f"the board for the print shop: -board-{paper}.pdf" if extras else ""
    return finish_pad(canvas.finish(), pages + canvas.blanks, output, note, tuple(extras))
