"""Everything the Voodoo Pirate pad prints is in sheetgen's own words: no run of 8 words is
shared with the source (the rulebooks' test, helpers.wording, applied to the pad's text as
the layouts draw it, and to the card file the cards are drawn from)."""

from __future__ import annotations

import pytest
from helpers.wording import SEEDS, copied, seed_runs

from sheetgen.games.voodoo.cards import CARDS_FILE
from sheetgen.games.voodoo.pad import PARTS
from sheetgen.layout.bundled import find_layout
from sheetgen.layout.document import RenderOptions, load_layout
from sheetgen.render.compose import compose
from sheetgen.render.recording import RecordingCanvas

SOURCE = SEEDS / "voodoo-pirate.txt"
pytestmark = pytest.mark.skipif(not SOURCE.is_file(),
                                reason="the seed texts are not beside this checkout")


def _printed(part: str) -> str:
    """The text a pad part draws, in drawing order. Pieces are joined with spaces: a card's
    line breaks and its bold words are separate pieces, and a space never joins two words
    into one that the source does not hold."""
    canvas = RecordingCanvas()
    compose(load_layout(find_layout(part), RenderOptions()), canvas, 1)
    return " ".join(str(args[2]) for name, args in canvas.calls if name == "text")


@pytest.fixture(scope="module")
def seed():
    return seed_runs([SOURCE])


@pytest.mark.parametrize("part", [name for name, _ in PARTS])
def test_the_pad_prints_no_phrase_of_the_source(part, seed):
    text = _printed(part)
    assert len(text.split()) > 20, part  # the part really drew its words
    assert copied(text, seed) == []


def test_the_card_file_holds_no_phrase_of_the_source(seed):
    assert copied(CARDS_FILE.read_text(encoding="utf-8"), seed) == []


def test_the_check_catches_the_phrases_once_printed(seed):
    """The two card texts reworded for issue 24 (Take: 12 words, Ghost Whisper: 11) are
    caught by the check the tests above run."""
    old_take = ("Take two items: coins from a treasure store, poppets, the top Object of the "
                "deck or discard pile, random souls from the bag or chosen souls from the grid.")
    old_whisper = ("Cast a poppet into the sea: move your ship one space in any direction "
                   "(movement rules apply).")
    assert copied(old_take, seed) == [
        "discard pile random souls from the bag or chosen souls from the"]
    assert copied(old_whisper, seed) == [
        "move your ship one space in any direction movement rules apply"]
