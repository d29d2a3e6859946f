"""`sheetgen swashbuckle card`: every box id, rule, option and moniker of a card, in words."""

from __future__ import annotations

import json

import pytest

from sheetgen.cli import main
from sheetgen.games.swashbuckle.card import OPTION_NAMES, load_card
from sheetgen.games.swashbuckle.cardinfo import card_facts, how_it_scores


@pytest.mark.parametrize("name", ["swashbuckle", "yacht13"])
def test_the_listing_names_every_box_option_and_moniker(runner, name):
    card = load_card(name)
    result = runner.invoke(main, ["swashbuckle", "card", name])
    assert result.exit_code == 0, result.output
    words = result.stdout
    for box in card.boxes:
        assert f"    {box.id} " in words  # an id as `--state` takes it, at the line start
    for option in OPTION_NAMES:
        assert f"  {option}=" in words
    for moniker in card.monikers:
        if moniker.name:
            assert moniker.name in words


def test_the_words_follow_the_cards_values():
    card = load_card("swashbuckle", overrides={"succession_4": 33})
    facts = card_facts(card)
    row = next(b for b in facts["boxes"] if b["id"] == "succession_4")
    assert row["scores"] == "4 faces in a row: 33 points"
    assert how_it_scores(card.box("ones").rule) == "the sum of the dice showing 1"
    assert "x2 on a cursed roll" in next(b for b in facts["boxes"]
                                         if b["id"] == "four_alike")["notes"]


def test_json_and_options(runner):
    result = runner.invoke(main, ["swashbuckle", "card", "--json", "--option", "scuttle=any"])
    assert result.exit_code == 0, result.output
    facts = json.loads(result.stdout)
    assert facts["options"]["scuttle"] == "any"
    assert [b["id"] for b in facts["boxes"]][:3] == ["ones", "twos", "threes"]


def test_a_box_written_with_a_digit_is_suggested_spelt_out(runner):
    result = runner.invoke(main, ["swashbuckle", "advise", "--state", "3_alike=12",
                                  "--dice", "1", "2", "3", "4", "5", "--rolls-left", "0"])
    assert result.exit_code == 2
    assert "did you mean 'three_alike'?" in result.stderr
    assert "sheetgen swashbuckle card" in result.stderr


def test_an_unknown_card_is_a_clear_error(runner):
    result = runner.invoke(main, ["swashbuckle", "card", "yaht13"])
    assert result.exit_code == 2 and "yacht13" in result.stderr
