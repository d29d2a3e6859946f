"""Shared fixtures: each rulebook is rendered once per test run (rendering is the slow part;
the PDF is a file every xdist worker reads, so the tests that read it can run on any), and
helpers read the PDF back the way a reader would: page by page."""

from __future__ import annotations

import hashlib
import pickle
import subprocess
from pathlib import Path

import pytest

from sheetgen.rulebooks import GAMES, render_all, render_book
from sheetgen.rulebooks.content import Book, load_book

PARALLEL_PAPER = "a5"
"""The paper whose books a run makes all at once with `render_all(GAMES, paper, jobs=2)`,
as `sheetgen rulebook --all --jobs 2` does (`rendered_in_parallel`): every A5 book is read by
a test (the quick reference must fit an A5 page), and the test of parallel rendering reads
the same renders instead of making two more."""


def _name(game: str, paper: str, booklet: bool) -> str:
    return f"rulebook:{game}:{paper}:{'booklet' if booklet else 'book'}"


def _order_name(paper: str) -> str:
    return f"rulebook-order:{paper}"


def _rulebook(files, game: str, paper: str, booklet: bool = False) -> Path:
    """The file of that rulebook, rendered by the first worker of the run to ask."""
    name = _name(game, paper, booklet)
    if paper == PARALLEL_PAPER and not booklet:
        return files.path(name, lambda: _render_all(paper), lock=_order_name(paper))
    return files.path(name, lambda: {name: render_book(game, paper, booklet=booklet)})


def _render_all(paper: str) -> dict[str, bytes]:
    """Every game's book on `paper` from one `render_all(GAMES, paper, jobs=2)` (two worker
    processes, longest book first), and the order its dict came back in."""
    books = render_all(GAMES, paper, jobs=2)
    files = {_name(game, paper, False): data for game, data in books.items()}
    files[_order_name(paper)] = "\n".join(books).encode()
    return files


class _Books(dict):
    """game -> path of its A4 rulebook, rendered on first use (the bytes `rendered` holds)."""

    def __init__(self, files):
        super().__init__()
        self.files = files

    def __missing__(self, game: str) -> Path:
        assert game in GAMES
        self[game] = path = _rulebook(self.files, game, "a4")
        return path


@pytest.fixture(scope="session")
def books(session_files) -> dict[str, Path]:
    """Every game's A4 rulebook as a file (rendered once per run, when first asked for, by
    whichever xdist worker asks first, and shared with `rendered`; tests/conftest.py's
    `session_files`). Read it; never write to it."""
    return _Books(session_files)


@pytest.fixture(scope="session")
def rendered(session_files):
    """A function: `rendered(game, paper, booklet=False)`, the PDF bytes of that rulebook,
    rendered once per run however many tests on however many workers read it (a test of
    determinism compares them with a render of its own)."""

    def get(game: str, paper: str, booklet: bool = False) -> bytes:
        return _rulebook(session_files, game, paper, booklet).read_bytes()

    return get


@pytest.fixture(scope="session")
def rendered_in_parallel(session_files):
    """A function: `rendered_in_parallel(paper)`, the dict `render_all(GAMES, paper,
    jobs=2)` returned (games in the order it gave them, PDF bytes), made once per run; for
    PARALLEL_PAPER these are also the books `rendered(game, paper)` reads."""

    def get(paper: str = PARALLEL_PAPER) -> dict[str, bytes]:
        assert paper == PARALLEL_PAPER, "only the A5 books are made by render_all"
        order = session_files.read(_order_name(paper), lambda: _render_all(paper))
        return {game: _rulebook(session_files, game, paper).read_bytes()
                for game in order.decode().split("\n")}

    return get


@pytest.fixture(scope="session")
def rendered_again(session_files):
    """A function: `rendered_again(game, paper, booklet=False)`, the bytes of a second render
    of that rulebook, made apart from `rendered`'s, for the tests of determinism: the one
    the command line wrote in tests/rulebooks/test_rulebook_cli.py (another process, and
    under scripts/test.sh its first step) when that test ran earlier in this run
    (`keep_cli_render`), else made here."""

    def get(game: str, paper: str, booklet: bool = False) -> bytes:
        name = _again(game, paper, booklet)
        return session_files.read(name, lambda: {name: render_book(game, paper,
                                                                  booklet=booklet)})

    return get


@pytest.fixture(scope="session")
def keep_cli_render(session_files):
    """A function: `keep_cli_render(game, paper, booklet, data)` keeps the PDF the command
    line wrote as that book's second render (`rendered_again`) and returns the second render
    kept: `data` itself, or a render `rendered_again` made first, which then must equal it."""

    def keep(game: str, paper: str, booklet: bool, data: bytes) -> bytes:
        name = _again(game, paper, booklet)
        return session_files.read(name, lambda: {name: data})

    return keep


def _again(game: str, paper: str, booklet: bool) -> str:
    return f"rulebook-again:{game}:{paper}:{'booklet' if booklet else 'book'}"


@pytest.fixture(scope="session")
def loaded_book(session_files):
    """A function: `loaded_book(game)`, that game's `Book` (metadata, headings, chapter
    HTML) as `load_book` makes it with the figures and worked examples (`book_helpers`),
    loaded once per test run by the first worker to ask (kept pickled beside the renders)
    and handed to each test as its own copy. Some thirty tests read a book's text, and each
    load drew every figure again (0.1-0.4 s; 2 s for Captain's Curse in a fresh process)."""

    def get(game: str) -> Book:
        name = f"rulebook-content:{game}"
        data = session_files.read(
            name, lambda: {name: pickle.dumps(load_book(game, helpers=book_helpers()))})
        return pickle.loads(data)

    return get


def book_helpers() -> dict:
    """The jinja globals a book's Markdown calls: its figures and worked examples."""
    from sheetgen.rulebooks.diagrams import diagram_html
    from sheetgen.rulebooks.worked import example

    return {"diagram": diagram_html, "example": example}


@pytest.fixture(scope="session")
def page_lines():
    """A function: the text lines of each page of a PDF, read by pdftotext once per distinct
    file (by its bytes) in this process: five tests read each A4 book's pages."""
    read: dict[bytes, list[list[str]]] = {}

    def lines(pdf: Path) -> list[list[str]]:
        key = hashlib.sha256(Path(pdf).read_bytes()).digest()
        if key not in read:
            read[key] = read_page_lines(pdf)
        return [list(page) for page in read[key]]  # a copy: a test may change its own

    return lines


def read_page_lines(pdf: Path) -> list[list[str]]:
    """Text lines of each page (pdftotext -layout), page numbers from 1 at index 0."""
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [[line.strip() for line in page.splitlines() if line.strip()] for page in pages]
