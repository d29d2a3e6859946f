"""Rulebook PDFs: book content + jinja2 template + print stylesheet, set by weasyprint.

The paper decides page size, margins and the base type size; everything else (running
headers, page numbers, the ToC's page references, break rules) lives in `print.css`.
Output is deterministic: no dates are written and the PDF identifier is derived from the
game and paper, so the same inputs give the same bytes.
"""

from __future__ import annotations

import functools
import hashlib
import io
from dataclasses import dataclass

import jinja2

from sheetgen.canvas import MM, draw
from sheetgen.errors import SheetgenError, did_you_mean
from sheetgen.rulebooks.booklet import impose_saddle_stitch
from sheetgen.rulebooks.content import TEMPLATES_DIR, Book, Heading, load_book, rulebook_dirs
from sheetgen.rulebooks.diagrams import diagram_html, emblem_html, load_game
from sheetgen.rulebooks.fonts import font_face_css
from sheetgen.rulebooks.svgpaths import parsed_once
from sheetgen.rulebooks.worked import example


@dataclass(frozen=True)
class Paper:
    """A page format for the book's own pages (not the printer sheet of a booklet)."""

    name: str
    width_mm: float
    height_mm: float
    margin_mm: tuple[float, float, float, float]  # top, right, bottom, left
    base_pt: float  # body text size; smaller pages get smaller type


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210, 297, (20, 20, 20, 20), 10.5),
    "letter": Paper("letter", 215.9, 279.4, (19, 20, 19, 20), 10.5),
    "a5": Paper("a5", 148, 210, (15, 13, 15, 13), 9.0),
}

BOOKLET_PAGES: dict[str, Paper] = {
    # --booklet: --paper is the sheet fed to the printer; the book's pages are half of it.
    "a4": Paper("a5", 148.5, 210, (14, 13, 14, 13), 9.0),
    "letter": Paper("half-letter", 139.7, 215.9, (14, 12, 14, 12), 9.0),
}


def paper_for(name: str, booklet: bool) -> Paper:
    """The page format of the book's pages for `--paper name [--booklet]`."""
    table = BOOKLET_PAGES if booklet else PAPERS
    if name not in table:
        if booklet and name in PAPERS:
            raise SheetgenError(
                f"--booklet needs a sheet that folds to a readable page; '{name}' would give "
                "A6 pages",
                hint="use --paper a4 (A5 booklet) or --paper letter (half-letter booklet)",
            )
        raise SheetgenError(f"unknown paper '{name}'", hint=did_you_mean(name, PAPERS))
    return table[name]


def _template_env() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader([str(d) for d in rulebook_dirs()]),
        undefined=jinja2.StrictUndefined,
        autoescape=jinja2.select_autoescape(["html", "j2"]),
    )


def _css_string(text: str) -> str:
    """Quote `text` as a CSS string literal (for running headers)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def toc_entries(book: Book, paper: Paper) -> list[Heading]:
    """The headings the contents list shows: every section when they fit on the cover with
    the title, otherwise chapters only (so the contents never spill onto a second page)."""
    limit = 30 if paper.height_mm > 250 else 18
    if len(book.headings) + 1 <= limit:
        return list(book.headings)
    return [h for h in book.headings if h.level == 1]


def book_html(book: Book, paper: Paper, icon_credits: list[str] | None = None) -> str:
    """The complete HTML document for one book on one paper.

    `icon_credits` are the attributions of the library icons its diagrams drew (CC BY).
    """
    template = _template_env().get_template("book.html.j2")
    return template.render(
        book=book,
        paper=paper,
        header_text=_css_string(book.title),
        font_faces=font_face_css(),
        icon_credits=icon_credits or [],
        toc=toc_entries(book, paper),
        emblem=emblem_html(book.emblem),
    )


def render_book(game: str, paper_name: str = "a4", booklet: bool = False) -> bytes:
    """Render the rulebook for `game` to PDF bytes (imposed for saddle-stitch if `booklet`)."""
    paper = paper_for(paper_name, booklet)
    draw.ICONS_USED.clear()
    load_game(game)
    book = load_book(game, helpers={"diagram": diagram_html,
                                    "example": functools.partial(example, game=game)})
    draw.ICONS_USED.update(book.emblem)
    html = book_html(book, paper, draw.icon_credits())
    import weasyprint  # 0.4 s of imports: only when a book is set

    identifier = hashlib.sha256(f"sheetgen rulebook {game} {paper.name}".encode()).hexdigest()
    with parsed_once():  # the figures' glyph outlines: each parsed once, not once per letter
        document = weasyprint.HTML(string=html, base_url=str(TEMPLATES_DIR)).render()
        pdf = document.write_pdf(pdf_identifier=identifier[:32].encode("ascii"))
    if booklet:
        sheet = PAPERS[paper_name]
        # The quick reference (the last page) becomes the back cover of the booklet.
        return impose_saddle_stitch(
            pdf, sheet_width=sheet.height_mm * MM, sheet_height=sheet.width_mm * MM,
            last_on_back=True,
        )
    return pdf


def page_count(pdf: bytes) -> int:
    """Number of pages in a PDF (used by the CLI's summary line)."""
    from pypdf import PdfReader

    return len(PdfReader(io.BytesIO(pdf)).pages)


def _render_one(args: tuple[str, str, bool]) -> bytes:
    return render_book(*args)


def render_all(
    games: tuple[str, ...], paper_name: str = "a4", booklet: bool = False, jobs: int = 2
) -> dict[str, bytes]:
    """Render several books, `jobs` at a time in separate processes (weasyprint is
    single-threaded, so this is how `rulebook --all` uses both cores). Output bytes do not
    depend on `jobs`."""
    tasks = [(game, paper_name, booklet) for game in games]
    if jobs <= 1 or len(tasks) <= 1:
        return {game: _render_one(task) for game, task in zip(games, tasks, strict=True)}
    from sheetgen.workers import worker_pool

    # Longest books first, so the two workers finish at about the same time.
    order = sorted(range(len(tasks)), key=lambda i: -_effort(tasks[i][0]))
    with worker_pool(jobs) as pool:
        results = dict(zip(order, pool.map(_render_one, [tasks[i] for i in order]),
                           strict=True))
    return {games[i]: results[i] for i in range(len(games))}


def _effort(game: str) -> int:
    """Rough relative render cost (`Game.rulebook_effort`), used only to schedule
    `render_all`."""
    from sheetgen import registry

    found = registry.find(game)
    return found.rulebook_effort if found else 1
