"""Shipwrecked! end-of-game scoring: one test per rule of source line 20, and properties."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from sheetgen.games.shipwrecked.scoring import Island, counts, decide


def test_more_sailors_control_an_island_and_a_tie_controls_nothing():
    assert Island(3, 2).controller == "black"
    assert Island(0, 1).controller == "white"
    assert Island(4, 4).controller is None
    assert Island(0, 0).controller is None


def test_most_islands_wins_even_with_fewer_sailors_ashore():
    result = decide(counts([(2, 1), (2, 1), (0, 9)], (0, 0)))
    assert (result.winner, result.decided_by) == ("black", "islands")
    assert result.held == {"black": 2, "white": 1}
    assert result.ashore == {"black": 4, "white": 11}


def test_first_tie_break_is_sailors_on_islands():
    result = decide(counts([(5, 1), (1, 2), (3, 3)], (0, 9)))
    assert (result.winner, result.decided_by) == ("black", "sailors ashore")
    assert result.controllers == ("black", "white", None)


def test_second_tie_break_is_fewest_in_the_ocean():
    result = decide(counts([(5, 1), (1, 5)], (7, 3)))
    assert (result.winner, result.decided_by) == ("white", "fewest in the ocean")


def test_level_on_everything_is_a_draw():
    result = decide(counts([(5, 1), (1, 5), (2, 2)], (4, 4)))
    assert (result.winner, result.decided_by) == (None, "draw")


def test_the_rulebook_example_is_decided_on_sailors_ashore():
    result = decide(counts([(6, 4), (3, 5), (4, 4), (7, 2), (2, 6)], (9, 7)))
    assert result.held == {"black": 2, "white": 2}
    assert (result.winner, result.decided_by) == ("black", "sailors ashore")


def test_impossible_counts_are_reported():
    assert decide(counts([(1, 1)], (1, 1))).winner is None
    assert counts([(20, 0)], (11, 0)).problems() == [
        "31 black sailors counted, but a crew has only 30 dice (the rest were eaten)"]
    assert counts([(20, 0)], (11, 0)).problems(sailors_per_crew=40) == []
    assert "cannot be negative" in counts([(-1, 0)], (0, 0)).problems()[0]


pair = st.tuples(st.integers(0, 12), st.integers(0, 12))


@given(st.lists(pair, min_size=1, max_size=7), pair)
def test_swapping_the_crews_swaps_the_winner(islands, ocean):
    result = decide(counts(islands, ocean))
    mirror = decide(counts([(w, b) for b, w in islands], (ocean[1], ocean[0])))
    swap = {"black": "white", "white": "black", None: None}
    assert mirror.winner == swap[result.winner]
    assert mirror.decided_by == result.decided_by


@given(st.lists(pair, min_size=1, max_size=7), pair)
def test_the_deciding_rule_is_the_first_that_differs(islands, ocean):
    result = decide(counts(islands, ocean))
    stages = [(result.held, "islands"), (result.ashore, "sailors ashore"),
              (result.ocean, "fewest in the ocean")]
    for scores, rule in stages:
        if scores["black"] != scores["white"]:
            assert result.decided_by == rule
            best = max if rule != "fewest in the ocean" else min
            assert result.winner == best(scores, key=scores.__getitem__)
            return
    assert result.decided_by == "draw" and result.winner is None


@given(st.lists(pair, min_size=1, max_size=7), pair, st.integers(0, 5))
def test_one_more_sailor_on_an_island_never_hurts_that_crew(islands, ocean, which):
    index = which % len(islands)
    before = decide(counts(islands, ocean))
    b, w = islands[index]
    after = decide(counts(islands[:index] + [(b + 1, w)] + islands[index + 1:], ocean))
    rank = {"black": 2, None: 1, "white": 0}
    assert rank[after.winner] >= rank[before.winner]
