"""The engine contract on the toy game (Dice Nim): push/pop, illegal moves naming their rule,
`play` with logs written while playing, move text round trips."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.engine import CHANCE, GameState, IllegalMove, MoveLimit, Outcome, Player, play
from sheetgen.engine.dicenim import DiceNim, RandomPlayer, Roll, Take, TakeMost, parse_move
from sheetgen.engine.rng import SplitMix64, dice_stream, policy_stream


def test_the_toy_game_follows_the_protocols():
    assert isinstance(DiceNim(), GameState)
    assert isinstance(TakeMost(), Player) and isinstance(RandomPlayer(), Player)


def test_to_move_is_chance_then_the_seat_then_none():
    state = DiceNim(1)
    assert state.to_move() == CHANCE
    state.push(Roll(3))
    assert state.to_move() == 0
    state.push(Take(1))
    assert state.to_move() is None
    assert state.outcome() == Outcome("last stone", (0,))


def test_an_illegal_move_names_its_rule_and_changes_nothing():
    state = DiceNim(5)
    with pytest.raises(IllegalMove) as err:
        state.push(Take(1))  # nothing rolled yet
    assert err.value.rule == "DN2"
    state.push(Roll(2))
    with pytest.raises(IllegalMove) as err:
        state.push(Take(3))
    assert err.value.rule == "DN3" and str(err.value).endswith("(DN3)")
    assert (state.stones, state.rolled, state.to_move()) == (5, 2, 0)


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(0, 2**64 - 1))
def test_pop_undoes_every_push(stones, seed):
    """Play a random game, then pop back to the start: every intermediate state returns."""
    state, rng = DiceNim(stones), SplitMix64(seed)
    seen = []
    while state.to_move() is not None:
        seen.append((state.stones, state.seat, state.rolled))
        move = rng.choice(state.legal_moves())
        state.push(move)
    while seen:
        state.pop()
        assert (state.stones, state.seat, state.rolled) == seen.pop()


@settings(max_examples=60, deadline=None)
@given(st.integers(1, 30), st.integers(0, 2**64 - 1))
def test_play_ends_with_the_last_taker_winning_and_records_each_move(stones, seed):
    state = DiceNim(stones)
    made = []
    outcome = play(state, [TakeMost(), RandomPlayer()], dice_stream(seed),
                   on_move=lambda seat, move: made.append((seat, move)),
                   player_rng=policy_stream(seed))
    assert state.to_move() is None and outcome == state.outcome()
    assert sum(m.n for _, m in made if isinstance(m, Take)) == stones
    assert [s for s, m in made if isinstance(m, Roll)] == [CHANCE] * len(
        [m for _, m in made if isinstance(m, Roll)])
    last_seat = [s for s, m in made if isinstance(m, Take)][-1]
    assert outcome.winners == (last_seat,)
    assert all(parse_move(str(m)) == m for _, m in made)


def test_dice_do_not_depend_on_the_players_with_a_separate_player_stream():
    """Common random numbers: the same seed gives the same rolls whoever plays (as long as
    the games last as long)."""
    def rolls(players):
        made = []
        play(DiceNim(40), players, dice_stream(9), lambda s, m: made.append(m),
             player_rng=policy_stream(9))
        return [m for m in made if isinstance(m, Roll)]

    a, b = rolls([TakeMost(), TakeMost()]), rolls([RandomPlayer(), RandomPlayer()])
    n = min(len(a), len(b))
    assert a[:n] == b[:n] and n > 3


def test_play_stops_at_a_move_limit():
    state = DiceNim(100)
    with pytest.raises(MoveLimit):
        play(state, [TakeMost(), TakeMost()], SplitMix64(1), max_moves=5)
    assert len(state.history) == 5


def test_bad_move_text_does_not_parse():
    for text in ("", "roll", "take x", "fly 3"):
        with pytest.raises(ValueError):
            parse_move(text)


def test_importing_the_engine_loads_no_numpy():
    code = ("import sys, sheetgen.engine, sheetgen.engine.gamelog, sheetgen.engine.runner; "
            "print('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "False"
