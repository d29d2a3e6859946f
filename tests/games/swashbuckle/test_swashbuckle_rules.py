"""Every scoring rule of the Swashbuckle card, on rolls checked by hand, plus card loading."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.card import card_from_text, default_card, load_card, score
from sheetgen.games.swashbuckle.rules import Reroll


@pytest.mark.parametrize(
    ("dice", "box", "points"),
    [
        # the source's worked example: 1 1 1 3 3
        ([1, 1, 1, 3, 3], "ones", 3),
        ([1, 1, 1, 3, 3], "threes", 6),
        ([1, 1, 1, 3, 3], "three_alike", 9),
        ([1, 1, 1, 3, 3], "full_boat", 25),
        ([1, 1, 1, 3, 3], "flotsam", 9),
        ([1, 1, 1, 3, 3], "four_alike", 0),
        ([1, 1, 1, 3, 3], "pieces_of_8", 0),
        ([6, 6, 6, 6, 2], "sixes", 24),
        ([6, 6, 6, 6, 2], "four_alike", 26),
        ([6, 6, 6, 6, 6], "four_alike", 30),      # "4 or more"
        ([6, 6, 6, 6, 6], "swashbuckle", 50),
        ([6, 6, 6, 6, 6], "full_boat", 0),        # five alike is not a Full Boat
        ([5, 5, 5, 5, 6], "swashbuckle", 0),
        ([1, 1, 1, 1, 4], "aces_high", 35),
        ([1, 1, 1, 1, 1], "aces_high", 35),
        ([1, 1, 1, 4, 4], "aces_high", 0),
        ([1, 2, 3, 4, 6], "succession_4", 30),
        ([3, 4, 5, 6, 6], "succession_4", 30),
        ([1, 2, 3, 5, 6], "succession_4", 0),
        ([2, 3, 4, 5, 6], "succession_5", 40),
        ([2, 3, 4, 5, 6], "succession_4", 30),    # a Succession of 5 may serve as one of 4
        ([1, 2, 3, 4, 4], "succession_5", 0),
        ([1, 1, 2, 2, 2], "pieces_of_8", 25),
        ([1, 1, 1, 1, 4], "pieces_of_8", 25),
        ([1, 1, 1, 1, 5], "pieces_of_8", 0),
    ],
)
def test_swashbuckle_scores(dice: list[int], box: str, points: int) -> None:
    assert score(dice, box) == points


def test_piracy_needs_a_succession_of_5_and_scores_the_reroll() -> None:
    assert score([1, 2, 3, 4, 5], "piracy", reroll=[6, 5, 1, 2, 2]) == 16
    assert score([1, 2, 3, 4, 5], "piracy", reroll=[3, 3, 3, 3, 3]) == 40  # "counts for 40"
    assert score([1, 2, 3, 4, 6], "piracy", reroll=[6, 6, 6, 6, 5]) == 0
    with pytest.raises(SheetgenError, match="re-rolled dice"):
        score([2, 3, 4, 5, 6], "piracy")


def test_piracy_expectation_is_the_reroll_mean() -> None:
    rule = default_card().box("piracy").rule
    assert isinstance(rule, Reroll)
    # 7776 ordered re-rolls: mean 17.5, except the 6 all-alike ones score 40 instead.
    mean = 17.5 + (6 * 40 - 5 * 21) / 7776
    assert rule.expected((1, 1, 1, 1, 1, 0)) == pytest.approx(mean)
    assert rule.expected((1, 1, 1, 1, 1, 0), extra_bonus=50) == pytest.approx(mean + 50 / 1296)
    assert rule.expected((2, 1, 1, 1, 0, 0)) == 0.0


def test_cursed_roll_doubles_four_alike_and_cannot_be_a_swashbuckle() -> None:
    assert score([4, 4, 4, 4], "four_alike", cursed=True) == 32
    assert score([4, 4, 4, 4], "swashbuckle", cursed=True) == 0
    assert score([4, 4, 4, 2], "three_alike", cursed=True) == 14
    with pytest.raises(SheetgenError, match="expected 4 dice"):
        score([4, 4, 4, 4, 4], "four_alike", cursed=True)


def test_joker_points_are_the_max_potential_of_each_box() -> None:
    card = default_card()
    assert card.box("sixes").joker_points == 30
    assert card.box("three_alike").joker_points == 30
    assert card.box("succession_5").joker_points == 40
    assert card.box("piracy").joker_points == 36  # the source's own example


def test_defaults_match_the_scorecard_layout() -> None:
    card = default_card()
    assert card.score([1, 2, 3, 4, 6], "succession_4") == 30
    assert card.score([1, 2, 3, 4, 5], "succession_5") == 40
    assert card.score([1, 1, 2, 2, 2], "pieces_of_8") == 25
    assert card.score([1, 1, 1, 1, 2], "aces_high") == 35
    blimey = card.bonus_section.bonus
    assert (blimey.above, blimey.points) == (67, 45)
    assert not blimey.earned(67) and blimey.earned(68)


def test_parameters_can_be_overridden_and_change_the_fingerprint() -> None:
    card = load_card("swashbuckle", overrides={"aces_high": 40})
    assert card.score([1, 1, 1, 1, 2], "aces_high") == 40
    assert card.fingerprint() != default_card().fingerprint()
    with pytest.raises(SheetgenError, match="no parameter 'ace_high'") as err:
        load_card("swashbuckle", overrides={"ace_high": 40})
    assert "aces_high" in err.value.hint


def test_monikers_are_bands() -> None:
    card = default_card()
    assert card.moniker(255) == "Swashbuckler"     # the source's Sunnyseas example
    assert card.moniker(254) == "Seadog"
    assert card.moniker(228) is None and card.moniker(181) is None
    assert card.moniker(229) == "Buccaneer"
    assert card.moniker(129) == "Shark Bait" and card.moniker(130) == "Knave"
    assert card.moniker(180) == "Rascalion"
    assert card.moniker(340) == "First Mate" and card.moniker(341) == "Captain"


@given(st.lists(st.integers(1, 6), min_size=5, max_size=5))
def test_flotsam_is_the_sum_and_never_below_any_sum_box(dice: list[int]) -> None:
    total = score(dice, "flotsam")
    assert total == sum(dice)
    for box in ("three_alike", "four_alike"):
        assert score(dice, box) in (0, total)
    assert sum(score(dice, f) for f in ("ones", "twos", "threes", "fours", "fives",
                                        "sixes")) == total


BAD_CARD = """name: bad
dice: 5
faces: 6
sections:
  - id: s
    boxes:
      - {id: a, rule: straigth, length: 4, points: 30}
"""


def test_card_errors_point_at_the_line_and_suggest() -> None:
    with pytest.raises(SheetgenError) as err:
        card_from_text(BAD_CARD, "bad.yaml")
    assert str(err.value.position) == "bad.yaml:7:23"
    assert "did you mean 'straight'" in err.value.hint


def test_unknown_rule_parameter_is_reported() -> None:
    text = BAD_CARD.replace("straigth, length", "straight, lenght")
    with pytest.raises(SheetgenError, match="unknown key 'lenght'") as err:
        card_from_text(text, "bad.yaml")
    assert err.value.position.line == 7
    assert "length" in err.value.hint


def test_unknown_parameter_reference() -> None:
    text = BAD_CARD.replace("straigth", "straight").replace("points: 30", "points: $succ4")
    with pytest.raises(SheetgenError, match=r"unknown parameter '\$succ4'"):
        card_from_text(text, "bad.yaml")
