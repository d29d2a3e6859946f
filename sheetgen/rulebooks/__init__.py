"""Rulebooks: the rules of each game, typeset from the project's own words into print PDFs.

`render_book(game, paper, booklet)` is the whole pipeline: content (`content`), diagrams drawn
by sheetgen (`diagrams`), worked examples computed by code (`worked`), HTML + print CSS set
by weasyprint (`render`), and saddle-stitch imposition (`booklet`).
"""

from sheetgen.rulebooks.content import GAMES, check_game
from sheetgen.rulebooks.render import PAPERS, render_all, render_book

__all__ = ["GAMES", "PAPERS", "check_game", "render_all", "render_book"]
