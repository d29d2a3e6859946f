"""Captain's Curse on the shared engine contract: `engine.play` drives the referee with the
bundled players to the same games as the fast path; moves print and parse; an illegal move
names its rule; `simulate --log-dir` plays each game once and its figures equal a run
without logs."""

from __future__ import annotations

import json

import pytest
from cc_helpers import ISLANDS
from hypothesis import given, settings
from hypothesis import strategies as st

from sheetgen.cli import main
from sheetgen.engine import CHANCE, GameState, IllegalMove, play
from sheetgen.engine.gamelog import MoveRecorder
from sheetgen.games.captains_curse.players import make_player
from sheetgen.games.captains_curse.rng import dice_stream, game_seed
from sheetgen.games.captains_curse.simulate import play_game_turns
from sheetgen.games.captains_curse.state import GameState as CCState
from sheetgen.games.captains_curse.state import Place, Roll, parse_move


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_engine_play_gives_the_fast_paths_game(roomy, ruleset, policy):
    for i in range(4):
        seed = game_seed(11, i)
        state = CCState(roomy, ruleset)
        recorder = MoveRecorder()
        outcome = play(state, [make_player(policy, seed)], dice_stream(seed), recorder)
        result, turns = play_game_turns(roomy, ruleset, policy, seed)
        assert state.turns == turns
        assert outcome.scores == (float(result.score),)
        assert outcome.winners == ((0,) if result.won else ())
        assert sum(m.startswith("roll") for m in recorder.moves) == len(turns)


def test_the_state_follows_the_protocol(roomy, ruleset):
    state = CCState(roomy, ruleset)
    assert isinstance(state, GameState)
    assert state.to_move() == CHANCE and state.outcome() is None
    state.push(Roll(2, 5))
    assert state.to_move() == 0
    with pytest.raises(IllegalMove) as err:
        state.push(Roll(1, 1))
    assert err.value.rule == "R6" and "(R6-R8)" in str(err.value)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32))
def test_every_legal_move_prints_and_parses_back(cramped, ruleset, seed):
    # The island comes from the session fixture: read from its YAML for each of the 40
    # examples, it cost 10 of the test's 13 s of CPU.
    state = CCState(cramped, ruleset)
    dice = dice_stream(seed)
    player = make_player("random", seed)
    for _ in range(30):
        if state.to_move() is None:
            break
        for move in state.legal_moves():
            assert parse_move(str(move)) == move == type(move).parse(str(move))
        state.push(state.sample_chance(dice) if state.to_move() == CHANCE
                   else player.choose(state))


def test_bad_move_text():
    for text in ("", "roll 1", "place green 2", "place white", "loot x",
                 "place black 2 modify white +2 spend 1"):
        with pytest.raises(ValueError):
            parse_move(text)
    with pytest.raises(ValueError):
        Place.parse("roll 1 2")


def test_simulate_with_logs_plays_once_and_reports_the_same(runner, tmp_path):
    args = ["captains-curse", "simulate", str(ISLANDS / "roomy.yaml"), "--policy", "greedy",
            "-n", "20", "--seed", "5", "--json"]
    plain = json.loads(runner.invoke(main, args).stdout)
    logged = runner.invoke(main, [*args, "--log-dir", str(tmp_path / "logs"), "--jobs", "2"])
    assert logged.exit_code == 0, logged.output
    assert json.loads(logged.stdout) == plain
    logs = sorted((tmp_path / "logs").glob("*.json"))
    assert len(logs) == 20
    assert json.loads(logs[3].read_text())["seed"] == game_seed(5, 3)
