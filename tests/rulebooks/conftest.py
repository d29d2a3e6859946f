"""Shared fixtures: each rulebook is rendered once per test session (rendering is the slow
part), and helpers read the PDF back the way a reader would: page by page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from sheetgen.rulebooks import GAMES, render_book


class _Books(dict):
    """game -> path of its A4 rulebook, rendered on first use (the bytes `rendered` holds)."""

    def __init__(self, folder: Path, rendered):
        super().__init__()
        self.folder = folder
        self.rendered = rendered

    def __missing__(self, game: str) -> Path:
        assert game in GAMES
        path = self.folder / f"{game}.pdf"
        path.write_bytes(self.rendered(game, "a4"))
        self[game] = path
        return path


@pytest.fixture(scope="session")
def books(tmp_path_factory, rendered) -> dict[str, Path]:
    """Every game's A4 rulebook as a file (rendered once per session, when first asked for,
    and shared with `rendered`)."""
    return _Books(tmp_path_factory.mktemp("rulebooks"), rendered)


@pytest.fixture(scope="session")
def rendered():
    """A function: `rendered(game, paper, booklet=False)`, the PDF bytes of that rulebook,
    rendered once per session however many tests read it (a test of determinism compares
    them with a render of its own)."""
    cache: dict[tuple[str, str, bool], bytes] = {}

    def get(game: str, paper: str, booklet: bool = False) -> bytes:
        key = (game, paper, booklet)
        if key not in cache:
            cache[key] = render_book(game, paper, booklet=booklet)
        return cache[key]

    return get


@pytest.fixture(scope="session")
def page_lines():
    """A function: the text lines of each page of a PDF."""
    return read_page_lines


def read_page_lines(pdf: Path) -> list[list[str]]:
    """Text lines of each page (pdftotext -layout), page numbers from 1 at index 0."""
    text = subprocess.run(
        ["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True
    ).stdout
    pages = text.split("\f")
    if pages and not pages[-1].strip():
        pages.pop()
    return [[line.strip() for line in page.splitlines() if line.strip()] for page in pages]
