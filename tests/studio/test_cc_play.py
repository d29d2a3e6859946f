"""A browser game is refereed by GameState: only legal moves, seeded dice, a replayable log."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.games.captains_curse.gamelog import replay
from sheetgen.games.captains_curse.island import island_from_dict
from sheetgen.games.captains_curse.islands.generate import generate_island
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.studio.play import BrowserGame


@pytest.fixture(scope="module")
def island():
    return island_from_dict(generate_island(7).data)


def play_out(game: BrowserGame, pick) -> None:
    while True:
        view = game.view()
        if view["phase"] == "over":
            return
        if view["phase"] == "roll":
            game.roll()
        else:
            game.choose(pick(view["moves"])["index"])


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choice_seed=st.integers(0, 2**32))
def test_any_sequence_of_offered_moves_gives_a_log_replay_accepts(island, seed, choice_seed):
    rng = random.Random(choice_seed)
    game = BrowserGame(island, Ruleset(), seed)
    play_out(game, rng.choice)
    report = replay(game.log())
    assert report.ok, report.describe()
    assert game.view()["result"] == game.state.result().to_dict()


def test_the_same_seed_gives_the_same_dice(island):
    a, b = BrowserGame(island, Ruleset(), 99), BrowserGame(island, Ruleset(), 99)
    assert [a.roll() for _ in range(1)] == [b.roll() for _ in range(1)]


def test_a_move_outside_the_offered_list_is_refused(island):
    game = BrowserGame(island, Ruleset(), 5)
    with pytest.raises(ValueError, match="roll the dice"):
        game.choose(0)
    game.roll()
    n = len(game.view()["moves"])
    with pytest.raises(ValueError, match="not one of the"):
        game.choose(n)
    with pytest.raises(ValueError, match="only at the start of a turn"):
        game.roll()


def test_place_moves_name_the_grid_cell_to_click(island):
    game = BrowserGame(island, Ruleset(), 11)
    game.roll()
    view = game.view()
    places = [m for m in view["moves"] if m["kind"] == "place"]
    assert places
    for m in places:
        assert 0 <= m["column"] < 6 and 1 <= m["value"] <= 6
        assert m["take"] in ("white", "black")


def test_the_turn_shown_at_game_over_is_the_log_count(island):
    """A user saw turn 22 at the end of a 21-turn game: the finished game shows the log's."""
    game = BrowserGame(island, Ruleset(), 21)
    seen = []

    def first(moves):
        seen.append(game.view()["turn"])
        return moves[0]

    play_out(game, first)
    turns = len(game.log()["turns"])
    assert game.view()["turn"] == turns
    assert max(seen) == turns  # the last turn played is numbered as the log numbers it
