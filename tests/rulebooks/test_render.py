"""Every rulebook renders, has a sane length, a truthful ToC, embedded fonts only from the
bundle, a one-page quick reference and byte-identical output for the same inputs."""

from __future__ import annotations

import hashlib
import io
import re
import subprocess

import pytest
from pypdf import PdfReader

from sheetgen.errors import SheetgenError
from sheetgen.rulebooks import GAMES, render_book
from sheetgen.rulebooks.content import book_dir, book_pages
from sheetgen.rulebooks.render import paper_for, toc_entries

pytestmark = pytest.mark.slow  # renders every rulebook (WeasyPrint)


@pytest.mark.parametrize("game", GAMES)
def test_page_count_in_range(books, game):
    """Each book declares its A4 length in its book.yaml (`pages: [low, high]`): enough pages
    to hold every rule, few enough to staple."""
    pages = len(PdfReader(books[game]).pages)
    declared = book_pages(book_dir(game))
    assert declared is not None, f"{game}: book.yaml has no pages: [low, high]"
    low, high = declared
    assert low <= pages <= high, f"{game}: {pages} pages"


def _toc_entries(lines: list[str]) -> list[tuple[str, int]]:
    """(title, page) pairs from the ToC on the cover: 'Title . . . . 7'."""
    entries = []
    for line in lines:
        match = re.match(r"^(.*?)\s*(?:\.\s*){3,}(\d+)$", line)
        if match:
            entries.append((match.group(1).strip(), int(match.group(2))))
    return entries


@pytest.mark.parametrize("game", GAMES)
def test_toc_points_at_the_pages_where_headings_fall(books, game, page_lines, loaded_book):
    pages = page_lines(books[game])
    entries = _toc_entries(pages[0])
    book = loaded_book(game)
    headings = [h.title for h in toc_entries(book, paper_for("a4", False))]
    assert len(headings) >= 6  # at least the chapters
    assert [t for t, _ in entries] == [*headings, "Quick reference"]
    for title, number in entries:
        # The first body page (after the cover) where the heading stands on a line of its
        # own; each page's first line is the running header, so it is skipped.
        found = next(
            (i + 1 for i, lines in enumerate(pages[1:], start=1) if title in lines[1:]), None
        )
        assert found == number, f"{game}: '{title}' listed on p.{number}, found on p.{found}"


@pytest.mark.parametrize("game", GAMES)
def test_quick_reference_is_the_last_page_and_one_page(books, game, page_lines):
    pages = page_lines(books[game])
    assert "Quick reference" in pages[-1][1:3]
    assert not any("Quick reference" == line for line in pages[-2][1:])


@pytest.mark.parametrize("game", GAMES)
def test_running_header_names_the_game(books, game, page_lines, loaded_book):
    pages = page_lines(books[game])
    title = loaded_book(game).title
    for lines in pages[1:]:
        assert lines[0].startswith(title)


@pytest.mark.parametrize("game", GAMES)
def test_only_bundled_fonts_all_embedded(books, game):
    out = subprocess.run(["pdffonts", str(books[game])], check=True, capture_output=True,
                         text=True).stdout.splitlines()[2:]
    assert out, "no fonts at all?"
    for row in out:
        name, emb = row.split()[0], row.split()[-5]
        assert emb == "yes", row
        assert name.split("+", 1)[-1].startswith("SG-"), f"foreign font: {row}"


@pytest.mark.parametrize("game", GAMES)
def test_designers_are_credited(books, game, page_lines, loaded_book):
    text = " ".join(" ".join(p) for p in page_lines(books[game]))
    for credit in loaded_book(game).credits:
        assert credit.name in text


def test_deterministic_bytes(rendered, rendered_again):
    """Two renders of the same book, the second the command line's when it ran earlier in
    this run (`rendered_again`), give the same bytes."""
    assert rendered("shipwrecked", "a5") == rendered_again("shipwrecked", "a5")


def test_booklet_is_deterministic_and_two_up(rendered, rendered_again):
    first = rendered("shipwrecked", "a4", booklet=True)
    assert first == rendered_again("shipwrecked", "a4", booklet=True)
    reader = PdfReader(io.BytesIO(first))
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape sheets
    assert len(reader.pages) % 2 == 0
    # The outside of the first sheet: the quick reference is the back cover, beside the cover.
    outside = reader.pages[0].extract_text()
    assert "Quick reference" in outside and "Shipwrecked!" in outside


@pytest.mark.parametrize("paper,size", [("letter", (612, 792)), ("a5", (420, 595))])
def test_paper_sizes(rendered, paper, size):
    reader = PdfReader(io.BytesIO(rendered("shipwrecked", paper)))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == size


def test_unknown_game_and_bad_booklet_paper():
    with pytest.raises(SheetgenError, match="captains-curse"):
        render_book("captains-curs")
    with pytest.raises(SheetgenError, match="A6"):
        render_book("shipwrecked", "a5", booklet=True)


def test_every_character_of_the_content_is_in_the_bundled_fonts():
    """A glyph missing from our fonts would make weasyprint fall back to a system font."""
    from fontTools.ttLib import TTFont

    from sheetgen.assets.fonts import font_path
    from sheetgen.rulebooks.content import TEMPLATES_DIR

    covered = set.intersection(
        *(set(TTFont(str(font_path(n))).getBestCmap()) for n in ("serif", "sans", "sans-bold"))
    )
    for path in sorted(TEMPLATES_DIR.rglob("*.md")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for ch in line:
                assert ord(ch) in covered, f"{path.name}:{number}: {ch!r} has no glyph"


def test_parallel_rendering_gives_the_same_bytes(rendered_in_parallel, rendered_again):
    """`render_all(GAMES, "a5", jobs=2)` (two worker processes, longest book first; the
    run's A5 books, conftest's `rendered_in_parallel`) gives every game back, in the order
    asked, and the same bytes as one process: Shipwrecked!'s book equals the single-process
    render of the command line (`rendered_again`), and each book is its game's (the PDF
    identifier render_book derives from the game and paper)."""
    parallel = rendered_in_parallel("a5")
    assert list(parallel) == list(GAMES)
    assert parallel["shipwrecked"] == rendered_again("shipwrecked", "a5")
    for game, data in parallel.items():
        identifier = hashlib.sha256(f"sheetgen rulebook {game} a5".encode()).hexdigest()[:32]
        assert f"/ID [({identifier})".encode() in data, game


@pytest.mark.parametrize("game", GAMES)
def test_quick_reference_fits_one_a5_page(rendered, tmp_path, game, page_lines):
    """A5 is the smallest page (and the booklet page size): the reference must still fit."""
    path = tmp_path / "a5.pdf"
    path.write_bytes(rendered(game, "a5"))
    pages = page_lines(path)
    assert "Quick reference" in pages[-1][1:3]
    assert "Quick reference" not in pages[-2][1:]
    assert _toc_entries(pages[0]), "contents missing from the A5 cover"


def test_qpdf_accepts_book_and_booklet(books, rendered, tmp_path):
    """The A4 book and the A4 booklet (rendered once per run for the booklet test; the
    Letter booklet, which tests/cli/test_six_jobs.py's job 6 prints through the command
    line, is checked there)."""
    booklet = tmp_path / "booklet.pdf"
    booklet.write_bytes(rendered("shipwrecked", "a4", booklet=True))
    for path in (books["captains-curse"], booklet):
        result = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("game", GAMES)
def test_no_page_ends_with_a_heading(books, game, page_lines, loaded_book):
    titles = {h.title for h in loaded_book(game).headings}
    for number, lines in enumerate(page_lines(books[game]), start=1):
        body = lines[1:-1]  # without the running header and the page number
        assert not body or body[-1] not in titles, f"{game} p.{number} ends with '{body[-1]}'"
