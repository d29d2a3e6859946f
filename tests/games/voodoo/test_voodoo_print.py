"""Voodoo Pirate's printed parts: every card's text fits at a readable size, the layouts
print every card once, the board is drawn from the model, the pad holds the whole game."""

from __future__ import annotations

import pytest

from sheetgen.games.voodoo import draw
from sheetgen.games.voodoo.board import default_board
from sheetgen.games.voodoo.cards import default_cards
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.recording import RecordingCanvas

CARDS = default_cards()


@pytest.mark.parametrize("card", CARDS.actions, ids=lambda c: c.name)
def test_action_card_text_fits(card):
    fit = draw.action_fit(card)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT, (card.name, fit.size)


@pytest.mark.parametrize("card", CARDS.objects, ids=lambda c: c.name)
def test_object_card_text_fits(card):
    fit = draw.object_fit(card)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT, (card.name, fit.size)


@pytest.mark.parametrize("pirate", CARDS.pirates, ids=lambda p: p.colour)
def test_skill_text_fits_the_mat(pirate):
    fit = draw.fit_text(pirate.skill_text, "serif", draw.MAT_W - 16 * draw.MM, 10 * draw.MM,
                        10)
    assert fit.fits and fit.size >= draw.MIN_TEXT_PT


def test_fit_text_reports_overflow():
    long = "word " * 400
    fit = draw.fit_text(long, "serif", 100, 40, 9)
    assert not fit.fits and fit.size == draw.MIN_TEXT_PT


@pytest.mark.parametrize("name,count", [("voodoo/action-cards", 30),
                                        ("voodoo/object-cards", 27),
                                        ("voodoo/ship-mats", 5)])
def test_layouts_print_every_card_once(name, count):
    layout = load_layout(find_layout(name), RenderOptions())
    assert len(layout.data) == count
    if "cards" in name:
        assert sorted(r["index"] for r in layout.data) == list(range(count))
        assert layout.imposition.across * layout.imposition.down == 9


def _texts(name: str, **kw) -> list[str]:
    from sheetgen.render.compose import compose

    canvas = RecordingCanvas()
    compose(load_layout(find_layout(name), RenderOptions(**kw)), canvas, 1)
    return [str(args[2]) for name_, args in canvas.calls if name_ == "text"]


def test_object_card_names_printed_with_their_counts():
    texts = "\n".join(_texts("voodoo/object-cards"))
    for card in CARDS.objects:
        assert texts.count(card.name) >= card.count, card.name


def test_board_prints_every_value_and_the_harbour_order():
    texts = "\n".join(_texts("voodoo/board"))
    board = default_board()
    for n in range(1, len(board.harbour_order) + 1):
        assert f"CP {n}" in texts
    for name in board.wind + board.moonlight_barrels + board.dusk_barrels:
        assert name in texts


def test_pad_holds_the_whole_game():
    from sheetgen.games.voodoo.pad import build_pad

    data, pages = build_pad("a4")
    # board 1 + mats 3 sheets + Action 4 + Object 3 + aids 3 + tokens 2
    assert pages == 16
    assert data.startswith(b"%PDF")


def test_tokens_cover_the_game():
    groups = [g for sheet in draw.token_groups(CARDS.pirates, default_board().sea_tiles)
              for g in sheet]
    count = {}
    for g in groups:
        key = g.title.split()[-1] if g.title.endswith(("ship", "souls")) else g.title
        count[key] = count.get(key, 0) + g.count
    assert count["ship"] == 5 and count["souls"] == 5 * draw.SOULS_PER_COLOUR
    assert count["parrots (round markers)"] == 2 and count["jail"] == draw.JAIL_TOKENS
    assert sum(g.count for g in groups if g.title.startswith("Sea Tiles")) == 2


def test_tokens_fit_their_sheets():
    from sheetgen.render.recording import RecordingCanvas

    for sheet in draw.token_groups(CARDS.pirates, default_board().sea_tiles):
        height = draw.draw_tokens(RecordingCanvas(), 0, 0, 190 * draw.MM, sheet)
        assert height <= 255 * draw.MM  # below the title, inside an A4 or Letter page
