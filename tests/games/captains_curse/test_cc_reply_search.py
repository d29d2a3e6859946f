"""The expert's lazy leaf search keeps reply_value's number bit for bit.

`reply_search` (and its two halves `reply_start` / `reply_resume`, which the expert's
best-first candidate search runs apart) bounds replies instead of valuing them all. The
expert's moves depend on two claims its docstring makes, checked here on positions of real
games (greedy's, on a hand-made and a generated island): a search that finishes returns
exactly `reply_value` (the same float, not a close one), and a search cut off by a bar
returns an upper bound of it that is below the bar (or equal to it when ties lose).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from sheetgen.games.captains_curse import fast
from sheetgen.games.captains_curse.fast import policies, rules
from sheetgen.games.captains_curse.fast.arrays import T_LINES
from sheetgen.games.captains_curse.island import load_island
from sheetgen.games.captains_curse.players import table_for
from sheetgen.games.captains_curse.rng import game_seed

GREEDY = fast.POLICY_IDS["greedy"]


def positions(table: np.ndarray, games: int) -> list[np.ndarray]:
    """The position after every turn of `games` greedy games (the kind the expert values)."""
    found = []
    params = fast.DEFAULT_PARAMS
    moves = np.empty((fast.MAX_PLACEMENTS, fast.M_SIZE), dtype=np.int64)
    for g in range(games):
        need = fast.new_work()
        dice = np.array([game_seed(11, g)], dtype=np.uint64)
        policy_rng = dice.copy()
        state = np.zeros(fast.S_SIZE, dtype=np.int64)
        for _ in range(fast.MAX_TURNS):
            r = int(fast.primitives.draw(dice, 36))
            w, b = r // 6 + 1, r % 6 + 1
            circled = 0
            if w == b and state[fast.S_DBL + w - 1] == 0:
                state[fast.S_DBL + w - 1] = 1
                circled = w
            n = fast.enum_placements(table, state, w, b, circled, moves)
            i = fast.choose_placement(table, state, moves, n, GREEDY, policy_rng, params, need)
            rules.apply_placement(table, state, moves, i)
            if moves[i, fast.M_TAKE] != fast.TAKE_PASS:
                c = moves[i, fast.M_COLUMN]
                rules.apply_loot(table, state, c, fast.choose_loot(table, state, c, GREEDY,
                                                                    policy_rng))
            if moves[i, fast.M_TAKE] != fast.TAKE_WHITE:
                line = fast.choose_sink(table, state, GREEDY, policy_rng, params, need)
                if line >= 0:
                    state[fast.S_SUNK] |= table[T_LINES + line]
            found.append(state.copy())
            if fast.termination(table, state):
                break
    return found


@pytest.fixture(params=["roomy", "generated-3"])
def searched(request):
    """(table, positions) of an island."""
    if request.param == "roomy":
        island = request.getfixturevalue("roomy")
    else:
        island = load_island(Path(__file__).parent / "decisions" / f"{request.param}.yaml")
    table = table_for(island, request.getfixturevalue("ruleset"))
    return table, positions(table, 6)


def test_reply_search_is_reply_value_or_a_bound(searched):
    table, states = searched
    params = fast.DEFAULT_PARAMS
    need = fast.new_work()
    moves = np.zeros((2, fast.M_SIZE), dtype=np.int64)
    scratch = np.empty(fast.S_SIZE, dtype=np.int64)
    out = np.zeros(2, dtype=np.int64)
    work = policies.search_work(table)
    cut = 0
    for state in states:
        exact = policies.reply_value(table, state, params, need, moves, scratch, out)
        v, known = policies.reply_search(table, state, params, need, -1.0e18, False, work,
                                         moves, scratch, out)
        assert known and v == exact
        v, known = policies.reply_search(table, state, params, need, exact - 0.5, True, work,
                                         moves, scratch, out)
        assert known and v == exact  # a bar below the value never cuts the search
        for bar, ties_lose in ((exact + 0.5, False), (exact, True), (exact, False)):
            v, known = policies.reply_search(table, state, params, need, bar, ties_lose,
                                             work, moves, scratch, out)
            if known:
                assert v == exact
            else:
                cut += 1
                assert exact <= v and (v < bar or (ties_lose and v == bar))
        # started, then resumed against a bar known only later: the same number
        total, done = policies.reply_start(table, state, params, need, work, moves, scratch,
                                           out)
        if not done:
            assert total >= exact
            total, done = policies.reply_resume(table, state, params, need, -1.0e18, False,
                                                work, moves, scratch, out)
        assert done and total == exact
    assert cut > 0  # the bars above did cut some searches short
