"""The card data: 30 Action cards, the 27 Object cards the source lists, five pirates."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.voodoo.cards import CARDS_FILE, default_cards, load_cards

GOOD = CARDS_FILE.read_text(encoding="utf-8")


def test_card_counts():
    cards = default_cards()
    assert len(cards.action_deck()) == 30
    assert [a.name for a in cards.actions] == ["Jax", "Tok", "Take", "#oodoo", "Tix", "Poppet"]
    deck = cards.object_deck()
    assert len(deck) == 27
    assert sum(1 for o in deck if o.kind == "end") == 9
    assert sum(1 for o in deck if o.name.endswith("Skull")) == 7
    assert sum(1 for o in deck if o.name == "Rackham's Map") == 2
    assert {p.colour for p in cards.pirates} == {"Red", "Blue", "Green", "Yellow", "Purple"}


def write(tmp_path, old, new):
    assert old in GOOD
    path = tmp_path / "cards.yaml"
    path.write_text(GOOD.replace(old, new, 1), encoding="utf-8")
    return path


def test_a_missing_card_changes_the_count(tmp_path):
    with pytest.raises(SheetgenError) as info:
        load_cards(write(tmp_path, "{name: Silent Oars, count: 2,",
                         "{name: Silent Oars, count: 1,"))
    assert "26 cards" in info.value.message


def test_unknown_icon_is_pointed_at(tmp_path):
    path = write(tmp_path, "icon: spyglass", "icon: spyglas")
    with pytest.raises(SheetgenError) as info:
        load_cards(path)
    assert "spyglass" in (info.value.hint or "")
    assert info.value.position.line == next(
        i for i, line in enumerate(GOOD.splitlines(), 1) if "icon: spyglass" in line)
