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


# ---- rolls_total against the roll-by-roll sum it replaced (each roll's options listed)

def listed_options(ok, lowest, doubles, spent_counts):
    """Each roll's option codes as reply_value lists them, roll by roll (the code of
    policies.roll_options before rolls_total weighed die values' groups), and the doubles'
    kinds: (options per roll r, is r a double)."""
    wrap = lambda v: (v - 1) % 6 + 1  # noqa: E731
    n = policies.N_ENTRIES
    rolls = []
    for w in range(1, 7):
        for b in range(1, 7):
            opts = []
            if w == b:
                blank = doubles[w - 1] == 0
                forced = blank or (doubles[w - 1] == 2 and not spent_counts)
                if ok[w]:
                    if not forced:
                        opts.append(policies.E_FREE + w - 1)
                    opts.append(policies.E_CURSED + w - 1)
                else:
                    opts.append(policies.E_PASS)
                rolls.append((opts, True))
                continue
            if ok[w] or ok[b]:
                opts += [policies.E_FREE + w - 1] if ok[w] else []
                opts += [policies.E_CURSED + b - 1] if ok[b] else []
            else:
                opts.append(policies.E_PASS)
            if lowest:
                for mw, mb in ((wrap(w + 1), b), (wrap(w - 1), b), (w, wrap(b + 1)),
                               (w, wrap(b - 1))):
                    if ok[mw] or ok[mb]:
                        opts += [n + policies.E_FREE + mw - 1] if ok[mw] else []
                        opts += [n + policies.E_CURSED + mb - 1] if ok[mb] else []
                    else:
                        opts.append(n + policies.E_PASS)
            rolls.append((opts, False))
    return rolls


def listed_total(rolls, opt_val, exact, shift):
    """reply_value's sum, roll by roll in its order (the first best option kept), and the
    inexact entries that are some roll's best with no exact entry equal to it."""
    n = policies.N_ENTRIES
    total = 0.0
    refine = set()
    for r, (opts, double) in enumerate(rolls):
        best = opt_val[opts[0]]
        for c in opts[1:]:
            if opt_val[c] > best:
                best = opt_val[c]
        total += best + shift[r // 7 + 1] if double else best
        at = {c - n if c >= n else c for c in opts if opt_val[c] == best}
        if not any(exact[e] for e in at):
            refine |= at
    return total / 36.0, refine


def test_rolls_total_is_the_roll_by_roll_sum():
    """Every float and every entry to refine as the listed options give them, on drawn
    option sets and values (drawn from a few numbers, so options tie often; spent values
    a rounded sum, as in the search)."""
    rng = np.random.default_rng(7)
    table = np.zeros(200, dtype=np.int64)
    n = policies.N_ENTRIES
    checked = set()
    for case in range(3000):
        ok = np.zeros(7, dtype=np.bool_)
        ok[1:] = rng.random(6) < rng.choice([0.2, 0.6, 0.9])
        doubles = rng.integers(0, 3, 6)
        spent_counts = bool(rng.integers(0, 2))
        table[fast.arrays.T_SPENT_COUNTS] = spent_counts
        state = np.zeros(fast.S_SIZE, dtype=np.int64)
        state[fast.S_DBL:fast.S_DBL + 6] = doubles
        lowest = int(next((d for d in range(1, 7) if doubles[d - 1] == 1), 0))
        pool = rng.normal(0.0, 10.0, 4) if case % 2 else rng.normal(0.0, 10.0, 40)
        values = rng.choice(pool, n)
        spend_shift = float(rng.choice([0.0, 1.5, -3.25, float(rng.normal())]))
        opt_val = np.concatenate([values, values + spend_shift])
        circle_shift = rng.normal(0.0, 2.0, 7)
        exact = rng.random(n) < rng.choice([0.0, 0.5, 1.0])
        facts = np.empty(policies.FACTS_SIZE, dtype=np.int64)
        shift = np.empty(7)
        policies.roll_options(table, state, ok, lowest, circle_shift, facts, shift)
        refine = np.zeros(n, dtype=np.bool_)
        total = policies.rolls_total(opt_val, exact, ok, facts, shift, np.empty(14),
                                     np.empty(14, dtype=np.int64), refine)
        rolls = listed_options(ok, lowest, doubles, spent_counts)
        want_shift = [circle_shift[d] if doubles[d - 1] == 0 else 0.0 for d in range(7)]
        want, want_refine = listed_total(rolls, opt_val, exact, want_shift)
        assert total == want, case
        assert set(np.flatnonzero(refine)) == want_refine, case
        checked.add((bool(lowest), len(want_refine) > 0, ok.sum()))
    assert len(checked) > 20  # spends, refines and placeable dice of every kind were drawn
