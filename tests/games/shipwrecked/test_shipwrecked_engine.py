"""The Shipwrecked! whole-game engine: one test per rule id (rules.RULES), the contract
(push/pop, chance outcomes, moves that print and parse), properties with hypothesis, and
the batch simulator checked against the engine move by move."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.engine.contract import CHANCE, IllegalMove, play
from sheetgen.engine.rng import SplitMix64
from sheetgen.games.shipwrecked import batch
from sheetgen.games.shipwrecked.policies import POLICIES, Player
from sheetgen.games.shipwrecked.rules import RULES, GrabModel
from sheetgen.games.shipwrecked.scoring import DECIDED_BY, counts, decide
from sheetgen.games.shipwrecked.state import (
    Chase,
    GameState,
    Hands,
    Phase,
    Roll,
    Splash,
    Swim,
    parse_move,
)


def table(ocean: tuple[list[int], list[int]] = ([5] * 6, [5] * 6)) -> GameState:
    """A game at its first island choice with the ocean given by face counts (black,
    white); sailors not in the ocean count as eaten, so the dice add up."""
    state = GameState()
    state.ocean = [list(ocean[0]), list(ocean[1])]
    state.eaten = [30 - sum(ocean[0]), 30 - sum(ocean[1])]
    state.queue = [0, 0]
    state._start_roll()
    assert state.conserved()
    return state


def turn(state: GameState, islands=(0, 1), roll=(6, 2), chase=("own", "own")) -> None:
    state.push(Swim(islands[0]))
    state.push(Swim(islands[1]))
    state.push(Roll(*roll))
    state.push(Chase(chase[0]))
    state.push(Chase(chase[1]))


def test_every_rule_cites_the_source_or_says_it_is_a_model():
    for rule in RULES.values():
        assert rule.lines == "model" or all(
            part.strip().replace("-", "").isdigit() for part in rule.lines.split(","))


def test_setup_lands_sixty_sailors_black_first_then_the_first_roll():  # SW-SETUP
    state = GameState()
    assert state.to_move() == CHANCE
    assert [str(m) for m in state.legal_moves()] == [f"splash B{f}" for f in range(1, 7)]
    with pytest.raises(IllegalMove) as err:
        state.push(Splash(1, 3))
    assert err.value.rule == "SW-SPLASH"
    for i in range(60):
        state.push(Splash(0 if i < 30 else 1, 1 + i % 6))
    assert state.phase == Phase.ISLAND and state.to_move() == 0
    assert sum(state.ocean[0]) == sum(state.ocean[1]) == 30


def test_active_player_names_first_then_the_other_and_both_may_share():  # SW-ISLAND
    state = table()
    assert state.to_move() == 0
    state.push(Swim(2))
    assert state.to_move() == 1
    state.push(Swim(2))
    assert state.to_move() == CHANCE and state.named == [2, 2]
    state.pop()
    with pytest.raises(IllegalMove) as err:
        state.push(Swim(5))
    assert err.value.rule == "SW-ISLAND"


def test_moves_come_in_order():  # SW-ORDER
    state = table()
    with pytest.raises(IllegalMove) as err:
        state.push(Roll(1, 2))
    assert err.value.rule == "SW-ORDER"
    assert state.to_move() == 0  # nothing changed


def test_captains_name_the_matching_pools():  # SW-ROLL
    state = table(([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1]))
    turn(state, roll=(6, 2))
    assert state.pools() == (6, 5)  # black 6s and white 2s


def test_every_match_is_grabbed_never_more():  # SW-GRAB
    state = table()
    turn(state)
    for bad in (Hands((3, 2), (3, 2)), Hands((4, 5), (0, 0)), Hands((6, 0), (-1, 5))):
        with pytest.raises(IllegalMove) as err:
            state.push(bad)
        assert err.value.rule == "SW-GRAB"
    state.push(Hands((5, 0), (0, 5)))


def test_the_race_gives_the_other_colour_only_once_the_first_is_gone():  # SW-RACE
    state = table()
    turn(state, chase=("own", "own"))  # black chases black, white chases white
    with pytest.raises(IllegalMove) as err:
        state.push(Hands((4, 1), (1, 4)))  # black took a white before all blacks were gone
    assert err.value.rule == "SW-RACE"
    state.push(Hands((5, 2), (0, 3)))  # all 5 blacks, then 2 whites: a possible race
    state.pop()
    outcomes = state.chance_outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    assert len(outcomes) == 11  # one per number of grabs black made, 0..10


def test_same_colour_chased_splits_each_colour_on_its_own():
    state = table()
    turn(state, chase=("theirs", "own"))  # both chase white
    state.push(Hands((4, 1), (1, 4)))  # any split is a possible race
    state.pop()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 36 and math.isclose(sum(p for _, p in outcomes), 1.0)


def test_grab_share_follows_speed_and_wrong_grabs():
    assert GrabModel().share == 0.5
    assert math.isclose(GrabModel((2.0, 1.0), (0.0, 0.0)).share, 2 / 3)
    assert math.isclose(GrabModel((1.0, 1.0), (0.5, 0.0)).share, 1 / 3)


def test_own_colour_lands_on_the_named_island_the_other_is_rerolled():  # SW-LAND, SW-SPLASH
    state = table()
    turn(state, islands=(3, 1))
    state.push(Hands((5, 1), (0, 4)))
    assert state.shore[3] == [5, 0] and state.shore[1] == [0, 4]
    assert state.queue == [0, 1]  # the white 2 black picked up goes back in
    assert state.ocean[0][5] == 0 and state.ocean[1][1] == 0
    assert state.to_move() == CHANCE and [str(m) for m in state.legal_moves()][0] == "splash W1"
    state.push(Splash(1, 2))
    assert state.ocean[1][1] == 1 and state.conserved()


def test_captain_dice_pass_after_every_roll():  # SW-PASS
    state = table()
    turn(state)
    state.push(Hands((5, 0), (0, 5)))
    assert state.phase == Phase.ISLAND and state.to_move() == 1 and state.active == 1


def test_sharks_eat_opponents_return_own_and_stir_the_ocean():  # SW-SHARK
    state = table()
    turn(state, roll=(4, 4), chase=("theirs", "own"))
    state.push(Hands((2, 3), (3, 2)))
    assert state.eaten == [3, 3]  # white ate 3 blacks, black ate 3 whites
    assert state.shore == [[0, 0]] * 5  # nobody lands
    assert state.sharks == 1
    assert state.queue == [27, 27]  # every die still in the ocean, own ones included
    assert sum(map(sum, state.ocean)) == 0 and state.conserved()


def test_the_game_ends_on_the_third_doubles_without_stirring():  # SW-END
    state = table()
    state.sharks = 2
    turn(state, roll=(1, 1))
    state.push(Hands((5, 0), (0, 5)))
    assert state.to_move() is None and state.phase == Phase.OVER
    assert state.ocean[0][0] == 5 and state.ocean[1][0] == 5  # own sailors are back
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == "third sharks"
    with pytest.raises(IllegalMove) as err:
        state.push(Swim(0))
    assert err.value.rule == "SW-END"


def test_outcome_is_scoring_decide_with_the_tiebreak():  # SW-WIN
    state = table()
    state.sharks = 2
    state.shore = [[3, 1], [1, 3], [0, 0], [0, 0], [0, 0]]
    turn(state, roll=(2, 2))
    state.push(Hands((0, 0), (5, 5)))  # white eats five blacks: black has fewer afloat
    outcome = state.outcome()
    assert outcome.winners == (0,) and outcome.tiebreak == "fewest in the ocean"
    assert outcome.scores == (1.0, 1.0)


def test_hands_probabilities_are_binomial():
    state = table()
    turn(state)
    probs = {str(m): p for m, p in state.chance_outcomes()}
    assert math.isclose(probs["hands B5W0 B0W5"], math.comb(10, 5) / 2 ** 10)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32), a=st.sampled_from(sorted(POLICIES)),
       b=st.sampled_from(sorted(POLICIES)),
       speed=st.floats(0.2, 5), fumble=st.floats(0, 0.5))
def test_dice_are_conserved_and_pop_undoes_everything(seed, a, b, speed, fumble):
    state = GameState(GrabModel((speed, 1.0), (fumble, 0.0)))
    made = []

    def check(seat, move):
        made.append(move)
        assert state.conserved()
        assert min(min(row) for row in state.ocean) >= 0
        assert min(min(row) for row in state.shore) >= 0
        assert str(parse_move(str(move))) == str(move)

    outcome = play(state, [Player(a), Player(b)], SplitMix64(seed), check)
    assert state.rolls >= 3 and outcome.termination == "third sharks"
    assert sum(state.eaten) + sum(map(sum, state.shore)) + sum(map(sum, state.ocean)) == 60
    while made:
        assert state.pop() == made.pop()
    assert state.phase == Phase.SPLASH and state.queue == [30, 30]
    assert sum(map(sum, state.ocean)) == 0


@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=6),
       st.integers(0, 20), st.integers(0, 20))
def test_batch_decide_is_scoring_decide(islands, ocean_b, ocean_w):
    shore = np.array([islands])
    ocean = np.array([[[ocean_b, 0, 0, 0, 0, 0], [ocean_w, 0, 0, 0, 0, 0]]])
    winner, decided, held = batch.decide(shore, ocean)
    result = decide(counts(islands, (ocean_b, ocean_w)))
    assert DECIDED_BY[decided[0]] == result.decided_by
    assert {-1: None, 0: "black", 1: "white"}[int(winner[0])] == result.winner
    assert list(held[0]) == [result.held["black"], result.held["white"]]


@pytest.mark.parametrize("seats", [("greedy", "deny"), ("concentrate", "contest"),
                                   ("spread", "greedy"), ("contest", "concentrate")])
def test_batch_games_replay_in_the_engine_decision_by_decision(seats):
    """The batch simulator and the engine are two implementations of the same model: every
    batch game's moves are legal in the engine, each decision is the engine policy's own,
    and the outcome and length agree."""
    logs = {}
    grab = GrabModel((1.3, 1.0), (0.1, 0.02))
    result = batch.play_batch(30, 11, seats, grab,
                              on_game=lambda g, moves, outcome: logs.update(
                                  {g: (list(moves), outcome)}))
    assert sorted(logs) == list(range(30))
    for g, (moves, outcome) in logs.items():
        state = GameState(grab)
        for text in moves:
            move = parse_move(text)
            seat = state.to_move()
            if seat != CHANCE:
                assert POLICIES[seats[seat]].choose(state) == move, (g, text)
            state.push(move)
            assert state.conserved()
        assert state.outcome() == outcome
        assert state.rolls == result.rolls[g]
        assert tuple(result.held[g]) == tuple(int(s) for s in outcome.scores)


def test_batch_is_reproducible_by_seed():
    a = batch.play_batch(200, 5, ("greedy", "spread"))
    b = batch.play_batch(200, 5, ("greedy", "spread"))
    c = batch.play_batch(200, 6, ("greedy", "spread"))
    assert (a.rolls == b.rolls).all() and (a.winner == b.winner).all()
    assert not (a.rolls == c.rolls).all()


def test_a_faster_side_wins_more():
    fast = batch.play_batch(2000, 3, ("spread", "spread"), GrabModel((3.0, 1.0), (0, 0)))
    assert (fast.winner == 0).mean() > 0.65
