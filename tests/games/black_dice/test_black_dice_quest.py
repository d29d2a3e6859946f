"""Quest tile files: the bundled four load; a bad reward code is reported where it is written."""

from __future__ import annotations

import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.black_dice.pirates import PIRATES
from sheetgen.games.black_dice.quest import (
    BUNDLED,
    QUESTS_DIR,
    SYMBOLS,
    bundled_quests,
    load_quest,
)


def test_bundled_quests_have_six_fields_in_symbol_order():
    quests = bundled_quests()
    assert [q.id for q in quests] == list(BUNDLED)
    for quest in quests:
        assert tuple(f.symbol for f in quest.fields) == SYMBOLS


def test_eight_pirates_with_rum_limits():
    assert len(PIRATES) == 8
    assert len({p.id for p in PIRATES}) == 8
    assert all(p.limit >= 1 for p in PIRATES)


def test_unknown_reward_code_is_located(tmp_path):
    text = (QUESTS_DIR / "kraken.yaml").read_text()
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "[move_die]" in row)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text.replace("[move_die]", "[move_dye]"))
    with pytest.raises(SheetgenError) as caught:
        load_quest(bad)
    error = caught.value
    assert "move_dye" in error.message
    assert error.position.line == line
    assert "move_die" in error.hint


@pytest.mark.parametrize("key, bad", [("numeral", "[1]"), ("name", "{a: 1}"),
                                      ("story", "[one, two]")])
def test_a_text_field_that_is_not_text_is_located(tmp_path, key, bad):
    lines = (QUESTS_DIR / "kraken.yaml").read_text().splitlines()
    at = next(n for n, row in enumerate(lines) if row.startswith(f"{key}:"))
    lines[at] = f"{key}: {bad}"
    path = tmp_path / "bad.yaml"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(SheetgenError) as caught:
        load_quest(path)
    assert f"'{key}' is a short text" in caught.value.message
    assert caught.value.position.line == at + 1


def test_player_redirect_needs_tokens(tmp_path):
    text = (QUESTS_DIR / "armada.yaml").read_text().replace(
        "  requires: {flag: rum}", "  requires: {flag: rum}\n  player_redirect: true")
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    with pytest.raises(SheetgenError) as caught:
        load_quest(bad)
    assert "player_redirect" in caught.value.message
    assert caught.value.position.line == text.splitlines().index("  player_redirect: true") + 1


def test_rulebook_words_for_every_code_and_design_from_the_files():
    from sheetgen.games.black_dice.examples import PENALTY_WORDS, REWARD_WORDS, black_dice_design
    from sheetgen.games.black_dice.quest import PENALTIES, REWARDS

    assert set(REWARD_WORDS) == set(REWARDS) and set(PENALTY_WORDS) == set(PENALTIES)
    design = black_dice_design()
    assert [len(q.rows) for q in design.quests] == [6, 6, 6, 6]
    dutchman = design.quests[3]
    assert dutchman.rows[1] == ("Barrel of rum", "a map piece", "more black dice")
    assert design.quests[0].pool.startswith("10 / 20 / 30")


@pytest.mark.slow  # builds the book's chapters: about 40 s of CPU on an empty cache
def test_rulebook_gives_the_treasure_pool_the_engine_plays():
    """The chapter names the Pirate Island Treasure pool per player count (the original's
    table is a picture, its four-player count unreadable): the same counts as the quest file,
    and the four-player one is flagged in the Interpretations box."""
    from sheetgen.rulebooks.content import load_book
    from sheetgen.rulebooks.diagrams import diagram_html
    from sheetgen.rulebooks.sources import fold, interpretation_ids
    from sheetgen.rulebooks.worked import example

    book = load_book("black-dice", {"diagram": diagram_html, "example": example})
    pool = next(q for q in bundled_quests() if q.gold_pool is not None).gold_pool
    assert fold(f"{pool[2]} tokens with two players, {pool[3]} with three and {pool[4]} with "
                "four") in fold(book.body_html)
    items = interpretation_ids(book.body_html)
    assert "treasure-pool-for-four-players" in items and "opposite-faces" in items
    assert fold(f"sheetgen uses {pool[4]}") in fold(book.body_html)
