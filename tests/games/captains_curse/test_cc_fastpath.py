"""The compiled fast path and the referee agree move by move.

- random: the pure-Python RandomPlayer walks the referee's own legal_moves() with the same
  stream; the games must be identical turn for turn (this checks legal-move generation and
  its order against an implementation that shares no code with it).
- every policy: at each die decision, the fast path's count of legal placements equals the
  referee's, every move is legal for the referee, and the final results are equal.
"""

from __future__ import annotations

import numpy as np
import pytest

from sheetgen.games.captains_curse import fast
from sheetgen.games.captains_curse.players import (
    get_policy,
    make_player,
    play_turns,
    table_for,
)
from sheetgen.games.captains_curse.rng import dice_stream, game_seed
from sheetgen.games.captains_curse.ruleset import Ruleset
from sheetgen.games.captains_curse.state import GameState, Phase, Roll


def referee_game(island, ruleset, policy, seed):
    """Play through the referee with the Python-side player; (turns, result, n_legal)."""
    state = GameState(island, ruleset)
    player = make_player(policy, seed)
    dice = dice_stream(seed)
    n_legal = []
    while not state.is_over():
        if state.phase == Phase.CHANCE:
            r = dice.randrange(36)
            state.push(Roll(r // 6 + 1, r % 6 + 1))
            continue
        if state.phase == Phase.PLACE:
            n_legal.append(len(state.legal_moves()))
        state.push(player.choose(state))
    return state.turns, state.result(), n_legal


def fast_game(island, ruleset, policy, seed):
    tab = table_for(island, ruleset)
    st = np.empty(fast.S_SIZE, dtype=np.int64)
    rec = np.empty((fast.MAX_TURNS, fast.R_SIZE), dtype=np.int64)
    n = fast.play(tab, get_policy(policy).id, np.uint64(seed), fast.DEFAULT_PARAMS, st, rec)
    return [int(x) for x in rec[:n, fast.R_NPLACE]]


@pytest.mark.parametrize("policy,games", [("random", 60), ("greedy", 30), ("expert", 6)])
def test_fast_and_referee_agree(island, ruleset, policy, games):
    for i in range(games):
        seed = game_seed(2024, i)
        result, turns = play_turns(island, ruleset, get_policy(policy), seed)
        ref_turns, ref_result, ref_legal = referee_game(island, ruleset, policy, seed)
        assert turns == ref_turns, (policy, i)
        assert result == ref_result
        assert fast_game(island, ruleset, policy, seed) == ref_legal


@pytest.mark.parametrize("options", [
    {"spent_doubles_count_as_circled": False},
    {"unfinished_columns_score": False},
])
def test_agreement_under_the_rule_options(roomy, options):
    rules = Ruleset(**options)
    for policy, games in (("random", 40), ("greedy", 15)):
        for i in range(games):
            seed = game_seed(7, i)
            result, turns = play_turns(roomy, rules, get_policy(policy), seed)
            ref_turns, ref_result, _ = referee_game(roomy, rules, policy, seed)
            assert turns == ref_turns and result == ref_result


def test_policies_are_ordered_by_strength(cramped, ruleset):
    """A smoke check (the real figures are in the benchmark): random < greedy."""
    from sheetgen.games.captains_curse.simulate import simulate
    rnd = simulate(cramped, ruleset, "random", 200, seed=3)
    greedy = simulate(cramped, ruleset, "greedy", 200, seed=3)
    assert rnd.mean_score + 30 < greedy.mean_score
    assert greedy.win_rate_ci[0] > rnd.win_rate_ci[1]
