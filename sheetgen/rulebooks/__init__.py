"""Rulebooks: the rules of each game, typeset from the project's own words into print PDFs.

`render_book(game, paper, booklet)` is the whole pipeline: content (`content`), diagrams drawn
by sheetgen (`diagrams`), worked examples computed by code (`worked`), HTML + print CSS set
by weasyprint (`render`), and saddle-stitch imposition (`booklet`).
"""

from typing import Any

from sheetgen.rulebooks.content import check_game, rulebook_games
from sheetgen.rulebooks.render import PAPERS, render_all, render_book

__all__ = ["GAMES", "PAPERS", "check_game", "render_all", "render_book", "rulebook_games"]


def __getattr__(name: str) -> Any:
    """`GAMES`: every game's rulebook id, from the game registry (`rulebook_games()`)."""
    if name == "GAMES":
        return rulebook_games()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
