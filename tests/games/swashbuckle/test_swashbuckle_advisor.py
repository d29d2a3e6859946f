"""The advisor on late-game positions worked out by hand, and the simulated distribution."""

from __future__ import annotations

import numpy as np
import pytest

from sheetgen.errors import SheetgenError
from sheetgen.games.swashbuckle.advisor import advise, parse_state
from sheetgen.games.swashbuckle.card import card_from_text, default_card
from sheetgen.games.swashbuckle.simulate import simulate
from sheetgen.games.swashbuckle.solver import solve


def all_zero_but(*open_boxes: str) -> dict[str, int]:
    """Every box scuttled except `open_boxes` (Flotsam, which cannot be zero, holds 20): no
    bonus, joker or Smooth Sailing can matter."""
    return {b.id: 20 if b.id == "flotsam" else 0
            for b in default_card().boxes if b.id not in open_boxes}


# Flotsam alone, played for the dice sum: one die is worth 3.5 with one roll, 4.25 with two
# (keep 4-6) and 14/3 with three (keep 5-6).


def test_reroll_everything_when_only_flotsam_is_left() -> None:
    advice = advise(default_card(), all_zero_but("flotsam"), [1, 1, 1, 1, 2], rolls_left=2)
    assert advice.best.keep == ()
    assert advice.best.value == pytest.approx(5 * 4.25)


def test_keep_fives_and_sixes_with_two_rolls_left() -> None:
    advice = advise(default_card(), all_zero_but("flotsam"), [6, 5, 4, 3, 1], rolls_left=2)
    assert advice.best.keep == (5, 6)
    assert advice.best.value == pytest.approx(11 + 3 * 4.25)


def test_keep_fours_up_with_one_roll_left() -> None:
    advice = advise(default_card(), all_zero_but("flotsam"), [6, 5, 4, 3, 1], rolls_left=1)
    assert advice.best.keep == (4, 5, 6)
    assert advice.best.value == pytest.approx(15 + 2 * 3.5)


def test_five_sixes_go_in_sixes_not_flotsam() -> None:
    # Sixes now (30) leaves Flotsam: 5 x 14/3. Flotsam now (30) leaves Sixes: each die ends a
    # six with probability 1 - (5/6)^3 when sixes are kept.
    advice = advise(default_card(), all_zero_but("sixes", "flotsam"), [6, 6, 6, 6, 6], 0)
    values = {o.box: o.value for o in advice.options}
    assert advice.best.box == "sixes"
    assert values["sixes"] == pytest.approx(30 + 5 * 14 / 3)
    assert values["flotsam"] == pytest.approx(30 + 30 * (1 - (5 / 6) ** 3))


def test_joker_bonus_and_placement() -> None:
    # Swashbuckle scored; only Pieces of 8 open; five 3s score nothing there, so the joker
    # fills it with its max potential (25) and the bonus adds 50.
    filled = all_zero_but("pieces_of_8")
    filled["swashbuckle"] = 50
    advice = advise(default_card(), filled, [3, 3, 3, 3, 3], 0)
    assert advice.best.box == "pieces_of_8"
    assert advice.best.points == 25
    assert advice.best.value == pytest.approx(25 + 50)


def test_blimey_bonus_tips_the_choice() -> None:
    # Crow's Nest at 64 with Fours open; 4 4 2 2 1 scores 8 in Fours (72 > 67: +45) or 13 in
    # Flotsam. The bonus makes Fours right even though Flotsam scores more now.
    filled = all_zero_but("fours", "flotsam")
    filled.update({"ones": 4, "twos": 10, "threes": 12, "fives": 20, "sixes": 18})  # 64
    advice = advise(default_card(), filled, [4, 4, 2, 2, 1], 0)
    assert advice.best.box == "fours"
    assert advice.best.points == 8


def test_bad_positions_are_errors() -> None:
    card = default_card()
    with pytest.raises(SheetgenError, match="Fours cannot hold 7"):
        advise(card, {"fours": 7}, [1, 2, 3, 4, 5], 0)
    with pytest.raises(SheetgenError, match="rolls left must be 0 to 2"):
        advise(card, all_zero_but("flotsam"), [1, 2, 3, 4, 5], 3)
    with pytest.raises(SheetgenError, match="no box 'fourz'"):
        parse_state(card, "ones=3, fourz=12")
    assert parse_state(card, "ones=3, fours=12 swashbuckle=0") == {
        "ones": 3, "fours": 12, "swashbuckle": 0}


TINY = """
name: tiny
dice: 3
faces: 4
rolls: 3
sections:
  - id: up
    boxes:
      - {id: fours, rule: face_sum, face: 4}
      - {id: threes, rule: face_sum, face: 3}
    bonus: {id: b, above: 10, points: 9}
  - id: low
    boxes:
      - {id: alike, rule: alike, n: 3, points: 20}
      - {id: run, rule: reroll, length: 3, alike_points: 15}
joker: {box: alike, points: 10}
no_zero_bonus: {points: 5}
"""


def test_simulated_mean_agrees_with_the_exact_value() -> None:
    solution = solve(card_from_text(TINY))
    dist = simulate(solution, 40000, np.random.default_rng(7))
    assert abs(dist.mean - solution.expected) < 4 * dist.stderr
    pct = dist.percentiles()
    assert pct[10] <= pct[50] <= pct[90]


def test_simulation_is_reproducible_from_the_seed() -> None:
    solution = solve(card_from_text(TINY))
    a = simulate(solution, 500, np.random.default_rng(3)).scores
    b = simulate(solution, 500, np.random.default_rng(3)).scores
    assert np.array_equal(a, b)
